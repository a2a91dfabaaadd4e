// RUN: %ompx opt %s --split-input-file --ompx-firstprivate-watch | FileCheck %s
//
// A checked launch's build: an implicitly firstprivate scalar the region
// may write gets a shadow (NAME#fpval, tofrom) and its host address
// (NAME#fpaddr). In an SPMD nest (host_eval) the shadow follows each write
// in the loop's body, as code beside the nest's constructs would break it;
// the loop's index (private to the parallel) and a scalar only read get
// nothing.

// CHECK-LABEL: func.func @spmd(
// CHECK: %[[SHADOW:.*]] = fir.alloca f32
// CHECK: %[[ADDR:.*]] = fir.alloca i64
// CHECK: %[[HOST:.*]] = fir.load %[[LAST:.*]] : !fir.ref<f32>
// CHECK-NEXT: fir.store %[[HOST]] to %[[SHADOW]] : !fir.ref<f32>
// CHECK: %[[FPVAL:.*]] = omp.map.info var_ptr(%[[SHADOW]] : !fir.ref<f32>, f32) map_clauses(tofrom) capture(ByRef) -> !fir.ref<f32> {name = "last#fpval"}
// CHECK-NEXT: %[[FPADDR:.*]] = omp.map.info var_ptr(%[[ADDR]] : !fir.ref<i64>, i64) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i64> {name = "last#fpaddr"}
// CHECK-NEXT: omp.target host_eval({{.*}}) map_entries({{.*}}, %[[FPVAL]] -> %[[SARG:.*]], %[[FPADDR]] -> %{{.*}} : {{.*}})
// CHECK-NOT: fir.store
// CHECK: omp.teams
// CHECK: omp.loop_nest
// CHECK: hlfir.assign %{{.*}} to %[[COPY:.*]]#0 : f32, !fir.ref<f32>
// CHECK-NEXT: %[[V:.*]] = fir.load %[[CARG:.*]] : !fir.ref<f32>
// CHECK-NEXT: fir.store %[[V]] to %[[SARG]] : !fir.ref<f32>
// CHECK-NEXT: omp.yield
// CHECK-NOT: fir.store
// CHECK: return
func.func @spmd(%a: !fir.ref<!fir.array<100xf32>>, %last: !fir.ref<f32>, %i: !fir.ref<i32>, %m: !fir.ref<f32>) {
  %c1 = arith.constant 1 : i32
  %c100 = arith.constant 100 : i32
  %ma = omp.map.info var_ptr(%a : !fir.ref<!fir.array<100xf32>>, !fir.array<100xf32>) map_clauses(tofrom) capture(ByRef) -> !fir.ref<!fir.array<100xf32>> {name = "a"}
  %mi = omp.map.info var_ptr(%i : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = "i"}
  %ml = omp.map.info var_ptr(%last : !fir.ref<f32>, f32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<f32> {name = "last"}
  %mm = omp.map.info var_ptr(%m : !fir.ref<f32>, f32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<f32> {name = "m"}
  omp.target host_eval(%c1 -> %lb, %c100 -> %ub, %c1 -> %st : i32, i32, i32) map_entries(%ma -> %pa, %mi -> %pi, %ml -> %pl, %mm -> %pm : !fir.ref<!fir.array<100xf32>>, !fir.ref<i32>, !fir.ref<f32>, !fir.ref<f32>) {
    %di:2 = hlfir.declare %pi {uniq_name = "_QFEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    %dl:2 = hlfir.declare %pl {uniq_name = "_QFElast"} : (!fir.ref<f32>) -> (!fir.ref<f32>, !fir.ref<f32>)
    %dm:2 = hlfir.declare %pm {uniq_name = "_QFEm"} : (!fir.ref<f32>) -> (!fir.ref<f32>, !fir.ref<f32>)
    omp.teams {
      omp.parallel private(@i_private %di#0 -> %pri : !fir.ref<i32>) {
        omp.distribute {
          omp.wsloop {
            omp.loop_nest (%iv) : i32 = (%lb) to (%ub) inclusive step (%st) {
              hlfir.assign %iv to %pri : i32, !fir.ref<i32>
              %x = fir.load %dm#0 : !fir.ref<f32>
              hlfir.assign %x to %dl#0 : f32, !fir.ref<f32>
              omp.yield
            }
          } {omp.composite}
        } {omp.composite}
        omp.terminator
      } {omp.composite}
      omp.terminator
    }
    omp.terminator
  }
  return
}
omp.private {type = private} @i_private : i32

// -----

// Without host_eval: the shadow takes the copy's value where the region
// ends.
// CHECK-LABEL: func.func @generic(
// CHECK: omp.target map_entries(%{{.*}} -> %[[COPY:.*]], %{{.*}} -> %[[SARG:.*]], %{{.*}} -> %{{.*}} : !fir.ref<i32>, !fir.ref<i32>, !fir.ref<i64>)
// CHECK-NEXT: %[[C:.*]] = arith.constant 7 : i32
// CHECK-NEXT: fir.store %[[C]] to %[[COPY]] : !fir.ref<i32>
// CHECK-NEXT: %[[V:.*]] = fir.load %[[COPY]] : !fir.ref<i32>
// CHECK-NEXT: fir.store %[[V]] to %[[SARG]] : !fir.ref<i32>
// CHECK-NEXT: omp.terminator
func.func @generic(%k: !fir.ref<i32>) {
  %mk = omp.map.info var_ptr(%k : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = "k"}
  omp.target map_entries(%mk -> %pk : !fir.ref<i32>) {
    %c7 = arith.constant 7 : i32
    fir.store %c7 to %pk : !fir.ref<i32>
    omp.terminator
  }
  return
}

// -----

// A write in an atomic capture: the shadow follows the capture, which holds
// its two atomic ops and nothing else.
// CHECK-LABEL: func.func @capture(
// CHECK: omp.atomic.capture {
// CHECK-NEXT: omp.atomic.update
// CHECK: omp.atomic.read
// CHECK-NEXT: }
// CHECK-NEXT: %[[V:.*]] = fir.load
// CHECK-NEXT: fir.store %[[V]]
// CHECK-NEXT: omp.yield
func.func @capture(%c: !fir.ref<i32>, %k: !fir.ref<i32>) {
  %c1 = arith.constant 1 : i32
  %c10 = arith.constant 10 : i32
  %mc = omp.map.info var_ptr(%c : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = "c"}
  %mk = omp.map.info var_ptr(%k : !fir.ref<i32>, i32) map_clauses(tofrom) capture(ByRef) -> !fir.ref<i32> {name = "k"}
  omp.target host_eval(%c1 -> %lb, %c10 -> %ub, %c1 -> %st : i32, i32, i32) map_entries(%mc -> %pc, %mk -> %pk : !fir.ref<i32>, !fir.ref<i32>) {
    omp.teams {
      omp.distribute {
        omp.loop_nest (%iv) : i32 = (%lb) to (%ub) inclusive step (%st) {
          omp.atomic.capture {
            omp.atomic.update %pc : !fir.ref<i32> {
            ^bb0(%x: i32):
              %one = arith.constant 1 : i32
              %y = arith.addi %x, %one : i32
              omp.yield(%y : i32)
            }
            omp.atomic.read %pk = %pc : !fir.ref<i32>, !fir.ref<i32>, i32
          }
          omp.yield
        }
      }
      omp.terminator
    }
    omp.terminator
  }
  return
}
