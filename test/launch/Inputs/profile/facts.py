"""Prints what a recorded launch's report.json says, one fact a line, for
FileCheck: the run, each kernel (its op, lines, mode, launches, grids asked for, and as
they ran) and
each map entry (its op, lines, count and bytes of each direction), the
events by kind; times only as present and positive (`time>0`).
usage: facts.py REPORT.json"""
import json
import os
import sys

r = json.load(open(sys.argv[1]))
print("version %d complete %s started %s connected %s span>0 %s" % (
    r["version"], r["complete"], r["started"], r["connected"],
    r["spanNs"] > 0))


def at(site):
    out = []
    if "mlir" in site:
        out.append("mlir %s:%d:%d" % (os.path.basename(site["mlir"]["file"]),
                                      site["mlir"]["line"],
                                      site["mlir"]["column"]))
    if "source" in site:
        out.append("source %s:%d" % (os.path.basename(site["source"]["file"]),
                                     site["source"]["line"]))
    return " ".join(out)


for k in r["kernels"]:
    grids = ",".join("%dx%d*%d" % (g["teams"], g["threads"], g["launches"])
                     for g in k["grids"])
    ran = ",".join("%dx%d:%s*%d" % (g["teams"], g["threads"], g["mode"],
                                    g["launches"]) for g in k.get("ran", []))
    print("kernel %s op %s %s mode %s launches %d unfinished %d grids %s "
          "time>0 %s ran %s" % (k["name"].split("__QQ")[-1], k["op"], at(k),
                                k["mode"], k["launches"], k["unfinished"],
                                grids, k["ns"] > 0 and k["maxNs"] > 0,
                                ran or "unknown"))
for m in sorted(r["maps"], key=lambda m: m["name"]):
    dirs = " ".join("%s %d/%d" % (d, m[d]["count"], m[d]["bytes"])
                    for d in ("alloc", "to", "from", "release"))
    moved = [m[d] for d in ("to", "from") if m[d]["count"]]
    print("map %s op %s %s %s time>0 %s" % (
        m["name"], m["op"], at(m), dirs, all(t["ns"] > 0 for t in moved)))
kinds = {}
for e in r["events"]:
    kinds[e["kind"]] = kinds.get(e["kind"], 0) + 1
    assert e["end"] >= e["start"], e
print("events " + " ".join("%s %d" % kv for kv in sorted(kinds.items())) +
      " dropped %d" % r["droppedEvents"])
