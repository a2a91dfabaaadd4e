#!/usr/bin/env python3
"""A bounded fuzz smoke run of the paths the restructure rewrote.

usage: fuzz_smoke.py OMPX [--docs N] [--seed S] [--seconds T]

One ompx-lsp server session (warm spawned worker, lexer-based recovery and
hover, the generic $/cancelRequest) gets N mutated copies of the test corpus
(bytes flipped, spans deleted, duplicated or swapped, brackets and sigils
inserted) as didOpen/didChange, each followed by hovers, completions, inlay
hints and outline at random offsets, some cancelled at once, plus malformed
JSON-RPC frames. Every request must be answered (result or error), every
document must get its diagnostics, and the server must stay alive to answer
`shutdown`. Exits 1 with the seed and the document on the first failure.
Bounded in count and time; sends nothing beyond the server's pipes.
"""
import argparse, json, os, random, subprocess, sys, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CORPUS = os.path.join(ROOT, "test", "corpus", "data")


def frame(msg):
    body = json.dumps(msg).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


class Server:
    def __init__(self, ompx):
        self.p = subprocess.Popen([ompx], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL)
        self.next_id = 0

    def send_raw(self, data):
        self.p.stdin.write(data)
        self.p.stdin.flush()

    def send(self, msg):
        self.send_raw(frame(msg))

    def request(self, method, params):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method,
                   "params": params})
        return self.next_id

    def notify(self, method, params):
        self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def read(self, deadline):
        length = None
        while True:
            if time.time() > deadline:
                raise TimeoutError("no message before the deadline")
            line = self.p.stdout.readline()
            if not line:
                raise EOFError("server closed its output (died?)")
            line = line.strip()
            if not line:
                break
            if line.lower().startswith(b"content-length:"):
                length = int(line.split(b":")[1])
        return json.loads(self.p.stdout.read(length))


def mutate(rng, text):
    b = bytearray(text, "utf-8", "replace")
    for _ in range(rng.randint(1, 6)):
        if not b:
            break
        i = rng.randrange(len(b))
        j = min(len(b), i + rng.randint(1, 200))
        k = rng.randrange(8)
        if k == 0:
            b[i] = rng.randrange(256)
        elif k == 1:
            del b[i:j]
        elif k == 2:
            b[i:i] = b[i:j]
        elif k == 3:
            b[i:i] = rng.choice([b"{", b"}", b"(", b")", b"<", b">", b"[", b"]"]) * rng.randint(1, 50)
        elif k == 4:
            b[i:i] = rng.choice([b"%", b"@", b"^", b"#", b"!", b'"', b"//", b"// -----\n", b"\x00", b"\xff\xfe"])
        elif k == 5:
            m = rng.randrange(len(b))
            b[i:j], b[m:m] = b"", b[i:j]
        elif k == 6:
            b[i:i] = rng.choice([b"omp.target", b"omp.map.info", b"acc.parallel", b"= ", b"-> ", b":2"])
        else:
            b[i:j] = bytes(rng.randrange(32, 127) for _ in range(j - i))
    return b.decode("utf-8", "replace")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("ompx")
    ap.add_argument("--docs", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--seconds", type=int, default=600)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    files = []
    for d, _, names in os.walk(CORPUS):
        files += [os.path.join(d, n) for n in names
                  if n.endswith(".mlir") and os.path.getsize(os.path.join(d, n)) < 200000]
    files.sort()
    stop = time.time() + a.seconds
    s = Server(a.ompx)
    s.request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
    s.read(time.time() + 60)
    s.notify("initialized", {})
    done = requests = cancelled = 0
    for n in range(a.docs):
        if time.time() > stop:
            break
        src = rng.choice(files)
        text = mutate(rng, open(src, encoding="utf-8", errors="replace").read())
        uri = "file:///fuzz/%d.mlir" % n
        s.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "mlir", "version": 1, "text": text}})
        if rng.random() < 0.5:  # an edit racing the first analysis
            text = mutate(rng, text)
            s.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": 2},
                                                "contentChanges": [{"text": text}]})
        if rng.random() < 0.1:  # malformed frames: the session must go on
            s.send_raw(rng.choice([b"Content-Length: 5\r\n\r\n{bad}",
                                   frame({"jsonrpc": "2.0", "id": "x"}),
                                   frame([1, 2, 3])]))
        lines = max(1, text.count("\n"))
        ids = set()
        for _ in range(rng.randint(1, 6)):
            pos = {"line": rng.randrange(lines + 2), "character": rng.randrange(120)}
            method = rng.choice(["textDocument/hover", "textDocument/definition",
                                 "textDocument/references", "textDocument/completion",
                                 "textDocument/inlayHint", "textDocument/documentSymbol"])
            params = {"textDocument": {"uri": uri}, "position": pos,
                      "context": {"includeDeclaration": True},
                      "range": {"start": {"line": 0, "character": 0}, "end": pos}}
            i = s.request(method, params)
            ids.add(i)
            if rng.random() < 0.2:
                s.notify("$/cancelRequest", {"id": i})
                cancelled += 1
        got_diags = False
        deadline = time.time() + 120
        try:
            while ids or not got_diags:
                m = s.read(deadline)
                if m.get("id") in ids:
                    ids.discard(m["id"])
                elif m.get("method") == "textDocument/publishDiagnostics" and \
                        m["params"]["uri"] == uri:
                    got_diags = True
        except (EOFError, TimeoutError) as e:
            bad = "/tmp/fuzz_smoke_failure.mlir"
            open(bad, "w").write(text)
            print("FAIL seed %d doc %d (from %s): %s; document in %s"
                  % (a.seed, n, os.path.relpath(src, ROOT), e, bad))
            return 1
        requests += 1
        s.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
        done += 1
    s.request("shutdown", None)
    try:
        s.read(time.time() + 60)
    except (EOFError, TimeoutError) as e:
        print("FAIL: no answer to shutdown: %s" % e)
        return 1
    s.notify("exit", None)
    s.p.wait(timeout=60)
    print("fuzz smoke: %d mutated documents, %d cancels, server alive, seed %d"
          % (done, cancelled, a.seed))
    return 0


if __name__ == "__main__":
    sys.exit(main())
