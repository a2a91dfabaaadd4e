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
  declared signature.
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


def functions(bc):
    """(defined, declared): name -> (return, [params]) from llvm-dis."""
    ir = subprocess.run(["llvm-dis", bc, "-o", "-"], check=True,
                        capture_output=True, text=True).stdout
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
    shim_defined, shim_declared = functions(shim_bc)
    rt19_defined, rt19_declared = functions(rt19_bc)
    errors, matched, found, holes = [], 0, 0, 0
    for name, sig in sorted(shim_defined.items()):
        want = omp.get(name)
        if want is None and name in rt19_declared:
            # A function LLVM 19's runtime calls but never defines.
            if rt19_declared[name] != sig:
                errors.append("%s: LLVM 19 declares %s, the shim defines %s" %
                              (name, fmt(rt19_declared[name]), fmt(sig)))
            else:
                holes += 1
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
          "does not define" % (matched, found, holes))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
