// VS Code glue: starts ompx-lsp through vscode-languageclient, restarts it when
// the binary or the settings change, and provides the launch UI (CodeLens,
// "OMPX: Compile and Launch" with a device QuickPick, progress per stage,
// program output in the "OMPX Launch" channel, cancel). The decisions live in
// the pure modules serverPath.ts, launch.ts and launchTargets.ts.
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { LanguageClient, LanguageClientOptions, ServerOptions, State } from 'vscode-languageclient/node';
import { defaultContext, isExecutable, resolveServer } from './serverPath';
import {
  COMPILE_AND_LAUNCH, LIST_DEVICES, Device, RpcPeer, compileAndLaunch, describeResult, deviceItems, expandDrivers, listDevices,
  serverHasCommand,
} from './launch';
import { findLaunchTargets } from './launchTargets';
import { registerFortranView } from './fortranViewUI';
import { BYTECODE_SCHEME, registerBytecode } from './bytecode';
import { registerCreateDriver } from './driverAction';

let client: LanguageClient | undefined;
let serverPath: string | undefined;
let output: vscode.OutputChannel;
let launchOutput: vscode.OutputChannel;
let watcher: fs.FSWatcher | undefined;
let restartTimer: NodeJS.Timeout | undefined;
let extensionPath = '';
let starting: Promise<void> | undefined;
let restarting: Promise<void> | undefined;
const launching = new Set<string>();

function cfg() {
  return vscode.workspace.getConfiguration('ompx');
}

function log(msg: string) {
  output.appendLine(`[${new Date().toLocaleTimeString()}] ${msg}`);
}

export async function activate(context: vscode.ExtensionContext) {
  extensionPath = context.extensionPath;
  output = vscode.window.createOutputChannel('OMPX');
  launchOutput = vscode.window.createOutputChannel('OMPX Launch');
  context.subscriptions.push(output, launchOutput);

  context.subscriptions.push(
    vscode.commands.registerCommand('ompx.restartServer', () => restart('restart requested')),
    vscode.commands.registerCommand('ompx.showOutput', () => output.show(true)),
    vscode.commands.registerCommand('ompx.launch', (uri?: vscode.Uri | string, device?: string) => launchCommand(uri, device)),
    vscode.commands.registerCommand('ompx.devices', () => devicesCommand()),
    vscode.languages.registerCodeLensProvider([{ language: 'mlir' }], new LaunchLensProvider()),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('ompx.server') || e.affectsConfiguration('ompx.checks')) restart('settings changed');
    }),
    vscode.workspace.onDidChangeWorkspaceFolders(() => { if (!client) restart('workspace folders changed'); }),
    { dispose: () => { watcher?.close(); if (restartTimer) clearTimeout(restartTimer); } },
  );
  registerFortranView(context, async (command) => {
    const c = await clientFor(command);
    return c ? peer(c) : undefined;
  }, log);
  registerBytecode(context, () => client);
  registerCreateDriver(context, () => client);
  await start();
}

export async function deactivate() {
  watcher?.close();
  const c = client;
  client = undefined;
  if (c) await c.stop().catch(() => undefined);
}

async function start(): Promise<void> {
  if (starting) return starting;
  starting = doStart().finally(() => { starting = undefined; });
  return starting;
}

async function doStart(): Promise<void> {
  const folders = (vscode.workspace.workspaceFolders ?? []).map((f) => ({ name: f.name, fsPath: f.uri.fsPath }));
  const setting = cfg().get<string>('server.path', '');
  const r = resolveServer(setting, defaultContext({ workspaceFolders: folders, extensionPath }));
  if (!r.ok) {
    serverPath = undefined;
    log(r.message);
    log(`tried: ${r.tried.join(', ') || '(nothing)'}`);
    const choice = await vscode.window.showErrorMessage(`OMPX: ${r.message}`, 'Open Settings', 'Show Output');
    if (choice === 'Open Settings') await vscode.commands.executeCommand('workbench.action.openSettings', 'ompx.server.path');
    else if (choice === 'Show Output') output.show(true);
    return;
  }
  serverPath = r.path;
  const args = [...cfg().get<string[]>('server.args', [])];
  const disabled = cfg().get<string[]>('checks.disabled', []);
  if (disabled.length) args.push(`--disable-checks=${disabled.join(',')}`);
  log(`starting ${r.path} ${args.join(' ')} (found via ${r.source})`);
  const cwd = folders[0]?.fsPath ?? path.dirname(r.path);
  // No `transport`: TransportKind.stdio would append --stdio, which ompx-lsp
  // rejects (it always serves LSP on stdin/stdout when given no FILE).
  const serverOptions: ServerOptions = {
    run: { command: r.path, args, options: { cwd } },
    debug: { command: r.path, args: [...args, '--log=verbose'], options: { cwd } },
  };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [{ language: 'mlir', scheme: 'file' }, { language: 'mlir', scheme: 'untitled' }, { language: 'mlir', scheme: BYTECODE_SCHEME }],
    outputChannel: output,
    traceOutputChannel: output,
    // Restarts are ours (binary/settings changes); don't let a crash loop spam.
    connectionOptions: { maxRestartCount: 4 },
    // ompx.lowering / ompx.loweringMaxFileSize: read at start, then sent on
    // every change as workspace/didChangeConfiguration {settings: {ompx}}.
    initializationOptions: {
      lowering: cfg().get<boolean>('lowering', true),
      loweringMaxFileSize: cfg().get<number>('loweringMaxFileSize', 33554432),
    },
    synchronize: { configurationSection: 'ompx' },
  };
  const c = new LanguageClient('ompx', 'OMPX Language Server', serverOptions, clientOptions);
  client = c;
  c.onDidChangeState((e) => log(`server ${State[e.newState] ?? e.newState}`));
  try {
    await c.start();
    log(`server ready: ${JSON.stringify(c.initializeResult?.serverInfo ?? {})}`);
  } catch (e: any) {
    log(`server failed to start: ${e?.message ?? e}`);
    const choice = await vscode.window.showErrorMessage(
      `OMPX: ${r.path} failed to start: ${e?.message ?? e}`, 'Open Settings', 'Show Output');
    if (choice === 'Open Settings') await vscode.commands.executeCommand('workbench.action.openSettings', 'ompx.server');
    else if (choice === 'Show Output') output.show(true);
  }
  watchBinary(r.path);
}

function restart(reason: string, binary?: string): Promise<void> {
  const p = doRestart(reason, binary).finally(() => { if (restarting === p) restarting = undefined; });
  restarting = p;
  return p;
}

async function doRestart(reason: string, binary?: string) {
  log(`restarting: ${reason}`);
  const c = client;
  client = undefined;
  watcher?.close();
  watcher = undefined;
  if (c) await c.stop().catch((e) => log(`stop failed: ${e?.message ?? e}`));
  if (binary) {
    // A rebuild may remove the file for a while (the linker writes a new one):
    // wait up to a minute for it to be back before looking it up again.
    for (let i = 0; i < 120 && !isExecutable(binary); i++) await new Promise((r) => setTimeout(r, 500));
    await new Promise((r) => setTimeout(r, 500));
  }
  await start();
}

/**
 * Restarts the server when its binary is rebuilt. Watches the directory
 * (a rebuild may replace the file) and waits until the file stops changing,
 * since a linker writes it in several steps.
 */
function watchBinary(p: string) {
  watcher?.close();
  const stamp = (): string => {
    try { const s = fs.statSync(p); return `${s.mtimeMs}:${s.size}:${s.ino}`; } catch { return 'missing'; }
  };
  let last = stamp();
  try {
    watcher = fs.watch(path.dirname(p), (_event, file) => {
      if (file && file.toString() !== path.basename(p)) return;
      if (restartTimer) clearTimeout(restartTimer);
      const settle = () => {
        const now = stamp();
        if (now === last) return;
        restartTimer = setTimeout(() => {
          if (stamp() !== now) { last = now; settle(); return; } // still being written
          if (now === 'missing') { log(`${p} was removed; keeping the running server until it is back`); last = now; return; }
          last = now;
          restart(`${p} changed on disk`, p);
        }, 1000);
      };
      settle();
    });
  } catch (e: any) {
    log(`cannot watch ${p}: ${e?.message ?? e}`);
  }
}

/** A started client that advertises `command`, or undefined after telling the user why not. */
async function clientFor(command: string): Promise<LanguageClient | undefined> {
  if (restarting) await restarting;
  if (starting) await starting;
  if (!client || client.state !== State.Running) {
    const choice = await vscode.window.showErrorMessage(
      'OMPX: the language server is not running.', 'Restart Server', 'Show Output');
    if (choice === 'Restart Server') await restart('restart requested');
    else if (choice === 'Show Output') output.show(true);
    return undefined;
  }
  if (!serverHasCommand(client.initializeResult?.capabilities, command)) {
    vscode.window.showErrorMessage(
      `OMPX: ${serverPath ?? 'ompx-lsp'} does not provide ${command}; it is older than the launch support.`);
    return undefined;
  }
  return client;
}

function peer(c: LanguageClient): RpcPeer {
  return c as unknown as RpcPeer;
}

async function pickDevice(c: LanguageClient): Promise<Device | undefined> {
  const devices = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Window, title: 'OMPX: querying devices' },
    () => listDevices(peer(c)));
  const qp = vscode.window.createQuickPick<vscode.QuickPickItem & { device: Device }>();
  qp.title = 'OMPX: Compile and Launch on…';
  qp.placeholder = 'Device (set ompx.launch.device to skip this question)';
  qp.items = deviceItems(devices);
  qp.matchOnDetail = true;
  return new Promise<Device | undefined>((resolve) => {
    qp.onDidAccept(() => {
      const d = qp.selectedItems[0]?.device;
      if (d && !d.available) {
        vscode.window.showWarningMessage(`OMPX: ${d.id} is not available: ${d.reason ?? 'no reason given'}`);
        return;
      }
      resolve(d);
      qp.hide();
    });
    qp.onDidHide(() => { resolve(undefined); qp.dispose(); });
    qp.show();
  });
}

async function devicesCommand() {
  const c = await clientFor(LIST_DEVICES);
  if (!c) return;
  const devices = await listDevices(peer(c));
  launchOutput.appendLine('Devices:');
  for (const d of devices)
    launchOutput.appendLine(`  ${d.available ? '✓' : '✗'} ${d.id.padEnd(16)} ${d.description}${d.available ? '' : ` — ${d.reason ?? 'unavailable'}`}`);
  launchOutput.show(true);
  await vscode.window.showQuickPick(deviceItems(devices), { title: 'OMPX devices', canPickMany: false });
}

async function launchCommand(arg?: vscode.Uri | string, deviceArg?: string) {
  const uri = typeof arg === 'string' ? vscode.Uri.parse(arg) : arg ?? vscode.window.activeTextEditor?.document.uri;
  if (!uri) {
    vscode.window.showErrorMessage('OMPX: open an .mlir file to launch.');
    return;
  }
  const c = await clientFor(COMPILE_AND_LAUNCH);
  if (!c) return;
  const doc = await vscode.workspace.openTextDocument(uri);
  if (doc.languageId !== 'mlir') {
    vscode.window.showErrorMessage(`OMPX: ${path.basename(uri.fsPath)} is not an MLIR file.`);
    return;
  }
  const key = uri.toString();
  if (launching.has(key)) {
    vscode.window.showWarningMessage(`OMPX: ${path.basename(uri.fsPath)} is already being launched.`);
    return;
  }
  let device = deviceArg || cfg().get<string>('launch.device', '');
  if (!device) {
    const d = await pickDevice(c);
    if (!d) return;
    device = d.id;
  }
  const timeout = cfg().get<number>('launch.timeout', 60);
  const drivers = expandDrivers(vscode.workspace.getConfiguration('ompx', uri).get<unknown>('launch.drivers', []),
    vscode.workspace.getWorkspaceFolder(uri)?.uri.fsPath);
  const name = path.basename(uri.fsPath);
  launching.add(key);
  launchOutput.show(true);
  launchOutput.appendLine(`▶ ${name} on ${device} (${new Date().toLocaleTimeString()})` +
    `${drivers.length ? ` with ${drivers.join(', ')}` : ''}`);
  let atLineStart = true;
  try {
    const result = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `OMPX: ${name} on ${device}`, cancellable: true },
      (progress, token) => {
        token.onCancellationRequested(() => launchOutput.appendLine('■ cancel requested'));
        return compileAndLaunch(peer(c), { uri: key, device, timeout, drivers }, {
          onStage: (stage) => {
            progress.report({ message: stage });
            if (!atLineStart) launchOutput.appendLine('');
            launchOutput.appendLine(`— ${stage}`);
            atLineStart = true;
          },
          onOutput: (stream, text) => {
            const shown = stream === 'stdout' ? text : text.replace(/^(?=.)/gm, stream === 'stderr' ? '[stderr] ' : '[log] ');
            launchOutput.append(shown);
            atLineStart = shown.endsWith('\n');
          },
        }, token);
      });
    if (!atLineStart) launchOutput.appendLine('');
    const d = describeResult(result, device);
    launchOutput.appendLine(`■ ${result.status}${result.exitCode !== undefined ? ` (exit code ${result.exitCode})` : ''}` +
      `${result.stage && result.status !== 'ok' ? ` in stage ${result.stage}` : ''}${result.message ? `: ${result.message}` : ''}`);
    const show = d.level === 'info' ? vscode.window.showInformationMessage
      : d.level === 'warning' ? vscode.window.showWarningMessage : vscode.window.showErrorMessage;
    show(`OMPX: ${d.text}`, 'Show Output').then((choice) => { if (choice) launchOutput.show(true); });
  } catch (e: any) {
    launchOutput.appendLine(`■ error: ${e?.message ?? e}`);
    vscode.window.showErrorMessage(`OMPX: launch failed: ${e?.message ?? e}`);
  } finally {
    launching.delete(key);
  }
}

class LaunchLensProvider implements vscode.CodeLensProvider {
  provideCodeLenses(doc: vscode.TextDocument): vscode.CodeLens[] {
    return findLaunchTargets(doc.getText()).map((t) => new vscode.CodeLens(
      new vscode.Range(t.line, t.character, t.line, t.character),
      {
        title: '▶ Launch',
        tooltip: `Compile and launch ${path.basename(doc.uri.fsPath)} (${t.kind} ${t.name ? '@' + t.name : ''} holds omp.target at line ${t.targetLine + 1})`,
        command: 'ompx.launch',
        arguments: [doc.uri],
      }));
  }
}
