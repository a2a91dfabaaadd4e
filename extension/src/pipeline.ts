// The client side of the pass explorer and the reducer: ompx.pipeline (the
// saved file through the launch's build, a snapshot after every pass that
// changed it), ompx.pipelineSnapshot (one snapshot's text), ompx.pipelineFollow
// (what became of the op at a position) and ompx.reduce (STEM.reduced.mlir).
// Pure protocol logic over RpcPeer, so node --test drives it against the real
// server; the VS Code glue is in pipelineUI.ts.
import { CancellationToken, Disposable, WorkDoneProgress } from 'vscode-languageserver-protocol';
import { RpcPeer } from './launch';

export const PIPELINE = 'ompx.pipeline';
export const PIPELINE_SNAPSHOT = 'ompx.pipelineSnapshot';
export const PIPELINE_FOLLOW = 'ompx.pipelineFollow';
export const REDUCE = 'ompx.reduce';
/** A snapshot's read-only document: `ompx-pipeline:/RUN/NAME`. */
export const PIPELINE_SCHEME = 'ompx-pipeline';
const REQUEST_CANCELLED = -32800;

export interface Pass {
  number: number;
  /** `005-host-convert-hlfir-to-fir.mlir` */
  name: string;
  /** The pass argument or the compile's step (`translate-to-llvm-ir`). */
  pass: string;
  /** hlfir, fir, llvm-dialect, llvm-ir, asm */
  stage: string;
  /** input (before the host/device split), host, device */
  view: string;
  changed: boolean;
  failed: boolean;
  opCounts: Record<string, number>;
  changedFunctions: string[];
  languageId: string;
  uri: string;
  /** The number of the snapshot before it in its view (the input's last for a view's first). */
  previous?: number;
}

export interface PipelineFailure {
  stage: string;
  message: string;
  pass: string;
  view: string;
  crashed: boolean;
  afterSnapshot: number;
}

export interface PipelineResult {
  run: string;
  source: string;
  status: 'ok' | 'failed' | 'timeout';
  views: { view: string; passes: Pass[] }[];
  snapshots: number;
  failure?: PipelineFailure;
  message?: string;
}

export interface Snapshot extends Pass { text: string }

/** A pass in an op's history: the pass's fields, what the op was after it, and where. */
export interface FollowStep extends Pick<Pass, 'number' | 'name' | 'pass' | 'stage' | 'view' | 'changed'> {
  /** `@_QQmain: omp.target`, `kernel @__omp_offloading_..._l12`, ... */
  found: string[];
  uri: string;
}

export interface FollowResult {
  target: string;
  steps: FollowStep[];
  /** The op's line in the run's source, when it comes from that file (from a kernel: its omp.target). */
  source?: { uri: string; range: { start: { line: number; character: number } } };
}

export type ReduceMode = 'crash' | 'lowering' | 'diagnostic';
export interface ReduceRequest { uri: string; mode: ReduceMode; diagnostic?: string; timeout?: number }
export interface ReduceResult { path: string; uri: string; from: number; to: number; notes: string[] }

export interface PipelineRequest {
  uri: string;
  device?: string;
  offloadArch?: string;
  after?: 'changed' | 'all';
}

let tokenCounter = 0;

/** Runs `command` with a workDoneToken, `onReport` getting each progress message. */
async function withProgress<R>(peer: RpcPeer, command: string, arg: unknown,
  onReport?: (message: string) => void, token?: CancellationToken): Promise<R> {
  const workDoneToken = `ompx-${command}-${process.pid}-${Date.now()}-${++tokenCounter}`;
  const subs: Disposable[] = [];
  if (onReport)
    subs.push(peer.onProgress(WorkDoneProgress.type, workDoneToken, (v) => {
      if (v.kind === 'report' && v.message) onReport(v.message);
    }));
  const params = { command, arguments: [arg], workDoneToken };
  try {
    return await (token ? peer.sendRequest<R>('workspace/executeCommand', params, token)
      : (peer.sendRequest as any)('workspace/executeCommand', params));
  } finally {
    for (const s of subs) s.dispose();
  }
}

/** Whether a request failed because it was cancelled. */
export function isCancelled(e: any): boolean {
  return e?.code === REQUEST_CANCELLED;
}

/** The document's saved file through the pipeline; `onStage` gets each stage. */
export function runPipeline(peer: RpcPeer, req: PipelineRequest, onStage?: (stage: string) => void,
  token?: CancellationToken): Promise<PipelineResult> {
  const arg: Record<string, unknown> = { uri: req.uri };
  for (const k of ['device', 'offloadArch', 'after'] as const) if (req[k]) arg[k] = req[k];
  return withProgress<PipelineResult>(peer, PIPELINE, arg, onStage, token);
}

export function snapshot(peer: RpcPeer, run: string, name: string | number): Promise<Snapshot> {
  return peer.sendRequest<Snapshot>('workspace/executeCommand',
    { command: PIPELINE_SNAPSHOT, arguments: [{ run, snapshot: String(name) }] });
}

export function follow(peer: RpcPeer, run: string, uri: string, position: { line: number; character: number }): Promise<FollowResult> {
  return peer.sendRequest<FollowResult>('workspace/executeCommand',
    { command: PIPELINE_FOLLOW, arguments: [{ run, uri, position }] });
}

export function reduce(peer: RpcPeer, req: ReduceRequest, onReport?: (message: string) => void,
  token?: CancellationToken): Promise<ReduceResult> {
  return withProgress<ReduceResult>(peer, REDUCE, req, onReport, token);
}

/** Every pass of a run, in the order they ran. */
export function allPasses(r: PipelineResult): Pass[] {
  return r.views.flatMap((v) => v.passes).sort((a, b) => a.number - b.number);
}

/** The run and snapshot name of an `ompx-pipeline:/RUN/NAME` URI (as a string). */
export function parseSnapshotUri(uri: string): { run: string; name: string } | undefined {
  const m = /^ompx-pipeline:\/*([^/]+)\/(.+)$/.exec(uri);
  return m ? { run: m[1], name: decodeURIComponent(m[2]) } : undefined;
}

/** The pass before `pass` (what "Compare with previous pass" shows on the left). */
export function previousPass(r: PipelineResult, pass: Pass): Pass | undefined {
  if (pass.previous === undefined) return undefined;
  return allPasses(r).find((p) => p.number === pass.previous);
}

/** The few op counts that say what a pass did to the offload ops. */
function countsText(p: Pass): string {
  const keys = ['omp.target', 'omp.map.info', 'func.func', 'llvm.func', 'functions', 'kernels'];
  return keys.filter((k) => p.opCounts[k] !== undefined).map((k) => `${k} ${p.opCounts[k]}`).join(', ');
}

export interface PassItem { label: string; description: string; detail: string; pass: Pass }

/** A QuickPick entry per pass: `005 convert-hlfir-to-fir`, `host · fir · _QQmain`. */
export function passItems(r: PipelineResult): PassItem[] {
  return allPasses(r).map((p) => {
    const what = p.failed ? 'FAILED' : !p.changed ? 'unchanged'
      : p.changedFunctions.length === 1 ? p.changedFunctions[0]
        : p.changedFunctions.length ? `${p.changedFunctions.length} functions changed` : 'module';
    return {
      label: `${String(p.number).padStart(3, '0')} ${p.pass}`,
      description: `${p.view} · ${p.stage} · ${what}`,
      detail: countsText(p),
      pass: p,
    };
  });
}

/** The failure as one line: `failed in input ompx-acc-to-omp (after 001): message`. */
export function describeFailure(r: PipelineResult): string | undefined {
  const f = r.failure;
  if (!f) return r.status === 'timeout' ? 'stopped at the deadline' : undefined;
  const where = f.pass ? `${f.crashed ? 'crashed' : 'failed'} in ${f.view} ${f.pass}` : `failed (${f.stage})`;
  const after = f.afterSnapshot >= 0 ? ` (after ${String(f.afterSnapshot).padStart(3, '0')})` : '';
  return `${where}${after}: ${f.message.split('\n')[0]}`;
}

export interface FollowItem { label: string; description: string; detail: string; step?: FollowStep }

/** The op's source line (when known), then the steps that changed it, each with what it became. */
export function followItems(f: FollowResult): FollowItem[] {
  const source: FollowItem[] = f.source
    ? [{ label: `$(go-to-file) ${f.target}`, description: 'source', detail: 'the op in the source' }] : [];
  return source.concat(f.steps.filter((s) => s.changed).map((s) => ({
    label: `${String(s.number).padStart(3, '0')} ${s.pass}`,
    description: `${s.view} · ${s.stage}`,
    detail: s.found.length ? s.found.join('; ') : '(gone)',
    step: s,
  })));
}

/**
 * The line of a snapshot where the followed op is: its location
 * (`file":LINE:COL`) in MLIR, the kernel or function it became in LLVM IR or
 * assembly; -1 when none is found.
 */
export function lineOfStep(text: string, target: string, step: FollowStep): number {
  const lines = text.split('\n');
  const [file, line, col] = target.split(':');
  const needles: string[] = [];
  if (file && line) needles.push(`${file}":${line}:${col ?? ''}`, `${file}":${line}:`);
  for (const f of step.found) {
    const sym = /@[\w.$]+/.exec(f);
    if (sym) needles.push(`${sym[0]}(`, sym[0]);
  }
  for (const n of needles) {
    const i = lines.findIndex((l) => l.includes(n));
    if (i >= 0) return i;
  }
  return -1;
}
