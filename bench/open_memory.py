#!/usr/bin/env python3
"""Server and worker PSS through one open, every 10 ms: when the joint peak
that bench_lsp.py's memory target measures happens, and which process holds
what then.

  bench/open_memory.py FILE.mlir [--ompx build/server/ompx-lsp] [--every 10]

Opens FILE plus bench_lsp.py's tail chunk in a fresh `ompx-lsp` (lowering
off, as bench_lsp.py does), waits for the diagnostics and for a hover in the
first chunk (its whole analysis), and prints every EVERY-th sample and the
peak: seconds since didOpen was sent, the server's PSS, the workers' PSS
summed, and their sum (MiB).
"""

import argparse
import os
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bench_lsp  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file")
    ap.add_argument("--ompx", default=os.path.join(bench_lsp.ROOT, "build", "server", "ompx-lsp"))
    ap.add_argument("--every", type=int, default=10, help="print every N-th sample")
    args = ap.parse_args()
    with open(args.file) as f:
        text = f.read().rstrip("\n") + "\n// -----\n" + bench_lsp.TAIL
    uri = "file://" + os.path.abspath(args.file) + ".open-memory.mlir"
    c = bench_lsp.LspClient([args.ompx], 600, sample=False)
    c.request("initialize", {"processId": os.getpid(), "rootUri": None, "capabilities": {},
                             "initializationOptions": {"ompx": {"lowering": False}}})
    c.notify("initialized", {})
    samples, stop = [], [False]
    did_open = c.frame({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                        "params": {"textDocument": {"uri": uri, "languageId": "mlir",
                                                    "version": 1, "text": text}}})

    def sample(t0):
        while not stop[0]:
            server = bench_lsp.proc_pss_kb(c.proc.pid)
            workers = sum(bench_lsp.proc_pss_kb(k) for k in bench_lsp.descendants(c.proc.pid))
            samples.append((time.perf_counter() - t0, server // 1024, workers // 1024))
            time.sleep(0.01)

    t0 = time.perf_counter()
    th = threading.Thread(target=sample, args=(t0,))
    th.start()
    try:
        c.send_frame(did_open)
        c.wait_diags(uri)
        c.request("textDocument/hover", {"textDocument": {"uri": uri},
                                         "position": {"line": 0, "character": 2}})
        time.sleep(0.2)
    finally:
        stop[0] = True
        th.join()
        c.close()
    if not samples:
        sys.exit("no samples")
    peak = max(samples, key=lambda s: s[1] + s[2])
    for i, s in enumerate(samples):
        if i % args.every == 0 or s is peak:
            print("%7.2f s  server %5d MiB  workers %5d MiB  joint %5d MiB%s"
                  % (s[0], s[1], s[2], s[1] + s[2], "  <- peak" if s is peak else ""))


if __name__ == "__main__":
    main()
