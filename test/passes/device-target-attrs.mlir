// RUN: %ompx opt %s --split-input-file --ompx-device-target-attrs | FileCheck %s
//
// The device copy of an LLVM-dialect input: llvm.func has no target cpu or
// features (or the host's), and the kernels the OpenMP translation outlines
// inherit them from their llvm.func. OpenMPIRBuilder sizes amdgcn warps from
// the kernel's features: without `+wavefrontsize64` its reduction helpers
// use 32 lanes (`& 31`) on 64-lane gfx9. The pass gives every llvm.func
// definition the module's fir.target_cpu / fir.target_features (which the
// launch sets from the chosen arch; flang's TargetRewrite does the same for
// func.func).

module attributes {fir.target_cpu = "gfx90a", fir.target_features = #llvm.target_features<["+gfx9-insts", "+wavefrontsize64"]>} {
  // CHECK-LABEL: llvm.func @_QQmain()
  // CHECK-SAME: target_cpu = "gfx90a"
  // CHECK-SAME: target_features = #llvm.target_features<["+gfx9-insts", "+wavefrontsize64"]>
  llvm.func @_QQmain() {
    llvm.return
  }
  // The host's attributes are replaced.
  // CHECK-LABEL: llvm.func @host_attrs()
  // CHECK-SAME: target_cpu = "gfx90a"
  // CHECK-SAME: target_features = #llvm.target_features<["+gfx9-insts", "+wavefrontsize64"]>
  llvm.func @host_attrs() attributes {target_cpu = "x86-64", target_features = #llvm.target_features<["+sse2"]>} {
    llvm.return
  }
  // Declarations are left alone.
  // CHECK: llvm.func @external(){{$}}
  llvm.func @external()
}

// -----

// A module without them is left alone.
// CHECK-LABEL: llvm.func @untouched()
// CHECK-NOT: target_
// CHECK: llvm.return
module {
  llvm.func @untouched() {
    llvm.return
  }
}
