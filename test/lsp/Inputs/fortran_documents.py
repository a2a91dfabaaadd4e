"""A Fortran file of the project open in the editor (the real server, flang-22
for real): checked on open and on save, its findings published at the
Fortran lines (flang's errors, the MLIR's data-mapping checks), moved by
unsaved edits, and hovers on `!$omp` directives answered from the MLIR.

usage: fortran_documents.py OMPX FOLDER   (FOLDER holds map-bug.f90 and
flang-error.f90; prints what FileCheck checks)
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from lspq import Client, give_up_after  # noqa: E402


def diags(c, uri):
    msg = c.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                 and m["params"]["uri"] == uri)
    p = msg["params"]
    out = []
    for d in p["diagnostics"]:
        s = d["range"]["start"]
        out.append("%d:%d %s %s %s" % (
            s["line"] + 1, s["character"] + 1, d.get("source"), d.get("code"),
            " | ".join([d["message"]] + [r["message"] for r in
                                         d.get("relatedInformation", [])])))
    return p.get("version"), out


def show(label, version_diags):
    version, ds = version_diags
    print("%s: v%s %d" % (label, version, len(ds)))
    for d in ds:
        print("  " + d)


def hover(c, uri, line, character):
    h = c.request("textDocument/hover", {"textDocument": {"uri": uri},
                                         "position": {"line": line,
                                                      "character": character}})
    if not h:
        return "null"
    r = h["range"]
    head = h["contents"]["value"].split("\n")[0]
    body = h["contents"]["value"]
    return "%d:%d-%d %s | %s" % (r["start"]["line"] + 1,
                                 r["start"]["character"] + 1,
                                 r["end"]["character"] + 1, head,
                                 " ".join(l for l in body.split("\n")
                                          if "map" in l.lower())[:300])


def main():
    give_up_after(240)
    ompx, folder = sys.argv[1], os.path.abspath(sys.argv[2])
    c = Client([ompx, "--sync"])
    init = c.request("initialize", {
        "processId": None, "capabilities": {},
        "workspaceFolders": [{"uri": "file://" + folder, "name": "p"}]})
    print("save:", json.dumps(init["capabilities"]["textDocumentSync"]["save"]))
    c.notify("initialized", {})

    path = os.path.join(folder, "map-bug.f90")
    uri = "file://" + path
    text = open(path).read()
    c.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "fortran", "version": 1, "text": text}})
    show("open", diags(c, uri))

    lines = text.split("\n")
    directive = next(i for i, l in enumerate(lines) if "!$omp target" in l)
    line = lines[directive]
    print("hover c:", hover(c, uri, directive, line.index("to: c") + 4))
    print("hover target:", hover(c, uri, directive, line.index("target") + 1))
    loop = next(i for i, l in enumerate(lines) if "c(i) =" in l)
    print("hover statement:", hover(c, uri, loop, lines[loop].index("c(i)")))
    print("symbols:", json.dumps(c.request("textDocument/documentSymbol", {
        "textDocument": {"uri": uri}})))

    # An unsaved line above: the finding moves with its line.
    edited = "! a new first line\n" + text
    c.notify("textDocument/didChange", {
        "textDocument": {"uri": uri, "version": 2},
        "contentChanges": [{"range": {"start": {"line": 0, "character": 0},
                                      "end": {"line": 0, "character": 0}},
                            "text": "! a new first line\n"}]})
    show("edited", diags(c, uri))
    print("hover c after the edit:",
          hover(c, uri, directive + 1, line.index("to: c") + 4))

    # The fix, typed (the finding's line changed: it goes) and saved:
    # checked again, the hover now says tofrom.
    fixed = edited.replace("map(to: c)", "map(tofrom: c)")
    with open(path, "w") as f:
        f.write(fixed)
    c.notify("textDocument/didChange", {
        "textDocument": {"uri": uri, "version": 3},
        "contentChanges": [{"text": fixed}]})
    show("fixed", diags(c, uri))
    c.notify("textDocument/didSave", {"textDocument": {"uri": uri}})
    print("hover c after the save:",
          hover(c, uri, directive + 1, fixed.split("\n")[directive + 1]
                .index("tofrom: c") + 8))

    # A statement flang rejects, saved: flang's error at its line.
    broken = fixed.replace("  integer :: i\n", "  integer :: i\n  i = = 1\n")
    with open(path, "w") as f:
        f.write(broken)
    c.notify("textDocument/didChange", {
        "textDocument": {"uri": uri, "version": 4},
        "contentChanges": [{"text": broken}]})
    diags(c, uri)
    c.notify("textDocument/didSave", {"textDocument": {"uri": uri}})
    show("saved broken", diags(c, uri))

    # flang's own error, at its line and column.
    bpath = os.path.join(folder, "flang-error.f90")
    buri = "file://" + bpath
    c.notify("textDocument/didOpen", {"textDocument": {
        "uri": buri, "languageId": "fortran", "version": 7,
        "text": open(bpath).read()}})
    show("flang error", diags(c, buri))

    # OpenACC, a clause on a continuation line: its data-clause op.
    apath = os.path.join(folder, "acc-continued.f90")
    auri = "file://" + apath
    atext = open(apath).read()
    c.notify("textDocument/didOpen", {"textDocument": {
        "uri": auri, "languageId": "fortran", "version": 1, "text": atext}})
    show("acc", diags(c, auri))
    alines = atext.split("\n")
    print("hover b (continued):", hover(c, auri, 4, alines[4].index("(b)") + 1))
    print("hover a:", hover(c, auri, 3, alines[3].index("(a)") + 1))
    print("hover parallel:", hover(c, auri, 3, alines[3].index("parallel") + 2))

    c.notify("textDocument/didClose", {"textDocument": {"uri": buri}})
    show("closed", diags(c, buri))

    # Saved with CRLF endings, the buffer with LF ones (an editor that
    # normalizes them): the same finding, its note and a hover, not nothing.
    rpath = os.path.join(folder, "crlf.f90")
    rtext = open(os.path.join(os.path.dirname(os.path.abspath(__file__)),
                              "..", "..", "check", "Inputs",
                              "map-bug.f90")).read()
    with open(rpath, "w", newline="\r\n") as f:
        f.write(rtext)
    ruri = "file://" + rpath
    c.notify("textDocument/didOpen", {"textDocument": {
        "uri": ruri, "languageId": "fortran", "version": 1, "text": rtext}})
    rd = c.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                and m["params"]["uri"] == ruri and m["params"]["diagnostics"])
    for d in rd["params"]["diagnostics"]:
        notes = ["%d:%d %s" % (n["location"]["range"]["start"]["line"] + 1,
                               n["location"]["range"]["start"]["character"] + 1,
                               n["message"])
                 for n in d.get("relatedInformation", [])]
        print("crlf: %d:%d %s | %s" % (d["range"]["start"]["line"] + 1,
                                       d["range"]["start"]["character"] + 1,
                                       d["code"] if "code" in d else "",
                                       " | ".join(notes)))
    rlines = rtext.split("\n")
    print("hover c (crlf):", hover(c, ruri, directive,
                                   rlines[directive].index("to: c") + 4))
    os.remove(rpath)
    c.request("shutdown", None)
    c.notify("exit", None)
    print("left behind:", sorted(os.listdir(folder)))


if __name__ == "__main__":
    main()
