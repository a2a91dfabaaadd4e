// Where to put "▶ Launch" CodeLenses: every function that holds an omp.target,
// or (when no function does, e.g. an omp.target at module level) the outermost
// module that holds one. Pure text scan, no server needed, so lenses appear as
// soon as a file opens; the launch itself compiles the whole file.

export interface LaunchTarget {
  /** 0-based line of the function / module op. */
  line: number;
  /** Column where the op name starts. */
  character: number;
  kind: 'function' | 'module';
  /** Symbol name without @, '' for an anonymous module. */
  name: string;
  /** 0-based line of the first omp.target inside. */
  targetLine: number;
}

const RESULTS = String.raw`(?:%[\w$.-]+(?::\d+)?(?:\s*,\s*%[\w$.-]+(?::\d+)?)*\s*=\s*)?`;
const CONTAINER = new RegExp(
  String.raw`^(\s*)${RESULTS}(func\.func|llvm\.func|gpu\.func|module|builtin\.module|gpu\.module)\b(?:\s+(?:private|public|nested|internal|external|linkonce|weak|common|appending)\b)*\s*(?:@([\w$.-]+|"[^"]*"))?`,
);
const TARGET = new RegExp(String.raw`^\s*${RESULTS}(?:omp\.target(?![\w$.])|"omp\.target")`);

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

export function findLaunchTargets(text: string): LaunchTarget[] {
  const lines = text.split(/\r?\n/);
  interface Open { t: LaunchTarget; depth: number; hasTarget: boolean }
  const stack: Open[] = [];
  const found: Open[] = [];
  let depth = 0;
  for (let n = 0; n < lines.length; n++) {
    const raw = lines[n];
    if (/^\s*\/\/\s?-----/.test(raw)) { depth = 0; stack.length = 0; continue; } // split marker: new chunk
    const line = code(raw);
    const m = CONTAINER.exec(line);
    if (TARGET.test(raw)) {
      for (const o of stack) if (!o.hasTarget) { o.hasTarget = true; o.t.targetLine = n; }
    }
    const opens = (line.match(/\{/g) ?? []).length;
    const closes = (line.match(/\}/g) ?? []).length;
    const before = depth;
    depth += opens - closes;
    if (m && depth > before) {
      const kind = /func$/.test(m[2]) ? 'function' : 'module';
      const name = (m[3] ?? '').replace(/^"|"$/g, '');
      const o: Open = { t: { line: n, character: m[1].length, kind, name, targetLine: -1 }, depth: before, hasTarget: false };
      stack.push(o);
      found.push(o);
    }
    while (stack.length && depth <= stack[stack.length - 1].depth) stack.pop();
  }
  const withTarget = found.filter((o) => o.hasTarget);
  const functions = withTarget.filter((o) => o.t.kind === 'function');
  if (functions.length) return functions.map((o) => o.t);
  // No function holds one: the outermost module(s) that do.
  const modules = withTarget.filter((o) => o.t.kind === 'module');
  return modules.filter((o) => !modules.some((p) => p !== o && p.t.line < o.t.line && p.depth < o.depth)).map((o) => o.t);
}
