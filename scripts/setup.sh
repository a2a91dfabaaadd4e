#!/usr/bin/env bash
# Installs what is missing (Debian 12 packages of LLVM/MLIR/Flang 22), builds
# ompx-lsp into build/ and, when Node.js >= 20 is there, the VS Code extension
# into extension/out/ompx.vsix, and (unless --no-run) runs ompx-lsp on the
# bundled examples.
# libclang-rt-22-dev: the sanitizer and libFuzzer runtimes (scripts/fuzz.sh,
# scripts/test-sanitizers.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(build-essential cmake ninja-build ccache python3 xz-utils libgtest-dev
  llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools libflang-22-dev flang-22
  clang-22 libclang-22-dev libclang-cpp22-dev libzstd-dev libclang-rt-22-dev
  clang-tools-22 liboffload-22-dev lld-22 libomp5-19 libomp-19-dev)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "== installing: ${missing[*]}"
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO=sudo
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q "${missing[@]}"
fi

# --packages-only: stop here (scripts/test-sanitizers.sh and fuzz.sh build
# their own trees).
[ "${1:-}" = "--packages-only" ] && exit 0

echo "== building (build/)"
cmake -G Ninja -B build -DCMAKE_BUILD_TYPE=Release . > /dev/null
ninja -C build -j "$(nproc)"

# The VS Code extension as a .vsix (install: code --install-extension
# extension/out/ompx.vsix). Needs Node.js >= 20 (vsce); skipped without it.
if command -v node >/dev/null && [ "$(node -p 'process.versions.node.split(".")[0]')" -ge 20 ] \
    && command -v npm >/dev/null; then
  echo "== VS Code extension (extension/out/ompx.vsix)"
  # `package` runs vsce, whose vscode:prepublish builds the bundle.
  (cd extension && npm ci --no-audit --no-fund --loglevel=error \
    && rm -f out/ompx.vsix && npm run -s package >/dev/null) \
    && echo "   install it: code --install-extension extension/out/ompx.vsix" \
    || echo "   (building the .vsix failed; the server is built, see above)"
else
  echo "== skipping the VS Code extension: Node.js >= 20 and npm are needed to build extension/out/ompx.vsix"
fi

if [ "${1:-}" != "--no-run" ]; then
  echo "== ompx-lsp --check on the bundled examples"
  echo "-- flang-22 output (target teams distribute parallel do): expect no diagnostics"
  build/server/ompx-lsp --check examples/omp_target_teams_dpd.hlfir.mlir && echo "clean"
  echo "-- examples/errors.mlir: a parse error, an LLVM 22 crash (contained), a verifier error"
  build/server/ompx-lsp --check examples/errors.mlir || [ $? -eq 1 ]
  echo "-- launch: saxpy (flang-22 HLFIR) on libomptarget's x86_64 offload device"
  build/server/ompx-lsp launch examples/launch/saxpy.hlfir.mlir --device=host-offload
  echo "== done: build/server/ompx-lsp is the language server (see docs/user-guide.md)"
fi
