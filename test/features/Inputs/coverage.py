"""Hovers every registered op of the omp and acc dialects.

usage: coverage.py OMPX ROOT...

Lists the ops with `OMPX --list-ops=omp,acc`, finds an instance of each in
the .mlir files under the ROOTs, hovers its name through the real server and
checks that the hover names the op and explains it. Fails listing every op
that has no instance (so no hover test) or whose hover is missing or wrong.
"""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "lsp",
                                "Inputs"))
import lspq  # noqa: E402


def main():
    ompx, roots = sys.argv[1], sys.argv[2:]
    ops = subprocess.run([ompx, "--list-ops=omp,acc"], check=True,
                         capture_output=True, text=True).stdout.split()
    files = lspq.mlir_files(roots)
    files.sort(key=lambda f: (os.path.getsize(f), f))
    texts = {f: open(f, encoding="utf-8", errors="replace").read()
             for f in files}
    where = {}
    for op in ops:
        # An op, not an attribute name (`acc.declare = ...`).
        pat = re.compile(r'(?:^|[\s="])(%s)(?=[\s"(]|$)(?!\s*=)' %
                         re.escape(op), re.M)
        for f in files:
            m = pat.search(texts[f])
            # Skip mentions in comments.
            while m:
                line_start = texts[f].rfind("\n", 0, m.start(1)) + 1
                if "//" not in texts[f][line_start:m.start(1)]:
                    break
                m = pat.search(texts[f], m.end(1))
            if m:
                where.setdefault(f, []).append((op, m.start(1)))
                break
    failures = []
    found = {op for f in where for op, _ in where[f]}
    for op in ops:
        if op not in found:
            failures.append("%s: no instance in any test input" % op)
    for f, items in sorted(where.items()):
        t = lspq.Text(texts[f])
        c, uri = lspq.open_session(ompx, f, t.text)
        for op, offset in items:
            res = c.request("textDocument/hover", {
                "textDocument": {"uri": uri},
                "position": t.position(offset + 1)})
            value = (res or {}).get("contents", {}).get("value", "")
            first = value.split("\n", 1)[0]
            if not first.startswith("**%s**" % op):
                failures.append("%s: hover in %s does not name it: %r" %
                                (op, f, first[:120]))
            elif len(value.strip().split("\n")) < 2:
                failures.append("%s: hover in %s explains nothing: %r" %
                                (op, f, value[:120]))
        lspq.close_session(c)
    print("ops: %d, hovered: %d, failures: %d" % (len(ops), len(found),
                                                  len(failures)))
    lspq.exit_with(failures)


if __name__ == "__main__":
    main()
