// RUN: %ompx opt %s --ompx-optional-captures | FileCheck %s
//
// An optional scalar dummy mapped by reference: absent, the runtime copied
// from address 0. The map takes a stand-in then (a select on
// fir.is_present), a by-copy flag says whether it is present, and in the
// region the argument is fir.absent when it is not.

// CHECK-LABEL: func.func @_QPf
func.func @_QPf(%arg0: !fir.ref<i32> {fir.bindc_name = "tv", fir.optional}) {
  %0 = fir.dummy_scope : !fir.dscope
  %1:2 = hlfir.declare %arg0 dummy_scope %0 {fortran_attrs = #fir.var_attrs<optional, target>, uniq_name = "_QFfEtv"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
  // CHECK: %[[PRESENT:.*]] = fir.is_present %[[TV:.*]]#1
  // CHECK: %[[STANDIN:.*]] = fir.alloca i32
  // CHECK: %[[ADDR:.*]] = arith.select %[[PRESENT]], %[[TV]]#1, %[[STANDIN]] : !fir.ref<i32>
  // CHECK: %[[FLAG:.*]] = fir.alloca i32
  // CHECK: %[[MAP:.*]] = omp.map.info var_ptr(%[[ADDR]] : !fir.ref<i32>, i32) map_clauses(tofrom) capture(ByRef)
  // CHECK: %[[FLAGMAP:.*]] = omp.map.info var_ptr(%[[FLAG]] : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) {{.*}}name = "tv.present"
  %2 = omp.map.info var_ptr(%1#1 : !fir.ref<i32>, i32) map_clauses(tofrom) capture(ByRef) -> !fir.ref<i32> {name = "tv"}
  // CHECK: omp.target map_entries(%[[MAP]] -> %[[ARG:[a-z0-9]+]], %[[FLAGMAP]] -> %[[FARG:[a-z0-9]+]] : !fir.ref<i32>, !fir.ref<i32>)
  omp.target map_entries(%2 -> %a : !fir.ref<i32>) {
    // CHECK: %[[F:.*]] = fir.load %[[FARG]]
    // CHECK: %[[IS:.*]] = arith.cmpi ne, %[[F]]
    // CHECK: %[[ABSENT:.*]] = fir.absent !fir.ref<i32>
    // CHECK: %[[V:.*]] = arith.select %[[IS]], %[[ARG]], %[[ABSENT]]
    // CHECK: hlfir.declare %[[V]]
    %3:2 = hlfir.declare %a {fortran_attrs = #fir.var_attrs<optional, target>, uniq_name = "_QFfEtv"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    omp.terminator
  }
  return
}
