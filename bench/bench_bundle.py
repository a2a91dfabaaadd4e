#!/usr/bin/env python3
"""Wall time, memory and size of `ompx-lsp launch --bundle` (issue 37).

A GPU bundle carries ~210 MB of shared libraries (libLLVM 22 among them);
each is compressed once per content into a cache, and every bundle is
assembled from the cached pieces. With an empty scratch cache:
  first    launch saxpy.hlfir.mlir  --device=nvptx --bundle=DIR  (compresses)
  second   launch reduction.hlfir.mlir ... same cache             (reuses)
Each is the whole command (build + bundle). Prints the wall and CPU times
(on a machine shared with other work, CPU / cores bounds the idle wall
time), the peak
memory of ompx-lsp and its children (ru_maxrss of the largest), the tarball
sizes, and each against its target: first <= 90 s, second <= 15 s, tarball
<= 50 MB. The second bundle's tarball is unpacked and compared with its
folder.

    python3 bench/bench_bundle.py [--device nvptx] [--arch sm_90] [--json OUT]

Without ptxas, --device=host-offload bundles the same libraries. Exit 0 (all
targets met), 1 (one missed), 2 (a run failed).
"""
import argparse, json, os, resource, shutil, subprocess, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXAMPLES = os.path.join(ROOT, "examples", "launch")
OMPX = os.path.join(ROOT, "build", "server", "ompx-lsp")
TARGETS = {"first_s": 90.0, "second_s": 15.0, "tarball_mb": 50.0}


def bundle(program, out, args, env):
    cmd = [OMPX, "launch", os.path.join(EXAMPLES, program + ".hlfir.mlir"),
           "--device=" + args.device, "--bundle=" + out, "-v"]
    if args.device.startswith(("nvptx", "amdgpu")):
        cmd.append("--offload-arch=" + args.arch)
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    before, cpu0 = usage.ru_maxrss, usage.ru_utime + usage.ru_stime
    t = time.perf_counter()
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True, env=env)
    wall = time.perf_counter() - t
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    rss, cpu = usage.ru_maxrss, usage.ru_utime + usage.ru_stime - cpu0
    if p.returncode:
        print("failed (%d): %s\n%s" % (p.returncode, " ".join(cmd), p.stderr))
        sys.exit(2)
    summary = [l for l in p.stderr.splitlines() if "bundle: libraries" in l]
    return {"wall_s": round(wall, 1), "cpu_s": round(cpu, 1),
            "max_rss_mb": round(max(rss, before) / 1024.0, 1),
            "tarball_mb": round(os.path.getsize(out + ".tar.xz") / 1e6, 1),
            "folder_mb": round(sum(os.path.getsize(os.path.join(d, f))
                                   for d, _, fs in os.walk(out) for f in fs) / 1e6, 1),
            "cache": summary[0].split("bundle: ", 1)[1] if summary else "?"}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--device", default="nvptx")
    ap.add_argument("--arch", default="sm_90")
    ap.add_argument("--json")
    args = ap.parse_args()
    if not os.access(OMPX, os.X_OK):
        print("missing %s (build first)" % OMPX)
        return 2
    if args.device == "nvptx" and not (shutil.which("ptxas") or
                                       os.path.exists("/usr/local/cuda/bin/ptxas")):
        print("no ptxas: bundling host-offload programs instead")
        args.device = "host-offload"
    tmp = tempfile.mkdtemp(prefix="ompx-bench-bundle-")
    env = dict(os.environ, OMPX_BUNDLE_CACHE=os.path.join(tmp, "cache"))
    env.pop("XZ_OPT", None)
    try:
        first = bundle("saxpy", os.path.join(tmp, "first"), args, env)
        entries = len(os.listdir(os.path.join(tmp, "cache")))
        second = bundle("reduction", os.path.join(tmp, "second"), args, env)
        same_cache = len(os.listdir(os.path.join(tmp, "cache"))) == entries
        into = os.path.join(tmp, "unpacked")
        os.makedirs(into)
        subprocess.run(["tar", "-xJf", os.path.join(tmp, "second.tar.xz"),
                        "-C", into], check=True)
        same = subprocess.run(["diff", "-r", os.path.join(tmp, "second"),
                               os.path.join(into, "second")]).returncode == 0
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    checks = [("first bundle (empty cache)", first["wall_s"], TARGETS["first_s"], "s"),
              ("second bundle (cached)", second["wall_s"], TARGETS["second_s"], "s"),
              ("tarball", max(first["tarball_mb"], second["tarball_mb"]),
               TARGETS["tarball_mb"], "MB")]
    print("device %s, %d cores, load average %.1f, cache entries %d"
          % (args.device, os.cpu_count(), os.getloadavg()[0], entries))
    for name, r in (("first", first), ("second", second)):
        print("  %-6s %6.1f s (CPU %6.1f s)  peak RSS %6.1f MB  folder %6.1f MB  tarball %5.1f MB  %s"
              % (name, r["wall_s"], r["cpu_s"], r["max_rss_mb"], r["folder_mb"], r["tarball_mb"], r["cache"]))
    print("  second/first %.2f" % (second["wall_s"] / first["wall_s"]))
    met = True
    for name, value, target, unit in checks:
        ok = value <= target
        met &= ok
        print("  %-28s %7.1f %-2s target <= %5.1f  %s (%.2f of target)"
              % (name, value, unit, target, "PASS" if ok else "MISS", value / target))
    print("  cache unchanged by the second bundle: %s; its tarball unpacks to its folder: %s"
          % ("yes" if same_cache else "NO", "yes" if same else "NO"))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"first": first, "second": second, "targets": TARGETS,
                       "device": args.device}, f, indent=1)
    if not (same_cache and same):
        return 2
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
