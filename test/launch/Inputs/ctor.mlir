// A module constructor must run before main: LLVM's default for a bare
// TargetMachine is .ctors, which lld ignores.
module {
  llvm.mlir.global_ctors ctors = [@init], priorities = [65535 : i32], data = [#llvm.zero]
  llvm.mlir.global internal constant @ctor_msg("constructor ran\00") {addr_space = 0 : i32}
  llvm.mlir.global internal constant @main_msg("main ran\00") {addr_space = 0 : i32}
  llvm.func @puts(!llvm.ptr) -> i32
  llvm.func @init() {
    %0 = llvm.mlir.addressof @ctor_msg : !llvm.ptr
    %1 = llvm.call @puts(%0) : (!llvm.ptr) -> i32
    llvm.return
  }
  llvm.func @main() -> i32 {
    %0 = llvm.mlir.addressof @main_msg : !llvm.ptr
    %1 = llvm.call @puts(%0) : (!llvm.ptr) -> i32
    %2 = llvm.mlir.constant(0 : i32) : i32
    llvm.return %2 : i32
  }
}
