#!/usr/bin/env python3
"""Deeply nested input: ompx must stay linear (issue 33, item 5).

Run from the repository root (after building build/server/ompx-lsp):

    python3 bench/bench_depth.py [--depth 100000] [--runs 3] [--max-ratio R]

Inputs, each DEPTH levels deep (all beyond the worker's depth guard, so the
deep part is blanked and reported, never parsed):
  generic  `"builtin.module"() ({` nested DEPTH times (generic op form)
  attr     `module attributes {test.x = [[[...]]]}` (`[` x DEPTH)
  type     `llvm.func @f(%a: tuple<tuple<...i32...>>)` (`tuple<` x DEPTH)
  ops      DEPTH nested `omp.parallel` regions (custom form)
The anchor, measured in the same run, is the same input with nothing nested:
  attr, type  the same brackets side by side, two levels deep
              (`[[], [], ...]`, `tuple<tuple<>, tuple<>, ..., i32>`): the same
              tokens lexed, scanned and parsed (a 200k-token input costs its
              tokens whatever its shape: a one-token anchor of the same bytes
              made the editor's ratio 6-14x with nothing quadratic);
  generic, ops  a file of the same size whose bytes are one flat string
              attribute (`module attributes {test.s = "xxxx..."} {}`): their
              flat forms would parse and verify 100,000 ops, far more work
              than the blanked deep input.
The ratio deep / anchor is what a regression moves (the issue's 26 s for 20,000
generic levels was ~200x its anchor); both include the process start.

Measured per input: `ompx-lsp --check FILE` (wall time, the median of
--runs) and, in one server, didOpen -> publishDiagnostics (the editor's
diagnostics). Targets: every deep input under 0.5 s in --check and in the
editor; ratio deep / anchor <= --max-ratio (default 4). Exit 1 when a target
is missed, 2 when a tool is missing or the server fails.
"""
import argparse, os, statistics, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_lsp import LspClient, BenchError, ROOT  # noqa: E402


def cases(depth):
    return {
        "generic": '"builtin.module"() ({\n' * depth + "}) : () -> ()\n" * depth,
        "attr": "module attributes {test.x = " + "[" * depth + "]" * depth + "} {}\n",
        "type": "llvm.func @f(%a: " + "tuple<" * depth + "i32" + ">" * depth + ")\n",
        "ops": ("llvm.func @f() {\n" + "omp.parallel {\n" * depth +
                "omp.terminator\n}\n" * depth + "llvm.return\n}\n"),
    }


def anchor_for(name, text, depth):
    """The input with nothing nested (see the module's docstring)."""
    if name == "attr":
        return "module attributes {test.x = [" + "[], " * (depth - 2) + "[]]} {}\n"
    if name == "type":
        return "llvm.func @f(%a: tuple<" + "tuple<>, " * (depth - 2) + "i32>)\n"
    head, tail = 'module attributes {test.s = "', '"} {}\n'
    return head + "x" * max(0, len(text) - len(head) - len(tail)) + tail


def time_check(ompx, path, runs):
    times = []
    for _ in range(runs):
        start = time.monotonic()
        r = subprocess.run([ompx, "--check", path], stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, timeout=300)
        times.append(time.monotonic() - start)
        if r.returncode not in (0, 1):
            raise BenchError("--check %s exited %d" % (path, r.returncode))
    return statistics.median(times)


def time_open(client, path, text, version):
    uri = "file://" + path
    start = time.monotonic()
    client.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "mlir", "version": version, "text": text}})
    client.wait_diags(uri, version)
    took = time.monotonic() - start
    client.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
    return took


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--depth", type=int, default=100000)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--max-ratio", type=float, default=4.0)
    ap.add_argument("--max-seconds", type=float, default=0.5)
    ap.add_argument("--ompx", default=os.path.join(ROOT, "build", "server", "ompx-lsp"))
    args = ap.parse_args()
    if not os.access(args.ompx, os.X_OK):
        print("bench_depth: no ompx-lsp at %s" % args.ompx, file=sys.stderr)
        return 2
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        client = LspClient([args.ompx], timeout=120, sample=False)
        try:
            client.request("initialize", {"processId": None, "rootUri": "file://" + tmp,
                                          "capabilities": {}})
            client.notify("initialized", {})
            print("%-8s %9s %11s %10s %11s %13s %12s" % (
                "input", "bytes", "--check", "anchor", "ratio", "editor open", "ratio"))
            version = 0
            for name, text in cases(args.depth).items():
                deep = os.path.join(tmp, name + ".mlir")
                flat = os.path.join(tmp, name + "-anchor.mlir")
                with open(deep, "w") as f:
                    f.write(text)
                anchor = anchor_for(name, text, args.depth)
                with open(flat, "w") as f:
                    f.write(anchor)
                # Interleaved: a busy moment hits both alike.
                t_deep = time_check(args.ompx, deep, args.runs)
                t_flat = time_check(args.ompx, flat, args.runs)
                opens_deep, opens_flat = [], []
                for _ in range(args.runs):
                    version += 1
                    opens_deep.append(time_open(client, deep, text, version))
                    version += 1
                    opens_flat.append(time_open(client, flat, anchor, version))
                o_deep = statistics.median(opens_deep)
                o_flat = statistics.median(opens_flat)
                r_check, r_open = t_deep / t_flat, o_deep / o_flat
                good = (t_deep <= args.max_seconds and o_deep <= args.max_seconds
                        and r_check <= args.max_ratio and r_open <= args.max_ratio)
                ok &= good
                print("%-8s %9d %10.3fs %9.3fs %10.2fx %12.3fs %11.2fx  %s" % (
                    name, len(text), t_deep, t_flat, r_check, o_deep, r_open,
                    "ok" if good else "MISSED"))
            client.close()
        except BenchError as e:
            print("bench_depth: %s" % e, file=sys.stderr)
            client.proc.kill()
            return 2
    print("targets (each deep input <= %.1f s, deep / anchor <= %.1fx): %s" % (
        args.max_seconds, args.max_ratio, "all met" if ok else "MISSED"))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
