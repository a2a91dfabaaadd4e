// The outline lists the data directives that have no body (enter, update,
// exit, OpenACC's too) and synchronization, each naming what it moves: a
// reader looking for where `x` goes back to the host finds it there.
// RUN: %lspq %s symbols | FileCheck %s
// CHECK-LABEL: === symbols
// CHECK-NEXT: func.func @f
// CHECK-NEXT:   omp.target_enter_data [{{[0-9]+}}] map_entries(2): x to, y alloc |
// CHECK-NEXT:   omp.target [{{[0-9]+}}] map_entries(1) |
// CHECK-NEXT:   omp.barrier [{{[0-9]+}}]  |
// CHECK-NEXT:   omp.target_update [{{[0-9]+}}] map_entries(1): x from |
// CHECK-NEXT:   omp.target_exit_data [{{[0-9]+}}] map_entries(1): y release |
// CHECK-NEXT:   acc.enter_data [{{[0-9]+}}] dataOperands(1) |
// CHECK-NOT:  omp.map.info
// CHECK-NOT:  acc.copyin
func.func @f(%x: !llvm.ptr, %y: !llvm.ptr, %z: memref<f32>) {
  %mx = omp.map.info var_ptr(%x : !llvm.ptr, f32) map_clauses(to) capture(ByRef) -> !llvm.ptr {name = "x"}
  %my = omp.map.info var_ptr(%y : !llvm.ptr, f32) map_clauses(storage) capture(ByRef) -> !llvm.ptr {name = "y"}
  omp.target_enter_data map_entries(%mx, %my : !llvm.ptr, !llvm.ptr)
  %mt = omp.map.info var_ptr(%x : !llvm.ptr, f32) map_clauses(tofrom) capture(ByRef) -> !llvm.ptr {name = "x"}
  omp.target map_entries(%mt -> %a : !llvm.ptr) {
    omp.terminator
  }
  omp.barrier
  %mf = omp.map.info var_ptr(%x : !llvm.ptr, f32) map_clauses(from) capture(ByRef) -> !llvm.ptr {name = "x"}
  omp.target_update map_entries(%mf : !llvm.ptr)
  %mr = omp.map.info var_ptr(%y : !llvm.ptr, f32) map_clauses(release) capture(ByRef) -> !llvm.ptr {name = "y"}
  omp.target_exit_data map_entries(%mr : !llvm.ptr)
  %c = acc.copyin varPtr(%z : memref<f32>) -> memref<f32>
  acc.enter_data dataOperands(%c : memref<f32>)
  return
}
