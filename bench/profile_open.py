#!/usr/bin/env python3
"""didOpen of FILE (plus bench_lsp.py's `// -----` tail chunk) through a fresh
`ompx-lsp --log=info` per run, as bench_lsp.py opens it (see bench/README.md,
"Profile of one open"):

    python3 bench/profile_open.py FILE [--runs 3] [--lowering] [--whole]

Prints per run the client's didOpen -> first publishDiagnostics and ->
complete (a hover in the first chunk answered: it waits for the whole
analysis), then the server's own publication lines (time since the version
arrived; for the chunks analyzed by then, the largest one's parse, whether in
two halves, and its verification and records). --whole sets
OMPX_PARALLEL_PARSE=0 (one-piece parse) for a comparison."""
import argparse, os, shlex, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_lsp as b  # noqa: E402

ap = argparse.ArgumentParser()
ap.add_argument("file")
ap.add_argument("--runs", type=int, default=3)
ap.add_argument("--lowering", action="store_true")
ap.add_argument("--whole", action="store_true", help="OMPX_PARALLEL_PARSE=0")
ap.add_argument("--ompx", default=os.path.join(b.ROOT, "build/server/ompx-lsp"))
a = ap.parse_args()
if a.whole:
    os.environ["OMPX_PARALLEL_PARSE"] = "0"  # inherited by the workers
path = os.path.abspath(a.file)
text = open(path).read().rstrip("\n") + "\n// -----\n" + b.TAIL
uri = "file://" + path + ".profile.mlir"
did_open = b.LspClient.frame({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
    "textDocument": {"uri": uri, "languageId": "mlir", "version": 1, "text": text}}})
for run in range(a.runs):
    log = tempfile.NamedTemporaryFile(prefix="ompx-open-", suffix=".log", delete=False).name
    c = b.LspClient(["sh", "-c", "exec %s --log=info 2>%s" % (shlex.quote(a.ompx), shlex.quote(log))],
                    120, sample=False)
    try:
        c.request("initialize", {"processId": os.getpid(), "rootUri": None,
                                 "capabilities": {"textDocument": {"publishDiagnostics": {}}},
                                 "initializationOptions": {"ompx": {"lowering": a.lowering}}})
        c.notify("initialized", {})
        time.sleep(1.0)  # the worker is warm: not part of the open
        t0 = time.perf_counter()
        c.send_frame(did_open)
        diags = c.wait_diags(uri)
        t1 = time.perf_counter()
        c.request("textDocument/hover", {"textDocument": {"uri": uri},
                                         "position": {"line": 0, "character": 2}})
        t2 = time.perf_counter()
    finally:
        c.close()
    print("run %d: didOpen -> publishDiagnostics %.1f ms (%d diagnostics), -> complete %.1f ms"
          % (run + 1, (t1 - t0) * 1000, len(diags), (t2 - t0) * 1000))
    for line in open(log):
        if "publishDiagnostics" in line:
            print("   " + line.strip())
    os.remove(log)
