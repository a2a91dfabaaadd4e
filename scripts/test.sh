#!/usr/bin/env bash
# Installs/builds as scripts/setup.sh does, then runs every test: unit tests
# (GoogleTest) and lit tests (protocol, CLI, robustness, corpus, mlir-opt
# differential). Exit status is the tests'.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --no-run
cd build
ctest --output-on-failure
bash ../scripts/test-extension.sh   # editor clients: grammar, VS Code extension + .vsix, Neovim (issue 5)
# libFuzzer smoke run (issue 12): each target for a few seconds from the
# committed seeds, in build-fuzz/ (clang-22, ASan+UBSan; builds only what the
# targets link). Long runs: scripts/fuzz.sh TARGET SECONDS.
# OMPX_FUZZ_SMOKE_SECONDS=0 skips it (and the build-fuzz/ build).
cd ..
if [ "${OMPX_FUZZ_SMOKE_SECONDS:-15}" != 0 ]; then
  for target in syntax textsync transport analysis slurm paths fortran_directives; do
    FUZZ_SMOKE=1 bash scripts/fuzz.sh "$target" "${OMPX_FUZZ_SMOKE_SECONDS:-15}"
  done
fi
