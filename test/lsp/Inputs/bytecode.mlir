module {
  func.func @saxpy(%n: i32, %p: !llvm.ptr) {
    %m = omp.map.info var_ptr(%p : !llvm.ptr, f32) map_clauses(tofrom) capture(ByRef) -> !llvm.ptr {name = "y"}
    omp.target map_entries(%m -> %a : !llvm.ptr) {
      omp.terminator
    }
    return
  }
}
