"""Hovers every induction variable of every omp.loop_nest and acc.loop.

usage: ivs.py OMPX ROOT...

For each `omp.loop_nest (%i, %j) : ...` and `acc.loop ... control(%i : t,
...)` in the .mlir files under the ROOTs, hovers each IV at its definition
through the real server and checks that the hover's first line says which
loop it is the IV of, from where to where, inclusive or not, with which
step. Text in a chunk the parser rejected is counted, not checked.
"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "lsp",
                                "Inputs"))
import lspq  # noqa: E402

OMP = re.compile(r"omp\.loop_nest\s*\(([^)]*)\)")
ACC = re.compile(r"acc\.loop\b[^\n]*?\bcontrol\(([^)]*)\)")
IV = re.compile(r"%[\w$.-]+")
FIRST = re.compile(r"\*\*%[\w$.-]+\*\* — IV of loop (\d+)(?: \(of (\d+)\))? "
                   r"of `(omp\.loop_nest|acc\.loop)` \(line \d+\): from \S+ "
                   r"to \S+ (?:inclusive|exclusive), step \S+$")


def main():
    ompx, roots = sys.argv[1], sys.argv[2:]
    files = lspq.mlir_files(roots)
    checked = skipped = 0
    failures = []
    for f in sorted(files):
        text = open(f, encoding="utf-8", errors="replace").read()
        sites = []
        for m in list(OMP.finditer(text)) + list(ACC.finditer(text)):
            ivs = [i for i in IV.finditer(m.group(1))]
            for k, iv in enumerate(ivs):
                sites.append((m.start(1) + iv.start(), k, len(ivs)))
        if not sites:
            continue
        t = lspq.Text(text)
        c, uri = lspq.open_session(ompx, f, t.text)
        rejected = lspq.rejected_chunk_test(c, uri, t.text)
        for off, k, n in sorted(sites):
            pos = t.position(off + 1)
            if rejected(pos["line"]):
                skipped += 1
                continue
            checked += 1
            res = c.request("textDocument/hover", {
                "textDocument": {"uri": uri}, "position": pos})
            first = (res or {}).get("contents", {}).get("value", "")
            first = first.split("\n", 1)[0]
            m = FIRST.match(first)
            if not m or int(m.group(1)) != k or \
                    int(m.group(2) or 1) != n:
                failures.append("%s:%d: %r" % (f, pos["line"] + 1, first[:160]))
        lspq.close_session(c)
    print("IVs hovered: %d (%d in unparsable text), wrong: %d" % (
        checked, skipped, len(failures)))
    for line in failures[:50]:
        print("FAIL " + line)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
