// flang-22 emits an acc.cache in the loop body for `!$acc cache(a(i-1:i+1))`.
// acc-to-omp lowers it (the loop reads the variable itself: a cache is a
// hint), so hover says it is dropped, not that it is refused.
// RUN: %ompx opt %s --ompx-acc-to-omp | FileCheck %s --check-prefix=OMP
// RUN: %lspq %s 'hover:%c = |acc.cache' | FileCheck %s

// OMP: omp.loop_nest
// OMP-NOT: acc.cache
// CHECK-LABEL: === hover %c = |acc.cache
// CHECK-NOT: Not lowered
// CHECK: Dropped by acc-to-omp: `cache` is a hint, and the loop reads the variable itself
acc.private.recipe @privatization_ref_i32 : !fir.ref<i32> init {
^bb0(%arg0: !fir.ref<i32>):
  %0 = fir.alloca i32
  acc.yield %0 : !fir.ref<i32>
}
func.func @stencil(%a: !fir.ref<!fir.array<8xf64>>, %iv: !fir.ref<i32>) {
  %c1 = arith.constant 1 : i32
  %c7 = arith.constant 7 : i32
  %c0x = arith.constant 0 : index
  %c1x = arith.constant 1 : index
  %c2x = arith.constant 2 : index
  %0 = acc.copyin varPtr(%a : !fir.ref<!fir.array<8xf64>>) -> !fir.ref<!fir.array<8xf64>> {dataClause = #acc<data_clause acc_copy>, name = "a"}
  acc.parallel combined(loop) dataOperands(%0 : !fir.ref<!fir.array<8xf64>>) {
    %i = acc.private varPtr(%iv : !fir.ref<i32>) recipe(@privatization_ref_i32) -> !fir.ref<i32> {implicit = true, name = "i"}
    acc.loop combined(parallel) private(%i : !fir.ref<i32>) control(%arg0 : i32) = (%c1 : i32) to (%c7 : i32) step (%c1 : i32) {
      fir.store %arg0 to %i : !fir.ref<i32>
      %b = acc.bounds lowerbound(%c0x : index) upperbound(%c2x : index) stride(%c1x : index) startIdx(%c1x : index)
      %c = acc.cache varPtr(%0 : !fir.ref<!fir.array<8xf64>>) bounds(%b) -> !fir.ref<!fir.array<8xf64>> {name = "a(i-1:i+1)", structured = false}
      %vi = fir.load %i : !fir.ref<i32>
      %ii = fir.convert %vi : (i32) -> index
      %p = fir.coordinate_of %c, %ii : (!fir.ref<!fir.array<8xf64>>, index) -> !fir.ref<f64>
      %x = fir.load %p : !fir.ref<f64>
      %y = arith.addf %x, %x : f64
      fir.store %y to %p : !fir.ref<f64>
      acc.yield
    } attributes {inclusiveUpperbound = array<i1: true>, independent = [#acc.device_type<none>]}
    acc.yield
  }
  acc.copyout accPtr(%0 : !fir.ref<!fir.array<8xf64>>) to varPtr(%a : !fir.ref<!fir.array<8xf64>>) {dataClause = #acc<data_clause acc_copy>, name = "a"}
  return
}
