"""Drives `ompx-lsp launch --launcher=slurm` (and the server's
ompx.compileAndLaunch) through what a one-shot RUN line cannot: a launch that
waits in the queue, a SIGINT, a SIGKILL of ompx itself, an editor's cancel.
Prints facts for FileCheck; Slurm's job ids are printed as JOB.

usage: slurm_launch.py OMPX WORKDIR SCENARIO
"""
import json
import os
import re
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "lsp",
                                "Inputs"))
import lspq  # noqa: E402

OMPX, WORK, SCENARIO = sys.argv[1], sys.argv[2], sys.argv[3]
PROBE = [os.path.join(WORK, "probe.mlir"),
         "--driver=" + os.path.join(WORK, "probe.c")]
STAGE = "--slurm-stage-dir=" + os.path.join(WORK, "stage")
lspq.give_up_after(int(os.environ.get("GIVE_UP", 90)))


def launch(args, program_args=(), **kw):
    return subprocess.Popen(
        [OMPX, "launch"] + PROBE + ["--device=host", "--launcher=slurm", STAGE]
        + list(args) + ["--"] + list(program_args),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kw)


def read_until(stream, pattern, seen):
    """Lines of `stream` (kept in `seen`) up to one matching `pattern`."""
    for line in stream:
        seen.append(line)
        m = re.search(pattern, line)
        if m:
            return m
    raise SystemExit("no line matching %r in:\n%s" % (pattern, "".join(seen)))


def anon(text, job):
    """`text` with Slurm's id `job` shown as JOB where it names the job (not
    in "3 s")."""
    return re.sub(r"(job |allocation |--jobid=|StepId=)%s\b" % re.escape(job),
                  r"\1JOB", text)


def job_state(job):
    out = subprocess.run(["scontrol", "show", "job", "-o", job],
                         capture_output=True, text=True).stdout
    m = re.search(r"JobState=(\w+)", out)
    return m.group(1) if m else "(gone)"


def squeue_ids():
    return subprocess.run(["squeue", "-h", "-o", "%i"], capture_output=True,
                          text=True).stdout.split()


def wait_gone(job, seconds=5):
    until = time.monotonic() + seconds
    while time.monotonic() < until and job in squeue_ids():
        time.sleep(0.1)
    return job not in squeue_ids()


def stop(sig):
    """A launch that prints ticks, stopped by `sig` once it runs."""
    p = launch([], ["sleep=60"])
    err = []
    job = read_until(p.stderr, r"\[run\] running, job (\d+)", err).group(1)
    out = []
    read_until(p.stdout, r"tick", out)
    t = time.monotonic()
    p.send_signal(sig)
    rc = p.wait()
    took = time.monotonic() - t
    err += p.stderr.readlines()
    print("rc=%d" % rc)
    print("stopped within 5 s: %s" % (took < 5))
    print("job state: " + job_state(job))
    print("job gone from squeue: %s" % wait_gone(job, 0))
    print(anon("".join(l for l in err if "cancelled" in l), job))


if SCENARIO == "sigint":
    stop(signal.SIGINT)

elif SCENARIO == "timeout":
    t = time.monotonic()
    p = launch(["--timeout=3"], ["sleep=60"])
    out, err = p.communicate()
    job = re.search(r"running, job (\d+)", err).group(1)
    print("rc=%d" % p.returncode)
    print("ended within 8 s: %s" % (time.monotonic() - t < 8))
    print("job state: " + job_state(job))
    print("job gone from squeue: %s" % wait_gone(job, 0))
    print(anon(err.splitlines()[-1], job))

elif SCENARIO == "sigkill":
    # ompx itself dies (SIGKILL: no handler runs); its launch guard must
    # cancel the job, not merely kill srun (that leaves the job running).
    p = launch([], ["sleep=60"])
    err = []
    job = read_until(p.stderr, r"\[run\] running, job (\d+)", err).group(1)
    read_until(p.stdout, r"tick", [])
    p.kill()
    p.wait()
    print("job gone from squeue within 5 s: %s" % wait_gone(job, 5))
    print("job state: " + job_state(job))
    left = [d for d in os.listdir(os.path.join(WORK, "stage"))
            if d.startswith("ompx-")]
    print("bundle folders left: %d" % len(left))

elif SCENARIO == "queued":
    # Both GPUs held by another job: the launch waits, says why, and runs
    # once the holder is cancelled.
    holder = subprocess.run(
        ["sbatch", "--parsable", "--output=/dev/null", "--gres=gpu:2",
         "--wrap", "sleep 60"],
        capture_output=True, text=True, check=True).stdout.strip()
    p = launch(["--gres=gpu:1"], ["exit=0"])
    err = []
    job = read_until(p.stderr, r"\[run\] queued, job (\d+)", err).group(1)
    read_until(p.stderr, r"\[run\] queued \(\w+\), job", err)
    print("job state while queued: " + job_state(job))
    subprocess.run(["scancel", holder], check=True)
    out = p.stdout.read()
    err += p.stderr.readlines()
    print("rc=%d" % p.wait())
    print(out, end="")
    for line in err:
        if "[run]" in line and "srun " not in line:
            print(anon(line, job), end="")

elif SCENARIO == "sbcast":
    p = launch(["--slurm-stage=sbcast"], ["exit=4"])
    out, err = p.communicate()
    job = re.search(r"running, job (\d+)", err).group(1)
    name = re.search(r"--job-name=(\S+)", err).group(1)
    print("rc=%d" % p.returncode)
    print(out, end="")
    for line in err.splitlines():
        if "srun " in line or "error:" in line:
            print(anon(line, job).replace(name, "NAME"))
    # On the loopback node, /tmp is this machine's.
    print("left in the node's /tmp: %s" %
          [f for f in os.listdir("/tmp") if name in f])
    print("shared stage folder used: %s" %
          os.path.exists(os.path.join(WORK, "stage")))

elif SCENARIO == "reuse":
    env = dict(os.environ, OMPX_SLURM_STATE=os.path.join(WORK, "alloc.json"))
    jobs = []
    for i in range(2):
        t = time.monotonic()
        p = launch(["--slurm-allocation=reuse", "--gres=gpu:1"], ["exit=0"],
                   env=env)
        out, err = p.communicate()
        jobs.append(re.search(r"--jobid=(\d+)", err).group(1))
        print("launch %d: rc=%d %s" % (i, p.returncode, out.strip()))
        for line in err.splitlines():
            if "allocat" in line:
                print(anon(line, jobs[-1]))
    print("same allocation: %s" % (jobs[0] == jobs[1]))
    print("allocation still held: %s" % (jobs[0] in squeue_ids()))
    for verb in ("list", "release", "list"):
        r = subprocess.run([OMPX, "slurm", verb], env=env,
                           capture_output=True, text=True)
        print("slurm %s: rc=%d %s" % (verb, r.returncode,
                                       anon(r.stdout.strip(), jobs[0])))
    print("allocation gone: %s" % wait_gone(jobs[0], 5))

elif SCENARIO == "inside":
    # ompx inside a job (salloc, srun --pty): the program is a step of it;
    # a ^C cancels the step, never the user's own job.
    out = subprocess.run(["salloc", "--no-shell", "--gres=gpu:1",
                          "--job-name=user-session"], capture_output=True,
                         text=True, check=True).stderr
    job = re.search(r"Granted job allocation (\d+)", out).group(1)
    env = dict(os.environ, SLURM_JOB_ID=job, SLURM_JOBID=job)
    p = launch([], ["sleep=60"], env=env)
    err = []
    read_until(p.stderr, r"--jobid=%s " % job, err)
    read_until(p.stdout, r"tick", [])
    p.send_signal(signal.SIGINT)
    print("rc=%d" % p.wait())
    print("the user's job: " + job_state(job))
    subprocess.run(["scancel", job], check=True)
    print("released: %s" % wait_gone(job, 5))

elif SCENARIO == "reuse-kill":
    # ompx SIGKILLed during a step of a kept allocation: the guard cancels
    # the step (by id), not the allocation, and the next launch reuses it.
    env = dict(os.environ, OMPX_SLURM_STATE=os.path.join(WORK, "kill.json"))
    args = ["--slurm-allocation=reuse", "--gres=gpu:2"]
    p = launch(args, ["sleep=60"], env=env)
    err = []
    alloc = read_until(p.stderr, r"srun .*--jobid=(\d+)", err).group(1)
    read_until(p.stdout, r"tick", [])
    p.kill()
    p.wait()
    until = time.monotonic() + 5
    steps = "?"
    while time.monotonic() < until:
        steps = subprocess.run(["squeue", "-h", "-s", "--jobs=" + alloc,
                                "-o", "%i"], capture_output=True,
                               text=True).stdout.split()
        steps = [x for x in steps if not x.endswith(".extern")]
        if not steps:
            break
        time.sleep(0.2)
    print("steps left within 5 s: %s" % steps)
    print("allocation: " + job_state(alloc))
    # The GPUs are free again for the next step of the same allocation.
    p = launch(args, ["exit=0"], env=env)
    out, err2 = p.communicate(timeout=30)
    print("next launch: rc=%d, same allocation: %s, %s" % (
        p.returncode, ("--jobid=%s " % alloc) in err2, out.strip()))
    r = subprocess.run([OMPX, "slurm", "release"], env=env,
                       capture_output=True, text=True)
    print(anon(r.stdout.strip(), alloc))
    print("allocation gone: %s" % wait_gone(alloc, 5))

elif SCENARIO == "lsp":
    env = dict(os.environ, OMPX_SLURM_STATE=os.path.join(WORK, "lsp.json"))
    os.environ["OMPX_SLURM_STATE"] = env["OMPX_SLURM_STATE"]
    c = lspq.Client([OMPX])
    c.request("initialize", {"processId": None,
                             "rootUri": "file://" + WORK,
                             "capabilities": {"window":
                                              {"workDoneProgress": True}}})
    c.notify("initialized", {})
    uri = "file://" + os.path.join(WORK, "probe.mlir")
    slurm = {"stageDir": os.path.join(WORK, "stage")}
    args = {"uri": uri, "device": "host", "launcher": "slurm",
            "slurm": slurm, "drivers": [os.path.join(WORK, "probe.c")],
            "args": ["sleep=60"]}
    c.next_id += 1
    rid = c.next_id
    c.send({"jsonrpc": "2.0", "id": rid, "method": "workspace/executeCommand",
            "params": {"command": "ompx.compileAndLaunch",
                       "arguments": [args], "workDoneToken": "t1"}})

    def output(stream, text):
        """An ompx/launchOutput of `stream` holding `text` (an error answer
        to the launch ends the test at once)."""
        def pred(m):
            if m.get("id") == rid and "error" in m:
                raise SystemExit("launch refused: %s" % m["error"])
            return (m.get("method") == "ompx/launchOutput" and
                    m["params"]["stream"] == stream and
                    text in m["params"]["text"])
        return pred
    status = c.wait(output("status", "running, job"))["params"]["text"]
    job = re.search(r"job (\d+)", status).group(1)
    print("status stream: " + anon(status, job))
    report = c.wait(lambda m: m.get("method") == "$/progress" and
                    m["params"]["value"].get("message", "").startswith(
                        "run: running"))
    print("progress: " + anon(report["params"]["value"]["message"], job))
    c.wait(output("stdout", "tick"))
    print("stdout streamed: tick")
    # The stage's own words reach the editor too (launch prints them).
    srun = c.wait(output("log", "[run] srun --job-name="))["params"]["text"]
    print("srun line in the log stream: %s" % bool(
        re.match(r"\[run\] srun --job-name=ompx-probe-\w+ --nodes=1 .* "
                 r"--unbuffered --input=none --quit-on-interrupt .*/run.sh "
                 r"sleep=60\n$", srun)))
    c.notify("$/cancelRequest", {"id": rid})
    answer = c.wait(lambda m: m.get("id") == rid)
    print("answer: %s, job %s" % (answer["result"]["status"],
                                  "JOB" if answer["result"].get(
                                      "slurmJobId") == job else "?"))
    print("job state: " + job_state(job))
    print("job gone from squeue: %s" % wait_gone(job, 0))
    # An allocation kept for reuse is released when the server exits.
    args = dict(args, args=["exit=0"],
                slurm=dict(slurm, allocation="reuse"))
    r = c.request("workspace/executeCommand",
                  {"command": "ompx.compileAndLaunch", "arguments": [args]})
    alloc = r.get("slurmJobId")
    print("reuse launch: %s, allocation held: %s" %
          (r["status"], alloc in squeue_ids()))
    c.request("shutdown", None)
    c.notify("exit", None)
    c.p.wait(timeout=30)
    print("server exited: rc=%d" % c.p.returncode)
    print("allocation released on exit: %s" % wait_gone(alloc, 5))
else:
    raise SystemExit("unknown scenario " + SCENARIO)
sys.stdout.flush()
