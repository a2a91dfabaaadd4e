// The language status item's states (src/status.ts): each says what the server
// does, a dead server stays visible as an error with a Restart command, and
// "analysing" follows documents sent but not yet answered with diagnostics.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const { statusView, PendingAnalyses, runningState } = require('../../out/status.js');

const ERROR = 2, INFO = 0;

test('starting and analysing are busy; ready is not', () => {
  assert.deepEqual([statusView({ kind: 'starting' }).text, statusView({ kind: 'starting' }).busy], ['ompx-lsp: starting', true]);
  const a = statusView({ kind: 'analysing', pending: 2 });
  assert.deepEqual([a.text, a.busy, a.detail], ['ompx-lsp: analysing', true, 'Analysing 2 documents']);
  const r = statusView({ kind: 'ready', version: '0.1.0', path: '/x/ompx-lsp' });
  assert.deepEqual([r.text, r.busy, r.severity, r.detail], ['ompx-lsp: ready', false, INFO, 'version 0.1.0 — /x/ompx-lsp']);
});

test('crashed: an error with a Restart command; not found: an error too', () => {
  const c = statusView({ kind: 'crashed', why: 'it exited' });
  assert.equal(c.severity, ERROR);
  assert.deepEqual(c.command, { title: 'Restart', command: 'ompx.restartServer' });
  assert.match(c.detail, /it exited/);
  const n = statusView({ kind: 'notFound', why: 'ompx-lsp not found (setting empty, not on PATH, not in 1 build folder).' });
  assert.equal(n.severity, ERROR);
  assert.equal(n.text, 'ompx-lsp: not found');
});

test('pending analyses: sent → analysing, published/closed → ready', () => {
  const p = new PendingAnalyses();
  assert.equal(runningState(p.count).kind, 'ready');
  p.sent('file:///a.mlir');
  p.sent('file:///a.mlir');
  p.sent('file:///b.mlir');
  assert.deepEqual(runningState(p.count), { kind: 'analysing', pending: 2 });
  p.published('file:///a.mlir');
  p.closed('file:///b.mlir');
  assert.equal(runningState(p.count, '1', '/s').kind, 'ready');
});

test('restricted mode: says the server is off until the workspace is trusted, and how to trust it', () => {
  const u = statusView({ kind: 'untrusted' });
  assert.equal(u.text, 'ompx-lsp: off (Restricted Mode)');
  assert.equal(u.severity, 1); // a warning: something the user can change, not a failure
  assert.equal(u.busy, false);
  assert.match(u.detail, /not trusted/);
  assert.match(u.detail, /highlighting only/);
  assert.deepEqual(u.command, { title: 'Manage Workspace Trust', command: 'workbench.trust.manage' });
});
