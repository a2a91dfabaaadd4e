// RUN: %ompx opt %s --ompx-wide-scalar-captures | FileCheck %s
//
// A firstprivate scalar over 64 bits (flang-22's `implicit, to` map by
// reference, or a by-copy capture LLVM 22 would cut to 64 bits) becomes
// by-copy 64-bit words of a copy the host makes at the construct; the region
// rebuilds the value in a copy of its own. A TARGET scalar, an explicit map,
// a narrow by-copy capture and an optional dummy are left alone.

// CHECK-LABEL: func.func @_QQmain
func.func @_QQmain(%opt: !fir.ref<complex<f64>> {fir.optional}) {
  // CHECK: %[[COPY:.*]] = fir.alloca complex<f64>
  %0 = fir.alloca complex<f64> {bindc_name = "z", uniq_name = "_QFEz"}
  %1:2 = hlfir.declare %0 {uniq_name = "_QFEz"} : (!fir.ref<complex<f64>>) -> (!fir.ref<complex<f64>>, !fir.ref<complex<f64>>)
  %2 = fir.alloca i128 {bindc_name = "t", uniq_name = "_QFEt"}
  %3:2 = hlfir.declare %2 {fortran_attrs = #fir.var_attrs<target>, uniq_name = "_QFEt"} : (!fir.ref<i128>) -> (!fir.ref<i128>, !fir.ref<i128>)
  %4 = fir.alloca f64 {bindc_name = "r", uniq_name = "_QFEr"}
  %5:2 = hlfir.declare %4 {uniq_name = "_QFEr"} : (!fir.ref<f64>) -> (!fir.ref<f64>, !fir.ref<f64>)
  %6 = fir.alloca complex<f64> {bindc_name = "e", uniq_name = "_QFEe"}
  %7:2 = hlfir.declare %6 {uniq_name = "_QFEe"} : (!fir.ref<complex<f64>>) -> (!fir.ref<complex<f64>>, !fir.ref<complex<f64>>)
  %8:2 = hlfir.declare %opt {fortran_attrs = #fir.var_attrs<optional>, uniq_name = "_QFEo"} : (!fir.ref<complex<f64>>) -> (!fir.ref<complex<f64>>, !fir.ref<complex<f64>>)
  // The value, copied when the construct is met, and its two words.
  // CHECK: %[[VAL:.*]] = fir.load %{{.*}} : !fir.ref<complex<f64>>
  // CHECK: fir.store %[[VAL]] to %[[COPY]]
  // CHECK: %[[WORDS:.*]] = fir.convert %[[COPY]] : (!fir.ref<complex<f64>>) -> !fir.ref<!fir.array<2xi64>>
  // CHECK: %[[W0:.*]] = fir.coordinate_of %[[WORDS]]
  // CHECK: %[[M0:.*]] = omp.map.info var_ptr(%[[W0]] : !fir.ref<i64>, i64) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i64> {name = "z"}
  // CHECK: %[[W1:.*]] = fir.coordinate_of %[[WORDS]]
  // CHECK: %[[M1:.*]] = omp.map.info var_ptr(%[[W1]] : !fir.ref<i64>, i64) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i64> {name = "z"}
  %m0 = omp.map.info var_ptr(%1#1 : !fir.ref<complex<f64>>, complex<f64>) map_clauses(implicit, to) capture(ByRef) -> !fir.ref<complex<f64>> {name = "z"}
  // CHECK: omp.map.info var_ptr({{.*}} : !fir.ref<i128>, i128) map_clauses(implicit, to) capture(ByRef) {{.*}}name = "t"
  %m1 = omp.map.info var_ptr(%3#1 : !fir.ref<i128>, i128) map_clauses(implicit, to) capture(ByRef) -> !fir.ref<i128> {name = "t"}
  // CHECK: omp.map.info var_ptr({{.*}} : !fir.ref<f64>, f64) map_clauses(implicit) capture(ByCopy) {{.*}}name = "r"
  %m2 = omp.map.info var_ptr(%5#1 : !fir.ref<f64>, f64) map_clauses(implicit) capture(ByCopy) -> !fir.ref<f64> {name = "r"}
  // CHECK: omp.map.info var_ptr({{.*}} : !fir.ref<complex<f64>>, complex<f64>) map_clauses(to) capture(ByRef) {{.*}}name = "e"
  %m3 = omp.map.info var_ptr(%7#1 : !fir.ref<complex<f64>>, complex<f64>) map_clauses(to) capture(ByRef) -> !fir.ref<complex<f64>> {name = "e"}
  // CHECK: omp.map.info var_ptr({{.*}} : !fir.ref<complex<f64>>, complex<f64>) map_clauses(implicit, to) capture(ByRef) {{.*}}name = "o"
  %m4 = omp.map.info var_ptr(%8#1 : !fir.ref<complex<f64>>, complex<f64>) map_clauses(implicit, to) capture(ByRef) -> !fir.ref<complex<f64>> {name = "o"}
  // The first word takes the value's place; the second comes after the
  // other maps.
  // CHECK: omp.target map_entries(%[[M0]] -> %[[A0:[a-z0-9]+]], {{.*}}, %[[M1]] -> %[[A5:[a-z0-9]+]] : !fir.ref<i64>, !fir.ref<i128>, !fir.ref<f64>, !fir.ref<complex<f64>>, !fir.ref<complex<f64>>, !fir.ref<i64>)
  omp.target map_entries(%m0 -> %a0, %m1 -> %a1, %m2 -> %a2, %m3 -> %a3, %m4 -> %a4 : !fir.ref<complex<f64>>, !fir.ref<i128>, !fir.ref<f64>, !fir.ref<complex<f64>>, !fir.ref<complex<f64>>) {
    // CHECK-NEXT: %[[OWN:.*]] = fir.alloca complex<f64>
    // CHECK-NEXT: %[[OWNW:.*]] = fir.convert %[[OWN]] : (!fir.ref<complex<f64>>) -> !fir.ref<!fir.array<2xi64>>
    // CHECK-NEXT: %[[L0:.*]] = fir.load %[[A0]] : !fir.ref<i64>
    // CHECK:      fir.store %[[L0]] to
    // CHECK:      %[[L1:.*]] = fir.load %[[A5]] : !fir.ref<i64>
    // CHECK:      fir.store %[[L1]] to
    // CHECK:      hlfir.declare %[[OWN]]
    %z:2 = hlfir.declare %a0 {uniq_name = "_QFEz"} : (!fir.ref<complex<f64>>) -> (!fir.ref<complex<f64>>, !fir.ref<complex<f64>>)
    %t:2 = hlfir.declare %a1 {fortran_attrs = #fir.var_attrs<target>, uniq_name = "_QFEt"} : (!fir.ref<i128>) -> (!fir.ref<i128>, !fir.ref<i128>)
    %r:2 = hlfir.declare %a2 {uniq_name = "_QFEr"} : (!fir.ref<f64>) -> (!fir.ref<f64>, !fir.ref<f64>)
    %e:2 = hlfir.declare %a3 {uniq_name = "_QFEe"} : (!fir.ref<complex<f64>>) -> (!fir.ref<complex<f64>>, !fir.ref<complex<f64>>)
    %o:2 = hlfir.declare %a4 {fortran_attrs = #fir.var_attrs<optional>, uniq_name = "_QFEo"} : (!fir.ref<complex<f64>>) -> (!fir.ref<complex<f64>>, !fir.ref<complex<f64>>)
    omp.terminator
  }
  return
}

// A wide by-copy capture (`defaultmap(to: scalar)`) keeps its map type.
// CHECK-LABEL: func.func @defaultmap_to
func.func @defaultmap_to() {
  %0 = fir.alloca i128 {bindc_name = "k", uniq_name = "_QFdEk"}
  %1:2 = hlfir.declare %0 {uniq_name = "_QFdEk"} : (!fir.ref<i128>) -> (!fir.ref<i128>, !fir.ref<i128>)
  // CHECK-COUNT-2: omp.map.info var_ptr({{.*}} : !fir.ref<i64>, i64) map_clauses(implicit, to) capture(ByCopy)
  %m0 = omp.map.info var_ptr(%1#1 : !fir.ref<i128>, i128) map_clauses(implicit, to) capture(ByCopy) -> !fir.ref<i128> {name = "k"}
  omp.target map_entries(%m0 -> %a0 : !fir.ref<i128>) {
    %k:2 = hlfir.declare %a0 {uniq_name = "_QFdEk"} : (!fir.ref<i128>) -> (!fir.ref<i128>, !fir.ref<i128>)
    omp.terminator
  }
  return
}
