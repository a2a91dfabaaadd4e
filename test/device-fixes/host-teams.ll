; host-offload: libomptarget's x86_64 plugin calls a kernel once and ompx's
; serial device runtime is one team, so num_teams(4) ran one team. A kernel
; whose environment asks for at least 4 teams (MinTeams, the fifth i32 of
; its configuration) becomes a loop calling its body once per team after
; __ompx_host_team(team, 4); the offload entry names the loop. A kernel
; without a constant lower bound (MinTeams -1 or 1) runs as many teams as the
; launch asked for (the program's request, __ompx_host_teams_requested).
; RUN: %ompx fix-device-ir --triple=x86_64-pc-linux-gnu --only=host-teams %s | FileCheck %s
; RUN: %ompx fix-device-ir --triple=x86_64-pc-linux-gnu --only=host-teams %s | opt-22 -passes=verify -disable-output

target triple = "x86_64-pc-linux-gnu"

%struct.ConfigurationEnvironmentTy = type { i8, i8, i8, i32, i32, i32, i32, i32, i32 }
%struct.KernelEnvironmentTy = type { %struct.ConfigurationEnvironmentTy, ptr, ptr }
%struct.__tgt_offload_entry = type { i64, i16, i16, i32, ptr, ptr, i64, i64, ptr }

@four_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 1, i8 1, i8 1, i32 1, i32 256, i32 4, i32 4, i32 0, i32 0 }, ptr null, ptr null }
@any_kernel_environment = weak_odr protected constant %struct.KernelEnvironmentTy { %struct.ConfigurationEnvironmentTy { i8 1, i8 1, i8 1, i32 1, i32 256, i32 -1, i32 -1, i32 0, i32 0 }, ptr null, ptr null }
@.offloading.entry_name = internal unnamed_addr constant [5 x i8] c"four\00"
@.offloading.entry.four = weak constant %struct.__tgt_offload_entry { i64 0, i16 1, i16 1, i32 0, ptr @four, ptr @.offloading.entry_name, i64 0, i64 0, ptr null }, section "llvm_offload_entries"

declare i32 @__kmpc_target_init(ptr, ptr)
declare void @__kmpc_target_deinit()

define weak_odr protected void @four(ptr %dyn, ptr %a) {
  %r = call i32 @__kmpc_target_init(ptr @four_kernel_environment, ptr %dyn)
  store i32 1, ptr %a
  call void @__kmpc_target_deinit()
  ret void
}

define weak_odr protected void @any(ptr %dyn) {
  %r = call i32 @__kmpc_target_init(ptr @any_kernel_environment, ptr %dyn)
  call void @__kmpc_target_deinit()
  ret void
}

; CHECK: @.offloading.entry.four = {{.*}} ptr @four,
; CHECK-LABEL: define weak_odr protected void @__ompx_team.four(ptr %dyn, ptr %a)
; CHECK: call i32 @__kmpc_target_init(ptr @four_kernel_environment
; CHECK-LABEL: define weak_odr protected void @__ompx_team.any(ptr %dyn)
; CHECK-LABEL: define weak_odr protected void @four(ptr %0, ptr %1)
; CHECK: team:
; CHECK-NEXT: %t = phi i32 [ 0, %entry ], [ %[[NEXT:[0-9]+]], %team ]
; CHECK-NEXT: call void @__ompx_host_team(i32 %t, i32 4)
; CHECK-NEXT: call void @__ompx_team.four(ptr %0, ptr %1)
; CHECK-NEXT: %[[NEXT]] = add i32 %t, 1
; CHECK-NEXT: %[[LAST:[0-9]+]] = icmp sge i32 %[[NEXT]], 4
; CHECK-NEXT: br i1 %[[LAST]], label %done, label %team
; CHECK: done:
; CHECK-NEXT: call void @__ompx_host_team(i32 0, i32 1)
; CHECK-NEXT: ret void
; CHECK-LABEL: define weak_odr protected void @any(ptr %0)
; CHECK-NEXT: entry:
; CHECK-NEXT: %teams = call i32 @__ompx_host_teams_requested()
; CHECK: call void @__ompx_host_team(i32 %t, i32 %teams)
; CHECK-NEXT: call void @__ompx_team.any(ptr %0)
; CHECK: icmp sge i32 %{{[0-9]+}}, %teams
