"""A checked launch (compileAndLaunch with checkMaps) from an editor: prints
the result's mapFindings, the document's ompx-mapcheck diagnostics published
after it, and those published after the next edit (none: they spoke of the
old text).
usage: mapcheck_session.py OMPX FILE DEVICE"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
import lspq  # noqa: E402

ompx, path, device = sys.argv[1:4]
lspq.give_up_after(int(240 * float(os.environ.get("OMPX_TEST_TIMEOUT_SCALE", "1"))))
text = open(path).read()
c, uri = lspq.open_session(ompx, path, text, sync=False)
result = c.request("workspace/executeCommand", {
    "command": "ompx.compileAndLaunch",
    "arguments": [{"uri": uri, "device": device, "checkMaps": True}]})
print("status", result.get("status", result))
if "message" in result:
    print("message", result["message"])
for f in result.get("mapFindings", []):
    print("finding", json.dumps(f, sort_keys=True))


def mapcheck(m):
    return [d for d in m["params"]["diagnostics"]
            if d.get("source") == "ompx-mapcheck"]


def published(m):
    return m.get("method") == "textDocument/publishDiagnostics" and \
        m["params"]["uri"] == uri


if result.get("mapFindings"):
    m = c.wait(lambda m: published(m) and mapcheck(m))
    for d in mapcheck(m):
        print("diagnostic", json.dumps(d, sort_keys=True))
    lspq.did_change(c, uri, 2, text + "\n")
    m = c.wait(lambda m: published(m) and m["params"].get("version") == 2)
    print("after edit:", len(mapcheck(m)), "ompx-mapcheck diagnostics")
lspq.close_session(c)
