#!/usr/bin/env python3
"""What the Slurm launcher adds to a launch, against anchors of the same run.

On a loopback Slurm cluster (scripts/slurm-cluster.sh, started and stopped
here), for each run, interleaved:
  local   ompx-lsp launch saxpy.hlfir.mlir --device=host            (build + run here)
  srun    srun -u --input=none --quit-on-interrupt PROGRAM           (the built program, run by Slurm)
  slurm   ompx-lsp launch ... --launcher=slurm                       (build + bundle + srun)
  reuse   ompx-lsp launch ... --launcher=slurm --slurm-allocation=reuse
          (a step of an allocation kept from the first reuse run)
The floor of a Slurm launch is the same work done by hand: local + srun
(build, then one srun of the program). Prints medians, the spread, and
slurm/(local+srun), reuse/(local+srun). Also the time from a SIGINT to the
launch's exit with the job gone from squeue.

    python3 bench/bench_slurm.py [--runs 5] [--json OUT]

Exit 0, or 2 when Slurm is not installed or a run failed.
"""
import argparse, json, os, shutil, signal, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OMPX = os.path.join(ROOT, "build", "server", "ompx-lsp")
CLUSTER = os.path.join(ROOT, "scripts", "slurm-cluster.sh")
SAXPY = os.path.join(ROOT, "examples", "launch", "saxpy.hlfir.mlir")
SPIN = os.path.join(ROOT, "test", "launch", "Inputs", "spin.hlfir.mlir")


def timed(cmd, env):
    t = time.perf_counter()
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True, env=env)
    return time.perf_counter() - t, p


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--json")
    args = ap.parse_args()
    if not shutil.which("slurmctld") or not os.path.exists(OMPX):
        print("needs Slurm (scripts/setup.sh --test-packages installs it) and %s" % OMPX)
        return 2
    cluster = tempfile.mkdtemp(prefix="ompx-bench-slurm.", dir="/tmp")
    work = tempfile.mkdtemp(prefix="ompx-bench-slurm-work.")
    env = dict(os.environ, SLURM_CONF=os.path.join(cluster, "etc", "slurm.conf"),
               OMPX_SLURM_STATE=os.path.join(work, "alloc.json"))
    try:
        subprocess.run(["bash", CLUSTER, "start", cluster], check=True,
                       stdout=subprocess.DEVNULL)
        keep = os.path.join(work, "keep")
        _, p = timed([OMPX, "launch", SAXPY, "--device=host", "--no-run",
                      "--keep=" + keep], env)
        if p.returncode != 0:
            print("build failed:\n" + p.stderr)
            return 2
        stage = "--slurm-stage-dir=" + os.path.join(work, "stage")
        cmds = {
            "local": [OMPX, "launch", SAXPY, "--device=host"],
            "srun": ["srun", "-u", "--input=none", "--quit-on-interrupt",
                     os.path.join(keep, "program")],
            "slurm": [OMPX, "launch", SAXPY, "--device=host",
                      "--launcher=slurm", stage],
            "reuse": [OMPX, "launch", SAXPY, "--device=host",
                      "--launcher=slurm", stage, "--slurm-allocation=reuse"],
        }
        # Warm-up (caches, the kept allocation and the library store).
        for name, cmd in cmds.items():
            timed(cmd, env)
        times = {k: [] for k in cmds}
        for _ in range(args.runs):
            for name, cmd in cmds.items():
                t, p = timed(cmd, env)
                if p.returncode != 0 or "saxpy: ok" not in p.stdout:
                    print("%s failed (%d):\n%s%s" % (name, p.returncode,
                                                     p.stdout, p.stderr))
                    return 2
                times[name].append(t)
        # Ctrl-C of a running launch: until it exits, the job gone.
        stops = []
        for _ in range(3):
            q = subprocess.Popen([OMPX, "launch", SPIN, "--device=host",
                                  "--launcher=slurm", stage],
                                 stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True, env=env)
            for line in q.stderr:
                if "running, job" in line:
                    break
            time.sleep(0.5)
            t = time.perf_counter()
            q.send_signal(signal.SIGINT)
            q.communicate()
            stops.append(time.perf_counter() - t)
        left = subprocess.run(["squeue", "-h", "-o", "%i %j"], env=env,
                              capture_output=True, text=True).stdout.split("\n")
        left = [l for l in left if l and "-alloc" not in l]
        subprocess.run([OMPX, "slurm", "release"], env=env,
                       stdout=subprocess.DEVNULL)
    finally:
        subprocess.run(["bash", CLUSTER, "stop", cluster],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        shutil.rmtree(cluster, ignore_errors=True)
        shutil.rmtree(work, ignore_errors=True)

    med = {k: statistics.median(v) for k, v in times.items()}
    floor = [a + b for a, b in zip(times["local"], times["srun"])]
    report = {"runs": args.runs, "median_s": med,
              "floor_s": statistics.median(floor),
              "stop_after_sigint_s": statistics.median(stops),
              "jobs_left": left}
    for k in cmds:
        print("%-6s median %6.3f s  (%.3f-%.3f)" % (k, med[k], min(times[k]),
                                                    max(times[k])))
    print("floor  local+srun %6.3f s  (%.3f-%.3f)" % (
        report["floor_s"], min(floor), max(floor)))
    for k in ("slurm", "reuse"):
        r = [s / f for s, f in zip(times[k], floor)]
        report[k + "_over_floor"] = statistics.median(r)
        print("%s/floor %.2f  (%.2f-%.2f)" % (k, statistics.median(r), min(r),
                                             max(r)))
    print("SIGINT -> exit, job gone: %.3f s median of 3; jobs left: %d" % (
        report["stop_after_sigint_s"], len(left)))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(report, f, indent=1)
    return 0 if not left else 2


if __name__ == "__main__":
    sys.exit(main())
