#!/usr/bin/env python3
"""Holds every project #include to the layer table of cmake/OmpxLayers.cmake.

usage: check_layers.py LAYERS_JSON REPO_ROOT

A source file belongs to the layer whose folder is the longest prefix of its
path; an `#include "a/b/C.h"` of a project header must name a header of the
same layer or of one the layer may use. CMake checks what links what; this
checks what includes what (a header-only dependency links nothing). Prints
each violation as FILE:LINE and exits 1 if there is one.
"""
import json, os, re, sys

def layer_of(path, layers):
    best = None
    for name, row in layers.items():
        folder = row["folder"].rstrip("/") + "/"
        if path.startswith(folder) and (best is None or
                len(folder) > len(layers[best]["folder"]) + 1):
            best = name
    return best

def main():
    layers = json.load(open(sys.argv[1]))
    root = sys.argv[2]
    include = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
    bad, checked = [], 0
    for name, row in layers.items():
        top = os.path.join(root, row["folder"])
        for dirpath, _, files in os.walk(top):
            for f in sorted(files):
                if not f.endswith((".h", ".cpp", ".c", ".inc")):
                    continue
                path = os.path.relpath(os.path.join(dirpath, f), root)
                own = layer_of(path, layers)
                if own != name:
                    continue  # a deeper folder's layer owns it
                allowed = set(layers[own]["uses"]) | {own}
                for n, line in enumerate(open(os.path.join(root, path)), 1):
                    m = include.match(line)
                    if not m or not os.path.exists(os.path.join(root, m.group(1))):
                        continue  # system, generated or same-folder header
                    checked += 1
                    dep = layer_of(m.group(1), layers)
                    if dep and dep not in allowed:
                        bad.append("%s:%d: layer %s includes %s (layer %s); %s may use: %s"
                                   % (path, n, own, m.group(1), dep, own,
                                      " ".join(sorted(layers[own]["uses"]))))
    for b in bad:
        print(b)
    print("layers: %d project includes checked, %d violations" % (checked, len(bad)))
    return 1 if bad else 0

if __name__ == "__main__":
    sys.exit(main())
