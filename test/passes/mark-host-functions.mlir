// RUN: %ompx opt %s --ompx-mark-host-functions | FileCheck %s
//
// llvm.func definitions that are not declare target and hold a target
// region become declare_target(host): the device translation outlines their
// target regions, then drops them. Other host-only definitions become
// declarations (flang's omp-function-filtering for llvm.func): LLVM 22's
// translation would free a dropped function that `main` still calls.

// CHECK-LABEL: llvm.func @host_with_target(
// CHECK-SAME: attributes {omp.declare_target = #omp.declaretarget<device_type = (host), capture_clause = (to), automap = false>}
// CHECK: omp.target
llvm.func @host_with_target(%arg0: !llvm.ptr) {
  omp.target {
    omp.terminator
  }
  llvm.return
}

// CHECK: llvm.func @main() -> i32{{$}}
// CHECK-NOT: llvm.call
llvm.func internal @main() -> i32 {
  %p = llvm.mlir.zero : !llvm.ptr
  llvm.call @host_with_target(%p) : (!llvm.ptr) -> ()
  %c = llvm.mlir.constant(0 : i32) : i32
  llvm.return %c : i32
}

// A declare target function keeps what it declares.
// CHECK-LABEL: llvm.func @device_fn()
// CHECK-SAME: device_type = (nohost)
llvm.func @device_fn() attributes {omp.declare_target = #omp.declaretarget<device_type = (nohost), capture_clause = (to)>} {
  llvm.return
}

// Declarations and func.func are left alone (flang's own filter handles
// func.func).
// CHECK: llvm.func @external(!llvm.ptr){{$}}
llvm.func @external(!llvm.ptr)
// CHECK-LABEL: func.func @not_llvm() {
func.func @not_llvm() {
  return
}
