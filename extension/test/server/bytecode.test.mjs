// The `.mlirbc` round trip the extension's bytecode.ts makes, against the
// real ompx-lsp: open a bytecode file as text (mlir/convertFromBytecode, what
// the ompx-mlirbc: file system's readFile asks), edit it, save it
// (mlir/convertToBytecode with the text being saved, as writeFile sends it),
// and read the saved bytes back with mlir-opt. Bad bytecode is an error the
// editor can show, and the server keeps answering.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Session, fileUri } from '../lib/lsp.mjs';

const mlirOpt = ['/usr/lib/llvm-22/bin/mlir-opt', 'mlir-opt-22'].find((p) => p.includes('/') ? existsSync(p) : true);
const dir = mkdtempSync(join(tmpdir(), 'ompx-bc-'));
const textPath = join(dir, 'm.mlir');
const bcPath = join(dir, 'm.mlirbc');
let s;

before(async () => {
  writeFileSync(textPath, 'module {\n  func.func @f(%n: i32) {\n    omp.barrier\n    return\n  }\n}\n');
  const r = spawnSync(mlirOpt, ['--emit-bytecode', textPath, '-o', bcPath]);
  assert.equal(r.status, 0, `mlir-opt: ${r.stderr}`);
  s = await Session.start();
});
after(async () => { await s?.stop(); });

test('a .mlirbc opens as text, is edited and saved back as bytecode', async () => {
  const opened = await s.request('mlir/convertFromBytecode', { uri: fileUri(bcPath) });
  assert.match(opened.output, /^module \{/m);
  assert.match(opened.output, /omp\.barrier/);
  // The editor's document is the text under the ompx-mlirbc: scheme.
  const uri = fileUri(bcPath).replace(/^file:/, 'ompx-mlirbc:');
  s.open(bcPath, opened.output, uri);
  const diags = await s.waitDiagnostics(uri);
  assert.deepEqual(diags.filter((d) => d.severity === 1), [], 'the text form analyses clean');
  const edited = opened.output.replace('omp.barrier', 'omp.taskwait');
  const saved = await s.request('mlir/convertToBytecode', { uri, text: edited });
  const bytes = Buffer.from(saved.output, 'base64');
  assert.equal(bytes.subarray(0, 4).toString('latin1'), 'ML\xefR');
  writeFileSync(bcPath, bytes);
  const back = spawnSync(mlirOpt, [bcPath], { encoding: 'utf8' });
  assert.equal(back.status, 0, back.stderr);
  assert.match(back.stdout, /omp\.taskwait/);
  assert.doesNotMatch(back.stdout, /omp\.barrier/);
});

test('bad bytecode is a RequestFailed error with the reader\'s words; the server lives', async () => {
  const junk = join(dir, 'junk.mlirbc');
  writeFileSync(junk, Buffer.from('ML\xefR\x00garbage', 'latin1'));
  await assert.rejects(s.request('mlir/convertFromBytecode', { uri: fileUri(junk) }),
    (e) => e.code === -32803 && /failed to parse bytecode/.test(e.message));
  await assert.rejects(s.request('mlir/convertToBytecode', { uri: 'ompx-mlirbc:///x.mlirbc', text: 'func.func @f() {\n  %c = arith.constant 1 : i32\n  func.return %c : i32\n}\n' }),
    (e) => e.code === -32803 && /op has 1 operands/.test(e.message));
  const again = await s.request('mlir/convertFromBytecode', { uri: fileUri(bcPath) });
  assert.match(again.output, /module/);
});
