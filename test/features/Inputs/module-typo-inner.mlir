modul attributes {omp.is_target_device = false} {
  func.func @f(%x: !llvm.ptr) {
    %m = omp.map.info var_ptr(%x : !llvm.ptr, f32) map_clauses(to) capture(ByRef) -> !llvm.ptr {name = "x"}
    omp.target map_entries(%m -> %a : !llvm.ptr) {
      omp.terminator
    }
    return
  }
  func.func @g() {
    %c = arith.constant 1 : i32
    %d = arith.addi %c, %undefined : i32
    return
  }
}
