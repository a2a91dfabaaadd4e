// A device half that names its host IR: translation would read the file.
module attributes {omp.is_target_device = true, omp.is_gpu = false, omp.host_ir_filepath = "@HOSTIR@", llvm.target_triple = "x86_64-unknown-linux-gnu"} {
  llvm.func @f(%x: !llvm.ptr) {
    %m = omp.map.info var_ptr(%x : !llvm.ptr, i32) map_clauses(tofrom) capture(ByRef) -> !llvm.ptr {name = "x"}
    omp.target map_entries(%m -> %a : !llvm.ptr) {
      %c = llvm.mlir.constant(1 : i32) : i32
      llvm.store %c, %a : i32, !llvm.ptr
      omp.terminator
    }
    llvm.return
  }
}
