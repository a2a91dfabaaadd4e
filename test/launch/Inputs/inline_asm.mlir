// Inline assembly and module-level assembly: the target's assembler parses
// them when the object is emitted.
module attributes {llvm.module_asm = [".globl ompx_asm_marker", "ompx_asm_marker:", ".byte 0"]} {
  llvm.func @puts(!llvm.ptr) -> i32
  llvm.mlir.global private constant @msg("inline asm ran\00") {addr_space = 0 : i32}
  llvm.func @main() -> i32 {
    llvm.inline_asm has_side_effects "nop", "" : () -> ()
    %0 = llvm.mlir.addressof @msg : !llvm.ptr
    %1 = llvm.call @puts(%0) : (!llvm.ptr) -> i32
    %2 = llvm.mlir.constant(0 : i32) : i32
    llvm.return %2 : i32
  }
}
