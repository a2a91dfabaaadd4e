; amdgcn: flang lowers a BLOCK's stack scope (an automatic array sized at
; run time, here in a target region) to llvm.stacksave.p0 and
; llvm.stackrestore.p0; amdgcn's stack is in address space 5, and LLVM 22's
; backend stopped at "LLVM ERROR: Cannot select: i64,ch = stacksave". The fix
; uses the address-space-5 intrinsics with addrspacecasts, as clang emits
; them for amdgcn; nvptx (stack in address space 0) is left alone.
; RUN: %ompx fix-device-ir --triple=amdgcn-amd-amdhsa --arch=gfx90a --only=stack-save %s | FileCheck %s --check-prefix=AMD
; RUN: %ompx fix-device-ir --triple=amdgcn-amd-amdhsa --arch=gfx90a --only=stack-save %s | llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -o /dev/null
; RUN: %ompx fix-device-ir --triple=amdgcn-amd-amdhsa --arch=gfx90a --only=barrier-ids %s | not --crash llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx90a -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNFIXED
; RUN: sed -e 's/^target datalayout.*//' -e 's/^target triple.*//' %s | %ompx fix-device-ir --triple=nvptx64-nvidia-cuda --arch=sm_90 --only=stack-save - | FileCheck %s --check-prefix=NV

target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128:128:48-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

define void @block(i64 %n, ptr %out) {
  %save = call ptr @llvm.stacksave.p0()
  %t = alloca i32, i64 %n, align 4, addrspace(5)
  store i32 7, ptr addrspace(5) %t, align 4
  %v = load i32, ptr addrspace(5) %t, align 4
  store i32 %v, ptr %out, align 4
  call void @llvm.stackrestore.p0(ptr %save)
  ret void
}

declare ptr @llvm.stacksave.p0()
declare void @llvm.stackrestore.p0(ptr)

; AMD-LABEL: define void @block(
; AMD-NEXT: [[S:%[0-9a-z.]+]] = call ptr addrspace(5) @llvm.stacksave.p5()
; AMD-NEXT: [[G:%[0-9a-z.]+]] = addrspacecast ptr addrspace(5) [[S]] to ptr
; AMD: [[P:%[0-9a-z.]+]] = addrspacecast ptr [[G]] to ptr addrspace(5)
; AMD-NEXT: call void @llvm.stackrestore.p5(ptr addrspace(5) [[P]])
; AMD-NOT: call {{.*}}@llvm.stack{{save|restore}}.p0
; UNFIXED: LLVM ERROR: Cannot select: {{.*}} stackrestore
; UNFIXED-NEXT: stacksave
; NV: call ptr @llvm.stacksave.p0()
; NV: call void @llvm.stackrestore.p0(ptr
