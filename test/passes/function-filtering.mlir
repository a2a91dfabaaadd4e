// RUN: %ompx opt %s --split-input-file --ompx-function-filtering | FileCheck %s
// RUN: fir-opt-22 %s --split-input-file --omp-function-filtering > %t.flang
// RUN: %ompx opt %s --split-input-file --ompx-function-filtering | diff %t.flang -
//
// flang's omp-function-filtering in one scan of the uses: the same module as
// flang's filter gives (second RUN), the functions in their order.

// CHECK-LABEL: module attributes {omp.is_target_device = true}
// Host-only functions go, with every call to them (a used result becomes
// fir.undefined, as flang's filter makes it).
// CHECK-NOT: @unused
// CHECK-NOT: @helper_of_unused
// CHECK: func.func @declared_any
// CHECK: func.func @kernel() attributes {omp.declare_target = #omp.declaretarget<device_type = (host), capture_clause = (to), automap = false>}
// CHECK-NEXT: %[[U:.*]] = fir.undefined i32
// CHECK-NEXT: omp.target
// CHECK: fir.store %[[U]]
// CHECK-NOT: func.call
// CHECK: func.func @kernel2()
// CHECK-NOT: func.func
module attributes {omp.is_target_device = true} {
  func.func @unused() {
    func.call @helper_of_unused() : () -> ()
    return
  }
  func.func @helper_of_unused() {
    return
  }
  func.func @declared_any() attributes {omp.declare_target = #omp.declaretarget<device_type = (any), capture_clause = (to)>} {
    return
  }
  func.func @kernel() {
    %v = func.call @value() : () -> i32
    omp.target {
      omp.terminator
    }
    func.call @runtime_call() : () -> ()
    func.call @declared_host_used_by_kernel() : () -> ()
    func.call @kernel2() : () -> ()
    %p = fir.alloca i32
    fir.store %v to %p : !fir.ref<i32>
    return
  }
  func.func private @runtime_call()
  func.func private @value() -> i32
  func.func @declared_host_used_by_kernel() attributes {omp.declare_target = #omp.declaretarget<device_type = (host), capture_clause = (to)>} {
    return
  }
  func.func @kernel2() {
    omp.target {
      omp.terminator
    }
    func.call @kernel() : () -> ()
    return
  }
}

// -----

// A host module: nothing to do.
// CHECK-LABEL: module attributes {omp.is_target_device = false}
// CHECK: func.func @unused
module attributes {omp.is_target_device = false} {
  func.func @unused() {
    return
  }
}
