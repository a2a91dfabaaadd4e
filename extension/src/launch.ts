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
export const LAUNCH_OUTPUT = 'ompx/launchOutput';
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

export interface LaunchRequest {
  uri: string;
  device: string;
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
}

export interface LaunchResult {
  status: 'ok' | 'failed' | 'cancelled' | 'timeout' | string;
  exitCode?: number;
  stage?: string;
  message?: string;
}

export type OutputStream = 'stdout' | 'stderr' | 'log';

export interface LaunchHooks {
  /** A $/progress begin/report: the stage (parse, lower host, ... run). */
  onStage?(stage: string, percentage?: number): void;
  /** ompx/launchOutput text for this document. */
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
  const r = await send<{ devices?: Device[] } | null>(peer,
    'workspace/executeCommand', { command: LIST_DEVICES, arguments: [] }, token);
  if (!r || !Array.isArray(r.devices)) throw new Error(`${LIST_DEVICES} returned no device list`);
  return r.devices;
}

export interface DeviceItem {
  label: string;
  description: string;
  detail?: string;
  device: Device;
}

/** QuickPick rows: available devices first; unavailable ones say why. */
export function deviceItems(devices: Device[]): DeviceItem[] {
  const sorted = [...devices].sort((a, b) => Number(b.available) - Number(a.available));
  return sorted.map((d) => ({
    label: d.available ? `$(vm) ${d.id}` : `$(circle-slash) ${d.id}`,
    description: d.available ? d.description : `${d.description} (unavailable)`,
    detail: d.available ? undefined : (d.reason || 'not available on this machine'),
    device: d,
  }));
}

/**
 * The argument of ompx.compileAndLaunch: optional fields only when they say
 * something (args/drivers non-empty, timeout > 0).
 */
export function launchArgument(req: LaunchRequest): LaunchRequest {
  const arg: LaunchRequest = { uri: req.uri, device: req.device };
  if (req.args && req.args.length) arg.args = [...req.args];
  if (req.timeout && req.timeout > 0) arg.timeout = req.timeout;
  if (req.drivers && req.drivers.length) arg.drivers = [...req.drivers];
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
  subs.push(peer.onProgress(WorkDoneProgress.type, workDoneToken,
    (v: WorkDoneProgressBegin | WorkDoneProgressReport | WorkDoneProgressEnd) => {
      if (v.kind === 'end') return;
      const stage = v.message ?? (v.kind === 'begin' ? v.title : undefined);
      if (stage) hooks.onStage?.(stage, v.percentage);
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

/** One line for the notification after a launch. */
export function describeResult(r: LaunchResult, device: string): { level: 'info' | 'warning' | 'error'; text: string } {
  switch (r.status) {
    case 'ok':
      return { level: 'info', text: `Program on ${device} exited with code ${r.exitCode ?? 0}.` };
    case 'cancelled':
      return { level: 'warning', text: `Launch on ${device} cancelled.` };
    case 'timeout':
      return { level: 'warning', text: `Launch on ${device} timed out${r.stage ? ` in stage "${r.stage}"` : ''}.` };
    default:
      return {
        level: 'error',
        text: `Launch on ${device} failed${r.stage ? ` in stage "${r.stage}"` : ''}` +
          `${r.exitCode !== undefined ? ` (exit code ${r.exitCode})` : ''}${r.message ? `: ${r.message}` : '.'}`,
      };
  }
}
