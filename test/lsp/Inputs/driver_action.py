"""Asks ompx-lsp for the code actions on a line of FILE and prints them; the
text of a "Create a driver" action is written to OUT (when it is offered).

usage: driver_action.py OMPX FILE LINE OUT [--no-create]
(--no-create: a client without createFile support)
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lspq  # noqa: E402


def main():
    ompx, path, line, out = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
    uri = "file://" + path
    # What VS Code announces; without it the driver is not offered.
    caps = {} if "--no-create" in sys.argv else {"workspace": {"workspaceEdit": {
        "documentChanges": True, "resourceOperations": ["create", "rename", "delete"]}}}
    msgs = [
        {"jsonrpc": "2.0", "id": 0, "method": "initialize",
         "params": {"processId": None, "rootUri": None, "capabilities": caps}},
        {"jsonrpc": "2.0", "method": "textDocument/didOpen",
         "params": {"textDocument": {"uri": uri, "languageId": "mlir", "version": 1,
                                     "text": open(path, encoding="utf-8").read()}}},
        {"jsonrpc": "2.0", "id": 1, "method": "textDocument/codeAction",
         "params": {"textDocument": {"uri": uri},
                    "range": {"start": {"line": line, "character": 0},
                              "end": {"line": line, "character": 0}},
                    "context": {"diagnostics": []}}},
        {"jsonrpc": "2.0", "id": 2, "method": "shutdown"},
        {"jsonrpc": "2.0", "method": "exit"},
    ]
    replies = lspq.batch([ompx, "--sync"], msgs)
    for a in replies[1]["result"]:
        print("action:", a["title"], "[%s]" % a["kind"])
        for change in a["edit"].get("documentChanges", []):
            if "kind" in change:
                print("  %s %s %s" % (change["kind"], change["uri"],
                                      json.dumps(change.get("options", {}))))
            else:
                for e in change["edits"]:
                    print("  edit %s at %s" % (change["textDocument"]["uri"],
                                               json.dumps(e["range"]["start"])))
                    with open(out, "w", encoding="utf-8") as f:
                        f.write(e["newText"])
    print("end of actions")


main()
