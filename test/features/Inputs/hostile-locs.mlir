func.func @f(%a: i32) -> i32 {
  %0 = arith.addi %a, %a : i32 loc("/etc/passwd":1:1)
  %1 = arith.muli %0, %0 : i32 loc("../../../../../../../../../../../../etc/hostname":1:1)
  %2 = arith.subi %1, %1 : i32 loc("@OUTSIDE@/secret.f90":1:1)
  %3 = arith.divsi %2, %2 : i32 loc("link.f90":1:1)
  %4 = arith.remsi %3, %3 : i32 loc("fence.f90":1:1)
  %5 = arith.andi %4, %4 : i32 loc("inside.f90":2:1)
  %6 = arith.ori %5, %5 : i32 loc("fifo.f90":1:1)
  %7 = arith.xori %6, %6 : i32 loc("zero.f90":1:1)
  return %7 : i32
}
