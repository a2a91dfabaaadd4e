// RUN: %ompx opt %s --ompx-host-composite-schedule | FileCheck %s
//
// Host copies: LLVM 22's host translation distributes a composite
// distribute parallel do to the teams only under plain static; each other
// schedule becomes one it distributes (dynamic and friends: static;
// static with a chunk: dist_schedule(static) added; dist_schedule(static)
// with no chunk anywhere: dropped).

// CHECK-LABEL: llvm.func @dynamic(
// CHECK: omp.distribute {
// CHECK-NEXT: omp.wsloop {
llvm.func @dynamic(%c: i32) {
  %lb = llvm.mlir.constant(1 : i32) : i32
  omp.teams {
    omp.parallel {
      omp.distribute {
        omp.wsloop schedule(dynamic = %c : i32, nonmonotonic) {
          omp.loop_nest (%i) : i32 = (%lb) to (%c) inclusive step (%lb) {
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

// CHECK-LABEL: llvm.func @static_chunk(
// CHECK: omp.distribute dist_schedule_static {
// CHECK-NEXT: omp.wsloop schedule(static = %{{.*}} : i32) {
llvm.func @static_chunk(%c: i32) {
  %lb = llvm.mlir.constant(1 : i32) : i32
  omp.teams {
    omp.parallel {
      omp.distribute {
        omp.wsloop schedule(static = %c : i32) {
          omp.loop_nest (%i) : i32 = (%lb) to (%c) inclusive step (%lb) {
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

// CHECK-LABEL: llvm.func @dist_static_alone(
// CHECK: omp.distribute {
// CHECK-NEXT: omp.wsloop {
llvm.func @dist_static_alone(%c: i32) {
  %lb = llvm.mlir.constant(1 : i32) : i32
  omp.teams {
    omp.parallel {
      omp.distribute dist_schedule_static {
        omp.wsloop {
          omp.loop_nest (%i) : i32 = (%lb) to (%c) inclusive step (%lb) {
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

// A chunked dist_schedule is distributed already: left as it is, but for
// the dynamic schedule under it.
// CHECK-LABEL: llvm.func @dist_chunk(
// CHECK: omp.distribute dist_schedule_static dist_schedule_chunk_size(%{{.*}} : i32) {
// CHECK-NEXT: omp.wsloop {
llvm.func @dist_chunk(%c: i32) {
  %lb = llvm.mlir.constant(1 : i32) : i32
  omp.teams {
    omp.parallel {
      omp.distribute dist_schedule_static dist_schedule_chunk_size(%c : i32) {
        omp.wsloop schedule(guided) {
          omp.loop_nest (%i) : i32 = (%lb) to (%c) inclusive step (%lb) {
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

// Not composite: a worksharing loop alone keeps its schedule.
// CHECK-LABEL: llvm.func @alone(
// CHECK: omp.wsloop schedule(dynamic = %{{.*}} : i32) {
llvm.func @alone(%c: i32) {
  %lb = llvm.mlir.constant(1 : i32) : i32
  omp.parallel {
    omp.wsloop schedule(dynamic = %c : i32) {
      omp.loop_nest (%i) : i32 = (%lb) to (%c) inclusive step (%lb) {
        omp.yield
      }
    }
    omp.terminator
  }
  llvm.return
}
