#!/usr/bin/env python3
"""Build here, run on a GPU node: every example and offload-capable corpus
program as one GPU suite (issue 11, item 6).

  gpu_suite.py build OUT.tar.xz [--arch sm_90] [--only NAME...]
      (here, with LLVM 22 and the built ompx-lsp) builds each program for
      nvptx with `ompx-lsp launch --bundle --bundle-store` (the libraries
      copied once, hard-linked into each bundle: tar keeps one copy), records
      its expected output from a host-offload run of the same file (real data
      mapping on the host, which corpus-offload.test checks), adds
      bench/bench_gpu.py's programs and writes one tarball.
  gpu_suite.py run DIR [--out LOGDIR]
      (on the GPU node, Python only) runs each program's run.sh (offload
      mandatory) with LIBOMPTARGET_INFO showing each kernel launch, checks its
      output and exit status against the expected ones and that at least one
      kernel ran on the GPU; then runs it again as a recorded launch (the
      bundle's recorder) and checks that the grids and modes it recorded
      are those LIBOMPTARGET_INFO printed. Prints a summary; exit 1 when
      any fails.
"""
import argparse
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gpu_stubs  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
INPUTS = os.path.join(REPO, "test", "launch", "Inputs")
CORPUS = os.path.join(REPO, "test", "corpus", "data")

# Offload-capable corpus programs (corpus-offload.test runs the same ones).
CORPUS_PROGRAMS = [
    "omp_declare_mapper", "omp_map_allocatable", "omp_map_assumed_shape",
    "omp_map_pointer", "omp_target_data", "omp_target_enter_exit_update",
    "omp_target_nowait_depend", "omp_target_teams_dpd", "omp_teams",
]


# Programs whose GPU output and grids are stated here, not taken from a
# reference run (where a host runs teams its own way). "blocks": per kernel
# launch, in order, its grid's x (see grid_ok); "stderr_not": never printed.
STATED = {
    # Issue 41: num_teams(4000) launches 4000 teams; without num_teams a big
    # loop gets ompx's one wave (16 teams an SM), not libomptarget's 3200;
    # the host's max teams is its own.
    "gpu_teams_semantics": {
        "stdout": "num_teams(4000): 4000 teams, 4000 team numbers\n"
                  "no num_teams, 2**24 iterations, not run once: 0\n"
                  "host max teams: 0\n",
        "blocks": ["4000", "wave"],
        "stderr_not": "Cannot form a team",
    },
}


# ompx's device Fortran subset in target regions (issue 41): PRINT,
# allocatable assignment with reallocation, array intrinsics; the expected
# output comes from a host-offload run, as for the other programs.
DEVICE_FORTRAN = ["gpu_dfrt_print", "gpu_dfrt_assign", "gpu_dfrt_intrinsics"]

# Math functions in kernels (issue gmath32): SIN, ERF, GAMMA, BESSEL_*, `**`,
# ... of real(8) and real(4), from CUDA's libdevice on nvptx; the program
# compares them with the host's values itself and prints PASS/FAIL per
# function (the host-offload reference says PASS throughout).
KERNEL_MATH = ["gpu_kernel_math"]

# dist_schedule/schedule chunks (ompx passes the chunks LLVM 22 drops, and
# its ABI shim deals them: LLVM's chunked loops lose iterations): the
# program checks the team and thread of every iteration itself and prints
# the count of misplaced ones (0 on host-offload).
LOOP_CHUNKS = ["gpu_dist_chunks"]


def corpus_file(program, form):
    if form == "llvm":
        return os.path.join(CORPUS, "llvm-dialect", program + ".llvm.mlir")
    generic = os.path.join(CORPUS, "flang", "omp",
                           "%s.generic.%s.mlir" % (program, form))
    if os.path.exists(generic):
        return generic
    return os.path.join(CORPUS, "flang", "omp", "%s.%s.mlir" % (program, form))


def programs():
    """(name, mlir file, driver or None) for every program of the suite."""
    out = []
    for stem in ["saxpy.hlfir", "saxpy.llvm", "reduction.hlfir",
                 "reduction.llvm", "map_bug.hlfir"]:
        out.append((stem, os.path.join(REPO, "examples", "launch",
                                       stem + ".mlir"), None))
    # The 22.1.8 defect workarounds, on the hardware they are for.
    for stem in ["gpu_array_reduction", "gpu_critical",
                 "gpu_generic_parallel", "target_task"]:
        out.append((stem, os.path.join(INPUTS, stem + ".hlfir.mlir"), None))
    for stem in list(STATED) + DEVICE_FORTRAN + KERNEL_MATH + LOOP_CHUNKS:
        out.append((stem, os.path.join(INPUTS, stem + ".f90"), None))
    drivers = os.path.join(INPUTS, "corpus-drivers")
    for program in CORPUS_PROGRAMS:
        driver = [f for f in sorted(os.listdir(drivers))
                  if f.startswith(program + ".driver.")][0]
        for form in ["hlfir", "fir", "llvm"]:
            out.append(("%s.%s" % (program, form), corpus_file(program, form),
                        os.path.join(drivers, driver)))
    return out


def launch(ompx, args, timeout=600):
    try:
        return subprocess.run([ompx, "launch"] + args, capture_output=True,
                              text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return subprocess.CompletedProcess(
            args, 124, "", "error: ompx-lsp launch %s did not finish in %d s"
            % (" ".join(args), timeout))


def build_one(ompx, device_kind, arch, work, entry):
    """Builds one program's bundle into work/progs; its manifest record."""
    name, mlir, driver = entry
    extra = ["--driver=" + driver] if driver else []
    rec = {"name": name, "source": os.path.relpath(mlir, REPO)}
    if name in STATED:
        rec.update({"reference": "stated", "expected_exit": 0,
                    "expected_stdout": STATED[name]["stdout"],
                    "expected_blocks": STATED[name]["blocks"],
                    "stderr_not": STATED[name]["stderr_not"]})
        return build_bundle(ompx, device_kind, arch, work, entry, rec)
    # The reference run: host-offload maps data as the GPU does; constructs
    # its serial device runtime lacks (critical, taskwait) run on the host.
    for device in ["host-offload", "host"]:
        ref = launch(ompx, [mlir, "--device=" + device] + extra)
        if ref.returncode != 3:
            break
    rec["reference"] = device
    rec["expected_exit"] = ref.returncode
    rec["expected_stdout"] = ref.stdout
    # The program's own exit status (map_bug's 1 reports the stale data it
    # finds) is part of what is compared; a reference that never ran the
    # program to its end (the pipeline's 2 and 3, a timeout's 124, an
    # interrupt's 130, a crash) would make the same failure a pass.
    if ref.returncode in (2, 3, 124, 130) or ref.returncode >= 128 or \
            ref.returncode < 0 or "the program crashed" in ref.stderr:
        rec["error"] = "no reference run (%s exit %d): %s" % (
            device, ref.returncode, last_error(ref.stderr))
        return rec
    return build_bundle(ompx, device_kind, arch, work, entry, rec)


def build_bundle(ompx, device_kind, arch, work, entry, rec):
    name, mlir, driver = entry
    extra = ["--driver=" + driver] if driver else []
    bundle = os.path.join(work, "progs", name)
    target = ["--device=" + device_kind] + (
        ["--offload-arch=" + arch] if device_kind != "host-offload" else [])
    # --profile: the bundle carries the recorder (issue 40's GPU check).
    gpu = launch(ompx, [mlir] + target + store_args(work) +
                 ["--bundle=" + bundle, "--profile"] + extra)
    if gpu.returncode != 0:
        rec["error"] = "%s build refused: %s" % (device_kind,
                                                 last_error(gpu.stderr))
        shutil.rmtree(bundle, ignore_errors=True)
    return rec


def store_args(work):
    """The libraries every bundle of the suite shares (hard links)."""
    return ["--bundle-store=" + os.path.join(work, "lib-store")]


def last_error(stderr):
    errors = [l for l in stderr.splitlines() if "error:" in l]
    return (errors or stderr.splitlines()[-1:] or ["?"])[-1].strip()


def cmd_build(opts):
    ompx = opts.ompx or os.path.join(REPO, "build", "server", "ompx-lsp")
    entries = [e for e in programs() if not opts.only or e[0] in opts.only]
    work = opts.work or tempfile.mkdtemp(prefix="ompx-gpu-suite.")
    os.makedirs(os.path.join(work, "progs"))
    with concurrent.futures.ThreadPoolExecutor(opts.jobs) as pool:
        records = list(pool.map(lambda e: build_one(ompx, opts.device, opts.arch, work, e),
                                entries))
    for rec in records:
        print("%-40s %s" % (rec["name"], rec.get("error", "built")),
              flush=True)
    if not opts.no_bench:
        bench = subprocess.run(
            [sys.executable, os.path.join(REPO, "bench", "bench_gpu.py"),
             "build", "--out", os.path.join(work, "bench"), "--arch",
             opts.arch, "--device", opts.device, "--ompx", ompx,
             "--bundle-store", os.path.join(work, "lib-store")])
        if bench.returncode != 0:
            sys.exit("gpu_suite: bench_gpu.py build failed")
    if not opts.no_stubs:  # issue 41 item 5: libz3, libxml2, ICU (13 MB)
        gpu_stubs.shrink(work)
    with open(os.path.join(work, "manifest.json"), "w") as f:
        json.dump({"device": opts.device, "arch": opts.arch,
                   "programs": records}, f, indent=1)
    if opts.work:  # kept, to add to it; `tar -C WORK -cJf OUT .` packs it
        print("gpu_suite: the suite is in %s" % work)
        return 0
    out = os.path.abspath(opts.tarball)
    with open(out, "wb") as f:
        tar = subprocess.Popen(["tar", "-C", work, "-cf", "-", "."],
                               stdout=subprocess.PIPE)
        xz = subprocess.run(["xz", "-9e", "-T2"], stdin=tar.stdout, stdout=f)
        tar.wait()
    if tar.returncode or xz.returncode:
        sys.exit("gpu_suite: tar/xz failed")
    # Hard links once, as tar stores them.
    raw = sum(os.stat(p).st_size for p in {
        os.stat(p).st_ino: p for p in (os.path.join(d, f)
                                       for d, _, fs in os.walk(work)
                                       for f in fs)}.values())
    built = sum("error" not in r for r in records)
    print("gpu_suite: %d of %d programs built; %s: %.1f MB (%.1f MB unpacked)"
          % (built, len(records), out, os.path.getsize(out) / 1e6,
             raw / 1e6))
    shutil.rmtree(work)
    # What a device call carries: this tarball and the repository.
    if not gpu_stubs.size_report(out) and not opts.no_stubs:
        sys.exit("gpu_suite: over the budget; see docs/launch.md")


LAUNCH = re.compile(r"Launching kernel (\S+) with \[?([\d,]+)\]? blocks and "
                    r"\[?([\d,]+)\]? threads in (\S+) mode")


def grid_ok(want, got):
    """A launch's blocks ("N" or "N,1,1") against a stated number or "wave":
    whole SMs of 16 teams of 128 threads, not libomptarget's default 3200."""
    x = int(got.split(",")[0])
    if want == "wave":
        return x % 16 == 0 and x != 3200
    return x == int(want)


def grid_of(text):
    """"[2112,1,1]" or "2112": the product, as the recorder writes it."""
    n = 1
    for part in text.split(","):
        n *= int(part)
    return n


def recorded_run(root, name, rec, launches, timeout, out):
    """Runs the program again as a recorded launch (the bundle's recorder,
    OMPX_PROFILE_LOG, no LIBOMPTARGET_INFO of ours): its output must be the
    same, no runtime message may reach its stderr, and the grids and modes
    it records must be those LIBOMPTARGET_INFO printed in the plain run
    (issue 40). Returns (problems, a summary)."""
    run_sh = os.path.join(root, "progs", name, "run.sh")
    if not os.path.exists(os.path.join(root, "progs", name, "lib",
                                       "libompx-observe.so")):
        return [], "no recorder in the bundle"
    with tempfile.TemporaryDirectory() as tmp:
        log_path = os.path.join(tmp, "profile.log")
        env = {k: v for k, v in os.environ.items()
               if k != "LIBOMPTARGET_INFO"}
        env["OMPX_PROFILE_LOG"] = log_path
        try:
            t0 = time.monotonic()
            run = subprocess.run([run_sh], capture_output=True, text=True,
                                 env=env, timeout=timeout)
            wall = time.monotonic() - t0
        except subprocess.TimeoutExpired:
            return ["the recorded run timed out"], ""
        try:
            with open(log_path, "rb") as f:
                raw = f.read().split(b"\0", 1)[0]
            record = raw.decode(errors="replace")
        except OSError:
            raw, record = b"", ""
        # Kept: `ompx-lsp report OUT/profiles/NAME.log --bundle=progs/NAME`
        # (here, from the suite's tarball) makes it the report.
        if out:
            os.makedirs(os.path.join(out, "profiles"), exist_ok=True)
            with open(os.path.join(out, "profiles", name + ".log"), "wb") as f:
                f.write(raw)
    problems = []
    if run.returncode != rec["expected_exit"]:
        problems.append("recorded run: exit %s" % run.returncode)
    if run.stdout != rec["expected_stdout"]:
        problems.append("recorded run: output differs")
    if " info: " in run.stderr or "Launching kernel" in run.stderr:
        problems.append("recorded run: a runtime message reached stderr")
    recorded = sorted((f[5], int(f[2]), int(f[3]), f[4])
                      for f in (line.split("\t") for line in
                                record.splitlines())
                      if len(f) == 6 and f[0] == "G")
    printed = sorted((k, grid_of(b), grid_of(t), m)
                     for k, b, t, m in launches)
    if recorded != printed:
        problems.append("recorded grids %s, LIBOMPTARGET_INFO %s" % (
            recorded[:4], printed[:4]))
    return problems, "recorded %d launches in %.2f s" % (len(recorded), wall)


def cmd_run(opts):
    root = os.path.abspath(opts.dir)
    with open(os.path.join(root, "manifest.json")) as f:
        manifest = json.load(f)
    log = open(os.path.join(opts.out, "gpu-suite.log"), "w") if opts.out \
        else open(os.devnull, "w")
    failed = 0
    start = time.monotonic()
    for rec in manifest["programs"]:
        name = rec["name"]
        if "error" in rec:
            print("%-36s NOT BUILT  %s" % (name, rec["error"]), flush=True)
            continue
        if time.monotonic() - start > opts.budget:
            print("%-36s SKIPPED  the suite's --budget of %g s is spent" %
                  (name, opts.budget), flush=True)
            failed += 1
            continue
        env = dict(os.environ, LIBOMPTARGET_INFO=str(opts.info))
        try:
            run = subprocess.run([os.path.join(root, "progs", name, "run.sh")],
                                 capture_output=True, text=True, env=env,
                                 timeout=opts.timeout)
            code, stdout, stderr = run.returncode, run.stdout, run.stderr
        except subprocess.TimeoutExpired as e:
            code = "timeout"
            stdout = (e.stdout or b"").decode(errors="replace")
            stderr = (e.stderr or b"").decode(errors="replace")
        launches = LAUNCH.findall(stderr)
        problems = []
        if code != rec["expected_exit"]:
            problems.append("exit %s, expected %s" % (code,
                                                      rec["expected_exit"]))
        if stdout != rec["expected_stdout"]:
            problems.append("output differs from the %s run" %
                            rec["reference"])
        if not launches:
            problems.append("no kernel launch on the GPU")
        if "expected_blocks" in rec:
            grids = [blocks for _, blocks, _, _ in launches]
            if len(grids) != len(rec["expected_blocks"]) or not all(
                    grid_ok(want, got)
                    for want, got in zip(rec["expected_blocks"], grids)):
                problems.append("grids [%s], expected [%s]" % (
                    "; ".join(grids), "; ".join(rec["expected_blocks"])))
        if rec.get("stderr_not") and rec["stderr_not"] in stderr:
            problems.append("stderr says " + rec["stderr_not"])
        profile_note = ""
        if not problems and opts.info & 0x10:
            more, profile_note = recorded_run(root, name, rec, launches,
                                              opts.timeout, opts.out)
            problems += more
        modes = {}
        for kernel, blocks, threads, mode in launches:
            modes.setdefault(mode, set()).add(kernel)
        summary = ", ".join("%d %s kernel%s" % (len(k), m,
                                                "s" if len(k) > 1 else "")
                            for m, k in sorted(modes.items()))
        print("%-36s %s  %d launches (%s)%s%s" % (
            name, "FAIL" if problems else "ok  ", len(launches), summary,
            "; " + profile_note if profile_note else "",
            "; " + "; ".join(problems) if problems else ""), flush=True)
        failed += bool(problems)
        log.write("== %s exit %s\n-- stdout\n%s-- expected (%s)\n%s"
                  "-- stderr\n%s\n" % (name, code, stdout, rec["reference"],
                                       rec["expected_stdout"], stderr[-20000:]))
    built = [r for r in manifest["programs"] if "error" not in r]
    print("gpu_suite: %d of %d built programs passed on %s"
          % (len(built) - failed, len(built), manifest["device"]))
    return 1 if failed else 0


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawTextHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build")
    b.add_argument("tarball")
    b.add_argument("--arch", default="sm_90")
    # host-offload: the same suite run here, to try the runner without a GPU.
    b.add_argument("--device", default="nvptx",
                   choices=["nvptx", "amdgpu", "host-offload"])
    b.add_argument("--no-bench", action="store_true")
    b.add_argument("--no-stubs", action="store_true", help="keep the real "
                   "libz3, libxml2 and ICU (scripts/gpu_stubs.py)")
    b.add_argument("--ompx")
    b.add_argument("--jobs", type=int, default=2)
    b.add_argument("--only", nargs="*")
    b.add_argument("--work", help="build the suite in this new folder and "
                   "keep it there, without the tarball")
    r = sub.add_parser("run")
    r.add_argument("dir")
    r.add_argument("--out")
    r.add_argument("--timeout", type=float, default=60)
    r.add_argument("--budget", type=float, default=1800)
    # 0x10: the plugin's line per kernel launch (grid, block, mode).
    r.add_argument("--info", type=int, default=0x10)
    opts = p.parse_args()
    return cmd_build(opts) if opts.cmd == "build" else cmd_run(opts)


if __name__ == "__main__":
    sys.exit(main())
