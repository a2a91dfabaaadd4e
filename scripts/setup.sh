#!/usr/bin/env bash
# Installs what is missing (Debian 12 packages of LLVM/MLIR/Flang 22), unpacks
# ompx's own copy of the OpenMP runtimes into deps/, builds ompx-lsp into
# build/ and, when Node.js >= 20 is there, the VS Code extension into
# extension/out/ompx.vsix, and (unless --no-run) runs ompx-lsp on the bundled
# examples. It never removes a package and starts no service.
#   --prefix DIR       also install ompx there (DIR/bin/ompx-lsp; no root
#                      needed for a DIR of your own, e.g. ~/.local)
#   --no-run           no example run at the end
#   --packages-only    packages and deps/ only (no build)
#   --test-packages    only what the test suite adds: Slurm and munge for the
#                      `slurm` tests' loopback cluster, Chromium (headless)
#                      for the `profile-html` test (scripts/test.sh)
# libclang-rt-22-dev: the sanitizer and libFuzzer runtimes (scripts/fuzz.sh,
# scripts/test-sanitizers.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

prefix=""; run=1; packages_only=""; test_packages=""
while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) prefix="${2:?--prefix needs a folder}"; shift ;;
    --prefix=*) prefix="${1#--prefix=}" ;;
    --no-run) run="" ;;
    --packages-only) packages_only=1 ;;
    --test-packages) test_packages=1 ;;
    *) echo "setup.sh: unknown option $1 (see the comment at the top)" >&2; exit 2 ;;
  esac
  shift
done

packages=(build-essential cmake ninja-build ccache python3 xz-utils libgtest-dev
  llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools libflang-22-dev flang-22
  clang-22 libclang-22-dev libclang-cpp22-dev libzstd-dev libclang-rt-22-dev
  clang-tools-22 lld-22)
# Unpacked into deps/omp-runtime, never installed system-wide: libomp5-19
# conflicts with the libomp5-14 of Debian's libomp-dev (and liboffload-22
# depends on it), so installing them would remove the user's libomp-dev and
# break their own `flang-22 -fopenmp`. ompx needs LLVM 19's libomp.so.5 and
# GPU device runtime bitcode and libomptarget 22; CMake copies them into
# build/lib/ompx/runtime and installs them with ompx.
runtime_packages=(libomp5-19 libomp-19-dev liboffload-22)
# The loopback Slurm cluster of the `slurm` tests (scripts/slurm-cluster.sh).
# --no-install-recommends: 9 packages instead of 41 (HDF5, ROCm SMI, InfluxDB
# plugins that the tests do not use).
slurm_packages=(slurmctld slurmd slurm-client munge)
# Headless Chromium for the `profile-html` test (the HTML report rendered).
browser_packages=(chromium)

SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO=sudo
report=()
step_start=0
step() { echo "== $1"; step_start=$SECONDS; step_name="$1"; }
step_done() { report+=("$(printf '%5d s  %s' $((SECONDS - step_start)) "$step_name")"); }
summary() {
  echo "== set-up summary"
  local line
  for line in "${report[@]}"; do echo "$line"; done
}

# The packages of "$@" that are not installed.
missing_of() {
  local p
  for p in "$@"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || echo "$p"
  done
}
apt_updated=""
apt_update() {
  [ -n "$apt_updated" ] && return 0
  $SUDO apt-get update -q
  apt_updated=1
}
# Installs "$@" without removing anything: apt's plan is checked first, and
# --no-remove makes apt stop rather than remove a package after all.
install_packages() {
  local removals
  removals=$(apt-get install -s -q "$@" 2>/dev/null | awk '/^Remv /{print $2}' | tr '\n' ' ')
  if [ -n "$removals" ]; then
    echo "error: installing $* would remove: $removals" >&2
    echo "ompx's set-up never removes a package. Install them yourself if that is" >&2
    echo "what you want (sudo apt-get install $*), then run this again." >&2
    exit 1
  fi
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-remove "$@"
  report+=("        installed: $*")
}

if [ -n "$test_packages" ]; then
  mapfile -t missing_browser < <(missing_of "${browser_packages[@]}")
  if [ ${#missing_browser[@]} -gt 0 ]; then
    step "installing for the profile-html test: ${missing_browser[*]}"
    apt_update
    install_packages --no-install-recommends "${missing_browser[@]}"
    step_done
  fi
  mapfile -t missing_slurm < <(missing_of "${slurm_packages[@]}")
  if [ ${#missing_slurm[@]} -eq 0 ]; then [ ${#report[@]} -eq 0 ] || summary; exit 0; fi
  step "installing for the slurm tests (no service is started): ${missing_slurm[*]}"
  apt_update
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
  install_packages --no-install-recommends "${missing_slurm[@]}"
  if [ -n "$own_policy" ]; then $SUDO rm -f "$policy"; trap - EXIT; fi
  # Installed but not enabled: the tests' daemons run as this user, on
  # loopback ports, and stop with the tests.
  if command -v systemctl >/dev/null && [ -d /run/systemd/system ]; then
    $SUDO systemctl disable --now slurmctld slurmd munge >/dev/null 2>&1 || true
  fi
  step_done; summary
  exit 0
fi

mapfile -t missing < <(missing_of "${packages[@]}")
if [ ${#missing[@]} -gt 0 ]; then
  step "installing: ${missing[*]}"
  apt_update
  install_packages "${missing[@]}"
  step_done
fi

# The user's own `flang-22 -fopenmp` links -lomp from LLVM 22's lib/, which
# only libomp-22-dev gives. ompx does not need it (it has its own copy), so it
# is installed only where that removes nothing: Debian's libomp-dev (LLVM 14)
# conflicts with it.
if [ ! -e /usr/lib/llvm-22/lib/libomp.so ]; then
  apt_update
  removals=$(apt-get install -s -q libomp-22-dev 2>/dev/null | awk '/^Remv /{print $2}' | tr '\n' ' ')
  if [ -z "$removals" ]; then
    step "installing libomp-22-dev (for your own flang-22 -fopenmp)"
    install_packages libomp-22-dev
    step_done
  else
    echo "== note: flang-22 -fopenmp has no -lomp here, and libomp-22-dev, which gives it,"
    echo "   would remove: $removals(left as is). ompx does not need it; for your own"
    echo "   OpenMP builds use ompx-flang -fopenmp (flang-22's flags, ompx's runtime copy)."
    report+=("        left out libomp-22-dev: it would remove $removals")
  fi
fi

# deps/omp-runtime: the runtime packages' files, unpacked (dpkg-deb -x) from
# the .debs apt-get downloads into deps/debs. Done again only when a
# candidate version changes.
unpack_runtime() {
  local root=deps/omp-runtime debs=deps/debs want="" p v
  for p in "${runtime_packages[@]}"; do
    v=$(apt-cache policy "$p" 2>/dev/null | awk '/Candidate:/ {print $2}')
    if [ -z "$v" ] || [ "$v" = "(none)" ]; then
      apt_update
      v=$(apt-cache policy "$p" 2>/dev/null | awk '/Candidate:/ {print $2}')
    fi
    if [ -z "$v" ] || [ "$v" = "(none)" ]; then
      echo "error: apt knows no package $p (Debian 12's bookworm-backports?)" >&2
      exit 1
    fi
    want+="$p=$v"$'\n'
  done
  if [ -f "$root/.packages" ] && [ "$(cat "$root/.packages")" = "$want" ]; then
    return 0
  fi
  step "unpacking ${runtime_packages[*]} into $root (not installed system-wide)"
  mkdir -p "$debs"
  rm -f "$debs"/*.deb
  # apt-get download as root warns that its sandbox user cannot write here;
  # the download is the same.
  (cd "$debs" && apt-get download -q $(printf '%s ' $want) 2>&1 |
    grep -v "^W: Download is performed unsandboxed" || true)
  for p in "${runtime_packages[@]}"; do
    ls "$debs/${p}_"*.deb >/dev/null 2>&1 || { echo "error: apt-get download $p failed" >&2; exit 1; }
  done
  rm -rf "$root.tmp"
  mkdir -p "$root.tmp"
  local deb
  for deb in "$debs"/*.deb; do dpkg-deb -x "$deb" "$root.tmp"; done
  printf '%s' "$want" > "$root.tmp/.packages"
  rm -rf "$root"
  mv "$root.tmp" "$root"
  report+=("        unpacked into $root: $(printf '%s ' $want)")
  step_done
}
unpack_runtime

# --packages-only: stop here (scripts/test-sanitizers.sh and fuzz.sh build
# their own trees).
if [ -n "$packages_only" ]; then summary; exit 0; fi

step "building (build/)"
cmake -G Ninja -B build -DCMAKE_BUILD_TYPE=Release . > /dev/null
ninja -C build -j "$(nproc)"
step_done

# The VS Code extension as a .vsix (install: code --install-extension
# extension/out/ompx.vsix). Needs Node.js >= 20 (vsce); skipped without it.
if command -v node >/dev/null && [ "$(node -p 'process.versions.node.split(".")[0]')" -ge 20 ] \
    && command -v npm >/dev/null; then
  step "VS Code extension (extension/out/ompx.vsix)"
  # `package` runs vsce, whose vscode:prepublish builds the bundle.
  (cd extension && npm ci --no-audit --no-fund --loglevel=error \
    && rm -f out/ompx.vsix && npm run -s package >/dev/null) \
    && echo "   install it: code --install-extension extension/out/ompx.vsix" \
    || echo "   (building the .vsix failed; the server is built, see above)"
  step_done
else
  echo "== skipping the VS Code extension: Node.js >= 20 and npm are needed to build extension/out/ompx.vsix"
fi

if [ -n "$prefix" ]; then
  step "installing ompx into $prefix"
  cmake --install build --prefix "$prefix" > /dev/null
  echo "   $prefix/bin/ompx-lsp (put $prefix/bin on PATH if it is not)"
  step_done
fi

if [ -n "$run" ]; then
  step "ompx-lsp --check and launch on the bundled examples"
  echo "-- flang-22 output (target teams distribute parallel do): expect no diagnostics"
  build/server/ompx-lsp --check examples/omp_target_teams_dpd.hlfir.mlir && echo "clean"
  echo "-- examples/errors.mlir: a parse error, an LLVM 22 crash (contained), a verifier error"
  build/server/ompx-lsp --check examples/errors.mlir || [ $? -eq 1 ]
  echo "-- launch: saxpy (flang-22 HLFIR) on libomptarget's x86_64 offload device"
  build/server/ompx-lsp launch examples/launch/saxpy.hlfir.mlir --device=host-offload
  step_done
fi
summary
echo "== done: build/server/ompx-lsp is the language server (see docs/user-guide.md);"
echo "   no package was removed, no service started; ompx's OpenMP runtimes are in deps/omp-runtime"
