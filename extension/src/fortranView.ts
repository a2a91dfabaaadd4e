// The client side of the Fortran -> MLIR view: ompx.emitMLIR (flang-22 through
// `ompx-lsp emit`, the MLIR written next to the Fortran), ompx.fortranLocation
// (MLIR position -> Fortran line) and ompx.mlirLocations (Fortran line -> ops).
// Pure protocol logic over RpcPeer, so node --test drives it against the real
// server; the VS Code glue is in fortranViewUI.ts.
import { RpcPeer } from './launch';

export const EMIT_MLIR = 'ompx.emitMLIR';
export const FORTRAN_LOCATION = 'ompx.fortranLocation';
export const MLIR_LOCATIONS = 'ompx.mlirLocations';

export type EmitKind = 'hlfir' | 'fir' | 'llvm';

export interface EmitRequest {
  /** The Fortran file (file: URI). */
  uri: string;
  kind?: EmitKind;
  /** nvptx, amdgpu, host, or an arch (sm_90, gfx90a): the device-side module. */
  device?: string;
}

export interface EmitResult {
  /** The MLIR file written next to the Fortran (STEM.hlfir.mlir, ...). */
  uri: string;
  path: string;
  kind: EmitKind;
  /** The command that ran, and flang's warnings. */
  command: string[];
  stderr: string;
}

export interface Position { line: number; character: number }
export interface Range { start: Position; end: Position }
export interface Location { uri: string; range: Range }
export interface FortranLocation extends Location { path: string; op: string }

const FORTRAN_EXT = /\.(f|f90|f95|f03|f08|f18|for|ftn|fpp|f77)$/i;

/** Whether `path` names Fortran source by its extension. */
export function isFortranPath(path: string): boolean {
  return FORTRAN_EXT.test(path);
}

/** Where the server writes the MLIR of `fortranPath` (pipeline::emitOutputPath). */
export function mlirPathFor(fortranPath: string, kind: EmitKind = 'hlfir', device = false): string {
  const slash = fortranPath.lastIndexOf('/');
  const dir = slash >= 0 ? fortranPath.slice(0, slash + 1) : '';
  const name = fortranPath.slice(slash + 1);
  const stem = name.split('.')[0] || name;
  return `${dir}${stem}${device ? '.device' : ''}.${kind}.mlir`;
}

function execute<R>(peer: RpcPeer, command: string, arg: unknown): Promise<R> {
  return peer.sendRequest<R>('workspace/executeCommand', { command, arguments: [arg] });
}

/** Runs flang-22 on the Fortran file; rejects with flang's message when it fails. */
export function emitMLIR(peer: RpcPeer, request: EmitRequest): Promise<EmitResult> {
  const arg: Record<string, unknown> = { uri: request.uri, kind: request.kind ?? 'hlfir' };
  if (request.device) arg.device = request.device;
  return execute<EmitResult>(peer, EMIT_MLIR, arg);
}

/** The Fortran line the op at `position` of the MLIR document came from, or null. */
export function fortranLocation(peer: RpcPeer, mlirUri: string, position: Position): Promise<FortranLocation | null> {
  return execute<FortranLocation | null>(peer, FORTRAN_LOCATION, { uri: mlirUri, position });
}

/** The ops of the (open) MLIR document that came from `line` (0-based) of the Fortran file. */
export function mlirLocations(peer: RpcPeer, mlirUri: string, fortranUri: string, line: number): Promise<Location[]> {
  return execute<Location[]>(peer, MLIR_LOCATIONS, { uri: mlirUri, fortranUri, line });
}
