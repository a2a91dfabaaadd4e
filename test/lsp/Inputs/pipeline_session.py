"""The pass explorer and the reducer through the real server: ompx.pipeline
runs `ompx-lsp pipeline` on a document's saved file in a child, the
snapshots and an op's history come back by run id, a snapshot opens as an
`ompx-pipeline:` document the server analyzes without reading a path from
it, and "Reduce to a minimal reproducer" writes STEM.reduced.mlir.

usage: pipeline_session.py OMPX WORKSPACE OUTSIDE   (prints for FileCheck)
WORKSPACE holds saxpy.hlfir.mlir, acc-unsupported.mlir, does-not-verify.mlir,
verifier-error.mlir and parallel-allocate.mlir; OUTSIDE, a folder that is no
workspace folder, a copy of saxpy.hlfir.mlir.
"""
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(__file__))
from lspq import Client  # noqa: E402


def command(c, name, arg, token=None):
    params = {"command": name, "arguments": [arg]}
    if token:
        params["workDoneToken"] = token
    return c.request("workspace/executeCommand", params)


def progress(c, token):
    """The $/progress messages of `token` seen so far, taken out."""
    out = [m["params"]["value"] for m in c.notes
           if m.get("method") == "$/progress" and m["params"]["token"] == token]
    c.notes = [m for m in c.notes if not (
        m.get("method") == "$/progress" and m["params"]["token"] == token)]
    return out


def open_doc(c, path, text=None):
    uri = "file://" + path
    c.notify("textDocument/didOpen", {"textDocument": {
        "uri": uri, "languageId": "mlir", "version": 1,
        "text": open(path).read() if text is None else text}})
    return uri


def show_run(c, r):
    if "__error__" in r:
        print("  error:", json.dumps(r["__error__"]))
        return
    print("  run", r["run"], "status", r["status"], "snapshots", r["snapshots"])
    for v in r["views"]:
        print("  view", v["view"] + ":", " ".join(
            p["name"] + ("(failed)" if p["failed"] else "") +
            ("" if p["changed"] else "(unchanged)") for p in v["passes"]))
    if "failure" in r:
        f = r["failure"]
        print("  failure:", f["view"], f["pass"], "after", f["afterSnapshot"],
              json.dumps(f["message"]))


def explore(c, ws):
    saxpy = os.path.join(ws, "saxpy.hlfir.mlir")
    suri = "file://" + saxpy
    r = command(c, "ompx.pipeline", {"uri": suri, "device": "host"}, "p1")
    print("progress:", " ".join(p.get("message", p.get("title", ""))
                                for p in progress(c, "p1")))
    print("pipeline saxpy:")
    show_run(c, r)
    run = r["run"]
    host = next(v for v in r["views"] if v["view"] == "host")["passes"]
    fir = next(p for p in host if p["pass"] == "convert-hlfir-to-fir")
    print("hlfir-to-fir:", json.dumps({k: fir[k] for k in (
        "number", "stage", "previous", "languageId", "uri", "opCounts")}))
    s = command(c, "ompx.pipelineSnapshot", {"run": run,
                                             "snapshot": fir["number"]})
    print("snapshot:", s["name"], s["languageId"],
          "fir.declare" in s["text"], "hlfir.declare" in s["text"])
    prev = command(c, "ompx.pipelineSnapshot", {"run": run,
                                                "snapshot": fir["previous"]})
    print("previous:", prev["name"], "hlfir.declare" in prev["text"])
    ll = next(p for p in host if p["languageId"] == "llvm")
    s = command(c, "ompx.pipelineSnapshot", {"run": run,
                                             "snapshot": ll["name"]})
    print("llvm ir:", s["name"], s["languageId"], "define " in s["text"])
    print("no snapshot:", json.dumps(command(
        c, "ompx.pipelineSnapshot", {"run": run, "snapshot": "999"})))
    print("no run:", json.dumps(command(
        c, "ompx.pipelineSnapshot", {"run": "77", "snapshot": "0"})))

    # What became of the omp.target, from the source document...
    text = open(saxpy).read()
    open_doc(c, saxpy, text)
    line = next(i for i, l in enumerate(text.split("\n"))
                if "omp.target host_eval" in l)
    f = command(c, "ompx.pipelineFollow", {
        "run": run, "uri": suri, "position": {"line": line, "character": 4}})
    print("follow", f["target"] + ":")
    for st in f["steps"]:
        if st["changed"]:
            print("  ", st["name"], st["stage"], "; ".join(st["found"]))
    # ... and from the op in a snapshot, opened as an ompx-pipeline:
    # document: analyzed from the text sent, no path read from its URI.
    s = command(c, "ompx.pipelineSnapshot", {"run": run,
                                             "snapshot": fir["number"]})
    c.notify("textDocument/didOpen", {"textDocument": {
        "uri": s["uri"], "languageId": "mlir", "version": 1,
        "text": s["text"]}})
    d = c.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
               and m["params"]["uri"] == s["uri"])
    errors = [x["message"] for x in d["params"]["diagnostics"]
              if x.get("severity") == 1]
    print("snapshot document:", s["uri"], "errors", len(errors))
    slines = s["text"].split("\n")
    at = next(i for i, l in enumerate(slines) if "omp.target host_eval" in l)
    h = c.request("textDocument/hover", {
        "textDocument": {"uri": s["uri"]},
        "position": {"line": at, "character": slines[at].index("omp.") + 2}})
    print("snapshot hover:", h["contents"]["value"].split("\n")[0])
    f = command(c, "ompx.pipelineFollow", {
        "run": run, "uri": s["uri"], "position": {"line": at, "character": 0}})
    print("follow from the snapshot:", f["target"],
          len([x for x in f["steps"] if x["changed"]]), "changed")
    # Back from the kernel in LLVM IR to the omp.target it was made of.
    ir = command(c, "ompx.pipelineSnapshot", {"run": run,
                                              "snapshot": ll["name"]})
    ilines = ir["text"].split("\n")
    k = next(i for i, l in enumerate(ilines)
             if l.startswith("define") and "__omp_offloading_" in l)
    f = command(c, "ompx.pipelineFollow", {
        "run": run, "uri": ir["uri"], "position": {"line": k, "character": 0}})
    print("follow from the kernel:", f["target"],
          f["source"]["uri"].endswith("/saxpy.hlfir.mlir"),
          json.dumps(f["source"]["range"]["start"]))
    f = command(c, "ompx.pipelineFollow", {
        "run": run, "uri": ir["uri"], "position": {"line": 0, "character": 0}})
    print("follow from no kernel:", json.dumps(f))
    return run


def refusals(c, ws, outside):
    acc = os.path.join(ws, "acc-unsupported.mlir")
    r = command(c, "ompx.pipeline", {"uri": "file://" + acc,
                                     "device": "host-offload"})
    print("pipeline acc-unsupported:")
    show_run(c, r)
    r = command(c, "ompx.pipeline", {
        "uri": "file://" + os.path.join(ws, "does-not-verify.mlir"),
        "device": "host"})
    print("does not verify:", json.dumps(r))
    # Unsaved changes: the child would compile another text than shown.
    open_doc(c, acc, open(acc).read() + "// an edit\n")
    r = command(c, "ompx.pipeline", {"uri": "file://" + acc})
    print("unsaved:", json.dumps(r))
    r = command(c, "ompx.pipeline", {
        "uri": "file://" + os.path.join(outside, "saxpy.hlfir.mlir")})
    print("outside:", json.dumps(r))
    r = command(c, "ompx.pipeline", {"uri": "file:///etc/passwd"})
    print("not mlir:", json.dumps(r))
    r = command(c, "ompx.pipeline", {"uri": "ompx-pipeline:/1/x.mlir"})
    print("not a file:", json.dumps(r))
    r = command(c, "ompx.pipeline", {
        "uri": "file://" + os.path.join(ws, "saxpy.hlfir.mlir"),
        "device": "quantum"})
    print("bad device:", json.dumps(r)[:160])


def reduce(c, ws):
    bad = os.path.join(ws, "verifier-error.mlir")
    buri = open_doc(c, bad)
    c.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
           and m["params"]["uri"] == buri)
    diag = {"range": {"start": {"line": 12, "character": 4},
                      "end": {"line": 12, "character": 17}},
            "code": "verify", "source": "ompx", "severity": 1,
            "message": "'omp.loop_nest' op expects parent op to be a loop "
                       "wrapper\nsee current operation: ..."}
    acts = c.request("textDocument/codeAction", {
        "textDocument": {"uri": buri}, "range": diag["range"],
        "context": {"diagnostics": [diag]}})
    act = next(a for a in acts if a["title"].startswith("Reduce"))
    print("action:", act["title"], json.dumps(act["command"]["arguments"]))
    r = command(c, "ompx.reduce", act["command"]["arguments"][0], "r1")
    print("reduce progress:", " | ".join(p.get("message", p.get("title", ""))
                                         for p in progress(c, "r1")))
    print("reduce:", json.dumps(r))
    out = os.path.join(ws, "verifier-error.reduced.mlir")
    head = open(out).read().split("\n")
    print("reduced head:", head[0])
    # (its CHECK line holds the message; printed without the word, which
    # would be a directive of the test that reads this)
    print("reduced expects:", head[1].split(": ", 1)[1])
    print("reduced note:", head[2])
    print("reduced keeps:", [l.split("(")[0].strip() for l in head
                             if l.strip().startswith("func.func")])
    # Again: it replaces its own reproducer, never another file.
    r = command(c, "ompx.reduce", act["command"]["arguments"][0])
    print("again:", r.get("from"), "->", r.get("to"))
    with open(out, "w") as f:
        f.write("// my notes\n")
    r = command(c, "ompx.reduce", act["command"]["arguments"][0])
    print("not ours:", json.dumps(r))
    print("kept:", open(out).read().strip())
    nyi = os.path.join(ws, "parallel-allocate.mlir")
    nuri = open_doc(c, nyi)
    # The server's own lowering-readiness diagnostic (after the analysis).
    msg = c.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                 and m["params"]["uri"] == nuri and any(
                     d.get("code") == "lowering"
                     for d in m["params"]["diagnostics"]))
    nyi_diags = [d for d in msg["params"]["diagnostics"]
                 if d.get("code") == "lowering"]
    print("lowering diagnostics:", [d["message"] for d in nyi_diags])
    crash = dict(diag, code="mlir-crash", message="MLIR crashed (SIGSEGV)")
    acts = c.request("textDocument/codeAction", {
        "textDocument": {"uri": nuri}, "range": nyi_diags[0]["range"],
        "context": {"diagnostics": nyi_diags + [
            crash, dict(diag, code="parse", message="x")]}})
    print("nyi actions:", [json.dumps(a["command"]["arguments"])
                           for a in acts if a["title"].startswith("Reduce")])
    print("bad mode:", json.dumps(command(c, "ompx.reduce", {
        "uri": "file://" + nyi, "mode": "diagnostic"})))
    cancel(c, nyi)


def children_on(path):
    """Processes whose command line names `path` (the reducer's)."""
    out = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open("/proc/%s/cmdline" % pid, "rb") as f:
                if path.encode() in f.read():
                    out.append(pid)
        except OSError:
            pass
    return out


def cancel(c, nyi):
    """$/cancelRequest stops the reducer (its children too) mid-run."""
    c.next_id += 1
    rid = c.next_id
    c.send({"jsonrpc": "2.0", "id": rid, "method": "workspace/executeCommand",
            "params": {"command": "ompx.reduce", "workDoneToken": "r2",
                       "arguments": [{"uri": "file://" + nyi,
                                      "mode": "lowering"}]}})
    c.wait(lambda m: m.get("method") == "$/progress"
           and m["params"]["token"] == "r2"
           and m["params"]["value"].get("message", "").startswith("keeping"))
    print("running before cancel:", len(children_on(nyi)) > 0)
    c.notify("$/cancelRequest", {"id": rid})
    r = c.wait(lambda m: m.get("id") == rid and "method" not in m)
    print("cancelled:", json.dumps(r.get("error")))
    time.sleep(1)
    print("running after cancel:", children_on(nyi))
    print("written:", os.path.exists(nyi.replace(".mlir",
                                                 ".reduced.mlir")))


def main():
    ompx, ws, outside = sys.argv[1], sys.argv[2], sys.argv[3]
    c = Client([ompx, "--sync"])
    init = c.request("initialize", {"processId": None,
                                    "rootUri": "file://" + ws,
                                    "capabilities": {}})
    cmds = init["capabilities"]["executeCommandProvider"]["commands"]
    print("commands:", " ".join(cmds))
    c.notify("initialized", {})
    explore(c, ws)
    refusals(c, ws, outside)
    reduce(c, ws)
    c.request("shutdown", None)
    c.notify("exit", None)
    c.p.wait(timeout=30)
    # The server's TMPDIR (the test's own): the snapshot folders are gone.
    print("temporary files left:", sorted(os.listdir(os.environ["TMPDIR"])))


main()
