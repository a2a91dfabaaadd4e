; LLVM 19's device runtime synchronizes on barriers 7 and 8 besides 0:
; ptxas reserves 9 barriers per block for a kernel naming 8, and an H100 SM
; fits 7 such blocks (44 % occupancy for saxpy's 128-thread teams, ncu). The
; fix renumbers the constant barrier IDs the module uses densely, 0 kept.
; RUN: %ompx fix-device-ir --only=barrier-ids %s 2>%t.log | FileCheck %s
; RUN: FileCheck %s --check-prefix=LOG < %t.log
; A barrier whose ID is not a constant: nothing is renumbered.
; RUN: sed -e 's/^; VARIABLE //' %s | %ompx fix-device-ir --only=barrier-ids - | FileCheck %s --check-prefix=KEPT
; amdgcn has no named barriers: nothing changes there.
; RUN: %ompx fix-device-ir --triple=amdgcn-amd-amdhsa --arch=gfx90a --only=barrier-ids %s | FileCheck %s --check-prefix=KEPT

; CHECK-LABEL: define void @kernel(
; CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
; CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.all(i32 2)
; CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.count(i32 1, i32 %n)
; CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.all(i32 2)
; One numbering for the whole module: a helper naming 8 gets the same 2.
; CHECK-LABEL: define void @helper(
; CHECK-NEXT: call void @llvm.nvvm.barrier.cta.sync.all(i32 2)
; LOG: note: 2 barrier IDs renumbered densely (fewer barriers per block, more blocks per SM)
; KEPT: call void @llvm.nvvm.barrier.cta.sync.all(i32 8)
; KEPT-NEXT: call void @llvm.nvvm.barrier.cta.sync.count(i32 7, i32 %n)

target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

define void @kernel(i32 %n) {
  call void @llvm.nvvm.barrier.cta.sync.aligned.all(i32 0)
  call void @llvm.nvvm.barrier.cta.sync.all(i32 8)
  call void @llvm.nvvm.barrier.cta.sync.count(i32 7, i32 %n)
  call void @llvm.nvvm.barrier.cta.sync.all(i32 8)
  ret void
}

define void @helper() {
  call void @llvm.nvvm.barrier.cta.sync.all(i32 8)
  ret void
}

define void @other(i32 %id) {
; VARIABLE   call void @llvm.nvvm.barrier.cta.sync.all(i32 %id)
  ret void
}

declare void @llvm.nvvm.barrier.cta.sync.aligned.all(i32)
declare void @llvm.nvvm.barrier.cta.sync.all(i32)
declare void @llvm.nvvm.barrier.cta.sync.count(i32, i32)
