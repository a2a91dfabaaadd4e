#!/usr/bin/env python3
"""A GPU suite small enough to travel (issue 41, item 5).

libLLVM, which libomptarget loads, needs libz3 (the static analyzer's SMT
solver) and libxml2 (Windows manifests; it needs ICU and liblzma), which an
offload program never calls: about 13 MB of the suite's tarball. `shrink`
replaces each by a stub with the same SONAME that defines every symbol the
other libraries import from it (functions that abort, naming themselves;
data of the same size; the same symbol versions, which the loader checks),
then removes the libraries nothing loads any more (ICU, liblzma) from every
bundle. `size_report` adds the repository a device call carries (tracked
and untracked-not-ignored files) to the tarball and judges the total
against the 60 MiB budget.

  gpu_stubs.py shrink WORK      (gpu_suite.py build does it)
  gpu_stubs.py size TARBALL     the total a device call carries; exit 1 above
                                60 MiB
"""
import os
import re
import subprocess
import sys
import tempfile

# SONAMEs stubbed: nothing an offload program runs calls into them.
STUBBED = ["libz3.so.4", "libxml2.so.2"]
BUDGET = 60 * 2**20
REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def needed(path):
    """The DT_NEEDED entries of an ELF file (none for anything else)."""
    out = subprocess.run(["readelf", "-d", path], capture_output=True,
                         text=True).stdout
    return re.findall(r"\(NEEDED\)\s+Shared library: \[(.*)\]", out)


def dynsyms(path, defined):
    """name -> (type letter, size, version or None) from nm -D."""
    args = ["nm", "-D", "-S", "--with-symbol-versions",
            "--defined-only" if defined else "--undefined-only", path]
    out = subprocess.run(args, capture_output=True, text=True,
                         check=True).stdout
    syms = {}
    for line in out.splitlines():
        f = line.split()
        if not f:
            continue
        name = f[-1]
        kind = f[-2]
        size = int(f[1], 16) if len(f) == 4 else 0
        base, _, version = name.partition("@")
        version = version.lstrip("@") or None
        syms[base] = (kind, size, version)
    return syms


def write_stub(soname, real, users, out, cc="cc"):
    """A library named soname that defines what `users` import of `real`."""
    wanted = set()
    for user in users:
        wanted |= set(dynsyms(user, defined=False))
    defs = dynsyms(real, defined=True)
    versions = {v for _, _, v in defs.values() if v}
    by_version = {v: [] for v in versions}
    lines = ['#include <stdio.h>', '#include <stdlib.h>',
             'static void ompx_stub(const char *name) {',
             '  fprintf(stderr, "ompx: %%s of %s called: the GPU suite '
             'carries a stub of %s (scripts/gpu_stubs.py)\\n", name);' %
             (soname, soname), '  abort();', '}']
    for name in sorted(wanted & set(defs)):
        kind, size, version = defs[name]
        if kind.upper() in "TWI":
            lines.append('void %s(void) { ompx_stub("%s"); }' % (name, name))
        else:
            lines.append('char %s[%d] __attribute__((aligned(16)));' %
                         (name, max(size, 1)))
        if version:
            by_version[version].append(name)
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "stub.c")
        with open(src, "w") as f:
            f.write("\n".join(lines) + "\n")
        args = [cc, "-shared", "-fPIC", "-O1", "-o", out, src,
                "-Wl,-soname," + soname]
        if versions:
            script = os.path.join(tmp, "stub.map")
            with open(script, "w") as f:
                for v in sorted(versions):
                    names = "".join(" %s;" % n for n in by_version[v])
                    f.write("%s {%s };\n" % (
                        v, " global:" + names if names else ""))
            args.append("-Wl,--version-script=" + script)
        subprocess.run(args, check=True)
    return len(wanted & set(defs))


def bundles(work):
    """Every bundle folder (DIR with lib/ and run.sh) of a suite."""
    for group in ["progs", "bench"]:
        root = os.path.join(work, group)
        if not os.path.isdir(root):
            continue
        for name in sorted(os.listdir(root)):
            d = os.path.join(root, name)
            if os.path.isdir(os.path.join(d, "lib")):
                yield d


def replace_link(target, path):
    """path becomes a hard link to target, never writing path's inode (the
    store's copy may be linked elsewhere)."""
    tmp = path + ".ompx-tmp"
    os.link(target, tmp)
    os.replace(tmp, path)


def shrink(work, verbose=True):
    store = os.path.join(work, "lib-store")
    all_bundles = list(bundles(work))
    if not all_bundles:
        return
    first = os.path.join(all_bundles[0], "lib")
    for soname in STUBBED:
        real = os.path.join(first, soname)
        if not os.path.exists(real):
            continue
        users = [os.path.join(first, l) for l in os.listdir(first)
                 if l != soname and soname in needed(os.path.join(first, l))]
        stub = os.path.join(store, soname + ".ompx-stub")
        count = write_stub(soname, real, users, stub)
        old = os.stat(real)
        for d in all_bundles:
            p = os.path.join(d, "lib", soname)
            if os.path.exists(p):
                replace_link(stub, p)
        for f in os.listdir(store):
            p = os.path.join(store, f)
            if os.path.samestat(os.stat(p), old):
                os.remove(p)
        if verbose:
            print("gpu_stubs: %s replaced by a stub of its %d symbols the "
                  "other libraries import (%d -> %d bytes)" % (
                      soname, count, old.st_size, os.path.getsize(stub)))
    # What the programs load now, from their own NEEDED entries down.
    for d in all_bundles:
        lib = os.path.join(d, "lib")
        present = set(os.listdir(lib))
        programs = [os.path.join(d, f) for f in os.listdir(d)
                    if f not in ("lib", "run.sh") and
                    os.path.isfile(os.path.join(d, f))]
        reach, todo = set(), [p for p in programs]
        while todo:
            for n in needed(todo.pop()):
                if n in present and n not in reach:
                    reach.add(n)
                    todo.append(os.path.join(lib, n))
        for f in present - reach:
            # Kept: what the loader or libomptarget opens by name.
            if f.startswith("libomp") or f.startswith("libcuda"):
                continue
            os.remove(os.path.join(lib, f))
    linked = {os.stat(os.path.join(d, "lib", f)).st_ino
              for d in all_bundles for f in os.listdir(os.path.join(d, "lib"))}
    for f in os.listdir(store):
        p = os.path.join(store, f)
        if os.stat(p).st_ino not in linked:
            if verbose:
                print("gpu_stubs: %s is loaded by nothing now: left out" % f)
            os.remove(p)


def carried_bytes(repo=REPO):
    """What a device call carries of the repository: tracked files and
    untracked ones git does not ignore."""
    out = subprocess.run(["git", "-C", repo, "ls-files", "-z", "--cached",
                          "--others", "--exclude-standard"],
                         capture_output=True, check=True).stdout
    total = 0
    for name in set(out.decode().split("\0")) - {""}:
        p = os.path.join(repo, name)
        if os.path.isfile(p) and not os.path.islink(p):
            total += os.path.getsize(p)
    return total


def size_report(tarball, repo=REPO):
    """Prints the total and returns whether it is within the budget."""
    tar = os.path.getsize(tarball)
    rep = carried_bytes(repo)
    total = tar + rep
    ok = total <= BUDGET
    print("gpu_suite: a device call carries %.1f MiB: the tarball %.1f MiB + "
          "the repository %.1f MiB (%s); budget %d MiB (a call's limit 64): "
          "%s" % (total / 2**20, tar / 2**20, rep / 2**20, repo,
                  BUDGET // 2**20, "fits" if ok else "OVER"))
    return ok


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "shrink":
        shrink(sys.argv[2])
        return 0
    if len(sys.argv) == 3 and sys.argv[1] == "size":
        return 0 if size_report(sys.argv[2]) else 1
    sys.exit(__doc__)


if __name__ == "__main__":
    sys.exit(main())
