#!/usr/bin/env python3
"""Which `_Fortran*` entry points target regions call, and which of them ompx's
device Fortran subset defines (issue 41, item 2).

  device_fortran_symbols.py --ompx OMPX --devrt DIR --work DIR [--check FILE]

Builds every program that has a target region -- the corpus's Fortran
programs (../shared/corpus beside the repository, else the copies in
test/corpus/data) and scripts/gpu_suite.py's programs -- with
`ompx-lsp launch --device=amdgpu --offload-arch=gfx90a --no-run --keep`
(no ptxas needed) and reads the kept device.bc: the device module as
translated, before ompx links its runtime. A `_Fortran*` function referenced
there and reachable from a kernel (device.bc still holds the host's
functions) is one the kernels need. What the subset defines
comes from DIR's ompx-device-fortran-{nvptx64,amdgcn}.bc (llvm-nm).

Prints the markdown table; with --check FILE, compares it with the table
between FILE's `device-fortran-symbols` markers and exits 1 with a diff when
they differ (--write FILE replaces it instead).
"""
import argparse
import concurrent.futures
import difflib
import os
import re
import shutil
import subprocess
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(REPO, "scripts"))
import gpu_suite  # noqa: E402

BEGIN = "<!-- device-fortran-symbols: begin"
END = "<!-- device-fortran-symbols: end -->"
# Corpus folders of Fortran programs flang-22 lowers (flang/nyi: it cannot;
# large/: performance files without target regions worth a build).
CORPUS_DIRS = ["flang/omp", "flang/acc", "upstream/flang/test/Lower/OpenMP",
               "upstream/flang/test/Lower/OpenACC"]
F90_TARGET = re.compile(
    r"^\s*!\$(omp\s+target(?!\s+(data|enter|exit|update))\b"
    r"|acc\s+(parallel|kernels|serial)\b)", re.I | re.M)
MLIR_TARGET = re.compile(r"\b(omp\.target|acc\.(parallel|kernels|serial))\s")


def tool(name):
    for n in (name + "-22", name):
        if shutil.which(n):
            return n
    sys.exit("error: %s not found" % name)


def corpus_root():
    shared = os.path.join(os.path.dirname(REPO), "shared", "corpus")
    return shared if os.path.isdir(shared) else gpu_suite.CORPUS


def programs(work):
    """(name, file, driver or None) of every program with a target region."""
    out = []
    root = corpus_root()
    drivers = os.path.join(gpu_suite.INPUTS, "corpus-drivers")
    # Most corpus files are subroutines without a main program: a build
    # (--no-run) needs one, and any will do.
    empty = os.path.join(work, "empty_main.c")
    with open(empty, "w") as f:
        f.write("int main(void) { return 0; }\n")
    for d in CORPUS_DIRS:
        folder = os.path.join(root, d)
        if not os.path.isdir(folder):
            continue
        for f in sorted(os.listdir(folder)):
            if not f.endswith(".f90"):
                continue
            driver = [os.path.join(drivers, d) for d in
                      sorted(os.listdir(drivers))
                      if d.startswith(f[:-4] + ".driver.")]
            text = open(os.path.join(folder, f), errors="replace").read()
            if not driver and not re.search(r"^\s*program\s", text,
                                            re.I | re.M):
                driver = [empty]
            out.append((f, os.path.join(folder, f),
                        driver[0] if driver else None))
    out += gpu_suite.programs()
    keep = []
    for name, path, driver in out:
        with open(path, errors="replace") as f:
            text = f.read()
        pattern = F90_TARGET if path.endswith(".f90") else MLIR_TARGET
        if pattern.search(text):
            keep.append((name, path, driver))
    return keep


def referenced(llvm_dis, bc):
    """_Fortran* functions the kernels reach through calls or references.

    device.bc still holds the host's functions (the main program's own
    PRINTs), dropped later in the device build: walk from the kernels."""
    ir = subprocess.run([llvm_dis, bc, "-o", "-"], capture_output=True,
                        text=True, check=True).stdout
    bodies, current = {}, None
    for line in ir.splitlines():
        m = re.match(r"define .*?@([\w.$\"]+)\(", line)
        if m:
            current = m.group(1).strip('"')
            bodies[current] = set()
        elif line.startswith("}"):
            current = None
        elif current is not None:
            bodies[current].update(
                n.strip('"') for n in re.findall(r"@([\w.$]+|\"[^\"]+\")",
                                                 line))
    seen = set()
    todo = [f for f in bodies if f.startswith("__omp_offloading_")]
    while todo:
        f = todo.pop()
        if f in seen:
            continue
        seen.add(f)
        todo.extend(bodies.get(f, ()))
    return {f for f in seen if f.startswith("_Fortran")}


def build(args, llvm_dis, index, entry):
    name, path, driver = entry
    extra = ["--driver=" + driver] if driver else []
    # The build may be refused (amdgpu has no device PRINT) or fail later;
    # device.bc is written before either. Where amdgpu refuses the program
    # before translation (target_task: launch.md's defect h), the nvptx one
    # is read.
    for device, arch in [("amdgpu", "gfx90a"), ("nvptx", "sm_90")]:
        keep = os.path.join(args.work, "%03d.%s" % (index, device))
        shutil.rmtree(keep, ignore_errors=True)
        subprocess.run([args.ompx, "launch", path, "--device=" + device,
                        "--offload-arch=" + arch, "--no-run",
                        "--keep=" + keep] + extra,
                       capture_output=True, text=True, timeout=300)
        bc = os.path.join(keep, "device.bc")
        if os.path.exists(bc):
            break
    else:
        sys.exit("error: no device.bc for %s (%s)" % (name, path))
    return name, referenced(llvm_dis, bc)


def defined(llvm_nm, bc):
    out = subprocess.run([llvm_nm, "--defined-only", "--just-symbol-name",
                          bc], capture_output=True, text=True,
                         check=True).stdout
    return {s for s in out.split() if s.startswith("_Fortran")}


def table(args):
    llvm_dis, llvm_nm = tool("llvm-dis"), tool("llvm-nm")
    os.makedirs(args.work, exist_ok=True)
    used = {}
    entries = programs(args.work)
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for name, syms in pool.map(lambda e: build(args, llvm_dis, *e),
                                   enumerate(entries)):
            for s in syms:
                used.setdefault(s, []).append(name)
    nv = defined(llvm_nm, os.path.join(args.devrt,
                                       "ompx-device-fortran-nvptx64.bc"))
    amd = defined(llvm_nm, os.path.join(args.devrt,
                                        "ompx-device-fortran-amdgcn.bc"))
    rows = ["| symbol | defined by the subset | used by |",
            "|---|---|---|"]
    for s in sorted(used):
        where = "yes" if s in nv and s in amd else \
            "nvptx only" if s in nv else "amdgpu only" if s in amd else "no"
        rows.append("| `%s` | %s | %s |" % (
            s, where, ", ".join(sorted(set(used[s])))))
    rows.append("")
    rows.append("%d programs with target regions built; %d of them call "
                "the Fortran runtime there." % (
                    len(entries),
                    len({n for names in used.values() for n in names})))
    return "\n".join(rows) + "\n"


def split(doc):
    b = doc.index(BEGIN)
    b = doc.index("\n", b) + 1
    e = doc.index(END, b)
    return doc[:b], doc[b:e], doc[e:]


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--ompx", required=True)
    p.add_argument("--devrt", required=True,
                   help="folder of ompx-device-fortran-*.bc")
    p.add_argument("--work", required=True, help="scratch folder (--keep)")
    p.add_argument("--jobs", type=int, default=2)
    g = p.add_mutually_exclusive_group()
    g.add_argument("--check", metavar="FILE")
    g.add_argument("--write", metavar="FILE")
    args = p.parse_args()
    new = table(args)
    target = args.check or args.write
    if not target:
        sys.stdout.write(new)
        return 0
    with open(target) as f:
        head, old, tail = split(f.read())
    if args.write:
        with open(target, "w") as f:
            f.write(head + new + tail)
        return 0
    if old == new:
        print("%s: the table is current" % target)
        return 0
    sys.stdout.writelines(difflib.unified_diff(
        old.splitlines(True), new.splitlines(True),
        target + " (committed)", "regenerated"))
    print("error: %s's device Fortran symbol table is out of date; "
          "regenerate it with scripts/device_fortran_symbols.py --write"
          % target)
    return 1


if __name__ == "__main__":
    sys.exit(main())
