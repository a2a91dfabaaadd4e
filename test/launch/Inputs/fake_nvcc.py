#!/usr/bin/env python3
"""A stand-in for nvcc in gpu-suite.test: writes, for the -o name, a program
that prints what bench/gpu/{reference,reduce,stream}.cu print, with fixed
times (reference: copy 1 ns, saxpy 1.5, reduction 2; reduce: hand 2 ns, CUB
3; stream: memcpy 1 ns, each kernel 2), so bench_gpu.py's arithmetic can be
checked without a GPU and every target is missed for certain."""
import os
import sys

out = sys.argv[sys.argv.index("-o") + 1]
source = os.path.basename(sys.argv[-1])
body = {"reference.cu": '''
what, n, reps = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
t = {"copy": 1e-9, "saxpy": 1.5e-9, "reduction": 2e-9}[what]
for r in range(1, reps + 1):
    print("time %d %.5e" % (r, t))
print("%s: ok n=%d reps=%d" % (what, n, reps))
''', "reduce.cu": '''
impl, what, n, reps = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
t = {"hand": 2e-9, "cub": 3e-9}[impl]
for r in range(1, reps + 1):
    print("time %d %.5e" % (r, t))
print("%s %s: ok n=%d reps=%d" % (impl, what, n, reps))
''', "stream.cu": '''
n, reps = int(sys.argv[1]), int(sys.argv[2])
for r in range(1, reps + 1):
    print("memcpy %d %.5e" % (r, 1e-9))
    for k in ["copy", "scale", "add", "triad", "dot"]:
        print("%s %d %.5e" % (k, r, 2e-9))
print("stream: ok n=%d reps=%d" % (n, reps))
'''}[source]
with open(out, "w") as f:
    f.write('#!/usr/bin/env python3\nimport sys\n'
            'print("device: Fake GPU, 4 SMs")\n' + body)
os.chmod(out, 0o755)
