// RUN: %ompx opt %s --ompx-implicit-map-rules | FileCheck %s
//
// OpenMP makes a variable a target region uses without a clause
// firstprivate only when it is a scalar without the TARGET, ALLOCATABLE or
// POINTER attribute, and Fortran's scalar variables exclude character
// type. flang-22 captured a TARGET scalar and a character variable by copy
// (the region's writes were lost); they become implicit tofrom maps by
// reference. A plain scalar and explicit maps are left alone.

// CHECK-LABEL: func.func @_QQmain
func.func @_QQmain() {
  %0 = fir.alloca i32 {bindc_name = "t", uniq_name = "_QFEt"}
  %1:2 = hlfir.declare %0 {fortran_attrs = #fir.var_attrs<target>, uniq_name = "_QFEt"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
  %2 = fir.alloca !fir.char<1,4> {bindc_name = "c", uniq_name = "_QFEc"}
  %c4 = arith.constant 4 : index
  %3:2 = hlfir.declare %2 typeparams %c4 {uniq_name = "_QFEc"} : (!fir.ref<!fir.char<1,4>>, index) -> (!fir.ref<!fir.char<1,4>>, !fir.ref<!fir.char<1,4>>)
  %4 = fir.alloca i32 {bindc_name = "plain", uniq_name = "_QFEplain"}
  %5:2 = hlfir.declare %4 {uniq_name = "_QFEplain"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
  %6 = fir.alloca i32 {bindc_name = "u", uniq_name = "_QFEu"}
  %7:2 = hlfir.declare %6 {fortran_attrs = #fir.var_attrs<target>, uniq_name = "_QFEu"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
  // CHECK: omp.map.info var_ptr({{.*}}) map_clauses(implicit, tofrom) capture(ByRef) {{.*}}name = "t"
  %m0 = omp.map.info var_ptr(%1#1 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = "t"}
  // CHECK: omp.map.info var_ptr({{.*}}) map_clauses(implicit, tofrom) capture(ByRef) {{.*}}name = "c"
  %m1 = omp.map.info var_ptr(%3#1 : !fir.ref<!fir.char<1,4>>, !fir.char<1,4>) map_clauses(implicit) capture(ByCopy) -> !fir.ref<!fir.char<1,4>> {name = "c"}
  // CHECK: omp.map.info var_ptr({{.*}}) map_clauses(implicit) capture(ByCopy) {{.*}}name = "plain"
  %m2 = omp.map.info var_ptr(%5#1 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = "plain"}
  // An explicit map of a TARGET scalar keeps its map type.
  // CHECK: omp.map.info var_ptr({{.*}}) map_clauses(to) capture(ByRef) {{.*}}name = "u"
  %m3 = omp.map.info var_ptr(%7#1 : !fir.ref<i32>, i32) map_clauses(to) capture(ByRef) -> !fir.ref<i32> {name = "u"}
  omp.target map_entries(%m0 -> %a0, %m1 -> %a1, %m2 -> %a2, %m3 -> %a3 : !fir.ref<i32>, !fir.ref<!fir.char<1,4>>, !fir.ref<i32>, !fir.ref<i32>) {
    %c11 = arith.constant 11 : i32
    fir.store %c11 to %a0 : !fir.ref<i32>
    fir.store %c11 to %a2 : !fir.ref<i32>
    omp.terminator
  }
  return
}

// Over 64 bits flang-22 maps them `implicit, to` by reference (it cannot
// pass them by copy): a TARGET scalar and a long character become tofrom.
// CHECK-LABEL: func.func @wide
func.func @wide() {
  %0 = fir.alloca complex<f64> {bindc_name = "tz", uniq_name = "_QFwEtz"}
  %1:2 = hlfir.declare %0 {fortran_attrs = #fir.var_attrs<target>, uniq_name = "_QFwEtz"} : (!fir.ref<complex<f64>>) -> (!fir.ref<complex<f64>>, !fir.ref<complex<f64>>)
  %2 = fir.alloca !fir.char<1,16> {bindc_name = "c", uniq_name = "_QFwEc"}
  %c16 = arith.constant 16 : index
  %3:2 = hlfir.declare %2 typeparams %c16 {uniq_name = "_QFwEc"} : (!fir.ref<!fir.char<1,16>>, index) -> (!fir.ref<!fir.char<1,16>>, !fir.ref<!fir.char<1,16>>)
  // CHECK: omp.map.info var_ptr({{.*}}) map_clauses(implicit, tofrom) capture(ByRef) {{.*}}name = "tz"
  %m0 = omp.map.info var_ptr(%1#1 : !fir.ref<complex<f64>>, complex<f64>) map_clauses(implicit, to) capture(ByRef) -> !fir.ref<complex<f64>> {name = "tz"}
  // CHECK: omp.map.info var_ptr({{.*}}) map_clauses(implicit, tofrom) capture(ByRef) {{.*}}name = "c"
  %m1 = omp.map.info var_ptr(%3#1 : !fir.ref<!fir.char<1,16>>, !fir.char<1,16>) map_clauses(implicit, to) capture(ByRef) -> !fir.ref<!fir.char<1,16>> {name = "c"}
  omp.target map_entries(%m0 -> %a0, %m1 -> %a1 : !fir.ref<complex<f64>>, !fir.ref<!fir.char<1,16>>) {
    omp.terminator
  }
  return
}
