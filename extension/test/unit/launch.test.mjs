// The client's launch logic (src/launch.ts) against a scripted JSON-RPC peer
// that follows the server contract of ompx.listDevices / ompx.compileAndLaunch:
// progress stages through the workDoneToken, ompx/launchOutput streaming
// (only this document's), $/cancelRequest. The same functions run against the
// real server in test/server/launch.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
const rpc = require('vscode-jsonrpc/node');
const launch = require('../../out/launch.js');

function pair(serve) {
  const a = new PassThrough(), b = new PassThrough();
  const client = rpc.createMessageConnection(new rpc.StreamMessageReader(a), new rpc.StreamMessageWriter(b));
  const server = rpc.createMessageConnection(new rpc.StreamMessageReader(b), new rpc.StreamMessageWriter(a));
  serve(server);
  server.listen();
  client.listen();
  return { client, server, close() { client.dispose(); server.dispose(); } };
}

const DEVICES = [
  { id: 'nvptx:0', kind: 'nvptx', available: false, description: 'NVIDIA GPU', reason: 'no CUDA driver (libcuda.so.1 not found)' },
  { id: 'host', kind: 'host', available: true, description: 'this CPU, no offloading' },
  { id: 'host-offload:0', kind: 'host-offload', available: true, description: 'x86_64 host plugin' },
];

test('listDevices and the QuickPick rows: available first, unavailable ones with their reason', async () => {
  const seen = [];
  const p = pair((s) => s.onRequest('workspace/executeCommand', (params) => { seen.push(params); return { devices: DEVICES }; }));
  const devices = await launch.listDevices(p.client);
  assert.deepEqual(seen, [{ command: 'ompx.listDevices', arguments: [] }]);
  const items = launch.deviceItems(devices);
  assert.deepEqual(items.map((i) => i.device.id), ['host', 'host-offload:0', 'nvptx:0']);
  assert.match(items[2].label, /circle-slash/);
  assert.equal(items[2].detail, 'no CUDA driver (libcuda.so.1 not found)');
  assert.equal(items[0].detail, undefined);
  p.close();
});

test('compileAndLaunch: arguments, stages from $/progress, output of this document only', async () => {
  let got;
  const p = pair((s) => s.onRequest('workspace/executeCommand', async (params) => {
    got = params;
    const tok = params.workDoneToken;
    const progress = (value) => s.sendProgress(rpc.ProgressType ? new rpc.ProgressType() : undefined, tok, value);
    // As older servers did: the first stage both in `begin` and in a `report`;
    // codegen and link reported twice (device + host, driver + program).
    await progress({ kind: 'begin', title: 'ompx launch', message: 'parse' });
    for (const m of ['parse', 'lower host', 'lower device', 'codegen', 'codegen', 'link', 'link', 'run']) await progress({ kind: 'report', message: m });
    await s.sendNotification('ompx/launchOutput', { uri: 'file:///other.mlir', stream: 'stdout', text: 'not mine\n' });
    await s.sendNotification('ompx/launchOutput', { uri: params.arguments[0].uri, stream: 'stdout', text: 'sum= 5000.0\n' });
    await s.sendNotification('ompx/launchOutput', { uri: params.arguments[0].uri, stream: 'stderr', text: 'warn\n' });
    await progress({ kind: 'end' });
    return { status: 'ok', exitCode: 0 };
  }));
  const stages = [], out = [];
  const r = await launch.compileAndLaunch(p.client, { uri: 'file:///a.mlir', device: 'host', timeout: 30, args: [] },
    { onStage: (st) => stages.push(st), onOutput: (stream, text) => out.push([stream, text]) });
  assert.deepEqual(r, { status: 'ok', exitCode: 0 });
  assert.equal(got.command, 'ompx.compileAndLaunch');
  assert.deepEqual(got.arguments, [{ uri: 'file:///a.mlir', device: 'host', timeout: 30 }]);
  assert.equal(typeof got.workDoneToken, 'string');
  assert.deepEqual(stages, ['parse', 'lower host', 'lower device', 'codegen', 'link', 'run'], 'each stage once');
  assert.deepEqual(out, [['stdout', 'sum= 5000.0\n'], ['stderr', 'warn\n']]);
  assert.deepEqual(launch.describeResult(r, 'host'), { level: 'info', text: 'Program on host exited with code 0.' });
  p.close();
});

test('cancel: the client sends $/cancelRequest and reports the server\'s "cancelled"', async () => {
  let cancelled = false;
  const p = pair((s) => s.onRequest('workspace/executeCommand', (params, token) => new Promise((resolve) => {
    token.onCancellationRequested(() => { cancelled = true; resolve({ status: 'cancelled', stage: 'run' }); });
  })));
  const src = new rpc.CancellationTokenSource();
  setTimeout(() => src.cancel(), 50);
  const r = await launch.compileAndLaunch(p.client, { uri: 'file:///a.mlir', device: 'host' }, {}, src.token);
  assert.equal(cancelled, true);
  assert.equal(r.status, 'cancelled');
  assert.equal(launch.describeResult(r, 'host').level, 'warning');
  p.close();
});

test('a server that answers a cancel with RequestCancelled (-32800) also reads as cancelled', async () => {
  const p = pair((s) => s.onRequest('workspace/executeCommand', (params, token) => new Promise((_resolve, reject) => {
    token.onCancellationRequested(() => reject(new rpc.ResponseError(-32800, 'cancelled')));
  })));
  const src = new rpc.CancellationTokenSource();
  setTimeout(() => src.cancel(), 20);
  const r = await launch.compileAndLaunch(p.client, { uri: 'file:///a.mlir', device: 'host' }, {}, src.token);
  assert.equal(r.status, 'cancelled');
  p.close();
});

test('failure texts name the stage and message', () => {
  assert.equal(launch.describeResult({ status: 'failed', stage: 'link', message: 'undefined symbol: __kmpc_target_init' }, 'nvptx:0').text,
    'Launch on nvptx:0 failed in stage "link": undefined symbol: __kmpc_target_init');
  assert.equal(launch.describeResult({ status: 'failed', exitCode: 3 }, 'host').text, 'Launch on host failed (exit code 3).');
  assert.equal(launch.describeResult({ status: 'timeout', stage: 'run' }, 'host').level, 'warning');
  assert.equal(launch.serverHasCommand({ executeCommandProvider: { commands: ['ompx.listDevices'] } }, 'ompx.listDevices'), true);
  assert.equal(launch.serverHasCommand({}, 'ompx.listDevices'), false);
});

test('launchArgument: drivers (like args and timeout) only when non-empty', () => {
  const base = { uri: 'file:///w/a.hlfir.mlir', device: 'host' };
  assert.deepEqual(launch.launchArgument({ ...base, drivers: [] }), base);
  assert.deepEqual(launch.launchArgument({ ...base, drivers: undefined, args: [], timeout: 0 }), base);
  assert.deepEqual(launch.launchArgument({ ...base, drivers: ['a.driver.f90', '/abs/lib.o'], timeout: 5 }),
    { ...base, timeout: 5, drivers: ['a.driver.f90', '/abs/lib.o'] });
});

test('launchArgument: checkMaps only when set', () => {
  const base = { uri: 'file:///w/a.hlfir.mlir', device: 'host-offload' };
  assert.deepEqual(launch.launchArgument({ ...base, checkMaps: false }), base);
  assert.deepEqual(launch.launchArgument({ ...base, checkMaps: true }), { ...base, checkMaps: true });
});

test('launchArgument: profile only when set', () => {
  const base = { uri: 'file:///w/a.hlfir.mlir', device: 'host-offload' };
  assert.deepEqual(launch.launchArgument({ ...base, profile: false }), base);
  assert.deepEqual(launch.launchArgument({ ...base, profile: true }), { ...base, profile: true });
});

test('compileAndLaunch sends drivers in the argument when given', async () => {
  let got;
  const p = pair((s) => s.onRequest('workspace/executeCommand', (params) => { got = params; return { status: 'ok', exitCode: 0 }; }));
  await launch.compileAndLaunch(p.client, { uri: 'file:///a.mlir', device: 'host', drivers: ['d.f90'] });
  assert.deepEqual(got.arguments, [{ uri: 'file:///a.mlir', device: 'host', drivers: ['d.f90'] }]);
  await launch.compileAndLaunch(p.client, { uri: 'file:///a.mlir', device: 'host', drivers: [] });
  assert.deepEqual(got.arguments, [{ uri: 'file:///a.mlir', device: 'host' }]);
  p.close();
});

test('expandDrivers: a leading ${workspaceFolder} is expanded, the rest passed as is', () => {
  assert.deepEqual(launch.expandDrivers(undefined, '/w'), []);
  assert.deepEqual(launch.expandDrivers('x.f90', '/w'), []);
  assert.deepEqual(launch.expandDrivers(
    ['${workspaceFolder}/drv/main.f90', 'rel.driver.f90', '', '  ', 7, '/abs/x.c', 'a/${workspaceFolder}/b.c', '${workspaceFolderX}/c.f90', '${workspaceFolder}'],
    '/w/'),
  ['/w/drv/main.f90', 'rel.driver.f90', '/abs/x.c', 'a/${workspaceFolder}/b.c', '${workspaceFolderX}/c.f90', '/w']);
  // No workspace folder: left for the server (which then names the missing file).
  assert.deepEqual(launch.expandDrivers(['${workspaceFolder}/d.f90'], undefined), ['${workspaceFolder}/d.f90']);
});

test('a begin without a message (the title only) is no stage', async () => {
  const p = pair((s) => s.onRequest('workspace/executeCommand', async (params) => {
    const progress = (value) => s.sendProgress(new rpc.ProgressType(), params.workDoneToken, value);
    await progress({ kind: 'begin', title: 'ompx: compile and launch', cancellable: true });
    await progress({ kind: 'report', message: 'setup' });
    await progress({ kind: 'end', message: 'ok' });
    return { status: 'ok', exitCode: 0 };
  }));
  const stages = [];
  await launch.compileAndLaunch(p.client, { uri: 'file:///a.mlir', device: 'host' }, { onStage: (st) => stages.push(st) });
  assert.deepEqual(stages, ['setup']);
  p.close();
});

test('toasts stay short: long failure messages are cut to their first sentence and 120 characters', () => {
  const long = 'no LLVM 22 OpenMP device runtime for nvptx64-nvidia-cuda: libompdevice.a defining __kmpc_target_init ' +
    'and __kmpc_parallel_60 was not found (searched /usr/lib/llvm-22/lib/nvptx64-nvidia-cuda, /usr/local/cuda/lib64/stubs). ' +
    'Debian 12 does not package it; build LLVM 22\'s offload device runtime and pass --device-runtime=DIR';
  const d = launch.describeResult({ status: 'failed', stage: 'codegen', message: long }, 'nvptx:0');
  assert.ok(d.text.length <= 120, `${d.text.length}: ${d.text}`);
  assert.match(d.text, /^Launch on nvptx:0 failed in stage "codegen": no LLVM 22 OpenMP device runtime/);
  assert.match(d.text, /…$/);
  assert.equal(launch.shorten('a\n  b'), 'a b');
  assert.equal(launch.shorten('x'.repeat(200)).length, 120);
});

test('a library without main: a short toast that offers a driver (server text of pipeline/Launch.cpp)', () => {
  const message = 'nothing to launch: the module defines no program entry point (`_QQmain` from a Fortran main program, or ' +
    '`main`); it compiled for host up to the host object. Give it a main program that calls it: --driver=FILE (.f90, .c or .o), ' +
    'or a file omp_target_teams_dpd.driver.f90 (or .c) next to it';
  const r = { status: 'failed', stage: 'link', message };
  assert.equal(launch.needsDriver(r), true);
  const d = launch.describeResult(r, 'host');
  assert.equal(d.needsDriver, true);
  assert.ok(d.text.length < 120, d.text);
  assert.match(d.text, /no main program/);
  assert.equal(launch.needsDriver({ status: 'failed', message: 'linking failed: undefined symbol foo' }), false);
  assert.equal(launch.describeResult({ status: 'failed', message: 'x' }, 'host').needsDriver, undefined);
});

test('an OpenACC file is offered every device as the server lists it (acc-to-omp offloads acc)', () => {
  // No client-side filter or host-only reason any more: the QuickPick rows of
  // an acc file are those of any file.
  assert.equal(launch.devicesForFile, undefined);
  assert.equal(launch.OPENACC_HOST_ONLY, undefined);
  const items = launch.deviceItems(DEVICES, 'host');
  assert.deepEqual(items.map((i) => i.label), ['$(vm) host (default)', '$(vm) host-offload:0', '$(circle-slash) nvptx:0']);
  assert.ok(items.every((i) => !/host only|OpenACC/.test(i.detail ?? '')), JSON.stringify(items));
  assert.ok(launch.deviceItems([{ ...DEVICES[0], reason: 'x'.repeat(600) }])[0].detail.length <= 120);
});

test('driversFor: the file\'s own entry of ompx.launch.fileDrivers wins over ompx.launch.drivers', () => {
  const ws = '/w';
  const file = '/w/lib/a.hlfir.mlir';
  const fileDrivers = { 'lib/a.hlfir.mlir': ['${workspaceFolder}/drv/a.f90'], '/abs/b.mlir': ['b.c'] };
  assert.deepEqual(launch.driversFor(file, ws, ['all.f90'], fileDrivers), ['/w/drv/a.f90']);
  assert.deepEqual(launch.driversFor('/w/other.mlir', ws, ['all.f90'], fileDrivers), ['all.f90']);
  assert.deepEqual(launch.driversFor('/abs/b.mlir', ws, [], fileDrivers), ['b.c']);
  assert.deepEqual(launch.driversFor(file, ws, [], { '${workspaceFolder}/lib/a.hlfir.mlir': 'one.f90' }), ['one.f90']);
  assert.deepEqual(launch.driversFor(file, ws, undefined, 'junk'), []);
});

// The Slurm launcher (issue 17): settings -> the launch argument, the run's
// state, partitions in the device list, the release command.

test('launcherArgument: ompx.launch.launcher and ompx.launch.slurm.* as compileAndLaunch sends them', () => {
  // Local: no slurm object, whatever the slurm settings say.
  assert.deepEqual(launch.launcherArgument({ launcher: 'local', partition: 'debug' }), { launcher: 'local' });
  assert.deepEqual(launch.launcherArgument({}), { launcher: 'local' });
  assert.deepEqual(launch.launcherArgument({ launcher: 'bogus', partition: 'debug' }), { launcher: 'local' });
  // The settings' defaults say nothing: the site's and the server's defaults apply.
  assert.deepEqual(launch.launcherArgument({ launcher: 'slurm', partition: '', account: '', gres: '', gpus: '', time: '',
    args: [], stage: 'shared', stageDir: '', allocation: 'new', binDir: '' }), { launcher: 'slurm' });
  assert.deepEqual(launch.launcherArgument({ launcher: 'slurm', partition: ' debug ', account: 'proj', gres: 'gpu:1', gpus: 2,
    time: '00:05:00', args: ['--exclusive', '', 7], stage: 'sbcast', stageDir: 'stage', allocation: 'reuse',
    binDir: '/opt/site/slurm/bin' }),
  { launcher: 'slurm', slurm: { partition: 'debug', account: 'proj', gres: 'gpu:1', time: '00:05:00', stageDir: 'stage',
    binDir: '/opt/site/slurm/bin', gpus: '2', args: ['--exclusive'], stage: 'sbcast', allocation: 'reuse' } });
  const base = { uri: 'file:///w/a.mlir', device: 'nvptx:0' };
  assert.deepEqual(launch.launchArgument({ ...base, launcher: 'local', slurm: { partition: 'x' } }), base);
  assert.deepEqual(launch.launchArgument({ ...base, launcher: 'slurm', slurm: {} }), { ...base, launcher: 'slurm' });
  assert.deepEqual(launch.launchArgument({ ...base, ...launch.launcherArgument({ launcher: 'slurm', partition: 'debug' }) }),
    { ...base, launcher: 'slurm', slurm: { partition: 'debug' } });
  assert.equal(launch.launcherLabel({ launcher: 'slurm', slurm: { partition: 'debug' } }), 'slurm: debug');
  assert.equal(launch.launcherLabel({ launcher: 'slurm' }), 'slurm');
  assert.equal(launch.launcherLabel({ launcher: 'local' }), '');
});

test('compileAndLaunch through Slurm: the argument, each `run:` report as a status (repeats too), the job id', async () => {
  let got;
  const p = pair((s) => s.onRequest('workspace/executeCommand', async (params) => {
    got = params;
    const progress = (value) => s.sendProgress(new rpc.ProgressType(), params.workDoneToken, value);
    const uri = params.arguments[0].uri;
    await progress({ kind: 'begin', title: 'ompx: compile and launch', cancellable: true });
    for (const m of ['setup', 'link', 'run', 'run: queued (Resources), job 12', 'run: queued (Resources), job 12', 'run: running, job 12'])
      await progress({ kind: 'report', message: m });
    await s.sendNotification('ompx/launchOutput', { uri, stream: 'status', text: 'queued (Resources), job 12' });
    await s.sendNotification('ompx/launchOutput', { uri, stream: 'stdout', text: 'saxpy: ok\n' });
    await progress({ kind: 'end', message: 'ok' });
    return { status: 'ok', exitCode: 0, slurmJobId: '12' };
  }));
  const stages = [], statuses = [], out = [];
  const r = await launch.compileAndLaunch(p.client,
    { uri: 'file:///a.mlir', device: 'nvptx:0', launcher: 'slurm', slurm: { partition: 'debug', allocation: 'reuse' } },
    { onStage: (x) => stages.push(x), onStatus: (x) => statuses.push(x), onOutput: (stream, text) => out.push([stream, text]) });
  assert.deepEqual(got.arguments, [{ uri: 'file:///a.mlir', device: 'nvptx:0', launcher: 'slurm',
    slurm: { partition: 'debug', allocation: 'reuse' } }]);
  assert.deepEqual(stages, ['setup', 'link', 'run']);
  assert.deepEqual(statuses, ['queued (Resources), job 12', 'queued (Resources), job 12', 'running, job 12']);
  assert.deepEqual(out, [['status', 'queued (Resources), job 12'], ['stdout', 'saxpy: ok\n']]);
  assert.equal(r.slurmJobId, '12');
  assert.equal(launch.describeResult(r, 'nvptx:0 via slurm: debug').text,
    'Program on nvptx:0 via slurm: debug (Slurm job 12) exited with code 0.');
  assert.match(launch.describeResult({ status: 'failed', stage: 'run', message: 'srun: error: Unable to allocate resources', slurmJobId: '13' },
    'nvptx:0').text, /^Launch on nvptx:0 \(Slurm job 13\) failed in stage "run": srun: error/);
  p.close();
});

const TARGETS = {
  devices: DEVICES,
  slurm: {
    reachable: true, cluster: 'loopback',
    partitions: [
      { name: 'debug', default: true, availability: 'up', nodes: 1, gres: ['gpu:2'], offloadArch: '' },
      { name: 'a100', default: false, availability: 'up', nodes: 4, gres: ['gpu:a100:4'], offloadArch: 'sm_80' },
      { name: 'mi', default: false, availability: 'drain', nodes: 2, gres: ['gpu:mi250x:8'], offloadArch: 'gfx90a' },
      { name: 'cpu', default: false, availability: 'up', nodes: 8, gres: [], offloadArch: '' },
    ],
  },
};

test('the device list shows the partitions of listDevices\' `slurm`; picking one writes the launcher settings', async () => {
  const seen = [];
  const p = pair((s) => s.onRequest('workspace/executeCommand', (params) => { seen.push(params); return TARGETS; }));
  const t = await launch.listTargets(p.client, { partition: 'a100' });
  assert.deepEqual(seen, [{ command: 'ompx.listDevices', arguments: [{ slurm: { partition: 'a100' } }] }]);
  await launch.listTargets(p.client);
  assert.deepEqual(seen[1], { command: 'ompx.listDevices', arguments: [] });
  assert.deepEqual(t.devices, DEVICES);
  const items = launch.partitionItems(t.slurm, 'a100');
  assert.deepEqual(items.map((i) => i.label), [
    '$(server) slurm: debug — gpu:2',
    '$(server) slurm: a100 — gpu:a100:4 (sm_80)',
    '$(server) slurm: mi — gpu:mi250x:8 (gfx90a)',
    '$(server) slurm: cpu',
  ]);
  assert.deepEqual(items.map((i) => i.description), ['default, 1 node', 'current, 4 nodes', 'drain, 2 nodes', '8 nodes']);
  assert.equal(items[1].detail, 'cluster loopback');
  assert.deepEqual(launch.partitionSettings(items[1].partition),
    { 'launch.launcher': 'slurm', 'launch.slurm.partition': 'a100', 'launch.device': 'nvptx:0' });
  assert.deepEqual(launch.partitionSettings(items[2].partition),
    { 'launch.launcher': 'slurm', 'launch.slurm.partition': 'mi', 'launch.device': 'amdgpu:0' });
  // No architecture in the gres: the device stays as it is.
  assert.deepEqual(launch.partitionSettings(items[0].partition), { 'launch.launcher': 'slurm', 'launch.slurm.partition': 'debug' });
  // Unreachable, or an older server without `slurm`: no partition rows.
  assert.deepEqual(launch.partitionItems({ reachable: false, message: 'scontrol ping: controller down', partitions: [] }), []);
  assert.deepEqual(launch.partitionItems(undefined), []);
  p.close();
  const old = pair((s) => s.onRequest('workspace/executeCommand', () => ({ devices: DEVICES })));
  assert.equal((await launch.listTargets(old.client)).slurm, undefined);
  old.close();
});

test('releaseSlurmAllocations: the command, its optional options, the released ids; a failure throws its message', async () => {
  const seen = [];
  let fail = false;
  const p = pair((s) => s.onRequest('workspace/executeCommand', (params) => {
    seen.push(params);
    if (fail) return new rpc.ResponseError(-32803, 'ompx.releaseSlurmAllocation: scancel: error: Invalid job id specified');
    return { released: ['12', '15'] };
  }));
  assert.deepEqual(await launch.releaseSlurmAllocations(p.client), ['12', '15']);
  assert.deepEqual(await launch.releaseSlurmAllocations(p.client, { partition: 'debug' }), ['12', '15']);
  assert.deepEqual(seen, [{ command: 'ompx.releaseSlurmAllocation', arguments: [] },
    { command: 'ompx.releaseSlurmAllocation', arguments: [{ slurm: { partition: 'debug' } }] }]);
  fail = true;
  await assert.rejects(launch.releaseSlurmAllocations(p.client), /Invalid job id/);
  p.close();
});

test('profileHotSpots: the command with the document or none; the QuickPick rows in the server order', async () => {
  const seen = [];
  const spot = (over) => ({
    uri: 'file:///w/grid.mlir', range: { start: { line: 63, character: 8 }, end: { line: 63, character: 8 } },
    kind: 'kernel', op: 'omp.target', name: '__omp_offloading_1_2__QQmain_l15',
    figures: '3 launches · 16.7 µs · 4×64 SPMD', ns: 16700, source: 'grid.f90:15', stale: false, ...over,
  });
  const spots = [spot({}), spot({ kind: 'map', op: 'omp.map.info', name: 'a', figures: 'to: 2 KiB in 1 copy · 4.87 µs',
    ns: 4870, source: '', stale: true, range: { start: { line: 31, character: 10 }, end: { line: 31, character: 10 } } })];
  let answer = spots;
  const p = pair((s) => s.onRequest('workspace/executeCommand', (params) => { seen.push(params); return answer; }));
  assert.deepEqual(await launch.profileHotSpots(p.client, 'file:///w/grid.mlir'), spots);
  assert.deepEqual(await launch.profileHotSpots(p.client), spots);
  assert.deepEqual(seen, [{ command: 'ompx.profileHotSpots', arguments: [{ uri: 'file:///w/grid.mlir' }] },
    { command: 'ompx.profileHotSpots', arguments: [] }]);
  // An older server without the command answers null: no hot spots.
  answer = null;
  assert.deepEqual(await launch.profileHotSpots(p.client), []);
  p.close();
  const items = launch.hotSpotItems(spots, (u) => u.replace('file:///w/', ''));
  assert.deepEqual(items.map((i) => [i.label, i.description, i.detail]), [
    ['$(rocket) __omp_offloading_1_2__QQmain_l15', '3 launches · 16.7 µs · 4×64 SPMD', 'omp.target at grid.mlir:64 · from grid.f90:15'],
    ['$(arrow-swap) a', '(stale) to: 2 KiB in 1 copy · 4.87 µs', 'omp.map.info at grid.mlir:32'],
  ]);
  assert.equal(items[1].spot, spots[1]);
});

test('the CodeLens says where a launch runs; an OpenACC one names no forced host', () => {
  assert.equal(launch.lensTitle({ openacc: false }), '▶ Launch');
  assert.equal(launch.lensTitle({ openacc: false, device: 'nvptx:0' }), '▶ Launch');
  // OpenACC: said, but no device forced (acc-to-omp offloads it).
  assert.equal(launch.lensTitle({ openacc: true }), '▶ Launch (OpenACC)');
  assert.equal(launch.lensTitle({ openacc: true, device: 'nvptx:0' }), '▶ Launch (OpenACC)');
  assert.equal(launch.lensTitle({ openacc: false, device: 'nvptx:0', where: 'slurm: debug' }), '▶ Launch (nvptx:0 via slurm: debug)');
  assert.equal(launch.lensTitle({ openacc: false, where: 'slurm' }), '▶ Launch (via slurm)');
  assert.equal(launch.lensTitle({ openacc: true, device: 'nvptx:0', where: 'slurm: debug' }), '▶ Launch (OpenACC on nvptx:0 via slurm: debug)');
  assert.equal(launch.lensTitle({ openacc: true, where: 'slurm' }), '▶ Launch (OpenACC via slurm)');
  for (const device of [undefined, 'nvptx:0', 'host-offload:0'])
    for (const where of [undefined, 'slurm: debug'])
      assert.doesNotMatch(launch.lensTitle({ openacc: true, device, where }), /host:|host only/);
});
