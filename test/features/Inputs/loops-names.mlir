// Negative cases of explain-loops.test: a loop whose bounds are neither
// constants nor host_eval, an exclusive upper bound, a private value that no
// Fortran declare names, a block argument that is no IV.
omp.private {type = private} @p : i32
func.func @f(%lb: i32, %ub: i32, %x: !llvm.ptr) {
  %c2 = arith.constant 2 : i32
  omp.wsloop private(@p %x -> %px : !llvm.ptr) {
    omp.loop_nest (%i) : i32 = (%lb) to (%ub) step (%c2) {
      omp.yield
    }
  }
  return
}
