// RUN: %ompx opt %s --split-input-file --verify-diagnostics --ompx-acc-to-omp
// RUN: %ompx opt %s --split-input-file --verify-diagnostics --ompx-acc-host-fallback
//
// Shapes no lowering takes are refused before LLVM's acc passes run (the
// plan's accShapeProblem), by acc-to-omp and host fallback alike: a loop
// with bounds whose body has several blocks lost its body in acc-to-omp,
// an acc.loop without bounds around a loop crashed acc-specialize-for-host,
// an empty compute region was reported as one with several blocks
// (acc-to-omp) or crashed (host fallback). Hand-written IR: flang makes
// none of them.

func.func @loop_blocks(%a: !fir.ref<i32>) {
  %c1 = arith.constant 1 : i32
  %c10 = arith.constant 10 : i32
  acc.parallel {
    // expected-error@+1 {{a loop with bounds whose body has several blocks is not lowered}}
    acc.loop control(%i : i32) = (%c1 : i32) to (%c10 : i32) step (%c1 : i32) {
      cf.br ^bb1
    ^bb1:
      fir.store %i to %a : !fir.ref<i32>
      acc.yield
    } attributes {inclusiveUpperbound = array<i1: true>, independent = [#acc.device_type<none>]}
    acc.yield
  }
  return
}

// -----

func.func @container(%a: memref<10xf32>, %x: f32) {
  %c0 = arith.constant 0 : index
  %c10 = arith.constant 10 : index
  %c1 = arith.constant 1 : index
  // expected-error@+1 {{an acc.loop without bounds around other loops is not lowered (LLVM 22's OpenACC lowering does not convert it)}}
  acc.loop {
    scf.for %i = %c0 to %c10 step %c1 {
      memref.store %x, %a[%i] : memref<10xf32>
    }
    acc.yield
  } attributes {independent = [#acc.device_type<none>]}
  return
}

// -----

func.func @empty() {
  // expected-error@+1 {{compute region without a block}}
  acc.kernels {
  }
  return
}
