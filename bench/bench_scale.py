#!/usr/bin/env python3
"""Time and memory of ompx-lsp on huge generated documents.

Run from the repository root (after building build/server/ompx-lsp):

    python3 bench/bench_scale.py [--cases sib10k,sib100k,funcs100k,chunks10k,ops1m]
                                 [--json OUT]

Generated inputs (all parse and verify with mlir-opt-22):
  sib10k / sib100k  one func.func holding 10k / 100k sibling `omp.parallel`
                    constructs (each one outline symbol)
  funcs100k         100k top-level func.func
  chunks10k         10k `// -----` chunks, each a small func.func
  ops1m             one func.func holding 1M `arith.addi`
For each, a fresh ompx-lsp is driven over stdio: didOpen -> publishDiagnostics
(open), a hover on an op name in the middle of the file, then documentSymbol
three times (best time to the reply's first byte, and to the reply parsed by
this client). Memory is VmHWM from /proc/<pid>/status: the server's peak after open and
after documentSymbol (its VmHWM is reset through /proc/<pid>/clear_refs before
the request, so "dsym RSS" is the server's peak during documentSymbol), and the
workers' peak (the server's descendants are sampled every 10 ms; the warm
worker's VmHWM covers its whole life).
The analysis alone, in the same run: `ompx-lsp --check FILE` (wall time and
the peak VmHWM of its process tree) and `mlir-opt-22 FILE -o /dev/null` as the
parse floor (wall time, ru_maxrss).
Targets for sib100k: documentSymbol < 1 s (server time: request -> the reply's
first byte; the client's own JSON parse of the 21 MB reply is shown apart),
and the server's peak during it < 2x the analysis's own memory (the worker's
peak). Linearity: server time(sib100k) / time(sib10k) < 20 (positions are
binary searches and the 100k reply outgrows the caches; quadratic is 100).
Exit 0, or 2 if a tool is missing or a server crashes / times out.
"""
import argparse, json, os, subprocess, sys, tempfile, shutil, threading, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_lsp import (LspClient, BenchError, ROOT, descendants,  # noqa: E402
                       find_tool, proc_status_kb, fmt_kb, fmt_t, verdict,
                       gen_ops)  # ops1m is bench_lsp.py's size 1m


class TimedClient(LspClient):
    """LspClient that notes when each message's header arrived: the server
    writes a reply at once after rendering it, so the header's arrival is the
    server's time, and the rest is the client reading and parsing the JSON."""

    def _read(self):
        f, self.header_at = self.proc.stdout, []
        real = f.readline

        def readline():
            line = real()
            if line.lower().startswith(b"content-length:"):
                self.header_at.append(time.perf_counter())
            return line
        f.readline = readline
        super()._read()


def gen_siblings(n):
    body = "".join("    omp.parallel {\n      omp.terminator\n    }\n"
                   for _ in range(n))
    return "module {\n  func.func @sib() {\n" + body + "    return\n  }\n}\n"


def gen_funcs(n):
    return "".join("func.func @f%d(%%a: i32) -> i32 {\n  return %%a : i32\n}\n" % i
                   for i in range(n))


def gen_chunks(n):
    return "// -----\n".join(
        "func.func @c%d(%%a: i32) -> i32 {\n  %%0 = arith.addi %%a, %%a : i32\n"
        "  return %%0 : i32\n}\n" % i for i in range(n))


CASES = {
    "sib10k": lambda: gen_siblings(10_000),
    "sib100k": lambda: gen_siblings(100_000),
    "funcs100k": lambda: gen_funcs(100_000),
    "chunks10k": lambda: gen_chunks(10_000),
    "ops1m": lambda: gen_ops(1_000_000),
}


def hover_position(text):
    """An op name (or a value) in the middle of the document."""
    lines = text.split("\n")
    for i in range(len(lines) // 2, len(lines)):
        for word in ("omp.parallel", "arith.addi", "return"):
            col = lines[i].find(word)
            if col >= 0:
                return i, col + 1
    return 0, 0


def tree_peak(pid, stop, out):
    """Max VmHWM over `pid` and its descendants until `stop` is set."""
    while not stop.is_set():
        for p in [pid] + descendants(pid):
            out[0] = max(out[0], proc_status_kb(p, "VmHWM"))
        time.sleep(0.01)


def measure_check(ompx, path, timeout):
    t0 = time.perf_counter()
    p = subprocess.Popen([ompx, "--check", path], stdout=subprocess.DEVNULL,
                         stderr=subprocess.DEVNULL)
    stop, peak = threading.Event(), [0]
    th = threading.Thread(target=tree_peak, args=(p.pid, stop, peak), daemon=True)
    th.start()
    try:
        rc = p.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        p.kill()
        p.wait()
        raise BenchError("ompx-lsp --check timed out on %s" % path)
    dt = time.perf_counter() - t0
    stop.set()
    th.join()
    return {"time_s": dt, "rss_kb": peak[0], "rc": rc}


def measure_floor(tool, path):
    t0 = time.perf_counter()
    p = subprocess.Popen([tool, path, "-o", "/dev/null"], stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE)
    _, status, ru = os.wait4(p.pid, 0)
    dt = time.perf_counter() - t0
    err = p.stderr.read().decode(errors="replace")
    p.stderr.close()
    if os.waitstatus_to_exitcode(status) != 0:
        return {"error": (err.strip().splitlines() or ["?"])[0][:100]}
    return {"time_s": dt, "rss_kb": ru.ru_maxrss}


def reset_hwm(pid):
    try:
        with open("/proc/%d/clear_refs" % pid, "w") as f:
            f.write("5")
        return True
    except OSError:
        return False


def count_symbols(syms):
    n = 0
    todo = list(syms or [])
    while todo:
        s = todo.pop()
        n += 1
        todo += s.get("children", [])
    return n


def measure_server(ompx, text, path, timeout):
    uri = "file://" + path
    c = TimedClient([ompx], timeout)
    res = {}
    try:
        c.request("initialize", {"processId": os.getpid(), "rootUri": None,
                                 "capabilities": {}})
        c.notify("initialized", {})
        t0 = time.perf_counter()
        c.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "mlir", "version": 1, "text": text}})
        diags = c.wait_diags(uri)
        res["open_s"] = time.perf_counter() - t0
        res["diagnostics"] = len(diags)
        if diags:
            res["first_diag"] = diags[0].get("message", "")[:100]
        res["server_open_kb"] = proc_status_kb(c.proc.pid, "VmHWM")
        res["server_open_rss_kb"] = proc_status_kb(c.proc.pid, "VmRSS")
        line, col = hover_position(text)
        t0 = time.perf_counter()
        r = c.request("textDocument/hover", {"textDocument": {"uri": uri},
                                             "position": {"line": line, "character": col}})
        res["hover_s"] = time.perf_counter() - t0
        res["hover_ok"] = bool(r.get("result"))
        res["hwm_reset"] = reset_hwm(c.proc.pid)
        # Best of three: the 10k case takes a few ms, this client's timing
        # jitters by as much.
        res["dsym_s"] = res["dsym_server_s"] = float("inf")
        for _ in range(3):
            t0 = time.perf_counter()
            r = c.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}})
            res["dsym_s"] = min(res["dsym_s"], time.perf_counter() - t0)
            res["dsym_server_s"] = min(res["dsym_server_s"], c.header_at[-1] - t0)
        res["dsym_kb"] = proc_status_kb(c.proc.pid, "VmHWM")
        res["symbols"] = count_symbols(r.get("result"))
    finally:
        res["worker_kb"] = c.worker_peak_kb
        crashed = c.proc.poll() is not None and c.proc.returncode != 0
        res["server_kb"] = c.close()
        if crashed:
            raise BenchError("ompx-lsp crashed (rc=%d)" % c.proc.returncode)
    return res


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--cases", default=",".join(CASES))
    ap.add_argument("--timeout", type=int, default=600)
    ap.add_argument("--json", metavar="OUT")
    ap.add_argument("--ompx", default=os.path.join(ROOT, "build/server/ompx-lsp"))
    a = ap.parse_args()
    if not os.access(a.ompx, os.X_OK):
        raise BenchError("tool missing: %s (build it first)" % a.ompx)
    mlir_opt = find_tool(["mlir-opt-22", "/usr/lib/llvm-22/bin/mlir-opt"])
    tmp = tempfile.mkdtemp(prefix="bench_scale_")
    results = {}
    try:
        for name in a.cases.split(","):
            if name not in CASES:
                raise BenchError("unknown case %s (one of %s)" % (name, ", ".join(CASES)))
            text = CASES[name]()
            path = os.path.join(tmp, name + ".mlir")
            with open(path, "w") as f:
                f.write(text)
            print("== %s (%d lines, %.1f MiB)" % (name, text.count("\n"), len(text) / 2**20),
                  flush=True)
            row = {"lines": text.count("\n"), "bytes": len(text)}
            row["floor"] = measure_floor(mlir_opt, path)
            row["check"] = measure_check(a.ompx, path, a.timeout)
            row["server"] = measure_server(a.ompx, text, path, a.timeout)
            results[name] = row
            report_row(name, row)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    report(results)
    if a.json:
        with open(a.json, "w") as f:
            json.dump(results, f, indent=1)
    return 0


def report_row(name, row):
    s, ck, fl = row["server"], row["check"], row["floor"]
    print("   open %s  documentSymbol %s (server %s, %d symbols)  hover %s%s"
          % (fmt_t(s["open_s"]), fmt_t(s["dsym_s"]), fmt_t(s["dsym_server_s"]), s["symbols"],
             fmt_t(s["hover_s"]),
             "" if s["hover_ok"] else " (empty)"))
    print("   server peak: after open %s, during documentSymbol %s, overall %s;"
          " worker peak %s" % (fmt_kb(s["server_open_kb"]), fmt_kb(s["dsym_kb"]),
                               fmt_kb(s["server_kb"]), fmt_kb(s["worker_kb"])))
    print("   ompx-lsp --check %s %s (rc %d);  mlir-opt-22 %s"
          % (fmt_t(ck["time_s"]), fmt_kb(ck["rss_kb"]), ck["rc"],
             fl.get("error") or "%s %s" % (fmt_t(fl["time_s"]), fmt_kb(fl["rss_kb"]))))
    if s["diagnostics"]:
        print("   note: %d diagnostics, first: %s" % (s["diagnostics"], s.get("first_diag")))
    sys.stdout.flush()


def report(results):
    print()
    print("%-10s %9s %9s %9s %8s %10s %10s %10s %10s %9s %9s"
          % ("case", "open", "docSym", "(server)", "hover", "srv peak", "dsym peak", "worker",
             "--check", "open/chk", "dsym/wkr"))
    for name, row in results.items():
        s, ck = row["server"], row["check"]
        print("%-10s %9s %9s %9s %8s %10s %10s %10s %10s %9.2f %9.2f"
              % (name, fmt_t(s["open_s"]), fmt_t(s["dsym_s"]), fmt_t(s["dsym_server_s"]),
                 fmt_t(s["hover_s"]),
                 fmt_kb(s["server_kb"]), fmt_kb(s["dsym_kb"]), fmt_kb(s["worker_kb"]),
                 fmt_kb(ck["rss_kb"]), s["open_s"] / ck["time_s"],
                 s["dsym_kb"] / max(1, s["worker_kb"])))
    print("\n(docSym: request -> reply parsed by this client; (server): request -> the reply's"
          " first byte; dsym peak: the server's VmHWM during documentSymbol; dsym/wkr: that over"
          " the worker's peak, the analysis's own memory)")
    big = results.get("sib100k")
    if big:
        s = big["server"]
        print("targets (sib100k)")
        print("   documentSymbol server time     = %6.3f s (< 1 s)    %s"
              % (s["dsym_server_s"], verdict(s["dsym_server_s"] < 1)))
        print("   (documentSymbol with this client's json.loads: %.3f s)" % s["dsym_s"])
        r = s["dsym_kb"] / max(1, s["worker_kb"])
        print("   dsym peak / worker peak        = %6.2f   (< 2)      %s" % (r, verdict(r < 2)))
        small = results.get("sib10k")
        if small:
            r = s["dsym_server_s"] / max(1e-6, small["server"]["dsym_server_s"])
            print("   dsym server time 100k / 10k    = %6.2f   (< 20)     %s" % (r, verdict(r < 20)))


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BenchError as e:
        print("error: %s" % e, file=sys.stderr)
        sys.exit(2)
