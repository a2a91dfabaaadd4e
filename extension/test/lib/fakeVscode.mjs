// A stand-in for the `vscode` module, enough to activate the extension under
// node --test: the parts extension.ts uses are recorded (output lines, the
// status item, registered commands and listeners, messages shown), the rest
// of the API (what vscode-languageclient touches) answers anything with a
// harmless stub. Not a VS Code: it checks the extension's decisions, such as
// whether it starts a server, not what VS Code would draw.
import Module from 'node:module';

/** Anything: callable, constructible, every property another stub; not a thenable, not iterable. */
function anything(name = 'vscode') {
  const target = function () {};
  return new Proxy(target, {
    get(t, key) {
      if (key === 'then' || typeof key === 'symbol') return undefined;
      if (key === 'toString') return () => `[stub ${name}]`;
      if (!(key in t) || key === 'prototype' || key === 'name' || key === 'length') {
        if (key === 'prototype') return t.prototype;
        t[key] = anything(`${name}.${String(key)}`);
      }
      return t[key];
    },
    apply() { return anything(`${name}()`); },
    construct(_t, _args, newTarget) { return Reflect.construct(function () {}, [], newTarget); },
  });
}

class EventEmitter {
  listeners = new Set();
  event = (l) => { this.listeners.add(l); return { dispose: () => this.listeners.delete(l) }; };
  fire(e) { for (const l of [...this.listeners]) l(e); }
  dispose() { this.listeners.clear(); }
}

/** A fresh fake: `fake.module` is what `require('vscode')` returns while installed. */
export function createFakeVscode({ trusted, folders }) {
  const fake = {
    trusted,
    output: [],
    messages: [],
    executed: [],
    commands: new Map(),
    statusItem: undefined,
    grantTrust: new EventEmitter(),
    configChanged: new EventEmitter(),
  };
  const disposable = { dispose() {} };
  const channel = () => ({
    appendLine: (s) => fake.output.push(s), append: (s) => fake.output.push(s),
    show() {}, hide() {}, clear() {}, dispose() {}, replace() {}, name: 'OMPX',
  });
  const message = (level) => (text, ...items) => { fake.messages.push({ level, text, items }); return Promise.resolve(undefined); };
  const overrides = {
    version: '1.90.0',
    EventEmitter,
    window: new Proxy({
      createOutputChannel: channel,
      showErrorMessage: message('error'),
      showWarningMessage: message('warning'),
      showInformationMessage: message('info'),
      activeTextEditor: undefined,
      visibleTextEditors: [],
    }, { get: (t, k) => (k in t ? t[k] : anything(`window.${String(k)}`)) }),
    workspace: new Proxy({
      get isTrusted() { return fake.trusted; },
      workspaceFolders: folders.map((f) => ({ name: f.name, uri: { fsPath: f.fsPath, scheme: 'file', toString: () => `file://${f.fsPath}` }, index: 0 })),
      textDocuments: [],
      getConfiguration: () => ({ get: (_k, d) => d, has: () => false, inspect: () => undefined, update: () => Promise.resolve() }),
      onDidGrantWorkspaceTrust: fake.grantTrust.event,
      onDidChangeConfiguration: fake.configChanged.event,
      onDidChangeWorkspaceFolders: () => disposable,
    }, { get: (t, k) => (k in t ? t[k] : anything(`workspace.${String(k)}`)) }),
    languages: new Proxy({
      createLanguageStatusItem: () => (fake.statusItem = { dispose() {} }),
      registerCodeLensProvider: () => disposable,
    }, { get: (t, k) => (k in t ? t[k] : anything(`languages.${String(k)}`)) }),
    commands: new Proxy({
      registerCommand: (id, fn) => { fake.commands.set(id, fn); return { dispose: () => fake.commands.delete(id) }; },
      executeCommand: (id, ...args) => { fake.executed.push([id, ...args]); return Promise.resolve(undefined); },
    }, { get: (t, k) => (k in t ? t[k] : anything(`commands.${String(k)}`)) }),
  };
  fake.module = new Proxy(overrides, { get: (t, k) => (k in t ? t[k] : (t[k] = anything(String(k)))) });
  return fake;
}

/** Makes `require('vscode')` return fake.module; returns the function that undoes it. */
export function installFakeVscode(fake) {
  const resolve = Module._resolveFilename;
  const load = Module._load;
  Module._resolveFilename = function (request, ...rest) { return request === 'vscode' ? 'vscode' : resolve.call(this, request, ...rest); };
  Module._load = function (request, ...rest) { return request === 'vscode' ? fake.module : load.call(this, request, ...rest); };
  return () => { Module._resolveFilename = resolve; Module._load = load; };
}
