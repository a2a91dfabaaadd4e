// `expected-*` of translation diagnostics, checked by
// `--check --verify-expected --lowering` as by mlir-translate-22
// --mlir-to-llvmir --verify-diagnostics --split-input-file.
llvm.func @taskgroup_allocate(%x : !llvm.ptr, %a : i64) {
  // expected-error@below {{not yet implemented: Unhandled clause allocate in omp.taskgroup operation}}
  // expected-error@below {{LLVM Translation failed for operation: omp.taskgroup}}
  omp.taskgroup allocate(%a : i64 -> %x : !llvm.ptr) {
    omp.terminator
  }
  llvm.return
}

// -----
llvm.func @atomic_hint(%v : !llvm.ptr, %x : !llvm.ptr) {
  // expected-warning@+1 {{hint clause discarded}}
  omp.atomic.read %x = %v hint(contended) : !llvm.ptr, !llvm.ptr, i32
  llvm.return
}
