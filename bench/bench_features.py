#!/usr/bin/env python3
"""Hover and definition latency of ompx-lsp on large files, vs mlir-lsp-server-22.

Run from the repository root (after building build/server/ompx-lsp):

    python3 bench/bench_features.py [--size 200k] [--requests 400] [--json OUT] [--corpus DIR]

For omp_hlfir_<size> and omp_llvm_<size> from the corpus's large/ (--corpus=DIR,
$OMPX_CORPUS, else ../shared/corpus beside the repository), each
server is started fresh, the file is opened and its diagnostics awaited; then
REQUESTS positions are sampled (seeded) among op names, value uses and clause
block-argument uses, and a hover and a definition request is sent for each,
one at a time. Latency is client-side wall time per request. Printed: p50 and
p95 per server, file and request, and the ratio mlir-lsp-server / ompx on the
file both servers accept (mlir-lsp-server-22 rejects HLFIR: no FIR dialect).
Target: ompx p95 <= 10 ms on the 200k-line file.
"""
import argparse, json, os, random, re, shutil, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_lsp  # noqa: E402
from bench_lsp import LspClient, BenchError, corpus_file, ROOT  # noqa: E402


def positions(text, n, seed):
    lines = text.split("\n")
    cands = []
    for i, line in enumerate(lines):
        for m in re.finditer(r"%arg\d+|%[\w]+|\b(?:omp|acc)\.[a-z_.]+", line):
            cands.append((i, m.start() + 1))
    rnd = random.Random(seed)
    return [rnd.choice(cands) for _ in range(n)] if cands else []


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100.0 * (len(xs) - 1))))]


def run(cmd, path, n, timeout):
    text = open(path).read()
    uri = "file://" + path
    c = LspClient(cmd, timeout)
    try:
        c.request("initialize", {"processId": None, "rootUri": None,
                                 "capabilities": {}})
        c.notify("initialized", {})
        t0 = time.monotonic()
        c.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "mlir", "version": 1, "text": text}})
        diags = c.wait_diags(uri)
        open_s = time.monotonic() - t0
        errors = [d for d in diags if d.get("severity", 1) == 1]
        if errors:
            return {"rejects": errors[0]["message"][:80], "open_s": open_s}
        out = {"open_s": open_s}
        for method in ("hover", "definition"):
            times, answered = [], 0
            for line, ch in positions(text, n, 7):
                t = time.monotonic()
                r = c.request("textDocument/" + method, {
                    "textDocument": {"uri": uri},
                    "position": {"line": line, "character": ch}})
                times.append((time.monotonic() - t) * 1000)
                answered += bool(r.get("result"))
            out[method] = {"p50_ms": pct(times, 50), "p95_ms": pct(times, 95),
                           "answered": answered, "n": len(times)}
        return out
    finally:
        c.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", default="200k")
    ap.add_argument("--requests", type=int, default=400)
    ap.add_argument("--timeout", type=int, default=900)
    ap.add_argument("--json", metavar="OUT")
    ap.add_argument("--ompx", default=os.path.join(ROOT, "build/server/ompx-lsp"))
    bench_lsp.add_corpus_option(ap)
    args = ap.parse_args()
    bench_lsp.use_corpus(args.corpus)
    servers = [("ompx-lsp", [args.ompx])]
    anchor = shutil.which("mlir-lsp-server-22")
    if anchor:
        servers.append(("mlir-lsp-server-22", [anchor]))
    else:
        print("note: mlir-lsp-server-22 not found; no ratios")
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        for kind in ("hlfir", "llvm"):
            name = "omp_%s_%s.mlir" % (kind, args.size)
            path = corpus_file(name, tmp)
            if not path:
                print("missing corpus file %s in %s" % (name, bench_lsp.CORPUS))
                return 2
            for sname, cmd in servers:
                try:
                    r = run(cmd, path, args.requests, args.timeout)
                except BenchError as e:
                    r = {"error": str(e)}
                results.setdefault(name, {})[sname] = r
                if "rejects" in r or "error" in r:
                    print("%-22s %-20s n/a (%s)" % (name, sname,
                                                   r.get("rejects") or r.get("error")))
                    continue
                for m in ("hover", "definition"):
                    print("%-22s %-20s %-10s p50 %6.2f ms  p95 %6.2f ms  (%d/%d answered; open %.1f s)"
                          % (name, sname, m, r[m]["p50_ms"], r[m]["p95_ms"],
                             r[m]["answered"], r[m]["n"], r["open_s"]))
    print()
    for name, by in results.items():
        o, a = by.get("ompx-lsp", {}), by.get("mlir-lsp-server-22", {})
        for m in ("hover", "definition"):
            if m in o:
                ok = o[m]["p95_ms"] <= 10
                line = "%s %s: ompx p95 %.2f ms (target <= 10 ms: %s)" % (
                    name, m, o[m]["p95_ms"], "met" if ok else "MISSED")
                if m in a:
                    line += "; mlir-lsp-server-22 p95 %.2f ms, ratio anchor/ompx %.2f" % (
                        a[m]["p95_ms"], a[m]["p95_ms"] / max(o[m]["p95_ms"], 1e-3))
                print(line)
    if args.json:
        json.dump(results, open(args.json, "w"), indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
