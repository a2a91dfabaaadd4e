// RUN: %ompx opt %s --split-input-file --ompx-drop-host-functions | FileCheck %s
//
// In a device module, the func.func that flang's omp-function-filtering
// deletes (host device type, no omp.target) go in one scan when only such
// functions use them; the rest stay for that filter.

// CHECK-LABEL: module attributes {omp.is_target_device = true}
// A host-only function used by nothing, and one used only by it: gone.
// CHECK-NOT: @unused
// CHECK-NOT: @helper_of_unused
// The kernel's function and what its host code calls: the filter's.
// CHECK: func.func @kernel
// CHECK: func.func private @runtime_call
// CHECK: func.func @declared_any
// CHECK: func.func @declared_host_used_by_kernel
// CHECK-NOT: func.func
module attributes {omp.is_target_device = true} {
  func.func @unused() {
    func.call @helper_of_unused() : () -> ()
    return
  }
  func.func @helper_of_unused() {
    return
  }
  func.func @kernel() {
    omp.target {
      omp.terminator
    }
    func.call @runtime_call() : () -> ()
    func.call @declared_host_used_by_kernel() : () -> ()
    return
  }
  func.func private @runtime_call()
  func.func @declared_any() attributes {omp.declare_target = #omp.declaretarget<device_type = (any), capture_clause = (to)>} {
    return
  }
  func.func @declared_host_used_by_kernel() attributes {omp.declare_target = #omp.declaretarget<device_type = (host), capture_clause = (to)>} {
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
