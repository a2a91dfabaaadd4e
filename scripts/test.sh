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
