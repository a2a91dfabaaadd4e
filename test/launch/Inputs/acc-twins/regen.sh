#!/bin/sh
# Regenerates the HLFIR of the OpenMP twins (flang-22; .mod files go to a
# temporary folder). flang embeds the absolute path of the source as a
# string literal (runtime error messages of allocate/deallocate); as in the
# corpus (shared/corpus/README.md, Post-processing), it is replaced by a
# same-length relative spelling from the repository root, padded with ./,
# so that the literal's length and type stay consistent. (The literal's
# global is named by a hash of the old text: just a name.)
cd "$(dirname "$0")" || exit 1
mods=$(mktemp -d)
for f in *.omp.f90; do
  out=${f%.f90}.hlfir.mlir
  flang-22 -fc1 -fopenmp -fopenmp-version=52 -module-dir "$mods" -emit-hlfir \
    "$f" -o "$out" 2>&1 | grep -v 'is still incomplete'
  python3 ../relative_source_path.py "$PWD/$f" "test/launch/Inputs/acc-twins/$f" "$out"
done
rm -rf "$mods"
! grep -l "$PWD" ./*.hlfir.mlir
