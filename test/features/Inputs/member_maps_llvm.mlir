// Hand-written after upstream ops.mlir @omp_map_with_members: a named parent
// map whose var type (an LLVM struct) has no component names.
func.func @llvm_members(%a: !llvm.ptr, %b: !llvm.ptr, %s: !llvm.ptr) {
  %m0 = omp.map.info var_ptr(%a : !llvm.ptr, i32) map_clauses(to) capture(ByRef) -> !llvm.ptr {name = ""}
  %m1 = omp.map.info var_ptr(%b : !llvm.ptr, f32) map_clauses(to) capture(ByRef) -> !llvm.ptr {name = ""}
  %m2 = omp.map.info var_ptr(%s : !llvm.ptr, !llvm.struct<(i32, f32)>) map_clauses(to) capture(ByRef) members(%m0, %m1 : [0], [1] : !llvm.ptr, !llvm.ptr) -> !llvm.ptr {name = "s", partial_map = true}
  omp.target map_entries(%m2 -> %x, %m0 -> %y, %m1 -> %z : !llvm.ptr, !llvm.ptr, !llvm.ptr) {
    omp.terminator
  }
  return
}
