"""Renames in corpus files keep them valid.

usage: rename_roundtrip.py OMPX ROOT...

For every .mlir file under each ROOT that parses and verifies, takes from
its semantic tokens the first definitions of up to two op results, two
block arguments (clause-bound ones first), one block label and one symbol,
renames each through the real server (to a name that is not in the file),
applies the edits, sends the new text and checks that it still parses and
verifies and that the new name occurs exactly as often as the old one did
at the renamed places. Prints the counts and every miss.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "lsp",
                                "Inputs"))
import lspq  # noqa: E402


def picks(text, tokens):
    """(offset, sigil) of the names to rename."""
    results, args, bound, labels, symbols = [], [], [], [], []
    for b, e, typ, mods, _ in tokens:
        if "declaration" not in mods:
            continue
        if typ == "variable" and text[b] == "%":
            results.append((b, "%"))
        elif typ == "parameter" and "clauseBound" in mods:
            bound.append((b, "%"))
        elif typ == "parameter":
            args.append((b, "%"))
        elif typ == "label":
            labels.append((b, "^"))
        elif typ in ("function", "variable") and text[b] == "@":
            symbols.append((b, "@"))
    return results[:2] + (bound + args)[:2] + labels[:1] + symbols[:1]


def main():
    ompx, roots = sys.argv[1], sys.argv[2:]
    files = sorted(lspq.mlir_files(roots))
    checked = renames = 0
    failures = []
    for f in files:
        text = open(f, encoding="utf-8", errors="replace").read()
        if "// -----" in text:
            continue  # one module per file keeps the check simple
        t = lspq.Text("")
        t.text = text
        c, uri = lspq.open_session(ompx, f, text)
        res = c.request("textDocument/semanticTokens/full",
                        {"textDocument": {"uri": uri}})
        if lspq.parse_errors(c.notes) or not res:
            lspq.close_session(c)
            continue
        checked += 1
        original = text
        version = 1
        n = 0
        while True:
            # The picks again on the renamed text: renames keep every
            # token's type, so the n-th pick is the same kind of name.
            tokens = [(b, e, typ, set(mods), line) for b, e, typ, mods, line, _
                      in lspq.decode_tokens(t, c.legend, res["data"])]
            todo = picks(text, tokens)
            if n >= len(todo):
                break
            offset, sigil = todo[n]
            new = "zz_renamed_%d" % n
            assert new not in original
            pos = t.position(offset)
            where = "%s:%d:%d" % (os.path.relpath(f), pos["line"] + 1,
                                  pos["character"] + 1)
            n += 1
            r = c.request("textDocument/rename", {
                "textDocument": {"uri": uri}, "position": pos,
                "newName": new})
            if not isinstance(r, dict) or "__error__" in r:
                failures.append("%s: rename refused: %r" % (where, r))
                continue
            edits = r.get("changes", {}).get(uri, [])
            if not edits:
                failures.append("%s: no edits" % where)
                continue
            renames += 1
            spans = sorted(((t.offset_of(e["range"]["start"]),
                             t.offset_of(e["range"]["end"]), e["newText"])
                            for e in edits), reverse=True)
            old = text[spans[0][0]:spans[0][1]]
            if any(text[b:e] != old for b, e, _ in spans):
                failures.append("%s: edits replace different names" % where)
            for b, e, new_text in spans:
                text = text[:b] + new_text + text[e:]
            t.text = text
            version += 1
            c.notes = []
            c.notify("textDocument/didChange", {
                "textDocument": {"uri": uri, "version": version},
                "contentChanges": [{"text": text}]})
            res = c.request("textDocument/semanticTokens/full",
                            {"textDocument": {"uri": uri}})
            errs = lspq.parse_errors(c.notes)
            if errs:
                failures.append("%s: renaming %s to %s%s broke the file: %s" %
                                (where, old, sigil, new, errs[0]["message"]))
                break
        lspq.close_session(c)
    print("files: %d, renames: %d, failures: %d" % (checked, renames,
                                                     len(failures)))
    lspq.exit_with(failures[:50])


if __name__ == "__main__":
    main()
