// RUN: %ompx opt %s --split-input-file --verify-diagnostics --ompx-acc-to-omp | FileCheck %s
// RUN: %lspq %s 'hover:%1 = |acc.getdeviceptr' | FileCheck %s --check-prefix=HOVER
//
// OpenMP has no attach count apart from the reference count: acc-to-omp
// lowers `exit data detach(p)` to a release of p's map entry. That is a
// detach only after `enter data attach(p)`. After `enter data copyin(p)`
// (whose attach the detach undoes) it released the data itself, so a later
// `exit data copyout(p)` copied nothing back: refused by name, in hover too.

// HOVER: Not lowered by acc-to-omp yet (`detach(b%p)` without an `enter data attach` of it in this procedure

!box = !fir.box<!fir.ptr<!fir.array<?xf64>>>
func.func @after_copyin(%p: !fir.ref<!box>) {
  %0 = acc.copyin varPtr(%p : !fir.ref<!box>) -> !fir.ref<!box> {name = "b%p", structured = false}
  acc.enter_data dataOperands(%0 : !fir.ref<!box>)
  // expected-error @+1 {{exit data detach(b%p) without an enter data attach of it in this procedure is not lowered}}
  %1 = acc.getdeviceptr varPtr(%p : !fir.ref<!box>) -> !fir.ref<!box> {dataClause = #acc<data_clause acc_detach>, name = "b%p", structured = false}
  acc.exit_data dataOperands(%1 : !fir.ref<!box>)
  acc.detach accPtr(%1 : !fir.ref<!box>) {name = "b%p", structured = false}
  %2 = acc.getdeviceptr varPtr(%p : !fir.ref<!box>) -> !fir.ref<!box> {dataClause = #acc<data_clause acc_copyout>, name = "b%p", structured = false}
  acc.exit_data dataOperands(%2 : !fir.ref<!box>)
  acc.copyout accPtr(%2 : !fir.ref<!box>) to varPtr(%p : !fir.ref<!box>) {name = "b%p", structured = false}
  return
}

// -----

// Paired with an enter data attach: the release undoes that attach's
// reference.
!box = !fir.box<!fir.ptr<!fir.array<?xf64>>>
// CHECK-LABEL: func.func @paired
// CHECK: omp.map.info {{.*}} map_clauses(present, storage) {{.*}} {name = "b%p"}
// CHECK: omp.target_enter_data
// CHECK: omp.map.info {{.*}} map_clauses(storage) {{.*}} {name = "b%p"}
// CHECK: omp.target_exit_data
func.func @paired(%p: !fir.ref<!box>) {
  %0 = acc.attach varPtr(%p : !fir.ref<!box>) -> !fir.ref<!box> {name = "b%p", structured = false}
  acc.enter_data dataOperands(%0 : !fir.ref<!box>)
  %1 = acc.getdeviceptr varPtr(%p : !fir.ref<!box>) -> !fir.ref<!box> {dataClause = #acc<data_clause acc_detach>, name = "b%p", structured = false}
  acc.exit_data dataOperands(%1 : !fir.ref<!box>)
  acc.detach accPtr(%1 : !fir.ref<!box>) {name = "b%p", structured = false}
  return
}
