#!/usr/bin/env python3
"""Runs the conformance suite of this folder through ompx-lsp and prints a
table of every check on every device.

Each PROGRAM.f90 here is a self-checking program written for this suite: it
prints "NAME: ok" or "NAME: FAIL got G expected E" for each check_*('NAME',
...) call it makes (check.fi). For each program the runner emits the Fortran
once (ompx-lsp emit) and launches the MLIR on each device (ompx-lsp launch
--device=D), then classifies each check on each device:

  right    the program printed "NAME: ok"
  refused  the emit or the launch's build stopped before the program ran;
           the reason is ompx's first error line (the op's location in it);
           or the program itself stopped at one of ompx's run-time checks
           ("fatal Fortran runtime error: ompx: ...") before the check's line
  wrong    a FAIL line, a crash, a timeout, or no line for the check

A wrong result fails the run (exit 1) unless known.txt lists it; a known.txt
entry that no longer happens fails the run too, so a fix is noticed.

    test/conformance/run_conformance.py --ompx build/server/ompx-lsp
    test/conformance/run_conformance.py --ompx build/server/ompx-lsp \\
        --devices host-offload --programs acc_atomic,omp_map -v
    test/conformance/run_conformance.py --ompx build/server/ompx-lsp \\
        --markdown docs/conformance.md
"""

import argparse
import concurrent.futures
import datetime
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
STATUSES = ('right', 'refused', 'wrong')
CHECK_CALL = re.compile(r"call\s+check_\w+\s*\(\s*'([^']+)'", re.IGNORECASE)
OK_LINE = re.compile(r'^\s*(\S+): ok\s*$')
FAIL_LINE = re.compile(r'^\s*(\S+): FAIL\b\s*(.*)$')
TABLE_BEGIN = '<!-- conformance-table:begin -->'
TABLE_END = '<!-- conformance-table:end -->'


@dataclass
class Result:
    status: str
    reason: str = ''
    known: str = ''          # why known.txt expects this result
    predicted: str = ''      # refused: what --check --lowering said of it


@dataclass
class Program:
    name: str
    source: str
    checks: list
    results: dict = field(default_factory=dict)  # (check, device) -> Result
    check_findings: list = field(default_factory=list)  # --check --lowering
    seconds: float = 0.0


def programs_in(folder, only):
    found = []
    for path in sorted(glob.glob(os.path.join(folder, '*.f90'))):
        name = os.path.splitext(os.path.basename(path))[0]
        if only and name not in only:
            continue
        with open(path) as f:
            checks = CHECK_CALL.findall(f.read())
        dups = sorted({c for c in checks if checks.count(c) > 1})
        if not checks or dups:
            raise SystemExit(f'run_conformance: {path}: ' +
                             (f'check names used twice: {", ".join(dups)}' if dups
                              else 'no check_*(NAME, ...) call'))
        found.append(Program(name, path, checks))
    missing = set(only or ()) - {p.name for p in found}
    if missing:
        raise SystemExit('run_conformance: no such program: ' + ', '.join(sorted(missing)))
    return found


def run(cmd, cwd, env, timeout):
    """(exit status, stdout, stderr); 124 and what was read on a timeout."""
    try:
        proc = subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True, errors='replace',
                              timeout=timeout)
        return proc.returncode, proc.stdout, proc.stderr
    except subprocess.TimeoutExpired as e:
        def text(b):
            return b.decode(errors='replace') if isinstance(b, bytes) else (b or '')
        return 124, text(e.stdout), text(e.stderr) + f'\nrunner: killed after {timeout} s'


def first_error(stderr, work):
    """ompx's first error line, with the scratch folder taken out of paths."""
    lines = [l.strip() for l in stderr.splitlines() if l.strip()]
    for pick in (lambda l: ' error: ' in l or l.startswith('error:'),
                 lambda l: 'error' in l.lower()):
        for line in lines:
            if pick(line):
                return shorten(line, work)
    return shorten(lines[-1], work) if lines else 'no message'


def shorten(line, work):
    line = line.replace(work + os.sep, '').replace(work, '.')
    line = re.sub(r'/tmp/ompx-launch-[^/\s]+/', '', line)
    # A contained compiler crash: the message, not the stack trace after it.
    line = line.split(' (the crash was contained', 1)[0]
    return line[:300]


def last_lines(text, n=2):
    """The last lines of stderr that are not launch stage lines."""
    lines = [l.strip() for l in text.splitlines()
             if l.strip() and not l.startswith('ompx-lsp: [')]
    return ' | '.join(lines[-n:])


def message_of(line):
    """A diagnostic's text without location, severity and stage tag."""
    m = re.search(r'(?:error|warning): (?:\[[^\]]+\] )?(.*)', line)
    return (m.group(1) if m else line).strip()


def prediction(prog, reason):
    """Whether --check --lowering said what the launch refused for:
    'same' (the same message), 'other: MSG' (a different finding) or 'silent'."""
    core = message_of(reason).split(';')[0][:60]
    findings = [message_of(f) for f in prog.check_findings]
    if any(core and core in f for f in findings):
        return 'same'
    return f'other: {findings[0][:120]}' if findings else 'silent'


def classify(prog, device, rc, out, err, work):
    """Fills prog.results for one launch on one device."""
    ran = '[run]' in err
    if rc != 0 and not ran:
        reason = first_error(err, work)
        status = 'refused' if rc == 3 else 'wrong'
        if status == 'wrong':
            reason = f'launch exit {rc} before the run: {reason}'
        predicted = prediction(prog, reason) if status == 'refused' else ''
        for check in prog.checks:
            prog.results[(check, device)] = Result(status, reason, predicted=predicted)
        return
    seen = {}
    for line in out.splitlines():
        m = OK_LINE.match(line)
        if m:
            seen.setdefault(m.group(1), Result('right'))
            continue
        m = FAIL_LINE.match(line)
        if m:
            seen[m.group(1)] = Result('wrong', 'FAIL ' + m.group(2).strip())
    if rc == 124:
        why = 'timed out'
    elif rc != 0:
        why = f'exit {rc}: {shorten(last_lines(err), work)}'
    else:
        why = 'exit 0'
    # ompx's run-time refusal (a check the compiler put before a map it
    # cannot make right): the checks after it are refused, not wrong.
    # (The Fortran runtime names the source line when the call has one:
    # "fatal Fortran runtime error(f.f90:18): ompx: ...".)
    stop = next((m.group(1).strip() for m in map(
        re.compile(r'fatal Fortran runtime error(?:\([^)]*\))?: (ompx: .*)').search,
        (out + '\n' + err).splitlines()) if m), None)
    for check in prog.checks:
        prog.results[(check, device)] = seen.pop(check, None) or (
            Result('refused', 'at run time: ' + stop, predicted='silent')
            if stop else Result('wrong', f'no line for the check ({why})'))
    for check in seen:  # a line the source does not name: a broken program
        if check not in prog.checks:
            prog.checks.append(check)
        prog.results[(check, device)] = Result('wrong', 'line for a check the source does not call')
    if rc != 0 and not stop and all(prog.results[(c, device)].status == 'right'
                                    for c in prog.checks):
        if '<exit>' not in prog.checks:
            prog.checks.append('<exit>')
        prog.results[('<exit>', device)] = Result('wrong', f'every check ok, but {why}')


def run_program(opts, prog, scratch):
    """Emits the program once, launches it on each device."""
    start = time.monotonic()
    work = os.path.join(scratch, prog.name)
    os.makedirs(work)
    shutil.copy(prog.source, work)
    shutil.copy(os.path.join(HERE, 'check.fi'), work)
    env = dict(os.environ, XDG_CACHE_HOME=os.path.join(scratch, 'xdg-cache'))
    src = os.path.basename(prog.source)
    mlir = prog.name + '.hlfir.mlir'
    log = [f'$ ompx-lsp emit {src} -o {mlir}']
    rc, out, err = run([opts.ompx, 'emit', src, '-o', mlir], work, env, opts.timeout)
    log.append(err)
    if rc != 0:
        reason = 'emit: ' + first_error(err, work)
        for device in opts.devices:
            for check in prog.checks:
                prog.results[(check, device)] = Result('refused', reason)
        prog.seconds = time.monotonic() - start
        return prog, '\n'.join(log)
    rc, out, err = run([opts.ompx, '--check', '--lowering', mlir], work, env, opts.timeout)
    log += ['$ ompx-lsp --check --lowering ' + mlir, out, err]
    prog.check_findings = [l.strip() for l in (out + err).splitlines()
                           if re.search(r':\d+:\d+: (error|warning): ', l)]
    for device in opts.devices:
        cmd = [opts.ompx, 'launch', mlir, f'--device={device}',
               f'--timeout={opts.run_timeout}']
        log.append('$ ompx-lsp ' + ' '.join(cmd[1:]))
        rc, out, err = run(cmd, work, env, opts.timeout)
        log += [out, err, f'(exit {rc})']
        classify(prog, device, rc, out, err, work)
    prog.seconds = time.monotonic() - start
    return prog, '\n'.join(log)


@dataclass
class Known:
    program: str
    check: str
    device: str
    status: str
    why: str
    line: int
    used: bool = False


def read_known(path):
    entries = []
    if not path or not os.path.exists(path):
        return entries
    with open(path) as f:
        for number, raw in enumerate(f, 1):
            line = raw.strip()
            if not line or line.startswith('#'):
                continue
            parts = line.split(None, 4)
            if len(parts) < 5 or parts[3] not in ('wrong', 'refused'):
                raise SystemExit(f'{path}:{number}: expected "PROGRAM CHECK DEVICE '
                                 f'wrong|refused WHY", got: {raw.rstrip()}')
            entries.append(Known(*parts, line=number))
    return entries


def apply_known(programs, known, devices, path):
    """Marks known results; returns the errors: stale entries."""
    errors = []
    by_name = {p.name: p for p in programs}
    for entry in known:
        prog = by_name.get(entry.program)
        if prog is None or entry.device not in devices:
            continue  # not run this time
        checks = prog.checks if entry.check == '*' else [entry.check]
        hits = 0
        for check in checks:
            result = prog.results.get((check, entry.device))
            if result and result.status == entry.status:
                result.known = entry.why
                hits += 1
        if not hits:
            now = ', '.join(sorted({prog.results[(c, entry.device)].status for c in checks
                                    if (c, entry.device) in prog.results})) or 'no such check'
            errors.append(f'{path}:{entry.line}: {entry.program} {entry.check} '
                          f'{entry.device}: expected {entry.status}, now {now} '
                          f'(update known.txt)')
    return errors


def rows(programs, devices):
    for prog in programs:
        for check in prog.checks:
            results = [prog.results.get((check, d), Result('wrong', 'not run')) for d in devices]
            yield prog, check, results


def cell(result):
    return result.status + (' (known)' if result.known else '')


def reasons(devices, results):
    parts = {}
    for device, result in zip(devices, results):
        if result.status == 'right':
            continue
        text = result.reason
        if result.predicted:
            text += f' [--check --lowering: {result.predicted}]'
        if result.known:
            text += f' [known: {result.known}]'
        parts.setdefault(text, []).append(device)
    return '; '.join(f'{"/".join(ds)}: {text}' if len(devices) > 1 else text
                     for text, ds in parts.items())


def totals(programs, devices):
    counts = {d: dict.fromkeys(STATUSES, 0) for d in devices}
    for _, _, results in rows(programs, devices):
        for device, result in zip(devices, results):
            counts[device][result.status] += 1
    return counts


def print_table(programs, devices):
    head = ['program', 'check'] + devices + ['reason']
    body = [[p.name, c] + [cell(r) for r in rs] + [reasons(devices, rs)]
            for p, c, rs in rows(programs, devices)]
    widths = [max(len(x[i]) for x in [head] + body) for i in range(len(head) - 1)]
    for line in [head] + body:
        print('  '.join(x.ljust(w) for x, w in zip(line, widths)) + '  ' + line[-1])


def totals_line(counts):
    return '; '.join(f'{d}: ' + ', '.join(f'{c[s]} {s}' for s in STATUSES)
                     for d, c in counts.items())


def commit_of_repo():
    try:
        head = subprocess.run(['git', '-C', REPO, 'rev-parse', '--short', 'HEAD'],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                              text=True).stdout.strip()
        dirty = subprocess.run(['git', '-C', REPO, 'status', '--porcelain', '--',
                                os.path.relpath(HERE, REPO)], stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL, text=True).stdout.strip()
        return (head or 'unknown') + (' (suite modified)' if dirty else '')
    except OSError:
        return 'unknown'


def markdown(programs, devices, counts, seconds):
    md = lambda s: s.replace('|', '\\|')
    out = [f'Generated by `test/conformance/run_conformance.py` on '
           f'{datetime.date.today().isoformat()} at commit {commit_of_repo()} '
           f'({len(programs)} programs, {seconds:.0f} s).', '',
           '| device | right | refused | wrong |', '|---|---|---|---|']
    for device, c in counts.items():
        out.append(f'| {device} | {c["right"]} | {c["refused"]} | {c["wrong"]} |')
    out += ['', '| program | check | ' + ' | '.join(devices) + ' | reason |',
            '|---|---|' + '---|' * len(devices) + '---|']
    for prog, check, results in rows(programs, devices):
        out.append(f'| {prog.name} | {md(check)} | ' +
                   ' | '.join(cell(r) for r in results) +
                   f' | {md(reasons(devices, results))} |')
    return '\n'.join(out) + '\n'


def write_markdown(path, table):
    """Replaces the text between the table markers of path, or writes it."""
    text = ''
    if os.path.exists(path):
        with open(path) as f:
            text = f.read()
    if TABLE_BEGIN in text and TABLE_END in text:
        before, rest = text.split(TABLE_BEGIN, 1)
        after = rest.split(TABLE_END, 1)[1]
        text = f'{before}{TABLE_BEGIN}\n{table}{TABLE_END}{after}'
    else:
        text = f'{TABLE_BEGIN}\n{table}{TABLE_END}\n'
    with open(path, 'w') as f:
        f.write(text)


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--ompx', required=True, help='the ompx-lsp binary')
    ap.add_argument('--devices', default='host,host-offload')
    ap.add_argument('--jobs', type=int, default=2, help='programs built at once')
    ap.add_argument('--programs', default='', help='comma-separated names (default: all)')
    ap.add_argument('--known', default=os.path.join(HERE, 'known.txt'))
    ap.add_argument('--markdown', help='write the table into this file')
    ap.add_argument('--timeout', type=int, default=300, help='seconds per emit or launch')
    ap.add_argument('--run-timeout', type=int, default=30,
                    help="seconds the program may run (launch --timeout)")
    ap.add_argument('--keep', help='keep the work folders here')
    ap.add_argument('-v', '--verbose', action='store_true', help='print every log')
    opts = ap.parse_args(argv)
    opts.ompx = os.path.abspath(opts.ompx)
    opts.devices = [d for d in opts.devices.split(',') if d]
    return opts


def main(argv):
    opts = parse_args(argv)
    only = [p for p in opts.programs.split(',') if p]
    programs = programs_in(HERE, only)
    known = read_known(opts.known)
    scratch = opts.keep or tempfile.mkdtemp(prefix='ompx-conformance-')
    os.makedirs(scratch, exist_ok=True)
    start = time.monotonic()
    try:
        with concurrent.futures.ThreadPoolExecutor(max(1, opts.jobs)) as pool:
            futures = [pool.submit(run_program, opts, p, scratch) for p in programs]
            for future in concurrent.futures.as_completed(futures):
                prog, log = future.result()
                print(f'-- {prog.name}: {prog.seconds:.1f} s', flush=True)
                if opts.verbose:
                    print(log)
    finally:
        if not opts.keep:
            shutil.rmtree(scratch, ignore_errors=True)
    seconds = time.monotonic() - start
    errors = apply_known(programs, known, opts.devices, os.path.relpath(opts.known))
    print_table(programs, opts.devices)
    counts = totals(programs, opts.devices)
    print(f'\ntotals: {totals_line(counts)} ({len(programs)} programs, {seconds:.0f} s)')
    unknown = [(p.name, c, d, r) for p, c, rs in rows(programs, opts.devices)
               for d, r in zip(opts.devices, rs) if r.status == 'wrong' and not r.known]
    for name, check, device, result in unknown:
        errors.append(f'wrong: {name} {check} {device}: {result.reason}')
    if opts.markdown:
        write_markdown(opts.markdown, markdown(programs, opts.devices, counts, seconds))
    for error in errors:
        print('error: ' + error)
    return 1 if errors else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
