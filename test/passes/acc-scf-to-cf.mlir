// RUN: %ompx opt %s --split-input-file --verify-diagnostics --ompx-acc-scf-to-cf | FileCheck %s
//
// The scf ops the acc passes leave become blocks; inside a fir.if or
// fir.do_loop (a construct in a Fortran IF or DO) those become blocks too,
// since they keep one block. A fir.if that holds no scf op stays.

// CHECK-LABEL: func.func @in_if(
// CHECK-SAME: %[[C:.*]]: i1, %[[A:.*]]: !fir.ref<i32>, %[[D:.*]]: i1
// CHECK-NOT: scf.
// CHECK: cf.cond_br %[[C]]
// CHECK: fir.store %{{.*}} to %[[A]]
// CHECK: fir.if %[[D]] {
// CHECK: return
func.func @in_if(%c: i1, %a: !fir.ref<i32>, %d: i1) {
  fir.if %c {
    scf.execute_region {
      cf.br ^bb1
    ^bb1:
      %one = arith.constant 1 : i32
      fir.store %one to %a : !fir.ref<i32>
      scf.yield
    }
  }
  fir.if %d {
    %two = arith.constant 2 : i32
    fir.store %two to %a : !fir.ref<i32>
  }
  return
}

// -----

// An scf.for in a fir.do_loop in a fir.if: all three become blocks.
// CHECK-LABEL: func.func @nest(
// CHECK-NOT: fir.if
// CHECK-NOT: fir.do_loop
// CHECK-NOT: scf.for
// CHECK: return
func.func @nest(%c: i1, %a: !fir.ref<index>) {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  fir.if %c {
    fir.do_loop %k = %c1 to %c4 step %c1 {
      scf.for %i = %c1 to %c4 step %c1 {
        fir.store %i to %a : !fir.ref<index>
      }
    }
  }
  return
}

// -----

// An op that keeps one block and is not FIR's structured control flow:
// refused there, by name.
func.func @in_do_concurrent(%a: !fir.ref<index>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  fir.do_concurrent {
    // expected-error @below {{control flow of an OpenACC construct (scf.execute_region) lies inside fir.do_concurrent.loop, whose region keeps one block: it cannot be lowered (move the construct out of it)}}
    fir.do_concurrent.loop (%i) = (%c1) to (%c2) step (%c1) {
      scf.execute_region {
        fir.store %i to %a : !fir.ref<index>
        scf.yield
      }
    }
  }
  return
}
