// The documents the client gives the server (src/selector.ts): MLIR always;
// Fortran files on disk by name (any case flang takes) only with
// ompx.fortran.diagnostics, never untitled Fortran buffers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
const require = createRequire(import.meta.url);
const { documentSelector, FORTRAN_PATTERN } = require('../../out/selector.js');

// VS Code's brace-expansion glob, enough of it for FORTRAN_PATTERN.
function matches(pattern, file) {
  const m = /^\*\*\/\*\.\{(.*)\}$/.exec(pattern);
  assert.ok(m, `unexpected pattern ${pattern}`);
  return m[1].split(',').includes(path.extname(file).slice(1));
}

test('MLIR documents always; Fortran files only when asked', () => {
  const off = documentSelector(false, 'ompx-mlirbc');
  assert.deepEqual(off.map((f) => f.scheme), ['file', 'untitled', 'ompx-mlirbc']);
  assert.ok(off.every((f) => f.language === 'mlir'));
  const on = documentSelector(true, 'ompx-mlirbc');
  assert.deepEqual(on.slice(0, 3), off);
  assert.deepEqual(on[3], { scheme: 'file', pattern: FORTRAN_PATTERN });
});

test('pass snapshots (ompx-pipeline:) are MLIR documents the server gets', () => {
  const sel = documentSelector(true, 'ompx-mlirbc', 'ompx-pipeline');
  assert.deepEqual(sel.slice(0, 4).map((f) => [f.language, f.scheme]),
    [['mlir', 'file'], ['mlir', 'untitled'], ['mlir', 'ompx-mlirbc'], ['mlir', 'ompx-pipeline']]);
});

test('the Fortran pattern takes every extension flang-22 takes, both cases', () => {
  for (const f of ['a.f90', 'a.F90', 'm.f', 'm.F', 'x.f95', 'x.F08', 'y.for', 'z.fpp', 'w.F77', 'v.ftn'])
    assert.ok(matches(FORTRAN_PATTERN, f), f);
  for (const f of ['a.mlir', 'a.c', 'a.f90.bak', 'a.mod', 'Makefile'])
    assert.ok(!matches(FORTRAN_PATTERN, f), f);
});
