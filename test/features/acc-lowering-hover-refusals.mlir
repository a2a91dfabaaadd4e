// Hover refuses what acc-to-omp refuses: the first RUN runs the pass, and
// each refusal below is an error it reports (expected-error). A firstprivate
// of a section of an array of run-time size (a section of a constant-shape
// array is lowered as the whole array), a reduction on an array.
// RUN: %ompx opt %s --split-input-file --verify-diagnostics --ompx-acc-to-omp > /dev/null
// RUN: %lspq %s 'hover:%fp = |acc.firstprivate' 'hover: |acc.serial firstprivate' \
// RUN:   'hover:%r = |acc.reduction' 'hover: |acc.serial reduction' | FileCheck %s

acc.firstprivate.recipe @fp_sec : !fir.ref<!fir.array<2xf32>> init {
^bb0(%arg0: !fir.ref<!fir.array<2xf32>>):
  %0 = fir.alloca !fir.array<2xf32>
  acc.yield %0 : !fir.ref<!fir.array<2xf32>>
} copy {
^bb0(%arg0: !fir.ref<!fir.array<2xf32>>, %arg1: !fir.ref<!fir.array<2xf32>>):
  acc.terminator
}
func.func @firstprivate_section(%a: !fir.ref<!fir.array<?xf32>>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %b = acc.bounds lowerbound(%c1 : index) upperbound(%c2 : index) startIdx(%c1 : index)
  // expected-error@+1 {{acc-to-omp: firstprivate of 'w(2:3)' of type '!fir.array<?xf32>' is not lowered yet (intrinsic scalars and whole arrays of constant size are)}}
  %fp = acc.firstprivate varPtr(%a : !fir.ref<!fir.array<?xf32>>) bounds(%b) recipe(@fp_sec) -> !fir.ref<!fir.array<?xf32>> {name = "w(2:3)"}
  acc.serial firstprivate(%fp : !fir.ref<!fir.array<?xf32>>) {
    acc.yield
  }
  return
}

// -----

acc.reduction.recipe @red_arr : !fir.ref<!fir.array<4xf32>> reduction_operator <add> init {
^bb0(%arg0: !fir.ref<!fir.array<4xf32>>):
  %0 = fir.alloca !fir.array<4xf32>
  acc.yield %0 : !fir.ref<!fir.array<4xf32>>
} combiner {
^bb0(%arg0: !fir.ref<!fir.array<4xf32>>, %arg1: !fir.ref<!fir.array<4xf32>>):
  acc.yield %arg0 : !fir.ref<!fir.array<4xf32>>
}
func.func @array_reduction(%a: !fir.ref<!fir.array<4xf32>>) {
  // expected-error@+1 {{acc-to-omp: reduction on 'a' (an array) is not lowered yet (integer, real, complex and logical scalars are; for an array, reduce into scalars, one per element, or use atomic updates)}}
  %r = acc.reduction varPtr(%a : !fir.ref<!fir.array<4xf32>>) recipe(@red_arr) -> !fir.ref<!fir.array<4xf32>> {name = "a"}
  acc.serial reduction(%r : !fir.ref<!fir.array<4xf32>>) {
    acc.yield
  }
  return
}

// CHECK-LABEL: === hover %fp = |acc.firstprivate
// CHECK: Not lowered by acc-to-omp yet (`firstprivate` of a section of `!fir.array<?xf32>` (intrinsic scalars and whole arrays of constant size are lowered)): `--device=host` runs it
// CHECK-LABEL: === hover  |acc.serial firstprivate
// CHECK: Not lowered by acc-to-omp yet (`firstprivate` of a section of `!fir.array<?xf32>`
// CHECK-LABEL: === hover %r = |acc.reduction
// CHECK: Not lowered by acc-to-omp yet (a reduction on `!fir.array<4xf32>` (integer, real, logical and complex scalars are lowered)): `--device=host` runs it
// CHECK-LABEL: === hover  |acc.serial reduction
// CHECK: Not lowered by acc-to-omp yet (a reduction on `!fir.array<4xf32>`
