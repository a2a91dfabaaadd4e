// Hover says how acc-to-omp runs a parallel construct (the SPMD nest or
// gang-redundant code, in one team or in each of num_gangs teams) and where
// each loop goes, and refuses what gang-redundant code with num_gangs
// cannot do. The first RUN runs the pass: each refusal below is an error it
// reports (expected-error), and the other sections lower.
// RUN: %ompx opt %s --split-input-file --verify-diagnostics --ompx-acc-to-omp > /dev/null
// RUN: %lspq %s 'hover: |acc.parallel dataOperands(%0' 'hover: |acc.loop vector' \
// RUN:   'hover: |acc.parallel num_gangs({%c2' 'hover: |acc.loop gang control(%iv' \
// RUN:   'hover: |acc.loop worker' 'hover: |acc.loop vector reduction' \
// RUN:   'hover:2* |acc.loop gang control(%iv' \
// RUN:   'hover: |acc.loop gang control(%j' \
// RUN:   'hover: |acc.parallel num_gangs({%c5' | FileCheck %s

// No num_gangs: one team runs the code, its threads share the loop.
func.func @one_team(%s: !fir.ref<f32>, %n: i32) {
  %0 = acc.copyin varPtr(%s : !fir.ref<f32>) -> !fir.ref<f32> {dataClause = #acc<data_clause acc_copy>, name = "s"}
  acc.parallel dataOperands(%0 : !fir.ref<f32>) {
    %c1 = arith.constant 1 : i32
    %zero = arith.constant 0.0 : f32
    fir.store %zero to %0 : !fir.ref<f32>
    acc.loop vector control(%iv : i32) = (%c1 : i32) to (%n : i32) step (%c1 : i32) {
      acc.yield
    } attributes {inclusiveUpperbound = array<i1: true>, independent = [#acc.device_type<none>]}
    acc.yield
  }
  acc.copyout accPtr(%0 : !fir.ref<f32>) to varPtr(%s : !fir.ref<f32>) {dataClause = #acc<data_clause acc_copy>, name = "s"}
  return
}

// -----

// num_gangs: each team runs the code, then shares the gang loop, whose
// bound (read from `m`, which the code does not write) is evaluated on the
// host. A worker loop runs in each team.
func.func @gangs(%s: !fir.ref<i32>, %m: !fir.ref<i32>) {
  %c2 = arith.constant 2 : i32
  %0 = acc.copyin varPtr(%s : !fir.ref<i32>) -> !fir.ref<i32> {dataClause = #acc<data_clause acc_copy>, name = "s"}
  %1 = acc.copyin varPtr(%m : !fir.ref<i32>) -> !fir.ref<i32> {dataClause = #acc<data_clause acc_copyin>, name = "m"}
  acc.parallel num_gangs({%c2 : i32}) dataOperands(%0, %1 : !fir.ref<i32>, !fir.ref<i32>) {
    %c1 = arith.constant 1 : i32
    fir.store %c1 to %0 : !fir.ref<i32>
    %ub = fir.load %1 : !fir.ref<i32>
    acc.loop gang control(%iv : i32) = (%c1 : i32) to (%ub : i32) step (%c1 : i32) {
      acc.yield
    } attributes {inclusiveUpperbound = array<i1: true>, independent = [#acc.device_type<none>]}
    acc.yield
  }
  acc.copyout accPtr(%0 : !fir.ref<i32>) to varPtr(%s : !fir.ref<i32>) {dataClause = #acc<data_clause acc_copy>, name = "s"}
  acc.delete accPtr(%1 : !fir.ref<i32>) {dataClause = #acc<data_clause acc_copyin>, name = "m"}
  return
}

// -----

func.func @gangs_worker(%s: !fir.ref<i32>) {
  %c2 = arith.constant 2 : i32
  %0 = acc.copyin varPtr(%s : !fir.ref<i32>) -> !fir.ref<i32> {dataClause = #acc<data_clause acc_copy>, name = "s"}
  acc.parallel num_gangs({%c2 : i32}) dataOperands(%0 : !fir.ref<i32>) {
    %c1 = arith.constant 1 : i32
    %c10 = arith.constant 10 : i32
    fir.store %c1 to %0 : !fir.ref<i32>
    acc.loop worker control(%jv : i32) = (%c1 : i32) to (%c10 : i32) step (%c1 : i32) {
      acc.yield
    } attributes {inclusiveUpperbound = array<i1: true>, independent = [#acc.device_type<none>]}
    acc.yield
  }
  acc.copyout accPtr(%0 : !fir.ref<i32>) to varPtr(%s : !fir.ref<i32>) {dataClause = #acc<data_clause acc_copy>, name = "s"}
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
// Every team would combine into the variable they share.
func.func @shared_reduction(%s: !fir.ref<f32>, %n: i32) {
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

// The code writes what the gang loop's bound reads.
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

// A gang loop nested in a sequential loop of gang-redundant code.
func.func @nested_gang(%s: !fir.ref<i32>) {
  %c4 = arith.constant 4 : i32
  %c1 = arith.constant 1 : i32
  %c10 = arith.constant 10 : i32
  %0 = acc.copyin varPtr(%s : !fir.ref<i32>) -> !fir.ref<i32> {dataClause = #acc<data_clause acc_copy>, name = "s"}
  acc.parallel num_gangs({%c4 : i32}) dataOperands(%0 : !fir.ref<i32>) {
    fir.store %c1 to %0 : !fir.ref<i32>
    acc.loop control(%i : i32) = (%c1 : i32) to (%c10 : i32) step (%c1 : i32) {
      // expected-error@+1 {{acc-to-omp: a gang loop inside gang-redundant code of a construct with num_gangs is not lowered yet}}
      acc.loop gang control(%j : i32) = (%c1 : i32) to (%c10 : i32) step (%c1 : i32) {
        acc.yield
      } attributes {inclusiveUpperbound = array<i1: true>, independent = [#acc.device_type<none>]}
      acc.yield
    } attributes {inclusiveUpperbound = array<i1: true>, seq = [#acc.device_type<none>]}
    acc.yield
  }
  acc.copyout accPtr(%0 : !fir.ref<i32>) to varPtr(%s : !fir.ref<i32>) {dataClause = #acc<data_clause acc_copy>, name = "s"}
  return
}

// -----

// A gang routine called in gang-redundant code: each team would run its
// gang loop whole (4 times for once); refused like a nested gang loop.
acc.routine @acc_routine_0 func(@_QMmPaddone) gang
func.func @_QMmPaddone(%a: !fir.ref<i32>) attributes {acc.routine_info = #acc.routine_info<[@acc_routine_0]>} {
  return
}
func.func @gang_routine(%s: !fir.ref<i32>) {
  %c5 = arith.constant 5 : i32
  %0 = acc.copyin varPtr(%s : !fir.ref<i32>) -> !fir.ref<i32> {dataClause = #acc<data_clause acc_copy>, name = "s"}
  // expected-error@+1 {{acc-to-omp: a call to gang routine `addone` inside gang-redundant code of a construct with num_gangs is not lowered yet}}
  acc.parallel num_gangs({%c5 : i32}) dataOperands(%0 : !fir.ref<i32>) {
    fir.call @_QMmPaddone(%0) : (!fir.ref<i32>) -> ()
    acc.yield
  }
  acc.copyout accPtr(%0 : !fir.ref<i32>) to varPtr(%s : !fir.ref<i32>) {dataClause = #acc<data_clause acc_copy>, name = "s"}
  return
}

// CHECK-LABEL: === hover  |acc.parallel dataOperands(%0
// CHECK: Offloads as `omp.target` + `omp.teams` (acc-to-omp), gang-redundant: one team runs its code, its loops shared by the team's threads
// CHECK-LABEL: === hover  |acc.loop vector
// CHECK: `worker`/`vector` → `parallel do` of the construct's one team (acc-to-omp): beside other code, the construct runs in one team
// CHECK-LABEL: === hover  |acc.parallel num_gangs({%c2
// CHECK: Offloads as `omp.target` + `omp.teams` (acc-to-omp), gang-redundant: each of the `num_gangs` teams runs its code; its gang loops are distributed over the teams, its worker/vector loops shared by each team's threads
// CHECK-LABEL: === hover  |acc.loop gang control(%iv
// CHECK: `gang` → `distribute` (acc-to-omp), after the construct's other code, which each of the `num_gangs` teams runs (its bounds evaluated on the host)
// CHECK-LABEL: === hover  |acc.loop worker
// CHECK: `worker`/`vector` → `parallel do` shared by a team's threads (acc-to-omp), in each of the `num_gangs` teams
// CHECK-LABEL: === hover  |acc.loop vector reduction
// CHECK: Not lowered by acc-to-omp yet (a reduction in gang-redundant code of a construct with `num_gangs` into a variable the teams share (each team would combine into it); reduce into the construct's reduction or private copy): `--device=host` runs it
// CHECK-LABEL: === hover 2* |acc.loop gang control(%iv
// CHECK: Not lowered by acc-to-omp yet (the bounds of a gang loop after gang-redundant code that writes what they read: LLVM 22 evaluates them on the host, before the kernel): `--device=host` runs it
// CHECK-LABEL: === hover  |acc.loop gang control(%j
// CHECK: Not lowered by acc-to-omp yet (a gang loop inside gang-redundant code of a construct with `num_gangs` (each team runs that code)): `--device=host` runs it
// CHECK-LABEL: === hover  |acc.parallel num_gangs({%c5
// CHECK: Not lowered by acc-to-omp yet (a call to gang routine `addone` inside gang-redundant code of a construct with `num_gangs` (each team would run its gang loops whole)): `--device=host` runs it
