// The acc-to-omp note of a hover comes from a plan the worker records only
// for IR that verified: acc-to-omp never runs on a module that does not (a
// launch stops at the verifier first), and planning reads the IR as valid.
// The first chunk has a verifier error away from its acc op: its hover has no
// acc-to-omp note; the second, the same construct in valid IR, has one.
// RUN: %lspq %s 'hover: |acc.parallel' 'hover:2* |acc.parallel' diagnostics | FileCheck %s

func.func @with_error() -> i32 {
  acc.parallel {
    acc.yield
  }
  return
}

// -----

func.func @clean() {
  acc.parallel {
    acc.yield
  }
  return
}

// CHECK-LABEL: === hover  |acc.parallel
// CHECK: **acc.parallel** — parallel construct
// CHECK-NOT: acc-to-omp
// CHECK-LABEL: === hover 2* |acc.parallel
// CHECK: Offloads as `omp.target` + `omp.teams` (acc-to-omp)
// CHECK-LABEL: === diagnostics
// CHECK: 'func.return' op has 0 operands, but enclosing function (@with_error) returns 1
