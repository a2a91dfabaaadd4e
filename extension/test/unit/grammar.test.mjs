// Grammar checks beyond the vscode-tmgrammar-test assertion files
// (test/grammar/*.mlir): every example and corpus file tokenizes without a
// scope leaking past its construct, and the language configuration's
// folding/indent rules pair up on real flang output.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { tokenize, languageConfigPath } from '../lib/grammar.mjs';
import { corpusDir, examplesDir } from '../lib/paths.mjs';

function mlirFiles(dir) {
  const out = [];
  for (const e of readdirSync(dir)) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) { if (e !== 'large') out.push(...mlirFiles(p)); } // large/: performance files
    else if (e.endsWith('.mlir')) out.push(p);
  }
  return out;
}

const files = [...mlirFiles(examplesDir), ...(corpusDir() ? mlirFiles(corpusDir()) : [])];

test('no scope leaks more than a few lines in any example or corpus file', async () => {
  assert.ok(files.length >= 2);
  for (const f of files) {
    let run = 0, worst = 0, where = 0;
    await tokenize(readFileSync(f, 'utf8'), (n, _line, _tokens, state) => {
      run = state.depth > 1 ? run + 1 : 0;
      if (run > worst) { worst = run; where = n; }
    });
    assert.ok(worst <= 5, `${f}:${where}: ${worst} lines in a row end inside a nested scope`);
  }
});

test('omp.target line of the flang example: dialect, op, clauses and block arguments', async () => {
  const text = readFileSync(join(examplesDir, 'omp_target_teams_dpd.hlfir.mlir'), 'utf8');
  const seen = new Map();
  await tokenize(text, (_n, line, tokens) => {
    if (!/^\s*omp\.target /.test(line)) return;
    for (const t of tokens) {
      const s = line.slice(t.startIndex, t.endIndex);
      if (!seen.has(s)) seen.set(s, t.scopes);
    }
  });
  const has = (text, scope) => assert.ok(seen.get(text)?.includes(scope), `${text}: ${seen.get(text)}`);
  has('omp', 'entity.name.namespace.dialect.omp.mlir');
  has('target', 'keyword.control.op.omp.mlir');
  has('host_eval', 'keyword.other.clause.mlir');
  has('map_entries', 'keyword.other.clause.mlir');
  has('%arg7', 'variable.parameter.block-argument.mlir');
  has('%25', 'variable.other.ssa.mlir');
});

test('language configuration: folding markers pair up on the flang example', () => {
  const cfg = JSON.parse(readFileSync(languageConfigPath, 'utf8'));
  const start = new RegExp(cfg.folding.markers.start), end = new RegExp(cfg.folding.markers.end);
  const inc = new RegExp(cfg.indentationRules.increaseIndentPattern);
  const lines = readFileSync(join(examplesDir, 'omp_target_teams_dpd.hlfir.mlir'), 'utf8').split('\n');
  let depth = 0, regions = 0;
  for (const l of lines) {
    if (end.test(l)) { depth--; assert.ok(depth >= 0, l); }
    if (start.test(l)) { depth++; regions++; }
  }
  assert.equal(depth, 0);
  assert.ok(regions >= 10, `only ${regions} foldable regions`);
  assert.ok(inc.test('    omp.target map_entries(%25 -> %arg7 : !fir.ref<i32>) {'));
  assert.ok(!inc.test('    %25 = omp.map.info var_ptr(%1 : !fir.ref<i32>, i32) {name = "x"}'));
});
