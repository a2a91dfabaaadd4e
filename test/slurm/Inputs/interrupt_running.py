"""Runs an `ompx-lsp launch --launcher=slurm` command, sends it SIGINT (an
editor's cancel) SECONDS after its log says the job runs, and prints its
output and exit status.
usage: interrupt_running.py SECONDS COMMAND..."""
import signal
import subprocess
import sys
import threading
import time

delay = float(sys.argv[1])
proc = subprocess.Popen(sys.argv[2:], stdout=subprocess.PIPE,
                        stderr=subprocess.STDOUT, text=True)
lines = []
running = threading.Event()


def read():
    for line in proc.stdout:
        lines.append(line)
        if "[run] running, job" in line:
            running.set()


reader = threading.Thread(target=read)
reader.start()
if running.wait(timeout=120):
    time.sleep(delay)
    proc.send_signal(signal.SIGINT)
else:
    print("the job never ran")
    proc.kill()
proc.wait(timeout=60)
reader.join()
sys.stdout.write("".join(lines))
print("exit=%d" % proc.returncode)
