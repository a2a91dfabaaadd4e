#!/usr/bin/env python3
"""Semantic-token latency of ompx-lsp on the 200k-line corpus files.

Run from the repository root (after building build/server/ompx-lsp):

    python3 bench/bench_tokens.py [--size 200k] [--repeat 5] [--json OUT]

For omp_hlfir_<size> and omp_llvm_<size> from /work/shared/corpus/large the
server is started fresh (--log=info), the file is opened and its
diagnostics awaited; then semanticTokens/full is requested REPEAT times, and
once a line is inserted in the middle, semanticTokens/full/delta. Printed
per file: tokens, the server's own classify, encode and JSON-writing times (from
its log, median), the client's wall time per request (JSON writing, transfer and
parsing included) and the delta's size. Target: classify + encode well
under 100 ms on the 200k-line files.
"""
import argparse, json, os, re, statistics, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_lsp import LspClient, corpus_file, ROOT  # noqa: E402


def run(ompx, path, repeat, timeout, log):
    text = open(path).read()
    uri = "file://" + path
    c = LspClient(["sh", "-c", 'exec "$0" --log=info 2>>"$1"', ompx, log],
                  timeout)
    try:
        c.request("initialize", {"processId": None, "rootUri": None,
                                 "capabilities": {}})
        c.notify("initialized", {})
        c.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "mlir", "version": 1, "text": text}})
        c.wait_diags(uri)
        walls, res = [], None
        for _ in range(repeat):
            t = time.monotonic()
            res = c.request("textDocument/semanticTokens/full",
                            {"textDocument": {"uri": uri}})
            walls.append((time.monotonic() - t) * 1000)
        res = res.get("result", res)
        # One line inserted in the middle, then the delta.
        lines = text.split("\n")
        mid = len(lines) // 2
        c.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": 2},
            "contentChanges": [{"range": {
                "start": {"line": mid, "character": 0},
                "end": {"line": mid, "character": 0}},
                "text": "// a comment line\n"}]})
        t = time.monotonic()
        d = c.request("textDocument/semanticTokens/full/delta", {
            "textDocument": {"uri": uri},
            "previousResultId": res["resultId"]})
        delta_ms = (time.monotonic() - t) * 1000
        d = d.get("result", d)
        edits = d.get("edits", [])
        return {"tokens": len(res["data"]) // 5,
                "wall_ms": statistics.median(walls),
                "delta_wall_ms": delta_ms,
                "delta_edits": len(edits),
                "delta_ints": sum(len(e.get("data", [])) for e in edits)}
    finally:
        c.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", default="200k")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--timeout", type=int, default=900)
    ap.add_argument("--json", metavar="OUT")
    ap.add_argument("--ompx", default=os.path.join(ROOT, "build/server/ompx-lsp"))
    args = ap.parse_args()
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name in ("omp_hlfir_%s.mlir" % args.size,
                     "omp_llvm_%s.mlir" % args.size):
            path = corpus_file(name, tmp)
            if not path:
                print("%s: not in the corpus" % name)
                continue
            log = os.path.join(tmp, name + ".log")
            r = run(args.ompx, path, args.repeat, args.timeout, log)
            times = [tuple(map(float, m)) for m in re.findall(
                r"semanticTokens/full: \d+ tokens, ([\d.]+) ms classify, "
                r"([\d.]+) ms encode, ([\d.]+) ms write, ([\d.]+) ms CPU classify",
                open(log).read())]
            r["classify_ms"] = statistics.median(t[0] for t in times)
            r["encode_ms"] = statistics.median(t[1] for t in times)
            r["write_ms"] = statistics.median(t[2] for t in times)
            r["classify_cpu_ms"] = statistics.median(t[3] for t in times)
            results[name] = r
            print("%s: %d tokens; server %.1f ms classify (%.1f ms CPU) + %.1f ms encode "
                  "(+ %.0f ms writing JSON); "
                  "client %.0f ms per full request; delta after a one-line "
                  "edit: %d edit(s), %d ints, %.0f ms" % (
                      name, r["tokens"], r["classify_ms"], r["classify_cpu_ms"],
                      r["encode_ms"], r["write_ms"],
                      r["wall_ms"], r["delta_edits"], r["delta_ints"],
                      r["delta_wall_ms"]))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
