// One function of three does not verify (an omp.loop_nest outside a loop
// wrapper); the reducer keeps that error at that op.
func.func @ok1(%a : i32) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1 = arith.muli %0, %a : i32
  return %1 : i32
}
func.func @bad(%lb : index, %ub : index) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %s = arith.addi %ub, %c1 : index
  omp.parallel {
    omp.loop_nest (%iv) : index = (%lb) to (%s) step (%c1) {
      omp.yield
    }
    omp.terminator
  }
  return
}
func.func @ok2(%b : f32) -> f32 {
  %0 = arith.addf %b, %b : f32
  return %0 : f32
}
