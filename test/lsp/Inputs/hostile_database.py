"""A Fortran file opened in the editor whose folder holds a hostile
compile_commands.json (a plugin flag, then nesting a million levels deep):
the server says what is wrong at the document, loads nothing, and answers
on; a well-formed database after it is used.

usage: hostile_database.py OMPX FOLDER   (FOLDER holds sized.F90; prints
what FileCheck checks)
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from lspq import Client, give_up_after  # noqa: E402
from fortran_documents import diags, show  # noqa: E402


def main():
    give_up_after(240)
    ompx, folder = sys.argv[1], os.path.abspath(sys.argv[2])
    db = os.path.join(folder, "compile_commands.json")
    path = os.path.join(folder, "sized.F90")
    uri = "file://" + path
    text = open(path).read()

    def entry(flags):
        return json.dumps([{"directory": folder, "file": "sized.F90",
                            "arguments": ["flang-22"] + flags +
                            ["-c", "sized.F90"]}])

    c = Client([ompx, "--sync"])
    c.request("initialize", {
        "processId": None, "capabilities": {},
        "workspaceFolders": [{"uri": "file://" + folder, "name": "p"}]})
    c.notify("initialized", {})
    steps = [
        ("plugin", entry(["-DN=8", "-fpass-plugin=" +
                          os.path.join(folder, "evil.so")])),
        ("deep", "[" * 1000000 + "]" * 1000000),
        ("good", entry(["-DN=8"])),
    ]
    for version, (label, content) in enumerate(steps, 1):
        with open(db, "w") as f:
            f.write(content)
        if version == 1:
            c.notify("textDocument/didOpen", {"textDocument": {
                "uri": uri, "languageId": "fortran", "version": 1,
                "text": text}})
        else:
            c.notify("textDocument/didSave", {"textDocument": {
                "uri": uri, "version": version}})
        show(label, diags(c, uri))
    c.request("shutdown", None)
    c.notify("exit", None)
    print("plugin loaded:", os.path.exists(os.path.join(folder, "loaded")))


if __name__ == "__main__":
    main()
