"""Drives ompx-lsp in its editor mode with a slow lowering-readiness check
(the worker's test hook OMPX_TEST_LOWERING_DELAY_MS makes each translated
chunk take that long) and prints, for FileCheck, every publishDiagnostics in
the order it arrives (`NAME vVERSION: CODES`) and how long some took.

usage: lowering_concurrent.py OMPX DELAY_MS

Lowering runs on its own thread with its own worker: a document opened
while another one is translated gets its parse/verify diagnostics at once;
an edit cancels only the edited document's translation; a close drops it;
shutdown does not wait for a translation in flight.
"""
import os
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
import lspq  # noqa: E402

ompx, delay = sys.argv[1], int(sys.argv[2]) / 1000.0

# Verifies cleanly; its translation fails (LLVM 22 has no taskgroup allocate).
TASKGROUP = ("llvm.func @%s(%%x : !llvm.ptr, %%a : i64) {\n"
             "  omp.taskgroup allocate(%%a : i64 -> %%x : !llvm.ptr) {\n"
             "    omp.terminator\n  }\n  llvm.return\n}\n")
# Does not verify: nothing to translate.
BAD = ("llvm.func @bad() {\n  %0 = llvm.mlir.constant(1 : i64) : i64\n"
       "  llvm.return %0 : i64\n}\n")

lspq.give_up_after(120)

c = lspq.Client([ompx])
c.request("initialize", {"processId": None, "rootUri": None,
                         "capabilities": {}})
c.notify("initialized", {})


def uri(name):
    return "file:///lowering-concurrent/" + name


def did_open(name, text):
    return lspq.did_open(c, uri(name), text)


def did_change(name, version, text):
    return lspq.did_change(c, uri(name), version, text)


seen = {}  # (name, version, lowering) -> when it was published


def until(name, version, lowering):
    """Prints each publication until NAME's VERSION is published with
    (`lowering`) or without lowering diagnostics; returns when it came."""
    key = (uri(name), version, lowering)
    while key not in seen:
        m = c.read()
        if m.get("method") != "textDocument/publishDiagnostics":
            continue
        p = m["params"]
        codes = [d.get("code", "") for d in p["diagnostics"]]
        print("%s v%s: %s" % (p["uri"].rsplit("/", 1)[1], p.get("version", "-"),
                              " ".join(codes) or "(none)"))
        sys.stdout.flush()
        seen.setdefault((p["uri"], p.get("version"), "lowering" in codes),
                        time.monotonic())
    return seen[key]


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


print("== open a, then b while a is translated")
did_open("a.mlir", TASKGROUP % "a")
a_published = until("a.mlir", 1, False)
b_opened = did_open("b.mlir", BAD)
# b's publication comes before a's lowering, or this reads past it.
b_published = until("b.mlir", 1, False)
a_lowered = until("a.mlir", 1, True)
within("b parse/verify", b_published - b_opened, delay / 2)
after("a lowering", a_lowered - a_published, delay * 0.9)

print("== edit a while it is translated: only a's translation is cancelled")
did_change("a.mlir", 2, TASKGROUP % "a2")
until("a.mlir", 2, False)
did_open("c.mlir", TASKGROUP % "c")  # queued behind a v2's translation
until("c.mlir", 1, False)
a_edited = did_change("a.mlir", 3, TASKGROUP % "a3")
until("a.mlir", 3, False)
c_lowered = until("c.mlir", 1, True)
until("a.mlir", 3, True)
# Not after the rest of a v2's translation.
within("c lowering", c_lowered - a_edited, delay * 1.6)

print("== close d while it is translated")
did_open("d.mlir", TASKGROUP % "d")
until("d.mlir", 1, False)
c.notify("textDocument/didClose", {"textDocument": {"uri": uri("d.mlir")}})
e_opened = did_open("e.mlir", TASKGROUP % "e")
until("e.mlir", 1, False)
e_lowered = until("e.mlir", 1, True)
within("e lowering", e_lowered - e_opened, delay * 1.6)

print("== the lowering worker yields the cores to the analysis worker")
# Both workers are children of the server: the analysis one at its nice
# value, the lowering one (started for a) 10 above it (19 at most).


def children(pid):
    out = []
    for task in os.listdir("/proc/%d/task" % pid):
        with open("/proc/%d/task/%s/children" % (pid, task)) as f:
            out += [int(x) for x in f.read().split()]
    return out


def nice(pid):
    with open("/proc/%d/stat" % pid) as f:
        return int(f.read().rsplit(")", 1)[1].split()[16])


# Relative to the server's: the tests may run under `nice` themselves.
own = nice(c.p.pid)
values = sorted(nice(p) for p in children(c.p.pid))
print("worker nice values: the server's and 10 above it: %s" %
      ("yes" if values == [own, min(own + 10, 19)] else values))

print("== shut down while f is translated")
did_open("f.mlir", TASKGROUP % "f")
until("f.mlir", 1, False)
start = time.monotonic()
c.next_id = 100
c.request("shutdown", None)
c.notify("exit", None)
c.p.wait()
within("shutdown and exit", time.monotonic() - start, delay / 2)
print("exit code %d" % c.p.returncode)
