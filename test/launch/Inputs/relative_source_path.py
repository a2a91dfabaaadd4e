"""Replaces the absolute source path flang embeds in its MLIR output (the
string literal of runtime error messages) by a same-length relative
spelling from the repository root, padded with ./, so the literal's length
and type stay consistent (as the corpus does: shared/corpus/README.md,
Post-processing). The literal's global is named by a hash of the old text:
just a name.

usage: relative_source_path.py ABSOLUTE_SOURCE RELATIVE_SOURCE OUTPUT.mlir
"""
import sys

absolute, relative, out = sys.argv[1:]
pad = len(absolute) - len(relative)
spelling = "./" * (pad // 2) + "/" * (pad % 2) + relative
assert len(spelling) == len(absolute) and pad >= 3
text = open(out).read()
open(out, "w").write(text.replace('"%s\\00"' % absolute, '"%s\\00"' % spelling))
