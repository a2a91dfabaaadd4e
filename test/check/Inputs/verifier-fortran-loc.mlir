module {
  func.func @f() -> i64 {
    %c = arith.constant 2 : i64 loc("src.f90":3:5)
    %0 = "arith.constant"() {value = 1 : i32} : () -> i64 loc("src.f90":4:7)
    %1 = arith.addi %0, %c : i64 loc(fused["src.f90":5:1, "x"])
    return %1 : i64 loc("src.f90":6:1)
  } loc("src.f90":1:1)
} loc("src.f90":0:0)
