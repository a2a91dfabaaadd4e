; By-reference (array) reductions: the GPU callbacks that combine another
; thread's copy (shuffle-and-reduce) or the team buffer's record
; (list_to_global_reduce, global_to_list_reduce) describe it with a fresh
; Fortran descriptor of which LLVM 22.1.8 sets only the base address; the
; combiner then read the stride from uninitialized stack (an H200 faulted).
; The fix copies the thread's own descriptor (list element i of the callback's
; reduce-list argument) into each such descriptor before its base is set.
; Trimmed from the device IR of `target teams distribute parallel do
; reduction(+:hist)` with `integer :: hist(8)`; the scalar callback's
; allocas and the inter-warp copy are left alone.
; RUN: %ompx fix-device-ir --only=reduction-descriptors %s 2>%t.log | FileCheck %s
; RUN: FileCheck %s --check-prefix=LOG < %t.log
; Without the fix nothing fills the descriptors:
; RUN: %ompx fix-device-ir --only=reduction-buffer %s | FileCheck %s --check-prefix=NOFIX

; LOG: note: 3 reduction descriptor(s) completed from the thread's own (LLVM 22.1.8 set only their base address)
; NOFIX-NOT: call void @llvm.memcpy

target triple = "nvptx64-nvidia-cuda"

%desc = type { ptr, i64, i32, i8, i8, i8, i8, [1 x [3 x i64]] }
%struct._globalized_locals_ty = type { [8 x i32] }

declare i32 @__kmpc_nvptx_parallel_reduce_nowait_v2(ptr, i64, ptr, ptr, ptr)
declare i32 @__kmpc_nvptx_teams_reduce_nowait_v2(ptr, ptr, i32, i64, ptr, ptr, ptr, ptr, ptr, ptr, ptr)
declare void @reduction_func(ptr, ptr)
declare void @inter_warp_copy(ptr, i32)
declare void @copy(ptr, i32, ptr)

define void @kernel(ptr %list, ptr %buffer) {
  %1 = call i32 @__kmpc_nvptx_parallel_reduce_nowait_v2(ptr null, i64 8, ptr %list, ptr @shuffle_and_reduce, ptr @inter_warp_copy)
  %2 = call i32 @__kmpc_nvptx_teams_reduce_nowait_v2(ptr null, ptr %buffer, i32 1024, i64 32, ptr %list, ptr @shuffle_and_reduce, ptr @inter_warp_copy, ptr @copy, ptr @list_to_global_reduce, ptr @copy, ptr @global_to_list_reduce)
  ret void
}

; CHECK-LABEL: define internal void @shuffle_and_reduce(
; CHECK: %.omp.reduction.element = alloca %desc
; CHECK-NEXT: [[SLOT:%.*]] = getelementptr inbounds [1 x ptr], ptr %0, i64 0, i64 0
; CHECK-NEXT: [[OWN:%.*]] = load ptr, ptr [[SLOT]]
; CHECK-NEXT: call void @llvm.memcpy.p0.p0.i64(ptr align 8 %.omp.reduction.element, ptr align 1 [[OWN]], i64 48, i1 false)
; CHECK: store ptr %data, ptr %base
define internal void @shuffle_and_reduce(ptr %0, i16 %1, i16 %2, i16 %3) {
entry:
  %remote_list = alloca [1 x ptr], align 8
  %.omp.reduction.element = alloca %desc, align 8
  %data = alloca [8 x i32], align 4
  %slot = getelementptr inbounds [1 x ptr], ptr %remote_list, i64 0, i64 0
  %base = getelementptr %desc, ptr %.omp.reduction.element, i32 0, i32 0
  store ptr %data, ptr %base, align 8
  store ptr %.omp.reduction.element, ptr %slot, align 8
  call void @reduction_func(ptr %0, ptr %remote_list)
  ret void
}

; CHECK-LABEL: define internal void @list_to_global_reduce(
; CHECK: %record = alloca %desc
; CHECK-NEXT: [[SLOT:%.*]] = getelementptr inbounds [1 x ptr], ptr %2, i64 0, i64 0
; CHECK-NEXT: [[OWN:%.*]] = load ptr, ptr [[SLOT]]
; CHECK-NEXT: call void @llvm.memcpy.p0.p0.i64(ptr align 8 %record, ptr align 1 [[OWN]], i64 48, i1 false)
define internal void @list_to_global_reduce(ptr %0, i32 %1, ptr %2) {
entry:
  %record = alloca %desc, align 8
  %red_list = alloca [1 x ptr], align 8
  %slot = getelementptr inbounds [1 x ptr], ptr %red_list, i64 0, i64 0
  %entry_ = getelementptr inbounds %struct._globalized_locals_ty, ptr %0, i32 %1
  %base = getelementptr %desc, ptr %record, i32 0, i32 0
  store ptr %entry_, ptr %base, align 8
  store ptr %record, ptr %slot, align 8
  call void @reduction_func(ptr %red_list, ptr %2)
  ret void
}

; CHECK-LABEL: define internal void @global_to_list_reduce(
; CHECK: call void @llvm.memcpy
define internal void @global_to_list_reduce(ptr %0, i32 %1, ptr %2) {
entry:
  %record = alloca %desc, align 8
  %red_list = alloca [1 x ptr], align 8
  %slot = getelementptr inbounds [1 x ptr], ptr %red_list, i64 0, i64 0
  %entry_ = getelementptr inbounds %struct._globalized_locals_ty, ptr %0, i32 %1
  %base = getelementptr %desc, ptr %record, i32 0, i32 0
  store ptr %entry_, ptr %base, align 8
  store ptr %record, ptr %slot, align 8
  call void @reduction_func(ptr %2, ptr %red_list)
  ret void
}
