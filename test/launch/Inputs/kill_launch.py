"""Kills a launch while its program runs and reports what is left.

usage: kill_launch.py SIGNAL OMPX FILE         `ompx-lsp launch FILE`
       kill_launch.py SIGNAL OMPX FILE server  ompx.compileAndLaunch through
                                               a server, which is killed
The launch gets a TMPDIR of its own, so its temporary directory and its
program (TMPDIR/ompx-launch-*/program) are told apart from any other's.
Prints the program's state and what is in TMPDIR before the signal, then, once the launch ended,
the processes still running from that TMPDIR and the files left in it
(waiting up to 10 s for them to go)."""
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "lsp",
                                "Inputs"))
import lspq  # noqa: E402

sig = getattr(signal, "SIG" + sys.argv[1])
ompx, path = sys.argv[2], os.path.abspath(sys.argv[3])
server = len(sys.argv) > 4 and sys.argv[4] == "server"
tmp = tempfile.mkdtemp(prefix="ompx-kill-test-")
os.environ["TMPDIR"] = tmp


def running_from_tmp():
    """pids whose command line names a file under `tmp`."""
    pids = []
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open("/proc/%s/cmdline" % pid, "rb") as f:
                if tmp.encode() in f.read():
                    pids.append(int(pid))
        except OSError:
            pass
    return pids


def watchdog():
    time.sleep(240)
    print("TIMEOUT")
    sys.stdout.flush()
    os._exit(1)


threading.Thread(target=watchdog, daemon=True).start()
if server:
    c, uri = lspq.open_session(ompx, path, open(path).read(), sync=False)
    proc = c.p
    c.send({"jsonrpc": "2.0", "id": 99, "method": "workspace/executeCommand",
            "params": {"command": "ompx.compileAndLaunch",
                       "arguments": [{"uri": uri, "device": "host"}]}})
    while True:
        m = c.read()
        if m.get("method") == "ompx/launchOutput" and \
                "spinning" in m["params"]["text"]:
            break
        if m.get("id") == 99:
            sys.exit("the launch ended early: %s" % m)
else:
    proc = subprocess.Popen([ompx, "launch", path], stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL)
    while b"spinning" not in proc.stdout.readline():
        if proc.poll() is not None:
            sys.exit("the launch ended early")
print("program running:", len(running_from_tmp()) > 0)
# What the launch made in TMPDIR meanwhile: its work directory, private.
for name in sorted(os.listdir(tmp)):
    print("in TMPDIR: %s mode %o" % (name.split("-")[0] + "-" +
                                     name.split("-")[1],
                                     os.stat(os.path.join(tmp, name)).st_mode
                                     & 0o777))
proc.send_signal(sig)
proc.wait(timeout=60)
print("launch ended: %s" % ("signal %d" % -proc.returncode
                             if proc.returncode < 0
                             else "exit %d" % proc.returncode))
for _ in range(100):
    left, files = running_from_tmp(), os.listdir(tmp)
    if not left and not files:
        break
    time.sleep(0.1)
print("processes left:", len(left))
print("files left:", files)
for pid in left:
    os.kill(pid, signal.SIGKILL)
subprocess.run(["rm", "-rf", tmp])
