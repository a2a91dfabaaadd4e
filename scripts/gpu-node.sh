#!/bin/sh
# usage: gpu-node.sh SUITE.tar.xz OUTDIR [BENCH_GPU_RUN_ARGS...]
# On a GPU node (no LLVM needed; python3 and, for the bench, nvcc): unpacks a
# suite written here by `scripts/gpu_suite.py build`, runs every program on
# the GPU with its result checked (gpu_suite.py run), then bench/bench_gpu.py
# against nvcc-built CUDA references. Logs and a summary go to OUTDIR.
# Exit status: 0 when every program passed and every bench target was met.
set -u
suite=$1 out=$2
shift 2
repo=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out"
dir=$(mktemp -d "${TMPDIR:-/tmp}/ompx-gpu.XXXXXX") || exit 2
tar -xJf "$suite" -C "$dir" || exit 2
{
  echo "== node"
  uname -sr
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv,noheader
  nvcc --version 2>/dev/null | tail -1
  ldconfig -p | grep 'libcuda\.so' | head -3
} 2>&1 | tee "$out/node.txt"
status=0
t0=$(date +%s)
stamp() { echo "== $1 at $(($(date +%s) - t0)) s"; }
stamp programs
PYTHONUNBUFFERED=1 python3 "$repo/scripts/gpu_suite.py" run "$dir" --out "$out" --timeout 20 --budget 150 ||
  status=1
# The first program again with every plugin message, for a failure's cause.
first=saxpy.hlfir; [ -d "$dir/progs/$first" ] || first=$(ls "$dir/progs" | head -1)
LIBOMPTARGET_INFO=-1 timeout 30 "$dir/progs/$first/run.sh" >"$out/info-all.txt" 2>&1
# compute-sanitizer's memcheck over the programs that exercise what ompx
# adds to device code (the Fortran subset, the reduction descriptors, the
# loops it deals): an out-of-bounds access that happens not to crash is a
# wrong answer waiting. Not on every machine (gVisor: "Device not supported").
stamp memcheck
cs=$(command -v compute-sanitizer || echo /usr/local/cuda/bin/compute-sanitizer)
if [ -x "$cs" ]; then
  for p in gpu_array_reduction gpu_dfrt_print gpu_dfrt_assign gpu_dfrt_intrinsics gpu_dist_chunks; do
    [ -d "$dir/progs/$p" ] || continue
    timeout 90 "$cs" --tool memcheck --target-processes all --error-exitcode 99 \
      "$dir/progs/$p/run.sh" >"$dir/memcheck.out" 2>&1
    rc=$?
    summary=$(grep -a "ERROR SUMMARY" "$dir/memcheck.out" | tail -1)
    echo "memcheck $p: exit $rc; ${summary:-no summary}"
    { echo "== $p exit $rc"; cat "$dir/memcheck.out"; } >>"$out/memcheck.txt"
    [ $rc -eq 0 ] || status=1
  done
else
  echo "memcheck: no compute-sanitizer"
fi
stamp bench
if [ -d "$dir/bench" ]; then
  # 21 runs x 3 rounds and the CUDA references (CUB's the slowest to
  # build): estimated at 2-4 minutes; the stamps say what it took.
  PYTHONUNBUFFERED=1 timeout 330 python3 "$repo/bench/bench_gpu.py" run --dir "$dir/bench" \
    --json "$out/bench.json" "$@" || status=1
fi
stamp end
# A device call brings back at most 8 files: the recorded launches travel as
# one tarball (`ompx-lsp report` reads each one out of it, see --bundle).
[ -f "$dir/bench/stream.profile.log" ] &&
  mkdir -p "$out/profiles" && cp "$dir/bench/stream.profile.log" "$out/profiles/"
if [ -d "$out/profiles" ]; then
  tar -C "$out" -cJf "$out/profiles.tar.xz" profiles && rm -rf "$out/profiles"
fi
rm -rf "$dir"
exit $status
