// An LLVM intrinsic only amdgcn can select, in host code: x86's backend
// stops with report_fatal_error ("LLVM ERROR: Cannot select: intrinsic
// %llvm.amdgcn.workitem.id.x") while generating the host object.
module {
  llvm.func @main() -> i32 {
    %0 = llvm.call_intrinsic "llvm.amdgcn.workitem.id.x"() : () -> i32
    llvm.return %0 : i32
  }
}
