// Freed memory is overwritten, so a use of an erased op crashes every time.
// RUN: env GLIBC_TUNABLES=glibc.malloc.tcache_count=0 MALLOC_PERTURB_=165 \
// RUN:   %ompx opt %s --ompx-acc-to-omp | FileCheck %s
//
// `parallel loop tile(2, 2) reduction(+:s)`: acc-loop-tiling gives the
// element loops the tile loops' reduction operand. The tile loops reduce
// (teams and the composite wsloop); the element loops run sequentially in
// each thread and must add into that thread's copy. Their sequential
// lowering used to send the sum to the shared variable and erase the
// acc.reduction the tile loops still needed (a crash in acc-to-omp).

// CHECK-LABEL: func.func @tile_sum
// CHECK: omp.teams reduction(@{{.*}} %{{.*}} -> %[[TEAM:.*]] : !fir.ref<f64>)
// CHECK: omp.wsloop reduction(@{{.*}} %[[TEAM]] -> %[[MINE:.*]] : !fir.ref<f64>)
// CHECK: omp.loop_nest
// CHECK: scf.for
// CHECK: scf.for
// CHECK: fir.load %[[MINE]] : !fir.ref<f64>
// CHECK: fir.store %{{.*}} to %[[MINE]] : !fir.ref<f64>
// CHECK-NOT: acc.
acc.private.recipe @privatization_ref_i32 : !fir.ref<i32> init {
^bb0(%arg0: !fir.ref<i32>):
  %0 = fir.alloca i32
  acc.yield %0 : !fir.ref<i32>
}
acc.reduction.recipe @reduction_add_ref_f64 : !fir.ref<f64> reduction_operator <add> init {
^bb0(%arg0: !fir.ref<f64>):
  %cst = arith.constant 0.000000e+00 : f64
  %0 = fir.alloca f64
  fir.store %cst to %0 : !fir.ref<f64>
  acc.yield %0 : !fir.ref<f64>
} combiner {
^bb0(%arg0: !fir.ref<f64>, %arg1: !fir.ref<f64>):
  %0 = fir.load %arg1 : !fir.ref<f64>
  %1 = fir.load %arg0 : !fir.ref<f64>
  %2 = arith.addf %1, %0 : f64
  fir.store %2 to %arg0 : !fir.ref<f64>
  acc.yield %arg0 : !fir.ref<f64>
}
func.func @tile_sum(%a: !fir.ref<!fir.array<6x4xf64>>, %sv: !fir.ref<f64>,
                    %iv: !fir.ref<i32>, %jv: !fir.ref<i32>) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c4 = arith.constant 4 : i32
  %c6 = arith.constant 6 : i32
  %s = acc.copyin varPtr(%sv : !fir.ref<f64>) -> !fir.ref<f64> {dataClause = #acc<data_clause acc_reduction>, implicit = true, name = "s"}
  %0 = acc.copyin varPtr(%a : !fir.ref<!fir.array<6x4xf64>>) -> !fir.ref<!fir.array<6x4xf64>> {name = "a"}
  acc.parallel combined(loop) dataOperands(%s, %0 : !fir.ref<f64>, !fir.ref<!fir.array<6x4xf64>>) {
    %r = acc.reduction varPtr(%s : !fir.ref<f64>) recipe(@reduction_add_ref_f64) -> !fir.ref<f64> {name = "s"}
    %j = acc.private varPtr(%jv : !fir.ref<i32>) recipe(@privatization_ref_i32) -> !fir.ref<i32> {implicit = true, name = "j"}
    %i = acc.private varPtr(%iv : !fir.ref<i32>) recipe(@privatization_ref_i32) -> !fir.ref<i32> {implicit = true, name = "i"}
    acc.loop combined(parallel) private(%j, %i : !fir.ref<i32>, !fir.ref<i32>) tile({%c2 : i32, %c2 : i32}) reduction(%r : !fir.ref<f64>) control(%arg0 : i32, %arg1 : i32) = (%c1, %c1 : i32, i32) to (%c4, %c6 : i32, i32) step (%c1, %c1 : i32, i32) {
      fir.store %arg0 to %j : !fir.ref<i32>
      fir.store %arg1 to %i : !fir.ref<i32>
      %vi = fir.load %i : !fir.ref<i32>
      %vj = fir.load %j : !fir.ref<i32>
      %ii = fir.convert %vi : (i32) -> index
      %jj = fir.convert %vj : (i32) -> index
      %p = fir.coordinate_of %0, %ii, %jj : (!fir.ref<!fir.array<6x4xf64>>, index, index) -> !fir.ref<f64>
      %x = fir.load %p : !fir.ref<f64>
      %old = fir.load %r : !fir.ref<f64>
      %new = arith.addf %old, %x : f64
      fir.store %new to %r : !fir.ref<f64>
      acc.yield
    } attributes {inclusiveUpperbound = array<i1: true, true>, independent = [#acc.device_type<none>]}
    acc.yield
  }
  acc.copyout accPtr(%s : !fir.ref<f64>) to varPtr(%sv : !fir.ref<f64>) {dataClause = #acc<data_clause acc_reduction>, implicit = true, name = "s"}
  acc.delete accPtr(%0 : !fir.ref<!fir.array<6x4xf64>>) {dataClause = #acc<data_clause acc_copyin>, name = "a"}
  return
}
