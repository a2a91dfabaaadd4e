"""Runs ompx.compileAndLaunch through a standard (Content-Length) stdio
session, as editors do, and prints the stages, the program output and the
result. The server's reader thread is blocked reading stdin meanwhile.
usage: launch_session.py OMPX FILE DEVICE [bundle=DIR] [DRIVER...] (drivers as given:
relative ones are the server's to resolve against FILE's folder)."""
import json
import os
import sys
import threading

sys.path.insert(0, os.path.dirname(__file__))
import lspq  # noqa: E402

ompx, path, device = sys.argv[1], sys.argv[2], sys.argv[3]
arg = {"device": device}
rest = sys.argv[4:]
# bundle=DIR: ompx.compileAndLaunch's `bundle` (relative: to FILE's folder).
for a in [a for a in rest if a.startswith("bundle=")]:
    arg["bundle"] = a[len("bundle="):]
    rest.remove(a)
if rest:
    arg["drivers"] = rest
c, uri = lspq.open_session(ompx, path, open(path).read(), sync=False)
c.next_id += 1
rid = c.next_id
c.send({"jsonrpc": "2.0", "id": rid, "method": "workspace/executeCommand",
        "params": {"command": "ompx.compileAndLaunch",
                   "arguments": [dict(arg, uri=uri)],
                   "workDoneToken": "t"}})
done = threading.Event()


def watchdog():
    # Sanitizer builds (scripts/test-sanitizers.sh) scale the limit up.
    if not done.wait(240 * float(os.environ.get("OMPX_TEST_TIMEOUT_SCALE", "1"))):
        print("TIMEOUT: no answer to compileAndLaunch")
        sys.stdout.flush()
        os._exit(1)


threading.Thread(target=watchdog, daemon=True).start()
while True:
    m = c.read()
    if m.get("method") == "$/progress":
        v = m["params"]["value"]
        print("progress %s %s" % (v["kind"], v.get("message", "")))
    elif m.get("method") == "ompx/launchOutput" and \
            m["params"]["stream"] == "stdout":
        sys.stdout.write(m["params"]["text"])
    elif m.get("id") == rid:
        print("result " + json.dumps(m.get("result"), sort_keys=True))
        break
done.set()
lspq.close_session(c)
