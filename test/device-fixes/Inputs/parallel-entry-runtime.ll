; A stand-in device runtime (llvm-link'ed with generic-parallel.ll): its
; parallel entry is alwaysinline, as LLVM 19's __kmpc_parallel_51 is, and
; hands the workers the wrapper through memory.
target datalayout = "e-p6:32:32-i64:64-i128:128-i256:256-v16:16-v32:32-n16:32:64"
target triple = "nvptx64-nvidia-cuda"

@work_fn = internal global ptr null

define void @__kmpc_parallel_60(ptr %ident, i32 %gtid, i32 %if, i32 %nt, i32 %pb, ptr %fn, ptr %wrapper, ptr %args, i64 %nargs, i32 %strict) #0 {
  store volatile ptr %wrapper, ptr @work_fn, align 8
  ret void
}

attributes #0 = { alwaysinline }
