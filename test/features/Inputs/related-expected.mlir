// diagnostic-related.test: the related locations are no expected-notes.
func.func @f(%x: !llvm.ptr) {
  // expected-error@+1 {{failed to lookup privatizer op with symbol: '@nope'}}
  omp.parallel private(@nope %x -> %a : !llvm.ptr) {
    omp.terminator
  }
  return
}
