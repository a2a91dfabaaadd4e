"""Prints an LLVM-dialect module of N functions with OpenMP regions, each
privatizing with its own recipe and calling the one before it, plus one
function whose omp.parallel has an `allocate` clause, which LLVM 22's
translation does not implement: a large file with one lowering error for
`ompx-lsp reduce`.  usage: many_functions.py N"""
import sys

n = int(sys.argv[1])
out = ["module {"]
for i in range(n):
    out.append("  omp.private {type = private} @p%d : i32" % i)
for i in range(n):
    out += ["  llvm.func @f%d(%%p: !llvm.ptr) {" % i,
            "    omp.parallel private(@p%d %%p -> %%q : !llvm.ptr) {" % i,
            "      %%c = llvm.mlir.constant(%d : i32) : i32" % i,
            "      llvm.store %c, %q : i32, !llvm.ptr"]
    if i:
        out.append("      llvm.call @f%d(%%q) : (!llvm.ptr) -> ()" % (i - 1))
    out += ["      omp.terminator", "    }", "    llvm.return", "  }"]
    if i == n // 2:
        out += ["  llvm.func @failing(%p: !llvm.ptr, %n: i64) {",
                "    omp.parallel allocate(%n : i64 -> %p : !llvm.ptr) {",
                "      llvm.call @f%d(%%p) : (!llvm.ptr) -> ()" % (i // 2),
                "      omp.terminator", "    }", "    llvm.return", "  }"]
out.append("}")
print("\n".join(out))
