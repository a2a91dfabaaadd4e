// Server resolution: setting (with variables and ~) → PATH → build directory,
// and the error text when nothing is found; in an untrusted workspace never a
// path inside a workspace folder. Uses real files in a temp dir.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const { resolveServer, expandVariables, defaultContext, readPackagedFrom } = require('../../out/serverPath.js');

function exe(p) {
  mkdirSync(join(p, '..'), { recursive: true });
  writeFileSync(p, '#!/bin/sh\n');
  chmodSync(p, 0o755);
  return p;
}
const root = mkdtempSync(join(tmpdir(), 'ompx-resolve-'));
const home = join(root, 'home');
const ws = join(root, 'ws');
const other = join(root, 'other');
const binDir = join(root, 'bin');
mkdirSync(home, { recursive: true });
mkdirSync(binDir, { recursive: true });
const ctx = (over = {}) => defaultContext({
  env: { PATH: '/nonexistent', HOME: home, OMPX_HOME: join(root, 'opt') },
  homeDir: home,
  platform: 'linux',
  workspaceFolders: [{ name: 'ws', fsPath: ws }, { name: 'other', fsPath: other }],
  trusted: true,
  ...over,
});

test('expands ${workspaceFolder}, ${workspaceFolder:name}, ${userHome}, ${env:X} and ~', () => {
  const c = ctx();
  assert.equal(expandVariables('${workspaceFolder}/build/x', c), `${ws}/build/x`);
  assert.equal(expandVariables('${workspaceFolder:other}/x', c), `${other}/x`);
  assert.equal(expandVariables('${userHome}/x', c), `${home}/x`);
  assert.equal(expandVariables('${env:OMPX_HOME}/bin/ompx-lsp', c), `${root}/opt/bin/ompx-lsp`);
  assert.equal(expandVariables('~/bin/ompx-lsp', c), `${home}/bin/ompx-lsp`);
  assert.equal(expandVariables('${workspaceFolder:nope}/x', c), '${workspaceFolder:nope}/x');
  assert.equal(expandVariables('/a/~/b', c), '/a/~/b');
});

test('setting wins and is expanded', () => {
  const p = exe(join(ws, 'custom', 'ompx-lsp'));
  exe(join(binDir, 'ompx-lsp'));
  const r = resolveServer('${workspaceFolder}/custom/ompx-lsp', ctx({ env: { PATH: binDir } }));
  assert.deepEqual([r.ok, r.path, r.source], [true, p, 'setting']);
});

test('setting with ~ and a relative setting (taken from the first workspace folder)', () => {
  const p = exe(join(home, 'tools', 'ompx-lsp'));
  assert.equal(resolveServer('~/tools/ompx-lsp', ctx()).path, p);
  const q = exe(join(ws, 'rel', 'ompx-lsp'));
  assert.equal(resolveServer('rel/ompx-lsp', ctx()).path, q);
});

test('a set but wrong setting is an error naming the expanded path, never a silent fallback', () => {
  exe(join(binDir, 'ompx-lsp'));
  const r = resolveServer('${workspaceFolder}/nope/ompx-lsp', ctx({ env: { PATH: binDir } }));
  assert.equal(r.ok, false);
  // The reason first: the toast shows only the first 110 characters.
  assert.match(r.message, /^no executable file at ompx\.server\.path "\$\{workspaceFolder\}\/nope\/ompx-lsp" \(expanded to ".*\/ws\/nope\/ompx-lsp"\)/);
});

test('PATH lookup when the setting is empty', () => {
  const p = exe(join(binDir, 'ompx-lsp'));
  const r = resolveServer('', ctx({ env: { PATH: `/nonexistent:${binDir}` } }));
  assert.deepEqual([r.ok, r.path, r.source], [true, p, 'path']);
});

test('a non-executable file on PATH is skipped', () => {
  const d = join(root, 'noexec');
  mkdirSync(d, { recursive: true });
  writeFileSync(join(d, 'ompx-lsp'), 'x');
  chmodSync(join(d, 'ompx-lsp'), 0o644);
  const r = resolveServer('', ctx({ env: { PATH: d }, workspaceFolders: [] }));
  assert.equal(r.ok, false);
});

test('build directory of a workspace folder, then of the checkout holding the extension', () => {
  const w2 = join(root, 'ws2');
  const p = exe(join(w2, 'build', 'server', 'ompx-lsp'));
  let r = resolveServer(undefined, ctx({ workspaceFolders: [{ name: 'ws2', fsPath: w2 }] }));
  assert.deepEqual([r.ok, r.path, r.source], [true, p, 'build']);
  const repo = join(root, 'repo');
  const q = exe(join(repo, 'build', 'server', 'ompx-lsp'));
  mkdirSync(join(repo, 'server', 'lsp'), { recursive: true });
  mkdirSync(join(repo, 'extension'), { recursive: true });
  writeFileSync(join(repo, 'extension', 'package.json'), '{}');
  r = resolveServer('', ctx({ workspaceFolders: [], extensionPath: join(repo, 'extension') }));
  assert.deepEqual([r.ok, r.path, r.source], [true, q, 'build']);
});

test('installed .vsix: the repository recorded at package time is searched, the extensions folder is not', () => {
  const repo = join(root, 'packaged-repo');
  const q = exe(join(repo, 'build', 'server', 'ompx-lsp'));
  // An installed extension: <extensions dir>/ompx.ompx-0.1.0 with dist/build-info.json.
  const installed = join(root, 'extensions', 'ompx.ompx-0.1.0');
  mkdirSync(join(installed, 'dist'), { recursive: true });
  writeFileSync(join(installed, 'dist', 'build-info.json'), JSON.stringify({ repo }));
  exe(join(root, 'extensions', 'build', 'server', 'ompx-lsp')); // must never be picked
  assert.equal(readPackagedFrom(installed), repo);
  const r = resolveServer('', ctx({ workspaceFolders: [], extensionPath: installed, packagedFrom: readPackagedFrom(installed) }));
  assert.deepEqual([r.ok, r.path, r.source], [true, q, 'build']);
  const none = resolveServer('', ctx({ workspaceFolders: [], extensionPath: installed }));
  assert.equal(none.ok, false);
  assert.ok(!none.tried.some((t) => t.includes(join('extensions', 'build'))), none.tried.join(', '));
  assert.equal(readPackagedFrom(join(root, 'no-such-extension')), undefined);
});

test('nothing found: a short message, and details listing each place tried', () => {
  const r = resolveServer('', ctx({ workspaceFolders: [{ name: 'empty', fsPath: join(root, 'empty') }], packagedFrom: join(root, 'gone') }));
  assert.equal(r.ok, false);
  assert.equal(r.message, 'ompx-lsp not found (setting empty, not on PATH, not in 2 build folders).');
  assert.ok(r.message.length < 120);
  const details = r.details.join('\n');
  assert.match(details, /^ompx\.server\.path: not set$/m);
  assert.match(details, /^PATH: \/nonexistent$/m);
  assert.match(details, /empty\/build\/server\/ompx-lsp/);
  assert.match(details, /gone\/build\/server\/ompx-lsp/);
  assert.match(details, /set ompx\.server\.path/);
  assert.ok(r.tried.includes('/nonexistent/ompx-lsp'));
});

// Workspace trust: a folder's settings and build tree are the folder's code.
// Untrusted, nothing inside a workspace folder may be run, however it is named.
test('untrusted: a workspace folder\'s build tree is neither returned nor tried', () => {
  const w = join(root, 'untrusted-ws');
  exe(join(w, 'build', 'server', 'ompx-lsp'));
  const folders = [{ name: 'u', fsPath: w }];
  assert.equal(resolveServer('', ctx({ workspaceFolders: folders })).ok, true); // trusted: found
  const r = resolveServer('', ctx({ workspaceFolders: folders, trusted: false }));
  assert.equal(r.ok, false);
  assert.ok(!r.tried.some((t) => t.startsWith(w)), r.tried.join(', '));
  assert.match(r.details.join('\n'), /workspace folders not searched: the workspace is not trusted/);
});

test('untrusted: a setting naming a workspace path is refused, not run', () => {
  const w = join(root, 'untrusted-ws2');
  const inside = exe(join(w, 'tools', 'ompx-lsp'));
  const folders = [{ name: 'u', fsPath: w }];
  for (const setting of ['${workspaceFolder}/tools/ompx-lsp', '${workspaceFolder:u}/tools/ompx-lsp', 'tools/ompx-lsp', inside]) {
    assert.equal(resolveServer(setting, ctx({ workspaceFolders: folders })).path, inside, setting); // trusted: found
    const r = resolveServer(setting, ctx({ workspaceFolders: folders, trusted: false }));
    assert.equal(r.ok, false, setting);
    assert.equal(r.path, undefined);
    assert.match(r.message, /^untrusted workspace: ompx\.server\.path .* is inside a workspace folder/, setting);
  }
});

test('untrusted: PATH entries inside a workspace folder or relative are skipped; others are used', () => {
  const w = join(root, 'untrusted-ws3');
  exe(join(w, 'bin', 'ompx-lsp'));
  const folders = [{ name: 'u', fsPath: w }];
  const r = resolveServer('', ctx({ workspaceFolders: folders, trusted: false, env: { PATH: `${join(w, 'bin')}:bin` } }));
  assert.equal(r.ok, false);
  assert.ok(!r.tried.some((t) => t.startsWith(w) || !t.startsWith('/')), r.tried.join(', '));
  const outside = exe(join(root, 'userbin', 'ompx-lsp'));
  const q = resolveServer('', ctx({ workspaceFolders: folders, trusted: false, env: { PATH: `${join(w, 'bin')}:${join(root, 'userbin')}` } }));
  assert.deepEqual([q.ok, q.path, q.source], [true, outside, 'path']);
  // A user setting outside the folders still works.
  assert.equal(resolveServer(outside, ctx({ workspaceFolders: folders, trusted: false })).path, outside);
});

test('untrusted: the repository the .vsix came from is still searched (outside the folders)', () => {
  const repo = join(root, 'packaged-repo-2');
  const q = exe(join(repo, 'build', 'server', 'ompx-lsp'));
  const r = resolveServer('', ctx({ workspaceFolders: [{ name: 'u', fsPath: join(root, 'untrusted-ws4') }], trusted: false, packagedFrom: repo }));
  assert.deepEqual([r.ok, r.path, r.source], [true, q, 'build']);
  // …unless it is one of the untrusted folders.
  const s = resolveServer('', ctx({ workspaceFolders: [{ name: 'repo', fsPath: repo }], trusted: false, packagedFrom: repo }));
  assert.equal(s.ok, false);
});

test('defaultContext is untrusted unless told otherwise', () => {
  assert.equal(defaultContext().trusted, false);
  assert.equal(defaultContext({ trusted: true }).trusted, true);
});
