#!/bin/sh
# Regenerates the HLFIR of the extra OpenACC programs (flang-22 -fopenacc),
# with the absolute source path flang embeds replaced by a same-length
# relative spelling (as acc-twins/regen.sh does).
cd "$(dirname "$0")" || exit 1
mods=$(mktemp -d)
for f in acc_*.f90; do
  case $f in *.driver.f90|*.dev.f90) continue ;; esac
  out=${f%.f90}.hlfir.mlir
  flang-22 -fc1 -fopenacc -module-dir "$mods" -emit-hlfir "$f" -o "$out"
  python3 - "$PWD/$f" "test/launch/Inputs/acc-extra/$f" "$out" <<'PY'
import sys
absolute, relative, out = sys.argv[1:]
pad = len(absolute) - len(relative)
spelling = "./" * (pad // 2) + "/" * (pad % 2) + relative
assert len(spelling) == len(absolute) and pad >= 3
text = open(out).read()
open(out, "w").write(text.replace('"%s\\00"' % absolute, '"%s\\00"' % spelling))
PY
done
rm -rf "$mods"
! grep -l "$PWD" ./*.hlfir.mlir
