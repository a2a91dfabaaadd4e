// RUN: %ompx opt %s --split-input-file --ompx-stale-watch | FileCheck %s
//
// A checked launch's build: an array the region accesses only element by
// element gets a watch (NAME#reads, tofrom, six i64). Before a read the
// region tests the element's mark and records the offset (atomic min);
// before a write it clears the mark; a whole-array assignment clears all
// (memset). Nothing is added for an entry the region passes to a call, nor
// in a nest of constructs for an access outside the loop's body.

// CHECK-LABEL: func.func @elements(
// CHECK: %[[MA:.*]] = omp.map.info var_ptr(%{{.*}} : !fir.ref<!fir.array<8xf32>>, !fir.array<8xf32>)
// CHECK: arith.constant 9223372036854775807 : i64
// CHECK: %[[MW:.*]] = omp.map.info var_ptr(%{{.*}} : !fir.ref<!fir.array<6xi64>>, !fir.array<6xi64>) map_clauses(tofrom) capture(ByRef) -> !fir.ref<!fir.array<6xi64>> {name = "a#reads"}
// The scalar s, only written, gets one too.
// CHECK: %[[MS:.*]] = omp.map.info {{.*}} {name = "s#reads"}
// CHECK: omp.target map_entries(%[[MA]] -> %{{.*}}, %{{.*}} -> %{{.*}}, %[[MW]] -> %{{.*}}, %[[MS]] -> %{{.*}} : {{.*}})
// The write of a(2): its mark cleared.
// CHECK: fir.if
// CHECK: llvm.inttoptr
// CHECK: llvm.store %{{.*}}, %{{.*}} atomic monotonic {alignment = 1 : i64} : i8, !llvm.ptr
// CHECK: hlfir.assign %{{.*}} to %{{.*}} : f32, !fir.ref<f32>
// The read of a(3): a marked element's offset recorded.
// CHECK: fir.if
// CHECK: llvm.load %{{.*}} atomic monotonic {alignment = 1 : i64} : !llvm.ptr -> i8
// CHECK: fir.if
// CHECK: llvm.atomicrmw min %{{.*}}, %{{.*}} monotonic : !llvm.ptr, i64
// CHECK: fir.load %{{.*}} : !fir.ref<f32>
// The whole-array assignment: every mark cleared.
// CHECK: fir.if
// CHECK: "llvm.intr.memset"
// CHECK: hlfir.assign %{{.*}} to %{{.*}}#0 : f32, !fir.ref<!fir.array<8xf32>>
func.func @elements(%a: !fir.ref<!fir.array<8xf32>>, %s: !fir.ref<f32>) {
  %c8 = arith.constant 8 : index
  %sh = fir.shape %c8 : (index) -> !fir.shape<1>
  %ma = omp.map.info var_ptr(%a : !fir.ref<!fir.array<8xf32>>, !fir.array<8xf32>) map_clauses(tofrom) capture(ByRef) -> !fir.ref<!fir.array<8xf32>> {name = "a"}
  %ms = omp.map.info var_ptr(%s : !fir.ref<f32>, f32) map_clauses(from) capture(ByRef) -> !fir.ref<f32> {name = "s"}
  omp.target map_entries(%ma -> %pa, %ms -> %ps : !fir.ref<!fir.array<8xf32>>, !fir.ref<f32>) {
    %c8b = arith.constant 8 : index
    %shb = fir.shape %c8b : (index) -> !fir.shape<1>
    %da:2 = hlfir.declare %pa(%shb) {uniq_name = "_QFEa"} : (!fir.ref<!fir.array<8xf32>>, !fir.shape<1>) -> (!fir.ref<!fir.array<8xf32>>, !fir.ref<!fir.array<8xf32>>)
    %ds:2 = hlfir.declare %ps {uniq_name = "_QFEs"} : (!fir.ref<f32>) -> (!fir.ref<f32>, !fir.ref<f32>)
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %seven = arith.constant 7.0 : f32
    %e2 = hlfir.designate %da#0 (%c2) : (!fir.ref<!fir.array<8xf32>>, index) -> !fir.ref<f32>
    hlfir.assign %seven to %e2 : f32, !fir.ref<f32>
    %e3 = hlfir.designate %da#0 (%c3) : (!fir.ref<!fir.array<8xf32>>, index) -> !fir.ref<f32>
    %v = fir.load %e3 : !fir.ref<f32>
    hlfir.assign %v to %ds#0 : f32, !fir.ref<f32>
    hlfir.assign %seven to %da#0 : f32, !fir.ref<!fir.array<8xf32>>
    omp.terminator
  }
  return
}

// -----

// CHECK-LABEL: func.func @called(
// CHECK-NOT: #reads
// CHECK: return
func.func private @use(!fir.ref<!fir.array<8xf32>>)
func.func @called(%a: !fir.ref<!fir.array<8xf32>>) {
  %ma = omp.map.info var_ptr(%a : !fir.ref<!fir.array<8xf32>>, !fir.array<8xf32>) map_clauses(tofrom) capture(ByRef) -> !fir.ref<!fir.array<8xf32>> {name = "a"}
  omp.target map_entries(%ma -> %pa : !fir.ref<!fir.array<8xf32>>) {
    %c8 = arith.constant 8 : index
    %sh = fir.shape %c8 : (index) -> !fir.shape<1>
    %da:2 = hlfir.declare %pa(%sh) {uniq_name = "_QFEa"} : (!fir.ref<!fir.array<8xf32>>, !fir.shape<1>) -> (!fir.ref<!fir.array<8xf32>>, !fir.ref<!fir.array<8xf32>>)
    %c2 = arith.constant 2 : index
    %seven = arith.constant 7.0 : f32
    %e2 = hlfir.designate %da#0 (%c2) : (!fir.ref<!fir.array<8xf32>>, index) -> !fir.ref<f32>
    hlfir.assign %seven to %e2 : f32, !fir.ref<f32>
    fir.call @use(%da#1) : (!fir.ref<!fir.array<8xf32>>) -> ()
    omp.terminator
  }
  return
}

// -----

// In a nest (host_eval) the read outside the loop's body cannot be
// watched: no watch for b; a, read only in the loop, gets one.
// CHECK-LABEL: func.func @nest(
// CHECK: {name = "a#reads"}
// CHECK-NOT: b#reads
// CHECK: return
func.func @nest(%a: !fir.ref<!fir.array<8xf32>>, %b: !fir.ref<!fir.array<8xf32>>) {
  %c1 = arith.constant 1 : i32
  %c8i = arith.constant 8 : i32
  %ma = omp.map.info var_ptr(%a : !fir.ref<!fir.array<8xf32>>, !fir.array<8xf32>) map_clauses(tofrom) capture(ByRef) -> !fir.ref<!fir.array<8xf32>> {name = "a"}
  %mb = omp.map.info var_ptr(%b : !fir.ref<!fir.array<8xf32>>, !fir.array<8xf32>) map_clauses(tofrom) capture(ByRef) -> !fir.ref<!fir.array<8xf32>> {name = "b"}
  omp.target host_eval(%c1 -> %lb, %c8i -> %ub, %c1 -> %st : i32, i32, i32) map_entries(%ma -> %pa, %mb -> %pb : !fir.ref<!fir.array<8xf32>>, !fir.ref<!fir.array<8xf32>>) {
    %c8 = arith.constant 8 : index
    %sh = fir.shape %c8 : (index) -> !fir.shape<1>
    %da:2 = hlfir.declare %pa(%sh) {uniq_name = "_QFEa"} : (!fir.ref<!fir.array<8xf32>>, !fir.shape<1>) -> (!fir.ref<!fir.array<8xf32>>, !fir.ref<!fir.array<8xf32>>)
    %db:2 = hlfir.declare %pb(%sh) {uniq_name = "_QFEb"} : (!fir.ref<!fir.array<8xf32>>, !fir.shape<1>) -> (!fir.ref<!fir.array<8xf32>>, !fir.ref<!fir.array<8xf32>>)
    %c1x = arith.constant 1 : index
    %e1 = hlfir.designate %db#0 (%c1x) : (!fir.ref<!fir.array<8xf32>>, index) -> !fir.ref<f32>
    %first = fir.load %e1 : !fir.ref<f32>
    omp.teams {
      omp.parallel {
        omp.distribute {
          omp.wsloop {
            omp.loop_nest (%i) : i32 = (%lb) to (%ub) inclusive step (%st) {
              %ii = fir.convert %i : (i32) -> index
              %ea = hlfir.designate %da#0 (%ii) : (!fir.ref<!fir.array<8xf32>>, index) -> !fir.ref<f32>
              %v = fir.load %ea : !fir.ref<f32>
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
