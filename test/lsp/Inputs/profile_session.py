"""A recorded launch (compileAndLaunch with profile) from an editor: prints
the result's profile (report files, hot spots), whether the server asked for
the inlay hints again, the figures it then shows on the ops, and those after
two edits: a line added above (stale, moved with their ops) and an op's own
line changed (that figure dropped, never put on another op).
usage: profile_session.py OMPX FILE DEVICE"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(__file__))
import lspq  # noqa: E402

ompx, path, device = sys.argv[1:4]
lspq.give_up_after(int(240 * float(os.environ.get("OMPX_TEST_TIMEOUT_SCALE", "1"))))
text = open(path).read()
c = lspq.Client([ompx])
c.request("initialize", {"processId": None, "rootUri": None, "capabilities": {
    "workspace": {"inlayHint": {"refreshSupport": True}}}})
c.notify("initialized", {})
uri = "file://" + os.path.abspath(path)
lspq.did_open(c, uri, text)
result = c.request("workspace/executeCommand", {
    "command": "ompx.compileAndLaunch",
    "arguments": [{"uri": uri, "device": device, "profile": True}]})
print("status", result.get("status", result))
if "message" in result:
    print("message", result["message"])
profile = result.get("profile")
if not profile:
    lspq.close_session(c)
    sys.exit(0)
print("report", os.path.basename(profile["report"]),
      os.path.exists(profile["report"]))
print("html", os.path.basename(profile["html"]), os.path.exists(profile["html"]))
for h in profile["hotSpots"]:
    at = h.get("location", {})
    print("hot %s %s at %s:%s: %s" % (h["kind"], h["name"], at.get("line"),
                                      at.get("column"), h["figures"]))
c.wait(lambda m: m.get("method") == "workspace/inlayHint/refresh")
print("refresh requested")


def figures(version):
    hints = c.request("textDocument/inlayHint", {
        "textDocument": {"uri": uri, "version": version},
        "range": {"start": {"line": 0, "character": 0},
                  "end": {"line": 100000, "character": 0}}})
    shown = [h for h in hints if h.get("kind") == 1]
    for h in shown:
        print("  line %d: %s" % (h["position"]["line"] + 1, h["label"]))
    return shown


print("figures:")
figures(1)
# A line above every op: the figures move with them, marked stale.
lspq.did_change(c, uri, 2, "// an edit\n" + text)
print("after a line added above:")
figures(2)
# The first map op's own line changed: its figure goes, the others stay.
lines = ("// an edit\n" + text).split("\n")
first = next(i for i, l in enumerate(lines) if "omp.map.info" in l)
lines[first] = re.sub(r"\bomp\.map\.info\b", "omp.map.info ", lines[first])
lspq.did_change(c, uri, 3, "\n".join(lines))
print("after line %d changed:" % (first + 1))
figures(3)
lspq.close_session(c)
