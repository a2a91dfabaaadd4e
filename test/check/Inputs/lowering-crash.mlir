// A device half whose host IR file is missing: LLVM 22's OpenMPIRBuilder
// calls report_fatal_error while translating it (mlir-translate-22 aborts).
module attributes {omp.is_target_device = true, omp.is_gpu = false, omp.host_ir_filepath = "/nonexistent/ompx-test/host.bc"} {
  llvm.func @k(%x : !llvm.ptr) {
    %m = omp.map.info var_ptr(%x : !llvm.ptr, i32) map_clauses(tofrom) capture(ByRef) -> !llvm.ptr
    omp.target map_entries(%m -> %a : !llvm.ptr) {
      omp.terminator
    }
    llvm.return
  }
}

// -----
llvm.func @after(%x : !llvm.ptr, %a : i64) {
  omp.taskgroup allocate(%a : i64 -> %x : !llvm.ptr) {
    omp.terminator
  }
  llvm.return
}
