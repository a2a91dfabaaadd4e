"""Hostile LSP byte streams for the protocol-hardening tests.

usage: hostile.py emit CASE     writes the stream of CASE to stdout
       hostile.py summarize     reads the server's output from stdin and
                                prints one line per message, then whether
                                every request id was answered exactly once
"""
import json
import re
import sys

INIT = {"jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"processId": None, "rootUri": None, "capabilities": {}}}


def frame(body):
    if not isinstance(body, bytes):
        body = json.dumps(body).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def request(i, method, params=None):
    msg = {"jsonrpc": "2.0", "id": i, "method": method}
    if params is not None:
        msg["params"] = params
    return msg


def deep(n):
    return b"[" * n + b"]" * n


def case_deep():
    out = [frame(INIT)]
    # A request nested 40,000 deep: answered with its id, not parsed.
    out.append(frame(b'{"jsonrpc":"2.0","id":7,"method":"textDocument/hover",'
                     b'"params":' + deep(40000) + b"}"))
    # The id after the deep part is found too; braces in strings don't count.
    out.append(frame(b'{"jsonrpc":"2.0","method":"x","params":{"s":"[{[{",'
                     b'"v":' + deep(100000) + b'},"id":"late"}'))
    # No id at all (a deep top-level array): answered with a null id.
    out.append(frame(deep(100000)))
    # Deep but within the limit: parsed as usual (an unknown method).
    out.append(frame(b'{"jsonrpc":"2.0","id":8,"method":"no/such","params":'
                     + deep(500) + b"}"))
    out.append(frame(request(9, "shutdown")))
    out.append(frame({"jsonrpc": "2.0", "method": "exit"}))
    return b"".join(out)


def case_resync():
    out = []
    body = json.dumps(INIT).encode()
    # A malformed header line inside a header block: ignored, like clangd.
    out.append(b"X-Content-Length: 5\r\n"
               b"Content-Type: application/vscode-jsonrpc\r\n"
               b"this is no header\r\n"
               b": no name\r\n"
               b"Content-Length: %d\r\n\r\n" % len(body) + body)
    # A body longer than its Content-Length: the rest is junk before the
    # next header, which is still found and answered.
    out.append(b'Content-Length: 10\r\n\r\n{"jsonrpc":"2.0","method":"x"}')
    out.append(frame(request(2, "no/such")))
    # A header block without Content-Length, then a valid message.
    out.append(b"X-Junk: 1\r\n\r\n")
    out.append(frame(request(3, "shutdown")))
    out.append(frame({"jsonrpc": "2.0", "method": "exit"}))
    return b"".join(out)


def case_size():
    # Run with --max-message-size=1 (MiB).
    out = [frame(INIT)]
    big = "x" * (2 << 20)
    # A request over the limit: skipped unread, answered with its id.
    out.append(frame(request(4, "textDocument/hover", {"pad": big})))
    # A notification over the limit: answered with a null id and shown.
    out.append(frame({"jsonrpc": "2.0", "method": "textDocument/didOpen",
                      "params": {"textDocument": {
                          "uri": "test:///big.mlir", "languageId": "mlir",
                          "version": 1, "text": big}}}))
    # Just under the limit: read and dispatched.
    small = "y" * ((1 << 20) - 200)
    out.append(frame(request(5, "no/such", {"pad": small})))
    out.append(frame(request(6, "shutdown")))
    # A huge Content-Length with no body behind it: skipped to the end of
    # input, never allocated.
    out.append(b"Content-Length: 900000000000\r\n\r\n{}")
    return b"".join(out)


def big_mlir(name, pad_lines=1000):
    """An MLIR text of ~100 KB (over the 64 KiB from which the server decodes
    a message's text apart): comment lines full of JSON escapes, then one
    function with a parallel region, so lines count right only if every
    escape was decoded."""
    pad = "".join('// pad %d "quoted" back\\slash \t tab / solidus %s\n'
                  % (i, "x" * 40) for i in range(pad_lines))
    return pad + ("func.func @%s() {\n  omp.parallel {\n    omp.terminator\n"
                  "  }\n  return\n}\n" % name)


def open_params(uri, text, **extra):
    doc = {"uri": uri, "languageId": "mlir", "version": 1, "text": text}
    doc.update(extra)
    return {"textDocument": doc}


def case_large():
    out = [frame(INIT), frame({"jsonrpc": "2.0", "method": "initialized",
                               "params": {}})]
    notify = lambda method, params: {"jsonrpc": "2.0", "method": method,
                                     "params": params}
    symbols = lambda i, uri: request(
        i, "textDocument/documentSymbol", {"textDocument": {"uri": uri}})
    # A large text: taken apart from the JSON, decoded, and opened.
    out.append(frame(notify("textDocument/didOpen",
                            open_params("test:///a.mlir", big_mlir("a")))))
    out.append(frame(symbols(2, "test:///a.mlir")))
    # A large full-text change, likewise.
    out.append(frame(notify("textDocument/didChange", {
        "textDocument": {"uri": "test:///a.mlir", "version": 2},
        "contentChanges": [{"text": big_mlir("changed", 1200)}]})))
    out.append(frame(symbols(3, "test:///a.mlir")))
    # The large string is the uri, not the text: both where they belong.
    long_uri = "test:///" + "u" * 100000 + ".mlir"
    out.append(frame(notify("textDocument/didOpen", open_params(
        long_uri, big_mlir("small", 0)))))
    out.append(frame(symbols(4, long_uri)))
    # A large id, and a large string in a request's params: each where it
    # was sent.
    out.append(frame(request("i" * 70000, "no/such")))
    out.append(frame(request(5, "no/such", {"pad": "p" * 70000})))
    out.append(frame(request(6, "shutdown")))
    out.append(frame({"jsonrpc": "2.0", "method": "exit"}))
    return b"".join(out)


def outline(symbols):
    return " ".join("%s@%d%s" % (s["name"], s["range"]["start"]["line"],
                                 "(%s)" % outline(s["children"])
                                 if s.get("children") else "")
                    for s in symbols)


def summarize():
    data = sys.stdin.buffer.read()
    counts = {}
    pos = 0
    while True:
        m = re.compile(rb"Content-Length: (\d+)\r\n\r\n").search(data, pos)
        if not m:
            break
        start = m.end()
        msg = json.loads(data[start:start + int(m.group(1))])
        pos = start + int(m.group(1))
        if "method" in msg:
            text = msg.get("params", {}).get("message", "")
            print("notify %s %s" % (msg["method"], text))
            continue
        key = json.dumps(msg.get("id"))
        if len(key) > 40:
            key = "%s...(%d characters)" % (key[:8], len(key))
        counts[key] = counts.get(key, 0) + 1
        if "error" in msg:
            print("reply %s error %d %s" % (key, msg["error"]["code"],
                                            msg["error"]["message"]))
        elif isinstance(msg.get("result"), list):
            print("reply %s result %s" % (key, outline(msg["result"])))
        else:
            print("reply %s result" % key)
    twice = [k for k, n in counts.items() if n != 1 and k != "null"]
    print("answered once: %s" % ("yes" if not twice else twice))


if __name__ == "__main__":
    if sys.argv[1] == "emit":
        sys.stdout.buffer.write(globals()["case_" + sys.argv[2]]())
    else:
        summarize()
