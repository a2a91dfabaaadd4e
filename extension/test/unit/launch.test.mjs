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
    await progress({ kind: 'begin', title: 'ompx launch', message: 'parse' });
    for (const m of ['lower host', 'lower device', 'codegen', 'link', 'run']) await progress({ kind: 'report', message: m });
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
  assert.deepEqual(stages, ['parse', 'lower host', 'lower device', 'codegen', 'link', 'run']);
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
