// Inputs of mapping.test: one case per split.

// (a) written in the region, mapped `to` only.
func.func @write_to(%p: !llvm.ptr) {
  %m = omp.map.info var_ptr(%p : !llvm.ptr, f32) map_clauses(always, to) capture(ByRef) -> !llvm.ptr {name = "x"}
  omp.target map_entries(%m -> %a : !llvm.ptr) {
    %c = llvm.mlir.constant(1.0 : f32) : f32
    %g = llvm.getelementptr %a[0] : (!llvm.ptr) -> !llvm.ptr, f32
    llvm.store %c, %g : f32, !llvm.ptr
    omp.terminator
  }
  return
}

// -----
// (a) and (b) silent: written and mapped tofrom; written only by a call
// (maybe), mapped to; by-copy scalars are the region's own.
llvm.func @sink(!llvm.ptr)
func.func @write_ok(%p: !llvm.ptr, %q: !llvm.ptr, %r: !llvm.ptr) {
  %m = omp.map.info var_ptr(%p : !llvm.ptr, f32) map_clauses(tofrom) capture(ByRef) -> !llvm.ptr {name = "x"}
  %n = omp.map.info var_ptr(%q : !llvm.ptr, f32) map_clauses(from) capture(ByRef) -> !llvm.ptr {name = "y"}
  %k = omp.map.info var_ptr(%r : !llvm.ptr, f32) map_clauses(implicit) capture(ByCopy) -> !llvm.ptr {name = "k"}
  omp.target map_entries(%m -> %a, %n -> %b, %k -> %c : !llvm.ptr, !llvm.ptr, !llvm.ptr) {
    %v = llvm.mlir.constant(1.0 : f32) : f32
    llvm.store %v, %a : f32, !llvm.ptr
    llvm.call @sink(%b) : (!llvm.ptr) -> ()
    llvm.store %v, %c : f32, !llvm.ptr
    omp.terminator
  }
  return
}

// -----
// (b) mapped tofrom, only read.
func.func @from_unwritten(%p: !llvm.ptr, %out: !llvm.ptr) {
  %m = omp.map.info var_ptr(%p : !llvm.ptr, f32) map_clauses(tofrom) capture(ByRef) -> !llvm.ptr {name = "x"}
  omp.target map_entries(%m -> %a : !llvm.ptr) {
    %v = llvm.load %a : !llvm.ptr -> f32
    omp.terminator
  }
  return
}

// -----
// (c) mapped from, read first; the second one is written first.
func.func @read_first(%p: !llvm.ptr, %q: !llvm.ptr) {
  %m = omp.map.info var_ptr(%p : !llvm.ptr, f32) map_clauses(from) capture(ByRef) -> !llvm.ptr {name = "x"}
  %n = omp.map.info var_ptr(%q : !llvm.ptr, f32) map_clauses(storage) capture(ByRef) -> !llvm.ptr {name = "t"}
  omp.target map_entries(%m -> %a, %n -> %b : !llvm.ptr, !llvm.ptr) {
    %v = llvm.load %a : !llvm.ptr -> f32
    %w = llvm.fadd %v, %v : f32
    llvm.store %w, %a : f32, !llvm.ptr
    llvm.store %w, %b : f32, !llvm.ptr
    %u = llvm.load %b : !llvm.ptr -> f32
    omp.terminator
  }
  return
}

// -----
// (d) copyin written in a parallel region, never copied out; `b` is.
func.func @acc_copyin(%a: memref<10xf32>, %b: memref<10xf32>) {
  %c0 = arith.constant 0 : index
  %f = arith.constant 1.0 : f32
  %da = acc.copyin varPtr(%a : memref<10xf32>) -> memref<10xf32> {name = "a"}
  %db = acc.copyin varPtr(%b : memref<10xf32>) -> memref<10xf32> {dataClause = #acc<data_clause acc_copy>, name = "b"}
  acc.parallel dataOperands(%da, %db : memref<10xf32>, memref<10xf32>) {
    memref.store %f, %da[%c0] : memref<10xf32>
    memref.store %f, %db[%c0] : memref<10xf32>
    acc.yield
  }
  acc.delete accPtr(%da : memref<10xf32>) {dataClause = #acc<data_clause acc_copyin>, name = "a"}
  acc.copyout accPtr(%db : memref<10xf32>) to varPtr(%b : memref<10xf32>) {dataClause = #acc<data_clause acc_copy>, name = "b"}
  return
}

// -----
// (e) a host_eval value nothing uses.
func.func @host_eval(%n: i32, %lb: i32) {
  omp.target host_eval(%lb -> %a, %n -> %b : i32, i32) {
    omp.teams {
      omp.distribute {
        omp.loop_nest (%i) : i32 = (%a) to (%a) step (%a) {
          omp.yield
        }
      }
      omp.terminator
    }
    omp.terminator
  }
  return
}

// -----
// (f) words the parser reads as nothing.
func.func @words(%p: !llvm.ptr) {
  %m = omp.map.info var_ptr(%p : !llvm.ptr, f32) map_clauses(del, tof, bogus) capture(ByRef) -> !llvm.ptr {name = "x"}
  return
}

// -----
// Suppressed: a comment on the line above, and on the op's line.
func.func @suppressed(%p: !llvm.ptr) {
  // ompx-ignore(map-write-not-from)
  %m = omp.map.info var_ptr(%p : !llvm.ptr, f32) map_clauses(to) capture(ByRef) -> !llvm.ptr {name = "x"}
  %n = omp.map.info var_ptr(%p : !llvm.ptr, f32) map_clauses(priv) capture(ByRef) -> !llvm.ptr {name = "y"} // ompx-ignore(map-clause-word)
  omp.target map_entries(%m -> %a : !llvm.ptr) {
    %c = llvm.mlir.constant(1.0 : f32) : f32
    llvm.store %c, %a : f32, !llvm.ptr
    omp.terminator
  }
  return
}

// -----
// One variable in two entries (flang: a map and a reduction): written
// through one of them, neither is "never written".
func.func @twice(%p: !llvm.ptr) {
  %m = omp.map.info var_ptr(%p : !llvm.ptr, f32) map_clauses(tofrom) capture(ByRef) -> !llvm.ptr {name = "e"}
  %n = omp.map.info var_ptr(%p : !llvm.ptr, f32) map_clauses(tofrom) capture(ByRef) -> !llvm.ptr {name = "e"}
  omp.target map_entries(%m -> %a, %n -> %b : !llvm.ptr, !llvm.ptr) {
    %c = llvm.mlir.constant(1.0 : f32) : f32
    llvm.store %c, %a : f32, !llvm.ptr
    omp.terminator
  }
  return
}

// -----
// `ompx-ignore` alone silences every check of its line; `ompx-ignored` is
// not that comment.
func.func @ignore_all(%p: !llvm.ptr) {
  // ompx-ignore
  %m = omp.map.info var_ptr(%p : !llvm.ptr, f32) map_clauses(to, bogus) capture(ByRef) -> !llvm.ptr {name = "x"}
  // ompx-ignored
  %n = omp.map.info var_ptr(%p : !llvm.ptr, f32) map_clauses(priv) capture(ByRef) -> !llvm.ptr {name = "y"}
  omp.target map_entries(%m -> %a : !llvm.ptr) {
    %c = llvm.mlir.constant(1.0 : f32) : f32
    llvm.store %c, %a : f32, !llvm.ptr
    omp.terminator
  }
  return
}
