#!/usr/bin/env python3
"""ompx's GPU kernels against CUDA C++ references on the same GPU (issues 11,
41).

Built here, run on the GPU node (which has nvcc and no LLVM):

  bench_gpu.py build --out DIR [--arch sm_90]
      emits each program of bench/gpu (PROGRAMS) to HLFIR (ompx-lsp emit; the
      OpenACC twin goes through acc-to-omp in the launch) and writes an nvptx
      bundle of each (ompx-lsp launch --bundle, the libraries shared through
      --bundle-store).
  bench_gpu.py cuda --out DIR [--nvcc-arch native]
      builds the CUDA C++ references (CUDA_SOURCES) with nvcc -O3 into DIR;
      `run` does this itself; here it checks they compile (--nvcc-arch sm_90).
  bench_gpu.py run --dir DIR [--n 2**26] [--reps 30] [--rounds 3] [--json OUT]
                   [--only saxpy,reduction,stream,sched] [--dry-run]
      builds the references for the GPU it finds, then runs, interleaved for
      --rounds rounds: the D2D copy and saxpy (CUDA, ompx); per reduction
      (+ on real(8), real(4), integer(4); max on real(8)) our hand-written
      CUDA one, CUB's DeviceReduce and ompx's; STREAM (CUDA with a D2D
      cudaMemcpy as the ceiling, ompx's OpenMP and OpenACC builds, the
      OpenMP one also recorded by `launch --profile`'s recorder); the
      scheduling program under OMPX_CUDA_SCHEDULE=auto and =blocking. Each
      program checks its own result and prints one host-timed line per
      repetition (a synchronous launch, the data resident on the device; the
      reductions also move their result each way). The first --warmup
      repetitions of each run are dropped. --dry-run prints the commands.

Prints per computation the median time with its spread (min..max of the
kept repetitions); saxpy's ratio ompx/CUDA (target <= 1.02x); each
reduction's ratio to the faster of the hand-written and CUB references
(target <= 1.05x); each STREAM kernel's GB/s (STREAM's counting: copy and
scale move 2 arrays, add and triad 3, dot 2), its fraction of CUDA's
(target >= 0.90x) and of the device's copy bandwidth; the scheduling
program's time under both settings. Exit 0 when every target is met, 1 when
one is missed, 2 when a run failed (a program's error, a wrong result, a
timeout, no nvcc, a bad --variant).
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
PROGRAMS = ["saxpy_bench", "reduction_bench", "stream_bench",
            "stream_bench_acc", "sched_bench"]
# The CUDA C++ references: the program each builds into, from which source.
CUDA_SOURCES = {"reference": "reference.cu", "reduce": "reduce.cu",
                "stream": "stream.cu"}
SECTIONS = ["saxpy", "reduction", "stream", "sched"]
REDUCTIONS = ["sum_r8", "sum_r4", "sum_i4", "max_r8"]
STREAM = ["copy", "scale", "add", "triad", "dot"]
# Arrays of n doubles each kernel moves, as STREAM counts them.
STREAM_ARRAYS = {"copy": 2, "scale": 2, "add": 3, "triad": 3, "dot": 2}
TARGETS = {"saxpy": 1.02, "reduction": 1.05, "stream": 0.90,
           "recorder": 1.05}
SCHEDULES = ["auto", "blocking"]


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
            # --profile: the bundle carries the recorder, for its overhead.
            subprocess.run([ompx, "launch", mlir] + target +
                           ["--bundle-store=" + store, "--bundle=" + bundle,
                            "--profile"], check=True)
    finally:
        shutil.rmtree(tmp)
    return 0


def fail(message):
    """A run that failed, as opposed to a target missed (exit 1)."""
    sys.stderr.write("bench_gpu: %s\n" % message)
    sys.exit(2)


def nvcc_path():
    return os.environ.get("NVCC") or shutil.which("nvcc") or \
        "/usr/local/cuda/bin/nvcc"


def cuda_commands(out, arch):
    return {name: [nvcc_path(), "-O3", "-std=c++17", "-arch=" + arch, "-o",
                   os.path.join(out, name), os.path.join(GPU, src)]
            for name, src in CUDA_SOURCES.items()}


def build_cuda(out, arch):
    """The references, compiled side by side (CUB's takes the longest)."""
    os.makedirs(out, exist_ok=True)
    procs = {}
    try:
        for name, cmd in cuda_commands(out, arch).items():
            procs[name] = (cmd, subprocess.Popen(
                cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                text=True))
    except OSError as e:
        fail("cannot build the CUDA references with %s: %s" % (nvcc_path(),
                                                              e))
    for name, (cmd, p) in procs.items():
        log = p.communicate()[0]
        if p.returncode != 0:
            fail("cannot build the CUDA reference %s: %s exit %d\n%s" %
                 (name, " ".join(cmd), p.returncode, log))
    return {name: os.path.join(out, name) for name in CUDA_SOURCES}


def cmd_cuda(opts):
    for name, path in build_cuda(opts.out, opts.nvcc_arch).items():
        print("built %s" % path)
    return 0


LINE = re.compile(r"^(\w+) (\d+) +(\S+)$", re.M)


def times(cmd, warmup, env=None):
    """The kept repetition times of one run by label (`time` for the
    one-computation programs, the kernel for STREAM); exits on a failed
    run."""
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
    got = {}
    for label, _, t in LINE.findall(p.stdout):
        got.setdefault(label, []).append(float(t))
    return {k: v[warmup:] for k, v in got.items()}, p


def spread(t):
    return "%.1f us (%.1f..%.1f)" % (statistics.median(t) * 1e6,
                                     min(t) * 1e6, max(t) * 1e6)


def med(t):
    return statistics.median(t)


def plan(opts, ref):
    """Every timed run: key -> (command, environment or None)."""
    n, reps = str(opts.n), str(opts.reps)

    def ompx(name):
        return os.path.join(opts.dir, name, "run.sh")
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
    runs = {}

    def add_ompx(key, program, args):
        for vname, venv in variants:
            runs[key + (" [%s]" % vname if vname else "")] = (
                [ompx(program)] + args, dict(venv) if venv else None)
        # Other builds of the same program (--also SUBDIR, named NAME*).
        for sub in opts.also:
            if sub.startswith(program) and sub != program and \
                    not sub.startswith(program + "_acc"):
                runs[key + " {%s}" % sub] = (
                    [os.path.join(opts.dir, sub, "run.sh")] + args, None)
    sections = opts.only.split(",")
    for s in sections:
        if s not in SECTIONS:
            fail("--only %s: expected some of %s" % (opts.only,
                                                     ",".join(SECTIONS)))
    if "saxpy" in sections:
        runs["copy"] = ([ref["reference"], "copy", n, reps], None)
        runs["cuda saxpy"] = ([ref["reference"], "saxpy", n, reps], None)
        add_ompx("ompx saxpy", "saxpy_bench", [n, reps])
    if "reduction" in sections:
        for r in REDUCTIONS:
            runs["cuda %s" % r] = ([ref["reduce"], "hand", r, n, reps], None)
            runs["cub %s" % r] = ([ref["reduce"], "cub", r, n, reps], None)
            add_ompx("ompx %s" % r, "reduction_bench", [n, reps, r])
    if "stream" in sections:
        runs["cuda stream"] = ([ref["stream"], n, reps], None)
        add_ompx("ompx stream", "stream_bench", [n, reps])
        runs["acc stream"] = ([ompx("stream_bench_acc"), n, reps], None)
        # A recorded launch of the same (`launch --profile`'s recorder,
        # which the bundle carries): what recording costs each kernel.
        runs["ompx stream [recorded]"] = (
            [ompx("stream_bench"), n, reps],
            {"OMPX_PROFILE_LOG": os.path.join(opts.dir, "stream.profile.log")})
    if "sched" in sections:
        args = [str(opts.sched_launches), str(opts.sched_rounds)]
        for mode in SCHEDULES:
            runs["ompx sched [%s]" % mode] = (
                [ompx("sched_bench")] + args, {"OMPX_CUDA_SCHEDULE": mode})
    return runs, variants


def cmd_run(opts):
    refdir = os.path.join(opts.dir, "cuda")
    ref = {name: os.path.join(refdir, name) for name in CUDA_SOURCES}
    runs, variants = plan(opts, ref)
    if opts.dry_run:
        for cmd in cuda_commands(refdir, opts.nvcc_arch).values():
            print("build: " + " ".join(cmd))
        for key, (cmd, env) in runs.items():
            print("%d x %s: %s%s" % (opts.rounds, key, "".join(
                "%s=%s " % kv for kv in sorted((env or {}).items())),
                " ".join(cmd)))
        return 0
    build_cuda(refdir, opts.nvcc_arch)
    got = {}
    sched_shape = "?"
    for _ in range(opts.rounds):
        for key, (cmd, env) in runs.items():
            # sched's repetitions are whole rounds of launches: its first
            # holds the start-up.
            warmup = 1 if key.startswith("ompx sched") else opts.warmup
            t, p = times(cmd, warmup, dict(os.environ, **(env or {})))
            shape = re.search(r"^sched_bench: threads=.*", p.stdout, re.M)
            if shape:
                sched_shape = shape.group(0)[len("sched_bench: "):]
            for label, v in t.items():
                k = key if label == "time" else "%s %s" % (key, label)
                got.setdefault(k, []).extend(v)
    # What one launch costs beyond its kernel, on a tiny n: saxpy (no
    # transfer) and the real(8) sum (its reduction and its result's copies:
    # on an H200 ompx's region cost 35 us there, CUB's 16-25).
    tiny = {}
    for key in ["cuda saxpy", "ompx saxpy", "cuda sum_r8", "cub sum_r8",
                "ompx sum_r8"]:
        if key in runs:
            cmd = [str(opts.tiny_n) if a == str(opts.n) else a
                   for a in runs[key][0]]
            tiny[key] = times(cmd, opts.warmup)[0]["time"]
    # One more ompx run of each with the plugin's launch line: grid, block,
    # mode.
    info = {}
    for key, (cmd, env) in runs.items():
        if key.startswith(("ompx ", "acc ")) and "{" not in key and \
                not key.startswith("ompx sched"):
            # Every ompx program takes N REPS first.
            _, p = times(cmd[:2] + ["2"] + cmd[3:], 0, env=dict(
                os.environ, LIBOMPTARGET_INFO="16", **(env or {})))
            info[key] = sorted(set(re.findall(r"Launching kernel .*",
                                              p.stderr)))
    device = subprocess.run([ref["stream"], "1024", "1"], capture_output=True,
                            text=True).stdout.splitlines()[:1] or ["device: ?"]
    print("%s; n = %s, %s repetitions x %d rounds, %d dropped per run" %
          (device[0], opts.n, opts.reps, opts.rounds, opts.warmup))
    for key in got:
        print("  %-28s %s" % (key, spread(got[key])))
    for key in tiny:
        print("  %-28s %s at n = %d (launch and wait)" % (
            key, spread(tiny[key]), opts.tiny_n))
    result = {"device": device[0], "n": opts.n, "times": got, "launch": info,
              "tiny_n": opts.tiny_n, "tiny": tiny, "targets": TARGETS}
    missed = []

    def judge(name, value, target, below=True):
        met = value <= target if below else value >= target
        if not met:
            missed.append(name)
        return "met" if met else "MISSED"

    def verdict(name, value, target):
        return "target <= %.2fx: %s" % (target, judge(name, value, target))

    def extras(key, base, indent="          "):
        for line in info.get(key, []):
            print(indent + line)
        for other in got:
            if other.startswith(key + " {") or other.startswith(key + " ["):
                v = got[other]
                print("%s%s /reference %.3fx (minima %.3fx)" % (
                    indent, other[len(key):].strip(), med(v) / med(base),
                    min(v) / min(base)))
                for line in info.get(other, []):
                    print(indent + "  " + line)
    if "copy" in runs:
        o, c = got["ompx saxpy"], got["cuda saxpy"]
        ratio = med(o) / med(c)
        print("saxpy     ompx/CUDA %.3fx (minima %.3fx); %s" % (
            ratio, min(o) / min(c), verdict("saxpy", ratio, TARGETS["saxpy"])))
        extras("ompx saxpy", c)
        result["saxpy"] = {"ratio": ratio, "ratio_min": min(o) / min(c)}
        # saxpy reads x and y and writes y; the copy reads and writes n floats.
        bw = {k: b * 4 * opts.n / med(got[k]) / 1e9 for k, b in
              [("ompx saxpy", 3), ("cuda saxpy", 3), ("copy", 2)]}
        print("bandwidth: copy %.0f GB/s; saxpy ompx %.0f GB/s (%.2f of copy), "
              "CUDA %.0f GB/s (%.2f of copy)" %
              (bw["copy"], bw["ompx saxpy"], bw["ompx saxpy"] / bw["copy"],
               bw["cuda saxpy"], bw["cuda saxpy"] / bw["copy"]))
        result["bandwidth_GBps"] = bw
    if any(k.startswith("cub ") for k in runs):
        result["reduction"] = {}
        for r in REDUCTIONS:
            o, h, b = got["ompx " + r], got["cuda " + r], got["cub " + r]
            best = min((med(h), "hand-written", h), (med(b), "CUB", b))
            ratio = med(o) / best[0]
            print("%-9s ompx %.1f us, CUDA hand-written %.1f us, CUB %.1f us: "
                  "ompx/%s %.3fx (minima %.3fx); %s" % (
                      r, med(o) * 1e6, med(h) * 1e6, med(b) * 1e6, best[1],
                      ratio, min(o) / min(best[2]),
                      verdict(r, ratio, TARGETS["reduction"])))
            extras("ompx " + r, best[2])
            result["reduction"][r] = {"ratio": ratio, "reference": best[1]}
    if "cuda stream" in runs:
        gbps = {}
        for key in ["cuda stream", "ompx stream", "acc stream"]:
            for k in STREAM:
                gbps[key + " " + k] = STREAM_ARRAYS[k] * 8 * opts.n / med(
                    got[key + " " + k]) / 1e9
        ceiling = 2 * 8 * opts.n / med(got["cuda stream memcpy"]) / 1e9
        print("STREAM (GB/s; the device's D2D cudaMemcpy: %.0f GB/s, the "
              "ceiling)" % ceiling)
        print("  %-6s %8s %8s %8s  %-26s %s" % (
            "kernel", "CUDA", "OpenMP", "OpenACC", "OpenMP/CUDA",
            "OpenACC/CUDA"))
        for k in STREAM:
            c, o, a = (gbps[x + " " + k] for x in ["cuda stream",
                                                   "ompx stream",
                                                   "acc stream"])
            print("  %-6s %8.0f %8.0f %8.0f  %.3fx %-19s %.3fx %s" % (
                k, c, o, a, o / c, judge("stream " + k, o / c,
                                         TARGETS["stream"], below=False),
                a / c, judge("acc stream " + k, a / c, TARGETS["stream"],
                             below=False)))
        print("  of the ceiling: " + ", ".join(
            "%s %.2f/%.2f/%.2f" % (k, gbps["cuda stream " + k] / ceiling,
                                   gbps["ompx stream " + k] / ceiling,
                                   gbps["acc stream " + k] / ceiling)
            for k in STREAM) + " (CUDA/OpenMP/OpenACC); target: each kernel "
              ">= %.2fx CUDA's" % TARGETS["stream"])
        extras("ompx stream", got["cuda stream copy"])
        rec = {k: med(got["ompx stream [recorded] " + k]) /
               med(got["ompx stream " + k]) for k in STREAM}
        total = sum(med(got["ompx stream [recorded] " + k]) for k in STREAM) \
            / sum(med(got["ompx stream " + k]) for k in STREAM)
        print("recorder (launch --profile): the STREAM kernels take %.3fx "
              "their plain time (%s); %s" % (
                  total, ", ".join("%s %.3fx" % (k, rec[k]) for k in STREAM),
                  verdict("recorder", total, TARGETS["recorder"])))
        result["recorder"] = {"ratio": total, "kernels": rec}
        for line in info.get("acc stream", []):
            print("          OpenACC: " + line)
        result["stream_GBps"] = gbps
        result["stream_ceiling_GBps"] = ceiling
    if "sched" in opts.only.split(","):
        a, b = got["ompx sched [auto]"], got["ompx sched [blocking]"]
        print("sched     %s; a round: OMPX_CUDA_SCHEDULE=auto %.2f ms, "
              "=blocking %.2f ms; auto/blocking %.3fx (minima %.3fx)" % (
                  sched_shape, med(a) * 1e3, med(b) * 1e3, med(a) / med(b),
                  min(a) / min(b)))
        result["sched"] = {"shape": sched_shape, "auto_s": med(a),
                           "blocking_s": med(b)}
    if missed:
        print("missed: " + ", ".join(missed))
    result["missed"] = missed
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
    c = sub.add_parser("cuda")
    c.add_argument("--out", required=True)
    c.add_argument("--nvcc-arch", default="native")
    r = sub.add_parser("run")
    r.add_argument("--dir", required=True)
    r.add_argument("--n", type=int, default=2**26)
    r.add_argument("--reps", type=int, default=30)
    r.add_argument("--rounds", type=int, default=3)
    r.add_argument("--warmup", type=int, default=5)
    r.add_argument("--nvcc-arch", default="native")
    r.add_argument("--tiny-n", type=int, default=4096)
    r.add_argument("--sched-launches", type=int, default=100,
                   help="target regions per host thread and round")
    r.add_argument("--sched-rounds", type=int, default=6,
                   help="rounds of the scheduling program per run (the "
                   "first dropped)")
    r.add_argument("--only", default=",".join(SECTIONS),
                   help="sections to run (default: %(default)s)")
    r.add_argument("--also", action="append", default=[], metavar="SUBDIR",
                   help="another build of a program in DIR/SUBDIR "
                   "(saxpy_bench*/reduction_bench*/stream_bench*), timed "
                   "beside it")
    r.add_argument("--variant", action="append", default=[],
                   metavar="NAME:VAR=VALUE,...")
    r.add_argument("--dry-run", action="store_true",
                   help="print the builds and runs, run nothing")
    r.add_argument("--json")
    opts = p.parse_args()
    return {"build": cmd_build, "cuda": cmd_cuda, "run": cmd_run}[opts.cmd](
        opts)


if __name__ == "__main__":
    sys.exit(main())
