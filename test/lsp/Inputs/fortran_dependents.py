"""A module file saved in the editor: the open files using its module are
checked again, so their hovers and findings follow the new module (they
kept the old one until they were saved themselves).

usage: fortran_dependents.py OMPX ROOT   (prints what FileCheck checks)
"""
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from lspq import Client, give_up_after  # noqa: E402
from fortran_documents import diags  # noqa: E402

MODULE = "module sizes\n  implicit none\n  real :: field({n})\nend module\n"
USER = ("program user\n  use sizes\n  implicit none\n  integer :: i\n"
        "  !$omp target teams distribute parallel do map(tofrom: field)\n"
        "  do i = 1, size(field)\n    field(i) = 1.0\n  end do\n"
        "  print *, field(1)\nend program\n")


def var_type(c, uri):
    line = USER.split("\n")[4]
    h = c.request("textDocument/hover", {
        "textDocument": {"uri": uri},
        "position": {"line": 4, "character": line.index("field)") + 1}})
    value = h["contents"]["value"] if h else ""
    at = value.find("var type `")
    return value[at:value.find("`", at + 10) + 1] if at >= 0 else "none"


def main():
    give_up_after(200)
    ompx, root = sys.argv[1], os.path.abspath(sys.argv[2])
    c = Client([ompx, "--sync"])
    c.request("initialize", {
        "processId": None, "capabilities": {},
        "workspaceFolders": [{"uri": "file://" + root, "name": "p"}]})
    c.notify("initialized", {})
    mpath, upath = os.path.join(root, "sizes.f90"), os.path.join(root,
                                                                  "user.f90")
    muri, uuri = "file://" + mpath, "file://" + upath
    with open(mpath, "w") as f:
        f.write(MODULE.format(n=100))
    with open(upath, "w") as f:
        f.write(USER)
    for uri, text in ((muri, MODULE.format(n=100)), (uuri, USER)):
        c.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "fortran", "version": 1, "text": text}})
        diags(c, uri)
    print("before:", var_type(c, uuri))
    text = MODULE.format(n=200)
    with open(mpath, "w") as f:
        f.write(text)
    c.notify("textDocument/didChange", {
        "textDocument": {"uri": muri, "version": 2},
        "contentChanges": [{"text": text}]})
    c.notify("textDocument/didSave", {"textDocument": {"uri": muri}})
    # --sync: the save's checks (the module's, then its users') are done
    # before the next request is read.
    print("after the module's save:", var_type(c, uuri))
    c.request("shutdown", None)
    c.notify("exit", None)


if __name__ == "__main__":
    main()
