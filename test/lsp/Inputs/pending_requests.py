"""Drives ompx-lsp in its editor mode (background analysis) to check what
happens to requests that are still pending, and prints the answers in the
order they arrive, one per line, for FileCheck.

usage: pending_requests.py OMPX cancel|devices

cancel:  a hover sent right after didOpen waits for the analysis; a
         $/cancelRequest for it answers RequestCancelled at once, and only
         once; a second hover still gets its answer.
devices: ompx.listDevices followed by a hover: the hover is answered while
         the device probe is still running (run with a slow probe on PATH).
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
import lspq  # noqa: E402

ompx, mode = sys.argv[1], sys.argv[2]


def describe(msg):
    if "error" in msg:
        return "error %d %s" % (msg["error"]["code"], msg["error"]["message"])
    result = msg.get("result")
    if isinstance(result, dict) and "contents" in result:
        return "hover " + result["contents"]["value"].splitlines()[0]
    if isinstance(result, dict) and "devices" in result:
        return "devices %s" % " ".join(d["id"] for d in result["devices"])
    return "result " + json.dumps(result, sort_keys=True)


def answers(c, ids):
    """Reads until every id in `ids` is answered; prints each answer."""
    left = set(ids)
    while left:
        m = c.read()
        if "id" in m and "method" not in m:
            print("answer %s: %s" % (m["id"], describe(m)))
            sys.stdout.flush()
            left.discard(m["id"])


def hover(rid, uri):
    return {"jsonrpc": "2.0", "id": rid, "method": "textDocument/hover",
            "params": {"textDocument": {"uri": uri},
                       "position": {"line": 0, "character": 3}}}


if mode == "cancel":
    # Large enough that its analysis outlasts reading the next messages.
    text = "".join("func.func @f%d(%%a : i32) -> i32 {\n"
                   "  %%0 = arith.addi %%a, %%a : i32\n"
                   "  return %%0 : i32\n}\n" % i for i in range(3000))
    c, uri = lspq.open_session(ompx, "pending.mlir", text, sync=False)
    # One write: the cancel is read while the hover waits for the analysis.
    c.p.stdin.write(lspq.frame(hover(100, uri)) + lspq.frame(
        {"jsonrpc": "2.0", "method": "$/cancelRequest",
         "params": {"id": 100}}) + lspq.frame(hover(101, uri)))
    c.p.stdin.flush()
    answers(c, [100, 101])
    # Cancelling what is answered (or unknown) changes nothing; the
    # cancelled hover is never answered a second time.
    for rid in (100, 101, 999):
        c.notify("$/cancelRequest", {"id": rid})
    c.next_id = 200
    c.request("shutdown", None)
    extra = [m for m in c.notes if m.get("id") in (100, 101)]
    print("late answers: %d" % len(extra))
    c.notify("exit", None)
elif mode == "devices":
    c, uri = lspq.open_session(ompx, "devices.mlir",
                               "func.func @f() {\n  return\n}\n", sync=False)
    c.send({"jsonrpc": "2.0", "id": 50, "method": "workspace/executeCommand",
            "params": {"command": "ompx.listDevices", "arguments": []}})
    c.send(hover(51, uri))
    answers(c, [50, 51])
    lspq.close_session(c)
