// Where the one "▶ Launch" CodeLens of a file goes, and when there is none,
// on the bundled examples and small cases.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { examplesDir } from '../lib/paths.mjs';
const require = createRequire(import.meta.url);
const { findLaunchLens, hasMainProgram, defaultDriverNames } = require('../../out/launchTargets.js');

const read = (...p) => readFileSync(join(examplesDir, ...p), 'utf8');

test('a flang program: one lens, on its module line, however many functions hold omp.target', () => {
  const text = read('launch', 'saxpy.hlfir.mlir');
  const d = findLaunchLens(text, { hasDriver: false });
  assert.ok(d.lens, JSON.stringify(d));
  assert.match(text.split('\n')[d.lens.line], /^module\b/);
  assert.equal(d.lens.character, 0);
  assert.equal(d.lens.hasMain, true);
  assert.equal(d.lens.openacc, false);
});

test('the bundled library (no main): no lens without a driver, one with', () => {
  const text = read('omp_target_teams_dpd.hlfir.mlir');
  assert.equal(hasMainProgram(text), false);
  assert.deepEqual(findLaunchLens(text, { hasDriver: false }), { none: 'no main program and no driver' });
  const d = findLaunchLens(text, { hasDriver: true });
  assert.ok(d.lens);
  assert.equal(d.lens.hasMain, false);
  assert.match(text.split('\n')[d.lens.line], /^module\b/);
});

test('an OpenACC program is marked openacc', () => {
  const d = findLaunchLens(read('launch', 'acc_saxpy.hlfir.mlir'), { hasDriver: false });
  assert.equal(d.lens?.openacc, true);
});

test('a device-only module gets no lens, even with a main', () => {
  const text = 'module attributes {omp.is_target_device = true} {\n  func.func @main() {\n    return\n  }\n}\n';
  assert.match(findLaunchLens(text, { hasDriver: true }).none, /device module/);
  const host = text.replace('true', 'false');
  assert.equal(findLaunchLens(host, { hasDriver: false }).lens?.line, 0);
});

test('implicit module: the lens sits on the first line of code; comments, strings and empty files do not count', () => {
  const text = '// a comment\n\n  llvm.func @main() -> i32 {\n    %0 = llvm.mlir.constant(0 : i32) : i32\n    llvm.return %0 : i32\n  }\n';
  assert.deepEqual(findLaunchLens(text, { hasDriver: false }).lens, { line: 2, character: 2, name: '', hasMain: true, openacc: false });
  assert.equal(hasMainProgram('// func.func @main()\n%s = "x"() {n = "func.func @main"} : () -> i32\n'), false);
  assert.deepEqual(findLaunchLens('// only a comment\n', { hasDriver: true }), { none: 'empty file' });
  assert.equal(findLaunchLens('// acc.parallel\nfunc.func @main() {\n return\n}\n', { hasDriver: false }).lens.openacc, false);
});

test('a named module and nested modules: one lens, on the outer module', () => {
  const text = 'module @outer {\n  module @inner {\n  }\n  func.func @main() {\n    return\n  }\n}\n';
  const d = findLaunchLens(text, { hasDriver: false });
  assert.deepEqual([d.lens.line, d.lens.name], [0, 'outer']);
});

test('default driver names use the stem up to the first dot', () => {
  assert.deepEqual(defaultDriverNames('omp_target_teams_dpd.hlfir.mlir'),
    ['omp_target_teams_dpd.driver.f90', 'omp_target_teams_dpd.driver.F90', 'omp_target_teams_dpd.driver.c']);
});
