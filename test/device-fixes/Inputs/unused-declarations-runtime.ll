; What the device runtime and the program would define for
; unused-declarations.ll: the entry point and the global its kernel uses.
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@used_extern = global i32 0

define i32 @omp_get_num_threads() {
  ret i32 1
}
