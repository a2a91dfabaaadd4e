"""Queries a running ompx-lsp about an annotated source and prints the
answers as text for FileCheck (clangd-style annotated tests).

usage: lspq.py OMPX FILE [--async] QUERY...

FILE may contain markers `$[name]`; they are removed before the text is sent
and name the position where they stood. A QUERY is KIND or KIND:SPEC, with
KIND one of hover, definition, references, symbols, inlay, completion,
diagnostics, highlight, prepare (prepareRename), tokens, tokensdelta,
wsymbols. SPEC is `$name` (a marker) or a literal containing one `|`
that marks the cursor, optionally prefixed by `N*` for its N-th occurrence
(1-based): `hover:2*-> %|arg4`.

`rename:SPEC=>NEW` renames what is at SPEC to NEW and prints the edits (or
the error). `tokens` prints each semantic token (`tokens:A-B`: of lines A
to B, 1-based, through semanticTokens/range); `tokensdelta` asks for the
delta against the last `tokens` result (after an `edit`), applies it and
says whether it equals a fresh full result. `wsymbols:QUERY` prints
workspace/symbol.

`edit:OLD=>NEW` (also `N*OLD=>NEW`; `\n` in NEW is a line break) sends an
incremental didChange replacing OLD by NEW; `A=>B&&C=>D` sends both changes,
in order, in one didChange. Later queries (literals only) read the edited
text, `diagnostics` only what was published since.
"""
import json
import os
import re
import signal
import subprocess
import sys
import time


def frame(msg):
    body = json.dumps(msg).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def batch(argv, msgs, timeout=120):
    """Sends all of `msgs` to a server started as `argv` (closing its input)
    and returns its replies by request id."""
    p = subprocess.run(argv, input=b"".join(frame(m) for m in msgs),
                       capture_output=True, timeout=timeout)
    data, replies = p.stdout, {}
    while data:
        head, _, rest = data.partition(b"\r\n\r\n")
        n = int(head.split(b":")[1])
        m = json.loads(rest[:n])
        data = rest[n:]
        if "id" in m:
            replies[m["id"]] = m
    return replies


class Client:
    def __init__(self, argv):
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE)
        self.next_id = 0
        self.notes = []

    def send(self, msg):
        self.p.stdin.write(frame(msg))
        self.p.stdin.flush()

    def read(self):
        length = None
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise SystemExit("server closed the connection")
            line = line.strip()
            if not line:
                break
            k, v = line.split(b":", 1)
            if k.lower() == b"content-length":
                length = int(v)
        return json.loads(self.p.stdout.read(length))

    def request(self, method, params):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method,
                   "params": params})
        while True:
            msg = self.read()
            if msg.get("id") == self.next_id and "method" not in msg:
                if "error" in msg:
                    return {"__error__": msg["error"]}
                return msg.get("result")
            self.notes.append(msg)

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def wait(self, pred):
        """The first message (kept in notes while requests ran, or read now)
        for which `pred` holds; it is taken out of notes."""
        for i, m in enumerate(self.notes):
            if pred(m):
                return self.notes.pop(i)
        while True:
            m = self.read()
            if pred(m):
                return m
            self.notes.append(m)


def give_up_after(seconds):
    """A reply or publication that never comes fails the test (prints "timed
    out", exit 1) rather than hanging it."""
    def give_up(signum, frame):
        print("timed out")
        sys.stdout.flush()
        os._exit(1)
    signal.signal(signal.SIGALRM, give_up)
    signal.alarm(seconds)


def did_open(c, uri, text, version=1):
    """Sends didOpen; the monotonic time it was sent."""
    c.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "mlir", "version": version, "text": text}})
    return time.monotonic()


def did_change(c, uri, version, text):
    """Sends a whole-text didChange; the monotonic time it was sent."""
    c.notify("textDocument/didChange", {
        "textDocument": {"uri": uri, "version": version},
        "contentChanges": [{"text": text}]})
    return time.monotonic()


def open_session(ompx, path, text, sync=True):
    """Starts the server, initializes it and opens `text` as `path`."""
    c = Client([ompx, "--sync"] if sync else [ompx])
    init = c.request("initialize", {"processId": None, "rootUri": None,
                                    "capabilities": {}})
    c.legend = (init or {}).get("capabilities", {}).get(
        "semanticTokensProvider", {}).get("legend")
    c.notify("initialized", {})
    uri = "file://" + os.path.abspath(path)
    c.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "mlir", "version": 1, "text": text}})
    return c, uri


def close_session(c):
    c.request("shutdown", None)
    c.notify("exit", None)
    c.p.wait(timeout=60)


def mlir_files(roots):
    """The .mlir files under each root (a file root is taken as is)."""
    files = []
    for root in roots:
        if os.path.isfile(root):
            files.append(root)
            continue
        for d, _, names in os.walk(root):
            files += [os.path.join(d, n) for n in names if n.endswith(".mlir")]
    return files


def rejected_chunk_test(c, uri, text):
    """After open_session: a function telling whether a 0-based line lies
    in a `// -----` chunk where the server reported a parse error (text
    the parser rejected, such as upstream invalid*.mlir, explains nothing).
    Under --sync the diagnostics precede the first answer."""
    c.request("textDocument/documentSymbol", {"textDocument": {"uri": uri}})
    bad = [d["range"]["start"]["line"] for n in c.notes
           if n.get("method") == "textDocument/publishDiagnostics"
           for d in n["params"]["diagnostics"] if d.get("code") == "parse"]
    splits = [i for i, line in enumerate(text.split("\n"))
              if line.startswith("// -----")]

    def chunk(line):
        return sum(1 for s in splits if s < line)
    bad_chunks = {chunk(b) for b in bad}
    return lambda line: chunk(line) in bad_chunks


def exit_with(failures):
    """Ends a coverage script: each failure on a FAIL line, status 1 if
    there was any."""
    for line in failures:
        print("FAIL " + line)
    sys.exit(1 if failures else 0)


def utf16_len(s):
    return len(s.encode("utf-16-le")) // 2


class Text:
    def __init__(self, raw):
        self.markers = {}
        out = []
        pos = 0
        for m in re.finditer(r"\$\[(\w+)\]", raw):
            out.append(raw[pos:m.start()])
            self.markers[m.group(1)] = sum(len(x) for x in out)
            pos = m.end()
        out.append(raw[pos:])
        self.text = "".join(out)

    def offset(self, spec):
        if spec.startswith("$"):
            return self.markers[spec[1:]]
        n = 1
        m = re.match(r"(\d+)\*(.*)", spec, re.S)
        if m:
            n, spec = int(m.group(1)), m.group(2)
        assert spec.count("|") == 1, "SPEC needs one | for the cursor: " + spec
        before, after = spec.split("|")
        lit = before + after
        at = -1
        for _ in range(n):
            at = self.text.find(lit, at + 1)
            if at < 0:
                raise SystemExit("not found: %r" % spec)
        return at + len(before)

    def position(self, offset):
        line = self.text.count("\n", 0, offset)
        start = self.text.rfind("\n", 0, offset) + 1
        return {"line": line, "character": utf16_len(self.text[start:offset])}

    def offset_of(self, pos):
        lines = self.text.split("\n")
        off = sum(len(l) + 1 for l in lines[:pos["line"]])
        line = lines[pos["line"]] if pos["line"] < len(lines) else ""
        units = 0
        for i, ch in enumerate(line):
            if units >= pos["character"]:
                return off + i
            units += utf16_len(ch)
        return off + len(line)

    def show_range(self, r):
        b = self.offset_of(r["start"])
        e = self.offset_of(r["end"])
        return "%d:%d-%d:%d %s" % (r["start"]["line"] + 1,
                                   r["start"]["character"] + 1,
                                   r["end"]["line"] + 1,
                                   r["end"]["character"] + 1,
                                   self.text[b:e].replace("\n", "\\n"))


def decode_tokens(t, legend, data):
    """The semantic tokens `data` of text `t` as (begin, end, type,
    modifiers, line, column): text offsets, legend names (modifiers in
    legend order), 0-based line and UTF-16 column."""
    starts = [0]
    for i, ch in enumerate(t.text):
        if ch == "\n":
            starts.append(i + 1)
    starts.append(len(t.text) + 1)
    out = []
    line = col = 0
    for i in range(0, len(data), 5):
        dl, dc, length, typ, mods = data[i:i + 5]
        line += dl
        col = col + dc if dl == 0 else dc
        if t.text[starts[line]:starts[line + 1] - 1].isascii():
            b, e = starts[line] + col, starts[line] + col + length  # UTF-16 = chars
        else:
            b = t.offset_of({"line": line, "character": col})
            e = t.offset_of({"line": line, "character": col + length})
        names = [m for k, m in enumerate(legend["tokenModifiers"])
                 if mods & (1 << k)]
        out.append((b, e, legend["tokenTypes"][typ], names, line, col))
    return out


def parse_errors(notes):
    """The parse, verify and crash errors published among `notes`."""
    return [d for n in notes
            if n.get("method") == "textDocument/publishDiagnostics"
            for d in n["params"]["diagnostics"]
            if d.get("severity") == 1 and
            d.get("code") in ("parse", "verify", "crash")]


def print_tokens(t, legend, data):
    """One semantic token a line: position, text, type, modifiers."""
    for b, e, typ, names, line, col in decode_tokens(t, legend, data):
        print("%d:%d %s %s%s" % (line + 1, col + 1, t.text[b:e], typ,
                                 "".join("." + m for m in names)))


def main():
    args = sys.argv[1:]
    # --async: the server analyzes in the background, as in an editor; the
    # queries go out right after didOpen, before any analysis is done.
    sync = "--async" not in args
    args = [a for a in args if a != "--async"]
    ompx, path, queries = args[0], args[1], args[2:]
    t = Text(open(path, encoding="utf-8").read())
    c, uri = open_session(ompx, path, t.text, sync)
    doc = {"uri": uri}
    version = 1
    legend = c.legend
    tokens_state = {}
    for q in queries:
        kind, _, spec = q.partition(":")
        print("=== %s %s" % (kind, spec))
        if kind == "edit":
            changes = []
            for one in spec.split("&&"):
                n = 1
                m = re.match(r"(\d+)\*(.*)", one, re.S)
                if m:
                    n, one = int(m.group(1)), m.group(2)
                old, new = one.split("=>", 1)
                new = new.replace("\\n", "\n")
                at = -1
                for _ in range(n):
                    at = t.text.find(old, at + 1)
                    if at < 0:
                        raise SystemExit("not found: %r" % old)
                changes.append({"range": {"start": t.position(at),
                                          "end": t.position(at + len(old))},
                                "text": new})
                t.text = t.text[:at] + new + t.text[at + len(old):]
            t.markers = {}
            version += 1
            c.notes = []
            c.notify("textDocument/didChange", {
                "textDocument": {"uri": uri, "version": version},
                "contentChanges": changes})
            continue
        if kind == "diagnostics":
            for n in c.notes:
                if n.get("method") == "textDocument/publishDiagnostics":
                    for d in n["params"]["diagnostics"]:
                        print("%s %s" % (t.show_range(d["range"]),
                                         d["message"]))
                        for r in d.get("relatedInformation", []):
                            print("  related %s %s" % (
                                t.show_range(r["location"]["range"]),
                                r["message"]))
            continue
        if kind == "tokens":
            tokens_state["legend"] = legend
            if spec:
                a, b = (int(x) for x in spec.split("-"))
                res = c.request("textDocument/semanticTokens/range", {
                    "textDocument": doc,
                    "range": {"start": {"line": a - 1, "character": 0},
                              "end": {"line": b, "character": 0}}})
            else:
                res = c.request("textDocument/semanticTokens/full",
                                {"textDocument": doc})
                tokens_state["result"] = res
            print_tokens(t, legend, res["data"])
            continue
        if kind == "tokensdelta":
            prev = tokens_state["result"]
            res = c.request("textDocument/semanticTokens/full/delta", {
                "textDocument": doc,
                "previousResultId": prev["resultId"]})
            full = c.request("textDocument/semanticTokens/full",
                             {"textDocument": doc})
            if "edits" not in res:
                print("full result (no delta)")
                data = res["data"]
            else:
                data = list(prev["data"])
                for e in sorted(res["edits"], key=lambda e: -e["start"]):
                    data[e["start"]:e["start"] + e["deleteCount"]] = \
                        e.get("data", [])
                    print("edit start %d delete %d insert %d" % (
                        e["start"], e["deleteCount"], len(e.get("data", []))))
            print("equals full: %s" % (data == full["data"]))
            tokens_state["result"] = full
            continue
        if kind == "wsymbols":
            res = c.request("workspace/symbol", {"query": spec})
            for sym in res or []:
                print("%s [%d] %s | %s" % (
                    sym["name"], sym["kind"], sym.get("containerName", ""),
                    t.show_range(sym["location"]["range"])))
            if not res:
                print("(none)")
            continue
        if kind in ("symbols", "inlay"):
            if kind == "symbols":
                res = c.request("textDocument/documentSymbol",
                                {"textDocument": doc})

                def walk(syms, depth):
                    for s in syms or []:
                        print("%s%s [%d] %s | %s" % (
                            "  " * depth, s["name"], s["kind"],
                            s.get("detail", ""),
                            t.show_range(s["selectionRange"])))
                        walk(s.get("children"), depth + 1)
                walk(res, 0)
            else:
                end = t.position(len(t.text))
                res = c.request("textDocument/inlayHint", {
                    "textDocument": doc,
                    "range": {"start": {"line": 0, "character": 0},
                              "end": end}})
                for h in res or []:
                    label = h["label"]
                    if isinstance(label, list):
                        label = "".join(p["value"] for p in label)
                    # Padding shows as `_` (FileCheck folds spaces).
                    label = ("_" if h.get("paddingLeft") else "") + label + \
                        ("_" if h.get("paddingRight") else "")
                    tip = h.get("tooltip", "")
                    if isinstance(tip, dict):
                        tip = "(%s) %s" % (tip["kind"], tip["value"])
                    print("%d:%d %s | %s" % (h["position"]["line"] + 1,
                                             h["position"]["character"] + 1,
                                             label, tip))
            continue
        new_name = None
        if kind == "rename":
            spec, new_name = spec.split("=>", 1)
        pos = t.position(t.offset(spec))
        params = {"textDocument": doc, "position": pos}
        if kind == "hover":
            res = c.request("textDocument/hover", params)
            if not res:
                print("(no hover)")
            else:
                print("range " + t.show_range(res["range"]))
                print(res["contents"]["value"])
        elif kind in ("definition", "references"):
            if kind == "references":
                params["context"] = {"includeDeclaration": True}
            res = c.request("textDocument/" + kind, params)
            if isinstance(res, dict) and "__error__" not in res:
                res = [res]
            for loc in res or []:
                print(t.show_range(loc["range"]))
            if not res:
                print("(none)")
        elif kind == "highlight":
            res = c.request("textDocument/documentHighlight", params)
            for h in res or []:
                print("%s %s" % (t.show_range(h["range"]),
                                 {2: "read", 3: "write"}.get(h.get("kind"),
                                                             "text")))
            if not res:
                print("(none)")
        elif kind == "prepare":
            res = c.request("textDocument/prepareRename", params)
            if isinstance(res, dict) and "__error__" in res:
                print("error: " + res["__error__"]["message"])
            elif not res:
                print("(null)")
            else:
                print("%s placeholder %s" % (t.show_range(res["range"]),
                                             res["placeholder"]))
        elif kind == "rename":
            params["newName"] = new_name
            res = c.request("textDocument/rename", params)
            if isinstance(res, dict) and "__error__" in res:
                print("error: " + res["__error__"]["message"])
            else:
                edits = (res or {}).get("changes", {}).get(uri, [])
                for e in edits:
                    print("%s -> %s" % (t.show_range(e["range"]),
                                        e["newText"]))
                if not edits:
                    print("(no edits)")
        elif kind == "completion":
            res = c.request("textDocument/completion", params)
            items = res["items"] if isinstance(res, dict) else res or []
            for it in items:
                line = "%s | %s" % (it["label"], it.get("detail", ""))
                edit = it.get("textEdit")
                if edit:
                    line += " | edit %s -> %s" % (t.show_range(edit["range"]),
                                                  edit["newText"])
                print(line)
            if not items:
                print("(none)")
        else:
            raise SystemExit("unknown query " + kind)
    close_session(c)


if __name__ == "__main__":
    main()
