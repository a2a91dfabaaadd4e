"""ompx.emitMLIR cancelled while flang waits (on a FIFO a module's .mod file
is, in the workspace): the request answers "cancelled" and the emit child
and flang are gone, not left running to their deadline.

usage: emit_cancel.py OMPX ROOT   (ROOT holds usefifo.f90 and fifomod.mod)
"""
import json
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
from lspq import Client, give_up_after  # noqa: E402


def children(name):
    out = subprocess.run(["ps", "-eo", "args"], capture_output=True,
                         text=True).stdout
    return [l for l in out.splitlines() if name in l and "ps -eo" not in l
            and "emit_cancel.py" not in l]


def main():
    give_up_after(100)
    ompx, root = sys.argv[1], os.path.abspath(sys.argv[2])
    c = Client([ompx])
    c.request("initialize", {
        "processId": None, "capabilities": {},
        "workspaceFolders": [{"uri": "file://" + root, "name": "p"}]})
    c.notify("initialized", {})
    uri = "file://" + os.path.join(root, "usefifo.f90")
    c.next_id += 1
    rid = c.next_id
    c.send({"jsonrpc": "2.0", "id": rid, "method": "workspace/executeCommand",
            "params": {"command": "ompx.emitMLIR",
                       "arguments": [{"uri": uri}]}})
    # flang is waiting on the FIFO.
    for _ in range(100):
        if children(root + "/usefifo.f90"):
            break
        time.sleep(0.1)
    print("running before the cancel:", bool(children(root + "/usefifo.f90")))
    c.notify("$/cancelRequest", {"id": rid})
    answer = c.wait(lambda m: m.get("id") == rid)
    print("answer:", json.dumps(answer.get("error", answer.get("result"))))
    for _ in range(50):
        if not children(root + "/usefifo.f90"):
            break
        time.sleep(0.1)
    print("left running:", len(children(root + "/usefifo.f90")))
    c.request("shutdown", None)
    c.notify("exit", None)


if __name__ == "__main__":
    main()
