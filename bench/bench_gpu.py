#!/usr/bin/env python3
"""ompx's GPU kernels against CUDA C++ references on the same GPU (issue 11).

Built here, run on the GPU node (which has nvcc and no LLVM):

  bench_gpu.py build --out DIR [--arch sm_90]
      emits bench/gpu/{saxpy,reduction}_bench.f90 to HLFIR (ompx-lsp emit) and
      writes an nvptx bundle of each (ompx-lsp launch --bundle, the libraries
      shared through --bundle-store).
  bench_gpu.py run --dir DIR [--n 2**26] [--reps 30] [--rounds 3] [--json OUT]
      builds bench/gpu/reference.cu with nvcc -O3 for the GPU it finds, then
      runs, interleaved for --rounds rounds: the D2D copy, the CUDA saxpy, the
      ompx saxpy, the CUDA reduction, the ompx reduction. Each program checks
      its own result and prints one host-timed line per repetition (a
      synchronous launch, the data resident on the device; the reductions
      also move their 8-byte result each way). The first --warmup repetitions
      of each run are dropped.

Prints per computation the median time with its spread (min..max of the
kept repetitions), the ratio ompx/CUDA of the medians with the ratio of the
minima beside it, saxpy's bandwidth as a fraction of the device-to-device
copy's, and the targets: saxpy <= 1.10x, reduction <= 1.25x the reference.
Exit 0 when both are met, 1 when one is missed, 2 when a run failed (a
program's error, a wrong result, a timeout, no nvcc, a bad --variant).
"""
import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GPU = os.path.join(ROOT, "bench", "gpu")
PROGRAMS = ["saxpy_bench", "reduction_bench"]
TARGETS = {"saxpy": 1.10, "reduction": 1.25}


def cmd_build(opts):
    ompx = opts.ompx or os.path.join(ROOT, "build", "server", "ompx-lsp")
    os.makedirs(opts.out, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix="bench-gpu.")
    try:
        for name in PROGRAMS:
            mlir = os.path.join(tmp, name + ".hlfir.mlir")
            subprocess.run([ompx, "emit", os.path.join(GPU, name + ".f90"),
                            "-o", mlir], check=True,
                           stderr=subprocess.DEVNULL)
            bundle = os.path.join(opts.out, name)
            target = ["--device=" + opts.device] + (
                ["--offload-arch=" + opts.arch]
                if opts.device != "host-offload" else [])
            store = opts.bundle_store or os.path.join(opts.out, "lib-store")
            subprocess.run([ompx, "launch", mlir] + target +
                           ["--bundle-store=" + store, "--bundle=" + bundle],
                           check=True)
    finally:
        shutil.rmtree(tmp)
    return 0


def fail(message):
    """A run that failed, as opposed to a target missed (exit 1)."""
    sys.stderr.write("bench_gpu: %s\n" % message)
    sys.exit(2)


def times(cmd, warmup, env=None):
    """The kept repetition times of one run; exits on a failed run."""
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, env=env,
                           timeout=120)
    except subprocess.TimeoutExpired:
        fail("%s did not finish in 120 s" % " ".join(cmd))
    ok = re.search(r": ok n=", p.stdout)
    if p.returncode != 0 or not ok:
        fail("%s failed (exit %d)\n%s%s" % (" ".join(cmd), p.returncode,
                                            p.stdout, p.stderr))
    if "target region ran on the host: T" in p.stdout:
        fail("%s ran its target regions on the host" % cmd[0])
    t = [float(v) for v in re.findall(r"^time \d+ +(\S+)$", p.stdout, re.M)]
    return t[warmup:], p


def spread(t):
    return "%.1f us (%.1f..%.1f)" % (statistics.median(t) * 1e6,
                                     min(t) * 1e6, max(t) * 1e6)


def cmd_run(opts):
    nvcc = os.environ.get("NVCC") or shutil.which("nvcc") or \
        "/usr/local/cuda/bin/nvcc"
    ref = os.path.join(opts.dir, "reference")
    arch = opts.nvcc_arch
    try:
        subprocess.run([nvcc, "-O3", "-arch=" + arch, "-o", ref,
                        os.path.join(GPU, "reference.cu")], check=True)
    except (OSError, subprocess.CalledProcessError) as e:
        fail("cannot build the CUDA reference with %s: %s" % (nvcc, e))
    n, reps = str(opts.n), str(opts.reps)
    ompx = {name: os.path.join(opts.dir, name + "_bench", "run.sh")
            for name in ["saxpy", "reduction"]}
    # Variants: the ompx programs again under other libomptarget settings
    # (NAME:VAR=VALUE,...), to see what a launch heuristic costs.
    variants = [("", {})]
    for v in opts.variant:
        name, _, assigns = v.partition(":")
        pairs = [a.split("=", 1) for a in assigns.split(",") if a]
        if not name or "=" in name or not pairs or \
                any(len(p) != 2 or not p[0] for p in pairs):
            fail("--variant %s: expected NAME:VAR=VALUE[,VAR=VALUE...]" % v)
        variants.append((name, dict(pairs)))
    runs = {"copy": ([ref, "copy", n, reps], None)}
    for name in ["saxpy", "reduction"]:
        runs["cuda " + name] = ([ref, name, n, reps], None)
        for vname, venv in variants:
            key = "ompx " + name + (" [%s]" % vname if vname else "")
            runs[key] = ([ompx[name], n, reps], dict(os.environ, **venv))
        # Other builds of the same program (--also SUBDIR, named NAME_bench*).
        for sub in opts.also:
            if sub.startswith(name + "_bench"):
                runs["ompx " + name + " {%s}" % sub] = (
                    [os.path.join(opts.dir, sub, "run.sh"), n, reps], None)
    got = {k: [] for k in runs}
    for _ in range(opts.rounds):
        for key, (cmd, env) in runs.items():
            got[key] += times(cmd, opts.warmup, env)[0]
    # What one launch costs beyond its kernel: the same programs on a tiny n.
    tiny = {}
    for key in ["cuda saxpy", "ompx saxpy"]:
        cmd = runs[key][0][:-2] + [str(opts.tiny_n), reps]
        tiny[key] = times(cmd, opts.warmup)[0]
    # One more ompx run with the plugin's launch line: grid, block, mode.
    info = {}
    for name in ["saxpy", "reduction"]:
        for vname, venv in variants:
            _, p = times([ompx[name], n, "3"], 0,
                         env=dict(os.environ, LIBOMPTARGET_INFO="16", **venv))
            info[name + vname] = sorted(set(
                re.findall(r"Launching kernel .*", p.stderr)))
    device = subprocess.run([ref, "copy", "1024", "1"], capture_output=True,
                            text=True).stdout.splitlines()[0]
    print("%s; n = %s, %s repetitions x %d rounds, %d dropped per run" %
          (device, n, reps, opts.rounds, opts.warmup))
    for key in runs:
        print("  %-24s %s" % (key, spread(got[key])))
    for key in tiny:
        print("  %-24s %s at n = %d (launch and wait)" % (key, spread(tiny[key]),
                                                         opts.tiny_n))
    result = {"device": device, "n": opts.n, "times": got, "launch": info,
              "tiny_n": opts.tiny_n, "tiny": tiny}
    missed = False
    for name in ["saxpy", "reduction"]:
        o, c = got["ompx " + name], got["cuda " + name]
        ratio = statistics.median(o) / statistics.median(c)
        best = min(o) / min(c)
        met = ratio <= TARGETS[name]
        missed |= not met
        print("%-9s ompx/CUDA %.3fx (minima %.3fx); target <= %.2fx: %s" %
              (name, ratio, best, TARGETS[name], "met" if met else "MISSED"))
        for line in info[name]:
            print("          " + line)
        for key in runs:
            if key.startswith("ompx %s {" % name):
                v = got[key]
                print("          %s ompx/CUDA %.3fx (minima %.3fx)" %
                      (key[5 + len(name):].strip(),
                       statistics.median(v) / statistics.median(c),
                       min(v) / min(c)))
        for vname, _ in variants[1:]:
            v = got["ompx %s [%s]" % (name, vname)]
            print("          [%s] ompx/CUDA %.3fx (minima %.3fx)" %
                  (vname, statistics.median(v) / statistics.median(c),
                   min(v) / min(c)))
            for line in info[name + vname]:
                print("            " + line)
        result[name] = {"ratio": ratio, "ratio_min": best, "met": met}
    # saxpy reads x and y and writes y; the copy reads and writes n floats.
    bytes_saxpy, bytes_copy = 3 * 4 * opts.n, 2 * 4 * opts.n
    bw = {k: b / statistics.median(got[k]) / 1e9 for k, b in
          [("ompx saxpy", bytes_saxpy), ("cuda saxpy", bytes_saxpy),
           ("copy", bytes_copy)]}
    print("bandwidth: copy %.0f GB/s; saxpy ompx %.0f GB/s (%.2f of copy), "
          "CUDA %.0f GB/s (%.2f of copy)" %
          (bw["copy"], bw["ompx saxpy"], bw["ompx saxpy"] / bw["copy"],
           bw["cuda saxpy"], bw["cuda saxpy"] / bw["copy"]))
    result["bandwidth_GBps"] = bw
    if opts.json:
        with open(opts.json, "w") as f:
            json.dump(result, f, indent=1)
    return 1 if missed else 0


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawTextHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build")
    b.add_argument("--out", required=True)
    b.add_argument("--arch", default="sm_90")
    # host-offload: to try the bench's plumbing here, without a GPU.
    b.add_argument("--device", default="nvptx",
                   choices=["nvptx", "amdgpu", "host-offload"])
    b.add_argument("--ompx")
    b.add_argument("--bundle-store", help="where the bundles' libraries are "
                   "copied once (ompx-lsp launch --bundle-store; default "
                   "OUT/lib-store)")
    r = sub.add_parser("run")
    r.add_argument("--dir", required=True)
    r.add_argument("--n", type=int, default=2**26)
    r.add_argument("--reps", type=int, default=30)
    r.add_argument("--rounds", type=int, default=3)
    r.add_argument("--warmup", type=int, default=5)
    r.add_argument("--nvcc-arch", default="native")
    r.add_argument("--tiny-n", type=int, default=4096)
    r.add_argument("--also", action="append", default=[], metavar="SUBDIR",
                   help="another build of a program in DIR/SUBDIR "
                   "(saxpy_bench*/reduction_bench*), timed beside it")
    r.add_argument("--variant", action="append", default=[],
                   metavar="NAME:VAR=VALUE,...")
    r.add_argument("--json")
    opts = p.parse_args()
    return cmd_build(opts) if opts.cmd == "build" else cmd_run(opts)


if __name__ == "__main__":
    sys.exit(main())
