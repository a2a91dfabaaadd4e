; reduction-descriptors on amdgcn: the descriptors are private allocas
; (address space 5) used through addrspacecasts, one per use site (the
; shuffle function casts the element twice). Trimmed from the gfx90a device
; IR of gpu_array_reduction; the nvptx shapes are in reduction-descriptors.ll.
; RUN: %ompx fix-device-ir --only=reduction-descriptors %s 2>%t.log | FileCheck %s
; RUN: FileCheck %s --check-prefix=LOG < %t.log
; RUN: %ompx fix-device-ir --only=reduction-buffer %s | FileCheck %s --check-prefix=NOFIX

; LOG: note: 2 reduction descriptor(s) completed from the thread's own (LLVM 22.1.8 set only their base address)
; NOFIX-NOT: call void @llvm.memcpy

target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

%desc = type { ptr, i64, i32, i8, i8, i8, i8, [1 x [3 x i64]] }
%struct._globalized_locals_ty = type { [8 x i32] }

declare i32 @__kmpc_nvptx_parallel_reduce_nowait_v2(ptr, i64, ptr, ptr, ptr)
declare i32 @__kmpc_nvptx_teams_reduce_nowait_v2(ptr, ptr, i32, i64, ptr, ptr, ptr, ptr, ptr, ptr, ptr)
declare void @reduction_func(ptr, ptr)
declare void @inter_warp_copy(ptr, i32)
declare void @copy(ptr, i32, ptr)

define void @kernel(ptr %list, ptr %buffer) {
  %1 = call i32 @__kmpc_nvptx_parallel_reduce_nowait_v2(ptr null, i64 8, ptr %list, ptr @shuffle_and_reduce, ptr @inter_warp_copy)
  %2 = call i32 @__kmpc_nvptx_teams_reduce_nowait_v2(ptr null, ptr %buffer, i32 1024, i64 32, ptr %list, ptr @shuffle_and_reduce, ptr @inter_warp_copy, ptr @copy, ptr @list_to_global_reduce, ptr @copy, ptr @copy)
  ret void
}

; CHECK-LABEL: define internal void @shuffle_and_reduce(
; CHECK: %element = alloca %desc, align 8, addrspace(5)
; CHECK-NEXT: [[SLOT:%.*]] = getelementptr inbounds [1 x ptr], ptr %0, i64 0, i64 0
; CHECK-NEXT: [[OWN:%.*]] = load ptr, ptr [[SLOT]]
; CHECK-NEXT: call void @llvm.memcpy.p5.p0.i64(ptr addrspace(5) align 8 %element, ptr align 1 [[OWN]], i64 48, i1 false)
define internal void @shuffle_and_reduce(ptr %0, i16 %1, i16 %2, i16 %3) {
entry:
  %remote_list = alloca [1 x ptr], align 8, addrspace(5)
  %element = alloca %desc, align 8, addrspace(5)
  %element.ascast = addrspacecast ptr addrspace(5) %element to ptr
  %data = alloca [8 x i32], align 4, addrspace(5)
  %remote_list.ascast = addrspacecast ptr addrspace(5) %remote_list to ptr
  %slot = getelementptr inbounds [1 x ptr], ptr %remote_list.ascast, i64 0, i64 0
  br label %exit

exit:
  %element.ascast4 = addrspacecast ptr addrspace(5) %element to ptr
  %base = getelementptr %desc, ptr %element.ascast4, i32 0, i32 0
  %data.ascast = addrspacecast ptr addrspace(5) %data to ptr
  store ptr %data.ascast, ptr %base, align 8
  store ptr %element.ascast, ptr %slot, align 8
  call void @reduction_func(ptr %0, ptr %remote_list.ascast)
  ret void
}

; CHECK-LABEL: define internal void @list_to_global_reduce(
; CHECK: %record = alloca %desc, align 8, addrspace(5)
; CHECK-NEXT: [[SLOT:%.*]] = getelementptr inbounds [1 x ptr], ptr %2, i64 0, i64 0
; CHECK-NEXT: [[OWN:%.*]] = load ptr, ptr [[SLOT]]
; CHECK-NEXT: call void @llvm.memcpy.p5.p0.i64(ptr addrspace(5) align 8 %record, ptr align 1 [[OWN]], i64 48, i1 false)
define internal void @list_to_global_reduce(ptr %0, i32 %1, ptr %2) {
entry:
  %record = alloca %desc, align 8, addrspace(5)
  %record.ascast = addrspacecast ptr addrspace(5) %record to ptr
  %red_list = alloca [1 x ptr], align 8, addrspace(5)
  %red_list.ascast = addrspacecast ptr addrspace(5) %red_list to ptr
  %slot = getelementptr inbounds [1 x ptr], ptr %red_list.ascast, i64 0, i64 0
  %entry_ = getelementptr inbounds %struct._globalized_locals_ty, ptr %0, i32 %1
  %base = getelementptr %desc, ptr %record.ascast, i32 0, i32 0
  store ptr %entry_, ptr %base, align 8
  store ptr %record.ascast, ptr %slot, align 8
  call void @reduction_func(ptr %red_list.ascast, ptr %2)
  ret void
}
