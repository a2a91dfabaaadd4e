"""Asks a language server for the "Add expected-* diagnostic checks" actions
of every diagnostic in a file, prints them as text for FileCheck and writes
the file with all their edits applied (to check with
`mlir-opt --verify-diagnostics`).

usage: expected_actions.py FILE OUT SERVER [ARGS...]

Works with ompx-lsp and mlir-lsp-server alike: the code action request
covers the whole file and carries the diagnostics the server published (what
VS Code sends), so both compute their actions from the same inputs.
"""
import json
import subprocess
import sys


def frame(msg):
    body = json.dumps(msg).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def read(proc):
    length = None
    while True:
        line = proc.stdout.readline()
        if not line:
            raise SystemExit("server closed its output")
        line = line.strip()
        if not line:
            break
        if line.lower().startswith(b"content-length:"):
            length = int(line.split(b":")[1])
    return json.loads(proc.stdout.read(length))


def main():
    path, out_path, server = sys.argv[1], sys.argv[2], sys.argv[3:]
    text = open(path, encoding="utf-8").read()
    uri = "file:///expected-actions/input.mlir"
    proc = subprocess.Popen(server, stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def send(msg):
        proc.stdin.write(frame(msg))
        proc.stdin.flush()

    def wait(pred):
        while True:
            m = read(proc)
            if pred(m):
                return m

    send({"jsonrpc": "2.0", "id": 0, "method": "initialize",
          "params": {"processId": None, "rootUri": None, "capabilities": {}}})
    wait(lambda m: m.get("id") == 0)
    send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    send({"jsonrpc": "2.0", "method": "textDocument/didOpen",
          "params": {"textDocument": {"uri": uri, "languageId": "mlir",
                                      "version": 1, "text": text}}})
    diags = wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                 and m["params"].get("version", 1) == 1)["params"]["diagnostics"]
    lines = text.count("\n") + 1
    send({"jsonrpc": "2.0", "id": 1, "method": "textDocument/codeAction",
          "params": {"textDocument": {"uri": uri},
                     "range": {"start": {"line": 0, "character": 0},
                               "end": {"line": lines, "character": 0}},
                     "context": {"diagnostics": diags}}})
    actions = wait(lambda m: m.get("id") == 1)["result"] or []
    send({"jsonrpc": "2.0", "id": 2, "method": "shutdown"})
    wait(lambda m: m.get("id") == 2)
    send({"jsonrpc": "2.0", "method": "exit"})
    proc.wait(timeout=30)

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
