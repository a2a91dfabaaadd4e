// RUN: %ompx opt %s --ompx-acc-bind-device | FileCheck %s
//
// A device copy: calls to a procedure acc-to-omp marked with its
// `routine bind` name call that name, in target regions and in the
// routines they call; the mark goes.

// CHECK-LABEL: func.func @_QPhost_ver(
// CHECK-NOT: ompx.acc_bind
// CHECK-LABEL: func.func @_QPcaller(
// CHECK: fir.call @dev_ver(
// CHECK-LABEL: func.func @_QPkernel(
// CHECK: omp.target
// CHECK: fir.call @dev_ver(
// CHECK: fir.call @_QPcaller(
func.func @_QPhost_ver(%x: !fir.ref<f32>) attributes {ompx.acc_bind = @dev_ver} {
  return
}
func.func private @dev_ver(!fir.ref<f32>)
func.func @_QPcaller(%x: !fir.ref<f32>) {
  fir.call @_QPhost_ver(%x) : (!fir.ref<f32>) -> ()
  return
}
func.func @_QPkernel(%x: !fir.ref<f32>) {
  %m = omp.map.info var_ptr(%x : !fir.ref<f32>, f32) map_clauses(tofrom) capture(ByRef) -> !fir.ref<f32>
  omp.target map_entries(%m -> %a : !fir.ref<f32>) {
    fir.call @_QPhost_ver(%a) : (!fir.ref<f32>) -> ()
    fir.call @_QPcaller(%a) : (!fir.ref<f32>) -> ()
    omp.terminator
  }
  return
}
