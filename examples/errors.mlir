// A type error; @f alone makes mlir-opt-22 abort (the omp.wsloop verifier on a
// memref `linear` clause); a verifier error. ompx reports all three.
func.func @before(%a : i32) {
  %0 = arith.addi %a, %a : i64
  return
}
func.func @f(%lb : index, %ub : index, %step : index, %d : memref<i32>, %l : i32) {
  omp.wsloop schedule(static) linear(%d = %l : memref<i32>) {
    omp.loop_nest (%iv) : index = (%lb) to (%ub) step (%step) {
      omp.yield
    }
  }
  return
}
func.func @after() {
  %x = "arith.constant"() {value = 1 : i32} : () -> i64
  return
}
