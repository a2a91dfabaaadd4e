// A device half holding omp.threadprivate: LLVM 22's translation crashes
// (SIGSEGV; mlir-translate-22 too). (It used to be a missing host IR file,
// which ompx no longer reads: see host-ir-path.test.)
module attributes {llvm.target_triple = "amdgcn-amd-amdhsa", omp.is_target_device = true} {
  llvm.func @k(%x : !llvm.ptr) {
    %0 = omp.threadprivate %x : !llvm.ptr -> !llvm.ptr
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
