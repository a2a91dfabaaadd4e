// RUN: %ompx opt %s --ompx-acc-to-omp | FileCheck %s
//
// acc_on_device of ompx's openacc module (pipeline/runtime/openacc.f90) has
// no device copy: acc-to-omp makes the module's own test on
// omp_is_initial_device in its place (the kinds: host 2, not_host 4,
// nvidia 5, radeon 8), inside the target region and in host code alike.

// CHECK: func.func private @omp_is_initial_device() -> i32
// A kind known only at run time: the whole test.
// CHECK-LABEL: func.func @_QPs
// CHECK: omp.target
// CHECK-DAG: %[[C2:.*]] = arith.constant 2 : i32
// CHECK-DAG: arith.constant 4 : i32
// CHECK-DAG: arith.constant 5 : i32
// CHECK-DAG: arith.constant 8 : i32
// CHECK: %[[INIT:.*]] = func.call @omp_is_initial_device() : () -> i32
// CHECK: %[[ON_INIT:.*]] = arith.cmpi ne, %[[INIT]], %{{.*}} : i32
// CHECK: %[[HOST:.*]] = arith.cmpi eq, %{{.*}}, %[[C2]] : i32
// CHECK: %[[ON:.*]] = arith.select %[[ON_INIT]], %[[HOST]], %{{.*}} : i1
// CHECK: %[[L:.*]] = fir.convert %[[ON]] : (i1) -> !fir.logical<4>
// CHECK: fir.store %[[L]]
// acc_device_not_host, folded: false on the initial device, else true.
// CHECK-LABEL: func.func @_QPt
// CHECK: omp.target
// CHECK: %[[INIT:.*]] = func.call @omp_is_initial_device() : () -> i32
// CHECK: %[[ON_INIT:.*]] = arith.cmpi ne, %[[INIT]], %{{.*}} : i32
// CHECK: arith.select %[[ON_INIT]], %false, %true : i1
// CHECK-NOT: fir.call @_QMopenaccPacc_on_device
func.func @_QPs(%r: !fir.ref<!fir.logical<4>>, %k: i32) {
  %m = acc.create varPtr(%r : !fir.ref<!fir.logical<4>>) -> !fir.ref<!fir.logical<4>> {dataClause = #acc<data_clause acc_copyout>, name = "r"}
  acc.serial dataOperands(%m : !fir.ref<!fir.logical<4>>) {
    %on = fir.call @_QMopenaccPacc_on_device(%k) : (i32) -> !fir.logical<4>
    fir.store %on to %m : !fir.ref<!fir.logical<4>>
    acc.yield
  }
  acc.copyout accPtr(%m : !fir.ref<!fir.logical<4>>) to varPtr(%r : !fir.ref<!fir.logical<4>>) {name = "r"}
  return
}
func.func @_QPt(%r: !fir.ref<!fir.logical<4>>) {
  %c4 = arith.constant 4 : i32
  %m = acc.create varPtr(%r : !fir.ref<!fir.logical<4>>) -> !fir.ref<!fir.logical<4>> {dataClause = #acc<data_clause acc_copyout>, name = "r"}
  acc.serial dataOperands(%m : !fir.ref<!fir.logical<4>>) {
    %on = fir.call @_QMopenaccPacc_on_device(%c4) : (i32) -> !fir.logical<4>
    fir.store %on to %m : !fir.ref<!fir.logical<4>>
    acc.yield
  }
  acc.copyout accPtr(%m : !fir.ref<!fir.logical<4>>) to varPtr(%r : !fir.ref<!fir.logical<4>>) {name = "r"}
  return
}
func.func private @_QMopenaccPacc_on_device(i32) -> !fir.logical<4>
