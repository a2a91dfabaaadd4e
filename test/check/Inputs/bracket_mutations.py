"""Differential test of parse-error recovery against mlir-opt-22.

Three functions in custom form, generic form and a nested module; each
bracket of the middle one deleted, and each bracket kind added at the end of
each of its lines. mlir-opt stops at the first parse error; ompx recovers and
goes on, and must report exactly the errors mlir-opt reports (one broken
function, nothing in the others).

usage: bracket_mutations.py OMPX MLIR_OPT WORKDIR
"""
import os
import re
import subprocess
import sys

CUSTOM = """module {
  func.func @a(%q: i32) {
    %0 = arith.addi %q, %q : i32
    return
  }
@@B  func.func @b(%x: i32, %p: !llvm.ptr) {
    %0 = arith.addi %x, %x : i32
    %1 = llvm.mlir.constant(dense<[1, 2]> : vector<2xi32>) : vector<2xi32>
    %2 = "test.op"(%x) {a = [1, 2]} : (i32) -> !llvm.ptr
    return
  }
@@C  func.func @c(%q: i32) {
    %0 = arith.muli %q, %q : i32
    return
  }
}
"""

GENERIC = """"builtin.module"() ({
  "func.func"() ({
  ^bb0(%q: i32):
    "func.return"() : () -> ()
  }) {function_type = (i32) -> (), sym_name = "a"} : () -> ()
@@B  "func.func"() ({
  ^bb0(%x: i32, %p: !llvm.ptr):
    %0 = "arith.addi"(%x, %x) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %2 = "test.op"(%x) {a = [1, 2]} : (i32) -> !llvm.ptr
    "func.return"() : () -> ()
  }) {function_type = (i32, !llvm.ptr) -> (), sym_name = "b"} : () -> ()
@@C  "func.func"() ({
  ^bb0(%q: i32):
    "func.return"() : () -> ()
  }) {function_type = (i32) -> (), sym_name = "c"} : () -> ()
}) : () -> ()
"""

NESTED = ("module {\n  func.func @z() {\n    return\n  }\n  module @inner {\n" +
          "".join("  " + l + "\n" if not l.startswith("@@") else
                  l[:3] + "  " + l[3:] + "\n"
                  for l in CUSTOM.splitlines()[1:-1]) + "  }\n}\n")

BRACKETS = "()[]{}<>"


def variants(name, marked):
    b = marked.index("@@B")
    text = marked.replace("@@B", "", 1)
    c = text.index("@@C")
    text = text.replace("@@C", "", 1)
    for i in range(b, c):
        ch = text[i]
        if ch in BRACKETS and not (ch == ">" and text[i - 1] == "-"):
            yield "%s-del%d" % (name, i), text[:i] + text[i + 1:]
    for i in range(b, c):
        if text[i] == "\n":
            for k, ch in enumerate(BRACKETS):
                yield "%s-add%d-%d" % (name, i, k), text[:i] + " " + ch + text[i:]


def errors(out, path):
    # `FILE:LINE:COL: error: MESSAGE` lines, as both tools print them.
    prefix = path + ":"
    return [l[len(prefix):] for l in out.splitlines()
            if l.startswith(prefix) and ": error: " in l]


def main():
    ompx, mlir_opt, work = sys.argv[1:4]
    os.makedirs(work, exist_ok=True)
    files = []
    for name, marked in (("custom", CUSTOM), ("generic", GENERIC),
                         ("nested", NESTED)):
        for vname, text in variants(name, marked):
            path = os.path.join(work, vname + ".mlir")
            with open(path, "w") as f:
                f.write(text)
            files.append(path)
    # One ompx run over all files; its report is grouped by file.
    out = subprocess.run([ompx, "--check"] + files, capture_output=True,
                         text=True).stdout
    differ = 0
    for path in files:
        ref = subprocess.run([mlir_opt, "--allow-unregistered-dialect", path],
                             capture_output=True, text=True).stderr
        want, got = errors(ref, path), errors(out, path)
        if not want or want != got:
            differ += 1
            print("DIFF %s\n  mlir-opt: %s\n  ompx:     %s" %
                  (os.path.basename(path), want, got))
    print("variants: %d, differ: %d" % (len(files), differ))


main()
