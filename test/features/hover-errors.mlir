// Hover works on what the parser reached in a chunk that has errors.
// RUN: %lspq %s 'hover:$bad' 'hover:$arg' 'hover:$good' 'hover:$kw' diagnostics | FileCheck %s

func.func @broken(%a: !llvm.ptr) {
  %m = omp.map.info var_ptr(%a : !llvm.ptr, i32) map_clauses(tofrom) capture(ByRef) -> !llvm.ptr {name = "a"}
  $[bad]omp.target map_entries(%m -> %x : !llvm.ptr) {
    %v = llvm.load %x : !llvm.ptr -> i32
    %w = llvm.add %v, %undefined : i32
    omp.terminator
  }
  return
}

func.func @fine(%b: !llvm.ptr) {
  %m = omp.map.info var_ptr(%b : !llvm.ptr, f32) $[kw]map_clauses(to) capture(ByRef) -> !llvm.ptr {name = "b"}
  $[good]omp.target map_entries(%m -> %y : !llvm.ptr) {
    %v = llvm.load $[arg]%y : !llvm.ptr -> f32
    omp.terminator
  }
  return
}

// The op around the error is known by name only.
// CHECK-LABEL: === hover $bad
// CHECK-NEXT: range 6:3-6:13 omp.target
// CHECK-NEXT: **omp.target** — target construct
// CHECK: *Only the name is known: the error at line 8 (use of undeclared SSA value name) made the parser drop lines 4–12, and this op's IR with them.*

// The other function parsed: full clause facts.
// CHECK-LABEL: === hover $arg
// CHECK-NEXT: range 17:20-17:22 %y
// CHECK-NEXT: **%y** — `map_entries` entry #0 of `omp.target`: device copy of **b**, mapped `to`, captured `ByRef`
// CHECK-LABEL: === hover $good
// CHECK: - `map_entries` (`map_vars`): %m → %y (b)
// CHECK-LABEL: === hover $kw
// CHECK-NEXT: range 15:50-15:61 map_clauses
// CHECK-NEXT: **map_clauses** — clause of `omp.map.info`
// CHECK-LABEL: === diagnostics
// CHECK: 8:23-8:33 %undefined use of undeclared SSA value name
