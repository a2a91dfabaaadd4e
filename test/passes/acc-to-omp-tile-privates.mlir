// Freed memory is overwritten (and not cached per thread), so a use of an
// op erased earlier crashes every time instead of now and then.
// RUN: env GLIBC_TUNABLES=glibc.malloc.tcache_count=0 MALLOC_PERTURB_=165 \
// RUN:   %ompx opt %s --ompx-acc-to-omp | FileCheck %s
//
// acc-loop-tiling gives the four loops of a tile(2, 2) nest the same
// acc.private operands. The element loops run sequentially in each thread:
// the innermost one gets its own copies of i and j, made per iteration; the
// private stays until the last loop that names it is lowered, which used to
// read it after the innermost loop's lowering had erased it.

// CHECK-LABEL: func.func @tile
// CHECK: omp.target
// CHECK: omp.loop_nest
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.for
// CHECK-NEXT: arith.index_cast
// CHECK-NEXT: %[[J:.*]] = fir.alloca i32
// CHECK-NEXT: %[[I:.*]] = fir.alloca i32
// CHECK: fir.store %{{.*}} to %[[J]] : !fir.ref<i32>
// CHECK: fir.store %{{.*}} to %[[I]] : !fir.ref<i32>
// CHECK: fir.load %[[I]]
// CHECK: fir.load %[[J]]
// CHECK-NOT: acc.
acc.private.recipe @privatization_ref_i32 : !fir.ref<i32> init {
^bb0(%arg0: !fir.ref<i32>):
  %0 = fir.alloca i32
  acc.yield %0 : !fir.ref<i32>
}
func.func @tile(%a: !fir.ref<!fir.array<6x4xi32>>, %iv: !fir.ref<i32>,
                %jv: !fir.ref<i32>) {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c4 = arith.constant 4 : i32
  %c6 = arith.constant 6 : i32
  %0 = acc.copyin varPtr(%a : !fir.ref<!fir.array<6x4xi32>>) -> !fir.ref<!fir.array<6x4xi32>> {dataClause = #acc<data_clause acc_copy>, name = "a"}
  acc.parallel combined(loop) dataOperands(%0 : !fir.ref<!fir.array<6x4xi32>>) {
    %j = acc.private varPtr(%jv : !fir.ref<i32>) recipe(@privatization_ref_i32) -> !fir.ref<i32> {implicit = true, name = "j"}
    %i = acc.private varPtr(%iv : !fir.ref<i32>) recipe(@privatization_ref_i32) -> !fir.ref<i32> {implicit = true, name = "i"}
    acc.loop combined(parallel) private(%j, %i : !fir.ref<i32>, !fir.ref<i32>) tile({%c2 : i32, %c2 : i32}) control(%arg0 : i32, %arg1 : i32) = (%c1, %c1 : i32, i32) to (%c4, %c6 : i32, i32) step (%c1, %c1 : i32, i32) {
      fir.store %arg0 to %j : !fir.ref<i32>
      fir.store %arg1 to %i : !fir.ref<i32>
      %vi = fir.load %i : !fir.ref<i32>
      %vj = fir.load %j : !fir.ref<i32>
      %s = arith.addi %vi, %vj : i32
      %ii = fir.convert %vi : (i32) -> index
      %jj = fir.convert %vj : (i32) -> index
      %p = fir.coordinate_of %0, %ii, %jj : (!fir.ref<!fir.array<6x4xi32>>, index, index) -> !fir.ref<i32>
      fir.store %s to %p : !fir.ref<i32>
      acc.yield
    } attributes {inclusiveUpperbound = array<i1: true, true>, independent = [#acc.device_type<none>]}
    acc.yield
  }
  acc.copyout accPtr(%0 : !fir.ref<!fir.array<6x4xi32>>) to varPtr(%a : !fir.ref<!fir.array<6x4xi32>>) {dataClause = #acc<data_clause acc_copy>, name = "a"}
  return
}
