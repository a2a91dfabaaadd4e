// The client side of the server's launch commands (ompx.listDevices,
// ompx.compileAndLaunch). Pure protocol logic over a small RpcPeer interface
// that both vscode-languageclient's LanguageClient and a vscode-jsonrpc
// MessageConnection satisfy, so node --test drives it against the real server.
import {
  CancellationToken,
  Disposable,
  ProgressType,
  WorkDoneProgress,
  WorkDoneProgressBegin,
  WorkDoneProgressEnd,
  WorkDoneProgressReport,
} from 'vscode-languageserver-protocol';

export const LIST_DEVICES = 'ompx.listDevices';
export const COMPILE_AND_LAUNCH = 'ompx.compileAndLaunch';
export const RELEASE_SLURM_ALLOCATION = 'ompx.releaseSlurmAllocation';
/** The palette command that sends RELEASE_SLURM_ALLOCATION (a server command id cannot be registered twice). */
export const RELEASE_SLURM = 'ompx.releaseSlurm';
export const LAUNCH_OUTPUT = 'ompx/launchOutput';
/** The server's ranking of the recorded ops (the last recorded launch of each document). */
export const PROFILE_HOT_SPOTS = 'ompx.profileHotSpots';
/** The client's list of them, which the server's code lenses on the ops run. */
export const SHOW_HOT_SPOTS = 'ompx.showHotSpots';
/** LSP RequestCancelled. */
const REQUEST_CANCELLED = -32800;

export interface RpcPeer {
  sendRequest<R>(method: string, params: unknown, token?: CancellationToken): Promise<R>;
  onNotification(method: string, handler: (params: any) => void): Disposable;
  onProgress<P>(type: ProgressType<P>, token: string | number, handler: (params: P) => void): Disposable;
}

export interface Device {
  id: string;
  kind: 'host' | 'host-offload' | 'nvptx' | 'amdgpu' | string;
  available: boolean;
  description: string;
  reason?: string;
}

/**
 * Where and how a launch runs through Slurm (the `slurm` object of
 * ompx.compileAndLaunch, ompx.listDevices and ompx.releaseSlurmAllocation).
 * Fields left out keep Slurm's and the site's defaults.
 */
export interface SlurmOptions {
  partition?: string;
  account?: string;
  /** --gres, e.g. gpu:1 or gpu:a100:2 */
  gres?: string;
  /** --gpus, e.g. 2 or a100:2 */
  gpus?: string;
  /** --time as Slurm spells it (MM, HH:MM:SS, D-HH) */
  time?: string;
  /** More srun/salloc arguments. */
  args?: string[];
  /** shared: the bundle runs in place from stageDir; sbcast: copied to node-local storage. */
  stage?: 'shared' | 'sbcast';
  /** Where shared bundles go; relative: from the document's folder. */
  stageDir?: string;
  /** new: a job per launch; reuse: one allocation kept for later launches. */
  allocation?: 'new' | 'reuse';
  /** Folder of srun, squeue, ... (a site's wrappers) instead of PATH. */
  binDir?: string;
}

export type Launcher = 'local' | 'slurm';

export interface LaunchRequest {
  uri: string;
  device: string;
  /** Where the program runs; omitted: local. */
  launcher?: Launcher;
  /** With launcher slurm: the Slurm options (only the fields that are set). */
  slurm?: SlurmOptions;
  args?: string[];
  /** Seconds; omitted or 0: the server's default. */
  timeout?: number;
  /**
   * Host code with a main program (Fortran .f90/.F90/..., C .c, or .o/.a) compiled
   * and linked with the module; relative paths are taken from the document's folder
   * by the server. Omitted: the server looks for STEM.driver.{f90,F90,c} next to
   * the document when the module has no main program.
   */
  drivers?: string[];
  /** A checked run (host-offload): mapping bugs come back as `mapFindings`. */
  checkMaps?: boolean;
  /** A recorded run: the answer's `profile` says where the report went. */
  profile?: boolean;
}

/** What a checked launch found at a map clause (pipeline/launch/Launch.h). */
export interface MapFinding {
  check: string;
  severity: 'warning' | 'information' | string;
  message: string;
  variable: string;
  count: number;
  location: { file: string; line: number; column: number };
  mapOp?: { file: string; line: number; column: number };
  mapOpName: string;
}

export interface LaunchResult {
  status: 'ok' | 'failed' | 'cancelled' | 'timeout' | string;
  exitCode?: number;
  /** Launched through Slurm: the job (or the reused allocation). */
  slurmJobId?: string;
  stage?: string;
  message?: string;
  mapFindings?: MapFinding[];
  profile?: ProfileAnswer;
}

/** A recorded launch: where the report went, its hot spots (the most time first). */
export interface ProfileAnswer {
  report: string;
  html: string;
  complete: boolean;
  hotSpots: {
    kind: 'kernel' | 'map' | string;
    name: string;
    op: string;
    figures: string;
    location?: { file: string; line: number; column: number };
    source?: { file: string; line: number; column: number };
  }[];
}

/** `status`: the run's state ("queued (Resources), job 12"), one line without its newline. */
export type OutputStream = 'stdout' | 'stderr' | 'log' | 'status';

export interface LaunchHooks {
  /** A $/progress begin/report: the stage (parse, lower host, ... run). */
  onStage?(stage: string, percentage?: number): void;
  /**
   * A $/progress report `run: STATUS`: the run's state while it waits or
   * changes hands (a Slurm job queued, then running). Every one, even a
   * repeated one (still waiting); not an onStage.
   */
  onStatus?(status: string): void;
  /** ompx/launchOutput text for this document (stream `status` included). */
  onOutput?(stream: OutputStream, text: string): void;
}

/** Whether the server's initialize result lists `command`. */
export function serverHasCommand(capabilities: any, command: string): boolean {
  const cmds = capabilities?.executeCommandProvider?.commands;
  return Array.isArray(cmds) && cmds.includes(command);
}

/**
 * sendRequest without a trailing `undefined`: vscode-jsonrpc's MessageConnection
 * would otherwise send [params, null] as positional parameters.
 */
function send<R>(peer: RpcPeer, method: string, params: unknown, token?: CancellationToken): Promise<R> {
  return token ? peer.sendRequest<R>(method, params, token) : (peer.sendRequest as any)(method, params);
}

export async function listDevices(peer: RpcPeer, token?: CancellationToken): Promise<Device[]> {
  return (await listTargets(peer, undefined, token)).devices;
}

/** A partition as the server's `sinfo` lists it. */
export interface SlurmPartition {
  name: string;
  default?: boolean;
  availability?: string;
  nodes?: number;
  gres?: string[];
  /** The GPU architecture its gres type names (sm_80), or ''. */
  offloadArch?: string;
}

/** What the cluster says (ompx.listDevices' `slurm`). */
export interface SlurmInfo {
  reachable: boolean;
  message?: string;
  cluster?: string;
  partitions: SlurmPartition[];
}

export interface Targets {
  devices: Device[];
  /** Absent from servers older than the Slurm launcher. */
  slurm?: SlurmInfo;
}

/** ompx.listDevices with the Slurm options: the devices here and the cluster's partitions. */
export async function listTargets(peer: RpcPeer, slurm?: SlurmOptions, token?: CancellationToken): Promise<Targets> {
  const args = slurm && Object.keys(slurm).length ? [{ slurm }] : [];
  const r = await send<{ devices?: Device[]; slurm?: SlurmInfo } | null>(peer,
    'workspace/executeCommand', { command: LIST_DEVICES, arguments: args }, token);
  if (!r || !Array.isArray(r.devices)) throw new Error(`${LIST_DEVICES} returned no device list`);
  const out: Targets = { devices: r.devices };
  if (r.slurm && typeof r.slurm === 'object')
    out.slurm = { ...r.slurm, partitions: Array.isArray(r.slurm.partitions) ? r.slurm.partitions : [] };
  return out;
}

/** ompx.releaseSlurmAllocation: the job ids released (an error says what failed). */
export async function releaseSlurmAllocations(peer: RpcPeer, slurm?: SlurmOptions, token?: CancellationToken): Promise<string[]> {
  const args = slurm && Object.keys(slurm).length ? [{ slurm }] : [];
  const r = await send<{ released?: string[] } | null>(peer,
    'workspace/executeCommand', { command: RELEASE_SLURM_ALLOCATION, arguments: args }, token);
  return Array.isArray(r?.released) ? r!.released : [];
}

/** An op the last recorded launch of its document saw, where the document holds it now. */
export interface HotSpot {
  uri: string;
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  kind: 'kernel' | 'map' | string;
  op: string;
  name: string;
  figures: string;
  ns: number;
  /** "grid.f90:15", or empty. */
  source: string;
  /** The document changed since the launch. */
  stale: boolean;
}

/** ompx.profileHotSpots: the recorded ops (of `uri`, else of every document), most time first. */
export async function profileHotSpots(peer: RpcPeer, uri?: string, token?: CancellationToken): Promise<HotSpot[]> {
  const r = await send<HotSpot[] | null>(peer, 'workspace/executeCommand',
    { command: PROFILE_HOT_SPOTS, arguments: uri ? [{ uri }] : [] }, token);
  return Array.isArray(r) ? r : [];
}

export interface HotSpotItem {
  label: string;
  description: string;
  detail: string;
  spot: HotSpot;
}

/**
 * The QuickPick rows of the hot spots, in the server's order: the kernel or
 * variable and its op, then the figures, then where (`file` names a URI for
 * people: the workspace-relative path).
 */
export function hotSpotItems(spots: HotSpot[], file: (uri: string) => string): HotSpotItem[] {
  return spots.map((s) => ({
    label: `${s.kind === 'kernel' ? '$(rocket)' : '$(arrow-swap)'} ${s.name || s.op}`,
    description: `${s.stale ? '(stale) ' : ''}${s.figures}`,
    detail: `${s.op} at ${file(s.uri)}:${s.range.start.line + 1}${s.source ? ` · from ${s.source}` : ''}`,
    spot: s,
  }));
}

/** The `ompx.launch.*` settings that say where a launch runs, as read from the configuration. */
export interface LauncherSettings {
  launcher?: unknown;
  partition?: unknown;
  account?: unknown;
  gres?: unknown;
  gpus?: unknown;
  time?: unknown;
  args?: unknown;
  stage?: unknown;
  stageDir?: unknown;
  allocation?: unknown;
  binDir?: unknown;
}

/**
 * The launcher and Slurm options of ompx.compileAndLaunch from the settings:
 * `slurm` only with launcher slurm, and in it only what is set (empty
 * strings and lists leave the site's defaults; the server's defaults,
 * shared and new, are not sent). Values of the wrong type are dropped.
 */
export function launcherArgument(s: LauncherSettings): { launcher: Launcher; slurm?: SlurmOptions } {
  if (s.launcher !== 'slurm') return { launcher: 'local' };
  const slurm: SlurmOptions = {};
  const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
  for (const k of ['partition', 'account', 'gres', 'time', 'stageDir', 'binDir'] as const) {
    const v = str(s[k]);
    if (v !== undefined) slurm[k] = v;
  }
  const gpus = typeof s.gpus === 'number' && s.gpus > 0 ? String(s.gpus) : str(s.gpus);
  if (gpus !== undefined) slurm.gpus = gpus;
  if (Array.isArray(s.args)) {
    const args = s.args.filter((a): a is string => typeof a === 'string' && a !== '');
    if (args.length) slurm.args = args;
  }
  if (s.stage === 'sbcast') slurm.stage = 'sbcast';
  if (s.allocation === 'reuse') slurm.allocation = 'reuse';
  return Object.keys(slurm).length ? { launcher: 'slurm', slurm } : { launcher: 'slurm' };
}

/** Where a launch runs, for titles: "slurm: debug", "slurm" (the default partition) or "" (here). */
export function launcherLabel(arg: { launcher?: Launcher; slurm?: SlurmOptions }): string {
  if (arg.launcher !== 'slurm') return '';
  return arg.slurm?.partition ? `slurm: ${arg.slurm.partition}` : 'slurm';
}

export interface DeviceItem {
  label: string;
  description: string;
  detail?: string;
  device: Device;
}

/** QuickPick rows: available devices first; unavailable ones say why. */
export function deviceItems(devices: Device[], current?: string): DeviceItem[] {
  const sorted = [...devices].sort((a, b) => Number(b.available) - Number(a.available));
  return sorted.map((d) => ({
    label: `${d.available ? '$(vm)' : '$(circle-slash)'} ${d.id}${d.id === current ? ' (default)' : ''}`,
    description: d.available ? d.description : `${d.description} (unavailable)`,
    detail: d.available ? undefined : shortReason(d.reason),
    device: d,
  }));
}

/** QuickPick rows of the cluster's partitions: "slurm: debug — gpu:2 (sm_80)". */
export interface PartitionItem {
  label: string;
  description: string;
  detail?: string;
  partition: SlurmPartition;
}

export function partitionItems(slurm: SlurmInfo | undefined, current?: string): PartitionItem[] {
  if (!slurm?.reachable) return [];
  return slurm.partitions.map((p) => {
    const gres = (p.gres ?? []).join(', ');
    const arch = p.offloadArch ? ` (${p.offloadArch})` : '';
    const notes = [
      p.default ? 'default' : '',
      p.name === current ? 'current' : '',
      p.availability && p.availability !== 'up' ? p.availability : '',
      p.nodes !== undefined ? `${p.nodes} node${p.nodes === 1 ? '' : 's'}` : '',
    ].filter((n) => n);
    return {
      label: `$(server) slurm: ${p.name}${gres || arch ? ` — ${gres || 'no GPU gres'}${arch}` : ''}`,
      description: notes.join(', '),
      detail: slurm.cluster ? `cluster ${slurm.cluster}` : undefined,
      partition: p,
    };
  });
}

/**
 * The device a partition's GPUs run (what its gres type names: sm_* nvptx,
 * gfx* amdgpu), or undefined when its gres says no architecture.
 */
export function deviceForPartition(p: SlurmPartition): string | undefined {
  if (p.offloadArch?.startsWith('sm_')) return 'nvptx:0';
  if (p.offloadArch?.startsWith('gfx')) return 'amdgpu:0';
  return undefined;
}

/**
 * The workspace settings a partition picked in the device list writes:
 * launcher slurm, the partition, and the device its GPUs run when the gres
 * names their architecture (else the device stays as it is).
 */
export function partitionSettings(p: SlurmPartition): Record<string, string> {
  const out: Record<string, string> = { 'launch.launcher': 'slurm', 'launch.slurm.partition': p.name };
  const device = deviceForPartition(p);
  if (device) out['launch.device'] = device;
  return out;
}

/**
 * The CodeLens title: "▶ Launch", "▶ Launch (nvptx:0 via slurm: debug)",
 * "▶ Launch (OpenACC)", "▶ Launch (OpenACC on nvptx:0 via slurm: debug)".
 * OpenACC files launch on any device (acc-to-omp offloads them; `host` runs
 * them through host fallback), so the title names no device for them either.
 */
export function lensTitle(opts: { openacc: boolean; device?: string; where?: string }): string {
  if (!opts.where) return opts.openacc ? '▶ Launch (OpenACC)' : '▶ Launch';
  const what = opts.openacc ? (opts.device ? `OpenACC on ${opts.device}` : 'OpenACC') : opts.device ?? '';
  return `▶ Launch (${what ? `${what} ` : ''}via ${opts.where})`;
}

/**
 * The argument of ompx.compileAndLaunch: optional fields only when they say
 * something (args/drivers non-empty, timeout > 0, checkMaps or profile set, launcher slurm).
 */
export function launchArgument(req: LaunchRequest): LaunchRequest {
  const arg: LaunchRequest = { uri: req.uri, device: req.device };
  if (req.args && req.args.length) arg.args = [...req.args];
  if (req.timeout && req.timeout > 0) arg.timeout = req.timeout;
  if (req.drivers && req.drivers.length) arg.drivers = [...req.drivers];
  if (req.checkMaps) arg.checkMaps = true;
  if (req.profile) arg.profile = true;
  if (req.launcher === 'slurm') {
    arg.launcher = 'slurm';
    if (req.slurm && Object.keys(req.slurm).length) arg.slurm = { ...req.slurm };
  }
  return arg;
}

/**
 * The `ompx.launch.drivers` setting as sent to the server: empty entries dropped,
 * a leading `${workspaceFolder}` replaced by the document's workspace folder
 * (left as is when the document has none); everything else passed unchanged
 * (the server resolves relative paths against the document's folder).
 */
export function expandDrivers(drivers: unknown, workspaceFolder?: string): string[] {
  if (!Array.isArray(drivers)) return [];
  const out: string[] = [];
  for (const d of drivers) {
    if (typeof d !== 'string' || d.trim() === '') continue;
    const m = /^\$\{workspaceFolder\}(?=$|[\\/])/.exec(d);
    out.push(m && workspaceFolder ? workspaceFolder.replace(/[\\/]+$/, '') + d.slice(m[0].length) : d);
  }
  return out;
}

let tokenCounter = 0;
function newProgressToken(): string {
  return `ompx-launch-${process.pid}-${Date.now()}-${++tokenCounter}`;
}

export async function compileAndLaunch(
  peer: RpcPeer,
  req: LaunchRequest,
  hooks: LaunchHooks = {},
  token?: CancellationToken,
): Promise<LaunchResult> {
  const workDoneToken = newProgressToken();
  const subs: Disposable[] = [];
  // Each stage once: older servers sent "setup" both in `begin` and in the
  // first `report`, and a stage may report twice (codegen for the device and
  // the host; link for the driver and the program).
  let lastStage: string | undefined;
  subs.push(peer.onProgress(WorkDoneProgress.type, workDoneToken,
    (v: WorkDoneProgressBegin | WorkDoneProgressReport | WorkDoneProgressEnd) => {
      if (v.kind === 'end') return;
      const stage = v.message;
      // The run's state: each report counts (a job still queued is news).
      if (stage?.startsWith('run: ')) { hooks.onStatus?.(stage.slice(5)); return; }
      if (!stage || stage === lastStage) return;
      lastStage = stage;
      hooks.onStage?.(stage, v.percentage);
    }));
  subs.push(peer.onNotification(LAUNCH_OUTPUT, (p: { uri?: string; stream?: OutputStream; text?: string }) => {
    if (p && p.uri === req.uri && typeof p.text === 'string') hooks.onOutput?.(p.stream ?? 'stdout', p.text);
  }));
  const arg = launchArgument(req);
  try {
    const r = await send<LaunchResult | null>(peer, 'workspace/executeCommand',
      { command: COMPILE_AND_LAUNCH, arguments: [arg], workDoneToken }, token);
    if (!r || typeof r.status !== 'string') return { status: 'failed', message: `${COMPILE_AND_LAUNCH} returned no result` };
    return r;
  } catch (e: any) {
    if (e?.code === REQUEST_CANCELLED || token?.isCancellationRequested) return { status: 'cancelled', message: e?.message };
    throw e;
  } finally {
    for (const s of subs) s.dispose();
  }
}

/** Longest text of a toast; the rest goes to the output channel. */
export const TOAST_MAX = 120;

/** `text` on one line, cut to `max` characters (at a word when it can) with "…". */
export function shorten(text: string, max = TOAST_MAX): string {
  const one = text.replace(/\s+/g, ' ').trim();
  if (one.length <= max) return one;
  const cut = one.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return (space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:(]+$/, '') + '…';
}

/** The first sentence (or clause before a colon-led list) of a server message. */
function firstSentence(message: string): string {
  const m = /^(.*?[.;])(\s|$)/s.exec(message.trim());
  return (m ? m[1] : message.trim()).replace(/[.;]$/, '');
}

/** Whether a failed launch failed because the module has no main program and no driver was given. */
export function needsDriver(r: LaunchResult): boolean {
  return r.status !== 'ok' && /nothing to launch|no program entry point|--driver=FILE/.test(r.message ?? '');
}

export interface ResultText {
  level: 'info' | 'warning' | 'error';
  /** For the toast: one line, at most TOAST_MAX characters. */
  text: string;
  /** Offer "Choose driver…": the module has no main program. */
  needsDriver?: boolean;
}

/** The toast after a launch (the full message goes to the output channel). */
export function describeResult(r: LaunchResult, device: string): ResultText {
  const job = r.slurmJobId ? ` (Slurm job ${r.slurmJobId})` : '';
  switch (r.status) {
    case 'ok':
      return { level: 'info', text: `Program on ${device}${job} exited with code ${r.exitCode ?? 0}.` };
    case 'cancelled':
      return { level: 'warning', text: `Launch on ${device}${job} cancelled.` };
    case 'timeout':
      return { level: 'warning', text: shorten(`Launch on ${device}${job} timed out${r.stage ? ` in stage "${r.stage}"` : ''}.`) };
    default:
      if (needsDriver(r))
        return { level: 'error', needsDriver: true, text: 'Nothing to run: the module has no main program. Choose a driver that calls it.' };
      return {
        level: 'error',
        text: shorten(`Launch on ${device}${job} failed${r.stage ? ` in stage "${r.stage}"` : ''}` +
          `${r.exitCode !== undefined ? ` (exit code ${r.exitCode})` : ''}${r.message ? `: ${firstSentence(r.message)}` : '.'}`),
      };
  }
}

/** A device reason cut for a QuickPick row or toast (the server's full text goes to the output channel). */
export function shortReason(reason: string | undefined, max = TOAST_MAX): string {
  return shorten(reason || 'not available on this machine', max);
}

/**
 * Drivers for one file: the `ompx.launch.fileDrivers` entry naming it (a key
 * relative to its workspace folder, or absolute), else `ompx.launch.drivers`.
 * `${workspaceFolder}` expanded in both (see expandDrivers).
 */
export function driversFor(fsPath: string, workspaceFolder: string | undefined, drivers: unknown, fileDrivers: unknown): string[] {
  if (fileDrivers && typeof fileDrivers === 'object' && !Array.isArray(fileDrivers)) {
    const norm = (p: string) => p.replace(/\\/g, '/').replace(/\/+$/, '');
    const file = norm(fsPath);
    const folder = workspaceFolder ? norm(workspaceFolder) : undefined;
    for (const [key, value] of Object.entries(fileDrivers as Record<string, unknown>)) {
      let k = norm(key.replace(/^\$\{workspaceFolder\}(?=$|[\\/])/, folder ?? '${workspaceFolder}'));
      if (!k.startsWith('/') && !/^[A-Za-z]:/.test(k) && folder) k = `${folder}/${k.replace(/^\.\//, '')}`;
      if (k === file) return expandDrivers(Array.isArray(value) ? value : [value], workspaceFolder);
    }
  }
  return expandDrivers(drivers, workspaceFolder);
}
