"""A Fortran document with a reduction of an array element, opened in the
editor: the refusal (flang-22 reduces the whole array) is an error at the
item's line and column; the same file reducing a scalar has none.

usage: element_reduction_lsp.py OMPX FOLDER   (prints what FileCheck checks)
"""
import os
import sys

sys.path.insert(0, os.path.dirname(__file__))
from lspq import Client, give_up_after  # noqa: E402
from fortran_documents import diags, show  # noqa: E402

ELEMENT = ("program p\n  integer :: a(4), i\n  a = 0\n"
           "  !$omp parallel do reduction(+:a(2))\n"
           "  do i = 1, 4\n    a(2) = a(2) + i\n  end do\n"
           "  print *, a\nend program\n")
SCALAR = ELEMENT.replace("reduction(+:a(2))", "reduction(+:t)").replace(
    "a(2) = a(2) + i", "t = t + i").replace(
    "integer :: a(4), i", "integer :: a(4), i, t")


def main():
    give_up_after(240)
    ompx, root = sys.argv[1], os.path.abspath(sys.argv[2])
    c = Client([ompx, "--sync"])
    c.request("initialize", {
        "processId": None, "capabilities": {},
        "workspaceFolders": [{"uri": "file://" + root, "name": "p"}]})
    c.notify("initialized", {})
    for label, text in (("element", ELEMENT), ("scalar", SCALAR)):
        path = os.path.join(root, label + ".f90")
        with open(path, "w") as f:
            f.write(text)
        uri = "file://" + path
        c.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "fortran", "version": 1, "text": text}})
        show(label, diags(c, uri))
    c.request("shutdown", None)
    c.notify("exit", None)


if __name__ == "__main__":
    main()
