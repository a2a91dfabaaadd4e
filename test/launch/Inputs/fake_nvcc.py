#!/usr/bin/env python3
"""A stand-in for nvcc in gpu-suite.test: writes a `reference` that prints
what bench/gpu/reference.cu prints, with fixed times (copy 100 us, saxpy 150,
reduction 200), so bench_gpu.py's arithmetic and verdicts can be checked
without a GPU."""
import os
import sys

out = sys.argv[sys.argv.index("-o") + 1]
with open(out, "w") as f:
    f.write('''#!/usr/bin/env python3
import sys
what, n, reps = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
print("device: Fake GPU, 4 SMs")
t = {"copy": 100e-6, "saxpy": 150e-6, "reduction": 200e-6}[what]
for r in range(1, reps + 1):
    print("time %d %.5e" % (r, t))
print("%s: ok n=%d reps=%d" % (what, n, reps))
''')
os.chmod(out, 0o755)
