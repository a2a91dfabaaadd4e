// The extension's client side driven against the real ompx-lsp over stdio:
// what VS Code would see for diagnostics, hover and the other features.
// Features the server does not advertise yet are reported as skipped with
// "server lacks ..." (OMPX_REQUIRE_FEATURES=1 turns that into a failure).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Session, needFeature, positionOf, hoverText, fileUri } from '../lib/lsp.mjs';
import { examplesDir, serverPath } from '../lib/paths.mjs';

const errorsPath = join(examplesDir, 'errors.mlir');
const flangPath = join(examplesDir, 'omp_target_teams_dpd.hlfir.mlir');
const flangText = readFileSync(flangPath, 'utf8');
let s;

before(async () => { s = await Session.start(); });
after(async () => { await s?.stop(); });

test(`initialize: ${serverPath()} answers as ompx-lsp with incremental sync`, () => {
  assert.equal(s.init.serverInfo?.name, 'ompx-lsp');
  const sync = s.caps.textDocumentSync;
  assert.equal(typeof sync === 'object' ? sync.change : sync, 2);
});

test('diagnostics on examples/errors.mlir: parse error with related info, contained crash, verifier error', async () => {
  const uri = s.open(errorsPath);
  const d = await s.waitDiagnostics(uri, (ds) => ds.length >= 3);
  assert.deepEqual(d.map((x) => [x.code, x.range.start.line + 1, x.severity]),
    [['parse', 4, 1], ['mlir-crash', 8, 1], ['verify', 16, 1]]);
  assert.match(d[0].message, /expects different type than prior uses/);
  assert.equal(d[0].relatedInformation?.[0]?.message, 'prior use here');
  assert.equal(d[0].relatedInformation[0].location.range.start.line, 2);
  assert.match(d[1].message, /MLIR crashed \(SIGABRT\) in the verifier of 'omp\.wsloop'/);
  assert.ok(d.every((x) => typeof x.source === 'string' && x.source.length > 0), 'every diagnostic has a source');
});

test('flang-22 output opens clean; an edit adds a diagnostic and undoing it clears it', async () => {
  const uri = s.open(flangPath);
  await s.waitDiagnostics(uri, (ds) => ds.length === 0);
  const pos = positionOf(flangText, /^\s*omp\.target host_eval/, 'omp.target');
  // omp.target -> omp.targt: an unknown op of a known dialect.
  s.change(uri, [{ range: { start: { line: pos.line, character: pos.character - 1 + 'omp.targ'.length }, end: { line: pos.line, character: pos.character - 1 + 'omp.targe'.length } }, text: '' }]);
  const d = await s.waitDiagnostics(uri, (ds) => ds.length > 0);
  assert.ok(d.some((x) => x.range.start.line === pos.line && /omp\.targt/.test(x.message)), JSON.stringify(d));
  s.change(uri, [{ range: { start: { line: pos.line, character: pos.character - 1 + 'omp.targ'.length }, end: { line: pos.line, character: pos.character - 1 + 'omp.targ'.length } }, text: 'e' }]);
  await s.waitDiagnostics(uri, (ds) => ds.length === 0);
});

test('hover on a map_entries block argument names its clause and the bound outer value', async (t) => {
  if (!needFeature(t, s.caps.hoverProvider, 'hover')) return;
  const uri = s.open(flangPath);
  await s.waitDiagnostics(uri);
  // %arg7 used in the omp.target body (hlfir.declare %arg7 ...), bound by map_entries(%25 -> %arg7, ...)
  const pos = positionOf(flangText, /hlfir\.declare %arg7\(/, '%arg7');
  const h = await s.request('textDocument/hover', { textDocument: { uri }, position: { line: pos.line, character: pos.character } });
  const text = hoverText(h);
  assert.match(text, /map_entries/, text);
  assert.match(text, /%25/, text);
  if (h.contents && typeof h.contents === 'object' && 'kind' in h.contents) assert.equal(h.contents.kind, 'markdown');
});

test('hover on a host_eval block argument names host_eval', async (t) => {
  if (!needFeature(t, s.caps.hoverProvider, 'hover')) return;
  const uri = fileUri(flangPath);
  const pos = positionOf(flangText, /omp\.loop_nest \(%arg15\)/, '%arg4');
  const h = await s.request('textDocument/hover', { textDocument: { uri }, position: pos });
  assert.match(hoverText(h), /host_eval/);
});

test('definition of a block argument use lands in the omp.target line', async (t) => {
  if (!needFeature(t, s.caps.definitionProvider, 'definition')) return;
  const uri = fileUri(flangPath);
  const pos = positionOf(flangText, /hlfir\.declare %arg7\(/, '%arg7');
  const r = await s.request('textDocument/definition', { textDocument: { uri }, position: pos });
  const locs = Array.isArray(r) ? r : r ? [r] : [];
  assert.ok(locs.length > 0, 'no definition');
  const line = (locs[0].targetRange ?? locs[0].range).start.line;
  assert.match(flangText.split('\n')[line], /omp\.target|omp\.map\.info/);
});

test('documentSymbol lists the functions of the flang example', async (t) => {
  if (!needFeature(t, s.caps.documentSymbolProvider, 'documentSymbol')) return;
  const r = await s.request('textDocument/documentSymbol', { textDocument: { uri: fileUri(flangPath) } });
  const names = [];
  const walk = (xs) => { for (const x of xs ?? []) { names.push(x.name); walk(x.children); } };
  walk(r);
  assert.ok(names.some((n) => /_QPsaxpy_offload/.test(n)), names.join(', '));
});

test('inlayHint returns hints for the omp.target block arguments', async (t) => {
  if (!needFeature(t, s.caps.inlayHintProvider, 'inlayHint')) return;
  const pos = positionOf(flangText, /^\s*omp\.target host_eval/, 'omp.target');
  const r = await s.request('textDocument/inlayHint', { textDocument: { uri: fileUri(flangPath) }, range: { start: { line: pos.line, character: 0 }, end: { line: pos.line + 60, character: 0 } } });
  assert.ok(Array.isArray(r) && r.length > 0, JSON.stringify(r));
});

test('completion after "omp." offers omp ops', async (t) => {
  if (!needFeature(t, s.caps.completionProvider, 'completion')) return;
  const text = 'func.func @f() {\n  omp.\n  return\n}\n';
  const path = join(mkdtempSync(join(tmpdir(), 'ompx-completion-')), 'completion.mlir');
  writeFileSync(path, text);
  const uri = s.open(path, text);
  await s.waitDiagnostics(uri).catch(() => undefined);
  const r = await s.request('textDocument/completion', { textDocument: { uri }, position: { line: 1, character: 6 } });
  const items = Array.isArray(r) ? r : r?.items ?? [];
  assert.ok(items.some((i) => /parallel/.test(i.label)), items.map((i) => i.label).join(', '));
});

test('every open and change is answered by publishDiagnostics of its version (ends "analysing" in the status item)', async () => {
  const text = readFileSync(flangPath, 'utf8');
  const path = join(mkdtempSync(join(tmpdir(), 'ompx-analysing-')), 'a.mlir');
  writeFileSync(path, text);
  const uri = s.open(path, text);
  await s.waitDiagnostics(uri, (ds, p) => p.version === 1);
  // A comment: the diagnostics do not change, yet the server answers the new version.
  s.change(uri, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '// edited\n' }]);
  const d = await s.waitDiagnostics(uri, (ds, p) => p.version === 2);
  assert.deepEqual(d, []);
});
