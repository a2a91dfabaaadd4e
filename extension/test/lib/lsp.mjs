// A JSON-RPC client session against a real ompx-lsp over stdio (vscode-jsonrpc),
// with the client capabilities VS Code announces for the features we use.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import { serverPath } from './paths.mjs';
const require = createRequire(import.meta.url);
const rpc = require('vscode-jsonrpc/node');

export const clientCapabilities = {
  general: { positionEncodings: ['utf-16'] },
  window: { workDoneProgress: true },
  workspace: { executeCommand: { dynamicRegistration: false }, configuration: false },
  textDocument: {
    synchronization: { didSave: false, dynamicRegistration: false },
    publishDiagnostics: { relatedInformation: true, codeDescriptionSupport: true },
    hover: { contentFormat: ['markdown', 'plaintext'] },
    definition: { linkSupport: true },
    documentSymbol: { hierarchicalDocumentSymbolSupport: true },
    inlayHint: {},
    completion: { completionItem: { snippetSupport: false, documentationFormat: ['markdown', 'plaintext'] } },
  },
};

/** true when $OMPX_REQUIRE_FEATURES is set: a missing server feature fails instead of skipping. */
export const requireFeatures = !!process.env.OMPX_REQUIRE_FEATURES;

/** Skips (or, with OMPX_REQUIRE_FEATURES=1, fails) a test whose server feature is absent. */
export function needFeature(t, present, what) {
  if (present) return true;
  if (requireFeatures) throw new Error(`server lacks ${what} (OMPX_REQUIRE_FEATURES is set)`);
  t.skip(`server lacks ${what}`);
  return false;
}

export function fileUri(p) {
  return pathToFileURL(p).href;
}

export class Session {
  /** `init`: more initialize params (`rootUri`: a workspace folder). */
  static async start(extraArgs = [], init = {}) {
    const bin = serverPath();
    if (!existsSync(bin)) throw new Error(`ompx-lsp not found at ${bin} (set OMPX_LSP)`);
    const s = new Session();
    s.proc = spawn(bin, extraArgs, { stdio: ['pipe', 'pipe', 'pipe'] });
    s.stderr = '';
    s.proc.stderr.on('data', (d) => { s.stderr += d; });
    s.conn = rpc.createMessageConnection(
      new rpc.StreamMessageReader(s.proc.stdout), new rpc.StreamMessageWriter(s.proc.stdin));
    s.diagnostics = new Map();
    s.waiters = [];
    s.conn.onNotification('textDocument/publishDiagnostics', (p) => {
      s.diagnostics.set(p.uri, p);
      for (const w of [...s.waiters]) w();
    });
    s.conn.listen();
    s.init = await s.conn.sendRequest('initialize', {
      processId: process.pid, rootUri: null, capabilities: clientCapabilities, clientInfo: { name: 'ompx-node-test' },
      ...init,
    });
    s.conn.sendNotification('initialized', {});
    s.caps = s.init.capabilities;
    return s;
  }

  open(path, text = readFileSync(path, 'utf8'), uri = fileUri(path)) {
    this.versions ??= new Map();
    this.versions.set(uri, 1);
    this.diagnostics.delete(uri);
    this.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'mlir', version: 1, text } });
    return uri;
  }

  change(uri, contentChanges) {
    const v = this.versions.get(uri) + 1;
    this.versions.set(uri, v);
    this.conn.sendNotification('textDocument/didChange', { textDocument: { uri, version: v }, contentChanges });
  }

  /** Resolves with the first publishDiagnostics for uri that satisfies pred. */
  waitDiagnostics(uri, pred = () => true, timeoutMs = 30000) {
    return new Promise((resolve, reject) => {
      const check = () => {
        const p = this.diagnostics.get(uri);
        if (p && pred(p.diagnostics, p)) { done(); resolve(p.diagnostics); return true; }
        return false;
      };
      const timer = setTimeout(() => { done(); reject(new Error(`no matching diagnostics for ${uri} in ${timeoutMs} ms; last: ${JSON.stringify(this.diagnostics.get(uri))}\nserver stderr: ${this.stderr.slice(-2000)}`)); }, timeoutMs);
      const done = () => { clearTimeout(timer); this.waiters = this.waiters.filter((w) => w !== check); };
      this.waiters.push(check);
      check();
    });
  }

  request(method, params, token) {
    // vscode-jsonrpc would send (params, undefined) as positional params.
    return token ? this.conn.sendRequest(method, params, token) : this.conn.sendRequest(method, params);
  }

  async stop() {
    try {
      await Promise.race([this.conn.sendRequest('shutdown'), new Promise((r) => setTimeout(r, 5000))]);
      this.conn.sendNotification('exit');
    } catch { /* already gone */ }
    const exited = new Promise((r) => this.proc.once('exit', r));
    const t = setTimeout(() => this.proc.kill('SIGKILL'), 5000);
    if (this.proc.exitCode === null) await exited;
    clearTimeout(t);
    this.conn.dispose();
  }
}

/** 0-based {line, character} of the nth (1-based) occurrence of `needle` on the first line matching `lineRe`. */
export function positionOf(text, lineRe, needle, nth = 1) {
  const lines = text.split('\n');
  const line = lines.findIndex((l) => lineRe.test(l));
  if (line < 0) throw new Error(`no line matches ${lineRe}`);
  let at = -1;
  for (let i = 0; i < nth; i++) at = lines[line].indexOf(needle, at + 1);
  if (at < 0) throw new Error(`${needle} not on line ${line + 1}`);
  return { line, character: at + 1 };
}

export function hoverText(h) {
  if (!h) return '';
  const c = h.contents;
  if (typeof c === 'string') return c;
  if (Array.isArray(c)) return c.map((x) => (typeof x === 'string' ? x : x.value)).join('\n');
  return c.value ?? '';
}
