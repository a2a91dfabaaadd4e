// RUN: %ompx opt %s --ompx-mark-host-functions | FileCheck %s
//
// llvm.func definitions that are not declare target become
// declare_target(host): the device translation outlines their target
// regions, then drops them (flang's omp-function-filtering for llvm.func).

// CHECK-LABEL: llvm.func @host_only(
// CHECK-SAME: attributes {omp.declare_target = #omp.declaretarget<device_type = (host), capture_clause = (to), automap = false>}
llvm.func @host_only(%arg0: !llvm.ptr) {
  llvm.return
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
