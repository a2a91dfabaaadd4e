"""Fortran documents opened in the editor whose include lines lead outside
the project (docs/design/threat-model.md): each is an error at the include
line, no byte of the file outside is shown, and an include inside the
project still compiles.

usage: hostile_include.py OMPX ROOT   (ROOT holds proj/ and outside/secret.h;
prints what FileCheck checks)
"""
import os
import sys
import tempfile

sys.path.insert(0, os.path.dirname(__file__))
from lspq import Client, give_up_after  # noqa: E402
from fortran_documents import diags, show  # noqa: E402

DOCS = [
    # label, file name, text
    ("absolute", "abs.F90",
     'program p\n#include "{outside}/secret.h"\n  print *, 1\nend program\n'),
    ("dotdot", "dots.f90",
     "program p\n  implicit none\n  include '../outside/secret.h'\n"
     "  print *, 1\nend program\n"),
    # An include inside the project that itself includes the secret.
    ("nested", "nested.F90",
     'program p\n#include "inc/ok.h"\n  print *, 1\nend program\n'),
    ("link", "link.F90",
     'program p\n#include "inc/link.h"\n  print *, 1\nend program\n'),
    ("macro", "macro.F90",
     '#define F "inc/fine.h"\nprogram p\n#include F\n  print *, 1\n'
     'end program\n'),
    ("fine", "fine.F90",
     'program p\n#include "inc/fine.h"\n  print *, x\nend program\n'),
    # Spellings flang accepts that the include scan does not read as an
    # include (a kind prefix, a blank in the keyword): flang, confined to
    # the project (support/Confine.h), cannot open the file.
    ("kind", "kind.f90",
     "program p\n  include 1_'../outside/secret.h'\nend program\n"),
    ("blank", "blank.f90",
     "program p\n  in clude '../outside/secret.h'\nend program\n"),
    # A file in the temporary folder, where the check's own output goes:
    # the check may write only its own folder there, not read the rest.
    ("temporary", "tmp.f90",
     "program p\n  include 1_'{tmpsecret}'\nend program\n"),
]


def main():
    give_up_after(240)
    ompx, root = sys.argv[1], os.path.abspath(sys.argv[2])
    proj, outside = os.path.join(root, "proj"), os.path.join(root, "outside")
    secret = open(os.path.join(outside, "secret.h")).read().strip()
    fd, tmpsecret = tempfile.mkstemp(suffix=".h")
    os.write(fd, (secret + "\n").encode())
    os.close(fd)
    c = Client([ompx, "--sync"])
    c.request("initialize", {
        "processId": None, "capabilities": {},
        "workspaceFolders": [{"uri": "file://" + proj, "name": "p"}]})
    c.notify("initialized", {})
    seen = []
    for label, name, text in DOCS:
        path = os.path.join(proj, name)
        text = text.format(outside=outside, tmpsecret=tmpsecret)
        with open(path, "w") as f:
            f.write(text)
        uri = "file://" + path
        c.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "fortran", "version": 1, "text": text}})
        version, ds = diags(c, uri)
        seen += ds
        show(label, (version, [d.replace(root, "ROOT") for d in ds]))
    c.request("shutdown", None)
    c.notify("exit", None)
    os.unlink(tmpsecret)
    print("secret shown:", any(secret in d for d in seen))


if __name__ == "__main__":
    main()
