"""Runs a command, sends it SIGINT after N seconds, prints its output and
exit status (for cancellation tests)."""
import signal
import subprocess
import sys
import time

delay = float(sys.argv[1])
proc = subprocess.Popen(sys.argv[2:], stdout=subprocess.PIPE,
                        stderr=subprocess.STDOUT, text=True)
time.sleep(delay)
proc.send_signal(signal.SIGINT)
out, _ = proc.communicate(timeout=60)
sys.stdout.write(out)
print("exit=%d" % proc.returncode)
