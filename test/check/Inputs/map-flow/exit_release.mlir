func.func @f(%p: !llvm.ptr) -> f32 {
  %m = omp.map.info var_ptr(%p : !llvm.ptr, f32) map_clauses(to) capture(ByRef) -> !llvm.ptr {name = "x"}
  omp.target_enter_data map_entries(%m : !llvm.ptr)
  %k = omp.map.info var_ptr(%p : !llvm.ptr, f32) map_clauses(tofrom) capture(ByRef) -> !llvm.ptr {name = "x"}
  omp.target map_entries(%k -> %a : !llvm.ptr) {
    %c = llvm.mlir.constant(1.0 : f32) : f32
    llvm.store %c, %a : f32, !llvm.ptr
    omp.terminator
  }
  %e = omp.map.info var_ptr(%p : !llvm.ptr, f32) map_clauses(storage) capture(ByRef) -> !llvm.ptr {name = "x"}
  omp.target_exit_data map_entries(%e : !llvm.ptr)
  %v = llvm.load %p : !llvm.ptr -> f32
  return %v : f32
}
