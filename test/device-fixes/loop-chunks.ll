; LLVM 22's translation calls the device runtime's loops with chunk 0
; whatever dist_schedule/schedule said; ompx-loop-chunk-marks left each
; chunk in its loop body as __ompx_loop_chunk(kind, chunk, site). The fix
; computes it again before the runtime call (a constant; a value the body
; loads through its captured-values argument) and passes it, erasing every
; mark. A body no runtime call takes keeps nothing (its site is refused by
; the compiler; fix-device-ir just drops it).
; RUN: %ompx fix-device-ir --triple=nvptx64-nvidia-cuda --only=loop-chunks %s | FileCheck %s
; RUN: %ompx fix-device-ir --triple=x86_64-pc-linux-gnu --only=loop-chunks %s | FileCheck %s
; RUN: %ompx fix-device-ir --triple=nvptx64-nvidia-cuda --only=loop-chunks %s | opt-22 -passes=verify -disable-output

declare void @__ompx_loop_chunk(i32, i64, i32)
declare void @__kmpc_distribute_static_loop_4u(ptr, ptr, ptr, i32, i32, i8)
declare void @__kmpc_distribute_for_static_loop_8(ptr, ptr, ptr, i64, i64, i64, i64, i8)
declare void @__kmpc_for_static_loop_4(ptr, ptr, ptr, i32, i32, i32, i8)

; dist_schedule(static, 2): a constant.
; CHECK-LABEL: define void @constant(
; CHECK: call void @__kmpc_distribute_static_loop_4u(ptr null, ptr @constant.body, ptr %s, i32 10, i32 2, i8 0)
define void @constant(ptr %s) {
  call void @__kmpc_distribute_static_loop_4u(ptr null, ptr @constant.body, ptr %s, i32 10, i32 0, i8 0)
  ret void
}
; CHECK-LABEL: define internal void @constant.body(
; CHECK-NOT: __ompx_loop_chunk
; CHECK: ret void
define internal void @constant.body(i32 %iv, ptr %s) {
  call void @__ompx_loop_chunk(i32 0, i64 2, i32 0)
  ret void
}

; dist_schedule(static, c) schedule(static, c + 1) with c a variable of the
; region: both loaded through the record in the body, so loaded again from
; the record the caller passes, and narrowed or widened to the entry's type.
; CHECK-LABEL: define void @loaded(
; CHECK-DAG: [[B:%.*]] = getelementptr { i32, ptr }, ptr %s, i32 0, i32 0
; CHECK-DAG: [[BV:%.*]] = load i32, ptr [[B]]
; CHECK-DAG: [[BW:%.*]] = sext i32 [[BV]] to i64
; CHECK-DAG: [[T:%.*]] = getelementptr { i32, ptr }, ptr %s, i32 0, i32 1
; CHECK-DAG: [[TP:%.*]] = load ptr, ptr [[T]]
; CHECK-DAG: [[TV:%.*]] = load i64, ptr [[TP]]
; CHECK: call void @__kmpc_distribute_for_static_loop_8(ptr null, ptr @loaded.body, ptr %s, i64 100, i64 %n, i64 [[BW]], i64 [[TV]], i8 0)
define void @loaded(ptr %s, i64 %n) {
  call void @__kmpc_distribute_for_static_loop_8(ptr null, ptr @loaded.body, ptr %s, i64 100, i64 %n, i64 0, i64 0, i8 0)
  ret void
}
define internal void @loaded.body(i64 %iv, ptr %s) {
  %b = getelementptr { i32, ptr }, ptr %s, i32 0, i32 0
  %bv = load i32, ptr %b
  %bw = sext i32 %bv to i64
  call void @__ompx_loop_chunk(i32 0, i64 %bw, i32 1)
  %t = getelementptr { i32, ptr }, ptr %s, i32 0, i32 1
  %tp = load ptr, ptr %t
  %tv = load i64, ptr %tp
  call void @__ompx_loop_chunk(i32 1, i64 %tv, i32 2)
  ret void
}

; schedule(static, k) with k computed in the body from the loop variable:
; not passed (the compiler refuses it at its op).
; CHECK-LABEL: define void @computed(
; CHECK: call void @__kmpc_for_static_loop_4(ptr null, ptr @computed.body, ptr %s, i32 10, i32 4, i32 0, i8 0)
define void @computed(ptr %s) {
  call void @__kmpc_for_static_loop_4(ptr null, ptr @computed.body, ptr %s, i32 10, i32 4, i32 0, i8 0)
  ret void
}
define internal void @computed.body(i32 %iv, ptr %s) {
  %w = sext i32 %iv to i64
  call void @__ompx_loop_chunk(i32 1, i64 %w, i32 3)
  ret void
}

; CHECK-NOT: __ompx_loop_chunk

; dist_schedule(static) and schedule(static) written without a chunk (kinds
; 2 and 3): one block a team, ceil(n / omp_get_num_teams()), then one block
; a thread of it, ceil(block / nthreads); a worksharing loop alone gets
; ceil(n / nthreads). The mark of schedule(static) comes first in the body
; and is still divided from the distribute's block.
; CHECK-LABEL: define void @blocked(
; CHECK: [[TEAMS:%.*]] = call i32 @omp_get_num_teams()
; CHECK: [[TW:%.*]] = sext i32 [[TEAMS]] to i64
; CHECK: [[Q:%.*]] = udiv i64 100, [[TW]]
; CHECK: [[R:%.*]] = urem i64 100, [[TW]]
; CHECK: [[NZ:%.*]] = icmp ne i64 [[R]], 0
; CHECK: [[UP:%.*]] = zext i1 [[NZ]] to i64
; CHECK: [[BC:%.*]] = add i64 [[Q]], [[UP]]
; CHECK: [[Q2:%.*]] = udiv i64 [[BC]], %n
; CHECK: [[R2:%.*]] = urem i64 [[BC]], %n
; CHECK: [[NZ2:%.*]] = icmp ne i64 [[R2]], 0
; CHECK: [[UP2:%.*]] = zext i1 [[NZ2]] to i64
; CHECK: [[TC:%.*]] = add i64 [[Q2]], [[UP2]]
; CHECK: call void @__kmpc_distribute_for_static_loop_8(ptr null, ptr @blocked.body, ptr %s, i64 100, i64 %n, i64 [[BC]], i64 [[TC]], i8 0)
; CHECK: [[Q3:%.*]] = udiv i32 %m, %t
; CHECK: call void @__kmpc_for_static_loop_4(ptr null, ptr @blocked.lone, ptr %s, i32 %m, i32 %t, i32 {{%.*}}, i8 0)
define void @blocked(ptr %s, i64 %n, i32 %m, i32 %t) {
  call void @__kmpc_distribute_for_static_loop_8(ptr null, ptr @blocked.body, ptr %s, i64 100, i64 %n, i64 0, i64 0, i8 0)
  call void @__kmpc_for_static_loop_4(ptr null, ptr @blocked.lone, ptr %s, i32 %m, i32 %t, i32 0, i8 0)
  ret void
}
define internal void @blocked.body(i64 %iv, ptr %s) {
  call void @__ompx_loop_chunk(i32 3, i64 0, i32 5)
  call void @__ompx_loop_chunk(i32 2, i64 0, i32 6)
  ret void
}
define internal void @blocked.lone(i32 %iv, ptr %s) {
  call void @__ompx_loop_chunk(i32 3, i64 0, i32 7)
  ret void
}

; schedule(static) in a composite loop without dist_schedule, and
; dist_schedule(static) on a distribute alone: the runtime's own dealing is
; already one iteration a thread of each distribute chunk / one block a
; team, so the calls keep chunk 0.
; CHECK-LABEL: define void @already(
; CHECK: call void @__kmpc_distribute_for_static_loop_8(ptr null, ptr @already.body, ptr %s, i64 100, i64 %n, i64 0, i64 0, i8 0)
; CHECK: call void @__kmpc_distribute_static_loop_4u(ptr null, ptr @already.alone, ptr %s, i32 10, i32 0, i8 0)
define void @already(ptr %s, i64 %n) {
  call void @__kmpc_distribute_for_static_loop_8(ptr null, ptr @already.body, ptr %s, i64 100, i64 %n, i64 0, i64 0, i8 0)
  call void @__kmpc_distribute_static_loop_4u(ptr null, ptr @already.alone, ptr %s, i32 10, i32 0, i8 0)
  ret void
}
define internal void @already.body(i64 %iv, ptr %s) {
  call void @__ompx_loop_chunk(i32 3, i64 0, i32 8)
  ret void
}
define internal void @already.alone(i32 %iv, ptr %s) {
  call void @__ompx_loop_chunk(i32 2, i64 0, i32 9)
  ret void
}
