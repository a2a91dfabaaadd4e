; `use omp_lib` leaves flang's module constants (65-135 `_QMomp_lib*`
; globals) declared in the device module though nothing there reads them;
; LLVM 22.1.8 keeps them as `.extern .global` in the relocatable cubin, and
; nvlink then fails on them ("Undefined reference to '_QMomp_lib...'"). The
; fix erases every external declaration nothing uses; used ones stay.
; Trimmed from the device IR of examples/launch/saxpy.
; RUN: %ompx fix-device-ir --only=unused-declarations %s | FileCheck %s
; RUN: %ompx fix-device-ir --triple=amdgcn-amd-amdhsa --arch=gfx90a --only=unused-declarations %s | FileCheck %s

; CHECK-NOT: _QMomp_lib
; CHECK-NOT: @unused_fn
; CHECK: @used_extern = external global i32
; CHECK: define weak_odr protected ptx_kernel void @kernel
; CHECK: declare i32 @omp_get_num_threads()
; CHECK-NOT: _QMomp_lib
; CHECK-NOT: @unused_fn

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@_QMomp_lib_kindsECkmp_affinity_mask_kind = external constant i32
@_QMomp_lib_kindsECkmp_cancel_kind = external constant i32
@_QMomp_libECkmp_cancel_loop = external constant i32
@_QMomp_libECopenmp_version = external constant i32
@used_extern = external global i32

define weak_odr protected ptx_kernel void @kernel(ptr %out) {
entry:
  %n = call i32 @omp_get_num_threads()
  %v = load i32, ptr @used_extern, align 4
  %s = add i32 %n, %v
  store i32 %s, ptr %out, align 4
  ret void
}

declare i32 @omp_get_num_threads()
declare void @unused_fn(ptr)
