// Verifier errors about a clause's symbol or a host_eval argument, with the
// places they are about (diagnostic-related.test).
func.func @f(%x: !llvm.ptr) {
  omp.parallel private(@nope %x -> %a : !llvm.ptr) {
    omp.terminator
  }
  return
}

// -----
func.func @g(%x: !llvm.ptr) {
  omp.parallel private(@g %x -> %a : !llvm.ptr) {
    omp.terminator
  }
  return
}

// -----
omp.private {type = private} @p : i64
func.func @h(%x: !llvm.ptr, %c: i32) {
  omp.wsloop reduction(@p %x -> %a : !llvm.ptr) {
    omp.loop_nest (%i) : i32 = (%c) to (%c) step (%c) {
      omp.yield
    }
  }
  return
}

// -----
func.func @t(%n: i32) {
  omp.target host_eval(%n -> %a, %n -> %b : i32, i32) {
    omp.teams num_teams(to %b : i32) {
      omp.terminator
    }
    %y = arith.addi %a, %a : i32
    omp.terminator
  }
  return
}

// -----
// Negative: an error that names no symbol and no host_eval use.
func.func @n(%x: !llvm.ptr) {
  omp.atomic.read %x = %x : !llvm.ptr, !llvm.ptr, i32
  return
}
