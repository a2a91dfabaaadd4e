// Ops with Fortran locations in a function the verifier rejects: the
// records keep the Fortran lines (a verifier message makes ops point at
// their place in this text, and must not take those lines away).
module {
  func.func @f(%arg0: i32) -> i32 {
    %c1 = arith.constant 1 : i32 loc("/src/kernel.f90":7:11)
    %0 = arith.addi %arg0, %c1 : i32 loc("/src/kernel.f90":8:5)
    %1 = arith.muli %0, %0 : i32 loc("/src/kernel.f90":9:7)
    return loc("/src/kernel.f90":10:1)
  } loc("/src/kernel.f90":6:1)
}
