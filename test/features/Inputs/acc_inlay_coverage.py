"""Every OpenACC data clause value gets an inlay hint.

usage: acc_inlay_coverage.py OMPX ROOT

For every .mlir file under ROOT that uses the acc dialect and parses (no
parse/verify errors; lowering diagnostics do not count), finds in the text each result of a data entry op
(`%v = acc.X var(...)`/`varPtr(...)`, with its `name` or else its
variable operand) and each use of it in
the clause list of an acc op that is not itself a data clause op (no
`var(`/`varPtr(`/`accVar(`), asks the real server for the file's inlay
hints and checks that each such use has a hint right after it whose label
starts with the variable's name. Prints the counts and every miss.
"""
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "lsp",
                                "Inputs"))
import lspq  # noqa: E402

ENTRY = re.compile(r'^\s*(%[\w$.]+) = acc\.\w+ (?:var|varPtr)\((%[\w$.#]+).*?'
                   r'(?:\bname = "((?:[^"\\]|\\.)*)")?[^"]*$')
ACC_OP = re.compile(r'^\s*(?:%[\w$.:#]+ = )?acc\.[\w.]+\b')
DATA_OP = re.compile(r'\b(?:var|varPtr|accVar|accPtr)\(')
DEF = re.compile(r'^\s*(%[\w$.]+)(?::\d+)? = ')
VALUE = re.compile(r'%[\w$.]+')


def expected_uses(text):
    """(offset after the use, variable) of each data clause value use."""
    out = []
    entries = {}
    pos = 0
    for line in text.split("\n"):
        if re.match(r'\s*(func\.func|llvm\.func)\b', line):
            entries = {}  # SSA names are per function
        m = ENTRY.match(line)
        d = DEF.match(line)
        if d and not m:
            entries.pop(d.group(1), None)  # the name now means another value
        if m:
            # Its `name`, else the variable operand (`%a`).
            # Hints show names as written: a literal without its kind
            # (flang's `n/2_4` is `n/2`).
            entries[m.group(1)] = re.sub(r'(?<![\w])(\d+)_\d+', r'\1',
                                         m.group(3) or m.group(2))
        elif ACC_OP.match(line) and not DATA_OP.search(line):
            # The clause list: up to the region or the attribute dictionary.
            head = re.split(r'\s\{|\battributes\b', line, maxsplit=1)[0]
            for u in VALUE.finditer(head):
                if u.group(0) in entries and not head[u.end():].startswith(
                        ("#", " =")):
                    out.append((pos + u.end(), entries[u.group(0)]))
        pos += len(line) + 1
    return out


def main():
    ompx, root = sys.argv[1], sys.argv[2]
    files = sorted(lspq.mlir_files([root]))
    acc_files = parsed = with_values = values = hinted = 0
    failures = []
    for f in files:
        text = open(f, encoding="utf-8", errors="replace").read()
        if "acc." not in text:
            continue
        uses = expected_uses(text)
        if not uses:
            continue
        acc_files += 1
        t = lspq.Text(text)
        c, uri = lspq.open_session(ompx, f, t.text)
        hints = c.request("textDocument/inlayHint", {
            "textDocument": {"uri": uri},
            "range": {"start": {"line": 0, "character": 0},
                      "end": t.position(len(t.text))}}) or []
        errors = [d for n in c.notes
                  if n.get("method") == "textDocument/publishDiagnostics"
                  for d in n["params"]["diagnostics"]
                  if d.get("severity") == 1 and
                  d.get("code") in ("parse", "verify", "crash")]
        lspq.close_session(c)
        if errors:
            continue
        parsed += 1
        with_values += 1
        at = {}
        for h in hints:
            p = h["position"]
            at.setdefault((p["line"], p["character"]), []).append(h["label"])
        for offset, var in uses:
            values += 1
            p = t.position(offset)
            labels = at.get((p["line"], p["character"]), [])
            if any(l.startswith(var + " ") for l in labels):
                hinted += 1
            else:
                failures.append("%s:%d:%d: no hint for %s (got %r)" % (
                    os.path.relpath(f, root), p["line"] + 1,
                    p["character"] + 1, var or "?", labels))
    print("acc files with data clause values: %d, parsed: %d, values: %d, "
          "hinted: %d, failures: %d" % (acc_files, parsed, values, hinted,
                                        len(failures)))
    lspq.exit_with(failures)


if __name__ == "__main__":
    main()
