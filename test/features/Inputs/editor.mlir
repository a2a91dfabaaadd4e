// Semantic tokens, highlights and renames (test/features/editor-*.test).
omp.private {type = private} @x_private : i32

llvm.mlir.global internal @counter(0 : i32) : i32

func.func @helper(%p: !llvm.ptr) -> i32 {
  %c = llvm.mlir.constant(1 : i32) : i32
  return %c : i32
}

func.func @kernel(%x: !llvm.ptr, %n: i32) {
  %true = arith.constant true
  %g = llvm.mlir.addressof @counter : !llvm.ptr
  %mx = omp.map.info var_ptr(%x : !llvm.ptr, i32) map_clauses(tofrom) capture(ByRef) -> !llvm.ptr {name = "x"}
  omp.target map_entries(%mx -> %ax : !llvm.ptr) private(@x_private %x -> %px : !llvm.ptr) {
    %v = llvm.load %ax : !llvm.ptr -> i32
    %s:2 = arith.addui_extended %v, %v : i32, i1
    %w = llvm.add %s#0, %s#0 : i32
    llvm.store %w, %px : i32, !llvm.ptr
    omp.terminator
  }
  %r = func.call @helper(%x) : (!llvm.ptr) -> i32
  cf.br ^bb1(%r : i32)
^bb1(%a: i32):
  cf.cond_br %true, ^bb1(%a : i32), ^bb2
^bb2:
  return
}
