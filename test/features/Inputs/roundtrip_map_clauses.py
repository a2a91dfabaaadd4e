"""Checks each `map_clauses` completion against mlir-opt-22's round trip."""
import subprocess
import sys

items = [l.split(" | ")[0] for l in open(sys.argv[1]) if " | " in l]
wrong = []
for word in items:
    src = ("func.func @f(%%a: !llvm.ptr) {\n"
           "  %%m = omp.map.info var_ptr(%%a : !llvm.ptr, i32) "
           "map_clauses(%s) capture(ByRef) -> !llvm.ptr\n"
           "  return\n}\n" % word)
    out = subprocess.run(["mlir-opt-22"], input=src, capture_output=True,
                         text=True)
    if out.returncode != 0 or "map_clauses(%s)" % word not in out.stdout:
        wrong.append(word)
print("spellings checked: %d, wrong: %d %s" % (len(items), len(wrong),
                                              " ".join(wrong)))
