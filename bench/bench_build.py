#!/usr/bin/env python3
"""Build time of the test projects with ompx's driver vs flang-22, same run.

For each project of test/projects (stream, jacobi, declare, acc) and each run,
interleaved, in a fresh copy each time, through the project's own Makefile
(or CMakeLists.txt with --build-system):
  flang   make FC=flang-22 FFLAGS="-O2 -fopenmp ..."          (host build)
  ompx    make FC=ompx-flang FFLAGS="-O2 -fopenmp|-fopenacc
               -fopenmp-targets=x86_64-pc-linux-gnu ..."     (host-offload)
then runs both programs (each must print PASSED). Reports medians, the
median of the per-run build ratios ompx/flang with their min-max against the
target (<= 1.5, issue 35), and the programs' run times as information.
acc's flang build has no -fopenacc (flang-22 cannot translate OpenACC to LLVM
IR): its directives are comments there, as -fopenmp's are to OpenACC code.

    python3 bench/bench_build.py [--runs 3] [--projects stream,jacobi,declare,acc]
        [--fc build/server/ompx-flang] [--mode host-offload] [--json OUT]

Exit 0 (every ratio met), 1 (a ratio missed), 2 (a tool missing, a build or
run failed).
"""
import argparse, json, os, shutil, statistics, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "test", "projects"))
import run_projects as rp  # noqa: E402  (the projects' table and build steps)

TARGET = 1.5


def build_and_run(opts, project, mode, fflags, ldflags, workdir):
    """Build time and run time of one fresh copy of the project."""
    rp.copy_project(project, workdir)
    t = time.perf_counter()
    exe = rp.build(opts, project, opts.build_system, fflags, ldflags, workdir)
    build_s = time.perf_counter() - t
    t = time.perf_counter()
    rp.run_program(opts, project, mode, exe)
    return build_s, time.perf_counter() - t


def spread(values):
    return "%.2f (%.2f-%.2f)" % (statistics.median(values), min(values), max(values))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--projects", default="all")
    ap.add_argument("--fc", default=os.path.join(ROOT, "build", "server", "ompx-flang"),
                    help="the driver (default build/server/ompx-flang)")
    ap.add_argument("--ref", default="flang-22", help="the reference compiler")
    ap.add_argument("--mode", default="host-offload", choices=["host", "host-offload"],
                    help="the driver's mode (host: to try the bench without the driver)")
    ap.add_argument("--build-system", default="make", choices=rp.BUILD_SYSTEMS)
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--json")
    args = ap.parse_args()
    for tool in (args.fc, args.ref):
        if not shutil.which(tool):
            print("missing %s (build first)" % tool)
            return 2
    projects = rp.pick(args.projects, rp.PROJECTS, "project")
    tmp = tempfile.mkdtemp(prefix="ompx-bench-build-")
    common = dict(jobs=args.jobs, timeout=900, build_system=args.build_system,
                  base_flags="-O2", nvptx_arch="sm_90", amdgpu_arch="gfx90a")
    ompx = argparse.Namespace(fc=os.path.abspath(args.fc) if os.sep in args.fc else args.fc,
                              **common)
    ref = argparse.Namespace(fc=args.ref, **common)
    ref_ldflags = rp.reference_ldflags(args.ref, tmp)
    ompx_ldflags = rp.reference_ldflags(ompx.fc, tmp)  # [] for the driver
    results, failures, status = [], [], 0
    try:
        for project in projects:
            p = rp.PROJECTS[project]
            ref_flags = ["-O2", "-fopenmp"] + p.defines
            ompx_flags = rp.mode_flags(ompx, project, args.mode)
            rows = {"flang_build": [], "ompx_build": [], "flang_run": [], "ompx_run": []}
            failed = None
            for i in range(args.runs):
                for name, opts, flags, ld, mode in (
                        ("flang", ref, ref_flags, ref_ldflags, "host"),
                        ("ompx", ompx, ompx_flags, ompx_ldflags, args.mode)):
                    work = os.path.join(tmp, "%s-%s-%d" % (project, name, i))
                    try:
                        b, r = build_and_run(opts, project, mode, flags, ld, work)
                    except rp.CaseError as e:
                        failed = "%s %s %s: %s" % (project, name, e.stage, e)
                        print(failed + "\n" + e.log[-3000:])
                        break
                    rows[name + "_build"].append(b)
                    rows[name + "_run"].append(r)
                    shutil.rmtree(work, ignore_errors=True)
                if failed:
                    break
            if failed:
                failures.append(failed)
                continue
            build_ratio = [o / f for o, f in zip(rows["ompx_build"], rows["flang_build"])]
            run_ratio = [o / f for o, f in zip(rows["ompx_run"], rows["flang_run"])]
            met = statistics.median(build_ratio) <= TARGET
            status = status or (0 if met else 1)
            results.append(dict(project=project, mode=args.mode, ompx_flags=ompx_flags,
                                flang_flags=ref_flags, build_ratio=build_ratio,
                                run_ratio=run_ratio, met=met, **rows))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    print("build system %s, %d runs, medians; ompx %s, flang %s" %
          (args.build_system, args.runs, args.mode, args.ref))
    print("%-8s %12s %12s %22s %7s %11s %11s %20s" % (
        "project", "flang build", "ompx build", "ompx/flang build", "<=%.1f" % TARGET,
        "flang run", "ompx run", "ompx/flang run (info)"))
    for r in results:
        print("%-8s %11.2fs %11.2fs %22s %7s %10.3fs %10.3fs %20s" % (
            r["project"], statistics.median(r["flang_build"]),
            statistics.median(r["ompx_build"]), spread(r["build_ratio"]),
            "PASS" if r["met"] else "MISS", statistics.median(r["flang_run"]),
            statistics.median(r["ompx_run"]), spread(r["run_ratio"])))
    print("issue 35 build target (<= %.1fx): %d of %d met" %
          (TARGET, sum(r["met"] for r in results), len(results)))
    for failed in failures:
        print("not measured: " + failed)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(dict(results=results, failures=failures), f, indent=2)
    return 2 if failures else status


if __name__ == "__main__":
    sys.exit(main())
