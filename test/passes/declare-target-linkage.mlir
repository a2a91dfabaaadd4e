// RUN: %ompx opt %s --ompx-declare-target-linkage | FileCheck %s
//
// A main program's declare target variable (`fir.global internal`) did not
// pair with its device copy on host-offload; it gets external linkage.
// Other globals keep theirs.

// CHECK: fir.global @_QFEp {omp.declare_target
fir.global internal @_QFEp {omp.declare_target = #omp.declaretarget<device_type = (any), capture_clause = (to), automap = false>} : i32 {
  %0 = arith.constant 0 : i32
  fir.has_value %0 : i32
}
// CHECK: fir.global internal @_QFEq : i32
fir.global internal @_QFEq : i32 {
  %0 = arith.constant 0 : i32
  fir.has_value %0 : i32
}
// CHECK: llvm.mlir.global external @r()
llvm.mlir.global internal @r() {omp.declare_target = #omp.declaretarget<device_type = (any), capture_clause = (to), automap = false>} : i32
// CHECK: llvm.mlir.global internal @s()
llvm.mlir.global internal @s() : i32
