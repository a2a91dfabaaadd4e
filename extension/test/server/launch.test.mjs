// src/launch.ts against the real ompx-lsp: ompx.listDevices, then
// ompx.compileAndLaunch of a flang-22 program (test/fixtures/launch_saxpy.*)
// on the host device, with progress stages and the program's output, and of a
// corpus library module with a Fortran driver given in `drivers`, and a
// recorded launch (profile) with its code lenses and hot spots.
// Skipped with "server lacks ..." until the server advertises the commands
// (OMPX_REQUIRE_FEATURES=1 makes that a failure).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { Session, needFeature } from '../lib/lsp.mjs';
import { corpusDir, extensionRoot, repoRoot, serverPath } from '../lib/paths.mjs';
const require = createRequire(import.meta.url);
const launch = require('../../out/launch.js');

const program = join(extensionRoot, 'test', 'fixtures', 'launch_saxpy.hlfir.mlir');
let s;
before(async () => { s = await Session.start(); });
after(async () => { await s?.stop(); });

const conn = () => s.conn;

test('ompx.listDevices lists an available host device (and agrees with `ompx-lsp devices`)', async (t) => {
  if (!needFeature(t, launch.serverHasCommand(s.caps, launch.LIST_DEVICES), 'ompx.listDevices')) return;
  const devices = await launch.listDevices(conn());
  const host = devices.find((d) => d.id === 'host');
  assert.ok(host && host.available, JSON.stringify(devices));
  for (const d of devices) {
    assert.equal(typeof d.description, 'string');
    if (!d.available) assert.ok(d.reason, `${d.id} is unavailable without a reason`);
  }
  const cli = JSON.parse(execFileSync(serverPath(), ['devices', '--format=json'], { encoding: 'utf8' }));
  const list = Array.isArray(cli) ? cli : cli.devices;
  assert.deepEqual(list.map((d) => d.id).sort(), devices.map((d) => d.id).sort());
});

test('ompx.compileAndLaunch on host: stages, program output, exit code 0', async (t) => {
  if (!needFeature(t, launch.serverHasCommand(s.caps, launch.COMPILE_AND_LAUNCH), 'ompx.compileAndLaunch')) return;
  const uri = s.open(program);
  await s.waitDiagnostics(uri, (d) => d.length === 0);
  const stages = [], out = [];
  const r = await launch.compileAndLaunch(conn(), { uri, device: 'host', timeout: 120 },
    { onStage: (x) => stages.push(x), onOutput: (stream, text) => out.push([stream, text]) });
  const stdout = out.filter(([st]) => st === 'stdout').map(([, x]) => x).join('');
  assert.equal(r.status, 'ok', `${JSON.stringify(r)}\noutput: ${JSON.stringify(out)}\nstderr: ${s.stderr.slice(-2000)}`);
  assert.equal(r.exitCode, 0);
  assert.match(stdout, /ompx-launch-check sum=\s*5000\.0/);
  assert.ok(stages.includes('run'), `stages: ${stages.join(', ')}`);
});

test('ompx.compileAndLaunch: cancelling right away ends with "cancelled" (or "ok" if it already finished)', async (t) => {
  if (!needFeature(t, launch.serverHasCommand(s.caps, launch.COMPILE_AND_LAUNCH), 'ompx.compileAndLaunch')) return;
  const uri = s.open(program);
  const rpc = require('vscode-jsonrpc/node');
  const src = new rpc.CancellationTokenSource();
  const r = await launch.compileAndLaunch(conn(), { uri, device: 'host', timeout: 120 },
    { onStage: () => src.cancel() }, src.token);
  assert.ok(['cancelled', 'ok'].includes(r.status), JSON.stringify(r));
});

test('ompx.compileAndLaunch with drivers: a corpus library module and its Fortran driver (relative path)', async (t) => {
  if (!needFeature(t, launch.serverHasCommand(s.caps, launch.COMPILE_AND_LAUNCH), 'ompx.compileAndLaunch')) return;
  const corpus = corpusDir();
  const module = corpus && join(corpus, 'flang', 'omp', 'omp_target_teams_dpd.hlfir.mlir');
  if (!module || !existsSync(module)) { t.skip('no flang corpus (../shared/corpus or $OMPX_CORPUS)'); return; }
  const inputs = join(repoRoot, 'test', 'launch', 'Inputs', 'corpus-drivers');
  const dir = mkdtempSync(join(tmpdir(), 'ompx-drivers-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  copyFileSync(module, join(dir, 'omp_target_teams_dpd.hlfir.mlir'));
  copyFileSync(join(inputs, 'omp_target_teams_dpd.driver.f90'), join(dir, 'omp_target_teams_dpd.driver.f90'));
  copyFileSync(join(inputs, 'check.fi'), join(dir, 'check.fi'));
  const uri = s.open(join(dir, 'omp_target_teams_dpd.hlfir.mlir'));
  const out = [];
  const r = await launch.compileAndLaunch(conn(), { uri, device: 'host', timeout: 120, drivers: ['omp_target_teams_dpd.driver.f90'] },
    { onOutput: (stream, text) => out.push([stream, text]) });
  const stdout = out.filter(([st]) => st === 'stdout').map(([, x]) => x).join('');
  assert.equal(r.status, 'ok', `${JSON.stringify(r)}\noutput: ${JSON.stringify(out)}\nstderr: ${s.stderr.slice(-2000)}`);
  assert.equal(r.exitCode, 0);
  assert.match(stdout, /saxpy_offload: ok/);
  assert.match(stdout, /scale_rows: ok/);
  // The driver above also has the default name STEM.driver.f90, so show that
  // `drivers` really reaches the server: a missing one fails, naming the file.
  const bad = await launch.compileAndLaunch(conn(), { uri, device: 'host', timeout: 120, drivers: ['no-such-driver.f90'] });
  assert.notEqual(bad.status, 'ok', JSON.stringify(bad));
  assert.match(JSON.stringify(bad), /no-such-driver\.f90/);
});

test('a recorded launch on host-offload: code lenses on the ops, profileHotSpots ranks them, the QuickPick rows', async (t) => {
  if (!needFeature(t, launch.serverHasCommand(s.caps, launch.PROFILE_HOT_SPOTS), 'ompx.profileHotSpots')) return;
  // A copy: the report is written next to the document.
  const dir = mkdtempSync(join(tmpdir(), 'ompx-profile-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  copyFileSync(program, join(dir, 'saxpy.mlir'));
  const uri = s.open(join(dir, 'saxpy.mlir'));
  assert.deepEqual(await s.request('textDocument/codeLens', { textDocument: { uri } }), []);
  const r = await launch.compileAndLaunch(conn(), { uri, device: 'host-offload', timeout: 120, profile: true });
  assert.equal(r.status, 'ok', `${JSON.stringify(r)}\nstderr: ${s.stderr.slice(-2000)}`);
  assert.ok(r.profile && existsSync(r.profile.report), JSON.stringify(r.profile));
  const lenses = await s.request('textDocument/codeLens', { textDocument: { uri } });
  const titles = lenses.map((l) => l.command.title);
  assert.ok(titles.some((x) => /^1 launch · [0-9.]+ (µs|ms) · 1×1 generic$/.test(x)), titles.join('\n'));
  assert.ok(titles.some((x) => x.startsWith('to: 3.906 KiB in 1 copy · from: 3.906 KiB in 1 copy')), titles.join('\n'));
  for (const l of lenses) assert.deepEqual([l.command.command, l.command.arguments], [launch.SHOW_HOT_SPOTS, [{ uri }]]);
  const spots = await launch.profileHotSpots(conn(), uri);
  assert.equal(spots.length, lenses.length);
  for (let i = 1; i < spots.length; ++i) assert.ok(spots[i - 1].ns >= spots[i].ns, JSON.stringify(spots));
  // Each where its lens is.
  for (const sp of spots)
    assert.ok(lenses.some((l) => l.range.start.line === sp.range.start.line && l.command.title === sp.figures), JSON.stringify(sp));
  const items = launch.hotSpotItems(spots, () => 'saxpy.mlir');
  const kernel = items.find((i) => i.spot.kind === 'kernel');
  assert.match(kernel.label, /^\$\(rocket\) __omp_offloading_\w+$/);
  assert.match(kernel.detail, /^omp\.target at saxpy\.mlir:\d+( · from \S+:\d+)?$/);
});

test('ompx.listDevices: reasons are short and name no searched folder (toasts and QuickPick rows stay readable)', async (t) => {
  if (!needFeature(t, launch.serverHasCommand(s.caps, launch.LIST_DEVICES), 'ompx.listDevices')) return;
  const devices = await launch.listDevices(conn());
  for (const d of devices) {
    if (!d.reason) continue;
    assert.ok(d.reason.length < 250, `${d.id}: ${d.reason.length} characters: ${d.reason}`);
    assert.doesNotMatch(d.reason, /libompdevice|searched/, d.id);
  }
  // OpenACC files get the same list (the client filters nothing): the
  // server says acc goes through acc-to-omp on host-offload, and no device
  // calls acc host-only.
  const offload = devices.find((d) => d.kind === 'host-offload');
  if (offload) assert.match(offload.description, /OpenACC through acc-to-omp/);
  for (const d of devices) assert.doesNotMatch(`${d.description} ${d.reason ?? ''}`, /host only|host-only/, d.id);
});

test('ompx.compileAndLaunch: the server reports each stage once, and `begin` names none', async (t) => {
  if (!needFeature(t, launch.serverHasCommand(s.caps, launch.COMPILE_AND_LAUNCH), 'ompx.compileAndLaunch')) return;
  const uri = s.open(program);
  const rpc = require('vscode-jsonrpc/node');
  const token = `raw-${Date.now()}`;
  const values = [];
  const sub = conn().onProgress(new rpc.ProgressType(), token, (v) => values.push(v));
  try {
    const r = await s.request('workspace/executeCommand',
      { command: launch.COMPILE_AND_LAUNCH, arguments: [{ uri, device: 'host', timeout: 120 }], workDoneToken: token });
    assert.equal(r.status, 'ok', JSON.stringify(r));
  } finally { sub.dispose(); }
  assert.equal(values[0]?.kind, 'begin');
  assert.equal(values[0].message, undefined, JSON.stringify(values[0]));
  const stages = values.filter((v) => v.kind === 'report').map((v) => v.message);
  assert.deepEqual(stages.filter((x, i) => stages.indexOf(x) !== i), [], `stages: ${stages.join(', ')}`);
  assert.deepEqual([stages[0], stages.at(-1)], ['setup', 'run']);
});

test('ompx.compileAndLaunch of a library without main or driver: a short toast that offers "Choose driver…"', async (t) => {
  if (!needFeature(t, launch.serverHasCommand(s.caps, launch.COMPILE_AND_LAUNCH), 'ompx.compileAndLaunch')) return;
  const dir = mkdtempSync(join(tmpdir(), 'ompx-nodriver-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, 'omp_target_teams_dpd.hlfir.mlir');
  copyFileSync(join(repoRoot, 'examples', 'omp_target_teams_dpd.hlfir.mlir'), file);
  const uri = s.open(file);
  const r = await launch.compileAndLaunch(conn(), { uri, device: 'host', timeout: 120 });
  assert.equal(r.status, 'failed', JSON.stringify(r));
  assert.ok(r.message.length > 200, 'the server keeps the full explanation for the output channel');
  const d = launch.describeResult(r, 'host');
  assert.equal(d.needsDriver, true, JSON.stringify(r));
  assert.ok(d.text.length <= launch.TOAST_MAX, d.text);
});

test('ompx.listDevices answers what Slurm says, and the server offers ompx.releaseSlurmAllocation', async (t) => {
  if (!needFeature(t, launch.serverHasCommand(s.caps, launch.RELEASE_SLURM_ALLOCATION), 'ompx.releaseSlurmAllocation')) return;
  // Shape only: whether a cluster answers depends on the machine.
  const targets = await launch.listTargets(conn(), { partition: 'debug' });
  assert.ok(targets.devices.some((d) => d.id === 'host'));
  assert.equal(typeof targets.slurm?.reachable, 'boolean', JSON.stringify(targets.slurm));
  assert.ok(Array.isArray(targets.slurm.partitions));
  if (!targets.slurm.reachable) assert.ok(targets.slurm.message, 'unreachable without a reason');
  assert.deepEqual(launch.partitionItems(targets.slurm).length, targets.slurm.reachable ? targets.slurm.partitions.length : 0);
});
