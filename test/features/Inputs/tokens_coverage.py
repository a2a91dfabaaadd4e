"""Semantic tokens of every corpus file, checked against the text.

usage: tokens_coverage.py OMPX ROOT...

For every .mlir file under each ROOT, asks the real server for
textDocument/semanticTokens/full and checks:
 - every token lies within its line, in order, without overlapping;
and, in files whose chunks all parse (no parse/verify error):
 - every `%name` outside strings and comments starts a variable or
   parameter token, every `^label` a label token, every `!dialect.type` a
   type token;
 - every `%x -> %argN` clause entry of an omp op binds a block argument
   whose token there is a parameter marked clauseBound (a declaration);
 - every op name `omp.X`/`acc.X` at the start of a statement starts a
   namespace token followed by a function token.
Prints the counts and every miss.
"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "lsp",
                                "Inputs"))
import lspq  # noqa: E402

# Strings and comments, whose insides are not names.
SKIP = re.compile(r'"(?:[^"\\\n]|\\.)*"|//[^\n]*')
VALUE = re.compile(r'%[\w$.\-]+')
LABEL = re.compile(r'\^[\w$.\-]+')
BANG_TYPE = re.compile(r'![a-z_]+\.[\w$.]+')
BINDING = re.compile(r'%[\w$.\-]+(?:#\d+)? -> (%[\w$.\-]+)')
OP_NAME = re.compile(r'^\s*(?:%[\w$.\-]+(?::\d+)?(?:, %[\w$.\-]+)* = )?'
                     r'((?:omp|acc)\.[\w.]+)')


def main():
    ompx, roots = sys.argv[1], sys.argv[2:]
    files = sorted(lspq.mlir_files(roots))
    checked = parsed = names = bound = ops = 0
    failures = []
    for f in files:
        text = open(f, encoding="utf-8", errors="replace").read()
        t = lspq.Text("")
        t.text = text
        c, uri = lspq.open_session(ompx, f, text)
        res = c.request("textDocument/semanticTokens/full",
                        {"textDocument": {"uri": uri}})
        errors = lspq.parse_errors(c.notes)
        legend = c.legend
        lspq.close_session(c)
        rel = os.path.relpath(f)
        if not isinstance(res, dict) or "data" not in res:
            failures.append("%s: no tokens (%r)" % (rel, res))
            continue
        checked += 1
        tokens = [(b, e, typ, set(mods), line) for b, e, typ, mods, line, _
                  in lspq.decode_tokens(t, legend, res["data"])]
        prev_end = 0
        for b, e, typ, mods, line in tokens:
            if b < prev_end or e <= b or "\n" in text[b:e]:
                failures.append("%s:%d: bad token %r %s" % (
                    rel, line + 1, text[b:e], typ))
                break
            prev_end = e
        if errors:
            continue
        parsed += 1
        at = {b: (e, typ, mods) for b, e, typ, mods, _ in tokens}
        covered = sorted((b, e) for b, e, _, _, _ in tokens)

        def inside(pos):
            import bisect
            i = bisect.bisect_right(covered, (pos, float("inf"))) - 1
            return i >= 0 and covered[i][0] <= pos < covered[i][1]

        def where(pos):
            return "%s:%d" % (rel, text.count("\n", 0, pos) + 1)
        blank = SKIP.sub(lambda m: " " * len(m.group(0)), text)
        for pattern, want in ((VALUE, ("variable", "parameter")),
                              (LABEL, ("label",)), (BANG_TYPE, ("type",))):
            for m in pattern.finditer(blank):
                if pattern is BANG_TYPE and inside(m.start()):
                    continue  # a type inside a type's or attribute's body
                if pattern is not BANG_TYPE and inside(m.start()) and \
                        m.start() not in at:
                    continue  # e.g. `%` inside an attribute body
                names += 1
                tok = at.get(m.start())
                if not tok or tok[1] not in want:
                    failures.append("%s: %s is %s, not %s" % (
                        where(m.start()), m.group(0),
                        tok[1] if tok else "no token", "/".join(want)))
        pos = 0
        for line in blank.split("\n"):
            m = OP_NAME.match(line)
            if m:
                ops += 1
                b = pos + m.start(1)
                dot = m.group(1).index(".")
                ns, fn = at.get(b), at.get(b + dot + 1)
                if not ns or ns[1] != "namespace" or not fn or \
                        fn[1] != "function":
                    failures.append("%s: op %s has no namespace+function "
                                    "tokens" % (where(b), m.group(1)))
                if m.group(1).startswith("omp."):
                    head = re.split(r'\s\{\s*$', line)[0]
                    for bm in BINDING.finditer(head):
                        bound += 1
                        tok = at.get(pos + bm.start(1))
                        if not tok or tok[1] != "parameter" or \
                                not {"clauseBound", "declaration"} <= tok[2]:
                            failures.append("%s: %s is %r, not a bound "
                                            "parameter" % (
                                                where(pos + bm.start(1)),
                                                bm.group(1), tok))
            pos += len(line) + 1
    print("files: %d, parsed: %d, names: %d, ops: %d, bindings: %d, "
          "failures: %d" % (checked, parsed, names, ops, bound,
                            len(failures)))
    lspq.exit_with(failures[:50])


if __name__ == "__main__":
    main()
