#!/usr/bin/env python3
"""Runs the command examples of README.md and docs/**/*.md and compares their output.

    python3 test/docs/doc_examples.py --ompx build/server/ompx-lsp [--repo DIR] [-v] [--only TEXT]

Every code block (fenced, or indented by four spaces) that shows a command --
a `$ ` prompt, or a line starting with ompx-lsp, build/server/ompx-lsp, ompx-flang,
bash scripts/, python3 bench/, npm, npx or cd -- must have a marker on the
line right above it, else the test fails (an example nobody checks drifts):

  <!-- ompx-doc-test: run -->          `$ CMD` lines, each followed by its expected
                                       output (stdout and stderr together)
  <!-- ompx-doc-test: output; command: CMD -->
                                       the block is the output of CMD (not shown)
  <!-- ompx-doc-test: commands -->     each line is a command; it must exit 0 or 1
                                       (1: diagnostics), not 2 (usage) or a signal
  <!-- ompx-doc-test: synopsis; help: CMD -->
                                       every --option in the block appears in CMD's output
  <!-- ompx-doc-test: skip REASON -->  not run here (GPU, installs, ...): reported
  <!-- ompx-doc-test: lsp; file: F; query: Q; expect: TEXT && TEXT -->
                                       (anywhere, for claims in prose) the answer of
                                       test/lsp/Inputs/lspq.py on F for query Q
                                       (e.g. `hover:1*declare %|arg8`) holds each TEXT

Options after `;`: `setup: CMD` (run first), `skip-lines: WORD (REASON)` (lines
holding WORD are not run), `exit: N` (run/output: the expected status),
`scratch: DIR` (the absolute folder the commands write into, e.g. /tmp/ompx-try:
here a folder inside the scratch folder takes its place).
Commands run with bash in a scratch folder that links the repository's top
entries, `ompx-lsp` on PATH and `build/server/ompx-lsp` the tested binary.
A block whose commands leave an untracked file in the repository (through
those links), or, for commands run from a checkout (`build/server/...`), a new
file at the scratch folder's top, fails, naming the files.
Comparison: trailing blanks ignored; `…` (or `...`) inside a line matches any
text, a line that is only `…`/`...` any number of lines; the scratch folder
and the repository print as `/…`.
"""
import argparse, glob, os, re, shutil, subprocess, sys, tempfile

PROMPT_CMD = re.compile(r"^(\$ |ompx-(lsp|flang)(?!:)\b|build/server/ompx-(lsp|flang)\b|bash scripts/|python3 bench/|npm |npx |cd \S)")
MARKER = re.compile(r"^<!-- ompx-doc-test: (.*?) -->\s*$")


def blocks(path):
    """(line number, marker text or None, [lines]) for each code block."""
    lines = open(path, encoding="utf-8").read().split("\n")
    out, i = [], 0
    while i < len(lines):
        line = lines[i]
        marker = None
        if i > 0:
            m = MARKER.match(lines[i - 1])
            marker = m.group(1) if m else None
        if line.startswith("```"):
            j = i + 1
            while j < len(lines) and not lines[j].startswith("```"):
                j += 1
            out.append((i + 1, marker, line[3:].strip(), lines[i + 1:j]))
            i = j + 1
            continue
        if line.startswith("    ") and line.strip() and (i == 0 or not lines[i - 1].strip() or marker is not None):
            j = i
            while j < len(lines) and (lines[j].startswith("    ") or
                                      (not lines[j].strip() and j + 1 < len(lines) and lines[j + 1].startswith("    "))):
                j += 1
            out.append((i + 1, marker, "indented", [l[4:] for l in lines[i:j]]))
            i = j
            continue
        i += 1
    return out


def parse_marker(text):
    parts = [p.strip() for p in text.split(";")]
    mode, _, rest = parts[0].partition(" ")
    opts = {"_arg": rest.strip()}
    for p in parts[1:]:
        k, _, v = p.partition(":")
        opts[k.strip()] = v.strip()
    return mode, opts


def join_continuations(lines):
    out = []
    for l in lines:
        if out and out[-1].endswith("\\"):
            out[-1] = out[-1][:-1] + " " + l.strip()
        else:
            out.append(l)
    return out


class Runner:
    def __init__(self, repo, ompx):
        self.repo, self.ompx = repo, ompx
        self.bin = tempfile.mkdtemp(prefix="ompx-doc-bin-")
        os.symlink(ompx, os.path.join(self.bin, "ompx-lsp"))
        # ompx-lsp under the name build systems call (argv[0] picks the driver).
        os.symlink(ompx, os.path.join(self.bin, "ompx-flang"))

    def scratch(self):
        d = tempfile.mkdtemp(prefix="ompx-doc-")
        for e in os.listdir(self.repo):
            if e not in (".git", "build"):
                os.symlink(os.path.join(self.repo, e), os.path.join(d, e))
        os.makedirs(os.path.join(d, "build", "server"))
        os.symlink(self.ompx, os.path.join(d, "build", "server", "ompx-lsp"))
        os.symlink(self.ompx, os.path.join(d, "build", "server", "ompx-flang"))
        return d

    def sh(self, cmd, cwd, timeout=300):
        env = dict(os.environ, PATH=self.bin + ":" + os.environ.get("PATH", ""), LC_ALL="C")
        p = subprocess.run(["bash", "-c", cmd], cwd=cwd, env=env, stdin=subprocess.DEVNULL,
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=timeout)
        text = p.stdout.decode("utf-8", "replace")
        for root in (cwd, os.path.realpath(cwd), self.repo):
            text = text.replace(root, "/…")
        return p.returncode, text


def line_matches(expected, actual):
    exp = expected.rstrip().replace("...", "…")
    pattern = "^" + ".*".join(re.escape(part) for part in exp.split("…")) + "$"
    return re.match(pattern, actual.rstrip()) is not None


def matches(expected, actual):
    """Expected lines against actual ones; a line of only … matches any number."""
    exp = [l for l in expected]
    act = actual.rstrip("\n").split("\n") if actual.strip() else []
    while exp and not exp[-1].strip():
        exp.pop()

    def go(i, j):
        if i == len(exp):
            return j == len(act)
        if exp[i].strip() in ("…", "..."):
            return any(go(i + 1, k) for k in range(j, len(act) + 1))
        return j < len(act) and line_matches(exp[i], act[j]) and go(i + 1, j + 1)
    return go(0, 0)


def lsp_markers(path):
    """(line number, marker text) of the `lsp` markers: prose claims."""
    out = []
    for i, line in enumerate(open(path, encoding="utf-8").read().split("\n")):
        m = MARKER.match(line)
        if m and m.group(1).startswith("lsp;"):
            out.append((i + 1, m.group(1)))
    return out


def check_block(runner, mode, opts, body):
    """Returns (status, detail): status ok / fail / skip."""
    if mode == "skip":
        return "skip", opts["_arg"] or "no reason given"
    if mode == "lsp":
        lspq = os.path.join(runner.repo, "test", "lsp", "Inputs", "lspq.py")
        p = subprocess.run([sys.executable, lspq, runner.ompx, os.path.join(runner.repo, opts["file"]), opts["query"]],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=120)
        text = p.stdout.decode("utf-8", "replace")
        missing = [e for e in opts["expect"].split(" && ") if e not in text]
        if p.returncode or missing:
            return "fail", "%s %s: missing %s in\n%s" % (opts["file"], opts["query"], missing, text)
        return "ok", "%s %s" % (opts["file"], opts["query"])
    cwd = runner.scratch()
    before = untracked(runner.repo)
    try:
        if opts.get("scratch"):
            target = os.path.join(cwd, "scratch-" + os.path.basename(opts["scratch"].rstrip("/")))
            body = [l.replace(opts["scratch"], target) for l in body]
            if opts.get("setup"):
                opts = dict(opts, setup=opts["setup"].replace(opts["scratch"], target))
        status, detail = run_block(runner, mode, opts, body, cwd)
        left = sorted(untracked(runner.repo) - before)
        # Commands run from a checkout (build/server/...): the scratch folder
        # stands for it, so a new file at its top is one in the checkout.
        if any("build/server/" in l for l in body):
            left += sorted("./" + e for e in os.listdir(cwd) if not os.path.islink(os.path.join(cwd, e))
                           and e != "build" and not e.startswith("scratch-"))
        if status == "ok" and left:
            return "fail", "left untracked files in the repository: %s" % ", ".join(left)
        return status, detail
    finally:
        shutil.rmtree(cwd, ignore_errors=True)


def untracked(repo):
    """The repository's untracked (not ignored) files; empty outside git."""
    try:
        p = subprocess.run(["git", "-C", repo, "status", "--porcelain", "--untracked-files=all"],
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return set()
    if p.returncode:
        return set()
    return {l[3:] for l in p.stdout.decode("utf-8", "replace").splitlines() if l.startswith("?? ")}


def run_block(runner, mode, opts, body, cwd):
    """Runs a command block in `cwd`: (status, detail)."""
    if opts.get("setup"):
        code, text = runner.sh(opts["setup"], cwd)
        if code:
            return "fail", "setup failed (%d): %s\n%s" % (code, opts["setup"], text)
    want_exit = int(opts["exit"]) if "exit" in opts else None
    if mode == "run":
        cmds, cur = [], None
        for l in join_continuations(body):
            if l.startswith("$ "):
                cur = [l[2:], []]
                cmds.append(cur)
            elif cur is not None:
                cur[1].append(l)
        if not cmds:
            return "fail", "run block without `$ ` lines"
        for cmd, expected in cmds:
            code, text = runner.sh(cmd, cwd)
            if not matches(expected, text):
                return "fail", "$ %s\n--- expected\n%s\n--- got (exit %d)\n%s" % (cmd, "\n".join(expected), code, text)
            if want_exit is not None and code != want_exit:
                return "fail", "$ %s: exit %d, expected %d" % (cmd, code, want_exit)
        return "ok", "%d command(s)" % len(cmds)
    if mode == "output":
        cmd = opts.get("command")
        if not cmd:
            return "fail", "output marker without `command:`"
        code, text = runner.sh(cmd, cwd)
        if not matches(body, text):
            return "fail", "%s\n--- expected\n%s\n--- got (exit %d)\n%s" % (cmd, "\n".join(body), code, text)
        if want_exit is not None and code != want_exit:
            return "fail", "%s: exit %d, expected %d" % (cmd, code, want_exit)
        return "ok", cmd
    if mode == "commands":
        skip_word, ran, skipped = None, 0, []
        if opts.get("skip-lines"):
            m = re.match(r"(\S+)\s*\((.*)\)", opts["skip-lines"])
            skip_word = m.group(1) if m else opts["skip-lines"]
        for l in join_continuations(body):
            cmd = re.sub(r"\s+#\s.*$", "", l).strip()
            if not cmd:
                continue
            if skip_word and skip_word in cmd:
                skipped.append(cmd)
                continue
            code, text = runner.sh(cmd, cwd)
            if code not in (0, 1):
                return "fail", "%s: exit %d\n%s" % (cmd, code, text)
            ran += 1
        return "ok", "%d command(s)%s" % (ran, ", skipped %d: %s" % (len(skipped), opts["skip-lines"]) if skipped else "")
    if mode == "synopsis":
        code, text = runner.sh(opts.get("help", ""), cwd)
        if code:
            return "fail", "%s: exit %d\n%s" % (opts.get("help"), code, text)
        missing = sorted({o for o in re.findall(r"(--[a-z][a-z0-9-]*)", "\n".join(body)) if o not in text})
        if missing:
            return "fail", "not in `%s`: %s" % (opts.get("help"), ", ".join(missing))
        return "ok", opts.get("help")
    return "fail", "unknown marker mode %r" % mode


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ompx", required=True)
    ap.add_argument("--repo", default=os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    ap.add_argument("--only", help="check only blocks of files whose path holds this")
    ap.add_argument("-v", action="store_true")
    a = ap.parse_args()
    repo, ompx = os.path.realpath(a.repo), os.path.realpath(a.ompx)
    runner = Runner(repo, ompx)
    files = [os.path.join(repo, "README.md")] + sorted(glob.glob(os.path.join(repo, "docs", "**", "*.md"), recursive=True))
    counts = {"ok": 0, "fail": 0, "skip": 0}
    for path in files:
        rel = os.path.relpath(path, repo)
        if a.only and a.only not in rel:
            continue
        todo = [(n, m, "", []) for n, m in lsp_markers(path)] + blocks(path)
        for lineno, marker, lang, body in todo:
            shows_command = lang in ("", "indented", "sh", "bash", "console", "shell") and any(PROMPT_CMD.match(l) for l in body)
            if marker is None:
                if shows_command:
                    counts["fail"] += 1
                    print("FAIL %s:%d: command example without an `<!-- ompx-doc-test: ... -->` marker" % (rel, lineno))
                continue
            mode, opts = parse_marker(marker)
            if mode.startswith("nvim"):  # run by extension/nvim/test/headless.lua
                continue
            try:
                status, detail = check_block(runner, mode, opts, body)
            except subprocess.TimeoutExpired as e:
                status, detail = "fail", "timed out: %s" % e.cmd
            counts[status] += 1
            label = {"ok": "PASS", "fail": "FAIL", "skip": "SKIP"}[status]
            if status != "ok" or a.v:
                print("%s %s:%d: %s %s" % (label, rel, lineno, mode, detail))
    shutil.rmtree(runner.bin, ignore_errors=True)
    print("doc examples: %d passed, %d failed, %d skipped" % (counts["ok"], counts["fail"], counts["skip"]))
    return 1 if counts["fail"] else 0


if __name__ == "__main__":
    sys.exit(main())
