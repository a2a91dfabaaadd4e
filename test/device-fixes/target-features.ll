; Device target features from the chosen arch, as flang-22 sets them
; (`flang-22 -fc1 -triple amdgcn-amd-amdhsa -target-cpu gfx90a
; -fopenmp-is-target-device -emit-llvm`; nvptx: `-target-feature +ptx88` from
; flang-22's driver, plus the sm feature). Without them LLVM 22.1.8 builds
; amdgcn reductions for 32-lane warps (`& 31`) where gfx9 has 64 lanes: the
; pre-translation half of this fix is tested in
; test/passes/device-target-attrs.mlir and test/launch/gpu-device-fixes.test;
; this is the post-translation half, for the functions OpenMPIRBuilder makes
; (reduction helpers) and IR from anywhere else. Declarations are left alone.
; RUN: %ompx fix-device-ir --triple=amdgcn-amd-amdhsa --arch=gfx90a --only=target-features %s | FileCheck %s --check-prefix=GFX90A
; RUN: %ompx fix-device-ir --triple=amdgcn-amd-amdhsa --arch=gfx1030 --only=target-features %s | FileCheck %s --check-prefix=GFX1030
; RUN: %ompx fix-device-ir --triple=nvptx64-nvidia-cuda --arch=sm_80 --only=target-features %s | FileCheck %s --check-prefix=SM80
; An x86 device (host-offload) keeps what it has.
; RUN: %ompx fix-device-ir --triple=x86_64-pc-linux-gnu --arch=x86-64 --only=target-features %s | FileCheck %s --check-prefix=X86

; GFX90A: define void @kernel() #[[K:[0-9]+]]
; GFX90A: define internal void @_omp_reduction_inter_warp_copy_func() #[[K]]
; GFX90A: declare void @external(){{$}}
; GFX90A: attributes #[[K]] = { "amdgpu-flat-work-group-size"="1,256" "target-cpu"="gfx90a" "target-features"="+16-bit-insts,+atomic-buffer-global-pk-add-f16-insts,+atomic-fadd-rtn-insts,+atomic-fmin-fmax-global-f64,+ci-insts,+cube-insts,+cvt-pknorm-vop2-insts,+dl-insts,+dot1-insts,+dot10-insts,+dot2-insts,+dot3-insts,+dot4-insts,+dot5-insts,+dot6-insts,+dot7-insts,+dpp,+gfx8-insts,+gfx9-insts,+gfx90a-insts,+gws,+image-insts,+lerp-inst,+mai-insts,+qsad-insts,+s-memrealtime,+s-memtime-inst,+sad-insts,+vmem-to-lds-load-insts,+wavefrontsize64" }
; GFX1030: "target-cpu"="gfx1030" "target-features"="+16-bit-insts,+atomic-fmin-fmax-global-f32,+atomic-fmin-fmax-global-f64,+ci-insts,+cube-insts,+cvt-pknorm-vop2-insts,+dl-insts,+dot1-insts,+dot10-insts,+dot2-insts,+dot5-insts,+dot6-insts,+dot7-insts,+dpp,+gfx10-3-insts,+gfx10-insts,+gfx8-insts,+gfx9-insts,+gws,+image-insts,+lerp-inst,+qsad-insts,+s-memrealtime,+s-memtime-inst,+sad-insts,+vmem-to-lds-load-insts,+wavefrontsize32"
; SM80: attributes #{{[0-9]+}} = { "amdgpu-flat-work-group-size"="1,256" "target-cpu"="sm_80" "target-features"="+ptx88,+sm_80" }
; X86: attributes #{{[0-9]+}} = { "amdgpu-flat-work-group-size"="1,256" }

target triple = "amdgcn-amd-amdhsa"

define void @kernel() #0 {
  call void @_omp_reduction_inter_warp_copy_func()
  call void @external()
  ret void
}

define internal void @_omp_reduction_inter_warp_copy_func() #0 {
  ret void
}

declare void @external()

attributes #0 = { "amdgpu-flat-work-group-size"="1,256" }
