// omp.threadprivate inside a target region: LLVM 22's translation of the
// host copy dies (SIGSEGV in ModuleTranslation::convertBlockImpl). The
// snapshots before it are kept and the index names the step it died in.
module {
  llvm.mlir.global internal @g() : i32 {
    %0 = llvm.mlir.constant(0 : i32) : i32
    llvm.return %0 : i32
  }
  llvm.func @k() {
    %a = llvm.mlir.addressof @g : !llvm.ptr
    %m = omp.map.info var_ptr(%a : !llvm.ptr, i32) map_clauses(tofrom) capture(ByRef) -> !llvm.ptr {name = "g"}
    omp.target map_entries(%m -> %p : !llvm.ptr) {
      %t = omp.threadprivate %p : !llvm.ptr -> !llvm.ptr
      omp.terminator
    }
    llvm.return
  }
}
