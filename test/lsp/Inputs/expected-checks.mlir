func.func @undeclared() {
  "func.return"(%x) : (i32) -> ()
}

// -----

func.func @twice() {
  return
}
func.func @twice() {
  return
}

// -----

func.func @results() {
  %c = arith.constant 1 : i32
  func.return %c : i32
}

// -----

func.func @target(%p: !llvm.ptr) {
    omp.target mapentries(%p -> %a : !llvm.ptr) {
      omp.terminator
    }
    return
}
