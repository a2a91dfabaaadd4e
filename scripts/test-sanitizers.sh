#!/usr/bin/env bash
# Builds the whole project with clang-22's AddressSanitizer and
# UndefinedBehaviorSanitizer (build-asan/) and runs the whole ctest suite on
# it: the unit tests, every lit test (the server, its workers and the launch
# pipeline run instrumented), and the layer checks. Any sanitizer report
# fails the test that triggered it (UBSan does not recover).
#   bash scripts/test-sanitizers.sh            # build + all tests
#   JOBS=1 bash scripts/test-sanitizers.sh     # build/test on one core
#   bash scripts/test-sanitizers.sh -R unit    # extra arguments go to ctest
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --packages-only   # clang-22, libclang-rt-22-dev
bash scripts/setup.sh --test-packages   # Slurm and munge: the whole suite runs

jobs="${JOBS:-$(nproc)}"
export CCACHE_BASEDIR="${CCACHE_BASEDIR:-$(cd .. && pwd)}"
# -g objects differ by build directory only in their debug info's paths:
# let build-fuzz/ and build-asan/ share them.
export CCACHE_NOHASHDIR=1
if [ ! -f build-asan/build.ninja ]; then
  # OMPX_FUZZ: -fsanitize=address,undefined -fno-sanitize-recover=undefined
  # on everything (plus the fuzzers' coverage instrumentation; see
  # CMakeLists.txt). The lit suite runs several times slower instrumented.
  cmake -G Ninja -B build-asan -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DOMPX_FUZZ=ON -DOMPX_LIT_TIMEOUT=7200 . > /dev/null
fi
echo "== building build-asan/ (ASan+UBSan, -j$jobs)"
nice ninja -C build-asan -j "$jobs"

# Sanitizer settings for every instrumented process, including the workers
# and build children ompx-lsp spawns (they inherit the environment).
#  - abort_on_error=0/exitcode: a report is an ordinary failure exit, not a
#    SIGABRT the crash-containment code would mistake for an MLIR crash.
#  - allow_user_segv_handler: the worker's own handler (breadcrumbs) stays.
#  - detect_leaks=1: LeakSanitizer on, with no suppression (the whole suite
#    ran clean; LLVM's static state is still reachable at exit, not leaked).
export ASAN_OPTIONS="${ASAN_OPTIONS:-abort_on_error=0:exitcode=99:allow_user_segv_handler=1:detect_leaks=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
export LIT_OPTS="${LIT_OPTS:--j$jobs}"
# Instrumented launches (test/lsp/launch-bundle.test: 185 s alone against a
# 240 s watchdog) need more time than the plain build's limits allow.
export OMPX_TEST_TIMEOUT_SCALE="${OMPX_TEST_TIMEOUT_SCALE:-4}"
echo "== ctest on build-asan/"
cd build-asan
nice ctest --output-on-failure "$@"
