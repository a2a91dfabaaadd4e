// A parallel region with an allocate clause, which LLVM 22's OpenMP
// translation does not implement, among functions that translate fine: the
// reducer keeps the one failure and drops the rest.
module {
  llvm.func @sum0(%a: i64, %b: i64) -> i64 {
    %0 = llvm.add %a, %b : i64
    %1 = llvm.mul %0, %a : i64
    %2 = llvm.sub %1, %b : i64
    llvm.return %2 : i64
  }
  llvm.func @sum1(%a: i64, %b: i64) -> i64 {
    %0 = llvm.add %a, %b : i64
    %1 = llvm.mul %0, %a : i64
    %2 = llvm.sub %1, %b : i64
    llvm.return %2 : i64
  }
  llvm.func @sum2(%a: i64, %b: i64) -> i64 {
    %0 = llvm.add %a, %b : i64
    %1 = llvm.mul %0, %a : i64
    %2 = llvm.sub %1, %b : i64
    llvm.return %2 : i64
  }
  llvm.func @sum3(%a: i64, %b: i64) -> i64 {
    %0 = llvm.add %a, %b : i64
    %1 = llvm.mul %0, %a : i64
    %2 = llvm.sub %1, %b : i64
    llvm.return %2 : i64
  }
  llvm.func @sum4(%a: i64, %b: i64) -> i64 {
    %0 = llvm.add %a, %b : i64
    %1 = llvm.mul %0, %a : i64
    %2 = llvm.sub %1, %b : i64
    llvm.return %2 : i64
  }
  llvm.func @sum5(%a: i64, %b: i64) -> i64 {
    %0 = llvm.add %a, %b : i64
    %1 = llvm.mul %0, %a : i64
    %2 = llvm.sub %1, %b : i64
    llvm.return %2 : i64
  }
  llvm.func @with_allocate(%n: !llvm.ptr) {
    %one = llvm.mlir.constant(1 : i64) : i64
    %cnt = llvm.alloca %one x i32 : (i64) -> !llvm.ptr
    %kind = llvm.mlir.constant(5 : i64) : i64
    omp.parallel allocate(%kind : i64 -> %cnt : !llvm.ptr) {
      omp.terminator
    }
    llvm.return
  }
  llvm.func @sum6(%a: i64, %b: i64) -> i64 {
    %0 = llvm.add %a, %b : i64
    %1 = llvm.mul %0, %a : i64
    %2 = llvm.sub %1, %b : i64
    llvm.return %2 : i64
  }
  llvm.func @sum7(%a: i64, %b: i64) -> i64 {
    %0 = llvm.add %a, %b : i64
    %1 = llvm.mul %0, %a : i64
    %2 = llvm.sub %1, %b : i64
    llvm.return %2 : i64
  }
  llvm.func @sum8(%a: i64, %b: i64) -> i64 {
    %0 = llvm.add %a, %b : i64
    %1 = llvm.mul %0, %a : i64
    %2 = llvm.sub %1, %b : i64
    llvm.return %2 : i64
  }
  llvm.func @sum9(%a: i64, %b: i64) -> i64 {
    %0 = llvm.add %a, %b : i64
    %1 = llvm.mul %0, %a : i64
    %2 = llvm.sub %1, %b : i64
    llvm.return %2 : i64
  }
  llvm.func @sum10(%a: i64, %b: i64) -> i64 {
    %0 = llvm.add %a, %b : i64
    %1 = llvm.mul %0, %a : i64
    %2 = llvm.sub %1, %b : i64
    llvm.return %2 : i64
  }
  llvm.func @sum11(%a: i64, %b: i64) -> i64 {
    %0 = llvm.add %a, %b : i64
    %1 = llvm.mul %0, %a : i64
    %2 = llvm.sub %1, %b : i64
    llvm.return %2 : i64
  }
}
