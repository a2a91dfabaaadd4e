#!/usr/bin/env python3
"""Wall time of `ompx-lsp launch` vs the flang-22 driver, same run.

For each example program (examples/launch/<name>.f90 and the HLFIR flang-22
made from it, <name>.hlfir.mlir) and each run, interleaved:
  flang   flang-22 -fopenmp <name>.f90 -o exe, then ./exe   (build + run)
  ompx    ompx-lsp launch <name>.hlfir.mlir --device=host  (build + run)
Both produce and run the same program on the host device; the outputs are
compared. Reports medians and ompx/flang (target <= 1.0).

    python3 bench/bench_launch.py [--runs 5] [--programs saxpy,reduction] [--json OUT]

Exit 0 (all ratios met), 1 (a ratio missed), 2 (a tool missing or a run
failed or the outputs differ).
"""
import argparse, json, os, shutil, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXAMPLES = os.path.join(ROOT, "examples", "launch")
OMPX = os.path.join(ROOT, "build", "server", "ompx-lsp")
LIBOMP = "/usr/lib/x86_64-linux-gnu/libomp.so.5"


def timed(cmd, **kw):
    t = time.perf_counter()
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True, **kw)
    return time.perf_counter() - t, p


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--programs", default="saxpy,reduction")
    ap.add_argument("--json")
    args = ap.parse_args()
    flang = shutil.which("flang-22")
    if not flang or not os.access(OMPX, os.X_OK):
        print("missing flang-22 or %s (build first)" % OMPX)
        return 2
    tmp = tempfile.mkdtemp(prefix="ompx-bench-launch-")
    # flang's -lomp needs libomp.so; libomp-22-dev cannot be installed next
    # to LLVM 19's, so both sides use the same private link directory trick.
    libdir = os.path.join(tmp, "libomp")
    os.makedirs(libdir)
    os.symlink(LIBOMP, os.path.join(libdir, "libomp.so"))
    results, ok = [], True
    for name in args.programs.split(","):
        src = os.path.join(EXAMPLES, name + ".f90")
        mlir = os.path.join(EXAMPLES, name + ".hlfir.mlir")
        exe = os.path.join(tmp, name)
        tf, to = [], []
        for _ in range(args.runs):
            t1, p = timed([flang, "-fopenmp", "-L" + libdir, src, "-o", exe])
            if p.returncode:
                print("flang-22 failed:\n" + p.stderr)
                return 2
            t2, run = timed([exe])
            tf.append(t1 + t2)
            t, q = timed([OMPX, "launch", mlir, "--device=host"])
            if q.returncode:
                print("ompx-lsp launch failed:\n" + q.stderr)
                return 2
            to.append(t)
            if q.stdout != run.stdout:
                print("outputs differ for %s:\n--- flang\n%s--- ompx\n%s"
                      % (name, run.stdout, q.stdout))
                return 2
        mf, mo = statistics.median(tf), statistics.median(to)
        ratio = mo / mf
        ok &= ratio <= 1.0
        results.append({"program": name, "flang_s": mf, "ompx_s": mo,
                        "ratio": ratio, "runs": args.runs})
        print("%-10s flang-22 build+run %6.3f s   ompx launch %6.3f s   "
              "ratio %.2f  %s" % (name, mf, mo, ratio,
                                  "PASS" if ratio <= 1.0 else "MISS"))
    shutil.rmtree(tmp, ignore_errors=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=2)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
