// RUN: %ompx opt %s --split-input-file --verify-diagnostics --ompx-acc-to-omp | FileCheck %s
//
// OpenACC becomes OpenMP offload: compute constructs are omp.target
// regions whose map entries come from the data clauses (structured ones
// with ompx_hold), a parallel loop is the SPMD teams/distribute/wsloop nest
// with its bounds evaluated on the host, privates are per-iteration
// locals, and the standalone data constructs become target data ops.

// CHECK-LABEL: func.func @_QPserial(
// CHECK-SAME: %[[A:.*]]: !fir.ref<f32>
// CHECK: %[[M:.*]] = omp.map.info var_ptr(%[[A]] : !fir.ref<f32>, f32) map_clauses(ompx_hold, tofrom) capture(ByRef) -> !fir.ref<f32> {name = "a"}
// CHECK-NEXT: omp.target map_entries(%[[M]] -> %[[ARG:.*]] : !fir.ref<f32>) {
// CHECK-NOT: omp.teams
// CHECK: %[[V:.*]] = fir.load %[[ARG]] : !fir.ref<f32>
// CHECK: fir.store %{{.*}} to %[[ARG]] : !fir.ref<f32>
// CHECK-NEXT: omp.terminator
// CHECK-NOT: acc.
acc.private.recipe @privatization_ref_i32 : !fir.ref<i32> init {
^bb0(%arg0: !fir.ref<i32>):
  %0 = fir.alloca i32
  acc.yield %0 : !fir.ref<i32>
}
func.func @_QPserial(%a: !fir.ref<f32>) {
  %0 = acc.copyin varPtr(%a : !fir.ref<f32>) -> !fir.ref<f32> {dataClause = #acc<data_clause acc_copy>, name = "a"}
  acc.serial dataOperands(%0 : !fir.ref<f32>) {
    %v = fir.load %0 : !fir.ref<f32>
    %two = arith.constant 2.0 : f32
    %r = arith.mulf %v, %two : f32
    fir.store %r to %0 : !fir.ref<f32>
    acc.yield
  }
  acc.copyout accPtr(%0 : !fir.ref<f32>) to varPtr(%a : !fir.ref<f32>) {dataClause = #acc<data_clause acc_copy>, name = "a"}
  return
}

// -----

// CHECK-LABEL: func.func @_QPscale(
// CHECK-SAME: %[[X:.*]]: !fir.ref<!fir.array<100xf32>>, %[[N:.*]]: !fir.ref<i32>
// CHECK: %[[MX:.*]] = omp.map.info var_ptr(%[[X]] : {{.*}}) map_clauses(ompx_hold, tofrom) capture(ByRef) {{.*}} {name = "x"}
// CHECK: %[[MN:.*]] = omp.map.info var_ptr(%[[N]] : !fir.ref<i32>, i32) map_clauses(to) capture(ByCopy) {{.*}} {name = "n"}
// CHECK: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK: %[[UB:.*]] = fir.load %[[N]] : !fir.ref<i32>
// CHECK: omp.target host_eval(%[[ONE]] -> %[[LB_:.*]], %[[UB]] -> %[[UB_:.*]], %[[ONE]] -> %[[ST_:.*]] : i32, i32, i32) map_entries(%[[MX]] -> %[[XA:.*]], %[[MN]] -> %{{.*}} : {{.*}}) {
// CHECK-NEXT: omp.teams {
// CHECK-NEXT: omp.parallel {
// CHECK-NEXT: omp.distribute {
// CHECK-NEXT: omp.wsloop {
// CHECK-NEXT: omp.loop_nest (%[[IV:.*]]) : i32 = (%[[LB_]]) to (%[[UB_]]) inclusive step (%[[ST_]]) {
// The private loop variable is a fresh local in each iteration.
// CHECK-NEXT: %[[I:.*]] = fir.alloca i32
// CHECK-NEXT: fir.store %[[IV]] to %[[I]]
// CHECK: fir.coordinate_of %[[XA]]
// CHECK: omp.yield
// CHECK: } {omp.composite}
// CHECK: } {omp.composite}
// CHECK: } {omp.composite}
// CHECK-NOT: acc.
acc.private.recipe @privatization_ref_i32 : !fir.ref<i32> init {
^bb0(%arg0: !fir.ref<i32>):
  %0 = fir.alloca i32
  acc.yield %0 : !fir.ref<i32>
}
func.func @_QPscale(%x: !fir.ref<!fir.array<100xf32>>, %n: !fir.ref<i32>) {
  %i = fir.alloca i32
  %0 = acc.copyin varPtr(%x : !fir.ref<!fir.array<100xf32>>) -> !fir.ref<!fir.array<100xf32>> {dataClause = #acc<data_clause acc_copy>, name = "x"}
  %1 = acc.firstprivate varPtr(%n : !fir.ref<i32>) recipe(@privatization_ref_i32) -> !fir.ref<i32> {name = "n"}
  acc.parallel combined(loop) dataOperands(%0 : !fir.ref<!fir.array<100xf32>>) firstprivate(%1 : !fir.ref<i32>) {
    %c1 = arith.constant 1 : i32
    %ub = fir.load %1 : !fir.ref<i32>
    %p = acc.private varPtr(%i : !fir.ref<i32>) recipe(@privatization_ref_i32) -> !fir.ref<i32> {implicit = true, name = "i"}
    acc.loop combined(parallel) private(%p : !fir.ref<i32>) control(%iv : i32) = (%c1 : i32) to (%ub : i32) step (%c1 : i32) {
      fir.store %iv to %p : !fir.ref<i32>
      %k = fir.convert %iv : (i32) -> index
      %e = fir.coordinate_of %0, %k : (!fir.ref<!fir.array<100xf32>>, index) -> !fir.ref<f32>
      %v = fir.load %e : !fir.ref<f32>
      %r = arith.addf %v, %v : f32
      fir.store %r to %e : !fir.ref<f32>
      acc.yield
    } attributes {inclusiveUpperbound = array<i1: true>, independent = [#acc.device_type<none>]}
    acc.yield
  }
  acc.copyout accPtr(%0 : !fir.ref<!fir.array<100xf32>>) to varPtr(%x : !fir.ref<!fir.array<100xf32>>) {dataClause = #acc<data_clause acc_copy>, name = "x"}
  return
}

// -----

// Enter/exit/update data are dynamic: no ompx_hold; finalize deletes;
// update without if_present needs the data present; wait is synchronous.
// CHECK-LABEL: func.func @_QPdata(
// CHECK-SAME: %[[U:.*]]: !fir.ref<!fir.array<10xf32>>, %[[W:.*]]: !fir.ref<!fir.array<10xf32>>, %[[C:.*]]: i1
// CHECK: %[[M0:.*]] = omp.map.info var_ptr(%[[U]] : {{.*}}) map_clauses(to) capture(ByRef) {{.*}} {name = "u"}
// CHECK-NEXT: omp.target_enter_data map_entries(%[[M0]] :
// CHECK-NEXT: %[[M1:.*]] = omp.map.info var_ptr(%[[W]] : {{.*}}) map_clauses(storage) capture(ByRef) {{.*}} {name = "w"}
// CHECK-NEXT: omp.target_enter_data if(%[[C]]) map_entries(%[[M1]] :
// CHECK-NEXT: %[[M2:.*]] = omp.map.info var_ptr(%[[U]] : {{.*}}) map_clauses(ompx_hold, present, storage)
// CHECK-NEXT: omp.target_data map_entries(%[[M2]] :
// CHECK: %[[M3:.*]] = omp.map.info var_ptr(%[[U]] : {{.*}}) map_clauses(present, to)
// CHECK-NEXT: omp.target_update map_entries(%[[M3]] :
// CHECK-NEXT: %[[M4:.*]] = omp.map.info var_ptr(%[[U]] : {{.*}}) map_clauses(from) capture
// CHECK-NEXT: omp.target_update map_entries(%[[M4]] :
// CHECK-NEXT: %[[M5:.*]] = omp.map.info var_ptr(%[[U]] : {{.*}}) map_clauses(from, delete)
// CHECK-NEXT: omp.target_exit_data map_entries(%[[M5]] :
// CHECK-NEXT: %[[M6:.*]] = omp.map.info var_ptr(%[[W]] : {{.*}}) map_clauses(storage)
// CHECK-NEXT: omp.target_exit_data map_entries(%[[M6]] :
// CHECK-NEXT: return
func.func @_QPdata(%u: !fir.ref<!fir.array<10xf32>>, %w: !fir.ref<!fir.array<10xf32>>, %c: i1) {
  %0 = acc.copyin varPtr(%u : !fir.ref<!fir.array<10xf32>>) -> !fir.ref<!fir.array<10xf32>> {name = "u"}
  acc.enter_data dataOperands(%0 : !fir.ref<!fir.array<10xf32>>)
  %1 = acc.create varPtr(%w : !fir.ref<!fir.array<10xf32>>) -> !fir.ref<!fir.array<10xf32>> {name = "w"}
  acc.enter_data if(%c) dataOperands(%1 : !fir.ref<!fir.array<10xf32>>)
  %2 = acc.present varPtr(%u : !fir.ref<!fir.array<10xf32>>) -> !fir.ref<!fir.array<10xf32>> {name = "u"}
  acc.data dataOperands(%2 : !fir.ref<!fir.array<10xf32>>) {
    acc.terminator
  }
  acc.delete accPtr(%2 : !fir.ref<!fir.array<10xf32>>) {dataClause = #acc<data_clause acc_present>, name = "u"}
  %3 = acc.update_device varPtr(%u : !fir.ref<!fir.array<10xf32>>) -> !fir.ref<!fir.array<10xf32>> {name = "u"}
  acc.update dataOperands(%3 : !fir.ref<!fir.array<10xf32>>)
  %4 = acc.getdeviceptr varPtr(%u : !fir.ref<!fir.array<10xf32>>) -> !fir.ref<!fir.array<10xf32>> {dataClause = #acc<data_clause acc_update_host>, name = "u"}
  acc.update dataOperands(%4 : !fir.ref<!fir.array<10xf32>>) attributes {ifPresent}
  acc.update_host accPtr(%4 : !fir.ref<!fir.array<10xf32>>) to varPtr(%u : !fir.ref<!fir.array<10xf32>>) {name = "u"}
  %5 = acc.getdeviceptr varPtr(%u : !fir.ref<!fir.array<10xf32>>) -> !fir.ref<!fir.array<10xf32>> {dataClause = #acc<data_clause acc_copyout>, name = "u"}
  acc.exit_data dataOperands(%5 : !fir.ref<!fir.array<10xf32>>) attributes {finalize}
  acc.copyout accPtr(%5 : !fir.ref<!fir.array<10xf32>>) to varPtr(%u : !fir.ref<!fir.array<10xf32>>) {name = "u"}
  %6 = acc.getdeviceptr varPtr(%w : !fir.ref<!fir.array<10xf32>>) -> !fir.ref<!fir.array<10xf32>> {dataClause = #acc<data_clause acc_delete>, name = "w"}
  acc.exit_data dataOperands(%6 : !fir.ref<!fir.array<10xf32>>)
  acc.delete accPtr(%6 : !fir.ref<!fir.array<10xf32>>) {dataClause = #acc<data_clause acc_delete>, name = "w"}
  acc.wait
  return
}

// -----

// What OpenMP cannot express is an error at the construct, never a
// different program.
func.func @gang_dim(%n: i32) {
  acc.parallel {
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    // expected-error@+1 {{acc-to-omp: gang(dim:) has no OpenMP equivalent}}
    acc.loop gang({dim=%c2 : i32}) control(%iv : i32) = (%c1 : i32) to (%n : i32) step (%c1 : i32) {
      acc.yield
    } attributes {inclusiveUpperbound = array<i1: true>, independent = [#acc.device_type<none>]}
    acc.yield
  }
  return
}

// -----

// deviceptr: the variable already holds a device address.
// CHECK-LABEL: func.func @deviceptr(
// CHECK-SAME: %[[P:.*]]: !fir.ref<f32>
// CHECK: %[[M:.*]] = omp.map.info var_ptr(%[[P]] : !fir.ref<f32>, f32) map_clauses(implicit, to) capture(ByRef)
// CHECK: omp.target has_device_addr(%[[M]] -> %[[A:.*]] : !fir.ref<f32>) {
// CHECK: fir.store %{{.*}} to %[[A]]
func.func @deviceptr(%p: !fir.ref<f32>) {
  %0 = acc.deviceptr varPtr(%p : !fir.ref<f32>) -> !fir.ref<f32>
  acc.serial dataOperands(%0 : !fir.ref<f32>) {
    %one = arith.constant 1.0 : f32
    fir.store %one to %0 : !fir.ref<f32>
    acc.yield
  }
  return
}

// -----

acc.reduction.recipe @reduction_add_ref_f32 : !fir.ref<f32> reduction_operator <add> init {
^bb0(%arg0: !fir.ref<f32>):
  %0 = fir.alloca f32
  acc.yield %0 : !fir.ref<f32>
} combiner {
^bb0(%arg0: !fir.ref<f32>, %arg1: !fir.ref<f32>):
  acc.yield %arg0 : !fir.ref<f32>
}
// Code around a vector loop with a reduction, no num_gangs: one gang runs
// the code once and its threads share the loop and its reduction.
// CHECK-LABEL: func.func @redundant_reduction(
// CHECK: omp.target
// CHECK: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK: omp.teams num_teams(%[[ONE]] : i32 to %[[ONE]] : i32) {
// CHECK: fir.store
// CHECK: omp.parallel {
// CHECK: omp.wsloop reduction(@ompx_acc_add_f32 %{{.*}} -> %{{.*}} : !fir.ref<f32>) {
func.func @redundant_reduction(%s: !fir.ref<f32>, %n: i32) {
  %0 = acc.copyin varPtr(%s : !fir.ref<f32>) -> !fir.ref<f32> {dataClause = #acc<data_clause acc_copy>, name = "s"}
  acc.parallel dataOperands(%0 : !fir.ref<f32>) {
    %c1 = arith.constant 1 : i32
    %zero = arith.constant 0.0 : f32
    fir.store %zero to %0 : !fir.ref<f32>
    %r = acc.reduction varPtr(%0 : !fir.ref<f32>) recipe(@reduction_add_ref_f32) -> !fir.ref<f32> {name = "s"}
    acc.loop vector reduction(%r : !fir.ref<f32>) control(%iv : i32) = (%c1 : i32) to (%n : i32) step (%c1 : i32) {
      acc.yield
    } attributes {inclusiveUpperbound = array<i1: true>, independent = [#acc.device_type<none>]}
    acc.yield
  }
  acc.copyout accPtr(%0 : !fir.ref<f32>) to varPtr(%s : !fir.ref<f32>) {dataClause = #acc<data_clause acc_copy>, name = "s"}
  return
}


// -----

acc.reduction.recipe @reduction_add_ref_f32 : !fir.ref<f32> reduction_operator <add> init {
^bb0(%arg0: !fir.ref<f32>):
  %0 = fir.alloca f32
  acc.yield %0 : !fir.ref<f32>
} combiner {
^bb0(%arg0: !fir.ref<f32>, %arg1: !fir.ref<f32>):
  acc.yield %arg0 : !fir.ref<f32>
}
// With num_gangs(4) every gang would combine into the shared variable (the
// construct's own reduction copy is allowed: acc-extra's
// acc_compute_reduction).
func.func @gangs_reduction(%s: !fir.ref<f32>, %n: i32) {
  %c4 = arith.constant 4 : i32
  %0 = acc.copyin varPtr(%s : !fir.ref<f32>) -> !fir.ref<f32> {dataClause = #acc<data_clause acc_copy>, name = "s"}
  acc.parallel num_gangs({%c4 : i32}) dataOperands(%0 : !fir.ref<f32>) {
    %c1 = arith.constant 1 : i32
    %zero = arith.constant 0.0 : f32
    fir.store %zero to %0 : !fir.ref<f32>
    %r = acc.reduction varPtr(%0 : !fir.ref<f32>) recipe(@reduction_add_ref_f32) -> !fir.ref<f32> {name = "s"}
    // expected-error@+1 {{acc-to-omp: a reduction in gang-redundant code of a construct with num_gangs into a variable the gangs share is not lowered}}
    acc.loop vector reduction(%r : !fir.ref<f32>) control(%iv : i32) = (%c1 : i32) to (%n : i32) step (%c1 : i32) {
      acc.yield
    } attributes {inclusiveUpperbound = array<i1: true>, independent = [#acc.device_type<none>]}
    acc.yield
  }
  acc.copyout accPtr(%0 : !fir.ref<f32>) to varPtr(%s : !fir.ref<f32>) {dataClause = #acc<data_clause acc_copy>, name = "s"}
  return
}

// -----

// Gang-redundant code that writes the variable the gang loop's bound reads:
// the host cannot evaluate the bound before the kernel.
func.func @bound_written(%n: !fir.ref<i32>) {
  %c4 = arith.constant 4 : i32
  %0 = acc.copyin varPtr(%n : !fir.ref<i32>) -> !fir.ref<i32> {dataClause = #acc<data_clause acc_copy>, name = "n"}
  acc.parallel num_gangs({%c4 : i32}) dataOperands(%0 : !fir.ref<i32>) {
    %c1 = arith.constant 1 : i32
    %c10 = arith.constant 10 : i32
    fir.store %c10 to %0 : !fir.ref<i32>
    %ub = fir.load %0 : !fir.ref<i32>
    // expected-error@+1 {{acc-to-omp: the bounds of a gang loop after gang-redundant code that writes memory cannot be evaluated on the host}}
    acc.loop gang control(%iv : i32) = (%c1 : i32) to (%ub : i32) step (%c1 : i32) {
      acc.yield
    } attributes {inclusiveUpperbound = array<i1: true>, independent = [#acc.device_type<none>]}
    acc.yield
  }
  acc.copyout accPtr(%0 : !fir.ref<i32>) to varPtr(%n : !fir.ref<i32>) {dataClause = #acc<data_clause acc_copy>, name = "n"}
  return
}

// -----

acc.reduction.recipe @reduction_add_ref_f32 : !fir.ref<f32> reduction_operator <add> init {
^bb0(%arg0: !fir.ref<f32>):
  %0 = fir.alloca f32
  acc.yield %0 : !fir.ref<f32>
} combiner {
^bb0(%arg0: !fir.ref<f32>, %arg1: !fir.ref<f32>):
  acc.yield %arg0 : !fir.ref<f32>
}
// A reduction on a construct that is one parallel loop: the teams reduce
// into the variable, and the loop's threads into their team's copy, both
// when the loop repeats the reduction (on the construct's copy) and when it
// does not.
// CHECK-LABEL: func.func @construct_and_loop_reduction(
// CHECK: omp.target
// CHECK: omp.teams reduction(@ompx_acc_add_f32 %{{.*}} -> %[[T:.*]] : !fir.ref<f32>) {
// CHECK: omp.wsloop reduction(@ompx_acc_add_f32 %[[T]] -> %[[W:.*]] : !fir.ref<f32>) {
// CHECK: omp.loop_nest
// CHECK: fir.store %{{.*}} to %[[W]] : !fir.ref<f32>
// CHECK: omp.target
// CHECK: omp.teams reduction(@ompx_acc_add_f32 %{{.*}} -> %[[T2:.*]] : !fir.ref<f32>) {
// CHECK: omp.wsloop reduction(@ompx_acc_add_f32 %[[T2]] -> %[[W2:.*]] : !fir.ref<f32>) {
// CHECK: omp.loop_nest
// CHECK: fir.store %{{.*}} to %[[W2]] : !fir.ref<f32>
func.func @construct_and_loop_reduction(%s: !fir.ref<f32>, %n: i32) {
  %r = acc.reduction varPtr(%s : !fir.ref<f32>) recipe(@reduction_add_ref_f32) -> !fir.ref<f32> {name = "s"}
  acc.parallel reduction(%r : !fir.ref<f32>) {
    %c1 = arith.constant 1 : i32
    %lr = acc.reduction varPtr(%r : !fir.ref<f32>) recipe(@reduction_add_ref_f32) -> !fir.ref<f32> {name = "s"}
    acc.loop reduction(%lr : !fir.ref<f32>) control(%iv : i32) = (%c1 : i32) to (%n : i32) step (%c1 : i32) {
      %one = arith.constant 1.0 : f32
      fir.store %one to %lr : !fir.ref<f32>
      acc.yield
    } attributes {inclusiveUpperbound = array<i1: true>, independent = [#acc.device_type<none>]}
    acc.yield
  }
  %r2 = acc.reduction varPtr(%s : !fir.ref<f32>) recipe(@reduction_add_ref_f32) -> !fir.ref<f32> {name = "s"}
  acc.parallel reduction(%r2 : !fir.ref<f32>) {
    %c1 = arith.constant 1 : i32
    acc.loop gang vector control(%iv : i32) = (%c1 : i32) to (%n : i32) step (%c1 : i32) {
      %one = arith.constant 1.0 : f32
      fir.store %one to %r2 : !fir.ref<f32>
      acc.yield
    } attributes {inclusiveUpperbound = array<i1: true>, independent = [#acc.device_type<none>]}
    acc.yield
  }
  return
}

// -----

acc.firstprivate.recipe @fp_4xf32 : !fir.ref<!fir.array<4xf32>> init {
^bb0(%arg0: !fir.ref<!fir.array<4xf32>>):
  %0 = fir.alloca !fir.array<4xf32>
  acc.yield %0 : !fir.ref<!fir.array<4xf32>>
} copy {
^bb0(%arg0: !fir.ref<!fir.array<4xf32>>, %arg1: !fir.ref<!fir.array<4xf32>>):
  hlfir.assign %arg0 to %arg1 temporary_lhs : !fir.ref<!fir.array<4xf32>>, !fir.ref<!fir.array<4xf32>>
  acc.terminator
}
// An array firstprivate: a host copy made where the construct starts is
// mapped `to` (so the copies start from the host's value even when the
// variable is present on the device), and copied again in the region by
// element (no Fortran runtime call): by each thread of a lone parallel loop
// (omp.private), once in a serial construct (where its code starts).
// CHECK-LABEL: omp.private {type = firstprivate} @ompx_acc_fp_4xf32 : !fir.array<4xf32> copy {
// CHECK-NEXT: ^bb0(%[[O:.*]]: !fir.ref<!fir.array<4xf32>>, %[[P:.*]]: !fir.ref<!fir.array<4xf32>>):
// CHECK: fir.do_loop %[[I:.*]] = %{{.*}} to %{{.*}} step
// CHECK-NEXT: %[[FROM:.*]] = fir.coordinate_of %[[O]], %[[I]]
// CHECK-NEXT: %[[TO:.*]] = fir.coordinate_of %[[P]], %[[I]]
// CHECK-NEXT: %[[V:.*]] = fir.load %[[FROM]]
// CHECK-NEXT: fir.store %[[V]] to %[[TO]]
// CHECK: omp.yield(%[[P]] : !fir.ref<!fir.array<4xf32>>)
// CHECK-LABEL: func.func @firstprivate_array(
// CHECK-SAME: %[[W:[^:]*]]: !fir.ref<!fir.array<4xf32>>
// CHECK: %[[HOST:.*]] = fir.alloca !fir.array<4xf32>
// CHECK-NEXT: hlfir.assign %[[W]] to %[[HOST]] temporary_lhs
// CHECK-NEXT: %[[M:.*]] = omp.map.info var_ptr(%[[HOST]] : !fir.ref<!fir.array<4xf32>>, !fir.array<4xf32>) map_clauses(to) capture(ByRef)
// CHECK: omp.target {{.*}}map_entries(%[[M]] -> %[[ARG:[^ ]*]]
// CHECK: omp.parallel private(@ompx_acc_fp_4xf32 %[[ARG]] -> %[[PRIV:[^ ]*]] : !fir.ref<!fir.array<4xf32>>) {
// CHECK: omp.loop_nest
// CHECK: hlfir.designate %[[PRIV]]
// CHECK: %[[HOST2:.*]] = fir.alloca !fir.array<4xf32>
// CHECK-NEXT: hlfir.assign %[[W]] to %[[HOST2]] temporary_lhs
// CHECK-NEXT: %[[M2:.*]] = omp.map.info var_ptr(%[[HOST2]] : !fir.ref<!fir.array<4xf32>>, !fir.array<4xf32>) map_clauses(to) capture(ByRef)
// CHECK: omp.target map_entries(%[[M2]] -> %[[ARG2:[^ ]*]]
// CHECK-NEXT: %[[COPY:.*]] = fir.alloca !fir.array<4xf32>
// CHECK: fir.do_loop
// CHECK: fir.coordinate_of %[[ARG2]]
// CHECK: fir.coordinate_of %[[COPY]]
// CHECK: hlfir.designate %[[COPY]]
func.func @firstprivate_array(%w: !fir.ref<!fir.array<4xf32>>, %n: i32) {
  %fp = acc.firstprivate varPtr(%w : !fir.ref<!fir.array<4xf32>>) recipe(@fp_4xf32) -> !fir.ref<!fir.array<4xf32>> {name = "w"}
  acc.parallel combined(loop) firstprivate(%fp : !fir.ref<!fir.array<4xf32>>) {
    %c1 = arith.constant 1 : i32
    acc.loop combined(parallel) control(%iv : i32) = (%c1 : i32) to (%n : i32) step (%c1 : i32) {
      %i1 = arith.constant 1 : index
      %e = hlfir.designate %fp (%i1) : (!fir.ref<!fir.array<4xf32>>, index) -> !fir.ref<f32>
      %one = arith.constant 1.0 : f32
      fir.store %one to %e : !fir.ref<f32>
      acc.yield
    } attributes {inclusiveUpperbound = array<i1: true>, independent = [#acc.device_type<none>]}
    acc.yield
  }
  %fp2 = acc.firstprivate varPtr(%w : !fir.ref<!fir.array<4xf32>>) recipe(@fp_4xf32) -> !fir.ref<!fir.array<4xf32>> {name = "w"}
  acc.serial firstprivate(%fp2 : !fir.ref<!fir.array<4xf32>>) {
    %i1 = arith.constant 1 : index
    %e = hlfir.designate %fp2 (%i1) : (!fir.ref<!fir.array<4xf32>>, index) -> !fir.ref<f32>
    %one = arith.constant 1.0 : f32
    fir.store %one to %e : !fir.ref<f32>
    acc.yield
  }
  return
}

// -----

// self(c) runs the construct on the host when c holds: the device version
// is the branch where it does not.
// CHECK-LABEL: func.func @_QPself(
// CHECK-SAME: %[[A:.*]]: !fir.ref<f32>, %[[C:.*]]: i1
// CHECK-NEXT: scf.if %[[C]] {
// CHECK-NOT: omp.
// CHECK: fir.store %{{.*}} to %[[A]]
// CHECK-NEXT: } else {
// CHECK-NEXT: omp.map.info var_ptr(%[[A]] {{.*}} map_clauses(ompx_hold, tofrom)
// CHECK-NEXT: omp.target
func.func @_QPself(%a: !fir.ref<f32>, %c: i1) {
  %0 = acc.copyin varPtr(%a : !fir.ref<f32>) -> !fir.ref<f32> {dataClause = #acc<data_clause acc_copy>, name = "a"}
  acc.serial dataOperands(%0 : !fir.ref<f32>) self(%c) {
    %v = fir.load %0 : !fir.ref<f32>
    %r = arith.addf %v, %v : f32
    fir.store %r to %0 : !fir.ref<f32>
    acc.yield
  }
  acc.copyout accPtr(%0 : !fir.ref<f32>) to varPtr(%a : !fir.ref<f32>) {dataClause = #acc<data_clause acc_copy>, name = "a"}
  return
}

// -----

// self alone, with an if: never on the device.
// CHECK-LABEL: func.func @_QPself_always(
// CHECK-NEXT: %[[F:.*]] = arith.constant false
// CHECK-NEXT: scf.if %[[F]] {
func.func @_QPself_always(%a: !fir.ref<f32>, %c: i1) {
  %0 = acc.copyin varPtr(%a : !fir.ref<f32>) -> !fir.ref<f32> {dataClause = #acc<data_clause acc_copy>, name = "a"}
  acc.parallel dataOperands(%0 : !fir.ref<f32>) if(%c) {
    %v = fir.load %0 : !fir.ref<f32>
    fir.store %v to %0 : !fir.ref<f32>
    acc.yield
  } attributes {selfAttr}
  acc.copyout accPtr(%0 : !fir.ref<f32>) to varPtr(%a : !fir.ref<f32>) {dataClause = #acc<data_clause acc_copy>, name = "a"}
  return
}

// -----

// num_gangs with two values around one partitioned loop alone: their
// product, computed on the host, is the number of teams (host_eval, the
// upper bound alone as flang writes num_teams(n)).
// CHECK-LABEL: func.func @_QPgangs2d(
// CHECK: %[[P:.*]] = arith.muli %{{.*}}, %{{.*}} : i32
// CHECK: omp.target host_eval(%[[P]] -> %[[N:[^,]*]],
// CHECK-NEXT: omp.teams num_teams( to %[[N]] : i32)
acc.private.recipe @privatization_ref_i32 : !fir.ref<i32> init {
^bb0(%arg0: !fir.ref<i32>):
  %0 = fir.alloca i32
  acc.yield %0 : !fir.ref<i32>
}
func.func @_QPgangs2d(%x: !fir.ref<!fir.array<100xf32>>, %i: !fir.ref<i32>) {
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c1 = arith.constant 1 : i32
  %c100 = arith.constant 100 : i32
  %0 = acc.copyin varPtr(%x : !fir.ref<!fir.array<100xf32>>) -> !fir.ref<!fir.array<100xf32>> {dataClause = #acc<data_clause acc_copy>, name = "x"}
  acc.parallel combined(loop) num_gangs({%c2 : i32, %c3 : i32}) dataOperands(%0 : !fir.ref<!fir.array<100xf32>>) {
    %p = acc.private varPtr(%i : !fir.ref<i32>) recipe(@privatization_ref_i32) -> !fir.ref<i32> {implicit = true, name = "i"}
    acc.loop combined(parallel) gang private(%p : !fir.ref<i32>) control(%iv : i32) = (%c1 : i32) to (%c100 : i32) step (%c1 : i32) {
      fir.store %iv to %p : !fir.ref<i32>
      acc.yield
    } attributes {inclusiveUpperbound = array<i1: true>, independent = [#acc.device_type<none>]}
    acc.yield
  }
  acc.copyout accPtr(%0 : !fir.ref<!fir.array<100xf32>>) to varPtr(%x : !fir.ref<!fir.array<100xf32>>) {dataClause = #acc<data_clause acc_copy>, name = "x"}
  return
}

// -----

// An assumed-shape dummy (contiguity unknown) is mapped by its descriptor,
// as flang maps one: the region loads the device descriptor, which keeps the
// actual's bounds (strided-map-check stops a non-contiguous actual).
// CHECK-LABEL: func.func @_QPbox(
// CHECK: %[[D:.*]]:2 = hlfir.declare
// CHECK-NEXT: %[[SLOT:.*]] = fir.alloca !fir.box<!fir.array<?xi32>>
// CHECK-NEXT: fir.store %[[D]]#0 to %[[SLOT]]
// CHECK: %[[B:.*]] = omp.map.bounds {{.*}} stride(%{{.*}}#2 : index) {{.*}} {stride_in_bytes = true}
// CHECK-NEXT: %[[M:.*]] = omp.map.info var_ptr(%[[SLOT]] : !fir.ref<!fir.box<!fir.array<?xi32>>>, !fir.box<!fir.array<?xi32>>) map_clauses(ompx_hold, tofrom) capture(ByRef) bounds(%[[B]])
// CHECK-NEXT: omp.target map_entries(%[[M]] -> %[[ARG:.*]] :
// CHECK-NEXT: %[[BOX:.*]] = fir.load %[[ARG]]
// CHECK: hlfir.designate %[[BOX]]
func.func @_QPbox(%x: !fir.box<!fir.array<?xi32>>) {
  %s = fir.dummy_scope : !fir.dscope
  %d:2 = hlfir.declare %x dummy_scope %s arg 1 {uniq_name = "_QFboxEx"} : (!fir.box<!fir.array<?xi32>>, !fir.dscope) -> (!fir.box<!fir.array<?xi32>>, !fir.box<!fir.array<?xi32>>)
  %0 = acc.copyin var(%d#0 : !fir.box<!fir.array<?xi32>>) -> !fir.box<!fir.array<?xi32>> {dataClause = #acc<data_clause acc_copy>, name = "x"}
  acc.serial dataOperands(%0 : !fir.box<!fir.array<?xi32>>) {
    %c1 = arith.constant 1 : index
    %e = hlfir.designate %0 (%c1) : (!fir.box<!fir.array<?xi32>>, index) -> !fir.ref<i32>
    %c7 = arith.constant 7 : i32
    hlfir.assign %c7 to %e : i32, !fir.ref<i32>
    acc.yield
  }
  acc.copyout accVar(%0 : !fir.box<!fir.array<?xi32>>) to var(%d#0 : !fir.box<!fir.array<?xi32>>) {dataClause = #acc<data_clause acc_copy>, name = "x"}
  return
}

// -----

// copyout(zero: a): a copy the region creates is zeroed by a kernel of its own
// first (asked before anything maps it); an enter data before and an exit
// data (from) after keep it until then, so the region's end does not copy it.
// CHECK-LABEL: func.func @_QPzero(
// CHECK-SAME: %[[A:.*]]: !fir.ref<!fir.array<10xi32>>
// CHECK: %[[M:.*]] = omp.map.info var_ptr(%[[A]] {{.*}} map_clauses(ompx_hold, from)
// CHECK: %[[P:.*]] = call @omp_target_is_present(
// CHECK: %[[NEW:.*]] = arith.cmpi eq, %[[P]], %{{.*}} : i32
// CHECK: %[[K:.*]] = omp.map.info var_ptr(%[[A]] {{.*}} map_clauses(storage)
// CHECK-NEXT: omp.target_enter_data map_entries(%[[K]] :
// CHECK-NEXT: fir.if %[[NEW]] {
// CHECK-NEXT: %[[Z:.*]] = omp.map.info var_ptr(%[[A]] {{.*}} map_clauses(present, storage)
// CHECK-NEXT: omp.target map_entries(%[[Z]] -> %[[ARG:.*]] :
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-NEXT: hlfir.assign %[[ZERO]] to %[[ARG]]
// CHECK: omp.target_data map_entries(%[[M]] :
// CHECK: %[[X:.*]] = omp.map.info var_ptr(%[[A]] {{.*}} map_clauses(from)
// CHECK-NEXT: omp.target_exit_data map_entries(%[[X]] :
func.func @_QPzero(%a: !fir.ref<!fir.array<10xi32>>) {
  %z = acc.create varPtr(%a : !fir.ref<!fir.array<10xi32>>) -> !fir.ref<!fir.array<10xi32>> {dataClause = #acc<data_clause acc_copyout_zero>, name = "a"}
  acc.data dataOperands(%z : !fir.ref<!fir.array<10xi32>>) {
    acc.terminator
  }
  acc.copyout accPtr(%z : !fir.ref<!fir.array<10xi32>>) to varPtr(%a : !fir.ref<!fir.array<10xi32>>) {dataClause = #acc<data_clause acc_copyout_zero>, name = "a"}
  return
}
