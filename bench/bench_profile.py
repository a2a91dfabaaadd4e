#!/usr/bin/env python3
"""Overhead of a recorded launch (`launch --profile`) on host-offload.

For each program (the examples, examples/launch/<name>.hlfir.mlir, and the
STREAM-style bench/stream/stream.f90, emitted first) it builds one
executable (`launch --no-run --keep`), then runs it, interleaved,
  plain     as `launch` runs it on host-offload
  recorded  the same with the recorder preloaded, as `launch --profile`
            runs it (LD_PRELOAD, OMPX_PROFILE_LOG)
and reports the medians and recorded/plain (the median of the runs' pairs;
target <= 1.05: 5% of the program's run time), with how many events the
record holds. The whole
`launch --program=EXE [--profile]` (report and HTML written) is timed too.

    python3 bench/bench_profile.py [--runs 21] [--programs saxpy,...,stream] [--json OUT]

Exit 0 (all ratios met), 1 (a ratio missed), 2 (a build or run failed).
"""
import argparse, json, os, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXAMPLES = os.path.join(ROOT, "examples", "launch")
STREAM = os.path.join(ROOT, "bench", "stream", "stream.f90")
BUILD = os.path.join(ROOT, "build")
OMPX = os.path.join(BUILD, "server", "ompx-lsp")
TOOL = os.path.join(BUILD, "lib", "ompx", "libompx-observe.so")
LIBOMP_DIR = os.path.join(BUILD, "lib", "ompx", "runtime", "llvm-19")
TARGET = 1.05


def timed(cmd, env=None):
    t = time.perf_counter()
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True, env=env)
    return time.perf_counter() - t, p


def run_or_die(cmd):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True)
    if p.returncode:
        sys.exit("failed: %s\n%s" % (" ".join(cmd), p.stderr))


def build(name, tmp):
    src = STREAM if name == "stream" else os.path.join(
        EXAMPLES, name + ".hlfir.mlir")
    if src.endswith(".f90"):
        mlir = os.path.join(tmp, name + ".hlfir.mlir")
        run_or_die([OMPX, "emit", src, "-o", mlir])
        src = mlir
    keep = os.path.join(tmp, name)
    run_or_die([OMPX, "launch", src, "--device=host-offload", "--no-run",
                "--keep=" + keep])
    return os.path.join(keep, "program")


def program_env(log=None):
    """The environment LocalRunner gives the program (and the recorder)."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("LD_LIBRARY_PATH", "LD_PRELOAD")}
    env.update(OMP_DEFAULT_DEVICE="0", OMP_TARGET_OFFLOAD="MANDATORY",
               LD_LIBRARY_PATH="/usr/lib/llvm-22/lib")
    if log:
        env["LD_LIBRARY_PATH"] += ":" + LIBOMP_DIR
        env.update(LD_PRELOAD=TOOL, OMPX_PROFILE_LOG=log)
    return env


def events(log):
    """Kernel launches and data operations in a record."""
    text = open(log, "rb").read().split(b"\0", 1)[0].decode()
    lines = text.splitlines()
    if not any(l.startswith("D\t") for l in lines):
        return None
    return (sum(l.startswith("K\t") for l in lines),
            sum(l.startswith("M\t") for l in lines))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=21)
    ap.add_argument("--programs",
                    default="saxpy,reduction,acc_saxpy,map_bug,stream")
    ap.add_argument("--json")
    args = ap.parse_args()
    for f in (OMPX, TOOL):
        if not os.path.exists(f):
            print("missing %s (build first)" % f)
            return 2
    tmp = tempfile.mkdtemp(prefix="ompx-bench-profile-")
    rows, ok = [], True
    for name in args.programs.split(","):
        exe = build(name, tmp)
        log = os.path.join(tmp, name + ".log")
        tp, tr, lp, lr = [], [], [], []
        counts = None
        for _ in range(args.runs):
            t, p = timed([exe], program_env())
            tp.append(t)
            # As `launch` does: a new record file each run.
            if os.path.exists(log):
                os.remove(log)
            t, r = timed([exe], program_env(log))
            tr.append(t)
            # Timings and bandwidths in the output differ run to run.
            # map_bug ends with its own error on purpose: the same either way.
            if p.returncode != r.returncode or \
                    p.stdout.splitlines()[-1:] != r.stdout.splitlines()[-1:]:
                print("%s: the recorded run differs:\n%s\n---\n%s"
                      % (name, p.stdout, r.stdout))
                return 2
            counts = events(log)
            if counts is None:
                print("%s: the recorder did not connect" % name)
                return 2
            t, _ = timed([OMPX, "launch", "--program=" + exe,
                          "--device=host-offload"])
            lp.append(t)
            t, _ = timed([OMPX, "launch", "--program=" + exe,
                          "--device=host-offload",
                          "--profile=" + os.path.join(tmp, name + ".json")])
            lr.append(t)
        row = {"program": name,
               "kernels": counts[0], "data_ops": counts[1],
               "plain_s": statistics.median(tp),
               "recorded_s": statistics.median(tr),
               "launch_plain_s": statistics.median(lp),
               "launch_recorded_s": statistics.median(lr)}
        # The median of each run's pair: robust to a machine whose load
        # drifts over the runs (both halves of a pair see the same load).
        row["ratio"] = statistics.median(r / p for r, p in zip(tr, tp))
        row["launch_ratio"] = row["launch_recorded_s"] / row["launch_plain_s"]
        ok &= row["ratio"] <= TARGET
        rows.append(row)
    print("%-10s %8s %8s %10s %10s %7s   %12s %12s %7s" % (
        "program", "kernels", "data ops", "plain", "recorded", "ratio",
        "launch plain", "launch rec", "ratio"))
    for r in rows:
        print("%-10s %8d %8d %9.1fms %9.1fms %6.3fx   %11.1fms %11.1fms %6.3fx"
              % (r["program"], r["kernels"], r["data_ops"], 1e3 * r["plain_s"],
                 1e3 * r["recorded_s"], r["ratio"],
                 1e3 * r["launch_plain_s"], 1e3 * r["launch_recorded_s"],
                 r["launch_ratio"]))
    print("target: recorded/plain <= %.2f for the program: %s"
          % (TARGET, "met" if ok else "MISSED"))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=2)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
