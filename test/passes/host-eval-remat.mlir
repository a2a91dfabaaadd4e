// RUN: %ompx opt %s --split-input-file --verify-diagnostics --ompx-host-eval-remat | FileCheck %s
//
// Device copies keep no host_eval: each value is recomputed at the start of
// the target region from constants and the mapped variables, and the
// host_eval block arguments are replaced by the recomputed values.

// CHECK-LABEL: llvm.func @bounds(
// CHECK: omp.target map_entries(%{{.*}} -> %[[N:.*]], %{{.*}} -> %[[TMP:.*]] : !llvm.ptr, !llvm.ptr) {
// The constant is cloned, the bound read through the mapped n, the value
// flang stored to a mapped temporary read back from it.
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i32) : i32
// CHECK-NEXT: %[[UB:.*]] = llvm.load %[[N]] : !llvm.ptr -> i32
// CHECK-NEXT: %[[NT:.*]] = llvm.load %[[TMP]] : !llvm.ptr -> i32
// CHECK: omp.teams num_teams( to %[[NT]] : i32)
// CHECK: omp.loop_nest (%{{.*}}) : i32 = (%[[ONE]]) to (%[[UB]]) inclusive step (%[[ONE]])
// CHECK-NOT: host_eval
llvm.func @bounds(%n: !llvm.ptr, %k: i32) {
  %one = llvm.mlir.constant(1 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i64) : i64
  %tmp = llvm.alloca %c1 x i32 : (i64) -> !llvm.ptr
  %ub = llvm.load %n : !llvm.ptr -> i32
  %nt = llvm.mul %k, %k : i32
  llvm.store %nt, %tmp : i32, !llvm.ptr
  %m0 = omp.map.info var_ptr(%n : !llvm.ptr, i32) map_clauses(implicit) capture(ByCopy) -> !llvm.ptr {name = "n"}
  %m1 = omp.map.info var_ptr(%tmp : !llvm.ptr, i32) map_clauses(implicit) capture(ByCopy) -> !llvm.ptr {name = "nt"}
  omp.target host_eval(%one -> %lb, %ub -> %hi, %one -> %st, %nt -> %teams : i32, i32, i32, i32) map_entries(%m0 -> %pn, %m1 -> %ptmp : !llvm.ptr, !llvm.ptr) {
    omp.teams num_teams( to %teams : i32) {
      omp.distribute {
        omp.loop_nest (%i) : i32 = (%lb) to (%hi) inclusive step (%st) {
          omp.yield
        }
      }
      omp.terminator
    }
    omp.terminator
  }
  llvm.return
}

// -----

// FIR: a value stored to a mapped temporary is read back with fir.load.
// CHECK-LABEL: func.func @fir(
// CHECK: omp.target map_entries(%{{.*}} -> %[[TMP:.*]] : !fir.ref<i32>) {
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[UB:.*]] = fir.load %[[TMP]] : !fir.ref<i32>
// CHECK: omp.loop_nest (%{{.*}}) : i32 = (%[[ONE]]) to (%[[UB]]) inclusive step (%[[ONE]])
func.func private @get_n() -> i32
func.func @fir() {
  %tmp = fir.alloca i32
  %one = arith.constant 1 : i32
  %ub = fir.call @get_n() : () -> i32
  fir.store %ub to %tmp : !fir.ref<i32>
  %m = omp.map.info var_ptr(%tmp : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = "host_eval"}
  omp.target host_eval(%one -> %lb, %ub -> %hi, %one -> %st : i32, i32, i32) map_entries(%m -> %ptmp : !fir.ref<i32>) {
    omp.teams {
      omp.distribute {
        omp.loop_nest (%i) : i32 = (%lb) to (%hi) inclusive step (%st) {
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

// A value the device cannot recompute (a call, not a read of a mapped
// variable) is an error at the op that computes it.
llvm.func @get_n() -> i32

llvm.func @unmapped(%n: !llvm.ptr) {
  %one = llvm.mlir.constant(1 : i32) : i32
  // expected-error @below {{a host_eval value of this omp.target (a loop bound or teams/parallel clause) cannot be recomputed on the device: it is not a constant or a read of a mapped variable}}
  %ub = llvm.call @get_n() : () -> i32
  omp.target host_eval(%one -> %lb, %ub -> %hi, %one -> %st : i32, i32, i32) {
    omp.teams {
      omp.distribute {
        omp.loop_nest (%i) : i32 = (%lb) to (%hi) inclusive step (%st) {
          omp.yield
        }
      }
      omp.terminator
    }
    omp.terminator
  }
  llvm.return
}
