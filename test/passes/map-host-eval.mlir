// RUN: %ompx opt %s --split-input-file --ompx-map-host-eval | FileCheck %s
// RUN: %ompx opt %s --split-input-file --ompx-map-host-eval=llvm-only=false | FileCheck %s --check-prefix=FIR
//
// A host_eval value the device could not recompute (tco output reads an
// extent from a descriptor copy that is not mapped) is passed in the way
// flang passes scalars: stored to a temporary that an implicit by-copy map
// entry maps. Values the device can recompute are left alone.

// CHECK-LABEL: llvm.func @extent(
// CHECK-NEXT: %[[ONE:.*]] = llvm.mlir.constant(1 : i64) : i64
// CHECK-NEXT: %[[TMP:.*]] = llvm.alloca %[[ONE]] x i32 : (i64) -> !llvm.ptr
// CHECK: %[[UB:.*]] = llvm.load %[[DESC:.*]] : !llvm.ptr -> i32
// CHECK: %[[N:.*]] = omp.map.info var_ptr(%arg0 : !llvm.ptr, i32)
// CHECK-NEXT: llvm.store %[[UB]], %[[TMP]] : i32, !llvm.ptr
// CHECK-NEXT: %[[M:.*]] = omp.map.info var_ptr(%[[TMP]] : !llvm.ptr, i32) map_clauses(implicit) capture(ByCopy) -> !llvm.ptr {name = "host_eval"}
// CHECK-NEXT: omp.target host_eval(%{{.*}} -> %{{.*}}, %[[UB]] -> %{{.*}}, %{{.*}} -> %{{.*}} : i32, i32, i32) map_entries(%[[N]] -> %{{.*}}, %[[M]] -> %{{.*}} : !llvm.ptr, !llvm.ptr)
// CHECK-NOT: omp.map.info
llvm.func @extent(%n: !llvm.ptr, %desc: !llvm.ptr) {
  %one = llvm.mlir.constant(1 : i32) : i32
  %ub = llvm.load %desc : !llvm.ptr -> i32
  %m0 = omp.map.info var_ptr(%n : !llvm.ptr, i32) map_clauses(implicit) capture(ByCopy) -> !llvm.ptr {name = "n"}
  omp.target host_eval(%one -> %lb, %ub -> %hi, %one -> %st : i32, i32, i32) map_entries(%m0 -> %pn : !llvm.ptr) {
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

// -----

// Recomputable from the mapped n: nothing to map.
// CHECK-LABEL: llvm.func @mapped(
// CHECK-NOT: llvm.alloca
// CHECK: omp.map.info
// CHECK-NOT: omp.map.info
// CHECK: omp.target host_eval
llvm.func @mapped(%n: !llvm.ptr) {
  %one = llvm.mlir.constant(1 : i32) : i32
  %ub = llvm.load %n : !llvm.ptr -> i32
  %m0 = omp.map.info var_ptr(%n : !llvm.ptr, i32) map_clauses(implicit) capture(ByCopy) -> !llvm.ptr {name = "n"}
  omp.target host_eval(%one -> %lb, %ub -> %hi, %one -> %st : i32, i32, i32) map_entries(%m0 -> %pn : !llvm.ptr) {
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

// -----

// func.func (FIR) is rewritten only with llvm-only=false, through
// fir.alloca and fir.store.
// CHECK-LABEL: func.func @fir(
// CHECK-NOT: fir.alloca
// CHECK: omp.target host_eval
// FIR-LABEL: func.func @fir(
// FIR-NEXT: %[[TMP:.*]] = fir.alloca i32
// FIR: %[[UB:.*]] = fir.call @get_n() : () -> i32
// FIR-NEXT: fir.store %[[UB]] to %[[TMP]] : !fir.ref<i32>
// FIR-NEXT: %[[M:.*]] = omp.map.info var_ptr(%[[TMP]] : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = "host_eval"}
// FIR-NEXT: omp.target host_eval({{.*}}) map_entries(%[[M]] -> %{{.*}} : !fir.ref<i32>)
func.func private @get_n() -> i32
func.func @fir() {
  %one = arith.constant 1 : i32
  %ub = fir.call @get_n() : () -> i32
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
  return
}
