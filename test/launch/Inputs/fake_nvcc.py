#!/usr/bin/env python3
"""A stand-in for nvcc in gpu-suite.test: writes a `reference` that prints
what bench/gpu/reference.cu prints, with fixed times (copy 1 ns, saxpy 1.5,
reduction 2), so bench_gpu.py's arithmetic can be checked without a GPU and
both targets are missed for certain."""
import os
import sys

out = sys.argv[sys.argv.index("-o") + 1]
with open(out, "w") as f:
    f.write('''#!/usr/bin/env python3
import sys
what, n, reps = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
print("device: Fake GPU, 4 SMs")
t = {"copy": 1e-9, "saxpy": 1.5e-9, "reduction": 2e-9}[what]
for r in range(1, reps + 1):
    print("time %d %.5e" % (r, t))
print("%s: ok n=%d reps=%d" % (what, n, reps))
''')
os.chmod(out, 0o755)
