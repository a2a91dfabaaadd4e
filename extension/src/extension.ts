// VS Code glue: starts ompx-lsp through vscode-languageclient, restarts it when
// the binary or the settings change, shows its state in a language status item
// (starting / ready / analysing / crashed with Restart), and provides the
// launch UI (one CodeLens per launchable file, "OMPX: Compile and Launch" with
// a device QuickPick filtered for the file, progress per stage, program output
// in the "OMPX Launch" channel, cancel, "Choose driver…" for a library; the
// Slurm launcher's partitions, queue state and "Release Slurm Allocation"). The
// decisions live in the pure modules serverPath.ts, status.ts, launch.ts and
// launchTargets.ts.
//
// Workspace trust: the server and every launch run programs that a workspace
// can name (its settings, its build/server/ompx-lsp, drivers, Slurm's
// binDir), so in Restricted Mode nothing is started, only the grammar
// (contributed statically) colours files; the status item says why.
// Granting trust starts the server.
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { LanguageClient, LanguageClientOptions, ServerOptions, State } from 'vscode-languageclient/node';
import { defaultContext, isExecutable, readPackagedFrom, resolveServer } from './serverPath';
import {
  COMPILE_AND_LAUNCH, LIST_DEVICES, PROFILE_HOT_SPOTS, RELEASE_SLURM, SHOW_HOT_SPOTS, RELEASE_SLURM_ALLOCATION, Device, Launcher, RpcPeer, SlurmInfo, SlurmOptions, SlurmPartition,
  compileAndLaunch, describeResult, hotSpotItems, profileHotSpots, deviceForPartition, deviceItems, driversFor, launcherArgument,
  launcherLabel, lensTitle, listTargets, partitionItems, partitionSettings, releaseSlurmAllocations, serverHasCommand,
  shortReason, shorten,
} from './launch';
import { registerFortranView } from './fortranViewUI';
import { PIPELINE_SCHEME, REDUCE } from './pipeline';
import { reduceWithProgress, registerPipeline } from './pipelineUI';
import { BYTECODE_SCHEME, registerBytecode } from './bytecode';
import { documentSelector } from './selector';
import { CREATE_DRIVER, registerCreateDriver } from './driverAction';
import { defaultDriverNames, findLaunchLens } from './launchTargets';
import { MANAGE_TRUST, PendingAnalyses, ServerState, runningState, statusView } from './status';

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
let statusItem: vscode.LanguageStatusItem | undefined;
const pending = new PendingAnalyses();
/** Set while we stop the client ourselves: a Stopped state then is no crash. */
let stoppingOnPurpose = false;
/** Set by deactivate(): a restart still in flight starts nothing and watches nothing. */
let deactivated = false;
const lensesChanged = new vscode.EventEmitter<void>();
let lensesShown = false;

/** Why nothing runs in an untrusted workspace; short enough for a toast (120 characters). */
const RESTRICTED = 'Restricted Mode: no language server or launch until you trust this workspace.';

function cfg() {
  return vscode.workspace.getConfiguration('ompx');
}

function log(msg: string) {
  output.appendLine(`[${new Date().toLocaleTimeString()}] ${msg}`);
}

function setState(state: ServerState) {
  if (!statusItem) return;
  const v = statusView(state);
  statusItem.text = v.text;
  statusItem.detail = v.detail;
  statusItem.severity = v.severity as number as vscode.LanguageStatusSeverity;
  statusItem.busy = v.busy;
  statusItem.command = v.command ? { title: v.command.title, command: v.command.command } : undefined;
  // Lenses appear once the server runs and go when it stops.
  const running = state.kind === 'ready' || state.kind === 'analysing';
  if (running !== lensesShown) { lensesShown = running; lensesChanged.fire(); }
}

function showRunning() {
  if (client?.state !== State.Running) return;
  const info = client.initializeResult?.serverInfo;
  setState(runningState(pending.count, info?.version, serverPath));
}

export async function activate(context: vscode.ExtensionContext) {
  deactivated = false;
  extensionPath = context.extensionPath;
  output = vscode.window.createOutputChannel('OMPX');
  launchOutput = vscode.window.createOutputChannel('OMPX Launch');
  context.subscriptions.push(output, launchOutput, lensesChanged);
  statusItem = vscode.languages.createLanguageStatusItem('ompx.server', { language: 'mlir' });
  statusItem.name = 'OMPX language server';
  context.subscriptions.push(statusItem);
  setState({ kind: 'starting' });

  context.subscriptions.push(
    vscode.commands.registerCommand('ompx.restartServer', () => restart('restart requested')),
    vscode.commands.registerCommand('ompx.showOutput', () => output.show(true)),
    vscode.commands.registerCommand('ompx.launch', (uri?: vscode.Uri | string, device?: string) => launchCommand(uri, device)),
    vscode.commands.registerCommand('ompx.devices', () => devicesCommand()),
    vscode.commands.registerCommand(SHOW_HOT_SPOTS, (arg?: { uri?: string }) => hotSpotsCommand(arg?.uri)),
    // Not the server's ompx.releaseSlurmAllocation: the language client registers
    // the server's commands itself, and a second registration stops it starting.
    vscode.commands.registerCommand(RELEASE_SLURM, () => releaseCommand()),
    // Not on pass snapshots (`ompx-pipeline:`): a snapshot is for reading, not launching.
    vscode.languages.registerCodeLensProvider(documentSelector(false, BYTECODE_SCHEME), new LaunchLensProvider()),
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('ompx.server') || e.affectsConfiguration('ompx.checks') ||
          e.affectsConfiguration('ompx.fortran.diagnostics')) restart('settings changed');
      if (e.affectsConfiguration('ompx.launch')) lensesChanged.fire();
    }),
    vscode.workspace.onDidChangeWorkspaceFolders(() => { if (!client) restart('workspace folders changed'); }),
    vscode.workspace.onDidGrantWorkspaceTrust(() => restart('workspace trusted')),
    { dispose: () => { watcher?.close(); if (restartTimer) clearTimeout(restartTimer); } },
  );
  registerFortranView(context, async (command) => {
    const c = await clientFor(command);
    return c ? peer(c) : undefined;
  }, log);
  registerPipeline(context, async (command) => {
    const c = await clientFor(command);
    return c ? peer(c) : undefined;
  }, log);
  registerBytecode(context, () => client);
  registerCreateDriver(context, () => client);
  if (!vscode.workspace.isTrusted) {
    // Once per window: the status item keeps saying it afterwards.
    vscode.window.showInformationMessage(`OMPX: ${RESTRICTED}`, 'Manage Workspace Trust').then((choice) => {
      if (choice) vscode.commands.executeCommand(MANAGE_TRUST);
    });
  }
  await start();
}

export async function deactivate() {
  deactivated = true;
  stoppingOnPurpose = true;
  if (restartTimer) clearTimeout(restartTimer);
  stopWatching();
  // A start in flight (a restart on trust, a settings change) finishes
  // first, so that the client it makes is stopped here, not left running.
  await Promise.allSettled([restarting, starting]);
  stopWatching();
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
  if (deactivated) return;
  if (!vscode.workspace.isTrusted) {
    // Every start goes through here (activation, restart, settings and folder changes).
    serverPath = undefined;
    log('the workspace is not trusted: the language server is not started (Restricted Mode; highlighting only). ' +
      'Trust the workspace (Manage Workspace Trust) to start it.');
    setState({ kind: 'untrusted' });
    return;
  }
  const folders = (vscode.workspace.workspaceFolders ?? []).map((f) => ({ name: f.name, fsPath: f.uri.fsPath }));
  const setting = cfg().get<string>('server.path', '');
  const r = resolveServer(setting, defaultContext({
    workspaceFolders: folders, trusted: vscode.workspace.isTrusted, extensionPath, packagedFrom: readPackagedFrom(extensionPath),
  }));
  if (!r.ok) {
    serverPath = undefined;
    log(r.message);
    for (const d of r.details) log(`  ${d}`);
    setState({ kind: 'notFound', why: r.message });
    const choice = await vscode.window.showErrorMessage(`OMPX: ${shorten(r.message, 110)}`, 'Open Settings', 'Show Output');
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
    documentSelector: documentSelector(cfg().get<boolean>('fortran.diagnostics', true), BYTECODE_SCHEME, PIPELINE_SCHEME),
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
    // The server publishes diagnostics after each analysis: a document sent
    // and not yet answered means "analysing" in the status item.
    middleware: {
      didOpen: (doc, next) => { pending.sent(doc.uri.toString()); showRunning(); return next(doc); },
      didChange: (e, next) => { if (e.contentChanges.length) { pending.sent(e.document.uri.toString()); showRunning(); } return next(e); },
      didClose: (doc, next) => { pending.closed(doc.uri.toString()); showRunning(); return next(doc); },
      handleDiagnostics: (uri, diagnostics, next) => { pending.published(uri.toString()); showRunning(); next(uri, diagnostics); },
      // The reducer (the code action's command): with progress, cancel and
      // the reproducer opened, rather than as a bare request.
      executeCommand: (command, args, next) =>
        command === REDUCE && args[0] ? reduceWithProgress(peer(c), args[0], log) : next(command, args),
    },
  };
  const c = new LanguageClient('ompx', 'OMPX Language Server', serverOptions, clientOptions);
  client = c;
  c.onDidChangeState((e) => {
    log(`server ${State[e.newState] ?? e.newState}`);
    if (c !== client) return;
    // Pending analyses of a previous server are void; the new one gets the
    // open documents again (didOpen) once it runs.
    if (e.newState === State.Starting) { pending.clear(); setState({ kind: 'starting' }); }
    else if (e.newState === State.Running) showRunning();
    else if (!stoppingOnPurpose) setState({ kind: 'crashed', why: 'it exited (see the OMPX output)' });
    else setState({ kind: 'stopped' });
  });
  try {
    stoppingOnPurpose = false;
    await c.start();
    log(`server ready: ${JSON.stringify(c.initializeResult?.serverInfo ?? {})}`);
    showRunning();
  } catch (e: any) {
    log(`server failed to start: ${e?.message ?? e}`);
    setState({ kind: 'crashed', why: `failed to start: ${e?.message ?? e}` });
    const choice = await vscode.window.showErrorMessage(
      `OMPX: ompx-lsp failed to start: ${shorten(String(e?.message ?? e), 80)}`, 'Open Settings', 'Show Output');
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
  stoppingOnPurpose = true;
  setState({ kind: 'starting' });
  if (c) await c.stop().catch((e) => log(`stop failed: ${e?.message ?? e}`));
  if (binary) {
    // A rebuild may remove the file for a while (the linker writes a new one):
    // wait up to a minute for it to be back before looking it up again.
    for (let i = 0; i < 120 && !deactivated && !isExecutable(binary); i++) await new Promise((r) => setTimeout(r, 500));
    await new Promise((r) => setTimeout(r, 500));
  }
  await start();
}

/**
 * Restarts the server when its binary is rebuilt. Watches the directory
 * (a rebuild may replace the file) and waits until the file stops changing,
 * since a linker writes it in several steps.
 */
function stopWatching() {
  watcher?.close();
  watcher = undefined;
}

function watchBinary(p: string) {
  stopWatching();
  if (deactivated) return;
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
  if (!vscode.workspace.isTrusted) {
    const choice = await vscode.window.showWarningMessage(`OMPX: ${RESTRICTED}`, 'Manage Workspace Trust');
    if (choice) await vscode.commands.executeCommand(MANAGE_TRUST);
    return undefined;
  }
  if (!client || client.state !== State.Running) {
    const choice = await vscode.window.showErrorMessage(
      'OMPX: the language server is not running.', 'Restart Server', 'Show Output');
    if (choice === 'Restart Server') await restart('restart requested');
    else if (choice === 'Show Output') output.show(true);
    return undefined;
  }
  if (!serverHasCommand(client.initializeResult?.capabilities, command)) {
    log(`${serverPath ?? 'ompx-lsp'} does not advertise ${command}: it is older than the launch support`);
    vscode.window.showErrorMessage(`OMPX: this ompx-lsp does not provide ${command}; it is older than the launch support.`, 'Show Output')
      .then((choice) => { if (choice) output.show(true); });
    return undefined;
  }
  return client;
}

function peer(c: LanguageClient): RpcPeer {
  return c as unknown as RpcPeer;
}

/** Where a launch runs: `ompx.launch.launcher` and `ompx.launch.slurm.*` of the file's folder. */
function launcherOf(uri?: vscode.Uri): { launcher: Launcher; slurm?: SlurmOptions } {
  const c = vscode.workspace.getConfiguration('ompx', uri);
  const g = (k: string) => c.get<unknown>(`launch.slurm.${k}`);
  return launcherArgument({
    launcher: c.get<unknown>('launch.launcher'), partition: g('partition'), account: g('account'), gres: g('gres'),
    gpus: g('gpus'), time: g('time'), args: g('args'), stage: g('stage'), stageDir: g('stageDir'), allocation: g('allocation'),
    binDir: g('binDir'),
  });
}

/** The devices here and the cluster's partitions; says why Slurm is out of reach when the launcher is slurm. */
async function queryTargets(c: LanguageClient, uri?: vscode.Uri): Promise<{ devices: Device[]; slurm?: SlurmInfo }> {
  const where = launcherOf(uri);
  const t = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Window, title: 'OMPX: querying devices' },
    () => listTargets(peer(c), where.slurm));
  if (where.launcher === 'slurm' && t.slurm && !t.slurm.reachable) {
    launchOutput.appendLine(`Slurm is not reachable: ${t.slurm.message ?? 'no reason given'}`);
    vscode.window.showWarningMessage(`OMPX: launcher is slurm, but Slurm is not reachable: ${shortReason(t.slurm.message, 90)}`, 'Show Output')
      .then((choice) => { if (choice) launchOutput.show(true); });
  }
  return t;
}

/** Writes the settings of a picked partition (workspace, else user settings). */
async function usePartition(p: SlurmPartition) {
  const target = vscode.workspace.workspaceFolders?.length ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
  const settings = partitionSettings(p);
  for (const [k, v] of Object.entries(settings)) await cfg().update(k, v, target);
  launchOutput.appendLine(`launches run through Slurm on partition ${p.name}` +
    `${settings['launch.device'] ? ` as ${settings['launch.device']} (${p.offloadArch})` : ''} (settings ${Object.keys(settings).map((k) => `ompx.${k}`).join(', ')})`);
  lensesChanged.fire();
}

type TargetItem = vscode.QuickPickItem & { device?: Device; partition?: SlurmPartition };

/** QuickPick rows: this machine's devices, then the cluster's partitions (when sinfo answered). */
function targetItems(devices: Device[], slurm: SlurmInfo | undefined, current?: string, partition?: string): TargetItem[] {
  const parts = partitionItems(slurm, partition);
  const items: TargetItem[] = deviceItems(devices, current);
  if (parts.length) {
    items.unshift({ label: 'This machine', kind: vscode.QuickPickItemKind.Separator });
    items.push({ label: `Slurm${slurm?.cluster ? ` (${slurm.cluster})` : ''}`, kind: vscode.QuickPickItemKind.Separator }, ...parts);
  }
  return items;
}

/** A device here, or a partition (launching there), or undefined when dismissed. */
async function pickDevice(c: LanguageClient, doc: vscode.TextDocument): Promise<{ device: string; launcher: Launcher } | undefined> {
  const t = await queryTargets(c, doc.uri);
  const qp = vscode.window.createQuickPick<TargetItem>();
  qp.title = 'OMPX: Compile and Launch on…';
  qp.placeholder = 'Device or Slurm partition (set ompx.launch.device to skip this question)';
  qp.items = targetItems(t.devices, t.slurm, undefined, launcherOf(doc.uri).slurm?.partition);
  qp.matchOnDetail = true;
  const picked = await new Promise<TargetItem | undefined>((resolve) => {
    qp.onDidAccept(() => {
      const d = qp.selectedItems[0]?.device;
      if (d && !d.available) {
        launchOutput.appendLine(`${d.id} is not available: ${d.reason ?? 'no reason given'}`);
        vscode.window.showWarningMessage(`OMPX: ${d.id} is not available: ${shortReason(d.reason, 90)}`);
        return;
      }
      resolve(qp.selectedItems[0]);
      qp.hide();
    });
    qp.onDidHide(() => { resolve(undefined); qp.dispose(); });
    qp.show();
  });
  if (!picked) return undefined;
  if (picked.device) return { device: picked.device.id, launcher: 'local' };
  if (!picked.partition) return undefined;
  await usePartition(picked.partition);
  // The gres names no architecture: which kind of device runs there.
  const device = deviceForPartition(picked.partition) || cfg().get<string>('launch.device', '') ||
      await vscode.window.showQuickPick(['nvptx:0', 'amdgpu:0', 'host-offload:0', 'host'],
        { title: `OMPX: what runs on ${picked.partition.name}? (its gres names no GPU architecture)` });
  return device ? { device, launcher: 'slurm' } : undefined;
}

async function releaseCommand() {
  const c = await clientFor(RELEASE_SLURM_ALLOCATION);
  if (!c) return;
  try {
    const released = await releaseSlurmAllocations(peer(c), launcherOf(vscode.window.activeTextEditor?.document.uri).slurm);
    const text = released.length ? `released Slurm allocation${released.length > 1 ? 's' : ''} ${released.join(', ')}` : 'no Slurm allocation to release';
    launchOutput.appendLine(text);
    vscode.window.showInformationMessage(`OMPX: ${text}.`);
  } catch (e: any) {
    launchOutput.appendLine(`release failed: ${e?.message ?? e}`);
    vscode.window.showErrorMessage(`OMPX: ${shorten(String(e?.message ?? e), 110)}`, 'Show Output')
      .then((choice) => { if (choice) launchOutput.show(true); });
  }
}

/**
 * The recorded launches' hot spots (of `uri` when a code lens on its ops
 * asks, else of every document), most time first; picking one opens its
 * document at the op.
 */
async function hotSpotsCommand(uri?: string) {
  const c = await clientFor(PROFILE_HOT_SPOTS);
  if (!c) return;
  const spots = await profileHotSpots(peer(c), uri);
  if (!spots.length) {
    vscode.window.showInformationMessage('OMPX: no recorded launch (set ompx.launch.profile and launch), ' +
      'or its ops changed since.');
    return;
  }
  const picked = await vscode.window.showQuickPick(
    hotSpotItems(spots, (u) => vscode.workspace.asRelativePath(vscode.Uri.parse(u))),
    { title: 'OMPX hot spots: the recorded ops, most time first', matchOnDescription: true, matchOnDetail: true });
  if (!picked) return;
  const at = new vscode.Position(picked.spot.range.start.line, picked.spot.range.start.character);
  await vscode.window.showTextDocument(vscode.Uri.parse(picked.spot.uri), { selection: new vscode.Range(at, at) });
}

async function devicesCommand() {
  const c = await clientFor(LIST_DEVICES);
  if (!c) return;
  const { devices, slurm } = await queryTargets(c, vscode.window.activeTextEditor?.document.uri);
  launchOutput.appendLine('Devices:');
  for (const d of devices)
    launchOutput.appendLine(`  ${d.available ? '✓' : '✗'} ${d.id.padEnd(16)} ${d.description}${d.available ? '' : ` — ${d.reason ?? 'unavailable'}`}`);
  if (slurm?.reachable) {
    launchOutput.appendLine(`Slurm partitions${slurm.cluster ? ` (cluster ${slurm.cluster})` : ''}:`);
    for (const p of slurm.partitions)
      launchOutput.appendLine(`  ${p.availability === 'up' ? '✓' : '✗'} ${p.name.padEnd(16)} ${(p.gres ?? []).join(', ') || 'no gres'}` +
        `${p.offloadArch ? ` (${p.offloadArch})` : ''}${p.default ? ', default' : ''}`);
  } else if (slurm) {
    launchOutput.appendLine(`Slurm: not reachable (${slurm.message ?? 'no reason given'})`);
  }
  launchOutput.show(true);
  // Picking an entry makes it the default of the workspace (of the user
  // settings without a workspace): a device here (ompx.launch.device, the
  // launcher back to local), or a partition (launcher slurm and the
  // partition, and the device its gres names).
  const current = cfg().get<string>('launch.device', '');
  const where = launcherOf(vscode.window.activeTextEditor?.document.uri);
  const picked = await vscode.window.showQuickPick(targetItems(devices, slurm, where.launcher === 'local' ? current : undefined,
    where.launcher === 'slurm' ? where.slurm?.partition : undefined),
  { title: 'OMPX devices: pick the default device or Slurm partition for Compile and Launch', canPickMany: false });
  if (!picked) return;
  if (picked.partition) {
    await usePartition(picked.partition);
    vscode.window.showInformationMessage(`OMPX: launches now run through Slurm on ${picked.partition.name}.`);
    return;
  }
  if (!picked.device) return;
  if (!picked.device.available) {
    vscode.window.showWarningMessage(`OMPX: ${picked.device.id} is not available: ${shortReason(picked.device.reason, 90)}`);
    return;
  }
  const target = vscode.workspace.workspaceFolders?.length ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
  await cfg().update('launch.device', picked.device.id, target);
  if (where.launcher === 'slurm') await cfg().update('launch.launcher', 'local', target);
  vscode.window.showInformationMessage(`OMPX: default launch device is now ${picked.device.id}${where.launcher === 'slurm' ? ' on this machine' : ''}.`);
}

/** The drivers for `uri`: ompx.launch.fileDrivers' entry for it, else ompx.launch.drivers. */
function driversOf(uri: vscode.Uri): string[] {
  const c = vscode.workspace.getConfiguration('ompx', uri);
  return driversFor(uri.fsPath, vscode.workspace.getWorkspaceFolder(uri)?.uri.fsPath,
    c.get<unknown>('launch.drivers', []), c.get<unknown>('launch.fileDrivers', {}));
}

/** Asks for a driver (host code with a main program) and records it for this file in ompx.launch.fileDrivers. */
async function chooseDriver(uri: vscode.Uri): Promise<boolean> {
  const picked = await vscode.window.showOpenDialog({
    title: `Driver (main program) for ${path.basename(uri.fsPath)}`,
    defaultUri: vscode.Uri.file(path.dirname(uri.fsPath)),
    canSelectMany: false,
    openLabel: 'Use as driver',
    filters: { 'Fortran, C, objects': ['f90', 'F90', 'f', 'F', 'f95', 'f03', 'f08', 'c', 'o', 'a'], 'All files': ['*'] },
  });
  if (!picked?.length) return false;
  const folder = vscode.workspace.getWorkspaceFolder(uri);
  const key = folder ? path.relative(folder.uri.fsPath, uri.fsPath) : uri.fsPath;
  const driver = folder && !path.relative(folder.uri.fsPath, picked[0].fsPath).startsWith('..')
    ? '${workspaceFolder}/' + path.relative(folder.uri.fsPath, picked[0].fsPath) : picked[0].fsPath;
  const c = vscode.workspace.getConfiguration('ompx', uri);
  const target = folder ? vscode.ConfigurationTarget.WorkspaceFolder : vscode.ConfigurationTarget.Global;
  const current = { ...(c.inspect<Record<string, unknown>>('launch.fileDrivers')?.[folder ? 'workspaceFolderValue' : 'globalValue'] ?? {}) };
  current[key] = [driver];
  await c.update('launch.fileDrivers', current, target);
  launchOutput.appendLine(`driver for ${key}: ${driver} (setting ompx.launch.fileDrivers)`);
  return true;
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
  let where = launcherOf(uri);
  let device = deviceArg || cfg().get<string>('launch.device', '');
  if (!device) {
    const d = await pickDevice(c, doc);
    if (!d) return;
    device = d.device;
    // A device of this machine runs here this time; a partition wrote the settings.
    where = d.launcher === 'local' ? { launcher: 'local' } : launcherOf(uri);
  }
  const on = where.launcher === 'slurm' ? `${device} via ${launcherLabel(where)}` : device;
  const timeout = cfg().get<number>('launch.timeout', 60);
  const checkMaps = cfg().get<boolean>('launch.checkMaps', false);
  const profile = cfg().get<boolean>('launch.profile', false);
  const drivers = driversOf(uri);
  const name = path.basename(uri.fsPath);
  launching.add(key);
  launchOutput.show(true);
  launchOutput.appendLine(`▶ ${name} on ${on} (${new Date().toLocaleTimeString()})` +
    `${drivers.length ? ` with ${drivers.join(', ')}` : ''}`);
  let atLineStart = true;
  try {
    const result = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `OMPX: ${name} on ${on}`, cancellable: true },
      (progress, token) => {
        token.onCancellationRequested(() => launchOutput.appendLine('■ cancel requested'));
        return compileAndLaunch(peer(c), { uri: key, device, timeout, drivers, checkMaps, profile, ...where }, {
          onStage: (stage) => {
            progress.report({ message: stage });
            if (!atLineStart) launchOutput.appendLine('');
            launchOutput.appendLine(`— ${stage}`);
            atLineStart = true;
          },
          // The run's state (a Slurm job queued, running): in the
          // notification; its `status` output line goes to the channel.
          onStatus: (status) => progress.report({ message: `run: ${status}` }),
          onOutput: (stream, text) => {
            if (stream === 'status') {
              if (!atLineStart) launchOutput.appendLine('');
              launchOutput.appendLine(`— run: ${text.replace(/\n+$/, '')}`);
              atLineStart = true;
              return;
            }
            const shown = stream === 'stdout' ? text : text.replace(/^(?=.)/gm, stream === 'stderr' ? '[stderr] ' : '[log] ');
            launchOutput.append(shown);
            atLineStart = shown.endsWith('\n');
          },
        }, token);
      });
    if (!atLineStart) launchOutput.appendLine('');
    // The server shows them on the map ops too (source ompx-mapcheck).
    for (const f of result.mapFindings ?? [])
      launchOutput.appendLine(`${f.location.file}:${f.location.line}:${f.location.column}: ` +
        `${f.severity}: ${f.message} [mapcheck-${f.check}]`);
    // A recorded launch: its hot spots, and where the report went (the
    // server shows the figures on the ops as code lenses).
    if (result.profile) {
      for (const h of result.profile.hotSpots)
        launchOutput.appendLine(`${h.location ? `${h.location.file}:${h.location.line}:${h.location.column}: ` : ''}` +
          `${h.name}: ${h.figures}`);
      launchOutput.appendLine(`profile: ${[result.profile.report, result.profile.html].filter((f) => f).join(', ')}`);
    }
    const d = describeResult(result, on);
    launchOutput.appendLine(`■ ${result.status}${result.exitCode !== undefined ? ` (exit code ${result.exitCode})` : ''}` +
      `${result.slurmJobId ? ` [Slurm job ${result.slurmJobId}]` : ''}` +
      `${result.stage && result.status !== 'ok' ? ` in stage ${result.stage}` : ''}${result.message ? `: ${result.message}` : ''}`);
    const show = d.level === 'info' ? vscode.window.showInformationMessage
      : d.level === 'warning' ? vscode.window.showWarningMessage : vscode.window.showErrorMessage;
    // A library: pick a driver the user has, or let the server write one
    // (its "Create a driver for this library" code action) to edit.
    const actions = d.needsDriver ? ['Choose driver…', 'Create driver', 'Show Output'] : ['Show Output'];
    show(`OMPX: ${d.text}`, ...actions).then(async (choice) => {
      if (choice === 'Show Output') launchOutput.show(true);
      else if (choice === 'Create driver') {
        await vscode.commands.executeCommand(CREATE_DRIVER, uri);
        lensesChanged.fire();
      }
      else if (choice === 'Choose driver…' && await chooseDriver(uri)) {
        lensesChanged.fire();
        vscode.commands.executeCommand('ompx.launch', uri, device);
      }
    });
  } catch (e: any) {
    launchOutput.appendLine(`■ error: ${e?.message ?? e}`);
    vscode.window.showErrorMessage(`OMPX: launch failed: ${shorten(String(e?.message ?? e), 100)}`, 'Show Output')
      .then((choice) => { if (choice) launchOutput.show(true); });
  } finally {
    launching.delete(key);
  }
}

/** Whether a driver is configured for the file or sits beside it (STEM.driver.f90/.F90/.c). */
function hasDriver(uri: vscode.Uri): boolean {
  if (driversOf(uri).length) return true;
  if (uri.scheme !== 'file') return false;
  const dir = path.dirname(uri.fsPath);
  return defaultDriverNames(path.basename(uri.fsPath)).some((n) => fs.existsSync(path.join(dir, n)));
}

/**
 * One "▶ Launch" lens per file that can run (see launchTargets.ts), and none
 * until the server is ready (a launch needs it).
 */
class LaunchLensProvider implements vscode.CodeLensProvider {
  readonly onDidChangeCodeLenses = lensesChanged.event;
  provideCodeLenses(doc: vscode.TextDocument): vscode.CodeLens[] {
    if (client?.state !== State.Running || !serverHasCommand(client.initializeResult?.capabilities, COMPILE_AND_LAUNCH)) return [];
    const d = findLaunchLens(doc.getText(), { hasDriver: hasDriver(doc.uri) });
    if (!('lens' in d)) return [];
    const t = d.lens;
    const how = t.hasMain ? 'its main program' : `the driver ${driversOf(doc.uri)[0] ?? 'beside it'}`;
    const where = launcherLabel(launcherOf(doc.uri));
    const device = vscode.workspace.getConfiguration('ompx', doc.uri).get<string>('launch.device', '') || undefined;
    return [new vscode.CodeLens(new vscode.Range(t.line, t.character, t.line, t.character), {
      title: lensTitle({ openacc: t.openacc, device, where }),
      tooltip: `Compile ${path.basename(doc.uri.fsPath)} and run ${how}` +
        (t.openacc ? ' (OpenACC: offloaded through acc-to-omp, or host fallback on host)' : '') + (where ? ` through Slurm (${where})` : ''),
      command: 'ompx.launch',
      arguments: [doc.uri],
    })];
  }
}
