// Translation findings of `--check --lowering`, one construct per split.
llvm.func @taskgroup_allocate(%x : !llvm.ptr, %a : i64) {
  omp.taskgroup allocate(%a : i64 -> %x : !llvm.ptr) {
    omp.terminator
  }
  llvm.return
}

// -----
llvm.func @clean(%lb : i32, %ub : i32, %step : i32) {
  omp.wsloop {
    omp.loop_nest (%iv) : i32 = (%lb) to (%ub) step (%step) {
      omp.yield
    }
  }
  llvm.return
}

// -----
llvm.func @atomic_hint(%v : !llvm.ptr, %x : !llvm.ptr) {
  omp.atomic.read %x = %v hint(contended) : !llvm.ptr, !llvm.ptr, i32
  llvm.return
}

// -----
// A verifier error: nothing is translated, the verifier's finding stays.
llvm.func @bad(%x : !llvm.ptr) {
  omp.taskgroup allocate(%x : !llvm.ptr -> %x : !llvm.ptr) {
    omp.terminator
  }
  %0 = llvm.mlir.constant(1 : i64) : i64
  llvm.return %0 : i64
}

// -----
// Written for mlir-opt (func.func, no FIR): not checked.
func.func @not_for_launch(%x : memref<i32>, %a : i64) {
  omp.taskgroup allocate(%a : i64 -> %x : memref<i32>) {
    omp.terminator
  }
  return
}
