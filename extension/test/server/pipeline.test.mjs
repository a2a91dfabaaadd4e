// src/pipeline.ts against the real ompx-lsp, as "OMPX: Show Pipeline",
// "Compare with Previous Pass", "Show What Became of This Op" and the
// "Reduce to a minimal reproducer" code action use it: the real pass names of
// saxpy's host build, a snapshot's text, the omp.target followed down to its
// kernel, and a verifier error reduced to STEM.reduced.mlir.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import { Session, needFeature, fileUri, hoverText } from '../lib/lsp.mjs';
import { repoRoot } from '../lib/paths.mjs';
const require = createRequire(import.meta.url);
const pl = require('../../out/pipeline.js');
const launch = require('../../out/launch.js');

let s;
before(async () => { s = await Session.start(); });
after(async () => { await s?.stop(); });

function copy(from) {
  const dir = mkdtempSync(join(tmpdir(), 'ompx-pipeline-test-'));
  const to = join(dir, from.split('/').pop());
  copyFileSync(from, to);
  return to;
}

test('the passes of saxpy, a snapshot, the previous one, and the omp.target followed', async (t) => {
  if (!needFeature(t, launch.serverHasCommand(s.caps, pl.PIPELINE), pl.PIPELINE)) return;
  const file = copy(join(repoRoot, 'examples', 'launch', 'saxpy.hlfir.mlir'));
  const text = readFileSync(file, 'utf8');
  const uri = s.open(file, text);
  const stages = [];
  const r = await pl.runPipeline(s.conn, { uri, device: 'host' }, (st) => stages.push(st));
  assert.equal(r.status, 'ok');
  assert.deepEqual(stages, ['setup', 'parse', 'lower host', 'codegen']);
  assert.deepEqual(r.views.map((v) => v.view), ['input', 'host']);
  const passes = pl.allPasses(r).map((p) => p.pass);
  for (const name of ['parse', 'convert-hlfir-to-fir', 'cfg-conversion', 'fir-to-llvm-ir', 'translate-to-llvm-ir'])
    assert.ok(passes.includes(name), `${name} not among ${passes.join(' ')}`);
  assert.ok(passes.indexOf('convert-hlfir-to-fir') < passes.indexOf('fir-to-llvm-ir'));

  const items = pl.passItems(r);
  const fir = items.find((i) => i.pass.pass === 'convert-hlfir-to-fir');
  assert.match(fir.label, /^\d{3} convert-hlfir-to-fir$/);
  assert.match(fir.description, /^host · fir · /);
  assert.match(fir.detail, /omp\.target 1, omp\.map\.info 5/);
  assert.equal(pl.parseSnapshotUri(fir.pass.uri).name, fir.pass.name);

  // "Compare with previous pass": HLFIR before, FIR after.
  const prev = pl.previousPass(r, fir.pass);
  assert.equal(prev.pass, 'bufferize-hlfir');
  const [before_, after_] = await Promise.all([pl.snapshot(s.conn, r.run, prev.name), pl.snapshot(s.conn, r.run, fir.pass.name)]);
  assert.ok(before_.text.includes('hlfir.declare') && !after_.text.includes('hlfir.declare'));
  assert.equal(after_.languageId, 'mlir');

  // From the omp.target of the source down to its kernel in LLVM IR.
  const line = text.split('\n').findIndex((l) => l.includes('omp.target host_eval'));
  const f = await pl.follow(s.conn, r.run, uri, { line, character: 4 });
  const followed = pl.followItems(f);
  assert.deepEqual([followed[0].description, f.source.range.start.line], ['source', line]);
  const steps = followed.slice(1);
  assert.equal(steps[0].step.pass, 'parse');
  const kernel = steps.find((i) => i.step.stage === 'llvm-ir');
  assert.match(kernel.detail, /kernel @__omp_offloading_\w+__QQmain_l337/);
  const ir = await pl.snapshot(s.conn, r.run, kernel.step.name);
  const at = pl.lineOfStep(ir.text, f.target, kernel.step);
  assert.match(ir.text.split('\n')[at], /@__omp_offloading_\w+__QQmain_l337\(/);
  // And back from the kernel to the omp.target's line.
  const back = await pl.follow(s.conn, r.run, kernel.step.uri, { line: at, character: 0 });
  assert.deepEqual([back.target, back.source.uri, back.source.range.start.line], ['saxpy.hlfir.mlir:337', uri, line]);
  const mlirStep = steps.find((i) => i.step.pass === 'fir-to-llvm-ir');
  const mtext = (await pl.snapshot(s.conn, r.run, mlirStep.step.name)).text;
  assert.match(mtext.split('\n')[pl.lineOfStep(mtext, f.target, mlirStep.step)], /saxpy\.hlfir\.mlir":337:5/);

  // The snapshot as an ompx-pipeline: document: analyzed from its text.
  const suri = s.open(file, after_.text, after_.uri);
  await s.waitDiagnostics(suri);
  const sl = after_.text.split('\n').findIndex((l) => l.includes('omp.target host_eval'));
  const h = await s.request('textDocument/hover', {
    textDocument: { uri: suri }, position: { line: sl, character: after_.text.split('\n')[sl].indexOf('omp.') + 2 } });
  assert.match(hoverText(h), /\*\*omp\.target\*\*/);
});

test('a failing pass is listed, marked, and described', async (t) => {
  if (!needFeature(t, launch.serverHasCommand(s.caps, pl.PIPELINE), pl.PIPELINE)) return;
  const file = copy(join(repoRoot, 'test', 'launch', 'Inputs', 'acc-unsupported.mlir'));
  const r = await pl.runPipeline(s.conn, { uri: s.open(file), device: 'host-offload' });
  assert.equal(r.status, 'failed');
  const last = pl.allPasses(r).at(-1);
  assert.deepEqual([last.pass, last.failed], ['ompx-acc-to-omp', true]);
  assert.match(pl.describeFailure(r), /^failed in input ompx-acc-to-omp \(after 001\): acc-to-omp: gang\(dim:\)/);
  // A file that does not verify: refused with the verifier's words.
  const bad = copy(join(repoRoot, 'test', 'pipeline', 'Inputs', 'does-not-verify.mlir'));
  await assert.rejects(pl.runPipeline(s.conn, { uri: s.open(bad), device: 'host' }),
    (e) => /does-not-verify\.mlir:4:3: error: \[parse\] type of return operand 0/.test(e.message));
});

test('"Reduce to a minimal reproducer" on a verifier error', async (t) => {
  if (!needFeature(t, launch.serverHasCommand(s.caps, pl.REDUCE), pl.REDUCE)) return;
  const file = copy(join(repoRoot, 'test', 'pipeline', 'Inputs', 'verifier-error.mlir'));
  // The reproducer is written inside a workspace folder only.
  const uri = s.open(file);
  const outside = s.request('workspace/executeCommand',
    { command: pl.REDUCE, arguments: [{ uri, mode: 'diagnostic', diagnostic: 'loop wrapper' }] });
  await assert.rejects(outside, /is outside the workspace folders/);
  const ws = await Session.start([], { rootUri: fileUri(dirname(file)) });
  t.after(() => ws.stop());
  await reduceIn(ws, file);
});

async function reduceIn(s, file) {
  const uri = s.open(file);
  const diags = await s.waitDiagnostics(uri, (d) => d.length > 0);
  const d = diags.find((x) => x.code === 'verify');
  assert.ok(d, JSON.stringify(diags));
  const actions = await s.request('textDocument/codeAction',
    { textDocument: { uri }, range: d.range, context: { diagnostics: [d] } });
  const reduceAction = actions.find((a) => a.command?.command === pl.REDUCE);
  assert.equal(reduceAction.title, 'Reduce to a minimal reproducer (verifier-error.reduced.mlir)');
  const reports = [];
  const r = await pl.reduce(s.conn, reduceAction.command.arguments[0], (m) => reports.push(m));
  assert.deepEqual([r.from, r.to], [23, 13]);
  assert.ok(reports.some((m) => m.startsWith('keeping ')), reports.join(' | '));
  assert.ok(existsSync(r.path) && r.path.endsWith('/verifier-error.reduced.mlir'));
  assert.match(readFileSync(r.path, 'utf8'), /^\/\/ RUN: not mlir-opt-22 %s 2>&1 \| FileCheck %s\n/);
}
