"""Splits upstream translation tests like `--split-input-file`, checks each
split with `mlir-translate --mlir-to-llvmir --verify-diagnostics` and with
`ompx-lsp --check --verify-expected --lowering`, and reports, per file, how
many splits mlir-translate passes and how many of those pass ompx too; each
split mlir-translate does not pass is listed with the reason. Exit 1 if ompx
fails a split that mlir-translate passes."""
import argparse, json, os, re, signal, subprocess, sys, tempfile

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "corpus"))
from split_differential import split, write_splits  # noqa: E402  (the one splitter)


def reason(r):
    """Why mlir-translate failed a split, in one line."""
    if r.returncode < 0:
        return "mlir-translate crashed (%s)" % signal.Signals(-r.returncode).name
    for line in r.stderr.splitlines():
        m = re.search(r"(error|warning): (.*)", line)
        if m:
            # Paths and line numbers of the temporary split say nothing.
            return m.group(2)
    return "exit status %d" % r.returncode


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ompx", required=True)
    ap.add_argument("--mlir-translate", required=True)
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()
    failed = False
    with tempfile.TemporaryDirectory() as tmp:
        for path in args.files:
            names = write_splits(path, tmp)
            upstream = []
            for name in names:
                r = subprocess.run([args.mlir_translate, "--mlir-to-llvmir",
                                    "--verify-diagnostics", name, "-o", os.devnull],
                                   capture_output=True, text=True)
                upstream.append(r)
            r = subprocess.run([args.ompx, "--check", "--verify-expected",
                                "--lowering", "--format=json"] + names,
                               capture_output=True, text=True)
            result = json.loads(r.stdout)
            passes = [not f["diagnostics"] for f in result["files"]]
            accepted = [u.returncode == 0 for u in upstream]
            both = sum(1 for a, p in zip(accepted, passes) if a and p)
            print("%s: %d splits, %d pass mlir-translate, %d of them pass ompx"
                  % (os.path.basename(path), len(names), sum(accepted), both))
            for i, (a, p) in enumerate(zip(accepted, passes)):
                with open(names[i], encoding="utf-8", errors="surrogateescape") as f:
                    sym = re.search(r"llvm\.func @([\w.]+)", f.read())
                label = "split %d (@%s)" % (i, sym.group(1) if sym else "?")
                if a and not p:
                    failed = True
                    print("  %s: ompx fails it:" % label)
                    for d in result["files"][i]["diagnostics"]:
                        print("    %d:%d: %s" % (d["line"], d["column"], d["message"]))
                elif not a:
                    print("  %s: not passed by mlir-translate: %s; ompx: %s"
                          % (label, reason(upstream[i]), "passes" if p else "fails"))
    print("SOME PASSING SPLITS FAIL" if failed else "ALL PASSING SPLITS PASS")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
