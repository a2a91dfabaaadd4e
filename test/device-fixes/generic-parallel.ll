; Generic-mode `omp.parallel`: LLVM 22.1.8 passes a null wrapper function
; (`__kmpc_parallel_60`'s 7th argument), which a device runtime hands to the
; team's worker threads as their work: they never run the region. OpenMPOpt
; hides it where it converts the kernel to SPMD (the ExecMode in its kernel
; environment gains the SPMD bit); a kernel still generic after optimization
; is refused (in a launch: at its omp.parallel, see
; test/launch/gpu-device-fixes.test). Trimmed from the device IR of
; `!$omp target` + two `!$omp parallel` (@generic_convertible) and of the
; same with an external call between them (@generic_opaque).
; RUN: not %ompx fix-device-ir --only=generic-parallel %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=O0
; RUN: not %ompx fix-device-ir --only=generic-parallel -O2 %s -o %t.ll 2>&1 | FileCheck %s --check-prefix=O2
; RUN: FileCheck %s --check-prefix=MODE < %t.ll
; The fixes record the regions before optimization (named metadata), so the
; check still sees them once the parallel entry is inlined (a linked device
; runtime's is alwaysinline): here a stand-in runtime defines it, and no
; call is left after -O2 (nor is any kernel converted).
; RUN: llvm-link -S %s %S/Inputs/parallel-entry-runtime.ll -o %t.rt.ll
; RUN: not %ompx fix-device-ir --only=generic-parallel -O2 %t.rt.ll -o %t.rt.out.ll 2>&1 | FileCheck %s --check-prefix=RT
; RUN: FileCheck %s --check-prefix=INLINED < %t.rt.out.ll

; O0-DAG: error: generic-mode kernel generic_opaque calls __kmpc_parallel_60 with a null wrapper function for generic_opaque..omp_par{{$}}
; O0-DAG: error: generic-mode kernel generic_opaque calls __kmpc_parallel_60 with a null wrapper function for generic_opaque..omp_par1{{$}}
; O0-DAG: error: generic-mode kernel generic_convertible calls __kmpc_parallel_60 with a null wrapper function for generic_convertible..omp_par{{$}}
; O0-DAG: error: generic-mode kernel generic_convertible calls __kmpc_parallel_60 with a null wrapper function for generic_convertible..omp_par1
; O0-NOT: spmd_kernel
; OpenMPOpt converts @generic_convertible (ExecMode 1 -> 3) but cannot guard
; the external call of @generic_opaque.
; O2-NOT: generic_convertible
; O2: error: generic-mode kernel generic_opaque calls __kmpc_parallel_60 with a null wrapper function for generic_opaque..omp_par{{$}}
; O2-NEXT: error: generic-mode kernel generic_opaque calls __kmpc_parallel_60 with a null wrapper function for generic_opaque..omp_par1{{$}}
; O2-NOT: generic_convertible
; MODE: @generic_opaque_kernel_environment = {{.*}}{ i8 1, i8 0, i8 1,
; MODE: @generic_convertible_kernel_environment = {{.*}}{ i8 0, i8 0, i8 3,
; RT-DAG: error: generic-mode kernel generic_opaque calls __kmpc_parallel_60 with a null wrapper function for generic_opaque..omp_par{{$}}
; RT-DAG: error: generic-mode kernel generic_convertible calls __kmpc_parallel_60 with a null wrapper function for generic_convertible..omp_par1{{$}}
; INLINED-NOT: call void @__kmpc_parallel_60

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.ident_t = type { i32, i32, i32, i32, ptr }
%struct.DynamicEnvironmentTy = type { i16 }
%struct.KernelEnvironmentTy = type { %struct.ConfigurationEnvironmentTy, ptr, ptr }
%struct.ConfigurationEnvironmentTy = type { i8, i8, i8, i32, i32, i32, i32, i32, i32 }

@__omp_rtl_debug_kind = weak_odr hidden constant i32 0
@__omp_rtl_assume_teams_oversubscription = weak_odr hidden constant i32 0
@__omp_rtl_assume_threads_oversubscription = weak_odr hidden constant i32 0
@__omp_rtl_assume_no_thread_state = weak_odr hidden constant i32 0
@__omp_rtl_assume_no_nested_parallelism = weak_odr hidden constant i32 0
@1 = private unnamed_addr constant [23 x i8] c";unknown;unknown;0;0;;\00", align 1
@2 = private unnamed_addr constant %struct.ident_t { i32 0, i32 2, i32 0, i32 22, ptr @1 }, align 8

@generic_opaque_dynamic_environment = weak_odr protected global %struct.DynamicEnvironmentTy zeroinitializer
@generic_opaque_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 1, i8 1, i8 1, i32 1, i32 128, i32 -1, i32 -1, i32 0, i32 0 }, ptr @2, ptr @generic_opaque_dynamic_environment }

define weak_odr protected ptx_kernel void @generic_opaque(ptr %0, ptr %1) #2 {
entry:
  %2 = alloca [1 x ptr], align 8
  %structArg19 = alloca { ptr }, align 8
  %3 = alloca [1 x ptr], align 8
  %structArg = alloca { ptr }, align 8
  %4 = alloca ptr, align 8
  store ptr %1, ptr %4, align 8
  %5 = call i32 @__kmpc_target_init(ptr @generic_opaque_kernel_environment, ptr %0)
  %exec_user_code = icmp eq i32 %5, -1
  br i1 %exec_user_code, label %user_code.entry, label %worker.exit

user_code.entry:
  %6 = load ptr, ptr %4, align 8, !align !0
  %omp_global_thread_num = call i32 @__kmpc_global_thread_num(ptr @2)
  %gep_ = getelementptr { ptr }, ptr %structArg, i32 0, i32 0
  store ptr %6, ptr %gep_, align 8
  %7 = getelementptr inbounds [1 x ptr], ptr %3, i64 0, i64 0
  store ptr %structArg, ptr %7, align 8
  call void @__kmpc_parallel_60(ptr @2, i32 %omp_global_thread_num, i32 1, i32 -1, i32 -1, ptr @generic_opaque..omp_par, ptr null, ptr %3, i64 1, i32 0)
  call void @opaque(ptr %6)
  %omp_global_thread_num4 = call i32 @__kmpc_global_thread_num(ptr @2)
  %gep_20 = getelementptr { ptr }, ptr %structArg19, i32 0, i32 0
  store ptr %6, ptr %gep_20, align 8
  %8 = getelementptr inbounds [1 x ptr], ptr %2, i64 0, i64 0
  store ptr %structArg19, ptr %8, align 8
  call void @__kmpc_parallel_60(ptr @2, i32 %omp_global_thread_num4, i32 1, i32 -1, i32 -1, ptr @generic_opaque..omp_par1, ptr null, ptr %2, i64 1, i32 0)
  call void @__kmpc_target_deinit()
  ret void

worker.exit:
  ret void
}

define internal void @generic_opaque..omp_par(ptr noalias noundef %tid.addr, ptr noalias noundef %zero.addr, ptr %0) #3 {
omp.par.entry:
  %gep_ = getelementptr { ptr }, ptr %0, i32 0, i32 0
  %loadgep_ = load ptr, ptr %gep_, align 8, !align !0
  store i32 1, ptr %loadgep_, align 4
  ret void
}

define internal void @generic_opaque..omp_par1(ptr noalias noundef %tid.addr, ptr noalias noundef %zero.addr, ptr %0) #3 {
omp.par.entry:
  %gep_ = getelementptr { ptr }, ptr %0, i32 0, i32 0
  %loadgep_ = load ptr, ptr %gep_, align 8, !align !0
  %1 = getelementptr inbounds nuw i8, ptr %loadgep_, i64 4
  store i32 2, ptr %1, align 4
  ret void
}

@generic_convertible_dynamic_environment = weak_odr protected global %struct.DynamicEnvironmentTy zeroinitializer
@generic_convertible_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 1, i8 1, i8 1, i32 1, i32 128, i32 -1, i32 -1, i32 0, i32 0 }, ptr @2, ptr @generic_convertible_dynamic_environment }

define weak_odr protected ptx_kernel void @generic_convertible(ptr %0, ptr %1) #2 {
entry:
  %2 = alloca [1 x ptr], align 8
  %structArg19 = alloca { ptr }, align 8
  %3 = alloca [1 x ptr], align 8
  %structArg = alloca { ptr }, align 8
  %4 = alloca ptr, align 8
  store ptr %1, ptr %4, align 8
  %5 = call i32 @__kmpc_target_init(ptr @generic_convertible_kernel_environment, ptr %0)
  %exec_user_code = icmp eq i32 %5, -1
  br i1 %exec_user_code, label %user_code.entry, label %worker.exit

user_code.entry:
  %6 = load ptr, ptr %4, align 8, !align !0
  %omp_global_thread_num = call i32 @__kmpc_global_thread_num(ptr @2)
  %gep_ = getelementptr { ptr }, ptr %structArg, i32 0, i32 0
  store ptr %6, ptr %gep_, align 8
  %7 = getelementptr inbounds [1 x ptr], ptr %3, i64 0, i64 0
  store ptr %structArg, ptr %7, align 8
  call void @__kmpc_parallel_60(ptr @2, i32 %omp_global_thread_num, i32 1, i32 -1, i32 -1, ptr @generic_convertible..omp_par, ptr null, ptr %3, i64 1, i32 0)
  %omp_global_thread_num4 = call i32 @__kmpc_global_thread_num(ptr @2)
  %gep_20 = getelementptr { ptr }, ptr %structArg19, i32 0, i32 0
  store ptr %6, ptr %gep_20, align 8
  %8 = getelementptr inbounds [1 x ptr], ptr %2, i64 0, i64 0
  store ptr %structArg19, ptr %8, align 8
  call void @__kmpc_parallel_60(ptr @2, i32 %omp_global_thread_num4, i32 1, i32 -1, i32 -1, ptr @generic_convertible..omp_par1, ptr null, ptr %2, i64 1, i32 0)
  call void @__kmpc_target_deinit()
  ret void

worker.exit:
  ret void
}

define internal void @generic_convertible..omp_par(ptr noalias noundef %tid.addr, ptr noalias noundef %zero.addr, ptr %0) #3 {
omp.par.entry:
  %gep_ = getelementptr { ptr }, ptr %0, i32 0, i32 0
  %loadgep_ = load ptr, ptr %gep_, align 8, !align !0
  store i32 1, ptr %loadgep_, align 4
  ret void
}

define internal void @generic_convertible..omp_par1(ptr noalias noundef %tid.addr, ptr noalias noundef %zero.addr, ptr %0) #3 {
omp.par.entry:
  %gep_ = getelementptr { ptr }, ptr %0, i32 0, i32 0
  %loadgep_ = load ptr, ptr %gep_, align 8, !align !0
  %1 = getelementptr inbounds nuw i8, ptr %loadgep_, i64 4
  store i32 2, ptr %1, align 4
  ret void
}

@spmd_kernel_dynamic_environment = weak_odr protected global %struct.DynamicEnvironmentTy zeroinitializer
@spmd_kernel_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 0, i8 1, i8 2, i32 1, i32 128, i32 0, i32 0, i32 0, i32 0 }, ptr @2, ptr @spmd_kernel_dynamic_environment }

define weak_odr protected ptx_kernel void @spmd_kernel(ptr %0, ptr %1) #2 {
entry:
  %2 = alloca [1 x ptr], align 8
  %structArg19 = alloca { ptr }, align 8
  %3 = alloca [1 x ptr], align 8
  %structArg = alloca { ptr }, align 8
  %4 = alloca ptr, align 8
  store ptr %1, ptr %4, align 8
  %5 = call i32 @__kmpc_target_init(ptr @spmd_kernel_kernel_environment, ptr %0)
  %exec_user_code = icmp eq i32 %5, -1
  br i1 %exec_user_code, label %user_code.entry, label %worker.exit

user_code.entry:
  %6 = load ptr, ptr %4, align 8, !align !0
  %omp_global_thread_num = call i32 @__kmpc_global_thread_num(ptr @2)
  %gep_ = getelementptr { ptr }, ptr %structArg, i32 0, i32 0
  store ptr %6, ptr %gep_, align 8
  %7 = getelementptr inbounds [1 x ptr], ptr %3, i64 0, i64 0
  store ptr %structArg, ptr %7, align 8
  call void @__kmpc_parallel_60(ptr @2, i32 %omp_global_thread_num, i32 1, i32 -1, i32 -1, ptr @spmd_kernel..omp_par, ptr null, ptr %3, i64 1, i32 0)
  %omp_global_thread_num4 = call i32 @__kmpc_global_thread_num(ptr @2)
  %gep_20 = getelementptr { ptr }, ptr %structArg19, i32 0, i32 0
  store ptr %6, ptr %gep_20, align 8
  %8 = getelementptr inbounds [1 x ptr], ptr %2, i64 0, i64 0
  store ptr %structArg19, ptr %8, align 8
  call void @__kmpc_parallel_60(ptr @2, i32 %omp_global_thread_num4, i32 1, i32 -1, i32 -1, ptr @spmd_kernel..omp_par1, ptr null, ptr %2, i64 1, i32 0)
  call void @__kmpc_target_deinit()
  ret void

worker.exit:
  ret void
}

define internal void @spmd_kernel..omp_par(ptr noalias noundef %tid.addr, ptr noalias noundef %zero.addr, ptr %0) #3 {
omp.par.entry:
  %gep_ = getelementptr { ptr }, ptr %0, i32 0, i32 0
  %loadgep_ = load ptr, ptr %gep_, align 8, !align !0
  store i32 1, ptr %loadgep_, align 4
  ret void
}

define internal void @spmd_kernel..omp_par1(ptr noalias noundef %tid.addr, ptr noalias noundef %zero.addr, ptr %0) #3 {
omp.par.entry:
  %gep_ = getelementptr { ptr }, ptr %0, i32 0, i32 0
  %loadgep_ = load ptr, ptr %gep_, align 8, !align !0
  %1 = getelementptr inbounds nuw i8, ptr %loadgep_, i64 4
  store i32 2, ptr %1, align 4
  ret void
}

declare void @opaque(ptr)
declare i32 @__kmpc_target_init(ptr, ptr)
declare i32 @__kmpc_global_thread_num(ptr) #4
declare void @__kmpc_target_deinit()
declare void @__kmpc_parallel_60(ptr, i32, i32, i32, i32, ptr, ptr, ptr, i64, i32) #5

attributes #2 = { mustprogress "kernel" "nvvm.maxntid"="128" "omp_target_thread_limit"="128" "target-cpu"="sm_90" "target-features"="+ptx88,+sm_90" }
attributes #3 = { nounwind "nvvm.maxntid"="128" "omp_target_thread_limit"="128" "target-cpu"="sm_90" "target-features"="+ptx88,+sm_90" }
attributes #4 = { nounwind }
attributes #5 = { alwaysinline }

!llvm.module.flags = !{!1, !2}
!0 = !{i64 4}
!1 = !{i32 7, !"openmp-device", i32 52}
!2 = !{i32 7, !"openmp", i32 52}
