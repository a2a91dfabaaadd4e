// RUN: %ompx opt %s --ompx-record-maps --split-input-file --verify-diagnostics | FileCheck %s
//
// flang-22's implicit map of a derived type with an allocatable component
// is partial_map: only its members' span was mapped. It is mapped in full;
// an explicit member map stays partial.

!rec = !fir.type<_QTholder{n:i32,a:!fir.box<!fir.heap<!fir.array<?xf32>>>}>
!box = !fir.box<!fir.heap<!fir.array<?xf32>>>
// CHECK-LABEL: func.func @implicit
func.func @implicit(%h: !fir.ref<!rec>, %d: !fir.ref<!box>) {
  // CHECK: omp.map.info {{.*}}{name = "h.a.implicit_map"}
  %m = omp.map.info var_ptr(%d : !fir.ref<!box>, !box) map_clauses(always, implicit, to) capture(ByRef) -> !fir.ref<!box> {name = "h.a.implicit_map"}
  // CHECK: omp.map.info {{.*}}members({{.*}}) -> !fir.ref<{{.*}}> {name = "h"}
  %p = omp.map.info var_ptr(%h : !fir.ref<!rec>, !rec) map_clauses(implicit, tofrom) capture(ByRef) members(%m : [1] : !fir.ref<!box>) -> !fir.ref<!rec> {name = "h", partial_map = true}
  // CHECK: omp.map.info {{.*}}{name = "e", partial_map = true}
  %e = omp.map.info var_ptr(%h : !fir.ref<!rec>, !rec) map_clauses(tofrom) capture(ByRef) members(%m : [1] : !fir.ref<!box>) -> !fir.ref<!rec> {name = "e", partial_map = true}
  omp.target map_entries(%p -> %a0, %m -> %a1, %e -> %a2 : !fir.ref<!rec>, !fir.ref<!box>, !fir.ref<!rec>) {
    omp.terminator
  }
  return
}

// -----

// Under requires unified_shared_memory, flang-22 maps the descriptor close.
!rec = !fir.type<_QTholder{n:i32,a:!fir.box<!fir.heap<!fir.array<?xf32>>>}>
!box = !fir.box<!fir.heap<!fir.array<?xf32>>>
module attributes {omp.requires = #omp<clause_requires unified_shared_memory>} {
  func.func @usm(%h: !fir.ref<!rec>, %d: !fir.ref<!box>) {
    %m = omp.map.info var_ptr(%d : !fir.ref<!box>, !box) map_clauses(always, implicit, close, to) capture(ByRef) -> !fir.ref<!box> {name = "h.a.implicit_map"}
    %p = omp.map.info var_ptr(%h : !fir.ref<!rec>, !rec) map_clauses(implicit, tofrom) capture(ByRef) members(%m : [1] : !fir.ref<!box>) -> !fir.ref<!rec> {name = "h", partial_map = true}
    // expected-error @below {{requires unified_shared_memory: the map of derived type 'h' with allocatable components is wrong under LLVM 22}}
    omp.target map_entries(%p -> %a0, %m -> %a1 : !fir.ref<!rec>, !fir.ref<!box>) {
      omp.terminator
    }
    return
  }
}
