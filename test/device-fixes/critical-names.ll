; `omp critical` on nvptx: LLVM 22.1.8 names the lock `.gomp_critical_user_
; <name>.var`, which PTX rejects ("Parsing error near '.gomp_critical_user_'"
; from ptxas, with flang-22 itself too). The fix renames the lock, and every
; use follows. Trimmed from the device IR of a `target teams distribute
; parallel do` with an unnamed and a named critical section.
; RUN: %ompx fix-device-ir --only=critical-names %s 2>%t.log | FileCheck %s
; RUN: FileCheck %s --check-prefix=LOG < %t.log
; amdgcn ELF symbols may contain '.': nothing is renamed there.
; RUN: %ompx fix-device-ir --triple=amdgcn-amd-amdhsa --arch=gfx90a --only=critical-names %s | FileCheck %s --check-prefix=AMD

; CHECK: @__gomp_critical_user__var = common global [8 x i32] zeroinitializer
; CHECK: @__gomp_critical_user_acc_var = common global [8 x i32] zeroinitializer
; CHECK-NOT: .gomp_critical_user
; CHECK: call void @__kmpc_critical(ptr @0, i32 %gtid, ptr @__gomp_critical_user__var)
; CHECK: call void @__kmpc_end_critical(ptr @0, i32 %gtid, ptr @__gomp_critical_user__var)
; CHECK: call void @__kmpc_critical(ptr @0, i32 %gtid, ptr @__gomp_critical_user_acc_var)
; CHECK: call void @__kmpc_end_critical(ptr @0, i32 %gtid, ptr @__gomp_critical_user_acc_var)
; LOG: note: renamed .gomp_critical_user_.var to __gomp_critical_user__var
; LOG: note: renamed .gomp_critical_user_acc.var to __gomp_critical_user_acc_var
; AMD: @.gomp_critical_user_.var = common global
; AMD: @.gomp_critical_user_acc.var = common global

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

%struct.ident_t = type { i32, i32, i32, i32, ptr }

@str = private unnamed_addr constant [23 x i8] c";unknown;unknown;0;0;;\00", align 1
@0 = private unnamed_addr constant %struct.ident_t { i32 0, i32 2, i32 0, i32 22, ptr @str }, align 8
@.gomp_critical_user_.var = common global [8 x i32] zeroinitializer, align 8
@.gomp_critical_user_acc.var = common global [8 x i32] zeroinitializer, align 8

define internal void @__omp_offloading_fe00_a7244b__QQmain_l22..omp_par2(ptr noalias noundef %tid.addr, ptr noalias noundef %zero.addr, ptr %n, ptr %m) #0 {
entry:
  %gtid = call i32 @__kmpc_global_thread_num(ptr @0)
  call void @__kmpc_critical(ptr @0, i32 %gtid, ptr @.gomp_critical_user_.var)
  %1 = load i32, ptr %n, align 4
  %2 = add i32 %1, 1
  store i32 %2, ptr %n, align 4
  call void @__kmpc_end_critical(ptr @0, i32 %gtid, ptr @.gomp_critical_user_.var)
  call void @__kmpc_critical(ptr @0, i32 %gtid, ptr @.gomp_critical_user_acc.var)
  %3 = load i32, ptr %m, align 4
  %4 = add i32 %3, 2
  store i32 %4, ptr %m, align 4
  call void @__kmpc_end_critical(ptr @0, i32 %gtid, ptr @.gomp_critical_user_acc.var)
  ret void
}

declare i32 @__kmpc_global_thread_num(ptr) #1
declare void @__kmpc_critical(ptr, i32, ptr) #2
declare void @__kmpc_end_critical(ptr, i32, ptr) #2

attributes #0 = { nounwind "target-cpu"="sm_90" "target-features"="+ptx88,+sm_90" }
attributes #1 = { nounwind }
attributes #2 = { convergent nounwind }
