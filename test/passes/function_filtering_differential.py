#!/usr/bin/env python3
"""ompx-function-filtering against flang's omp-function-filtering.

For every file of the corpus that holds an omp.target and a func.func, the
device half (omp.is_target_device = true, after fir-opt's
omp-mark-declare-target, as the launch pipeline has it) goes through both
filters; their printed modules must be byte-identical. Files fir-opt cannot
read back after marking (flang-22's printer defect on map block arguments)
are counted as skipped.
"""
import argparse, os, re, subprocess, sys, tempfile


def run(cmd):
    return subprocess.run(cmd, capture_output=True, text=True)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ompx", required=True)
    ap.add_argument("--fir-opt", required=True)
    ap.add_argument("corpus")
    a = ap.parse_args()
    files = []
    for root, _, names in os.walk(a.corpus):
        for n in names:
            if n.endswith(".mlir"):
                files.append(os.path.join(root, n))
    same, skipped, differ = 0, 0, []
    with tempfile.TemporaryDirectory() as tmp:
        for f in sorted(files):
            text = open(f, errors="replace").read()
            if "omp.target" not in text or "func.func" not in text:
                continue
            if "omp.is_target_device = false" in text:
                text = text.replace("omp.is_target_device = false",
                                    "omp.is_target_device = true")
            elif "omp.is_target_device" not in text:
                text = re.sub(r"^module attributes \{",
                              "module attributes {omp.is_target_device = true, ",
                              text, count=1, flags=re.M)
            if "omp.is_target_device = true" not in text:
                continue
            src = os.path.join(tmp, "in.mlir")
            marked = os.path.join(tmp, "marked.mlir")
            open(src, "w").write(text)
            if run([a.fir_opt, "--omp-mark-declare-target", src,
                    "-o", marked]).returncode != 0:
                continue  # not a module fir-opt reads (upstream invalid tests)
            flang = run([a.fir_opt, "--omp-function-filtering", marked])
            ompx = run([a.ompx, "opt", "--ompx-function-filtering", marked])
            if flang.returncode != 0:
                skipped += 1
                continue
            if ompx.returncode == 0 and ompx.stdout == flang.stdout:
                same += 1
            else:
                differ.append(os.path.relpath(f, a.corpus))
    for d in differ:
        print("DIFFERS:", d)
    print("identical to flang's filter: %d of %d device modules (%d skipped: "
          "fir-opt-22 cannot read back its own output)"
          % (same, same + len(differ), skipped))
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
