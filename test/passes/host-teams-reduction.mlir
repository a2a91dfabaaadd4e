// RUN: %ompx opt %s --ompx-host-teams-reduction | FileCheck %s
//
// Host copies: LLVM 22's host translation gives all teams of a teams
// reduction one private copy. Each team gets its own instead, made by the
// declaration's alloc and init regions at the region's start and combined
// into the original at its end under a named critical section. A reduction
// used only inside one distribute the translation reduces per team, but its
// combine into the original excludes only the team's own threads: rewritten
// too on a host teams construct, left alone in a target region (whose
// host_eval bounds the rewrite would invalidate).

// CHECK: omp.critical.declare @ompx_teams_reduction

omp.declare_reduction @add_i32 : i32 init {
^bb0(%mold: i32):
  %0 = llvm.mlir.constant(0 : i32) : i32
  omp.yield(%0 : i32)
} combiner {
^bb0(%a: i32, %b: i32):
  %0 = llvm.add %a, %b : i32
  omp.yield(%0 : i32)
}

// By reference, with an init region of several blocks and a cleanup.
omp.declare_reduction @add_byref : !llvm.ptr alloc {
  %one = llvm.mlir.constant(1 : i64) : i64
  %p = llvm.alloca %one x i64 : (i64) -> !llvm.ptr
  omp.yield(%p : !llvm.ptr)
} init {
^bb0(%mold: !llvm.ptr, %alloc: !llvm.ptr):
  %v = llvm.load %mold : !llvm.ptr -> i64
  %z = llvm.mlir.constant(0 : i64) : i64
  %c = llvm.icmp "eq" %v, %z : i64
  llvm.cond_br %c, ^zero, ^other
^zero:
  llvm.store %z, %alloc : i64, !llvm.ptr
  omp.yield(%alloc : !llvm.ptr)
^other:
  llvm.store %v, %alloc : i64, !llvm.ptr
  omp.yield(%alloc : !llvm.ptr)
} combiner {
^bb0(%a: !llvm.ptr, %b: !llvm.ptr):
  %x = llvm.load %a : !llvm.ptr -> i64
  %y = llvm.load %b : !llvm.ptr -> i64
  %s = llvm.add %x, %y : i64
  llvm.store %s, %a : i64, !llvm.ptr
  omp.yield(%a : !llvm.ptr)
} cleanup {
^bb0(%p: !llvm.ptr):
  llvm.call @release(%p) : (!llvm.ptr) -> ()
  omp.yield
}
llvm.func @release(!llvm.ptr)
llvm.func @use(!llvm.ptr)

// CHECK-LABEL: llvm.func @teams(
// CHECK-SAME: %[[S:.*]]: !llvm.ptr, %[[T:.*]]: !llvm.ptr)
// CHECK: omp.teams num_teams( to %{{.*}} : i32) {
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i64) : i64
// CHECK-NEXT: %[[OWN:.*]] = llvm.alloca %[[ONE]] x i32
// CHECK: %[[ZERO:.*]] = llvm.mlir.constant(0 : i32) : i32
// CHECK-NEXT: llvm.store %[[ZERO]], %[[OWN]]
// CHECK: %[[STORAGE:.*]] = llvm.alloca %{{.*}} x i64
// CHECK-NEXT: llvm.br ^[[INIT:.*]]
// CHECK: ^[[INIT]]:
// CHECK-NEXT: llvm.load %[[T]]
// CHECK: llvm.cond_br %{{.*}}, ^[[Z:.*]], ^[[O:.*]]
// CHECK: ^[[Z]]:
// CHECK: llvm.br ^[[BODY:.*]](%[[STORAGE]] : !llvm.ptr)
// CHECK: ^[[O]]:
// CHECK: llvm.br ^[[BODY]](%[[STORAGE]] : !llvm.ptr)
// CHECK: ^[[BODY]](%[[REF:.*]]: !llvm.ptr):
// CHECK-NEXT: %[[V:.*]] = llvm.load %[[OWN]] : !llvm.ptr -> i32
// CHECK: llvm.store %{{.*}}, %[[OWN]]
// CHECK-NEXT: llvm.call @use(%[[REF]])
// CHECK-NEXT: omp.critical(@ompx_teams_reduction) {
// CHECK-NEXT: %[[L:.*]] = llvm.load %[[S]] : !llvm.ptr -> i32
// CHECK-NEXT: %[[R:.*]] = llvm.load %[[OWN]] : !llvm.ptr -> i32
// CHECK-NEXT: %[[SUM:.*]] = llvm.add %[[L]], %[[R]] : i32
// CHECK-NEXT: llvm.store %[[SUM]], %[[S]]
// CHECK-NEXT: llvm.load %[[T]] : !llvm.ptr -> i64
// CHECK-NEXT: llvm.load %[[REF]] : !llvm.ptr -> i64
// CHECK-NEXT: llvm.add
// CHECK-NEXT: llvm.store %{{.*}}, %[[T]]
// CHECK-NEXT: omp.terminator
// CHECK-NEXT: }
// CHECK-NEXT: llvm.call @release(%[[REF]])
// CHECK-NEXT: omp.terminator
llvm.func @teams(%s: !llvm.ptr, %t: !llvm.ptr) {
  %n = llvm.mlir.constant(4 : i32) : i32
  omp.teams num_teams( to %n : i32) reduction(@add_i32 %s -> %a, byref @add_byref %t -> %b : !llvm.ptr, !llvm.ptr) {
    %v = llvm.load %a : !llvm.ptr -> i32
    %one = llvm.mlir.constant(1 : i32) : i32
    %w = llvm.add %v, %one : i32
    llvm.store %w, %a : i32, !llvm.ptr
    llvm.call @use(%b) : (!llvm.ptr) -> ()
    omp.terminator
  }
  llvm.return
}

// CHECK-LABEL: llvm.func @distribute(
// CHECK: omp.teams {
// CHECK: omp.distribute
// CHECK: omp.critical(@ompx_teams_reduction)
llvm.func @distribute(%s: !llvm.ptr) {
  %lb = llvm.mlir.constant(1 : i32) : i32
  omp.teams reduction(@add_i32 %s -> %a : !llvm.ptr) {
    omp.distribute {
      omp.loop_nest (%i) : i32 = (%lb) to (%lb) inclusive step (%lb) {
        llvm.store %i, %a : i32, !llvm.ptr
        omp.yield
      }
    }
    omp.terminator
  }
  llvm.return
}

// CHECK-LABEL: llvm.func @target_distribute(
// CHECK: omp.teams reduction(@add_i32 %{{.*}} -> %[[T:.*]] : !llvm.ptr) {
// CHECK-NOT: omp.critical
// CHECK: llvm.store %{{.*}}, %[[T]]
llvm.func @target_distribute(%s: !llvm.ptr) {
  %m = omp.map.info var_ptr(%s : !llvm.ptr, i32) map_clauses(tofrom) capture(ByRef) -> !llvm.ptr
  omp.target map_entries(%m -> %arg : !llvm.ptr) {
    %lb = llvm.mlir.constant(1 : i32) : i32
    omp.teams reduction(@add_i32 %arg -> %a : !llvm.ptr) {
      omp.distribute {
        omp.loop_nest (%i) : i32 = (%lb) to (%lb) inclusive step (%lb) {
          llvm.store %i, %a : i32, !llvm.ptr
          omp.yield
        }
      }
      omp.terminator
    }
    omp.terminator
  }
  llvm.return
}

// A parallel region's reduction inside the teams is not inside a
// distribute: the team's copy is what it reduces into.
// CHECK-LABEL: llvm.func @parallel(
// CHECK: omp.teams {
// CHECK: %[[OWN2:.*]] = llvm.alloca
// CHECK: omp.parallel reduction(@add_i32 %[[OWN2]] -> %{{.*}} : !llvm.ptr)
// CHECK: omp.critical(@ompx_teams_reduction)
llvm.func @parallel(%s: !llvm.ptr) {
  omp.teams reduction(@add_i32 %s -> %a : !llvm.ptr) {
    omp.parallel reduction(@add_i32 %a -> %p : !llvm.ptr) {
      %one = llvm.mlir.constant(1 : i32) : i32
      llvm.store %one, %p : i32, !llvm.ptr
      omp.terminator
    }
    omp.terminator
  }
  llvm.return
}

// FIR (before the host copy reaches the LLVM dialect): left alone.
// CHECK-LABEL: func.func @fir(
// CHECK: omp.teams reduction(@add_i32 %{{.*}} -> %{{.*}} : !fir.ref<i32>)
func.func @fir(%s: !fir.ref<i32>) {
  omp.teams reduction(@add_i32 %s -> %a : !fir.ref<i32>) {
    %one = arith.constant 1 : i32
    fir.store %one to %a : !fir.ref<i32>
    omp.terminator
  }
  return
}
