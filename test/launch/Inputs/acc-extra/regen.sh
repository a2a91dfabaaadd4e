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
  python3 ../relative_source_path.py "$PWD/$f" "test/launch/Inputs/acc-extra/$f" "$out"
done
rm -rf "$mods"
! grep -l "$PWD" ./*.hlfir.mlir
