; LLVM 22 hands a teams reduction used only inside a distribute to the
; distribute, whose combine into the shared original is guarded by the
; team's __kmpc_reduce: that excludes a team's threads from each other, not
; the teams, and a team of one thread takes no lock (a host build of
; `target teams distribute parallel do reduction(+:s)` lost a team's share
; in 2 of 50 rounds). Each combine in code a teams region runs (its
; microtask, the parallel regions it forks, the internal helpers they call)
; takes one program-wide lock after the reduce admits the thread and drops it
; before __kmpc_end_reduce (whose barrier must not wait under it). A
; parallel region outside any teams region is left alone.
; RUN: %ompx fix-device-ir --triple=x86_64-pc-linux-gnu --only=host-teams-combines %s | FileCheck %s
; RUN: %ompx fix-device-ir --triple=x86_64-pc-linux-gnu --only=host-teams-combines %s | opt-22 -passes=verify -disable-output

target triple = "x86_64-pc-linux-gnu"

@loc = private constant [1 x i8] zeroinitializer
@.gomp_critical_user_.reduction.var = common global [8 x i32] zeroinitializer, align 8

declare void @__kmpc_fork_teams(ptr, i32, ptr, ...)
declare void @__kmpc_fork_call(ptr, i32, ptr, ...)
declare i32 @__kmpc_reduce(ptr, i32, i32, i64, ptr, ptr, ptr)
declare void @__kmpc_end_reduce(ptr, i32, ptr)
declare i32 @__kmpc_reduce_nowait(ptr, i32, i32, i64, ptr, ptr, ptr)
declare void @__kmpc_end_reduce_nowait(ptr, i32, ptr)

define internal void @red.func(ptr %a, ptr %b) {
  ret void
}

define void @target_fallback(ptr %total) {
  call void (ptr, i32, ptr, ...) @__kmpc_fork_teams(ptr @loc, i32 1, ptr @teams.microtask, ptr %total)
  ret void
}

define internal void @teams.microtask(ptr %gtid.ptr, ptr %btid.ptr, ptr %total) {
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr @loc, i32 1, ptr @par.microtask, ptr %total)
  ret void
}

; CHECK: @.gomp_critical_user_ompx_teams_combine.var = common global [8 x i32] zeroinitializer, align 8

; The distribute's combine inside the parallel region a teams region forks.
; CHECK-LABEL: define internal void @par.microtask(
; CHECK: %reduce = call i32 @__kmpc_reduce(ptr @loc, i32 %gtid, {{.*}} ptr @.gomp_critical_user_.reduction.var)
; CHECK: combine:
; CHECK-NEXT: call void @__kmpc_critical(ptr @loc, i32 %gtid, ptr @.gomp_critical_user_ompx_teams_combine.var)
; CHECK-NEXT: %old = load i32, ptr %total
; CHECK: store i32 %sum, ptr %total
; CHECK-NEXT: call void @__kmpc_end_critical(ptr @loc, i32 %gtid, ptr @.gomp_critical_user_ompx_teams_combine.var)
; CHECK-NEXT: call void @__kmpc_end_reduce(ptr @loc, i32 %gtid, ptr @.gomp_critical_user_.reduction.var)
; CHECK: call void @helper(
define internal void @par.microtask(ptr %tid.addr, ptr %zero.addr, ptr %total) {
entry:
  %gtid = load i32, ptr %tid.addr
  %priv = alloca i32
  store i32 1, ptr %priv
  %list = alloca [1 x ptr]
  store ptr %priv, ptr %list
  %reduce = call i32 @__kmpc_reduce(ptr @loc, i32 %gtid, i32 1, i64 8, ptr %list, ptr @red.func, ptr @.gomp_critical_user_.reduction.var)
  switch i32 %reduce, label %done [
    i32 1, label %combine
    i32 2, label %atomic
  ]
combine:
  %old = load i32, ptr %total
  %mine = load i32, ptr %priv
  %sum = add i32 %old, %mine
  store i32 %sum, ptr %total
  call void @__kmpc_end_reduce(ptr @loc, i32 %gtid, ptr @.gomp_critical_user_.reduction.var)
  br label %done
atomic:
  unreachable
done:
  call void @helper(i32 %gtid, ptr %total)
  ret void
}

; An internal helper the teams' code calls: its nowait combine is locked too.
; CHECK-LABEL: define internal void @helper(
; CHECK: combine:
; CHECK-NEXT: call void @__kmpc_critical(ptr @loc, i32 %gtid, ptr @.gomp_critical_user_ompx_teams_combine.var)
; CHECK: call void @__kmpc_end_critical(ptr @loc, i32 %gtid, ptr @.gomp_critical_user_ompx_teams_combine.var)
; CHECK-NEXT: call void @__kmpc_end_reduce_nowait(
define internal void @helper(i32 %gtid, ptr %total) {
entry:
  %list = alloca [1 x ptr]
  %reduce = call i32 @__kmpc_reduce_nowait(ptr @loc, i32 %gtid, i32 1, i64 8, ptr %list, ptr @red.func, ptr @.gomp_critical_user_.reduction.var)
  switch i32 %reduce, label %done [
    i32 1, label %combine
  ]
combine:
  store i32 0, ptr %total
  call void @__kmpc_end_reduce_nowait(ptr @loc, i32 %gtid, ptr @.gomp_critical_user_.reduction.var)
  br label %done
done:
  ret void
}

; A parallel region no teams region runs: one team, its reduce suffices.
; CHECK-LABEL: define internal void @plain.microtask(
; CHECK-NOT: __kmpc_critical
; CHECK: ret void
define void @plain(ptr %total) {
  call void (ptr, i32, ptr, ...) @__kmpc_fork_call(ptr @loc, i32 1, ptr @plain.microtask, ptr %total)
  ret void
}

define internal void @plain.microtask(ptr %tid.addr, ptr %zero.addr, ptr %total) {
entry:
  %gtid = load i32, ptr %tid.addr
  %list = alloca [1 x ptr]
  %reduce = call i32 @__kmpc_reduce(ptr @loc, i32 %gtid, i32 1, i64 8, ptr %list, ptr @red.func, ptr @.gomp_critical_user_.reduction.var)
  switch i32 %reduce, label %done [
    i32 1, label %combine
  ]
combine:
  store i32 0, ptr %total
  call void @__kmpc_end_reduce(ptr @loc, i32 %gtid, ptr @.gomp_critical_user_.reduction.var)
  br label %done
done:
  ret void
}

; A distribute's reduction in the teams region's own code (no parallel
; region: `target teams distribute reduction(+:s)`): only the team's initial
; thread runs it, and libomp's reduce, its end and the barrier after it
; waited for the team's other threads (teams of two threads hung). The
; thread combines under the lock without them.
; CHECK-LABEL: define internal void @teams2.microtask(
; CHECK-NOT: __kmpc_reduce
; CHECK-NOT: __kmpc_barrier
; CHECK: combine:
; CHECK-NEXT: call void @__kmpc_critical(ptr @loc, i32 %gtid, ptr @.gomp_critical_user_ompx_teams_combine.var)
; CHECK: store i32 %sum, ptr %total
; CHECK-NEXT: call void @__kmpc_end_critical(ptr @loc, i32 %gtid, ptr @.gomp_critical_user_ompx_teams_combine.var)
; CHECK-NOT: __kmpc_end_reduce
; CHECK-NOT: __kmpc_barrier
; CHECK: ret void
declare void @__kmpc_barrier(ptr, i32)

define void @target_distribute(ptr %total) {
  call void (ptr, i32, ptr, ...) @__kmpc_fork_teams(ptr @loc, i32 1, ptr @teams2.microtask, ptr %total)
  ret void
}

define internal void @teams2.microtask(ptr %tid.addr, ptr %btid.ptr, ptr %total) {
entry:
  %gtid = load i32, ptr %tid.addr
  %priv = alloca i32
  store i32 1, ptr %priv
  %list = alloca [1 x ptr]
  store ptr %priv, ptr %list
  %reduce = call i32 @__kmpc_reduce(ptr @loc, i32 %gtid, i32 1, i64 8, ptr %list, ptr @red.func, ptr @.gomp_critical_user_.reduction.var)
  switch i32 %reduce, label %done [
    i32 1, label %combine
    i32 2, label %atomic
  ]
combine:
  %old = load i32, ptr %total
  %mine = load i32, ptr %priv
  %sum = add i32 %old, %mine
  store i32 %sum, ptr %total
  call void @__kmpc_end_reduce(ptr @loc, i32 %gtid, ptr @.gomp_critical_user_.reduction.var)
  br label %done
atomic:
  unreachable
done:
  call void @__kmpc_barrier(ptr @loc, i32 %gtid)
  ret void
}
