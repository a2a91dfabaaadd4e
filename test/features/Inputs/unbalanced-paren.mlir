module {
  func.func @a() {
    %c = arith.constant 1 : i32
    return
  }
  func.func @b(%x: i32) {
    %0 = arith.addi %x, %x : (i32
    return
  }
  func.func @c() {
    omp.parallel {
      omp.terminator
    }
    return
  }
}
