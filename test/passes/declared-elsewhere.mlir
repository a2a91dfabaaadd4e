// RUN: %ompx opt %s --ompx-declared-elsewhere | FileCheck %s
//
// flang-22's .mod files drop `declare target`: in a unit using the module,
// an implicit map of its scalar was a copy of the host's value (ByCopy).
// ompx-flang marks such globals; their implicit maps are captured by
// reference, as flang captures a declare target variable it can see. The
// mark stays for the unit's link record (the compiler drops it after).
// Explicit maps and other globals are left alone.

// CHECK: fir.global @_QMstateEgscale {ompx.declare_target_elsewhere} : f64
// CHECK: fir.global @_QMstateEplain : f64
fir.global @_QMstateEgscale {ompx.declare_target_elsewhere} : f64
fir.global @_QMstateEplain : f64
// CHECK: fir.global @_QMstateElinked {ompx.declare_target_elsewhere = "link"} : f64
fir.global @_QMstateElinked {ompx.declare_target_elsewhere = "link"} : f64

// CHECK-LABEL: func.func @_QQmain
func.func @_QQmain() {
  %0 = fir.address_of(@_QMstateEgscale) : !fir.ref<f64>
  %1:2 = hlfir.declare %0 {uniq_name = "_QMstateEgscale"} : (!fir.ref<f64>) -> (!fir.ref<f64>, !fir.ref<f64>)
  %2 = fir.address_of(@_QMstateEplain) : !fir.ref<f64>
  %3:2 = hlfir.declare %2 {uniq_name = "_QMstateEplain"} : (!fir.ref<f64>) -> (!fir.ref<f64>, !fir.ref<f64>)
  %7 = fir.address_of(@_QMstateElinked) : !fir.ref<f64>
  %8:2 = hlfir.declare %7 {uniq_name = "_QMstateElinked"} : (!fir.ref<f64>) -> (!fir.ref<f64>, !fir.ref<f64>)
  // A link variable is mapped tofrom too.
  // CHECK: omp.map.info var_ptr({{.*}}) map_clauses(implicit, tofrom) capture(ByRef) {{.*}}name = "linked"
  %9 = omp.map.info var_ptr(%8#1 : !fir.ref<f64>, f64) map_clauses(implicit) capture(ByCopy) -> !fir.ref<f64> {name = "linked"}
  // CHECK: omp.map.info var_ptr({{.*}}) map_clauses(implicit) capture(ByRef) {{.*}}name = "gscale"
  %4 = omp.map.info var_ptr(%1#1 : !fir.ref<f64>, f64) map_clauses(implicit) capture(ByCopy) -> !fir.ref<f64> {name = "gscale"}
  // CHECK: omp.map.info var_ptr({{.*}}) map_clauses(implicit) capture(ByCopy) {{.*}}name = "plain"
  %5 = omp.map.info var_ptr(%3#1 : !fir.ref<f64>, f64) map_clauses(implicit) capture(ByCopy) -> !fir.ref<f64> {name = "plain"}
  omp.target map_entries(%4 -> %arg0, %5 -> %arg1, %9 -> %arg2 : !fir.ref<f64>, !fir.ref<f64>, !fir.ref<f64>) {
    %6 = fir.load %arg1 : !fir.ref<f64>
    fir.store %6 to %arg0 : !fir.ref<f64>
    omp.terminator
  }
  return
}
