// RUN: %ompx opt %s --verify-diagnostics --ompx-acc-host-fallback=fail-on-leftover=false | FileCheck %s
//
// With fail-on-leftover=false every acc op that is still needed gets a
// warning, the pass succeeds and the IR is left as it is.

// CHECK-LABEL: llvm.func @llvm_body()
// CHECK-NEXT: acc.serial {
// CHECK-NEXT: acc.yield
llvm.func @llvm_body() {
  // expected-warning @below {{OpenACC host fallback left acc.serial, which LLVM 22 cannot translate}}
  acc.serial {
    // expected-warning @below {{OpenACC host fallback left acc.yield, which LLVM 22 cannot translate}}
    acc.yield
  }
  llvm.return
}

// Host fallback still runs where it can.
// CHECK-LABEL: func.func @host()
// CHECK-NEXT: return
func.func @host() {
  acc.serial {
    acc.yield
  }
  return
}
