#!/usr/bin/env python3
"""Writes the seed corpora of the fuzz targets (scripts/fuzz.sh calls it).

make_seeds.py REPO_ROOT OUT_DIR: OUT_DIR/<target>/ gets
  syntax, analysis  every `// -----` chunk (and every whole file) up to 8 KiB
                    of the .mlir files under test/, examples/ and the shared
                    corpus (../shared/corpus beside the repository, if there)
  transport         LSP sessions over some of those chunks: initialize,
                    didOpen, hover/definition/references/completion at tokens,
                    documentSymbol, inlayHint, an edit, shutdown, exit
  textsync          random byte strings (the target decodes edits from them)
  slurm             each line of test/slurm/ and test/unit/SlurmTest.cpp that
                    holds srun's, salloc's or slurmstepd's words
  paths             each base path of fuzz/Paths.cpp with hostile suffixes and
                    the loc() paths of those .mlir files
  fortran_directives  each `!$omp`/`!$acc` line of the .f90 files under
                    test/ and the shared corpus with the five lines after
                    it, at the first letter of its second word (the target
                    reads a two-byte position, then the text)
"""
import hashlib
import json
import os
import random
import re
import sys

MAX = 8192


def mlir_files(root):
    dirs = [os.path.join(root, "test"), os.path.join(root, "examples"),
            os.path.join(os.path.dirname(os.path.abspath(root)), "shared",
                         "corpus")]
    for d in dirs:
        for base, _, files in sorted(os.walk(d)):
            for f in sorted(files):
                if f.endswith(".mlir"):
                    yield os.path.join(base, f)


def chunks(root):
    seen = set()
    for path in mlir_files(root):
        with open(path, "rb") as f:
            data = f.read()
        pieces = [data] + data.split(b"// -----")
        for p in pieces:
            if not p.strip() or len(p) > MAX:
                continue
            h = hashlib.sha1(p).hexdigest()
            if h not in seen:
                seen.add(h)
                yield h, p


def frame(msg):
    body = json.dumps(msg, separators=(",", ":")).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def position(text, offset):
    line = text.count("\n", 0, offset)
    col = offset - (text.rfind("\n", 0, offset) + 1)
    return {"line": line, "character": len(
        text[offset - col:offset].encode("utf-16-le")) // 2}


def session(text):
    uri = "file:///seed.mlir"
    msgs = [{"jsonrpc": "2.0", "id": 0, "method": "initialize",
             "params": {"capabilities": {}}},
            {"jsonrpc": "2.0", "method": "initialized", "params": {}},
            {"jsonrpc": "2.0", "method": "textDocument/didOpen",
             "params": {"textDocument": {"uri": uri, "languageId": "mlir",
                                         "version": 1, "text": text}}}]
    doc = {"textDocument": {"uri": uri}}
    offsets = [m.start() + 1 for m in re.finditer(r"[%@^]\w|omp\.\w", text)]
    offsets = offsets[:: max(1, len(offsets) // 4)][:4]
    rid = 1
    for o in offsets:
        for method in ["hover", "definition", "references", "completion"]:
            params = dict(doc, position=position(text, o))
            if method == "references":
                params["context"] = {"includeDeclaration": True}
            msgs.append({"jsonrpc": "2.0", "id": rid,
                         "method": "textDocument/" + method, "params": params})
            rid += 1
    end = position(text, len(text))
    msgs.append({"jsonrpc": "2.0", "id": rid,
                 "method": "textDocument/documentSymbol", "params": doc})
    msgs.append({"jsonrpc": "2.0", "id": rid + 1,
                 "method": "textDocument/inlayHint",
                 "params": dict(doc, range={"start": {"line": 0,
                                                      "character": 0},
                                            "end": end})})
    if offsets:
        p = position(text, offsets[0])
        msgs.append({"jsonrpc": "2.0", "method": "textDocument/didChange",
                     "params": {"textDocument": {"uri": uri, "version": 2},
                                "contentChanges": [{"range": {"start": p,
                                                              "end": p},
                                                    "text": "x"}]}})
        msgs.append({"jsonrpc": "2.0", "id": rid + 2,
                     "method": "textDocument/hover",
                     "params": dict(doc, position=p)})
    # The pipeline and profile commands that answer without a child: a run
    # and a snapshot that do not exist, a snapshot document (its URI is
    # parsed, never read as a path), the profile's lenses and hot spots.
    snap = "ompx-pipeline:/1/000-input-parse.mlir"
    for i, (command, args) in enumerate([
            ("ompx.pipelineSnapshot", {"run": "1", "snapshot": "000"}),
            ("ompx.pipelineFollow", {"run": "1", "uri": snap,
                                     "position": {"line": 0, "character": 0}}),
            ("ompx.pipelineFollow", {"run": "1", "uri": uri,
                                     "position": {"line": 0, "character": 0}}),
            ("ompx.profileHotSpots", {"uri": uri})]):
        msgs.append({"jsonrpc": "2.0", "id": rid + 10 + i,
                     "method": "workspace/executeCommand",
                     "params": {"command": command, "arguments": [args]}})
    msgs.append({"jsonrpc": "2.0", "id": rid + 20, "method": "textDocument/codeLens",
                 "params": doc})
    msgs.append({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                 "params": {"textDocument": {"uri": snap, "languageId": "mlir",
                                             "version": 1, "text": text}}})
    msgs.append({"jsonrpc": "2.0", "id": rid + 21, "method": "textDocument/hover",
                 "params": {"textDocument": {"uri": snap},
                            "position": {"line": 0, "character": 1}}})
    msgs.append({"jsonrpc": "2.0", "id": rid + 3, "method": "shutdown"})
    msgs.append({"jsonrpc": "2.0", "method": "exit"})
    return b"".join(frame(m) for m in msgs)


def main():
    root, out = sys.argv[1], sys.argv[2]
    dirs = {t: os.path.join(out, t)
            for t in ["syntax", "analysis", "transport", "textsync", "slurm",
                      "paths", "fortran_directives"]}
    for d in dirs.values():
        os.makedirs(d, exist_ok=True)
    n = 0
    for h, data in chunks(root):
        for t in ["syntax", "analysis"]:
            with open(os.path.join(dirs[t], h), "wb") as f:
                f.write(data)
        if n % 4 == 0:
            try:
                s = session(data.decode("utf-8"))
                with open(os.path.join(dirs["transport"], h), "wb") as f:
                    f.write(s)
            except UnicodeDecodeError:
                pass
        n += 1
    # paths: a base (the target's list) and a way to combine it with the
    # rest, which holds the path-like strings of the tests' loc()s.
    rests = [b"", b"/../x.f90", b"\n", b"\0", b"%00", b"/./a.f90", b"//",
             b"\x1b[31m", b"~/.ssh/id_rsa", b"../" * 12 + b"etc/hostname"]
    for path in mlir_files(root):
        with open(path, "rb") as f:
            rests += re.findall(rb'loc\("([^"]{1,200})"', f.read())[:2]
    for i, rest in enumerate(sorted(set(rests))[:400]):
        for base in range(14):
            with open(os.path.join(dirs["paths"], "p%03d-%02d" % (i, base)),
                      "wb") as f:
                f.write(bytes([base, i % 4]) + rest)
    rng = random.Random(12)
    for i in range(32):
        with open(os.path.join(dirs["textsync"], "random-%02d" % i), "wb") as f:
            f.write(bytes(rng.randrange(256) for _ in range(16 + 8 * i)))
    words = re.compile(r"(srun|salloc|slurmstepd): .*")
    lines = set()
    for d in ["test/slurm", "test/unit"]:
        for name in sorted(os.listdir(os.path.join(root, d))):
            if name.endswith(".test") or name == "SlurmTest.cpp":
                with open(os.path.join(root, d, name), encoding="utf-8") as f:
                    for line in f:
                        m = words.search(line)
                        if m:
                            lines.add(m.group(0).rstrip('"\\n);,'))
    for line in sorted(lines):
        h = hashlib.sha1(line.encode()).hexdigest()[:16]
        with open(os.path.join(dirs["slurm"], h), "w", encoding="utf-8") as f:
            f.write(line + "\n")
    directives = fortran_directive_seeds(root, dirs["fortran_directives"])
    print("seeds: %d chunks, %d Slurm lines, %d directive lines"
          % (n, len(lines), directives))


def fortran_directive_seeds(root, out):
    dirs = [os.path.join(root, "test"),
            os.path.join(os.path.dirname(os.path.abspath(root)), "shared",
                         "corpus")]
    sentinel = re.compile(rb"^\s*!\$(omp|acc)\s+\S+\s*(\w)", re.I)
    seen = set()
    for d in dirs:
        for base, _, files in sorted(os.walk(d)):
            for name in sorted(files):
                if not name.lower().endswith((".f90", ".f")):
                    continue
                with open(os.path.join(base, name), "rb") as f:
                    lines = f.read().split(b"\n")
                for i, line in enumerate(lines):
                    m = sentinel.match(line)
                    if not m:
                        continue
                    text = b"\n".join(lines[i:i + 6])[:2048]
                    h = hashlib.sha1(text).hexdigest()[:16]
                    if h in seen:
                        continue
                    seen.add(h)
                    at = m.start(2)
                    with open(os.path.join(out, h), "wb") as f:
                        f.write(bytes([at & 255, at >> 8]) + text)
    return len(seen)


if __name__ == "__main__":
    main()
