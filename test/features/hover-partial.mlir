// An op that has only its name (its unit failed to parse) says which error
// cost it the IR and where, and whether the parser had reached it.
// RUN: %lspq %s 'hover:$before' 'hover:$after' 'hover:$fine' | FileCheck %s

func.func @broken(%n: i32) {
  $[before]omp.parallel {
    omp.barrier
    omp.terminator
  }
  %w = llvm.add %n, %undefined : i32
  $[after]omp.parallel {
    omp.terminator
  }
  return
}

func.func @fine() {
  $[fine]omp.parallel {
    omp.terminator
  }
  return
}

// Before the error: the parser reached it; the error dropped its function.
// CHECK-LABEL: === hover $before
// CHECK-NEXT: range 6:3-6:15 omp.parallel
// CHECK: *Only the name is known: the error at line 10 (use of undeclared SSA value name) made the parser drop lines 5–15, and this op's IR with them.*
// CHECK-NOT: did not reach

// After the error: the parser never got there.
// CHECK-LABEL: === hover $after
// CHECK-NEXT: range 11:3-11:15 omp.parallel
// CHECK: *Only the name is known: the parser stopped at the error at line 10 (use of undeclared SSA value name) before reaching this op.*

// A function that parsed: no such note.
// CHECK-LABEL: === hover $fine
// CHECK-NEXT: range 18:3-18:15 omp.parallel
// CHECK-NOT: Only the name is known
