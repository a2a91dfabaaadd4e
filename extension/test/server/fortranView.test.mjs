// src/fortranView.ts against the real ompx-lsp (flang-22 runs for real):
// ompx.emitMLIR writes STEM.hlfir.mlir next to the Fortran, then
// ompx.fortranLocation maps an op back to its Fortran line and
// ompx.mlirLocations a Fortran line to its ops, as the VS Code commands
// "OMPX: Show MLIR for this Fortran file", "Go to Fortran source" and
// "Go to generated MLIR" use them.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { Session, needFeature, fileUri, hoverText } from '../lib/lsp.mjs';
import { repoRoot } from '../lib/paths.mjs';
const require = createRequire(import.meta.url);
const fv = require('../../out/fortranView.js');
const launch = require('../../out/launch.js');

let s;
before(async () => { s = await Session.start(); });
after(async () => { await s?.stop(); });

test('emit, hover, and the jumps both ways on a saxpy kernel', async (t) => {
  if (!needFeature(t, launch.serverHasCommand(s.caps, fv.EMIT_MLIR), fv.EMIT_MLIR)) return;
  const dir = mkdtempSync(join(tmpdir(), 'ompx-fview-'));
  const f90 = join(dir, 'saxpy.f90');
  copyFileSync(join(repoRoot, 'test', 'emit', 'Inputs', 'saxpy.f90'), f90);
  // Open in the editor, as VS Code syncs Fortran files (ompx.fortran.diagnostics):
  // ompx.emitMLIR compiles only an open document or a file of the workspace.
  s.open(f90);
  const r = await fv.emitMLIR(s.conn, { uri: fileUri(f90) });
  assert.equal(r.path, fv.mlirPathFor(f90));
  assert.equal(r.kind, 'hlfir');
  const text = readFileSync(r.path, 'utf8');
  const uri = s.open(r.path, text, r.uri);
  const lines = text.split('\n');
  const line = lines.findIndex((l) => l.includes('omp.target '));
  const character = lines[line].indexOf('omp.target') + 1;
  const hover = hoverText(await s.request('textDocument/hover', { textDocument: { uri }, position: { line, character } }));
  assert.match(hover, /From `saxpy\.f90:5`/);
  const loc = await fv.fortranLocation(s.conn, uri, { line, character });
  assert.equal(loc.uri, fileUri(f90));
  assert.deepEqual([loc.range.start.line, loc.op], [4, 'omp.target']);
  // Back from the `!$omp target` line: omp.target is among its ops.
  const ops = await fv.mlirLocations(s.conn, uri, fileUri(f90), 4);
  assert.ok(ops.some((o) => o.range.start.line === line), JSON.stringify(ops));
});

test('a flang error is the request error, with flang\'s message', async (t) => {
  if (!needFeature(t, launch.serverHasCommand(s.caps, fv.EMIT_MLIR), fv.EMIT_MLIR)) return;
  const dir = mkdtempSync(join(tmpdir(), 'ompx-fview-'));
  const f90 = join(dir, 'broken.f90');
  copyFileSync(join(repoRoot, 'test', 'emit', 'Inputs', 'broken.f90'), f90);
  s.open(f90);
  await assert.rejects(fv.emitMLIR(s.conn, { uri: fileUri(f90) }),
    (e) => /flang-22 exited with status 1/.test(e.message) && /broken\.f90:3/.test(e.message));
});

test('mlirPathFor follows the corpus names', () => {
  assert.equal(fv.mlirPathFor('/a/b/k.f90'), '/a/b/k.hlfir.mlir');
  assert.equal(fv.mlirPathFor('/a/k.x.F90', 'fir', true), '/a/k.device.fir.mlir');
  assert.ok(fv.isFortranPath('/a/K.F90') && !fv.isFortranPath('/a/k.mlir'));
});

test('a Fortran file neither open nor in the workspace is not compiled', async (t) => {
  if (!needFeature(t, launch.serverHasCommand(s.caps, fv.EMIT_MLIR), fv.EMIT_MLIR)) return;
  const dir = mkdtempSync(join(tmpdir(), 'ompx-fview-'));
  const f90 = join(dir, 'elsewhere.f90');
  copyFileSync(join(repoRoot, 'test', 'emit', 'Inputs', 'saxpy.f90'), f90);
  await assert.rejects(fv.emitMLIR(s.conn, { uri: fileUri(f90) }),
    (e) => /neither an open document nor a file under a workspace folder/.test(e.message));
});
