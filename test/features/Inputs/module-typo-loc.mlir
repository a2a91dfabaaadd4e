#loc1 = loc("x.f90":1:1)
modul attributes {omp.is_target_device = false} {
  func.func @g() {
    %d = arith.addi %c, %c : i32
    return
  } loc(#loc1)
} loc(#loc)
#loc = loc("x.f90":9:1)
