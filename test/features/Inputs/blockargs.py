"""Hovers every clause-bound entry block argument of every file given.

usage: blockargs.py OMPX ROOT...

For each `%outer -> %argN` of a clause list (map_entries, host_eval, private,
reduction, use_device_*, ...) in the .mlir files under the ROOTs, hovers
`%argN` at its definition and at its first use through the real server and
checks that the hover names the clause keyword and the outer value. Files
the parser rejects (ompx-lsp --check exits 1 on a parse error) are counted
but not required to pass: the parser never reached their ops.
"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "lsp",
                                "Inputs"))
import lspq  # noqa: E402

BINDING = re.compile(r"(%[\w$.#-]+) -> (%[\w$.-]+)")


def clause_of(text, at):
    """The keyword of the innermost `kw(` open at `at` on its line."""
    start = text.rfind("\n", 0, at) + 1
    stack = []
    for m in re.finditer(r"(\w+)?\s*\(|\)", text[start:at]):
        if m.group(0) == ")":
            if stack:
                stack.pop()
        else:
            stack.append(m.group(1) or "")
    return stack[-1] if stack else ""


def main():
    ompx, roots = sys.argv[1], sys.argv[2:]
    files = []
    for root in roots:
        for d, _, names in os.walk(root):
            files += [os.path.join(d, n) for n in names if n.endswith(".mlir")]
    checked = failures = skipped = 0
    bad = []
    for f in sorted(files):
        text = open(f, encoding="utf-8", errors="replace").read()
        sites = [m for m in BINDING.finditer(text)
                 if clause_of(text, m.start())]
        if not sites:
            continue
        t = lspq.Text(text)
        c, uri = lspq.open_session(ompx, f, t.text)
        # --sync: the diagnostics arrive before the first answer.
        c.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}})
        strict = not any(d.get("code") == "parse"
                         for n in c.notes
                         if n.get("method") == "textDocument/publishDiagnostics"
                         for d in n["params"]["diagnostics"])
        for m in sites:
            outer, arg = m.group(1), m.group(2)
            kw = clause_of(text, m.start())
            res = c.request("textDocument/hover", {
                "textDocument": {"uri": uri},
                "position": t.position(m.start(2) + 1)})
            value = (res or {}).get("contents", {}).get("value", "")
            first = value.split("\n", 1)[0]
            want_outer = "Bound to `%s`" % outer.split("#")[0]
            ok = (first.startswith("**%s** — `%s` entry #" % (arg, kw)) and
                  want_outer in value)
            checked += 1
            if not ok:
                if strict:
                    failures += 1
                    if len(bad) < 20:
                        line = t.position(m.start(2))["line"] + 1
                        bad.append("%s:%d %s -> %s in %s(: %r" % (
                            f, line, outer, arg, kw, first[:160]))
                else:
                    skipped += 1
        lspq.close_session(c)
    print("block arguments hovered: %d, wrong: %d, in unparsable files: %d"
          % (checked, failures, skipped))
    for b in bad:
        print("FAIL " + b)
    sys.exit(1 if failures or checked == 0 else 0)


if __name__ == "__main__":
    main()
