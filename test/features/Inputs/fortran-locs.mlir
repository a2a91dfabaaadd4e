// Hand-written locations in the forms flang-22 and MLIR print them: an alias
// defined at the end, inline, a name location, a fused one (the first file
// location counts), a call site, none (the enclosing op's counts), and
// line 0 (flang's module: no line); a relative file is read from this
// file's folder. An alias used inside another location
// must be defined first (MLIR defers only top-level `loc(#alias)`).
#loc2 = loc("/src/kernel.f90":9:7)
module {
  func.func @f(%arg0: i32) {
    %c1 = arith.constant 1 : i32 loc(#loc1)
    %0 = arith.addi %arg0, %c1 : i32 loc("/src/kernel.f90":8:5)
    %1 = arith.muli %0, %0 : i32 loc("y"(#loc2))
    %2 = arith.subi %1, %0 : i32 loc(fused["other":1:1, "/src/kernel.f90":11:3])
    %3 = arith.addi %2, %2 : i32 loc(callsite("inner.f90":4:2 at "/src/kernel.f90":12:1))
    %4 = arith.addi %3, %3 : i32
    %5 = arith.muli %4, %4 : i32 loc("./assumed_shape_target.f90":3:1)
    return loc(#loc3)
  } loc("/src/kernel.f90":6:1)
} loc("/src/kernel.f90":0:0)
#loc1 = loc("/src/kernel.f90":7:11)
#loc3 = loc("/src/kernel.f90":8:5)
