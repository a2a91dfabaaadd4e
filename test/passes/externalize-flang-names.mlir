// RUN: %ompx opt %s --ompx-externalize-flang-names | FileCheck %s
//
// tco output keeps flang's internal names; the pass gives external
// procedures and common blocks their linker names, as flang's
// external-name-interop does for func.func/fir.global, uses included.

// CHECK: llvm.mlir.global common @blk_(
// CHECK: llvm.mlir.global common @__BLNK__(
llvm.mlir.global common @_QCblk(dense<0> : vector<8xi8>) {addr_space = 0 : i32, alignment = 4 : i64} : !llvm.array<8 x i8>
llvm.mlir.global common @_QC(dense<0> : vector<4xi8>) {addr_space = 0 : i32} : !llvm.array<4 x i8>

// CHECK-LABEL: llvm.func @saxpy_(
// CHECK: llvm.mlir.addressof @blk_ : !llvm.ptr
llvm.func @_QPsaxpy(%arg0: !llvm.ptr) {
  %0 = llvm.mlir.addressof @_QCblk : !llvm.ptr
  llvm.return
}

// Module procedures are not external: they keep their names.
// CHECK-LABEL: llvm.func @_QMmodPhelper()
llvm.func @_QMmodPhelper() {
  llvm.return
}

// The linker name is taken already: both stay as they are.
// CHECK: llvm.func @_QPtaken()
// CHECK: llvm.func @taken_()
llvm.func @_QPtaken()
llvm.func @taken_()

// The main program keeps _QQmain (the Fortran runtime's main calls it).
// CHECK-LABEL: llvm.func @_QQmain()
// CHECK: llvm.call @saxpy_(%{{.*}}) : (!llvm.ptr) -> ()
// CHECK: llvm.call @_QMmodPhelper() : () -> ()
llvm.func @_QQmain() {
  %0 = llvm.mlir.zero : !llvm.ptr
  llvm.call @_QPsaxpy(%0) : (!llvm.ptr) -> ()
  llvm.call @_QMmodPhelper() : () -> ()
  llvm.return
}

// Two internal names with one linker name: the first in the module gets it,
// the second keeps its own; uses in nested regions follow the rename.
// CHECK-LABEL: llvm.func @dup_()
// CHECK: llvm.mlir.global common @_QCdup(
// CHECK-LABEL: llvm.func @user()
// CHECK: omp.parallel {
// CHECK-NEXT: llvm.call @dup_() : () -> ()
// CHECK: llvm.mlir.addressof @_QCdup : !llvm.ptr
llvm.func @_QPdup()
llvm.mlir.global common @_QCdup(dense<0> : vector<4xi8>) {addr_space = 0 : i32} : !llvm.array<4 x i8>
llvm.func @user() {
  omp.parallel {
    llvm.call @_QPdup() : () -> ()
    omp.terminator
  }
  %0 = llvm.mlir.addressof @_QCdup : !llvm.ptr
  llvm.return
}
