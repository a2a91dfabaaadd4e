// RUN: %ompx opt %s --ompx-acc-to-omp | FileCheck %s
//
// Loop reductions on logical and complex scalars become by-value
// omp.declare_reduction ops (as flang declares them for OpenMP): each
// identity is the operator's neutral value, logicals combine through i1.

// CHECK-LABEL: omp.declare_reduction @ompx_acc_mul_complex_f32_ : complex<f32> init {
// CHECK: %[[ONE:.*]] = arith.constant 1.000000e+00 : f32
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[U:.*]] = fir.undefined complex<f32>
// CHECK: %[[RE:.*]] = fir.insert_value %[[U]], %[[ONE]], [0 : index]
// CHECK: %[[C:.*]] = fir.insert_value %[[RE]], %[[ZERO]], [1 : index]
// CHECK: omp.yield(%[[C]] : complex<f32>)
// CHECK: combiner {
// CHECK: fir.mulc
// CHECK-LABEL: omp.declare_reduction @ompx_acc_add_complex_f32_ : complex<f32> init {
// CHECK: %[[Z0:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[Z1:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: fir.insert_value %{{.*}}, %[[Z0]], [0 : index]
// CHECK: combiner {
// CHECK: fir.addc
// CHECK-LABEL: omp.declare_reduction @ompx_acc_neqv__fir_logical_4_ : !fir.logical<4> init {
// CHECK: %[[F:.*]] = arith.constant false
// CHECK: fir.convert %[[F]] : (i1) -> !fir.logical<4>
// CHECK: combiner {
// CHECK: arith.cmpi ne, %{{.*}}, %{{.*}} : i1
// CHECK-LABEL: omp.declare_reduction @ompx_acc_eqv__fir_logical_4_ : !fir.logical<4> init {
// CHECK: %[[T:.*]] = arith.constant true
// CHECK: fir.convert %[[T]] : (i1) -> !fir.logical<4>
// CHECK: combiner {
// CHECK: arith.cmpi eq, %{{.*}}, %{{.*}} : i1
// CHECK-LABEL: omp.declare_reduction @ompx_acc_lor__fir_logical_4_ : !fir.logical<4> init {
// CHECK: %[[F2:.*]] = arith.constant false
// CHECK: fir.convert %[[F2]] : (i1) -> !fir.logical<4>
// CHECK: combiner {
// CHECK: arith.ori %{{.*}}, %{{.*}} : i1
// CHECK-LABEL: omp.declare_reduction @ompx_acc_land__fir_logical_4_ : !fir.logical<4> init {
// CHECK: %[[T2:.*]] = arith.constant true
// CHECK: fir.convert %[[T2]] : (i1) -> !fir.logical<4>
// CHECK: combiner {
// CHECK: arith.andi %{{.*}}, %{{.*}} : i1
// CHECK-LABEL: func.func @logical_complex(
// CHECK: omp.wsloop reduction(@ompx_acc_land__fir_logical_4_ %{{.*}}, @ompx_acc_lor__fir_logical_4_ %{{.*}}, @ompx_acc_eqv__fir_logical_4_ %{{.*}}, @ompx_acc_neqv__fir_logical_4_ %{{.*}}, @ompx_acc_add_complex_f32_ %{{.*}}, @ompx_acc_mul_complex_f32_ %{{.*}} -> {{.*}}) {
// CHECK-NOT: acc.

acc.private.recipe @privatization_ref_i32 : !fir.ref<i32> init {
^bb0(%arg0: !fir.ref<i32>):
  %0 = fir.alloca i32
  acc.yield %0 : !fir.ref<i32>
}
acc.reduction.recipe @land : !fir.ref<!fir.logical<4>> reduction_operator <land> init {
^bb0(%arg0: !fir.ref<!fir.logical<4>>):
  %0 = fir.alloca !fir.logical<4>
  acc.yield %0 : !fir.ref<!fir.logical<4>>
} combiner {
^bb0(%arg0: !fir.ref<!fir.logical<4>>, %arg1: !fir.ref<!fir.logical<4>>):
  acc.yield %arg0 : !fir.ref<!fir.logical<4>>
}
acc.reduction.recipe @lor : !fir.ref<!fir.logical<4>> reduction_operator <lor> init {
^bb0(%arg0: !fir.ref<!fir.logical<4>>):
  %0 = fir.alloca !fir.logical<4>
  acc.yield %0 : !fir.ref<!fir.logical<4>>
} combiner {
^bb0(%arg0: !fir.ref<!fir.logical<4>>, %arg1: !fir.ref<!fir.logical<4>>):
  acc.yield %arg0 : !fir.ref<!fir.logical<4>>
}
acc.reduction.recipe @eqv : !fir.ref<!fir.logical<4>> reduction_operator <eqv> init {
^bb0(%arg0: !fir.ref<!fir.logical<4>>):
  %0 = fir.alloca !fir.logical<4>
  acc.yield %0 : !fir.ref<!fir.logical<4>>
} combiner {
^bb0(%arg0: !fir.ref<!fir.logical<4>>, %arg1: !fir.ref<!fir.logical<4>>):
  acc.yield %arg0 : !fir.ref<!fir.logical<4>>
}
acc.reduction.recipe @neqv : !fir.ref<!fir.logical<4>> reduction_operator <neqv> init {
^bb0(%arg0: !fir.ref<!fir.logical<4>>):
  %0 = fir.alloca !fir.logical<4>
  acc.yield %0 : !fir.ref<!fir.logical<4>>
} combiner {
^bb0(%arg0: !fir.ref<!fir.logical<4>>, %arg1: !fir.ref<!fir.logical<4>>):
  acc.yield %arg0 : !fir.ref<!fir.logical<4>>
}
acc.reduction.recipe @cadd : !fir.ref<complex<f32>> reduction_operator <add> init {
^bb0(%arg0: !fir.ref<complex<f32>>):
  %0 = fir.alloca complex<f32>
  acc.yield %0 : !fir.ref<complex<f32>>
} combiner {
^bb0(%arg0: !fir.ref<complex<f32>>, %arg1: !fir.ref<complex<f32>>):
  acc.yield %arg0 : !fir.ref<complex<f32>>
}
acc.reduction.recipe @cmul : !fir.ref<complex<f32>> reduction_operator <mul> init {
^bb0(%arg0: !fir.ref<complex<f32>>):
  %0 = fir.alloca complex<f32>
  acc.yield %0 : !fir.ref<complex<f32>>
} combiner {
^bb0(%arg0: !fir.ref<complex<f32>>, %arg1: !fir.ref<complex<f32>>):
  acc.yield %arg0 : !fir.ref<complex<f32>>
}
func.func @logical_complex(%la: !fir.ref<!fir.logical<4>>, %lo: !fir.ref<!fir.logical<4>>, %le: !fir.ref<!fir.logical<4>>, %ln: !fir.ref<!fir.logical<4>>, %c: !fir.ref<complex<f32>>, %z: !fir.ref<complex<f32>>, %n: i32) {
  %0 = acc.copyin varPtr(%la : !fir.ref<!fir.logical<4>>) -> !fir.ref<!fir.logical<4>> {dataClause = #acc<data_clause acc_reduction>, implicit = true, name = "la"}
  %1 = acc.copyin varPtr(%lo : !fir.ref<!fir.logical<4>>) -> !fir.ref<!fir.logical<4>> {dataClause = #acc<data_clause acc_reduction>, implicit = true, name = "lo"}
  %2 = acc.copyin varPtr(%le : !fir.ref<!fir.logical<4>>) -> !fir.ref<!fir.logical<4>> {dataClause = #acc<data_clause acc_reduction>, implicit = true, name = "le"}
  %3 = acc.copyin varPtr(%ln : !fir.ref<!fir.logical<4>>) -> !fir.ref<!fir.logical<4>> {dataClause = #acc<data_clause acc_reduction>, implicit = true, name = "ln"}
  %4 = acc.copyin varPtr(%c : !fir.ref<complex<f32>>) -> !fir.ref<complex<f32>> {dataClause = #acc<data_clause acc_reduction>, implicit = true, name = "c"}
  %5 = acc.copyin varPtr(%z : !fir.ref<complex<f32>>) -> !fir.ref<complex<f32>> {dataClause = #acc<data_clause acc_reduction>, implicit = true, name = "z"}
  acc.parallel combined(loop) dataOperands(%0, %1, %2, %3, %4, %5 : !fir.ref<!fir.logical<4>>, !fir.ref<!fir.logical<4>>, !fir.ref<!fir.logical<4>>, !fir.ref<!fir.logical<4>>, !fir.ref<complex<f32>>, !fir.ref<complex<f32>>) {
    %c1 = arith.constant 1 : i32
    %r0 = acc.reduction varPtr(%0 : !fir.ref<!fir.logical<4>>) recipe(@land) -> !fir.ref<!fir.logical<4>> {name = "la"}
    %r1 = acc.reduction varPtr(%1 : !fir.ref<!fir.logical<4>>) recipe(@lor) -> !fir.ref<!fir.logical<4>> {name = "lo"}
    %r2 = acc.reduction varPtr(%2 : !fir.ref<!fir.logical<4>>) recipe(@eqv) -> !fir.ref<!fir.logical<4>> {name = "le"}
    %r3 = acc.reduction varPtr(%3 : !fir.ref<!fir.logical<4>>) recipe(@neqv) -> !fir.ref<!fir.logical<4>> {name = "ln"}
    %r4 = acc.reduction varPtr(%4 : !fir.ref<complex<f32>>) recipe(@cadd) -> !fir.ref<complex<f32>> {name = "c"}
    %r5 = acc.reduction varPtr(%5 : !fir.ref<complex<f32>>) recipe(@cmul) -> !fir.ref<complex<f32>> {name = "z"}
    acc.loop combined(parallel) reduction(%r0, %r1, %r2, %r3, %r4, %r5 : !fir.ref<!fir.logical<4>>, !fir.ref<!fir.logical<4>>, !fir.ref<!fir.logical<4>>, !fir.ref<!fir.logical<4>>, !fir.ref<complex<f32>>, !fir.ref<complex<f32>>) control(%iv : i32) = (%c1 : i32) to (%n : i32) step (%c1 : i32) {
      %t = arith.constant true
      %l = fir.convert %t : (i1) -> !fir.logical<4>
      fir.store %l to %r0 : !fir.ref<!fir.logical<4>>
      acc.yield
    } attributes {inclusiveUpperbound = array<i1: true>, independent = [#acc.device_type<none>]}
    acc.yield
  }
  acc.copyout accPtr(%0 : !fir.ref<!fir.logical<4>>) to varPtr(%la : !fir.ref<!fir.logical<4>>) {dataClause = #acc<data_clause acc_reduction>, implicit = true, name = "la"}
  acc.copyout accPtr(%1 : !fir.ref<!fir.logical<4>>) to varPtr(%lo : !fir.ref<!fir.logical<4>>) {dataClause = #acc<data_clause acc_reduction>, implicit = true, name = "lo"}
  acc.copyout accPtr(%2 : !fir.ref<!fir.logical<4>>) to varPtr(%le : !fir.ref<!fir.logical<4>>) {dataClause = #acc<data_clause acc_reduction>, implicit = true, name = "le"}
  acc.copyout accPtr(%3 : !fir.ref<!fir.logical<4>>) to varPtr(%ln : !fir.ref<!fir.logical<4>>) {dataClause = #acc<data_clause acc_reduction>, implicit = true, name = "ln"}
  acc.copyout accPtr(%4 : !fir.ref<complex<f32>>) to varPtr(%c : !fir.ref<complex<f32>>) {dataClause = #acc<data_clause acc_reduction>, implicit = true, name = "c"}
  acc.copyout accPtr(%5 : !fir.ref<complex<f32>>) to varPtr(%z : !fir.ref<complex<f32>>) {dataClause = #acc<data_clause acc_reduction>, implicit = true, name = "z"}
  return
}
