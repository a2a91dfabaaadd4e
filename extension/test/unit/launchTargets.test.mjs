// Where "▶ Launch" CodeLenses go, on the real flang example and small cases.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { examplesDir } from '../lib/paths.mjs';
const require = createRequire(import.meta.url);
const { findLaunchTargets } = require('../../out/launchTargets.js');

test('flang example: one lens per function holding omp.target', () => {
  const text = readFileSync(join(examplesDir, 'omp_target_teams_dpd.hlfir.mlir'), 'utf8');
  const t = findLaunchTargets(text);
  const lines = text.split('\n');
  assert.ok(t.length >= 2, JSON.stringify(t));
  for (const x of t) {
    assert.equal(x.kind, 'function');
    assert.match(lines[x.line], /func\.func @/);
    assert.match(lines[x.targetLine], /^\s*omp\.target /);
  }
  assert.deepEqual(t.map((x) => x.name).slice(0, 1), ['_QPsaxpy_offload']);
});

test('functions without omp.target, target_data and comments get no lens', () => {
  const text = [
    'module {',
    '  func.func @a() {',
    '    omp.target_data map_entries(%m : !llvm.ptr) {',
    '      omp.terminator',
    '    }',
    '    // omp.target in a comment',
    '    %s = "x"() {note = "omp.target {"} : () -> i32',
    '    return',
    '  }',
    '  llvm.func @b(%x: !llvm.ptr) attributes {sym_visibility = "private"} {',
    '    omp.target map_entries(%x -> %arg0 : !llvm.ptr) {',
    '      omp.terminator',
    '    }',
    '    llvm.return',
    '  }',
    '  func.func private @decl(i32)',
    '}',
  ].join('\n');
  assert.deepEqual(findLaunchTargets(text).map((t) => [t.name, t.line, t.targetLine, t.character]), [['b', 9, 10, 2]]);
});

test('omp.target outside any function: the outermost module gets the lens', () => {
  const text = 'module @m {\n  module @inner {\n    "omp.target"() ({\n      omp.terminator\n    }) : () -> ()\n  }\n}\n';
  assert.deepEqual(findLaunchTargets(text).map((t) => [t.kind, t.name, t.line]), [['module', 'm', 0]]);
});

test('split chunks are separate', () => {
  const text = 'func.func @a() {\n  return\n// -----\nfunc.func @b() {\n  omp.target {\n    omp.terminator\n  }\n  return\n}\n';
  assert.deepEqual(findLaunchTargets(text).map((t) => t.name), ['b']);
});
