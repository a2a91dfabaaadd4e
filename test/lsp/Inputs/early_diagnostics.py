"""Drives ompx-lsp in its editor mode while the worker records facts slowly
(its test hook OMPX_TEST_FACTS_DELAY_MS sleeps that long after a chunk's
diagnostics are final) and prints, for FileCheck, every publishDiagnostics
in the order it arrives (`NAME vVERSION: MESSAGES`), request answers as they
arrive, and how long some took.

usage: early_diagnostics.py OMPX DELAY_MS

A document's diagnostics are published as soon as they are final, before
its analysis is complete; a request on it still waits for the analysis. The
publication after the analysis is dropped when it says the same; an edit
made meanwhile is published after, never before, the older version.
"""
import os
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
import lspq  # noqa: E402

ompx, delay = sys.argv[1], int(sys.argv[2]) / 1000.0

# Does not verify (a value returned from a void function).
BAD = ("llvm.func @%s() {\n  %%0 = llvm.mlir.constant(1 : i64) : i64\n"
       "  llvm.return %%0 : i64\n}\n")


lspq.give_up_after(120)

c = lspq.Client([ompx])
c.request("initialize", {"processId": None, "rootUri": None,
                         "capabilities": {}})
c.notify("initialized", {})


def uri(name):
    return "file:///early-diagnostics/" + name


def did_open(name, text):
    return lspq.did_open(c, uri(name), text)


def did_change(name, version, text):
    return lspq.did_change(c, uri(name), version, text)


def hover(rid, name, line, character):
    c.send({"jsonrpc": "2.0", "id": rid, "method": "textDocument/hover",
            "params": {"textDocument": {"uri": uri(name)},
                       "position": {"line": line, "character": character}}})


published = []  # (name, version)
history = []  # (message, when it came)


def until(pred):
    """Prints each message until one satisfies `pred` (or finds one already
    read); returns when it came."""
    for m, when in history:
        if pred(m):
            return when
    while True:
        m = c.read()
        history.append((m, time.monotonic()))
        if m.get("method") == "textDocument/publishDiagnostics":
            p = m["params"]
            name = p["uri"].rsplit("/", 1)[1]
            published.append((name, p.get("version")))
            print("%s v%s: %s" % (name, p.get("version", "-"), " | ".join(
                d["message"].splitlines()[0] for d in p["diagnostics"])
                or "(none)"))
        elif "id" in m and "method" not in m:
            value = ((m.get("result") or {}).get("contents") or {}).get(
                "value", "(none)")
            print("answer %d: %s" % (m["id"], " / ".join(
                line for line in value.splitlines() if line.strip())))
        sys.stdout.flush()
        if pred(m):
            return history[-1][1]


def published_msg(name, version):
    return lambda m: (m.get("method") == "textDocument/publishDiagnostics" and
                      m["params"]["uri"] == uri(name) and
                      m["params"].get("version") == version)


def answer(rid):
    return lambda m: m.get("id") == rid and "method" not in m


def within(label, seconds, limit):
    sys.stderr.write("%s: %.3f s\n" % (label, seconds))
    print("%s within %.1f s: %s" % (label, limit,
                                    "yes" if seconds < limit else
                                    "no (%.2f s)" % seconds))


def after(label, seconds, limit):
    sys.stderr.write("%s: %.3f s\n" % (label, seconds))
    print("%s after %.1f s: %s" % (label, limit,
                                   "yes" if seconds >= limit else
                                   "no (%.2f s)" % seconds))


print("== open a and hover on it at once")
opened = did_open("a.mlir", BAD % "a")
hover(1, "a.mlir", 1, 3)  # on %0
a_published = until(published_msg("a.mlir", 1))
answered = until(answer(1))
within("a published", a_published - opened, delay / 2)
after("hover answered", answered - opened, delay * 0.9)

print("== edit b while its facts are recorded")
did_open("b.mlir", BAD % "b")
until(published_msg("b.mlir", 1))
changed = did_change("b.mlir", 2, BAD % "b2")
hover(2, "b.mlir", 1, 3)
b2_published = until(published_msg("b.mlir", 2))
within("b v2 published", b2_published - changed, delay / 2)
until(answer(2))
# The analysis thread publishes what it analyzed before it analyzes c:
# whatever b or a would still publish comes before c's.
did_open("c.mlir", BAD % "c")
until(published_msg("c.mlir", 1))
for name, version in [("a.mlir", 1), ("b.mlir", 1), ("b.mlir", 2)]:
    print("%s v%d published %d time(s)" %
          (name, version, published.count((name, version))))

c.next_id = 100
c.request("shutdown", None)
c.notify("exit", None)
c.p.wait()
print("exit code %d" % c.p.returncode)
