#!/usr/bin/env python3
"""Recall and precision of ompx's mapping checks on the planted-bug suite.

test/mapbugs/NAME.f90 holds one planted mapping bug, NAME_ok.f90 its correct
twin. The wrong line of a bug carries `! expect-static: CHECK` (the finding
`ompx-lsp --check` must print at that line) and `! expect-run: CLASS` (what
`ompx-lsp launch --check-maps` must report there: uninitialized-read,
not-copied-back, stale-device-copy, stale-host-read, nowait-host-access,
firstprivate-write or outside-section); a bug with an expect-run line only is
one no static check claims (its twin must still have no finding), one with an
expect-static line only one the checked launch has no class for. A bug may
also carry `! expect-name: 'NAME'`: the
variable a checked launch of the program ompx-flang builds
(`launch --program=EXE --check-maps`, flang's own map names) must name in
its finding of the expect-run class (else the variable the checked launch
names at the marked line).

    python3 bench/mapbugs.py [--ompx build/server/ompx-lsp] [--dir test/mapbugs]
                             [--launch] [--jobs 2] [--json OUT]

Static part: `--check` on every bug and twin; per class (the expected check),
found/planted, and the twins with any finding. With --launch: every program
on --device=host-offload (a bug must print FAIL, a twin PASS), and when
`launch --help` lists --check-maps, each again under the checked launch
(a twin must still PASS; a `nowait` bug may PASS there, as the checked
launch runs deferred regions when they are encountered) and its findings
`PATH:LINE:COL: warning: MSG [mapcheck-CLASS]`: a bug counts as found when a
finding of its expect-run class is at its marked line. A class counts as
covered by the checked launch when `launch --help` names it or the launch
finds any bug of that class. Every bug the checked launch finds, and its twin,
is also built with ompx-flang (next to ompx-lsp) -fompx-check-maps and
launched with --program: the bug's finding must be of its class and name
the variable, the twin have none; the same programs built without the flag
are shown beside (a plain build's checked run), and their twins must have
none either.

Exit 0 when the targets are met (static recall >= 90%, no twin with a static
finding; with --launch, every bug FAILs and every twin PASSes on host-offload,
the checked launch finds every bug of each class it covers, and the
checked build of each such bug's program finds it too, its twin nothing
in a checked build or a plain one),
1 when one
is missed, 2 when a tool is missing or a program does not compile.
"""
import argparse, concurrent.futures, json, os, re, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RUN_CLASSES = ("uninitialized-read", "not-copied-back", "stale-device-copy",
               "stale-host-read", "nowait-host-access", "firstprivate-write",
               "outside-section")
FINDING = re.compile(r"^(?P<path>[^\s:][^:]*):(?P<line>\d+):(?P<col>\d+): "
                     r"(?P<sev>warning|remark|error|information|info): "
                     r"(?P<msg>.*)$")
EXPECT = re.compile(r"!\s*expect-(static|run):\s*([\w-]+)")
EXPECT_NAME = re.compile(r"!\s*expect-name:\s*'([^']+)'")
STATIC_TARGET = 0.90


def programs(folder):
    """[(name, path, {static: (check, line)}, twin path)] of the bugs."""
    out = []
    for f in sorted(os.listdir(folder)):
        if not f.endswith(".f90") or f.endswith("_ok.f90"):
            continue
        path = os.path.join(folder, f)
        marks = {}
        with open(path) as fh:
            for no, line in enumerate(fh, 1):
                for kind, value in EXPECT.findall(line):
                    marks[kind] = (value, no)
                for value in EXPECT_NAME.findall(line):
                    marks["name"] = (value, no)
        twin = path[:-len(".f90")] + "_ok.f90"
        out.append((f[:-len(".f90")], path, marks,
                    twin if os.path.exists(twin) else None))
    return out


def findings(text, stem):
    """(line, bracketed names, severity, the quoted variable) of the
    findings in a file `stem`."""
    out = []
    for line in text.splitlines():
        m = FINDING.match(line)
        if not m:
            continue
        base = os.path.basename(m["path"])
        if base.split(".")[0] != stem:
            continue
        var = re.match(r"'([^']*)'", m["msg"])
        out.append((int(m["line"]), re.findall(r"\[([\w.-]+)\]", m["msg"]),
                    m["sev"], var.group(1) if var else None))
    return out


def run(cmd, timeout=300, cwd=None):
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True,
                           timeout=timeout, cwd=cwd)
        return p.returncode, p.stdout
    except subprocess.TimeoutExpired as e:
        return 124, (e.stdout or b"").decode() if isinstance(
            e.stdout, bytes) else (e.stdout or "")
    except OSError as e:
        return 127, "mapbugs: cannot run %s: %s" % (cmd[0], e)


def static_check(ompx, path):
    rc, out = run([ompx, "--check", path])
    stem = os.path.basename(path)[:-len(".f90")]
    return rc, out, findings(out, stem)


def launch(ompx, path, check_maps, tmp):
    """(PASS/FAIL/ERROR, findings) of one host-offload run."""
    stem = os.path.basename(path)[:-len(".f90")]
    cmd = [ompx, "launch", "--device=host-offload"]
    if check_maps:
        cmd.append("--check-maps")
    rc, out = run(cmd + [path])
    if "is Fortran source" in out:
        # A launch that takes MLIR only: flang-22's HLFIR of the file.
        mlir = os.path.join(tmp, stem + ".hlfir.mlir")
        erc, eout = run([ompx, "emit", path, "-o", mlir])
        if erc != 0:
            return "ERROR", [], eout
        rc, out = run(cmd + [mlir])
    words = re.findall(r"^\s*(PASS|FAIL)\b", out, re.M)
    result = words[-1] if words else "ERROR"
    return result, findings(out, stem), out


def launch_program(ompx, path, tmp, checked_build=True):
    """(findings, output) of a checked launch of the program ompx-flang
    builds from `path` (`launch --program`: flang's own map names), built
    with the checked launch's watches (-fompx-check-maps) or without."""
    stem = os.path.basename(path)[:-len(".f90")]
    flang = os.path.abspath(os.path.join(os.path.dirname(ompx), "ompx-flang"))
    exe = os.path.join(tmp, stem + (".chk" if checked_build else ".exe"))
    with open(path) as fh:
        acc = re.search(r"^\s*!\$acc\b", fh.read(), re.M | re.I)
    rc, out = run([flang, "-fopenmp", "-fopenmp-targets=x86_64-pc-linux-gnu"] +
                  (["-fopenacc"] if acc else []) +
                  (["-fompx-check-maps"] if checked_build else []) +
                  [os.path.abspath(path), "-o", exe], cwd=tmp)
    if rc != 0:
        return None, out
    rc, out = run([ompx, "launch", "--program=" + exe,
                   "--device=host-offload", "--check-maps"])
    return findings(out, stem), out


def program_part(args, bugs, rows, checked, missed, tmp):
    """Every bug the checked launch finds, again as a program ompx-flang
    builds (`launch --program=EXE --check-maps`): built with
    -fompx-check-maps, its finding must be of the same class and name the
    same variable (expect-name, else the launch's finding at the marked
    line; flang places a program's findings at declarations, so the line
    is not compared), and its twin have none. The same programs built
    without the flag are the anchor: what a plain build's checked run
    sees."""
    want = []
    for (name, path, marks, twin), row in zip(bugs, rows):
        cls, at = row["run_class"], row["run_line"]
        if not row.get("checked"):
            continue
        var = marks["name"][0] if "name" in marks else next(
            (v for l, names, _, v in checked[path][1]
             if l == at and "mapcheck-" + cls in names), None)
        want.append((name, path, twin, row, cls, var))
    if not want:
        return 0
    flang = os.path.join(os.path.dirname(args.ompx), "ompx-flang")
    if not os.access(flang, os.X_OK):
        print()
        print("(no ompx-flang next to %s: the programs are not built)" %
              args.ompx)
        return 0
    status = 0
    print()
    print("checked launches of ompx-flang's programs (`launch --program=EXE "
          "--check-maps`), built with -fompx-check-maps and without")
    print("| program | expected class | variable | checked build | "
          "plain build | twin findings (checked build) | twin findings "
          "(plain build) |")
    print("|---|---|---|---|---|---|---|")
    per_class = {}
    for name, path, twin, row, cls, var in want:
        result = {}
        for kind in (True, False):
            got, out = launch_program(args.ompx, path, tmp, kind)
            if got is None:
                missed.append("%s: ompx-flang did not build it:\n%s" %
                              (name, out[-1000:]))
                status = 2
                got = []
            # flang names an allocatable's data `unknown`, which a
            # program's findings call `v (data)` (docs/projects.md).
            result[kind] = any("mapcheck-" + cls in names and
                               v in (var, var + " (data)")
                               for _, names, _, v in got)
        # The twin's findings, checked build and plain: a correct program
        # gets none from either (a plain build's run reported a device-only
        # accumulator copied in as not-copied-back).
        tws = {True: [], False: []}
        for kind in (True, False) if twin else ():
            got, tout = launch_program(args.ompx, twin, tmp, kind)
            if got is None:
                missed.append("%s_ok: ompx-flang did not build it:\n%s" %
                              (name, tout[-1000:]))
                status = 2
                got = []
            tws[kind] = [f for f in got
                         if any(n.startswith("mapcheck-") for n in f[1])]
        tw = tws[True]
        row["program_named"] = result[True]
        row["program_plain_named"] = result[False]
        row["program_twin_findings"] = len(tw)
        row["program_plain_twin_findings"] = len(tws[False])
        c = per_class.setdefault(cls, [0, 0, 0, 0, 0])
        c[0] += 1
        c[1] += result[True]
        c[2] += result[False]
        c[3] += bool(tw)
        c[4] += bool(tws[False])
        print("| %s | %s | '%s' | %s | %s | %d | %d |" % (
            name, cls, var, "found" if result[True] else "-",
            "found" if result[False] else "-", len(tw), len(tws[False])))
        if not result[True]:
            missed.append("%s: --program (-fompx-check-maps) has no "
                          "[mapcheck-%s] naming '%s'" % (name, cls, var))
            status = max(status, 1)
        if tw:
            missed.append("%s_ok: %d finding(s) under --program" %
                          (name, len(tw)))
            status = max(status, 1)
        if tws[False]:
            missed.append("%s_ok: %d finding(s) under --program (plain "
                          "build)" % (name, len(tws[False])))
            status = max(status, 1)
    print()
    print("| run class | checked build found / launch found | plain build "
          "| twins with a finding (checked build) | twins with a finding "
          "(plain build) |")
    print("|---|---|---|---|---|")
    for cls in sorted(per_class):
        n, hit, plain, bad, plain_bad = per_class[cls]
        print("| %s | %s | %s | %d | %d |" % (cls, pct(hit, n), pct(plain, n),
                                              bad, plain_bad))
    n = sum(c[0] for c in per_class.values())
    hit = sum(c[1] for c in per_class.values())
    plain = sum(c[2] for c in per_class.values())
    bad = sum(c[3] for c in per_class.values())
    plain_bad = sum(c[4] for c in per_class.values())
    print("| **all** | %s | %s | %d | %d |" % (pct(hit, n), pct(plain, n), bad,
                                             plain_bad))
    print("--program recall of what the checked launch finds: %s" %
          ("100%, met" if hit == n and not bad and not plain_bad
           else "MISSED"))
    return status


def pct(a, b):
    return "%d/%d (%s)" % (a, b, "%.0f%%" % (100.0 * a / b) if b else "-")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ompx",
                    default=os.path.join(ROOT, "build", "server", "ompx-lsp"))
    ap.add_argument("--dir", default=os.path.join(ROOT, "test", "mapbugs"))
    ap.add_argument("--launch", action="store_true")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--json")
    args = ap.parse_args()
    if not os.access(args.ompx, os.X_OK):
        print("mapbugs: no executable %s (build first)" % args.ompx)
        return 2
    bugs = programs(args.dir)
    if not bugs:
        print("mapbugs: no NAME.f90 in %s" % args.dir)
        return 2
    status, missed = 0, []
    files = [b[1] for b in bugs] + [b[3] for b in bugs if b[3]]
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        static = dict(zip(files, pool.map(
            lambda f: static_check(args.ompx, f), files)))
    for f, (rc, out, _) in static.items():
        if rc not in (0, 1) or re.search(r"^ompx-lsp: error", out, re.M):
            print("mapbugs: %s did not compile:\n%s" % (f, out[-2000:]))
            status = 2

    # Per class: [planted, found, twins, twins with a finding].
    classes = {}
    rows = []
    for name, path, marks, twin in bugs:
        # A bug only a checked launch can see (no static check claims it)
        # counts for its twin alone here.
        run_only = "static" not in marks and "run" in marks
        check, line = marks.get("static", (
            "(run-time only)" if run_only else "(unmarked)", 0))
        c = classes.setdefault(check, [0, 0, 0, 0])
        c[0] += not run_only
        got = static[path][2]
        found = any(l == line and check in names for l, names, _, _ in got)
        c[1] += found
        twin_findings = [f for f in static[twin][2]] if twin else []
        if twin:
            c[2] += 1
            c[3] += bool(twin_findings)
        rows.append({"name": name, "check": check, "line": line,
                     "static": found, "twin": twin is not None,
                     "twin_findings": len(twin_findings),
                     "run_class": marks.get("run", (None, 0))[0],
                     "run_line": marks.get("run", (None, 0))[1]})
        if not found and not run_only:
            missed.append("%s: no [%s] at line %d" % (name, check, line))
        if twin_findings:
            missed.append("%s_ok: %d finding(s)" % (name, len(twin_findings)))

    print("static checks (`ompx-lsp --check`) on %s" % os.path.relpath(
        args.dir, os.getcwd()))
    print("| expected check | found / planted | twins with a finding |")
    print("|---|---|---|")
    for check in sorted(classes):
        planted, found, twins, bad = classes[check]
        print("| %s | %s | %d/%d |" % (
            check, pct(found, planted) if planted else "-", bad, twins))
    planted = sum(c[0] for c in classes.values())
    found = sum(c[1] for c in classes.values())
    twins = sum(c[2] for c in classes.values())
    bad = sum(c[3] for c in classes.values())
    print("| **all** | %s | %d/%d |" % (pct(found, planted), bad, twins))
    recall = found / planted if planted else 0.0
    ok = recall >= STATIC_TARGET and bad == 0
    print("static recall %.0f%% (target >= %.0f%%), twins with a finding %d "
          "(target 0): %s" % (100 * recall, 100 * STATIC_TARGET, bad,
                               "met" if ok else "MISSED"))
    if not ok and status == 0:
        status = 1

    if args.launch:
        status = max(status, launch_part(args, bugs, rows, missed)) \
            if status != 2 else status
    for m in missed:
        print("  missed: " + m)
    if args.json:
        with open(args.json, "w") as fh:
            json.dump({"rows": rows, "status": status}, fh, indent=1)
    return status


def launch_part(args, bugs, rows, missed):
    _, help_text = run([args.ompx, "launch", "--help"])
    check_maps = "--check-maps" in help_text
    tmp = tempfile.mkdtemp(prefix="mapbugs-")
    jobs = []
    for name, path, marks, twin in bugs:
        jobs.append(path)
        if twin:
            jobs.append(twin)
    # One at a time: the nowait bugs race the host against a kernel. The
    # plain run says FAIL/PASS; the checked run gives the findings.
    results = {p: launch(args.ompx, p, False, tmp) for p in jobs}
    checked = {p: launch(args.ompx, p, True, tmp) for p in jobs} \
        if check_maps else {}
    status = 0
    print()
    print("host-offload runs (`ompx-lsp launch --device=host-offload%s`)" %
          (" --check-maps" if check_maps else ""))
    head = "| program | bug run | twin run |"
    sep = "|---|---|---|"
    if check_maps:
        head += " expected class | checked launch at the line | twin findings |"
        sep += "---|---|---|"
    print(head)
    print(sep)
    covered = {c for c in RUN_CLASSES if "mapcheck-" + c in help_text}
    per_class = {}
    for (name, path, marks, twin), row in zip(bugs, rows):
        bug_result, _, _ = results[path]
        twin_result, _, _ = results[twin] if twin else ("-", [], "")
        _, bug_found, _ = checked.get(path, ("-", [], ""))
        checked_twin, twin_found, _ = checked[twin] if twin and check_maps \
            else ("-", [], "")
        if twin and check_maps and checked_twin != "PASS":
            missed.append("%s_ok: %s under --check-maps, not PASS" %
                          (name, checked_twin))
            status = 1
        row["run"], row["twin_run"] = bug_result, twin_result
        if bug_result != "FAIL":
            missed.append("%s: %s on host-offload, not FAIL" % (name, bug_result))
            status = 1
        if twin and twin_result != "PASS":
            missed.append("%s_ok: %s on host-offload, not PASS" %
                          (name, twin_result))
            status = 1
        line = "| %s | %s | %s |" % (name, bug_result, twin_result)
        if check_maps:
            cls, at = row["run_class"], row["run_line"]
            hit = any(l == at and "mapcheck-" + str(cls) in names
                      for l, names, _, _ in bug_found)
            row["checked"] = hit
            # A bug only the static checks claim (no expect-run line: the
            # run-time checker has no class for it) counts in no class.
            if cls is not None:
                per_class.setdefault(cls, [0, 0])
                per_class[cls][0] += 1
                per_class[cls][1] += hit
            if hit:
                covered.add(cls)
            tw = [f for f in twin_found
                  if any(n.startswith("mapcheck-") for n in f[1])]
            row["twin_checked_findings"] = len(tw)
            line += " %s | %s | %d |" % (cls, "found" if hit else "-", len(tw))
        print(line)
    if check_maps:
        print()
        print("| run class | checked launch found / planted | covered |")
        print("|---|---|---|")
        all_ok = True
        for cls in sorted(per_class, key=str):
            n, hit = per_class[cls]
            cov = cls in covered
            print("| %s | %s | %s |" % (cls, pct(hit, n), "yes" if cov else "no"))
            if cov and hit < n:
                all_ok = False
                for (name, _, _, _), row in zip(bugs, rows):
                    if row["run_class"] == cls and not row.get("checked"):
                        missed.append("%s: no [mapcheck-%s] at line %d" %
                                      (name, cls, row["run_line"]))
        print("checked-launch recall on the classes it covers: %s" %
              ("100%, met" if all_ok else "MISSED"))
        if not all_ok:
            status = 1
        status = max(status, program_part(args, bugs, rows, checked,
                                           missed, tmp))
    else:
        print("(`launch --help` lists no --check-maps: no checked launch)")
    return status


if __name__ == "__main__":
    sys.exit(main())
