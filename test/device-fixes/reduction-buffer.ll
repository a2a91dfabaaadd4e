; By-reference (array) reductions: LLVM 22.1.8 sizes the team reduction
; buffer record (ReductionDataSize, field 8 of the kernel environment's
; configuration) as a pointer, 8 bytes, while the teams-reduction callbacks
; index the buffer with the real record, here { [8 x i32] } = 32 bytes: the
; plugin allocates 8 x 1024 bytes and teams >= 256 write past them. The fix
; reads the record type from the list_to_global copy callback and patches the
; constant (upstream fix: llvm/llvm-project#185460). Trimmed from the device
; IR of `target teams distribute parallel do reduction(+:hist)` with
; `integer :: hist(8)`; the scalar kernel (8-byte records) is left alone.
; RUN: %ompx fix-device-ir --only=reduction-buffer %s 2>%t.log | FileCheck %s
; RUN: FileCheck %s --check-prefix=LOG < %t.log

; CHECK: @array_kernel_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 0, i8 1, i8 2, i32 1, i32 128, i32 0, i32 0, i32 32, i32 1024 }
; CHECK: @scalar_kernel_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 0, i8 1, i8 2, i32 1, i32 128, i32 0, i32 0, i32 8, i32 1024 }
; LOG: note: array_kernel: team reduction buffer records are 32 bytes, LLVM 22.1.8 declared 8 (ReductionDataSize patched)
; LOG-NOT: scalar_kernel

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.ident_t = type { i32, i32, i32, i32, ptr }
%struct.DynamicEnvironmentTy = type { i16 }
%struct.KernelEnvironmentTy = type { %struct.ConfigurationEnvironmentTy, ptr, ptr }
%struct.ConfigurationEnvironmentTy = type { i8, i8, i8, i32, i32, i32, i32, i32, i32 }
%struct._globalized_locals_ty = type { [8 x i32] }
%struct._globalized_locals_ty.0 = type { double }

@str = private unnamed_addr constant [23 x i8] c";unknown;unknown;0;0;;\00", align 1
@0 = private unnamed_addr constant %struct.ident_t { i32 0, i32 2, i32 0, i32 22, ptr @str }, align 8
@array_kernel_dynamic_environment = weak_odr protected global %struct.DynamicEnvironmentTy zeroinitializer
@array_kernel_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 0, i8 1, i8 2, i32 1, i32 128, i32 0, i32 0, i32 8, i32 1024 }, ptr @0, ptr @array_kernel_dynamic_environment }
@scalar_kernel_dynamic_environment = weak_odr protected global %struct.DynamicEnvironmentTy zeroinitializer
@scalar_kernel_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 0, i8 1, i8 2, i32 1, i32 128, i32 0, i32 0, i32 8, i32 1024 }, ptr @0, ptr @scalar_kernel_dynamic_environment }

; The kernel reaches the reduction through its teams region and the outlined
; parallel region it passes to __kmpc_parallel_60.
define weak_odr protected ptx_kernel void @array_kernel(ptr %launch_env, ptr %hist) {
entry:
  %0 = call i32 @__kmpc_target_init(ptr @array_kernel_kernel_environment, ptr %launch_env)
  call void @array_kernel..omp_par6(ptr %hist)
  call void @__kmpc_target_deinit()
  ret void
}

define internal void @array_kernel..omp_par6(ptr %hist) {
entry:
  %args = alloca [1 x ptr], align 8
  store ptr %hist, ptr %args, align 8
  %gtid = call i32 @__kmpc_global_thread_num(ptr @0)
  call void @__kmpc_parallel_60(ptr @0, i32 %gtid, i32 1, i32 -1, i32 -1, ptr @array_kernel..omp_par5, ptr null, ptr %args, i64 1, i32 0)
  ret void
}

define internal void @array_kernel..omp_par5(ptr noalias noundef %tid.addr, ptr noalias noundef %zero.addr, ptr %hist) {
entry:
  %red_list = alloca [1 x ptr], align 8
  store ptr %hist, ptr %red_list, align 8
  %buffer = call ptr @__kmpc_reduction_get_fixed_buffer()
  %0 = call i32 @__kmpc_nvptx_teams_reduce_nowait_v2(ptr @0, ptr %buffer, i32 1024, i64 8, ptr %red_list, ptr @shuffle_and_reduce, ptr @inter_warp_copy, ptr @_omp_reduction_list_to_global_copy_func, ptr @list_to_global_reduce, ptr @global_to_list_copy, ptr @global_to_list_reduce)
  ret void
}

; As LLVM 22.1.8 emits it (unoptimized: the buffer goes through an alloca).
define internal void @_omp_reduction_list_to_global_copy_func(ptr noundef %0, i32 noundef %1, ptr noundef %2) {
entry:
  %.addr = alloca ptr, align 8
  %.addr1 = alloca i32, align 4
  %.addr2 = alloca ptr, align 8
  store ptr %0, ptr %.addr, align 8
  store i32 %1, ptr %.addr1, align 4
  store ptr %2, ptr %.addr2, align 8
  %3 = load ptr, ptr %.addr2, align 8
  %4 = load ptr, ptr %.addr, align 8
  %5 = load i32, ptr %.addr1, align 4
  %6 = getelementptr inbounds [1 x ptr], ptr %3, i64 0, i64 0
  %7 = load ptr, ptr %6, align 8
  %8 = getelementptr inbounds %struct._globalized_locals_ty, ptr %4, i32 %5
  %9 = getelementptr inbounds %struct._globalized_locals_ty, ptr %8, i32 0, i32 0
  %10 = getelementptr { ptr, i64, i32, i8, i8, i8, i8, [1 x [3 x i64]] }, ptr %7, i32 0, i32 0
  %11 = load ptr, ptr %10, align 8
  %12 = load [8 x i32], ptr %11, align 4
  store [8 x i32] %12, ptr %9, align 4
  ret void
}

; A scalar real(8) reduction: 8-byte records, already right.
define weak_odr protected ptx_kernel void @scalar_kernel(ptr %launch_env, ptr %s) {
entry:
  %0 = call i32 @__kmpc_target_init(ptr @scalar_kernel_kernel_environment, ptr %launch_env)
  %red_list = alloca [1 x ptr], align 8
  store ptr %s, ptr %red_list, align 8
  %buffer = call ptr @__kmpc_reduction_get_fixed_buffer()
  %1 = call i32 @__kmpc_nvptx_teams_reduce_nowait_v2(ptr @0, ptr %buffer, i32 1024, i64 8, ptr %red_list, ptr @shuffle_and_reduce, ptr @inter_warp_copy, ptr @scalar_list_to_global_copy, ptr @list_to_global_reduce, ptr @global_to_list_copy, ptr @global_to_list_reduce)
  call void @__kmpc_target_deinit()
  ret void
}

define internal void @scalar_list_to_global_copy(ptr noundef %0, i32 noundef %1, ptr noundef %2) {
entry:
  %3 = load ptr, ptr %2, align 8
  %4 = getelementptr inbounds %struct._globalized_locals_ty.0, ptr %0, i32 %1
  %5 = load double, ptr %3, align 8
  store double %5, ptr %4, align 8
  ret void
}

define internal void @shuffle_and_reduce(ptr %0, i16 %1, i16 %2, i16 %3) {
  ret void
}
define internal void @inter_warp_copy(ptr %0, i32 %1) {
  ret void
}
define internal void @list_to_global_reduce(ptr %0, i32 %1, ptr %2) {
  ret void
}
define internal void @global_to_list_copy(ptr %0, i32 %1, ptr %2) {
  ret void
}
define internal void @global_to_list_reduce(ptr %0, i32 %1, ptr %2) {
  ret void
}

declare i32 @__kmpc_target_init(ptr, ptr)
declare void @__kmpc_target_deinit()
declare i32 @__kmpc_global_thread_num(ptr)
declare void @__kmpc_parallel_60(ptr, i32, i32, i32, i32, ptr, ptr, ptr, i64, i32)
declare ptr @__kmpc_reduction_get_fixed_buffer()
declare i32 @__kmpc_nvptx_teams_reduce_nowait_v2(ptr, ptr, i32, i64, ptr, ptr, ptr, ptr, ptr, ptr, ptr)
