// LLVM 22 aborts (SIGABRT) while parsing a linear clause on omp.wsloop with
// a memref variable (see corpus SOURCES.md): the build process must die
// alone and the launcher must report it.
func.func @main(%lb : index, %ub : index, %step : index, %d : memref<i32>, %l : i32) {
  omp.wsloop schedule(static) linear(%d = %l : memref<i32>) {
    omp.loop_nest (%iv) : index = (%lb) to (%ub) step (%step) {
      omp.yield
    }
  }
  return
}
