// omp.section's entry arguments are its omp.sections' reduction (and
// private) arguments again, in the same order.
omp.declare_reduction @sum_f32 : f32 init {
^bb0(%init: f32):
  %zero = llvm.mlir.constant(0.0 : f32) : f32
  omp.yield(%zero : f32)
} combiner {
^bb0(%lhs: f32, %rhs: f32):
  %both = llvm.fadd %lhs, %rhs : f32
  omp.yield(%both : f32)
}
func.func @two(%total: !llvm.ptr, %count: !llvm.ptr) {
  omp.sections reduction(@sum_f32 %total -> %t, @sum_f32 %count -> %c : !llvm.ptr, !llvm.ptr) {
    omp.section {
    ^bb0(%first: !llvm.ptr, %second: !llvm.ptr):
      %v = llvm.load %second : !llvm.ptr -> f32
      omp.terminator
    }
    omp.terminator
  }
  return
}
