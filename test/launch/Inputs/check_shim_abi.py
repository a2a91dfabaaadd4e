#!/usr/bin/env python3
"""Checks the ompx ABI shim against both sides it joins.

usage: check_shim_abi.py OMPKinds.def SHIM.bc LLVM19.bc

- Every function the shim defines must have exactly the signature LLVM 22's
  OpenMPIRBuilder declares for it in OMPKinds.def (return and parameter
  types, as LLVM IR types).
- Every runtime function the shim calls must be defined by LLVM 19's device
  runtime bitcode with the types the shim calls it with; `<name>_v19` is
  19's `<name>` (ompx renames it before linking).
- A function outside OMPKinds.def may be defined only where LLVM 19's
  runtime declares it without defining it (a hole the shim fills), with the
  declared signature, or where it is one of REPLACED, whose 19 definition is
  wrong (ompx renames 19's out of the way), with 19's signature.
- The trip count: each of 19's static-loop chunkers that runs
  `num_iters + 1` iterations must be called with n - 1 by the shim's LLVM 22
  entry point (22 passes the trip count), and one that does not with n.
A Debian update that changes either side makes this fail, naming the
function and both signatures.
"""
import re
import subprocess
import sys

# OMPKinds.def type names -> LLVM IR types (opaque pointers).
SCALARS = {"Void": "void", "Int1": "i1", "Int8": "i8", "Int16": "i16",
           "Int32": "i32", "Int64": "i64", "SizeTy": "i64", "Double": "double",
           "Float": "float"}


# 19's nvptx omp_set_lock spins while its compare-and-swap succeeds, and its
# omp_test_lock never takes the lock: the nvptx shim defines both.
# pipeline/compile/DeviceRuntime.cpp's shimReplacedFunctions() is the same list.
REPLACED = {"omp_set_lock", "omp_test_lock"}


def ir_type(name):
    if name in SCALARS:
        return SCALARS[name]
    if name.endswith("Ptr") or name.endswith("PtrTy") or name == "VoidPtrPtr":
        return "ptr"
    return "?" + name


def parse_def(path):
    """Name -> (return, [params]) for every __OMP_RTL entry."""
    text = open(path).read()
    sigs = {}
    for m in re.finditer(r"^__OMP_RTL\((.*?)\)\s*$", text, re.M | re.S):
        parts = [p.strip() for p in m.group(1).replace("\n", " ").split(",")]
        if len(parts) < 3 or not re.fullmatch(r"\w+", parts[0]):
            continue
        name, _vararg, ret, params = parts[0], parts[1], parts[2], parts[3:]
        sigs[name] = (ir_type(ret), [ir_type(p) for p in params if p])
    return sigs


def disassemble(bc):
    return subprocess.run(["llvm-dis", bc, "-o", "-"], check=True,
                          capture_output=True, text=True).stdout


def body(ir, name):
    m = re.search(r"^define\b[^\n]*@%s\((.*?)^}" % re.escape(name), ir,
                  re.M | re.S)
    return m.group(1) if m else ""


def trip_count_errors(shim_ir, rt19_ir):
    """Whether the shim hands 19's chunkers the count they count from. 19's
    12 chunkers come from one macro; its unsigned ones show the `+ 1` plainly
    (the optimizer folds it into comparisons in the signed ones)."""
    names = sorted(set(re.findall(
        r"^define\b[^\n]*@(__kmpc_\w+_static_loop_(?:4|4u|8|8u))\(", rt19_ir,
        re.M)))
    # num_iters is the 4th parameter, %3.
    plus_one = any(re.search(r"= add (?:nuw )?i(?:32|64) %3, 1\n",
                             body(rt19_ir, n)) for n in names
                   if n.endswith("u"))
    errors, given, own = [], 0, 0
    for name in names:
        # Without a chunk the shim deals the iterations itself
        # (ChunkedLoop.h's counted loop), 19's chunker unused.
        if "@%s_v19(" % name not in body(shim_ir, name):
            own += 1
            continue
        minus_one = re.search(r"= add (?:nsw |nuw )*i(?:32|64) %3, -1\n",
                              body(shim_ir, name))
        if plus_one and not minus_one:
            errors.append("%s: LLVM 19 runs num_iters + 1 iterations, the "
                          "shim passes LLVM 22's trip count unchanged" % name)
        elif minus_one and not plus_one:
            errors.append("%s: the shim passes n - 1, LLVM 19 runs num_iters "
                          "iterations" % name)
        else:
            given += 1
    return errors, given, own


def functions(ir):
    """(defined, declared): name -> (return, [params]) from llvm-dis."""
    defined, declared = {}, {}
    pat = re.compile(r"^(define|declare)\b[^@]*?\b(void|i\d+|ptr|float|double)"
                     r"(?: [^@]*)? @([\w.$]+)\((.*)\)")
    for line in ir.splitlines():
        m = pat.match(line)
        if not m:
            continue
        kind, ret, name, args = m.groups()
        params = []
        for a in filter(None, (x.strip() for x in args.split(","))):
            params.append(a.split()[0])
        (defined if kind == "define" else declared)[name] = (ret, params)
    return defined, declared


def fmt(sig):
    return "%s (%s)" % (sig[0], ", ".join(sig[1]))


def main():
    def_path, shim_bc, rt19_bc = sys.argv[1:4]
    omp = parse_def(def_path)
    shim_ir, rt19_ir = disassemble(shim_bc), disassemble(rt19_bc)
    shim_defined, shim_declared = functions(shim_ir)
    rt19_defined, rt19_declared = functions(rt19_ir)
    errors, counts, own = trip_count_errors(shim_ir, rt19_ir)
    matched, found, holes, replaced = 0, 0, 0, 0
    for name, sig in sorted(shim_defined.items()):
        want = omp.get(name)
        if want is None and name in rt19_declared:
            # A function LLVM 19's runtime calls but never defines.
            if rt19_declared[name] != sig:
                errors.append("%s: LLVM 19 declares %s, the shim defines %s" %
                              (name, fmt(rt19_declared[name]), fmt(sig)))
            else:
                holes += 1
        elif want is None and name in rt19_defined and name in REPLACED:
            # A wrong definition of LLVM 19's that the shim replaces (ompx
            # renames 19's out of the way before linking).
            if rt19_defined[name] != sig:
                errors.append("%s: LLVM 19 defines %s, the shim replaces it "
                              "with %s" % (name, fmt(rt19_defined[name]),
                                           fmt(sig)))
            else:
                replaced += 1
        elif want is None:
            errors.append("shim defines %s, which OMPKinds.def does not "
                          "declare" % name)
        elif want != sig:
            errors.append("%s: the shim defines %s, LLVM 22 calls %s" %
                          (name, fmt(sig), fmt(want)))
        else:
            matched += 1
    for name, sig in sorted(shim_declared.items()):
        if name.startswith("llvm."):
            continue
        v19 = name[:-4] if name.endswith("_v19") else name
        have = rt19_defined.get(v19)
        if have is None:
            errors.append("LLVM 19's runtime does not define %s, which the "
                          "shim calls" % v19)
        elif have != sig:
            errors.append("%s: LLVM 19 defines %s, the shim calls %s" %
                          (v19, fmt(have), fmt(sig)))
        else:
            found += 1
    for e in errors:
        print("error: " + e)
    print("%d shim functions match OMPKinds.def; %d LLVM 19 entry points "
          "match the shim's calls; %d fill functions LLVM 19 declares and "
          "does not define; %d replace LLVM 19's; %d chunkers given the "
          "trip count 19 counts from; %d deal their iterations themselves"
          % (matched, found, holes, replaced, counts, own))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
