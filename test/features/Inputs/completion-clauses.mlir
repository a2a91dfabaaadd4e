omp.declare_reduction @add_f32 : f32 init {
^bb0(%x: f32):
  %0 = llvm.mlir.constant(0.0 : f32) : f32
  omp.yield(%0 : f32)
} combiner {
^bb0(%x: f32, %y: f32):
  %1 = llvm.fadd %x, %y : f32
  omp.yield(%1 : f32)
} atomic {
^bb0(%x: !llvm.ptr, %y: !llvm.ptr):
  %2 = llvm.load %y : !llvm.ptr -> f32
  %3 = llvm.atomicrmw fadd %x, %2 monotonic : !llvm.ptr, f32
  omp.yield
}
omp.private {type = private} @priv_f32 : f32

func.func @f(%a: !llvm.ptr, %b: !llvm.ptr) {
  %ma = omp.map.info var_ptr(%a : !llvm.ptr, f32) map_clauses(to) capture(ByRef) -> !llvm.ptr {name = "a"}
  %mb = omp.map.info var_ptr(%b : !llvm.ptr, f32) map_clauses(tofrom) capture(ByRef) -> !llvm.ptr {name = "b"}
  omp.target map_entries(%ma -> %x : !llvm.ptr) {
    omp.terminator
  }
  omp.parallel reduction(@add_f32 %a -> %r : !llvm.ptr) {
    omp.barrier
    omp.terminator
  }
  return
}
