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

test('devices for an OpenACC file: host only, the others say why', () => {
  assert.equal(launch.isOpenACC('func.func @f() {\n  acc.parallel {\n    acc.yield\n  }\n}\n'), true);
  assert.equal(launch.isOpenACC('%0 = "acc.copyin"(%a) : (!llvm.ptr) -> !llvm.ptr\n'), true);
  assert.equal(launch.isOpenACC('// acc.parallel in a comment\nomp.target {\n}\n'), false);
  assert.equal(launch.isOpenACC('%racc.x = arith.constant 0 : i32\n'), false);
  const acc = launch.devicesForFile(DEVICES, { openacc: true });
  assert.deepEqual(acc.map((d) => [d.id, d.available]), [['nvptx:0', false], ['host', true], ['host-offload:0', false]]);
  assert.equal(acc[2].reason, launch.OPENACC_HOST_ONLY);
  assert.equal(launch.devicesForFile(DEVICES, { openacc: false }), DEVICES);
  const items = launch.deviceItems(acc, 'host');
  assert.deepEqual(items.map((i) => i.label), ['$(vm) host (default)', '$(circle-slash) nvptx:0', '$(circle-slash) host-offload:0']);
  assert.equal(items[2].detail, launch.OPENACC_HOST_ONLY);
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
