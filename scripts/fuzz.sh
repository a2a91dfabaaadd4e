#!/usr/bin/env bash
# Runs one libFuzzer target for SECONDS (docs/architecture.md, "Fuzzing"):
#   bash scripts/fuzz.sh syntax|textsync|transport|analysis|slurm|paths|fortran_directives|mapcheck_log|profile_log SECONDS [libFuzzer args]
# Configures and builds build-fuzz/ (clang-22, ASan+UBSan, coverage) if
# needed, building only what the target links. The corpus grows in
# build-fuzz/corpus/TARGET (seeded from fuzz/seeds, fuzz/regressions, the
# .mlir files of test/ and examples/ and ../shared/corpus); crash inputs are
# saved in build-fuzz/crashes/TARGET/. Prints the executions and the crashes,
# each classified by the top frame of its stack: in MLIR/LLVM's libraries
# (MLIR 22 crashing on the input, which the server's worker processes
# contain) or in ompx; exits 1 if there was an ompx crash.
#   FUZZ_FORK=N   N fuzzing processes that go on after a crash (-fork,
#                 -ignore_crashes): for analysis and transport, which run
#                 MLIR in process and so also find MLIR's own crashes
#   FUZZ_SMOKE=1  the committed seeds only (scripts/test.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
target="${1:-}"; seconds="${2:-}"
case "$target" in
  syntax) dict=fuzz/dict/mlir.dict; max_len=2048 ;;
  analysis) dict=fuzz/dict/mlir.dict; max_len=4096 ;;
  transport) dict=build-fuzz/transport.dict; max_len=16384 ;;
  textsync) dict=""; max_len=1024 ;;
  slurm) dict=""; max_len=1024 ;;
  fortran_directives) dict=fuzz/dict/fortran.dict; max_len=2048 ;;
  mapcheck_log) dict=""; max_len=1024 ;;
  profile_log) dict=""; max_len=4096 ;;
  # Each input interns its paths for the process's life (IStr, as MLIR keeps
  # identifiers): ~3 KB per new path. Under ASan that heap is spread over
  # many mappings; an hour's run (~350,000 inputs) needs more than the
  # default vm.max_map_count (65530), or ASan's own munmap fails.
  paths) dict=""; max_len=256
         if [ "$seconds" -gt 1200 ] && [ "$(cat /proc/sys/vm/max_map_count 2>/dev/null || echo 0)" -lt 262144 ]; then
           echo "scripts/fuzz.sh: a long paths run needs vm.max_map_count >= 262144 (sysctl -w vm.max_map_count=262144)" >&2
         fi ;;
  *) echo "usage: scripts/fuzz.sh syntax|textsync|transport|analysis|slurm|paths|fortran_directives|mapcheck_log|profile_log SECONDS [libFuzzer args]" >&2
     exit 2 ;;
esac
[[ "$seconds" =~ ^[0-9]+$ ]] || { echo "scripts/fuzz.sh: SECONDS must be a number" >&2; exit 2; }
shift 2

export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$(cd .. && pwd)}"
export CCACHE_NOHASHDIR=1   # shares objects with build-asan/ (same flags)
if [ ! -f build-fuzz/build.ninja ]; then
  bash scripts/setup.sh --packages-only   # clang-22, libclang-rt-22-dev
  # Release keeps NDEBUG as LLVM's packages have it; -g comes from OMPX_FUZZ.
  cmake -G Ninja -B build-fuzz -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DOMPX_FUZZ=ON -DOMPX_BUILD_TESTS=OFF . > /dev/null
fi
nice ninja -C build-fuzz -j "${JOBS:-$(nproc)}" "fuzz-$target" | grep -v "^\[" || true
[ -x "build-fuzz/fuzz/fuzz-$target" ] || { echo "scripts/fuzz.sh: build failed" >&2; exit 2; }

seeds=build-fuzz/seeds
[ -d "$seeds/$target" ] || python3 fuzz/make_seeds.py . "$seeds" > /dev/null
cat fuzz/dict/jsonrpc.dict fuzz/dict/mlir.dict > build-fuzz/transport.dict
corpus="build-fuzz/corpus/$target"; crashes="build-fuzz/crashes/$target"
# FUZZ_SMOKE=1 (scripts/test.sh): only the committed seeds, a corpus of its
# own; the generated seeds hold inputs MLIR 22 itself crashes on.
[ -n "${FUZZ_SMOKE:-}" ] && corpus="build-fuzz/smoke/$target"
mkdir -p "$corpus" "$crashes"
inputs=("$corpus" "fuzz/seeds/$target")
# make_seeds.py generates inputs for the MLIR-reading targets only.
[ -z "${FUZZ_SMOKE:-}" ] && [ -d "$seeds/$target" ] && inputs+=("$seeds/$target")
[ -d "fuzz/regressions/$target" ] && inputs+=("fuzz/regressions/$target")

args=(-max_total_time="$seconds" -max_len="$max_len" -timeout=30
      -rss_limit_mb=4096 -artifact_prefix="$crashes/" -print_final_stats=1)
[ -n "$dict" ] && args+=(-dict="$dict")
[ -n "${FUZZ_FORK:-}" ] && args+=(-fork="$FUZZ_FORK" -ignore_crashes=1)
log="build-fuzz/fuzz-$target.log"
touch "$log.start"
# Sanitizer reports go to the log.
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
set +e
nice "build-fuzz/fuzz/fuzz-$target" "${args[@]}" "$@" "${inputs[@]}" > "$log" 2>&1
rc=$?
set -e
# Each new crash input, replayed alone: is it MLIR 22 crashing inside its own
# parser or verifiers (which the server's worker processes contain: reported,
# not fatal here), or anything else (an ompx bug, including ompx calling an
# MLIR accessor on an op that did not verify)? It is MLIR's when the frames
# from the top down to the first ompx frame are MLIR/LLVM library code and
# pass through one of MLIR's parse/verify entry points.
classify() {
  local out frames lib entry
  out=$("build-fuzz/fuzz/fuzz-$target" "$1" 2>&1 || true)
  # `|| true`: under pipefail, grep closing the pipe early (SIGPIPE upstream)
  # would fail the pipeline.
  frames=$(grep -aE "^ *#[0-9]+ 0x" <<< "$out" |
    grep -avE "__sanitizer|__asan|__ubsan|fuzzer::|libFuzzer|libc\.so|libstdc\+\+|libgcc|__cxa|std::__throw|__GI_|abort|raise|__pthread|__interceptor|___interceptor" || true)
  lib="libMLIR|libLLVM|libFIR|libflang|libFortran"
  # The library frames above the first frame of ours.
  entry=$(awk -v lib="$lib" '$0 !~ lib { exit } { print }' <<< "$frames" |
    grep -acE "mlir::verify\(|mlir::parseAsmSourceFile|mlir::parseSourceFile|mlir::parseSourceString|mlir::detail::Parser|mlir::OpAsmParser" || true)
  if sed -n 1p <<< "$frames" | grep -qE "$lib" && [ "${entry:-0}" -gt 0 ]; then
    echo mlir
  else
    echo ompx
  fi
}
ours=0; theirs=0
while IFS= read -r f; do
  [ -n "$f" ] || continue
  if [ "$(classify "$f")" = mlir ]; then
    theirs=$((theirs + 1)); echo "  MLIR/LLVM crash (contained by the worker in the server): $f"
  else
    ours=$((ours + 1)); echo "  ompx crash: $f"
  fi
done < <(find "$crashes" -type f -newer "$log.start" 2>/dev/null)
execs=$(grep -ao "stat::number_of_executed_units: [0-9]*" "$log" | tail -1 | grep -o "[0-9]*$" || true)
if [ -z "$execs" ]; then   # fork mode: the last status line counts them
  execs=$(grep -aoE "^#[0-9]+" "$log" | tail -1 | tr -d '#' || true)
fi
rate=$(grep -ao "exec/s: [0-9]*" "$log" | tail -1 | grep -o "[0-9]*$" || true)
echo "fuzz-$target: ${execs:-0} executions in ${seconds}s (${rate:-?} exec/s)," \
  "$ours ompx crash(es), $theirs MLIR/LLVM crash(es) (inputs in $crashes/, log: $log)"
if [ "$ours" -gt 0 ] || { [ "$rc" -ne 0 ] && [ -z "${FUZZ_FORK:-}" ] && [ "$theirs" -eq 0 ]; }; then
  grep -a -m3 -E "ERROR: |ompx fuzz check failed|runtime error" "$log" || tail -5 "$log"
  exit 1
fi
