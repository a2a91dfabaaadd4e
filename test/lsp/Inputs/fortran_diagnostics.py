"""fortran_diagnostics.py OMPX ROOT FILE [LANGUAGE]: opens FILE (languageId
LANGUAGE, else `fortran`) in a server whose workspace is ROOT and prints
the diagnostics published for it, one line each (`L:C message`), with
their related notes indented."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from lspq import Client, close_session, give_up_after  # noqa: E402


def main():
    ompx, root, path = sys.argv[1:4]
    language = sys.argv[4] if len(sys.argv) > 4 else "fortran"
    give_up_after(120)
    c = Client([ompx, "--sync"])
    c.request("initialize", {
        "processId": None, "rootUri": "file://" + os.path.abspath(root),
        "capabilities": {"textDocument": {"publishDiagnostics": {
            "relatedInformation": True}}}})
    c.notify("initialized", {})
    uri = "file://" + os.path.abspath(path)
    with open(path) as f:
        text = f.read()
    c.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": language, "version": 1, "text": text}})
    note = c.wait(lambda m: m.get("method") ==
                  "textDocument/publishDiagnostics" and
                  m["params"]["uri"] == uri)
    for d in note["params"]["diagnostics"]:
        start = d["range"]["start"]
        print("%d:%d %s" % (start["line"] + 1, start["character"] + 1,
                            d["message"]))
        for r in d.get("relatedInformation", []):
            print("  related: " + r["message"])
    close_session(c)


if __name__ == "__main__":
    main()
