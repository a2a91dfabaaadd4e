#!/usr/bin/env bash
# Builds and tests the editor clients (issue 5) without downloading VS Code:
#   1. npm ci in extension/ (committed package-lock.json), tsc + esbuild bundle
#   2. TextMate grammar tests (vscode-tmgrammar-test on extension/test/grammar/*.mlir)
#   3. vsce package -> extension/out/ompx.vsix, and a check of its contents
#   4. Neovim client, headless, against the real server (installs Debian's neovim if missing)
#   5. node --test: unit tests (grammar on the corpus, server lookup, launch client,
#      CodeLens targets) and client sessions against the real ompx-lsp
# Usage: scripts/test-extension.sh [path/to/ompx-lsp]   (or OMPX_LSP=...; default build/server/ompx-lsp)
# OMPX_REQUIRE_FEATURES=1 turns "server lacks <feature>" skips into failures.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
server=${1:-${OMPX_LSP:-$repo/build/server/ompx-lsp}}
[ -x "$server" ] || { echo "test-extension: no ompx-lsp at $server (build it with scripts/setup.sh, or pass a path)" >&2; exit 2; }
export OMPX_LSP=$(readlink -f "$server") OMPX_REPO=$repo

SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO=sudo
command -v node >/dev/null || { echo "test-extension: Node.js >= 20 is needed" >&2; exit 2; }
node_major=$(node -p 'process.versions.node.split(".")[0]')
[ "$node_major" -ge 20 ] || { echo "test-extension: Node.js >= 20 is needed (have $(node --version))" >&2; exit 2; }
if ! command -v nvim >/dev/null; then
  echo "== installing neovim (Debian)"
  $SUDO apt-get update -q && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q neovim
fi

cd extension
echo "== npm ci (extension/)"
npm ci --no-audit --no-fund --loglevel=error
echo "== build (tsc, esbuild)"
npm run -s build

echo "== grammar tests"
# vscode-tmgrammar-test also loads the grammars of package.json (the copy in
# extension/syntaxes), so refresh the copy first.
node scripts/copy-syntaxes.mjs
npx vscode-tmgrammar-test -g ../syntaxes/mlir.tmLanguage.json "test/grammar/*.mlir"

echo "== vsce package"
rm -f out/ompx.vsix
npx vsce package --no-dependencies --allow-missing-repository --skip-license -o out/ompx.vsix
python3 - out/ompx.vsix <<'PY'
import json, sys, zipfile
z = zipfile.ZipFile(sys.argv[1]); names = set(z.namelist())
pkg = json.loads(z.read('extension/package.json'))
need = ['extension/' + pkg['main'].lstrip('./'), 'extension/syntaxes/mlir.tmLanguage.json', 'extension/syntaxes/language-configuration.json']
missing = [n for n in need if n not in names]
assert not missing, f'vsix lacks {missing}'
assert not any('node_modules' in n for n in names), 'vsix holds node_modules'
cmds = {c['command'] for c in pkg['contributes']['commands']}
assert {'ompx.launch', 'ompx.restartServer', 'ompx.releaseSlurm'} <= cmds, cmds
print(f'vsix ok: {len(names)} files, {sum(i.file_size for i in z.infolist())//1024} KiB unpacked')
PY

echo "== Neovim $(nvim --version | head -1) headless client test"
timeout 600 nvim --headless -u NONE -i NONE -n -c "luafile $repo/extension/nvim/test/headless.lua"

echo "== node --test (unit + real server $OMPX_LSP)"
# Bounded: a test process whose event loop stays alive (a watcher left
# open) would otherwise hang the whole suite.
timeout 900 node --test test/unit/ test/server/
