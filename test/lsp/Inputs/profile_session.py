"""A recorded launch (compileAndLaunch with profile) from an editor: prints
the result's profile (report files, hot spots), whether the server asked for
the code lenses again, the lenses it then shows on the ops, the hover of the
busiest kernel's and map op's lines (their tables), the hot spots command,
and the lenses after two edits: a line added above (stale, moved with their
ops) and an op's own line changed (that figure dropped, never put on
another op).
With FORTRAN (the source the MLIR was emitted from, open as a document):
its lines show the figures of the ops that came from them, and follow an
edit above them, marked stale.
PROFILE_SESSION_ARGS (JSON, optional): more fields of compileAndLaunch's
argument (e.g. {"launcher": "slurm", "slurm": {...}}).
usage: profile_session.py OMPX FILE DEVICE [FORTRAN]"""
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(__file__))
import lspq  # noqa: E402

ompx, path, device = sys.argv[1:4]
fortran = sys.argv[4] if len(sys.argv) > 4 else None
lspq.give_up_after(int(240 * float(os.environ.get("OMPX_TEST_TIMEOUT_SCALE", "1"))))
text = open(path).read()
c = lspq.Client([ompx])
init = c.request("initialize", {"processId": None, "rootUri": None, "capabilities": {
    "workspace": {"codeLens": {"refreshSupport": True}}}})
print("codeLensProvider", "codeLensProvider" in init["capabilities"],
      "ompx.profileHotSpots" in init["capabilities"]["executeCommandProvider"]["commands"])
c.notify("initialized", {})
uri = "file://" + os.path.abspath(path)
lspq.did_open(c, uri, text)


def lenses(version, of=None):
    got = c.request("textDocument/codeLens", {
        "textDocument": {"uri": of or uri, "version": version}})
    for l in sorted(got, key=lambda l: (l["range"]["start"]["line"],
                                        l["command"]["title"])):
        at = l["range"]["start"]
        cmd = l["command"]
        print("  line %d:%d: %s [%s %s]" % (at["line"] + 1, at["character"] + 1,
                                           cmd["title"], cmd["command"],
                                           cmd["arguments"][0]["uri"] == uri))
    return got


print("before:")
lenses(1)
result = c.request("workspace/executeCommand", {
    "command": "ompx.compileAndLaunch",
    "arguments": [dict({"uri": uri, "device": device, "profile": True},
                       **json.loads(os.environ.get("PROFILE_SESSION_ARGS", "{}")))]})
print("status", result.get("status", result))
if "slurmJobId" in result:
    print("through Slurm, job", result["slurmJobId"].isdigit())
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
c.wait(lambda m: m.get("method") == "workspace/codeLens/refresh")
print("refresh requested")
print("lenses:")
shown = lenses(1)


def hover(line, character):
    h = c.request("textDocument/hover", {
        "textDocument": {"uri": uri},
        "position": {"line": line, "character": character}})
    return h["contents"]["value"] if h else "(none)"


# The hover of the op a lens sits on: its table. The op's own hover (a
# kernel's omp.target) comes first, the recorded figures after it.
for title in ("launches", "to: 2 KiB"):
    lens = next(l for l in shown if title in l["command"]["title"])
    at = lens["range"]["start"]
    print("hover at line %d:" % (at["line"] + 1))
    value = hover(at["line"], at["character"])
    for line in value.split("\n"):
        if line.startswith("|") or line.startswith("**Recorded") or \
           line.startswith("Fortran"):
            print("  " + line)

spots = c.request("workspace/executeCommand", {
    "command": "ompx.profileHotSpots", "arguments": [{"uri": uri}]})
print("hot spots:")
for s in spots:
    print("  %s %s line %d: %s ns>0 %s stale %s" % (
        s["kind"], s["name"], s["range"]["start"]["line"] + 1, s["figures"],
        s["ns"] > 0, s["stale"]))
print("ranked", all(a["ns"] >= b["ns"] for a, b in zip(spots, spots[1:])))
if fortran:
    furi = "file://" + os.path.abspath(fortran)
    ftext = open(fortran).read()
    c.notify("textDocument/didOpen", {"textDocument": {
        "uri": furi, "languageId": "fortran", "version": 1, "text": ftext}})
    print("fortran lenses:")
    lenses(1, furi)
    # The kernel's directive line: the hover has its launches' table.
    h = c.request("textDocument/hover", {"textDocument": {"uri": furi},
                                         "position": {"line": 14, "character": 6}})
    print("fortran hover at line 15:")
    for line in (h["contents"]["value"] if h else "(none)").split("\n"):
        if line.startswith("|") or line.startswith("**Recorded"):
            print("  " + line)
    c.notify("textDocument/didChange", {
        "textDocument": {"uri": furi, "version": 2},
        "contentChanges": [{"text": "! an edit\n" + ftext}]})
    print("fortran lenses after a line added above:")
    lenses(2, furi)
    # The kernel's directive changed: its figures go, the others stay.
    c.notify("textDocument/didChange", {
        "textDocument": {"uri": furi, "version": 3},
        "contentChanges": [{"text": "! an edit\n" + ftext.replace(
            "num_teams(4)", "num_teams(8)")}]})
    print("fortran lenses after the kernel's directive changed:")
    lenses(3, furi)
# A line above every op: the figures move with them, marked stale.
lspq.did_change(c, uri, 2, "// an edit\n" + text)
print("after a line added above:")
lenses(2)
# The first map op's own line changed: its figure goes, the others stay.
lines = ("// an edit\n" + text).split("\n")
first = next(i for i, l in enumerate(lines) if "omp.map.info" in l)
lines[first] = re.sub(r"\bomp\.map\.info\b", "omp.map.info ", lines[first])
lspq.did_change(c, uri, 3, "\n".join(lines))
print("after line %d changed:" % (first + 1))
lenses(3)
stale = c.request("workspace/executeCommand", {
    "command": "ompx.profileHotSpots", "arguments": []})
print("hot spots now: %d, stale %s" % (len(stale), all(s["stale"] for s in stale)))
lspq.close_session(c)
