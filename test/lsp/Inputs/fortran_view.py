"""The Fortran -> MLIR view through the real server: ompx.emitMLIR writes the
MLIR next to the Fortran, the hover on an op names its Fortran line,
ompx.fortranLocation and ompx.mlirLocations jump between them, and a Fortran
buffer that is not a Fortran file gets one diagnostic naming `ompx-lsp emit`.

usage: fortran_view.py OMPX FILE.f90   (prints what FileCheck checks)
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from lspq import Client  # noqa: E402


def main():
    ompx, fortran = sys.argv[1], os.path.abspath(sys.argv[2])
    c = Client([ompx, "--sync"])
    # The Fortran file's folder is the workspace: ompx.emitMLIR compiles only
    # an open document or a file under a workspace folder.
    init = c.request("initialize", {
        "processId": None,
        "rootUri": "file://" + os.path.dirname(fortran),
        "capabilities": {}})
    cmds = init["capabilities"]["executeCommandProvider"]["commands"]
    print("commands:", " ".join(cmds))
    c.notify("initialized", {})
    furi = "file://" + fortran

    # Fortran in a buffer that is not a Fortran file on disk (an untitled
    # one): one diagnostic, not MLIR parse errors. (A .f90 file is checked:
    # fortran-documents.test.)
    text = open(fortran).read()
    buri = "untitled:" + os.path.basename(fortran)
    c.notify("textDocument/didOpen", {"textDocument": {
        "uri": buri, "languageId": "fortran", "version": 1, "text": text}})
    msg = c.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                 and m["params"]["uri"] == buri)
    for d in msg["params"]["diagnostics"]:
        print("fortran diagnostic:", json.dumps(d["range"]["start"], sort_keys=True),
              d["message"])

    r = c.request("workspace/executeCommand", {
        "command": "ompx.emitMLIR", "arguments": [{"uri": furi}]})
    print("emit:", json.dumps({k: r[k] for k in ("uri", "path", "kind")}))
    # Again (the editor re-runs it on each save): the file is emit's own
    # output, whose module line follows the location aliases.
    print("first line:", open(r["path"]).readline()[:5])
    again = c.request("workspace/executeCommand", {
        "command": "ompx.emitMLIR", "arguments": [{"uri": furi}]})
    print("emit again:", json.dumps(
        again.get("__error__") or {k: again[k] for k in ("path", "kind")}))
    mlir_path = r["path"]
    mlir = open(mlir_path).read()
    muri = r["uri"]
    c.notify("textDocument/didOpen", {"textDocument": {
        "uri": muri, "languageId": "mlir", "version": 1, "text": mlir}})

    lines = mlir.split("\n")
    target = next(i for i, l in enumerate(lines) if "omp.target " in l)
    col = lines[target].index("omp.target")
    h = c.request("textDocument/hover", {"textDocument": {"uri": muri},
                                         "position": {"line": target,
                                                      "character": col + 2}})
    value = h["contents"]["value"]
    print("hover tail:", json.dumps(value[value.rfind("---"):]))

    loc = c.request("workspace/executeCommand", {
        "command": "ompx.fortranLocation",
        "arguments": [{"uri": muri, "position": {"line": target,
                                                  "character": col}}]})
    print("fortranLocation:", json.dumps(loc, sort_keys=True))
    # A position in the module's attributes: the module op's own location.
    none = c.request("workspace/executeCommand", {
        "command": "ompx.fortranLocation",
        "arguments": [{"uri": muri, "position": {"line": 10000,
                                                  "character": 0}}]})
    print("fortranLocation past the end:", json.dumps(none))
    # An MLIR document whose loc() names a file outside the project: no
    # location (the editor was sent to /etc/passwd).
    euri = "untitled:evil.mlir"
    etext = 'func.func @f() {\n  return loc("/etc/passwd":1:1)\n}\n'
    c.notify("textDocument/didOpen", {"textDocument": {
        "uri": euri, "languageId": "mlir", "version": 1, "text": etext}})
    evil = c.request("workspace/executeCommand", {
        "command": "ompx.fortranLocation",
        "arguments": [{"uri": euri, "position": {"line": 1, "character": 3}}]})
    print("fortranLocation outside the project:", json.dumps(evil))

    # Line 7 (0-based 6) is `y(i) = a * x(i) + y(i)`.
    locs = c.request("workspace/executeCommand", {
        "command": "ompx.mlirLocations",
        "arguments": [{"uri": muri, "fortranUri": furi, "line": 6}]})
    ops = sorted({lines[l["range"]["start"]["line"]].strip().split(" ")[0]
                  if "=" not in lines[l["range"]["start"]["line"]]
                  else lines[l["range"]["start"]["line"]].split("=", 1)[1]
                  .strip().split(" ")[0] for l in locs})
    print("mlirLocations line 7:", len(locs), " ".join(ops))

    bad = c.request("workspace/executeCommand", {
        "command": "ompx.emitMLIR",
        "arguments": [{"uri": furi, "kind": "asm"}]})
    print("bad kind:", json.dumps(bad))
    bad = c.request("workspace/executeCommand", {
        "command": "ompx.emitMLIR",
        "arguments": [{"uri": furi, "output": "notes.txt"}]})
    print("bad output:", json.dumps(bad))
    bad = c.request("workspace/executeCommand", {
        "command": "ompx.emitMLIR",
        "arguments": [{"uri": furi, "output": "../outside.mlir"}]})
    print("output elsewhere:", json.dumps(bad))
    # A Fortran file flang rejects: the error carries flang's message.
    broken = os.path.join(os.path.dirname(fortran), "broken.f90")
    with open(broken, "w") as f:
        f.write("subroutine broken(n)\n  n = undefined_thing +\nend\n")
    bad = c.request("workspace/executeCommand", {
        "command": "ompx.emitMLIR", "arguments": [{"uri": "file://" + broken}]})
    print("flang error:", json.dumps(bad))
    print("left behind:", sorted(os.listdir(os.path.dirname(fortran))))
    c.request("shutdown", None)
    c.notify("exit", None)


main()
