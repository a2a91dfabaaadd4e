"""Hovers every clause keyword of every registered omp and acc op.

usage: keywords.py OMPX CORPUS...

The (op, keyword) pairs come from two places that do not go through ompx's
own tables: the assembly formats in `llvm-tblgen --dump-json` of the
installed OpenMPOps.td/OpenACCOps.td (every identifier literal that starts a
clause, also those of the OpenMP clause records), and every `keyword(` written
after an omp/acc op in the .mlir files under CORPUS (keywords that custom
printers write: `varPtr`, `accVar`, `control`). Each is hovered through the
real server, the ODS pairs on a line `op keyword` of a scratch document, the
corpus pairs where they occur. A hover must name the keyword and explain it:
not missing, not empty, not "Sets `x`.".
"""
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "lsp",
                                "Inputs"))
import lspq  # noqa: E402

LIT = re.compile(r"`([^`]*)`")
KEYWORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def ods_pairs():
    incdir = subprocess.run(["llvm-config", "--includedir"], check=True,
                            capture_output=True, text=True).stdout.strip()
    pairs = set()
    for td, dialect in (("OpenMP/OpenMPOps.td", "omp"),
                        ("OpenACC/OpenACCOps.td", "acc")):
        out = subprocess.run(
            ["llvm-tblgen", "--dump-json", "-I", incdir,
             os.path.join(incdir, "mlir", "Dialect", td)],
            check=True, capture_output=True, text=True).stdout
        records = json.loads(out)
        for name in records["!instanceof"]["Op"]:
            r = records[name]
            if records[r["opDialect"]["def"]]["name"] != dialect:
                continue
            fmt = r.get("assemblyFormat") or ""
            for c in r.get("clauseList") or []:
                cr = records.get(c["def"], {})
                fmt += " " + (cr.get("optAssemblyFormat") or "") + " " + \
                    (cr.get("reqAssemblyFormat") or "")
            lits = LIT.findall(fmt)
            for i, lit in enumerate(lits):
                # `combined` `(` `loop` `)`: `loop` is a value.
                if i and lits[i - 1] == "(" and i + 1 < len(lits) and \
                        lits[i + 1] == ")":
                    continue
                if KEYWORD.fullmatch(lit):
                    pairs.add((dialect + "." + r["opName"], lit))
    return pairs


STMT = re.compile(r"^\s*(?:%[^=]*=\s*)?((?:omp|acc)\.[\w.]+)(.*)$", re.M)
CALL = re.compile(r"(?<![\w.%@#!$])([A-Za-z_]\w*)\(")


def corpus_pairs(roots, ops):
    """(op, keyword) -> (file, offset) of its first occurrence."""
    where = {}
    files = lspq.mlir_files(roots)
    for f in sorted(files):
        text = open(f, encoding="utf-8", errors="replace").read()
        for m in STMT.finditer(text):
            op = m.group(1)
            if op not in ops:
                continue
            rest = m.group(2)
            # Clause keywords come before the attribute dictionary / region.
            rest = re.split(r"\{|attributes|loc\(", rest)[0]
            for c in CALL.finditer(rest):
                where.setdefault((op, c.group(1)), (f, m.start(2) + c.start(1)))
    return where


def check(value, kw):
    first, _, body = value.partition("\n")
    if not first.startswith("**%s**" % kw):
        return "does not name it: %r" % first[:100]
    body = body.strip()
    if not body:
        return "empty body: %r" % first[:100]
    if re.match(r"Sets `[^`]*`\.$", body):
        return "tautological: %r" % body
    return None


def main():
    ompx, roots = sys.argv[1], sys.argv[2:]
    ops = set(subprocess.run([ompx, "--list-ops=omp,acc"], check=True,
                             capture_output=True, text=True).stdout.split())
    failures = []
    ods = sorted(p for p in ods_pairs() if p[0] in ops)
    lines = ["%s %s" % p for p in ods]
    t = lspq.Text("\n".join(lines) + "\n")
    c, uri = lspq.open_session(ompx, "scratch.mlir", t.text)
    offset = 0
    for (op, kw), line in zip(ods, lines):
        res = c.request("textDocument/hover", {
            "textDocument": {"uri": uri},
            "position": t.position(offset + len(op) + 2)})
        offset += len(line) + 1
        err = check((res or {}).get("contents", {}).get("value", ""), kw)
        if err:
            failures.append("%s %s: %s" % (op, kw, err))
    lspq.close_session(c)
    corpus = corpus_pairs(roots, ops)
    by_file = {}
    skipped = 0
    for pair, (f, off) in corpus.items():
        by_file.setdefault(f, []).append((pair, off))
    for f, items in sorted(by_file.items()):
        t = lspq.Text(open(f, encoding="utf-8", errors="replace").read())
        c, uri = lspq.open_session(ompx, f, t.text)
        rejected = lspq.rejected_chunk_test(c, uri, t.text)
        for (op, kw), off in sorted(items):
            if rejected(t.position(off)["line"]):
                skipped += 1
                continue
            res = c.request("textDocument/hover", {
                "textDocument": {"uri": uri}, "position": t.position(off + 1)})
            err = check((res or {}).get("contents", {}).get("value", ""), kw)
            if err:
                failures.append("%s %s (%s): %s" % (op, kw, f, err))
        lspq.close_session(c)
    print("ods pairs: %d, corpus pairs: %d (%d in unparsable text), "
          "failures: %d" % (len(ods), len(corpus), skipped, len(failures)))
    lspq.exit_with(failures)


if __name__ == "__main__":
    main()
