// RUN: %ompx opt %s --ompx-workshare-single | FileCheck %s
// RUN: %ompx opt %s --ompx-workshare-single 2>&1 >/dev/null | FileCheck %s --check-prefix=REMARK
//
// A workshare block flang-22's lower-workshare splits wrongly becomes an
// omp.single with the block's nowait: a FORALL (its temporary stack's
// counter is each thread's own), a call (an intrinsic's runtime call, whose
// result temporary is each thread's own), a temporary of the enclosing
// parallel region. Element-wise array assignments and WHERE stay split.

// CHECK-LABEL: func.func @kept(
// CHECK: omp.parallel {
// CHECK-NEXT: omp.workshare {
// CHECK: hlfir.elemental
// CHECK: hlfir.where
// CHECK: omp.terminator
// CHECK-NEXT: }
// CHECK-NOT: omp.single
func.func @kept(%x: !fir.ref<!fir.array<4xi32>>, %y: !fir.ref<!fir.array<4xi32>>) {
  %c4 = arith.constant 4 : index
  %s = fir.shape %c4 : (index) -> !fir.shape<1>
  %shared = fir.alloca !fir.array<4xi32>
  %sh:2 = hlfir.declare %shared(%s) {uniq_name = "sh"} : (!fir.ref<!fir.array<4xi32>>, !fir.shape<1>) -> (!fir.ref<!fir.array<4xi32>>, !fir.ref<!fir.array<4xi32>>)
  omp.parallel {
    omp.workshare {
      %one = arith.constant 1 : i32
      %e = hlfir.elemental %s unordered : (!fir.shape<1>) -> !hlfir.expr<4xi32> {
      ^bb0(%i: index):
        %d = hlfir.designate %y (%i) : (!fir.ref<!fir.array<4xi32>>, index) -> !fir.ref<i32>
        %v = fir.load %d : !fir.ref<i32>
        %w = arith.addi %v, %one : i32
        hlfir.yield_element %w : i32
      }
      hlfir.assign %e to %x : !hlfir.expr<4xi32>, !fir.ref<!fir.array<4xi32>>
      hlfir.assign %e to %sh#0 : !hlfir.expr<4xi32>, !fir.ref<!fir.array<4xi32>>
      hlfir.destroy %e : !hlfir.expr<4xi32>
      hlfir.where {
        %m = hlfir.elemental %s unordered : (!fir.shape<1>) -> !hlfir.expr<4x!fir.logical<4>> {
        ^bb0(%i: index):
          %d = hlfir.designate %y (%i) : (!fir.ref<!fir.array<4xi32>>, index) -> !fir.ref<i32>
          %v = fir.load %d : !fir.ref<i32>
          %c = arith.cmpi sgt, %v, %one : i32
          %l = fir.convert %c : (i1) -> !fir.logical<4>
          hlfir.yield_element %l : !fir.logical<4>
        }
        hlfir.yield %m : !hlfir.expr<4x!fir.logical<4>> cleanup {
          hlfir.destroy %m : !hlfir.expr<4x!fir.logical<4>>
        }
      } do {
        hlfir.region_assign {
          hlfir.yield %y : !fir.ref<!fir.array<4xi32>>
        } to {
          hlfir.yield %x : !fir.ref<!fir.array<4xi32>>
        }
      }
      omp.terminator
    }
    omp.terminator
  }
  return
}

// REMARK: workshare-single.mlir:[[#@LINE+10]]:5: remark: ompx runs this workshare block on one thread of the team (it has a FORALL; flang-22 splits only element-wise and scalar assignments and WHERE among the threads correctly: ompx-workshare-single)
// CHECK-LABEL: func.func @forall(
// CHECK: omp.parallel {
// CHECK-NEXT: omp.single nowait {
// CHECK-NEXT: arith.constant 1 : i32
// CHECK: hlfir.forall
// CHECK-NOT: omp.workshare
// CHECK: return
func.func @forall(%m: !fir.ref<!fir.array<4xi32>>) {
  omp.parallel {
    omp.workshare nowait {
      %one = arith.constant 1 : i32
      %four = arith.constant 4 : i32
      hlfir.forall lb {
        hlfir.yield %one : i32
      } ub {
        hlfir.yield %four : i32
      } (%k: i32) {
        hlfir.region_assign {
          hlfir.yield %one : i32
        } to {
          %i = fir.convert %k : (i32) -> index
          %d = hlfir.designate %m (%i) : (!fir.ref<!fir.array<4xi32>>, index) -> !fir.ref<i32>
          hlfir.yield %d : !fir.ref<i32>
        }
      }
      omp.terminator
    }
    omp.terminator
  }
  return
}

// REMARK: remark: ompx runs this workshare block on one thread of the team (it has a call of bounds;
// CHECK-LABEL: func.func @call(
// CHECK: omp.single {
// CHECK-NEXT: fir.call @bounds(
// CHECK-NOT: omp.workshare
// CHECK: return
func.func private @bounds(!fir.ref<!fir.array<4xi32>>)
func.func @call(%x: !fir.ref<!fir.array<4xi32>>) {
  omp.parallel {
    omp.workshare {
      fir.call @bounds(%x) : (!fir.ref<!fir.array<4xi32>>) -> ()
      omp.terminator
    }
    omp.terminator
  }
  return
}

// A temporary of the parallel region is each thread's own: one thread's
// copy would be filled.
// REMARK: remark: ompx runs this workshare block on one thread of the team (it has a temporary of the enclosing parallel region;
// REMARK-NOT: remark
// CHECK-LABEL: func.func @parallel_temporary(
// CHECK: omp.parallel {
// CHECK-NEXT: fir.alloca !fir.array<4xi32> {pinned}
// CHECK-NEXT: hlfir.declare
// CHECK-NEXT: omp.single {
// CHECK-NEXT: hlfir.assign
// CHECK-NOT: omp.workshare
// CHECK: return
func.func @parallel_temporary(%y: !fir.ref<!fir.array<4xi32>>) {
  %c4 = arith.constant 4 : index
  %s = fir.shape %c4 : (index) -> !fir.shape<1>
  omp.parallel {
    %t = fir.alloca !fir.array<4xi32> {pinned}
    %td:2 = hlfir.declare %t(%s) {uniq_name = "t"} : (!fir.ref<!fir.array<4xi32>>, !fir.shape<1>) -> (!fir.ref<!fir.array<4xi32>>, !fir.ref<!fir.array<4xi32>>)
    omp.workshare {
      hlfir.assign %y to %td#0 : !fir.ref<!fir.array<4xi32>>, !fir.ref<!fir.array<4xi32>>
      omp.terminator
    }
    omp.terminator
  }
  return
}
