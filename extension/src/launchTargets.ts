// Where the "▶ Launch" CodeLens goes, and whether there is one: a launch
// compiles and runs the whole file, so a file gets at most one lens, on its
// top-level module (or first line of code when the module is implicit).
// None where nothing can run: a device-only module (omp.is_target_device =
// true), or a module with no main program (`main`, flang's `_QQmain`) and no
// driver. The same rules as the server's launch, which fails at link time
// for a module without an entry point ("nothing to launch ... --driver=FILE").
// Pure text scan, so the extension decides without a round trip.

export interface LaunchLens {
  /** 0-based line and column of the module op (or first code line). */
  line: number;
  character: number;
  /** Symbol name of the module without @, '' when anonymous or implicit. */
  name: string;
  /** The file has a main program (else a driver supplies it). */
  hasMain: boolean;
  /** The file holds OpenACC ops (the lens says so; they launch on any device). */
  openacc: boolean;
}

export type LensDecision = { lens: LaunchLens } | { none: string };

/** The line without its // comment and with string contents blanked. */
function code(line: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (inString) {
      if (c === '\\') { i++; out += '  '; continue; }
      if (c === '"') { inString = false; out += c; } else out += ' ';
      continue;
    }
    if (c === '"') { inString = true; out += c; continue; }
    if (c === '/' && line[i + 1] === '/') break;
    out += c;
  }
  return out;
}

const MODULE = /^(\s*)(?:module|builtin\.module)\b\s*(?:@([\w$.-]+|"[^"]*"))?/;
const MAIN = /^\s*(?:func\.func|llvm\.func)\s+(?:public\s+)?@(?:main|_QQmain|"main"|"_QQmain")\b/;
const DEVICE_ONLY = /omp\.is_target_device\s*=\s*true/;
const ACC = /(?:^|[\s=("])"?acc\.[a-z_]+/;

/** Whether the file has a main program. */
export function hasMainProgram(text: string): boolean {
  return text.split(/\r?\n/).some((l) => MAIN.test(code(l)));
}

/**
 * The one lens of a file, or why there is none. `hasDriver`: a driver with a
 * main program is configured or sits beside the file (STEM.driver.f90, ...).
 */
export function findLaunchLens(text: string, opts: { hasDriver: boolean }): LensDecision {
  const lines = text.split(/\r?\n/);
  let first: { line: number; character: number; name: string } | undefined;
  let module: { line: number; character: number; name: string } | undefined;
  let depth = 0;
  let hasMain = false, openacc = false, deviceOnly = false;
  for (let n = 0; n < lines.length; n++) {
    const line = code(lines[n]);
    if (!line.trim()) continue;
    if (!first) first = { line: n, character: line.length - line.trimStart().length, name: '' };
    const m = MODULE.exec(line);
    if (m && depth === 0 && !module) module = { line: n, character: m[1].length, name: (m[2] ?? '').replace(/^"|"$/g, '') };
    if (MAIN.test(line)) hasMain = true;
    if (ACC.test(line)) openacc = true;
    // Only the top-level module's attributes (before its body opens) make it device-only.
    if (depth === 0 && DEVICE_ONLY.test(line)) deviceOnly = true;
    depth += (line.match(/\{/g) ?? []).length - (line.match(/\}/g) ?? []).length;
  }
  if (!first) return { none: 'empty file' };
  if (deviceOnly) return { none: 'device module (omp.is_target_device = true): nothing runs on the host' };
  if (!hasMain && !opts.hasDriver) return { none: 'no main program and no driver' };
  const at = module ?? first;
  return { lens: { ...at, hasMain, openacc } };
}

/** Default driver files the server looks for beside `file` (STEM: the name up to its first dot). */
export function defaultDriverNames(fileName: string): string[] {
  const stem = fileName.replace(/\..*$/, '');
  return ['f90', 'F90', 'c'].map((e) => `${stem}.driver.${e}`);
}
