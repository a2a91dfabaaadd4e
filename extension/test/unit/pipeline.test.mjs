// The pure helpers of src/pipeline.ts: snapshot URIs, the QuickPick rows,
// the previous pass of a view's first one, the failure line, and where in a
// snapshot the followed op is.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const pl = require('../../out/pipeline.js');

const pass = (number, name, view, stage, extra = {}) => ({
  number, name: `${String(number).padStart(3, '0')}-${view}-${name}.mlir`, pass: name, view, stage, changed: true,
  failed: false, opCounts: {}, changedFunctions: [], languageId: 'mlir', uri: '', ...extra,
});
const run = {
  run: '3', source: '/w/a.mlir', status: 'failed', snapshots: 3,
  views: [
    { view: 'input', passes: [pass(0, 'parse', 'input', 'hlfir', { opCounts: { 'omp.target': 1, 'func.func': 2 } })] },
    { view: 'host', passes: [
      pass(1, 'convert-hlfir-to-fir', 'host', 'fir', { previous: 0, changedFunctions: ['_QQmain'] }),
      pass(2, 'cse', 'host', 'fir', { previous: 1, changed: false, failed: true })] },
  ],
  failure: { stage: 'lower host', message: 'boom\nmore', pass: 'cse', view: 'host', crashed: true, afterSnapshot: 1 },
};

test('snapshot URIs name a run and a snapshot', () => {
  assert.deepEqual(pl.parseSnapshotUri('ompx-pipeline:/3/001-host-cse.mlir'), { run: '3', name: '001-host-cse.mlir' });
  assert.deepEqual(pl.parseSnapshotUri('ompx-pipeline:///12/a%20b.ll'), { run: '12', name: 'a b.ll' });
  assert.equal(pl.parseSnapshotUri('file:///3/001.mlir'), undefined);
  assert.equal(pl.parseSnapshotUri('ompx-pipeline:/3'), undefined);
});

test('the QuickPick rows, the previous pass, the failure', () => {
  const items = pl.passItems(run);
  assert.deepEqual(items.map((i) => i.label), ['000 parse', '001 convert-hlfir-to-fir', '002 cse']);
  assert.deepEqual(items.map((i) => i.description), ['input · hlfir · module', 'host · fir · _QQmain', 'host · fir · FAILED']);
  assert.equal(items[0].detail, 'omp.target 1, func.func 2');
  assert.equal(pl.previousPass(run, items[1].pass).pass, 'parse');
  assert.equal(pl.previousPass(run, items[0].pass), undefined);
  assert.equal(pl.describeFailure(run), 'crashed in host cse (after 001): boom');
});

test('the followed op in a snapshot: its location, else the symbol it became', () => {
  const step = { number: 5, name: 'x', pass: 'p', stage: 'llvm-ir', view: 'host', changed: true, found: ['kernel @k_l12'], uri: '' };
  const ir = 'declare void @f()\n@g = global i32 0\ndefine void @k_l12(ptr %0) {\n  ret void\n}\n';
  assert.equal(pl.lineOfStep(ir, 'a.mlir:12:3', step), 2);
  const mlir = 'module {\n  %0 = fir.alloca i32 loc("/w/a.mlir":11:3)\n  omp.target {\n  } loc("/w/a.mlir":12:3)\n}\n';
  assert.equal(pl.lineOfStep(mlir, 'a.mlir:12:3', { ...step, found: ['@main: omp.target'] }), 3);
  assert.equal(pl.lineOfStep('nothing here', 'a.mlir:12:3', { ...step, found: [] }), -1);
  const items = pl.followItems({ target: 'a.mlir:12', steps: [step, { ...step, changed: false }, { ...step, found: [] }] });
  assert.deepEqual(items.map((i) => i.detail), ['kernel @k_l12', '(gone)']);
  const back = pl.followItems({ target: 'a.mlir:12', steps: [step],
    source: { uri: 'file:///w/a.mlir', range: { start: { line: 11, character: 0 } } } });
  assert.deepEqual(back.map((i) => [i.label, i.description]),
    [['$(go-to-file) a.mlir:12', 'source'], ['005 p', 'host · llvm-ir']]);
});
