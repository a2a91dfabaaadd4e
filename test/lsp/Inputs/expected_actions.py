"""Asks a language server for the "Add expected-* diagnostic checks" actions
of every diagnostic in a file, prints them as text for FileCheck and writes
the file with all their edits applied (to check with
`mlir-opt --verify-diagnostics`).

usage: expected_actions.py FILE OUT SERVER [ARGS...]

Works with ompx-lsp and mlir-lsp-server alike: the code action request
covers the whole file and carries the diagnostics the server published (what
VS Code sends), so both compute their actions from the same inputs.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lspq  # noqa: E402


def main():
    path, out_path, server = sys.argv[1], sys.argv[2], sys.argv[3:]
    text = open(path, encoding="utf-8").read()
    uri = "file:///expected-actions/input.mlir"
    c = lspq.Client(server)
    c.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
    c.notify("initialized", {})
    c.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "mlir", "version": 1, "text": text}})
    diags = c.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                   and m["params"].get("version", 1) == 1)["params"]["diagnostics"]
    lines = text.count("\n") + 1
    actions = c.request("textDocument/codeAction", {
        "textDocument": {"uri": uri},
        "range": {"start": {"line": 0, "character": 0}, "end": {"line": lines, "character": 0}},
        "context": {"diagnostics": diags}}) or []
    c.request("shutdown", None)
    c.notify("exit", None)
    c.p.wait(timeout=30)

    inserts = []
    for a in actions:
        if a["title"] != "Add expected-* diagnostic checks":
            continue
        print("action: %s [%s] for line %d: %s" % (
            a["title"], a.get("kind"), a["diagnostics"][0]["range"]["start"]["line"] + 1,
            a["diagnostics"][0]["message"]))
        for e in a["edit"]["changes"][uri]:
            r = e["range"]
            assert r["start"] == r["end"] and r["start"]["character"] == 0, r
            print("  insert above line %d: %s" % (r["start"]["line"] + 1,
                                                  e["newText"].rstrip("\n")))
            inserts.append((r["start"]["line"], len(inserts), e["newText"]))
    # Applied as one edit set: inserts at one line keep their order.
    src = text.split("\n")
    for line, _, new in sorted(inserts, key=lambda i: (-i[0], -i[1])):
        src.insert(line, new.rstrip("\n"))
    with open(out_path, "w", encoding="utf-8") as f:
        f.write("\n".join(src))


main()
