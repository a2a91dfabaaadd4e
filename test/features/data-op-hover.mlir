// An op hover names each map entry's variable for data directives too
// (`omp.target_enter_data`: `%m → (x)`; it had only `%m`), and calls
// num_teams' upper bound by its name, not the `to` between the bounds.
// RUN: %lspq %s 'hover: |omp.target_enter_data' 'hover: |omp.teams num_teams' | FileCheck %s
// CHECK: **{{.*}}target_enter_data**
// CHECK: - `map_entries` (`map_vars`): %m (x)
// CHECK: **{{.*}}teams**
// CHECK: - `num_teams_upper`: %n
// CHECK-NOT: `to` (`num_teams_upper`)
func.func @f(%x: !llvm.ptr, %n: i32) {
  %m = omp.map.info var_ptr(%x : !llvm.ptr, f32) map_clauses(to) capture(ByRef) -> !llvm.ptr {name = "x"}
  omp.target_enter_data map_entries(%m : !llvm.ptr)
  omp.teams num_teams( to %n : i32) {
    omp.terminator
  }
  return
}
