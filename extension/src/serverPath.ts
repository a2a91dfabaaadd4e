// Finds the ompx-lsp binary. Pure (no `vscode` import) so that node --test can
// drive it: the extension passes its settings, workspace folders and
// environment in, and gets back a path or an error that says what was tried.
//
// Order: the ompx.server.path setting (variables and ~ expanded; when set, it
// is authoritative: a missing file is an error, never a silent fallback), then
// `ompx-lsp` on PATH, then the build directory of each workspace folder, of the
// repository the .vsix was packaged from (dist/build-info.json, written by
// scripts/build-info.mjs), and of the repository the extension sits in
// (extension development; only when that folder is a checkout, so an
// installed extension never lists `<extensions dir>/build/...`).
//
// Workspace trust: a folder's files are its author's code. Unless
// ctx.trusted, no path inside a workspace folder is returned, whichever way it
// is named (the setting, a relative setting or ${workspaceFolder}, a PATH
// entry, a build tree), and relative PATH entries are skipped.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

export const SERVER_NAME = 'ompx-lsp';

/** Build-tree locations, relative to a repository root, checked in order. */
export const BUILD_CANDIDATES = ['build/server/ompx-lsp', 'build/bin/ompx-lsp', 'build/ompx-lsp'];

export interface WorkspaceFolderLike {
  name: string;
  fsPath: string;
}

export interface ResolveContext {
  env: Record<string, string | undefined>;
  homeDir: string;
  platform: string;
  workspaceFolders: WorkspaceFolderLike[];
  /** Whether the workspace is trusted; false: nothing inside a workspace folder is run. */
  trusted: boolean;
  /** Folder of the extension; its parent is searched for a build tree too when it is an ompx checkout. */
  extensionPath?: string;
  /** Repository the .vsix was packaged from (dist/build-info.json), searched after the workspace folders. */
  packagedFrom?: string;
  /** Whether anything exists at `p` (default fs.existsSync). */
  exists?(p: string): boolean;
  /** Whether a regular, executable file is at `p`. */
  isExecutable(p: string): boolean;
}

export type Resolution =
  | { ok: true; path: string; source: 'setting' | 'path' | 'build'; tried: string[] }
  | { ok: false; message: string; tried: string[]; details: string[] };

export function defaultContext(partial: Partial<ResolveContext> = {}): ResolveContext {
  return {
    env: process.env,
    homeDir: os.homedir(),
    platform: process.platform,
    workspaceFolders: [],
    trusted: false,
    isExecutable,
    ...partial,
  };
}

export function isExecutable(p: string): boolean {
  try {
    const st = fs.statSync(p);
    if (!st.isFile()) return false;
    if (process.platform === 'win32') return true;
    fs.accessSync(p, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Expands ${workspaceFolder}, ${workspaceFolder:NAME}, ${workspaceFolderBasename},
 * ${userHome}, ${env:VAR} and a leading ~ / ~/ . Unknown variables are left
 * as they are (so the error message shows them).
 */
export function expandVariables(value: string, ctx: ResolveContext): string {
  const first = ctx.workspaceFolders[0];
  let out = value.replace(/\$\{([^}]+)\}/g, (whole, name: string) => {
    if (name === 'workspaceFolder' || name === 'workspaceRoot') return first ? first.fsPath : whole;
    if (name === 'workspaceFolderBasename') return first ? path.basename(first.fsPath) : whole;
    if (name.startsWith('workspaceFolder:')) {
      const wanted = name.slice('workspaceFolder:'.length);
      const f = ctx.workspaceFolders.find((w) => w.name === wanted);
      return f ? f.fsPath : whole;
    }
    if (name === 'userHome') return ctx.homeDir;
    if (name.startsWith('env:')) return ctx.env[name.slice(4)] ?? '';
    return whole;
  });
  if (out === '~') out = ctx.homeDir;
  else if (out.startsWith('~/') || out.startsWith('~\\')) out = path.join(ctx.homeDir, out.slice(2));
  return out;
}

function realOrResolved(p: string): string {
  try { return fs.realpathSync(p); } catch { return path.resolve(p); }
}

/** Whether `p` (as written, or with its links resolved) lies inside a workspace folder. */
export function insideWorkspace(p: string, ctx: ResolveContext): boolean {
  const within = (child: string, parent: string) => {
    const rel = path.relative(parent, child);
    return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
  };
  const forms = [path.resolve(p), realOrResolved(p)];
  return ctx.workspaceFolders.some((w) => {
    const roots = [path.resolve(w.fsPath), realOrResolved(w.fsPath)];
    return forms.some((f) => roots.some((r) => within(f, r)));
  });
}

/** Looks `name` up in the PATH of ctx.env, as a shell would (untrusted: not in a workspace folder, no relative entry). */
export function findOnPath(name: string, ctx: ResolveContext, tried: string[] = []): string | undefined {
  const sep = ctx.platform === 'win32' ? ';' : ':';
  const exts = ctx.platform === 'win32' ? ['.exe', '.cmd', ''] : [''];
  for (const dir of (ctx.env.PATH ?? ctx.env.Path ?? '').split(sep)) {
    if (!dir) continue;
    if (!ctx.trusted && (!path.isAbsolute(dir) || insideWorkspace(dir, ctx))) continue;
    for (const ext of exts) {
      const candidate = path.join(dir, name + ext);
      tried.push(candidate);
      if (ctx.isExecutable(candidate)) return candidate;
    }
  }
  return undefined;
}

/** Whether `dir` is an ompx checkout (its extension/ and server/ folders). */
export function isCheckout(dir: string, ctx: ResolveContext): boolean {
  const exists = ctx.exists ?? fs.existsSync;
  return exists(path.join(dir, 'server', 'lsp')) && exists(path.join(dir, 'extension', 'package.json'));
}

/**
 * The repository recorded in `<extensionPath>/dist/build-info.json` at package
 * time ({"repo": "/path/to/ompx"}), or undefined.
 */
export function readPackagedFrom(extensionPath: string | undefined): string | undefined {
  if (!extensionPath) return undefined;
  try {
    const info = JSON.parse(fs.readFileSync(path.join(extensionPath, 'dist', 'build-info.json'), 'utf8'));
    return typeof info?.repo === 'string' && info.repo ? info.repo : undefined;
  } catch {
    return undefined;
  }
}

/** Repository roots whose build tree may hold the server, in search order (the workspace folders only when trusted). */
export function buildRoots(ctx: ResolveContext): string[] {
  const roots = ctx.trusted ? ctx.workspaceFolders.map((w) => w.fsPath) : [];
  if (ctx.packagedFrom) roots.push(ctx.packagedFrom);
  if (ctx.extensionPath && isCheckout(path.dirname(ctx.extensionPath), ctx)) roots.push(path.dirname(ctx.extensionPath));
  return [...new Set(roots)].filter((r) => ctx.trusted || !insideWorkspace(r, ctx));
}

export function resolveServer(setting: string | undefined, ctx: ResolveContext): Resolution {
  const tried: string[] = [];
  const raw = (setting ?? '').trim();
  if (raw) {
    let p = expandVariables(raw, ctx);
    if (!path.isAbsolute(p) && ctx.workspaceFolders[0]) p = path.join(ctx.workspaceFolders[0].fsPath, p);
    const shown = p === raw ? `"${raw}"` : `"${raw}" (expanded to "${p}")`;
    if (!ctx.trusted && insideWorkspace(p, ctx)) {
      return {
        ok: false,
        tried,
        // The reason first, as above.
        message: `untrusted workspace: ompx.server.path ${shown} is inside a workspace folder; trust the workspace to run it.`,
        details: [`ompx.server.path: ${p} (not run: inside a workspace folder of an untrusted workspace; trust the workspace to use it)`],
      };
    }
    tried.push(p);
    if (ctx.isExecutable(p)) return { ok: true, path: p, source: 'setting', tried };
    return {
      ok: false,
      tried,
      // The reason first: the toast cuts the message at 110 characters, a long path would hide it.
      message: `no executable file at ompx.server.path ${shown}.`,
      details: [`ompx.server.path: ${p} (not an executable file)`],
    };
  }
  const onPath = findOnPath(SERVER_NAME, ctx, tried);
  if (onPath) return { ok: true, path: onPath, source: 'path', tried };
  const roots = buildRoots(ctx);
  const builds: string[] = [];
  for (const root of roots) {
    for (const rel of BUILD_CANDIDATES) {
      const candidate = path.join(root, rel);
      tried.push(candidate);
      builds.push(candidate);
      if (ctx.isExecutable(candidate)) return { ok: true, path: candidate, source: 'build', tried };
    }
  }
  const pathDirs = (ctx.env.PATH ?? ctx.env.Path ?? '').split(ctx.platform === 'win32' ? ';' : ':').filter((d) => d);
  const details = [
    'ompx.server.path: not set',
    `PATH: ${pathDirs.join(ctx.platform === 'win32' ? ';' : ':') || '(empty)'}`,
    roots.length ? `build folders: ${builds.join(', ')}` : 'build folders: none (no workspace folder, no recorded repository)',
    ...(!ctx.trusted && ctx.workspaceFolders.length
      ? ['workspace folders not searched: the workspace is not trusted (PATH entries inside them and relative ones skipped too)'] : []),
    `Build it (bash scripts/setup.sh in the ompx repository) or set ompx.server.path.`,
  ];
  return {
    ok: false,
    tried,
    details,
    message:
      `${SERVER_NAME} not found (setting empty, not on PATH, not in ${roots.length} build folder${roots.length === 1 ? '' : 's'}).`,
  };
}
