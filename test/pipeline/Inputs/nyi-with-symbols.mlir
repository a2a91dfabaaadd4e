// A lowering "not yet implemented" (omp.parallel allocate) in one function
// of several: it calls a helper and privatizes with a recipe; the other
// functions use their own recipes, a global and each other. The reducer
// keeps the failing function and what it refers to, and nothing else.
module {
  omp.private {type = private} @keep_private_i32 : i32
  omp.private {type = private} @other_private_i32 : i32
  llvm.mlir.global internal @other_table(0 : i32) : i32
  llvm.func @helper(%p: !llvm.ptr) {
    %c = llvm.mlir.constant(7 : i32) : i32
    llvm.store %c, %p : i32, !llvm.ptr
    llvm.return
  }
  llvm.func @other_a(%p: !llvm.ptr) {
    %g = llvm.mlir.addressof @other_table : !llvm.ptr
    %v = llvm.load %g : !llvm.ptr -> i32
    llvm.store %v, %p : i32, !llvm.ptr
    llvm.return
  }
  llvm.func @other_b(%p: !llvm.ptr) {
    omp.parallel private(@other_private_i32 %p -> %q : !llvm.ptr) {
      llvm.call @other_a(%q) : (!llvm.ptr) -> ()
      omp.terminator
    }
    llvm.return
  }
  llvm.func @failing(%p: !llvm.ptr, %n: i64) {
    omp.parallel allocate(%n : i64 -> %p : !llvm.ptr) private(@keep_private_i32 %p -> %q : !llvm.ptr) {
      llvm.call @helper(%q) : (!llvm.ptr) -> ()
      omp.terminator
    }
    llvm.return
  }
}
