#!/usr/bin/env python3
"""Overhead of a checked launch (`launch --check-maps`) on host-offload.

For each example program (examples/launch/<name>.hlfir.mlir, or
bench/inputs/<name>.f90: `mapcheck_heavy` moves two 16 MB arrays through 40
kernels of a data region with a copy back and a host read every 10) it builds two
executables once (`launch --no-run --keep`): plain, and checked (the same
build but for the map ops' locations, which the checker reports at). Then,
interleaved, runs
  plain    the plain program as `launch` runs it on host-offload
  checked  the checked program with the checker preloaded, as
           `launch --check-maps` runs it (LD_PRELOAD, OMPX_MAPCHECK_LOG)
and reports the medians and checked/plain (target <= 3.0), for the program
alone and for the whole `launch --program=EXE [--check-maps]`.

    python3 bench/bench_mapcheck.py [--runs 7] [--programs saxpy,reduction,...] [--json OUT]

Exit 0 (all ratios met), 1 (a ratio missed), 2 (a build or run failed).
"""
import argparse, json, os, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXAMPLES = os.path.join(ROOT, "examples", "launch")
BUILD = os.path.join(ROOT, "build")
OMPX = os.path.join(BUILD, "server", "ompx-lsp")
TOOL = os.path.join(BUILD, "lib", "ompx", "libompx-observe.so")
LIBOMP_DIR = os.path.join(BUILD, "lib", "ompx", "runtime", "llvm-19")
TARGET = 3.0


def timed(cmd, env=None):
    t = time.perf_counter()
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True, env=env)
    return time.perf_counter() - t, p


def build(mlir, keep, checked):
    cmd = [OMPX, "launch", mlir, "--device=host-offload", "--no-run",
           "--keep=" + keep] + (["--check-maps"] if checked else [])
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True)
    if p.returncode:
        sys.exit("build failed: %s\n%s" % (" ".join(cmd), p.stderr))
    return os.path.join(keep, "program")


def program_env(log=None):
    """The environment LocalRunner gives the program (and the checker)."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("LD_LIBRARY_PATH", "LD_PRELOAD")}
    env.update(OMP_DEFAULT_DEVICE="0", OMP_TARGET_OFFLOAD="MANDATORY",
               LD_LIBRARY_PATH="/usr/lib/llvm-22/lib")
    if log:
        env["LD_LIBRARY_PATH"] += ":" + LIBOMP_DIR
        env.update(LD_PRELOAD=TOOL, OMPX_MAPCHECK_LOG=log,
                   LIBOMP_USE_HIDDEN_HELPER_TASK="0")
    return env


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--programs",
                    default="saxpy,reduction,acc_saxpy,map_bug,mapcheck_heavy")
    ap.add_argument("--json")
    args = ap.parse_args()
    for f in (OMPX, TOOL):
        if not os.path.exists(f):
            print("missing %s (build first)" % f)
            return 2
    tmp = tempfile.mkdtemp(prefix="ompx-bench-mapcheck-")
    rows, ok = [], True
    for name in args.programs.split(","):
        mlir = os.path.join(EXAMPLES, name + ".hlfir.mlir")
        if not os.path.exists(mlir):
            # A Fortran input of the bench: launch emits it first.
            mlir = os.path.join(ROOT, "bench", "inputs", name + ".f90")
        plain = build(mlir, os.path.join(tmp, name + "-plain"), False)
        checked = build(mlir, os.path.join(tmp, name + "-checked"), True)
        log = os.path.join(tmp, name + ".log")
        tp, tc, lp, lc = [], [], [], []
        for _ in range(args.runs):
            t, p = timed([plain], program_env())
            tp.append(t)
            if os.path.exists(log):
                os.remove(log)
            t, c = timed([checked], program_env(log))
            tc.append(t)
            if p.stdout != c.stdout or p.returncode != c.returncode:
                print("%s: the checked run differs:\n%s\n---\n%s"
                      % (name, p.stdout, c.stdout))
                return 2
            if "D\n" not in open(log).read():
                print("%s: the checker did not connect" % name)
                return 2
            t, _ = timed([OMPX, "launch", "--program=" + plain,
                          "--device=host-offload"])
            lp.append(t)
            t, _ = timed([OMPX, "launch", "--program=" + checked,
                          "--device=host-offload", "--check-maps"])
            lc.append(t)
        row = {"program": name,
               "plain_s": statistics.median(tp),
               "checked_s": statistics.median(tc),
               "launch_plain_s": statistics.median(lp),
               "launch_checked_s": statistics.median(lc)}
        row["ratio"] = row["checked_s"] / row["plain_s"]
        row["launch_ratio"] = row["launch_checked_s"] / row["launch_plain_s"]
        ok &= row["ratio"] <= TARGET
        rows.append(row)
    print("%-10s %10s %10s %7s   %12s %12s %7s" % (
        "program", "plain", "checked", "ratio", "launch plain",
        "launch chk", "ratio"))
    for r in rows:
        print("%-10s %9.1fms %9.1fms %6.2fx   %11.1fms %11.1fms %6.2fx" % (
            r["program"], 1e3 * r["plain_s"], 1e3 * r["checked_s"], r["ratio"],
            1e3 * r["launch_plain_s"], 1e3 * r["launch_checked_s"],
            r["launch_ratio"]))
    print("target: checked/plain <= %.1f for the program: %s"
          % (TARGET, "met" if ok else "MISSED"))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=2)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
