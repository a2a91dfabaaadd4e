#!/usr/bin/env python3
"""bench/mapbugs.py's counting on made-up outputs (no flang, no launch).

A fake `ompx-lsp` prints, for each file, the lines given for it in
FAKE_OUT/<file name>; a made-up suite of two bugs and their twins is judged
with it. Checks the found/planted and twin counts, the exit status for a
missed bug, a twin with a finding and a met target, and the checked-launch
counting (a finding of the expect-run class at the marked line; a class
covered and missed fails), and the programs' (a fake ompx-flang: each found
bug's program must name the launch's variable, its twin none).
"""
import os, stat, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(
    __file__))))
TABLE = os.path.join(ROOT, "bench", "mapbugs.py")

FAKE = r'''#!/bin/sh
# --check FILE | launch --help | launch --device=... [--check-maps] FILE
out="$FAKE_OUT"
if [ "$1" = "--check" ]; then
  f=$(basename "$2"); [ -f "$out/$f" ] && cat "$out/$f"; exit 0
fi
if [ "$1" = "launch" ] && [ "$2" = "--help" ]; then
  [ -f "$out/help" ] && cat "$out/help"; exit 0
fi
case "$2" in --program=*)
  f=$(basename "${2#--program=}"); [ -f "$out/prog.$f" ] && cat "$out/prog.$f"
  exit 0;;
esac
for a in "$@"; do last="$a"; done
f=$(basename "$last")
[ -f "$out/run.$f" ] && cat "$out/run.$f"; exit 0
'''

# -o EXE: an empty program (its name says checked build or plain).
FAKE_FLANG = r'''#!/bin/sh
for a in "$@"; do [ "$prev" = "-o" ] && exe="$a"; prev="$a"; done
: > "$exe"; exit 0
'''

BUG = """program {name}
  !$omp target map(to: a) ! expect-static: map-write-not-from ! expect-run: not-copied-back
end program
"""
TWIN = "program {name}\n  !$omp target map(tofrom: a)\nend program\n"


def run(tmp, outputs, launch=False):
    out = os.path.join(tmp, "out")
    for f in os.listdir(out):
        os.remove(os.path.join(out, f))
    for name, text in outputs.items():
        with open(os.path.join(out, name), "w") as fh:
            fh.write(text)
    cmd = [sys.executable, TABLE, "--ompx", os.path.join(tmp, "ompx"),
           "--dir", os.path.join(tmp, "suite"), "--jobs", "1"]
    if launch:
        cmd.append("--launch")
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       text=True, env=dict(os.environ, FAKE_OUT=out))
    return p.returncode, p.stdout


def expect(cond, what, output):
    if not cond:
        print("FAIL: " + what + "\n" + output)
        sys.exit(1)
    print("ok: " + what)


def main():
    tmp = tempfile.mkdtemp(prefix="mapbugs-test-")
    os.makedirs(os.path.join(tmp, "suite"))
    os.makedirs(os.path.join(tmp, "out"))
    fake = os.path.join(tmp, "ompx")
    with open(fake, "w") as fh:
        fh.write(FAKE)
    os.chmod(fake, stat.S_IRWXU)
    for name in ("b1", "b2"):
        with open(os.path.join(tmp, "suite", name + ".f90"), "w") as fh:
            fh.write(BUG.format(name=name))
        with open(os.path.join(tmp, "suite", name + "_ok.f90"), "w") as fh:
            fh.write(TWIN.format(name=name))
    hit = "{f}:2:9: warning: `a` is written [map-write-not-from] [omp.target]\n"

    # Both found, twins silent: 2/2, exit 0.
    rc, out = run(tmp, {"b1.f90": hit.format(f="b1.f90"),
                        "b2.f90": hit.format(f="b2.f90")})
    expect(rc == 0 and "| map-write-not-from | 2/2 (100%) | 0/2 |" in out,
           "both found: 2/2, 0 twins, exit 0", out)
    # One at the wrong line, one of another check: 0/2, exit 1.
    rc, out = run(tmp, {
        "b1.f90": "b1.f90:3:9: warning: x [map-write-not-from]\n",
        "b2.f90": "b2.f90:2:9: warning: x [map-read-before-write]\n"})
    expect(rc == 1 and "0/2 (0%)" in out and "b1: no [map-write-not-from] "
           "at line 2" in out, "wrong line or check: not found, exit 1", out)
    # A finding in another file's name does not count.
    rc, out = run(tmp, {"b1.f90": hit.format(f="b2.f90"),
                        "b2.f90": hit.format(f="b2.f90")})
    expect(rc == 1 and "1/2 (50%)" in out, "a finding of another file", out)
    # A twin with a finding: precision missed, exit 1.
    rc, out = run(tmp, {"b1.f90": hit.format(f="b1.f90"),
                        "b2.f90": hit.format(f="b2.f90"),
                        "b2_ok.f90": "b2_ok.f90:2:9: remark: y [map-x]\n"})
    expect(rc == 1 and "| map-write-not-from | 2/2 (100%) | 1/2 |" in out,
           "a twin with a finding: 1/2, exit 1", out)

    static = {"b1.f90": hit.format(f="b1.f90"),
              "b2.f90": hit.format(f="b2.f90")}
    runs = {"run.b1.f90": " FAIL\n", "run.b2.f90": " FAIL\n",
            "run.b1_ok.f90": " PASS\n", "run.b2_ok.f90": " PASS\n"}
    # No --check-maps: only the runs are judged.
    rc, out = run(tmp, dict(static, **runs), launch=True)
    expect(rc == 0 and "lists no --check-maps" in out,
           "--launch without --check-maps", out)
    # A bug that passes on host-offload is not a planted bug: exit 1.
    rc, out = run(tmp, dict(static, **dict(runs, **{"run.b2.f90": "PASS\n"})),
                  launch=True)
    expect(rc == 1 and "b2: PASS on host-offload" in out,
           "a bug that passes: exit 1", out)
    # The checked launch finds b1 at its line, not b2: class covered, 1/2.
    help_text = {"help": "  --check-maps  poison and record\n"}
    found = dict(runs)
    found["run.b1.f90"] = ("b1.f90:2:9: warning: `a` written, never copied "
                           "back [mapcheck-not-copied-back]\n FAIL\n")
    found["run.b2.f90"] = ("b2.f90:5:9: warning: `a` [mapcheck-not-copied-"
                           "back]\n FAIL\n")
    rc, out = run(tmp, dict(static, **help_text, **found), launch=True)
    expect(rc == 1 and "| not-copied-back | 1/2 (50%) | yes |" in out and
           "b2: no [mapcheck-not-copied-back] at line 2" in out,
           "checked launch: covered class missed, exit 1", out)
    # Found on both: 2/2, exit 0.
    found["run.b2.f90"] = found["run.b1.f90"].replace("b1", "b2")
    rc, out = run(tmp, dict(static, **help_text, **found), launch=True)
    expect(rc == 0 and "| not-copied-back | 2/2 (100%) | yes |" in out,
           "checked launch: all found, exit 0", out)
    # No ompx-flang next to ompx: the programs are not built.
    expect("the programs are not built" in out, "no ompx-flang: said", out)
    # A class the checked launch never reports is not covered: 0/2, exit 0.
    rc, out = run(tmp, dict(static, **help_text, **runs), launch=True)
    expect(rc == 0 and "| not-copied-back | 0/2 (0%) | no |" in out,
           "checked launch: uncovered class, exit 0", out)

    # With ompx-flang: each found bug's program, checked build and plain.
    # The variable is the launch's ('a'); the line is not compared. b1's
    # checked build finds it, b2's only under another name; b2's twin has
    # a finding.
    flang = os.path.join(tmp, "ompx-flang")
    with open(flang, "w") as fh:
        fh.write(FAKE_FLANG)
    os.chmod(flang, stat.S_IRWXU)
    named = dict(found)
    for b in ("b1", "b2"):
        named["run.%s.f90" % b] = ("%s.f90:2:9: warning: 'a' map(to) "
                                   "[mapcheck-not-copied-back]\n FAIL\n" % b)
    progs = {
        "prog.b1.chk": "b1.f90:1:1: warning: 'a' x [mapcheck-not-copied-back]\n",
        "prog.b2.chk": "b2.f90:1:1: warning: 'c' x [mapcheck-not-copied-back]\n",
        "prog.b2_ok.chk": "b2_ok.f90:1:1: warning: 'a' x "
                          "[mapcheck-stale-host-read]\n"}
    rc, out = run(tmp, dict(static, **help_text, **named, **progs),
                  launch=True)
    expect(rc == 1 and "| b1 | not-copied-back | 'a' | found | - | 0 | 0 |"
           in out and "| not-copied-back | 1/2 (50%) | 0/2 (0%) | 1 | 0 |" in out and
           "b2: --program (-fompx-check-maps) has no [mapcheck-not-copied-"
           "back] naming 'a'" in out and "b2_ok: 1 finding(s) under "
           "--program" in out, "programs: checked build counted, exit 1", out)
    # Both found, twins silent, the plain builds too: exit 0.
    progs = {"prog.%s.%s" % (b, k): "%s.f90:1:1: warning: 'a' x "
             "[mapcheck-not-copied-back]\n" % b
             for b in ("b1", "b2") for k in ("chk", "exe")}
    rc, out = run(tmp, dict(static, **help_text, **named, **progs),
                  launch=True)
    expect(rc == 0 and "| not-copied-back | 2/2 (100%) | 2/2 (100%) | 0 | 0 |"
           in out and "100%, met" in out, "programs: all found, exit 0", out)
    # A twin's plain build with a finding (its checked build has none): a
    # false finding all the same, exit 1.
    progs["prog.b1_ok.exe"] = ("b1_ok.f90:1:1: warning: 'a' x "
                               "[mapcheck-not-copied-back]\n")
    rc, out = run(tmp, dict(static, **help_text, **named, **progs),
                  launch=True)
    expect(rc == 1 and "| b1 | not-copied-back | 'a' | found | found | 0 | 1 |"
           in out and "| not-copied-back | 2/2 (100%) | 2/2 (100%) | 0 | 1 |"
           in out and "b1_ok: 1 finding(s) under --program (plain build)" in out
           and "MISSED" in out, "programs: a plain twin's finding, exit 1", out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
