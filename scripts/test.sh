#!/usr/bin/env bash
# Installs/builds as scripts/setup.sh does, then runs every test: unit tests
# (GoogleTest) and lit tests (protocol, CLI, robustness, corpus, mlir-opt
# differential). Exit status is the tests'.
set -euo pipefail
cd "$(dirname "$0")/.."
# Each stage's wall time, printed as it ends and together at the end: CI's
# budget (a clean build and every test well under 30 minutes) is checked
# stage by stage.
stage_start=$SECONDS; stage_name=""; stage_times=""
stage() {
  if [ -n "$stage_name" ]; then
    local took=$((SECONDS - stage_start))
    echo "== stage '$stage_name' took ${took} s"
    stage_times+="  $stage_name: ${took} s"$'\n'
  fi
  stage_name=$1; stage_start=$SECONDS
}
# Also when a stage fails: the times up to it.
trap 'stage ""; [ -z "$stage_times" ] || printf "stage times:\n%s" "$stage_times"' EXIT
# Set-up must never remove a package (issue 37): what dpkg has installed
# before it must still be installed after it and after the test packages.
installed() { dpkg-query -W -f='${db:Status-Abbrev} ${Package}\n' 2>/dev/null | awk '$1 == "ii" {print $2}' | sort; }
installed > /tmp/ompx-packages-before.$$
stage "set-up (packages, build)"
bash scripts/setup.sh --no-run
stage "test packages"
bash scripts/setup.sh --test-packages   # Slurm and munge, for the slurm tests
removed=$(installed | comm -23 /tmp/ompx-packages-before.$$ -)
rm -f /tmp/ompx-packages-before.$$
if [ -n "$removed" ]; then
  echo "FAIL: set-up removed packages: $removed" >&2
  exit 1
fi
echo "set-up removed no package"
stage "installed compilers still link"
# The user's own flang-22 -fopenmp keeps linking where a libomp-dev gives it
# -lomp (libomp-dev: /usr/lib/x86_64-linux-gnu/libomp.so; libomp-22-dev:
# LLVM 22's lib/); ompx itself uses its own runtime copies.
if [ -e /usr/lib/x86_64-linux-gnu/libomp.so ] || [ -e /usr/lib/llvm-22/lib/libomp.so ]; then
  scratch=$(mktemp -d)
  printf 'program p\n  use omp_lib\n  integer :: n\n  n = 0\n!$omp parallel reduction(+:n)\n  n = n + 1\n!$omp end parallel\n  print *, "threads", n > 0\nend program\n' > "$scratch/p.f90"
  if ! flang-22 -fopenmp "$scratch/p.f90" -o "$scratch/p" || ! "$scratch/p" | grep -q "threads T"; then
    echo "FAIL: flang-22 -fopenmp no longer links and runs a host OpenMP program" >&2
    rm -rf "$scratch"; exit 1
  fi
  rm -rf "$scratch"
  echo "flang-22 -fopenmp still links and runs a host OpenMP program"
else
  echo "note: no libomp.so where flang-22 looks (libomp-22-dev would remove a libomp-dev here), so its -fopenmp cannot link; ompx-flang -fopenmp can (below)"
fi
# ompx-flang -fopenmp links and runs one with ompx's own runtime copy.
scratch=$(mktemp -d)
printf 'program p\n  integer :: n\n  n = 0\n!$omp parallel reduction(+:n)\n  n = n + 1\n!$omp end parallel\n  print *, "threads", n > 0\nend program\n' > "$scratch/p.f90"
if ! build/server/ompx-flang -fopenmp "$scratch/p.f90" -o "$scratch/p" || ! "$scratch/p" | grep -q "threads T"; then
  echo "FAIL: ompx-flang -fopenmp does not link and run a host OpenMP program" >&2
  rm -rf "$scratch"; exit 1
fi
rm -rf "$scratch"
echo "ompx-flang -fopenmp links and runs a host OpenMP program"
cd build
stage "ctest (unit, lit, scripts)"
ctest --output-on-failure
stage "editor clients"
bash ../scripts/test-extension.sh   # editor clients: grammar, VS Code extension + .vsix, Neovim (issue 5)
# libFuzzer smoke run (issue 12): each target for a few seconds from the
# committed seeds, in build-fuzz/ (clang-22, ASan+UBSan; builds only what the
# targets link). Long runs: scripts/fuzz.sh TARGET SECONDS.
# OMPX_FUZZ_SMOKE_SECONDS=0 skips it (and the build-fuzz/ build).
cd ..
if [ "${OMPX_FUZZ_SMOKE_SECONDS:-15}" != 0 ]; then
  stage "fuzz smoke (build-fuzz/ build and runs)"
  # Every target runs; a crash in one fails the run after all of them.
  crashed=""
  for target in syntax textsync transport analysis slurm paths fortran_directives mapcheck_log profile_log; do
    FUZZ_SMOKE=1 bash scripts/fuzz.sh "$target" "${OMPX_FUZZ_SMOKE_SECONDS:-15}" || crashed+=" $target"
  done
  if [ -n "$crashed" ]; then
    echo "FAIL: fuzz targets with an ompx crash or a failed build:$crashed (inputs in build-fuzz/crashes/)" >&2
    exit 1
  fi
fi
