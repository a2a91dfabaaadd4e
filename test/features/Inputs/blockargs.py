"""Hovers every clause-bound entry block argument of every file given.

usage: blockargs.py OMPX ROOT...

For each `%outer -> %argN` of a clause list (map_entries, host_eval, private,
reduction, use_device_*, ...) in the .mlir files under the ROOTs, hovers
`%argN` at its definition through the real server and checks that the hover
names the clause keyword and the outer value exactly as written, result
number included (`Bound to `%3#0``, described as that one result, not the
group), and that the hover of the op owning the
clause lists the entry as `%outer → %argN` (the first 8 entries of a clause,
which is what it lists). Files the parser rejects (a `parse` diagnostic) are
counted but not required to pass: the parser never reached their ops.
"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "lsp",
                                "Inputs"))
import lspq  # noqa: E402

BINDING = re.compile(r"(%[\w$.#-]+) -> (%[\w$.-]+)")
OP_NAME = re.compile(r"\b(?:omp|acc)\.[a-z_.]+")
ENTRY = re.compile(r"` entry #(\d+) of `")


def owner_op(text, at):
    """Where the op name of the clause list around `at` starts (its line)."""
    start = text.rfind("\n", 0, at) + 1
    m = OP_NAME.search(text, start, at)
    return m.start() if m else None


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
    files = lspq.mlir_files(roots)
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
        op_hovers = {}

        def hover(offset):
            res = c.request("textDocument/hover", {
                "textDocument": {"uri": uri},
                "position": t.position(offset)})
            return (res or {}).get("contents", {}).get("value", "")

        for m in sites:
            outer, arg = m.group(1), m.group(2)
            kw = clause_of(text, m.start())
            value = hover(m.start(2) + 1)
            first = value.split("\n", 1)[0]
            want_outer = "Bound to `%s`" % outer
            ok = (first.startswith("**%s** — `%s` entry #" % (arg, kw)) and
                  want_outer in value)
            # `%N#k` is one result, described with its own type, not the
            # group's.
            if "#" in outer and "Result group" in value:
                ok = False
            entry = ENTRY.search(first)
            op_at = owner_op(text, m.start())
            if ok and entry and int(entry.group(1)) < 8 and op_at is not None:
                if op_at not in op_hovers:
                    op_hovers[op_at] = hover(op_at + 1)
                ok = "%s → %s" % (outer, arg) in op_hovers[op_at]
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
