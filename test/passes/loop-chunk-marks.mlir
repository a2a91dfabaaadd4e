// RUN: %ompx opt %s --ompx-loop-chunk-marks | FileCheck %s
//
// LLVM 22's device translation drops dist_schedule/schedule chunks; each
// loop body gets a mark with its chunk (widened to i64), its kind (0
// distribute, 1 worksharing loop; 2 and 3 for a static schedule written
// without a chunk) and a site number, at the wrapper's location, for the
// loop-chunks fix after translation.

// CHECK-LABEL: llvm.func @composite(
// CHECK: omp.loop_nest
// CHECK-DAG: %[[W:.*]] = llvm.sext %arg1 : i32 to i64
// CHECK-DAG: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-DAG: %[[S1:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-DAG: llvm.call @__ompx_loop_chunk(%[[ZERO]], %[[W]], %[[S1]]) : (i32, i64, i32) -> ()
// CHECK-DAG: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-DAG: %[[S0:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-DAG: llvm.call @__ompx_loop_chunk(%[[ONE]], %arg2, %[[S0]]) : (i32, i64, i32) -> ()
// CHECK: llvm.store
llvm.func @composite(%p: !llvm.ptr, %c: i32, %t: i64) {
  %lb = llvm.mlir.constant(1 : i32) : i32
  %ub = llvm.mlir.constant(12 : i32) : i32
  omp.teams {
    omp.parallel {
      omp.distribute dist_schedule_static dist_schedule_chunk_size(%c : i32) {
        omp.wsloop schedule(static = %t : i64) {
          omp.loop_nest (%i) : i32 = (%lb) to (%ub) inclusive step (%lb) {
            llvm.store %i, %p : i32, !llvm.ptr
            omp.yield
          }
        } {omp.composite}
      } {omp.composite}
      omp.terminator
    } {omp.composite}
    omp.terminator
  }
  llvm.return
}

// dist_schedule(static) and schedule(static) written without a chunk ask
// for one block a team or thread: marked with kinds 2 and 3, chunk 0.
// CHECK-LABEL: llvm.func @blocked(
// CHECK: omp.loop_nest
// CHECK-NEXT: %[[N1:.*]] = llvm.mlir.constant(0 : i64) : i64
// CHECK-NEXT: %[[K2:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: %[[S3:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: llvm.call @__ompx_loop_chunk(%[[K2]], %[[N1]], %[[S3]]) : (i32, i64, i32) -> ()
// CHECK-NEXT: %[[N0:.*]] = llvm.mlir.constant(0 : i64) : i64
// CHECK-NEXT: %[[K3:.*]] = llvm.mlir.constant(3 : i32) : i32
// CHECK-NEXT: %[[S2:.*]] = llvm.mlir.constant(2 : i32) : i32
// CHECK-NEXT: llvm.call @__ompx_loop_chunk(%[[K3]], %[[N0]], %[[S2]]) : (i32, i64, i32) -> ()
// CHECK-NEXT: llvm.store
llvm.func @blocked(%p: !llvm.ptr) {
  %lb = llvm.mlir.constant(1 : i32) : i32
  %ub = llvm.mlir.constant(12 : i32) : i32
  omp.teams {
    omp.parallel {
      omp.distribute dist_schedule_static {
        omp.wsloop schedule(static) {
          omp.loop_nest (%i) : i32 = (%lb) to (%ub) inclusive step (%lb) {
            llvm.store %i, %p : i32, !llvm.ptr
            omp.yield
          }
        } {omp.composite}
      } {omp.composite}
      omp.terminator
    } {omp.composite}
    omp.terminator
  }
  llvm.return
}

// No clause, or another schedule kind: no mark.
// CHECK-LABEL: llvm.func @plain(
// CHECK-NOT: __ompx_loop_chunk
// CHECK: llvm.return
llvm.func @plain(%p: !llvm.ptr) {
  %lb = llvm.mlir.constant(1 : i32) : i32
  %ub = llvm.mlir.constant(12 : i32) : i32
  omp.teams {
    omp.distribute {
      omp.loop_nest (%i) : i32 = (%lb) to (%ub) inclusive step (%lb) {
        llvm.store %i, %p : i32, !llvm.ptr
        omp.yield
      }
    }
    omp.terminator
  }
  omp.parallel {
    omp.wsloop schedule(dynamic) {
      omp.loop_nest (%i) : i32 = (%lb) to (%ub) inclusive step (%lb) {
        llvm.store %i, %p : i32, !llvm.ptr
        omp.yield
      }
    }
    omp.terminator
  }
  llvm.return
}
// CHECK: llvm.func @__ompx_loop_chunk(i32, i64, i32)
