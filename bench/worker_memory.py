#!/usr/bin/env python3
"""One analysis request to `ompx-lsp --worker`, as the server sends it, with
the worker's memory sampled: where and when it peaks.

  bench/worker_memory.py FILE.mlir                  # RSS timeline and peak
  bench/worker_memory.py FILE.mlir --wrap heaptrack -o /tmp/w
                                                    # who holds the heap
  bench/worker_memory.py FILE.mlir --frames OUT     # and keep what it sent

FILE is analyzed as one chunk with early diagnostics and lowering off (what
the editor's analysis worker does on open); frames go to /dev/null, or with
--frames to OUT with the timings in the analysis frame zeroed, so that the
frames of two builds compare byte for byte (`cmp`) when their results do. As the
server does (support/SharedText), a file of 1 MiB or more is lent in a memfd
that the worker maps, a smaller one is sent on stdin (--pipe: always sent). The
timeline is VmRSS / RssAnon / RssFile of the worker every 2 ms (meaningful
without --wrap); with --wrap, the worker runs under that command (heaptrack:
then `heaptrack_print -f
/tmp/w.zst --flamegraph-cost-type peak -F fg.txt` says what the heap held at
its peak; bench/README.md, "Memory of an open").
"""

import argparse
import fcntl
import json
import os
import socket
import struct
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BREADCRUMBS_FD = 3  # server/worker/WorkerProtocol.h: kBreadcrumbsFd
TEXT_SOCKET_FD = 4  # kTextSocketFd
SHARED_MIN_BYTES = 1 << 20  # SharedText::kSharedMinBytes


def status(pid):
    out = {}
    try:
        with open("/proc/%d/status" % pid) as f:
            for line in f:
                key = line.split(":")[0]
                if key in ("VmRSS", "RssAnon", "RssFile", "RssShmem"):
                    out[key] = int(line.split()[1]) // 1024
    except OSError:
        pass
    return out


ANALYSIS_TIMINGS = 29  # Serialize.cpp: parseMs verifyMs parseCut lowered lowerMs


def masked_frames(stream):
    """The worker's frames (u32 index, u32 size, payload) with the analysis
    frames' timings zeroed (the fields at their end; parseCut kept)."""
    out, at = bytearray(), 0
    while at + 8 <= len(stream):
        idx, size = struct.unpack_from("<II", stream, at)
        payload = bytearray(stream[at + 8:at + 8 + size])
        if idx < 0x80000000 and size >= ANALYSIS_TIMINGS:
            end = len(payload)
            payload[end - 29:end - 13] = bytes(16)  # parseMs, verifyMs
            payload[end - 8:end] = bytes(8)  # lowerMs
        out += stream[at:at + 8] + payload
        at += 8 + size
    return bytes(out + stream[at:])


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("file")
    ap.add_argument("--ompx", default=os.path.join(ROOT, "build/server/ompx-lsp"))
    ap.add_argument("--pipe", action="store_true", help="send the text on stdin, never lend a memfd")
    ap.add_argument("--frames", metavar="OUT",
                    help="write the frames, timings zeroed, to OUT")
    ap.add_argument("--wrap", nargs=argparse.REMAINDER, default=[],
                    help="run the worker under this command (the rest of the line)")
    a = ap.parse_args()
    if not os.access(a.ompx, os.X_OK):
        sys.exit("worker_memory.py: %s is not built" % a.ompx)
    try:
        with open(a.file, "rb") as f:
            data = f.read()
    except OSError as e:
        sys.exit("worker_memory.py: %s: %s" % (a.file, e.strerror))
    lend = not a.pipe and len(data) >= SHARED_MIN_BYTES
    header = json.dumps({"docSize": len(data), "docFd": lend, "early": True,
                         "options": {"lowering": False},
                         "chunks": [[0, 0, len(data)]]}).encode()
    # The breadcrumbs first: descriptor 3 may be the next one free. The
    # request comes from a file: a pipe written here while the worker writes
    # its frames could fill both ways.
    crumbs = os.memfd_create("ompx-breadcrumbs", 0)
    os.ftruncate(crumbs, 1 << 20)
    if crumbs != BREADCRUMBS_FD:
        os.dup2(crumbs, BREADCRUMBS_FD, inheritable=True)
        os.close(crumbs)
    # Both ends above descriptor 4 first: one of them may have got it.
    pair = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
    server_fd, worker_fd = (fcntl.fcntl(p.fileno(), fcntl.F_DUPFD_CLOEXEC, 10) for p in pair)
    for p in pair:
        p.close()
    server_end = socket.socket(fileno=server_fd)
    os.dup2(worker_fd, TEXT_SOCKET_FD, inheritable=True)
    os.close(worker_fd)
    text_fd = None
    if lend:  # the text and a NUL, as SharedText makes it
        text_fd = os.memfd_create("ompx-text", 0)
        os.write(text_fd, data + b"\0")
        socket.send_fds(server_end, [b"T"], [text_fd])
    out = tempfile.TemporaryFile() if a.frames else subprocess.DEVNULL
    with tempfile.TemporaryFile() as req:
        req.write(struct.pack("<I", len(header)) + header + (b"" if lend else data))
        req.flush()
        req.seek(0)
        t0 = time.monotonic()
        proc = subprocess.Popen(a.wrap + [a.ompx, "--worker"], stdin=req,
                                stdout=out,
                                pass_fds=(BREADCRUMBS_FD, TEXT_SOCKET_FD))
        samples, worker = [], None
        while proc.poll() is None:
            if worker is None:
                found = subprocess.run(["pgrep", "-f", "-P", str(proc.pid), "ompx-lsp --worker"],
                                       capture_output=True, text=True).stdout.split()
                worker = int(found[0]) if found else (proc.pid if not a.wrap else None)
            if worker is not None:
                s = status(worker)
                if s:
                    samples.append((time.monotonic() - t0, s))
            time.sleep(0.002)
    if proc.returncode < 0:
        sys.exit("worker_memory.py: the worker was killed by signal %d (MLIR crashed?)"
                 % -proc.returncode)
    if proc.returncode != 0:
        sys.exit("worker_memory.py: the worker ended with %d" % proc.returncode)
    if not samples:
        sys.exit("worker_memory.py: no sample of the worker")
    if a.frames:
        out.seek(0)
        with open(a.frames, "wb") as f:
            f.write(masked_frames(out.read()))
    peak = max(samples, key=lambda x: x[1].get("VmRSS", 0))
    step = max(1, len(samples) // 25)
    for t, s in samples[::step]:
        print("%6.3f s  RSS %5d MiB  anon %5d  file %5d  shmem %5d"
              % (t, s.get("VmRSS", 0), s.get("RssAnon", 0), s.get("RssFile", 0),
                 s.get("RssShmem", 0)))
    t, s = peak
    print("peak at %.3f s: RSS %d MiB (anon %d, file %d, shmem %d: the lent text); "
          "%s is %.1f MB, %s; wall %.2f s"
          % (t, s.get("VmRSS", 0), s.get("RssAnon", 0), s.get("RssFile", 0), s.get("RssShmem", 0),
             os.path.basename(a.file), len(data) / 1e6,
             "lent in a memfd" if lend else "sent on stdin", time.monotonic() - t0))


if __name__ == "__main__":
    main()
