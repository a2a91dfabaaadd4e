#!/usr/bin/env python3
"""What `ompx-lsp pipeline` (a snapshot after every pass) costs, same run.

For each case and each run, interleaved:
  plain   ompx-lsp pipeline FILE --device=D --after=none   (the same build,
          compile only, no snapshot: the denominator of the targets)
  snap    ompx-lsp pipeline FILE --device=D -o DIR          (--after=changed)
and, as information, the launch's own build of a program that has a main
program (`ompx-lsp launch FILE --device=D --no-run`: compile and link).
Cases: saxpy (examples/launch) on host, host-offload and nvptx (nvptx only
where ptxas is installed: no GPU is needed to build), and the 50k-line HLFIR
file of the corpus (../shared/corpus/large/omp_hlfir_50k.mlir.xz, next to
the repository) on the host. Reports wall-time medians, CPU time (user +
sys of the processes) and the ratios measured in this run, and the store's
size on disk against the input.

Targets (issue 39): saxpy snap / plain <= 2; 50k snap / plain <= 3 and the
store <= 5x the input.

    python3 bench/bench_pipeline.py [--runs 3] [--cases saxpy,50k] [--json OUT]

Exit 0 (every target met), 1 (a target missed), 2 (a tool or input missing,
or a build failed).
"""
import argparse, json, lzma, os, resource, shutil, statistics, subprocess, sys
import tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OMPX = os.path.join(ROOT, "build", "server", "ompx-lsp")
SAXPY = os.path.join(ROOT, "examples", "launch", "saxpy.hlfir.mlir")
CORPUS = os.path.join(os.path.dirname(ROOT), "shared", "corpus")
LARGE = os.path.join(CORPUS, "large", "omp_hlfir_50k.mlir.xz")


def children_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def timed(cmd):
    """Wall and CPU seconds of `cmd` (and its build child), and its result."""
    c, t = children_cpu(), time.perf_counter()
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True)
    return time.perf_counter() - t, children_cpu() - c, p


def du(path):
    return sum(os.path.getsize(os.path.join(d, f))
               for d, _, files in os.walk(path) for f in files)


def run_case(name, path, device, target, runs, tmp, with_launch):
    rows = {k: [] for k in ("plain", "snap", "launch", "plain_cpu",
                            "snap_cpu")}
    store = os.path.join(tmp, name + "-" + device + ".pipeline")
    base = [OMPX, "pipeline", path, "--device=" + device]
    summary = ""
    for _ in range(runs):
        wall, cpu, p = timed(base + ["--after=none"])
        if p.returncode:
            sys.exit("plain build of %s failed:\n%s" % (name, p.stderr))
        rows["plain"].append(wall)
        rows["plain_cpu"].append(cpu)
        shutil.rmtree(store, ignore_errors=True)
        wall, cpu, p = timed(base + ["-o", store])
        if p.returncode:
            sys.exit("pipeline of %s failed:\n%s" % (name, p.stderr))
        rows["snap"].append(wall)
        rows["snap_cpu"].append(cpu)
        summary = p.stdout.strip().splitlines()[-1]
        if with_launch:
            wall, _, p = timed([OMPX, "launch", path, "--device=" + device,
                                "--no-run"])
            if p.returncode:
                sys.exit("launch --no-run of %s failed:\n%s" % (name, p.stderr))
            rows["launch"].append(wall)
    med = {k: statistics.median(v) for k, v in rows.items() if v}
    result = {
        "case": name, "device": device, "runs": runs,
        "plain_s": med["plain"], "snap_s": med["snap"],
        "plain_cpu_s": med["plain_cpu"], "snap_cpu_s": med["snap_cpu"],
        "ratio": statistics.median(
            s / p for s, p in zip(rows["snap"], rows["plain"])),
        "ratio_min": min(s / p for s, p in zip(rows["snap"], rows["plain"])),
        "ratio_max": max(s / p for s, p in zip(rows["snap"], rows["plain"])),
        "cpu_ratio": med["snap_cpu"] / med["plain_cpu"],
        "target": target, "store_bytes": du(store),
        "input_bytes": os.path.getsize(path), "summary": summary,
    }
    if "launch" in med:
        result["launch_s"] = med["launch"]
        result["ratio_vs_launch"] = med["snap"] / med["launch"]
    return result


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--cases", default="saxpy,50k")
    ap.add_argument("--json")
    args = ap.parse_args()
    if not os.access(OMPX, os.X_OK):
        print("missing %s (build first)" % OMPX)
        return 2
    cases = args.cases.split(",")
    tmp = tempfile.mkdtemp(prefix="ompx-bench-pipeline-")
    results = []
    try:
        if "saxpy" in cases:
            devices = ["host", "host-offload"]
            if shutil.which("ptxas") or os.path.exists("/usr/local/cuda/bin/ptxas"):
                devices.append("nvptx")
            else:
                print("nvptx: skipped (no ptxas here)")
            for device in devices:
                results.append(run_case("saxpy", SAXPY, device, 2.0, args.runs,
                                        tmp, with_launch=True))
        if "50k" in cases:
            if not os.path.exists(LARGE):
                print("missing %s (../shared next to the repository)" % LARGE)
                return 2
            big = os.path.join(tmp, "omp_hlfir_50k.mlir")
            with lzma.open(LARGE) as src, open(big, "wb") as dst:
                shutil.copyfileobj(src, dst)
            results.append(run_case("omp_hlfir_50k", big, "host", 3.0,
                                    args.runs, tmp, with_launch=False))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    status = 0
    print("%-14s %-13s %8s %8s %8s %-18s %8s %8s" %
          ("case", "device", "plain s", "snap s", "launch s",
           "snap/plain (range)", "cpu", "target"))
    for r in results:
        met = r["ratio"] <= r["target"]
        status |= 0 if met else 1
        print("%-14s %-13s %8.2f %8.2f %8s %5.2f (%.2f-%.2f)   %6.2f %5.1f %s" %
              (r["case"], r["device"], r["plain_s"], r["snap_s"],
               "%.2f" % r["launch_s"] if "launch_s" in r else "-",
               r["ratio"], r["ratio_min"], r["ratio_max"], r["cpu_ratio"],
               r["target"], "PASS" if met else "MISS"))
        print("    " + r["summary"])
        if r["target"] == 3.0:
            store = r["store_bytes"] / r["input_bytes"]
            met = store <= 5.0
            status |= 0 if met else 1
            print("    store %d bytes on disk for a %d-byte input: %.2fx "
                  "(target <= 5) %s" % (r["store_bytes"], r["input_bytes"],
                                        store, "PASS" if met else "MISS"))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)
    return status


if __name__ == "__main__":
    sys.exit(main())
