"""Two Fortran documents whose checks block (flang waits on FIFOs, the .mod
files of their modules) do not hold back a third one: its findings come
within a few seconds of the stall, not at the blocked checks' deadline
(120 s). Closing the server cancels the blocked checks.

usage: blocked_check.py OMPX ROOT
  (ROOT holds usefifo1.f90, usefifo2.f90, their FIFO .mod files, bad.f90)
"""
import os
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
from lspq import Client, give_up_after  # noqa: E402


def main():
    give_up_after(100)
    ompx, root = sys.argv[1], os.path.abspath(sys.argv[2])
    c = Client([ompx])
    c.request("initialize", {
        "processId": None, "capabilities": {},
        "workspaceFolders": [{"uri": "file://" + root, "name": "p"}]})
    c.notify("initialized", {})
    start = time.monotonic()
    for name in ("usefifo1.f90", "usefifo2.f90", "bad.f90"):
        path = os.path.join(root, name)
        c.notify("textDocument/didOpen", {"textDocument": {
            "uri": "file://" + path, "languageId": "fortran", "version": 1,
            "text": open(path).read()}})
    bad = "file://" + os.path.join(root, "bad.f90")
    msg = c.wait(lambda m: m.get("method") ==
                 "textDocument/publishDiagnostics" and
                 m["params"]["uri"] == bad and m["params"]["diagnostics"])
    took = time.monotonic() - start
    print("bad.f90:", msg["params"]["diagnostics"][0]["message"].splitlines()[0])
    # Each blocked check holds the next back for 10 s.
    print("within 40 s:", took < 40)
    c.request("shutdown", None)
    c.notify("exit", None)
    begin = time.monotonic()
    c.p.wait(timeout=60)
    print("exit within 10 s:", time.monotonic() - begin < 10)


if __name__ == "__main__":
    main()
