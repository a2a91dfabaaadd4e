// A section of a declare target global in an update (rewritten) and a
// whole-global map without bounds (left alone).
module attributes {omp.is_target_device = false} {
  llvm.mlir.global external @gm() {omp.declare_target = #omp.declaretarget<device_type = (any), capture_clause = (to)>} : !llvm.array<8 x f32>
  llvm.func @f() {
    %0 = llvm.mlir.addressof @gm : !llvm.ptr
    %c1 = llvm.mlir.constant(1 : i64) : i64
    %c7 = llvm.mlir.constant(7 : i64) : i64
    %c8 = llvm.mlir.constant(8 : i64) : i64
    %b = omp.map.bounds lower_bound(%c1 : i64) upper_bound(%c7 : i64) extent(%c8 : i64) stride(%c1 : i64) start_idx(%c1 : i64)
    %m = omp.map.info var_ptr(%0 : !llvm.ptr, !llvm.array<8 x f32>) map_clauses(from) capture(ByRef) bounds(%b) -> !llvm.ptr {name = "gm(2:8)"}
    omp.target_update map_entries(%m : !llvm.ptr)
    %w = omp.map.info var_ptr(%0 : !llvm.ptr, !llvm.array<8 x f32>) map_clauses(to) capture(ByRef) -> !llvm.ptr {name = "gm"}
    omp.target_update map_entries(%w : !llvm.ptr)
    llvm.return
  }
}
