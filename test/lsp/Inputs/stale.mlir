module {
  func.func @f(%x: !llvm.ptr, %n: i32) {
    %mx = omp.map.info var_ptr(%x : !llvm.ptr, f32) map_clauses(tofrom) capture(ByRef) -> !llvm.ptr {name = "x"} // ompx-ignore(map-from-not-written): only read, on purpose
    omp.target map_entries(%mx -> %ax : !llvm.ptr) {
      %v = llvm.load %ax : !llvm.ptr -> f32
      omp.terminator
    }
    omp.target map_entries(%mx -> %bx : !llvm.ptr) {
      %w = llvm.load %bx : !llvm.ptr -> f32
      omp.terminator
    }
    return
  }
  func.func @g(%y: !llvm.ptr) {
    %my = omp.map.info var_ptr(%y : !llvm.ptr, f32) map_clauses(to) capture(ByRef) -> !llvm.ptr {name = "y"}
    omp.target map_entries(%my -> %ay : !llvm.ptr) {
      %u = llvm.load %ay : !llvm.ptr -> f32
      omp.terminator
    }
    return
  }
}
