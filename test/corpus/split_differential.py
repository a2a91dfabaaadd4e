"""Splits MLIR files like `--split-input-file`, checks each split with
`mlir-opt --verify-diagnostics` and with `ompx-lsp --check --verify-expected`,
and reports, per file, how many splits mlir-opt accepts and how many of those
ompx accepts too. Exit 1 if ompx rejects a split that mlir-opt accepts."""
import argparse, json, os, subprocess, sys, tempfile


def split(text):
    # Mirror of mlir::splitAndProcessBuffer (quirks included).
    marker, check = "// -----", 2
    raw = text.split(marker[:-check])
    chunks, prev = [], None
    for buf in raw:
        if not prev:
            prev = buf
            continue
        if buf.startswith(marker[-check:]) and len(buf) > check and buf[check] != "0":
            chunks.append(prev)
            prev = buf[check:]
        else:
            prev = prev + marker[:-check] + buf
    if prev:
        chunks.append(prev)
    return chunks


def write_splits(path, tmp):
    """Writes each split of `path` to its own file in `tmp`; their names."""
    with open(path, encoding="utf-8", errors="surrogateescape") as f:
        chunks = split(f.read())
    names = []
    for i, chunk in enumerate(chunks):
        name = os.path.join(tmp, "%s.%d.mlir" % (os.path.basename(path), i))
        with open(name, "w", encoding="utf-8", errors="surrogateescape") as f:
            f.write(chunk)
        names.append(name)
    return names


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ompx", required=True)
    ap.add_argument("--mlir-opt", required=True)
    ap.add_argument("files", nargs="+")
    args = ap.parse_args()
    failed = False
    with tempfile.TemporaryDirectory() as tmp:
        for path in args.files:
            names = write_splits(path, tmp)
            accepted = []
            for name in names:
                r = subprocess.run([args.mlir_opt, "--verify-diagnostics",
                                    "--allow-unregistered-dialect", name, "-o", os.devnull],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
                accepted.append(r.returncode == 0)
            r = subprocess.run([args.ompx, "--check", "--verify-expected",
                                "--format=json"] + names,
                               capture_output=True, text=True)
            result = json.loads(r.stdout)
            passes = [not f["diagnostics"] for f in result["files"]]
            both = sum(1 for a, p in zip(accepted, passes) if a and p)
            label = "/".join(path.split("/")[-2:])
            print("%s: %d splits, %d accepted by mlir-opt, %d of them pass ompx"
                  % (label, len(names), sum(accepted), both))
            for i, (a, p) in enumerate(zip(accepted, passes)):
                if a and not p:
                    failed = True
                    print("  split %d: ompx rejects it:" % i)
                    for d in result["files"][i]["diagnostics"]:
                        print("    %d:%d: %s" % (d["line"], d["column"], d["message"]))
    print("SOME ACCEPTED SPLITS FAIL" if failed else "ALL ACCEPTED SPLITS PASS")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
