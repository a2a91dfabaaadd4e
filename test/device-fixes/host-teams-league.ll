; A teams fork without num_teams or thread_limit: libomp asks for the
; default league only when the forking thread's record of the last one is
; empty, and libomp 19 leaves it full on the pool threads that ran a
; league's other teams (a worker of a later parallel region then aborted,
; kmp_csupport.cpp(539)). Each bare fork asks for the default first, as
; libomp itself does on an empty record; a fork whose league a
; __kmpc_push_num_teams call sets is left alone, and so is the second fork
; of a block whose first one was set.
; RUN: %ompx fix-device-ir --triple=x86_64-pc-linux-gnu --only=host-teams-league %s | FileCheck %s
; RUN: %ompx fix-device-ir --triple=x86_64-pc-linux-gnu --only=host-teams-league %s | opt-22 -passes=verify -disable-output
; RUN: %ompx fix-device-ir --triple=x86_64-pc-linux-gnu --only=host-teams-league %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=LOG
; LOG: note: 2 teams fork(s) ask for the default league first

target triple = "x86_64-pc-linux-gnu"

@loc = private constant [1 x i8] zeroinitializer

declare void @__kmpc_fork_teams(ptr, i32, ptr, ...)
declare void @__kmpc_push_num_teams(ptr, i32, i32, i32)
declare i32 @__kmpc_global_thread_num(ptr)

define internal void @teams_body(ptr %gtid, ptr %btid) {
  ret void
}

; CHECK-LABEL: define void @bare(
; CHECK-NEXT:    [[T:%.*]] = call i32 @__kmpc_global_thread_num(ptr @loc)
; CHECK-NEXT:    call void @__kmpc_push_num_teams(ptr @loc, i32 [[T]], i32 0, i32 0)
; CHECK-NEXT:    call void (ptr, i32, ptr, ...) @__kmpc_fork_teams(ptr @loc, i32 0, ptr @teams_body)
define void @bare() {
  call void (ptr, i32, ptr, ...) @__kmpc_fork_teams(ptr @loc, i32 0, ptr @teams_body)
  ret void
}

; CHECK-LABEL: define void @set(
; CHECK-NEXT:    %t = call i32 @__kmpc_global_thread_num(ptr @loc)
; CHECK-NEXT:    call void @__kmpc_push_num_teams(ptr @loc, i32 %t, i32 4, i32 0)
; CHECK-NEXT:    call void (ptr, i32, ptr, ...) @__kmpc_fork_teams(ptr @loc, i32 0, ptr @teams_body)
; The block's second fork: bare again.
; CHECK-NEXT:    [[T2:%.*]] = call i32 @__kmpc_global_thread_num(ptr @loc)
; CHECK-NEXT:    call void @__kmpc_push_num_teams(ptr @loc, i32 [[T2]], i32 0, i32 0)
; CHECK-NEXT:    call void (ptr, i32, ptr, ...) @__kmpc_fork_teams(ptr @loc, i32 0, ptr @teams_body)
; CHECK-NEXT:    ret void
define void @set() {
  %t = call i32 @__kmpc_global_thread_num(ptr @loc)
  call void @__kmpc_push_num_teams(ptr @loc, i32 %t, i32 4, i32 0)
  call void (ptr, i32, ptr, ...) @__kmpc_fork_teams(ptr @loc, i32 0, ptr @teams_body)
  call void (ptr, i32, ptr, ...) @__kmpc_fork_teams(ptr @loc, i32 0, ptr @teams_body)
  ret void
}

; LLVM 22's form: the num_teams call a block before its fork. Left alone.
; CHECK-LABEL: define void @pred(
; CHECK:         call void @__kmpc_push_num_teams(ptr @loc, i32 %t, i32 4, i32 0)
; CHECK-NEXT:    br label %fork
; CHECK:       fork:
; CHECK-NEXT:    call void (ptr, i32, ptr, ...) @__kmpc_fork_teams(
define void @pred() {
  %t = call i32 @__kmpc_global_thread_num(ptr @loc)
  call void @__kmpc_push_num_teams(ptr @loc, i32 %t, i32 4, i32 0)
  br label %fork
fork:
  call void (ptr, i32, ptr, ...) @__kmpc_fork_teams(ptr @loc, i32 0, ptr @teams_body)
  ret void
}

; Paths that merge before the fork, one of them setting a league: not
; surely bare, left alone (never a request over the program's own).
; CHECK-LABEL: define void @merge(
; CHECK:       fork:
; CHECK-NEXT:    call void (ptr, i32, ptr, ...) @__kmpc_fork_teams(
define void @merge(i1 %c) {
  %t = call i32 @__kmpc_global_thread_num(ptr @loc)
  br i1 %c, label %set, label %fork
set:
  call void @__kmpc_push_num_teams(ptr @loc, i32 %t, i32 2, i32 0)
  br label %fork
fork:
  call void (ptr, i32, ptr, ...) @__kmpc_fork_teams(ptr @loc, i32 0, ptr @teams_body)
  ret void
}
