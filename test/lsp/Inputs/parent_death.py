"""SIGKILLs a language server while its helpers are busy and reports whether
every helper ended with it (issue 33: a SIGKILLed server left its lowering
worker reading on; nothing would ever read its result).

usage: parent_death.py OMPX worker|emit DIR

worker: opens a document of 1M ops (several seconds of analysis) and kills
        the server once a worker is busy with it;
emit:   asks ompx.emitMLIR for a large Fortran file and kills the server
        once flang-22 runs under the emit child.
This process is made the orphans' subreaper, so it sees (and reaps) them
however the machine's init behaves. Prints the helpers found, then
"ended: all" or "still running after 1.5 s: ..."."""
import ctypes
import json
import os
import signal
import subprocess
import sys
import time

PR_SET_CHILD_SUBREAPER = 36
ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
ompx, mode, work = sys.argv[1], sys.argv[2], sys.argv[3]


def frame(msg):
    body = json.dumps(msg).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def stat(pid):
    try:
        with open("/proc/%d/stat" % pid) as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return fields[0], int(fields[1]), int(fields[11]) + int(fields[12])
    except (OSError, IndexError, ValueError):
        return None


def comm(pid):
    try:
        with open("/proc/%d/cmdline" % pid, "rb") as f:
            argv = f.read().split(b"\0")
        return b" ".join(os.path.basename(a) if i == 0 else a
                         for i, a in enumerate(argv[:2])).decode()
    except OSError:
        return "?"


def descendants(root):
    found, frontier = [], [root]
    while frontier:
        parent = frontier.pop()
        for name in os.listdir("/proc"):
            if name.isdigit():
                s = stat(int(name))
                if s and s[1] == parent and s[0] != "Z":
                    found.append(int(name))
                    frontier.append(int(name))
    return found


def alive(pid):
    s = stat(pid)
    return s is not None and s[0] != "Z"


server = subprocess.Popen([ompx], stdin=subprocess.PIPE,
                          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
send = lambda m: (server.stdin.write(frame(m)), server.stdin.flush())
send({"jsonrpc": "2.0", "id": 0, "method": "initialize",
      "params": {"processId": None, "rootUri": "file://" + work, "capabilities": {}}})
send({"jsonrpc": "2.0", "method": "initialized", "params": {}})

deadline = time.monotonic() + 120
if mode == "worker":
    text = ("func.func @f(%a: i32) {\n" +
            "".join("  %%v%d = arith.addi %%a, %%a : i32\n" % i for i in range(1000000)) +
            "  return\n}\n")
    send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": "file://" + work + "/big.mlir", "languageId": "mlir", "version": 1, "text": text}}})
    # Busy: a worker has used half a second of CPU (its start takes a
    # fifth), with seconds of analysis left.
    busy = lambda: any(comm(p).endswith("--worker") and stat(p)[2] > 50
                       for p in descendants(server.pid) if stat(p))
else:
    src = os.path.join(work, "big.f90")
    with open(src, "w") as f:
        for i in range(3000):
            f.write("subroutine s%d(a, n)\n  integer :: n, i\n  real :: a(n)\n"
                    "  !$omp target teams distribute parallel do map(tofrom: a)\n"
                    "  do i = 1, n\n    a(i) = a(i) * 2.0 + %d\n  end do\n"
                    "end subroutine\n" % (i, i))
    send({"jsonrpc": "2.0", "id": 1, "method": "workspace/executeCommand",
          "params": {"command": "ompx.emitMLIR", "arguments": [{"uri": "file://" + src}]}})
    busy = lambda: any("flang" in comm(p) for p in descendants(server.pid))
while not busy():
    if time.monotonic() > deadline or server.poll() is not None:
        print("never busy")
        sys.exit(1)
    time.sleep(0.05)

helpers = descendants(server.pid)
print("helpers: " + ", ".join(sorted(set(comm(p) for p in helpers))))
sys.stdout.flush()
os.kill(server.pid, signal.SIGKILL)
server.wait()
end = time.monotonic() + 1.5
while time.monotonic() < end and any(alive(p) for p in helpers):
    try:
        while os.waitpid(-1, os.WNOHANG)[0] > 0:
            pass
    except ChildProcessError:
        pass
    time.sleep(0.02)
left = [p for p in helpers if alive(p)]
if left:
    print("still running after 1.5 s: " + ", ".join(comm(p) for p in left))
    for p in left:
        os.kill(p, signal.SIGKILL)
else:
    print("ended: all")
