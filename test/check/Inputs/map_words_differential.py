"""For each candidate map_clauses word: mlir-opt-22 keeps it (round trip)
exactly when ompx does not warn `map-clause-word` about it."""
import re
import subprocess
import sys

ompx = sys.argv[1]
# The ClauseMapFlags cases of LLVM 22 (enum names and parser spellings),
# earlier spellings and typos.
words = """none storage to from tofrom always delete del private priv return_param
literal implicit close present ompx_hold attach attach_always attach_never
attach_auto ref_ptr ref_ptee ref_ptr_ptee is_device_ptr alloc tof fromto
descriptor mapper ptr_and_obj local bogus""".split()
src = ("func.func @f(%%a: !llvm.ptr) {\n"
       "  %%m = omp.map.info var_ptr(%%a : !llvm.ptr, i32) "
       "map_clauses(%s) capture(ByRef) -> !llvm.ptr\n"
       "  return\n}\n")
wrong = []
kept_count = 0
for word in words:
    out = subprocess.run(["mlir-opt-22"], input=src % word,
                         capture_output=True, text=True)
    kept = out.returncode == 0 and (
        "map_clauses(%s)" % word in out.stdout or
        # `to, from` prints as `tofrom`; `none` stays `none`
        re.search(r"map_clauses\(([^)]*)\)", out.stdout).group(1) != "none"
        or word == "none")
    chk = subprocess.run([ompx, "--check", "-"], input=src % word,
                         capture_output=True, text=True)
    warned = "[map-clause-word]" in chk.stdout
    kept_count += kept
    if kept == warned:
        wrong.append("%s(kept=%s,warned=%s)" % (word, kept, warned))
print("words: %d, kept by mlir-opt-22: %d, disagreements: %d %s" %
      (len(words), kept_count, len(wrong), " ".join(wrong)))
