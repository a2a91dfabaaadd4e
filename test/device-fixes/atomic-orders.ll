; LLVM 22.1.8's NVPTX backend emits every atomicrmw as a relaxed `atom`,
; whatever its ordering: LLVM 19's omp_unset_lock (a seq_cst exchange)
; released nothing, and a named critical section lost 52 of 1000 updates on
; an H100. The fix keeps the atomicrmw, monotonic, between the fences
; AtomicExpand would place, in its scope; monotonic and single-thread ones
; stay as they are.
; RUN: %ompx fix-device-ir --only=atomic-orders %s 2>%t.log | FileCheck %s
; RUN: FileCheck %s --check-prefix=LOG < %t.log
; amdgcn's backend honours the orderings: nothing changes there.
; RUN: %ompx fix-device-ir --triple=amdgcn-amd-amdhsa --arch=gfx90a --only=atomic-orders %s | FileCheck %s --check-prefix=AMD

; CHECK-LABEL: define void @unset_lock(
; CHECK-NEXT: fence seq_cst
; CHECK-NEXT: atomicrmw xchg ptr %lock, i32 0 monotonic
; CHECK-NEXT: fence acquire
; CHECK-NEXT: ret void
; CHECK-LABEL: define i32 @counters(
; CHECK-NEXT: fence syncscope("device") release
; CHECK-NEXT: %r = atomicrmw add ptr %p, i32 1 syncscope("device") monotonic
; CHECK-NEXT: %a = atomicrmw add ptr %p, i32 1 syncscope("device") monotonic
; CHECK-NEXT: fence syncscope("device") acquire
; CHECK-NEXT: fence release
; CHECK-NEXT: %b = atomicrmw or ptr %p, i32 2 monotonic
; CHECK-NEXT: fence acquire
; CHECK-NEXT: %m = atomicrmw add ptr %p, i32 1 monotonic
; CHECK-NEXT: %s = atomicrmw add ptr %p, i32 1 syncscope("singlethread") seq_cst
; CHECK-NOT: fence
; LOG: note: 4 ordered atomicrmw made monotonic between fences (the NVPTX backend drops their orderings)
; AMD: atomicrmw xchg ptr %lock, i32 0 seq_cst
; AMD-NOT: fence

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @unset_lock(ptr %lock) {
  %old = atomicrmw xchg ptr %lock, i32 0 seq_cst, align 4
  ret void
}

define i32 @counters(ptr %p) {
  %r = atomicrmw add ptr %p, i32 1 syncscope("device") release, align 4
  %a = atomicrmw add ptr %p, i32 1 syncscope("device") acquire, align 4
  %b = atomicrmw or ptr %p, i32 2 acq_rel, align 4
  %m = atomicrmw add ptr %p, i32 1 monotonic, align 4
  %s = atomicrmw add ptr %p, i32 1 syncscope("singlethread") seq_cst, align 4
  ret i32 %r
}
