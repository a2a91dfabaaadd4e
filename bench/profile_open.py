#!/usr/bin/env python3
"""One didOpen of FILE through a fresh ompx-lsp, with the timers of
bench/profile-timers.patch (see bench/README.md, "Profile of one open").

    git apply bench/profile-timers.patch && ninja -C build ompx-lsp
    python3 bench/profile_open.py FILE [--lowering] [--sample]

Prints the client's didOpen -> publishDiagnostics time and each PROF line
the server and its worker wrote to $OMPX_PROFILE, with its offset from the
didOpen in ms. --sample turns on bench_lsp.py's 10 ms PSS sampler (off by
default: it slows the measured processes, see the README)."""
import argparse, os, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_lsp as b  # noqa: E402

ap = argparse.ArgumentParser()
ap.add_argument("file")
ap.add_argument("--lowering", action="store_true")
ap.add_argument("--sample", action="store_true")
ap.add_argument("--ompx", default=os.path.join(b.ROOT, "build/server/ompx-lsp"))
a = ap.parse_args()
if not a.sample:
    b.LspClient._sample = lambda self: None
path = os.path.abspath(a.file)
text = open(path).read()
uri = "file://" + path
log = tempfile.NamedTemporaryFile(prefix="ompx-prof-", suffix=".log", delete=False).name
os.environ["OMPX_PROFILE"] = log  # inherited by the server and its workers
c = b.LspClient([a.ompx], 120)
c.request("initialize", {"processId": os.getpid(), "rootUri": None,
                         "capabilities": {"textDocument": {"publishDiagnostics": {}}},
                         "initializationOptions": {"ompx": {"lowering": a.lowering}}})
c.notify("initialized", {})
time.sleep(1.0)  # the worker pool is started: not part of the open
t0 = time.monotonic() * 1000  # CLOCK_MONOTONIC, as std::chrono::steady_clock
c.notify("textDocument/didOpen", {"textDocument": {
    "uri": uri, "languageId": "mlir", "version": 1, "text": text}})
diags = c.wait_diags(uri)
t1 = time.monotonic() * 1000
c.close()
print("didOpen -> publishDiagnostics %.1f ms (%d diagnostics)" % (t1 - t0, len(diags)))
for line in open(log):
    line = line.rstrip()
    if " at " in line:
        line += "   (+%.1f ms)" % (float(line.rsplit(" at ", 1)[1]) - t0)
    print(line)
os.remove(log)
