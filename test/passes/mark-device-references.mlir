// RUN: %ompx opt %s --ompx-mark-device-references | FileCheck %s
//
// flang marks declare target what device code calls; its filter deletes
// the other host functions of a device module and erases each op naming
// one, so an omp.single whose copyprivate names a copy function vanished
// from the kernel. Functions device code names (in a target region, in a
// declare target function for the device) become declare target, and the
// functions they name too, and so do the functions a privatizer device
// code names calls (its init region's runtime call was erased: a
// firstprivate record's copy aborted). Host functions named only by host
// code, and device_type(host) ones, are left alone; a host module is not
// touched.

module attributes {omp.is_target_device = true} {
  // CHECK-LABEL: func.func private @_copy_i32
  // CHECK-SAME: omp.declare_target = #omp.declaretarget<device_type = (any), capture_clause = (to)
  func.func private @_copy_i32(%dst: !fir.ref<i32>, %src: !fir.ref<i32>) {
    %0 = fir.load %src : !fir.ref<i32>
    fir.store %0 to %dst : !fir.ref<i32>
    func.call @helper() : () -> ()
    return
  }
  // Named by the copy function: marked in turn.
  // CHECK-LABEL: func.func private @helper
  // CHECK-SAME: omp.declare_target
  func.func private @helper() {
    return
  }
  // CHECK-LABEL: func.func private @_copy_f64
  // CHECK-SAME: omp.declare_target = #omp.declaretarget<device_type = (any)
  func.func private @_copy_f64(%dst: !fir.ref<f64>, %src: !fir.ref<f64>) {
    return
  }
  // CHECK-LABEL: func.func private @host_only
  // CHECK-NOT: omp.declare_target
  // CHECK-SAME: {
  func.func private @host_only(%dst: !fir.ref<i32>, %src: !fir.ref<i32>) {
    return
  }
  // CHECK-LABEL: func.func private @for_host
  // CHECK-SAME: device_type = (host)
  func.func private @for_host(%dst: !fir.ref<i32>, %src: !fir.ref<i32>) attributes {omp.declare_target = #omp.declaretarget<device_type = (host), capture_clause = (to)>} {
    return
  }

  // Called by the init region of a privatizer a target region names.
  // CHECK-LABEL: func.func private @_FortranAInitialize
  // CHECK-SAME: omp.declare_target = #omp.declaretarget<device_type = (any)
  func.func private @_FortranAInitialize(!fir.ref<i32>)
  // Called by a privatizer only host code names.
  // CHECK-LABEL: func.func private @host_init
  // CHECK-SAME: (!fir.ref<i32>){{$}}
  func.func private @host_init(!fir.ref<i32>)
  omp.private {type = firstprivate} @dev_priv : i32 init {
  ^bb0(%a: !fir.ref<i32>, %b: !fir.ref<i32>):
    fir.call @_FortranAInitialize(%b) : (!fir.ref<i32>) -> ()
    omp.yield(%b : !fir.ref<i32>)
  } copy {
  ^bb0(%a: !fir.ref<i32>, %b: !fir.ref<i32>):
    omp.yield(%b : !fir.ref<i32>)
  }
  omp.private {type = firstprivate} @host_priv : i32 init {
  ^bb0(%a: !fir.ref<i32>, %b: !fir.ref<i32>):
    fir.call @host_init(%b) : (!fir.ref<i32>) -> ()
    omp.yield(%b : !fir.ref<i32>)
  } copy {
  ^bb0(%a: !fir.ref<i32>, %b: !fir.ref<i32>):
    omp.yield(%b : !fir.ref<i32>)
  }

  func.func @_QQmain() {
    %v = fir.alloca i32
    omp.parallel private(@host_priv %v -> %hp : !fir.ref<i32>) {
      omp.terminator
    }
    omp.target {
      %t = fir.alloca i32
      omp.parallel private(@dev_priv %t -> %dp : !fir.ref<i32>) {
        omp.terminator
      }
      omp.parallel {
        omp.single copyprivate(%t -> @_copy_i32 : !fir.ref<i32>) {
          omp.terminator
        }
        omp.terminator
      }
      omp.terminator
    }
    // Host code's copyprivate names a host function.
    omp.parallel {
      omp.single copyprivate(%v -> @host_only : !fir.ref<i32>) {
        omp.terminator
      }
      omp.single copyprivate(%v -> @for_host : !fir.ref<i32>) {
        omp.terminator
      }
      omp.terminator
    }
    return
  }

  func.func @device_proc(%w: !fir.ref<f64>) attributes {omp.declare_target = #omp.declaretarget<device_type = (any), capture_clause = (to)>} {
    omp.parallel {
      omp.single copyprivate(%w -> @_copy_f64 : !fir.ref<f64>) {
        omp.terminator
      }
      omp.terminator
    }
    return
  }
}
