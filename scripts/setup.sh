#!/usr/bin/env bash
# Installs what is missing (Debian 12 packages of LLVM/MLIR/Flang 22), builds
# ompx-lsp into build/ and, when Node.js >= 20 is there, the VS Code extension
# into extension/out/ompx.vsix, and (unless --no-run) runs ompx-lsp on the
# bundled examples.
# libclang-rt-22-dev: the sanitizer and libFuzzer runtimes (scripts/fuzz.sh,
# scripts/test-sanitizers.sh). Slurm and munge: the `slurm` tests' cluster.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(build-essential cmake ninja-build ccache python3 xz-utils libgtest-dev
  llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools libflang-22-dev flang-22
  clang-22 libclang-22-dev libclang-cpp22-dev libzstd-dev libclang-rt-22-dev
  clang-tools-22 liboffload-22-dev lld-22 libomp5-19 libomp-19-dev)
# The loopback Slurm cluster of the `slurm` tests (scripts/slurm-cluster.sh).
# --no-install-recommends: 9 packages instead of 41 (HDF5, ROCm SMI, InfluxDB
# plugins that the tests do not use).
slurm_packages=(slurmctld slurmd slurm-client munge)

# The packages of "$@" that are not installed.
missing_of() {
  local p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || echo "$p"
  done
}
mapfile -t missing < <(missing_of "${packages[@]}")
mapfile -t missing_slurm < <(missing_of "${slurm_packages[@]}")
SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO=sudo
if [ ${#missing[@]} -gt 0 ] || [ ${#missing_slurm[@]} -gt 0 ]; then
  $SUDO apt-get update -q
fi
if [ ${#missing[@]} -gt 0 ]; then
  echo "== installing: ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q "${missing[@]}"
fi
if [ ${#missing_slurm[@]} -gt 0 ]; then
  echo "== installing (for the slurm tests): ${missing_slurm[*]}"
  # The packages' postinst would start a machine-wide munged, slurmctld and
  # slurmd through invoke-rc.d (on a machine without systemd, or one whose
  # systemd runs). The tests start their own daemons; keep apt from starting
  # any with a policy-rc.d that refuses (101), unless one is there already.
  policy=/usr/sbin/policy-rc.d
  own_policy=""
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\n# scripts/setup.sh: no services from apt (removed after)\nexit 101\n' |
      $SUDO tee "$policy" >/dev/null
    $SUDO chmod 0755 "$policy"
    own_policy=1
    trap '$SUDO rm -f "$policy"' EXIT
  fi
  rc=0
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends \
    "${missing_slurm[@]}" || rc=$?
  if [ -n "$own_policy" ]; then $SUDO rm -f "$policy"; trap - EXIT; fi
  [ $rc -eq 0 ] || exit $rc
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
