// Workspace trust in the extension itself (src/extension.ts, activated against
// the stand-in `vscode` of test/lib/fakeVscode.mjs): in an untrusted workspace
// nothing is run, not the folder's build/server/ompx-lsp, not on a restart, a
// settings change or a launch; the status item says why and offers Manage
// Workspace Trust. Granting trust starts the server. The "server" is a
// minimal LSP server in node that leaves a file behind when it is run.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { createFakeVscode, installFakeVscode } from '../lib/fakeVscode.mjs';
const require = createRequire(import.meta.url);

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function waitFor(cond, ms) {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(50)) if (cond()) return true;
  return cond();
}

/** Node source of a server that records its run in `marker`, then answers initialize and shutdown. */
function fakeServer(marker) {
  return `require('fs').writeFileSync(${JSON.stringify(marker)}, process.argv.slice(2).join(' '));
let buf = Buffer.alloc(0);
const send = (m) => { const b = Buffer.from(JSON.stringify({ jsonrpc: '2.0', ...m })); process.stdout.write('Content-Length: ' + b.length + '\\r\\n\\r\\n'); process.stdout.write(b); };
process.stdin.on('data', (d) => {
  buf = Buffer.concat([buf, d]);
  for (;;) {
    const end = buf.indexOf('\\r\\n\\r\\n');
    if (end < 0) return;
    const len = Number(/Content-Length: (\\d+)/i.exec(buf.subarray(0, end).toString())[1]);
    if (buf.length < end + 4 + len) return;
    const m = JSON.parse(buf.subarray(end + 4, end + 4 + len).toString());
    buf = buf.subarray(end + 4 + len);
    if (m.method === 'initialize') send({ id: m.id, result: { capabilities: {}, serverInfo: { name: 'fake' } } });
    else if (m.method === 'shutdown') send({ id: m.id, result: null });
    else if (m.method === 'exit') process.exit(0);
  }
});
`;
}

test('untrusted: no server runs, the status says why; trusting the workspace starts it', async () => {
  const root = mkdtempSync(join(tmpdir(), 'ompx-trust-'));
  const ws = join(root, 'ws');
  const marker = join(root, 'server-ran');
  const server = join(ws, 'build', 'server', 'ompx-lsp');
  mkdirSync(join(server, '..'), { recursive: true });
  writeFileSync(server, `#!${process.execPath}\n${fakeServer(marker)}`);
  chmodSync(server, 0o755);
  // Nothing on PATH: the workspace's build tree is the only server there is.
  const savedPath = process.env.PATH;
  process.env.PATH = join(root, 'empty-path');
  const fake = createFakeVscode({ trusted: false, folders: [{ name: 'ws', fsPath: ws }] });
  const undo = installFakeVscode(fake);
  const ext = require('../../out/extension.js');
  const started = () => fake.output.filter((l) => / starting \//.test(l));
  try {
    await ext.activate({ extensionPath: join(root, 'extension'), subscriptions: [] });
    assert.equal(fake.statusItem.text, 'ompx-lsp: off (Restricted Mode)');
    assert.deepEqual(fake.statusItem.command, { title: 'Manage Workspace Trust', command: 'workbench.trust.manage' });
    assert.ok(fake.output.some((l) => /not trusted/.test(l)), fake.output.join('\n'));
    // A restart, a settings change and the launch commands run nothing either.
    await fake.commands.get('ompx.restartServer')();
    fake.configChanged.fire({ affectsConfiguration: () => true });
    await sleep(200);
    fake.messages.length = 0;
    await fake.commands.get('ompx.launch')(`file://${ws}/a.mlir`);
    await fake.commands.get('ompx.devices')();
    assert.equal(fake.messages.length, 2, JSON.stringify(fake.messages));
    for (const m of fake.messages) {
      assert.match(m.text, /^OMPX: .*Restricted Mode/);
      assert.ok(m.text.length <= 120, m.text);
      assert.ok(m.items.includes('Manage Workspace Trust'), JSON.stringify(m));
    }
    await sleep(500);
    assert.deepEqual(started(), []);
    assert.equal(existsSync(marker), false, 'the workspace\'s ompx-lsp was run');
    assert.equal(fake.statusItem.text, 'ompx-lsp: off (Restricted Mode)');

    // Trusted now: the same build tree is found and run.
    fake.trusted = true;
    fake.grantTrust.fire();
    assert.ok(await waitFor(() => existsSync(marker), 15000), `not started after trust: ${fake.output.join('\n')}`);
    assert.equal(started().length, 1, fake.output.join('\n'));
    assert.match(started()[0], new RegExp(` starting ${server} `));
    assert.ok(await waitFor(() => fake.statusItem.text === 'ompx-lsp: ready', 15000), fake.statusItem.text);
  } finally {
    await ext.deactivate();
    undo();
    process.env.PATH = savedPath;
    rmSync(root, { recursive: true, force: true });
  }
});
