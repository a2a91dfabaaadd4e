#!/bin/sh
# usage: acc_twin_launch.sh OMPX CORPUS PROGRAM
# Launches OpenACC corpus PROGRAM three ways with its checking driver from
# corpus-drivers/: B, the acc file on --device=host (host fallback), and C,
# its OpenMP twin from acc-twins/ on --device=host-offload (real mapping,
# separate device copies). Each runs in its own folder holding the .mod
# files of the program's modules (from the acc source, or from the twin), so
# that drivers can `use` them. Prints a header with the exit status per run,
# the program's output and the launcher's errors, then the data movement of
# C as acc_movement.sh summarizes it.
ompx=$1 corpus=$2 program=$3
inputs=$(cd "$(dirname "$0")" && pwd)
drivers=$inputs/corpus-drivers
tmp=${TMPDIR:-/tmp}/acc_twin_launch.$$
# Extra driver files a program needs only when its own source lacks them.
extra_b=
[ -f "$drivers/$program.ext_kernel.f90" ] && extra_b="--driver=$drivers/$program.ext_kernel.f90"
run() { # run NAME FILE DEVICE FLANGFLAGS SOURCE EXTRA
  mkdir -p "$tmp/$1"
  cp "$drivers/$program.driver.f90" "$drivers/check.fi" "$drivers/names.fi" \
     "$drivers/devcopy.fi" "$tmp/$1/"
  (cd "$tmp/$1" && flang-22 -fsyntax-only $4 "$5") >"$tmp/mod.err" 2>&1 ||
    cat "$tmp/mod.err"
  "$ompx" launch "$2" --device="$3" --driver="$tmp/$1/$program.driver.f90" $6 \
    >"$tmp/out" 2>"$tmp/err"
  echo "== $1 $(basename "$2") $3 exit $?"
  cat "$tmp/out"
  grep "error:" "$tmp/err"
}
run B "$corpus/flang/acc/$program.hlfir.mlir" host -fopenacc \
  "$corpus/flang/acc/$program.f90" "$extra_b"
run C "$inputs/acc-twins/$program.omp.hlfir.mlir" host-offload "-fopenmp -fopenmp-version=52" \
  "$inputs/acc-twins/$program.omp.f90" ""
echo "== C movement"
"$inputs/acc_movement.sh" "$ompx" "$inputs/acc-twins/$program.omp.hlfir.mlir" \
  "$tmp/C/$program.driver.f90" host-offload | tee "$tmp/C.movement"
# A: the acc file itself on host-offload, through acc-to-omp.
run A "$corpus/flang/acc/$program.hlfir.mlir" host-offload -fopenacc \
  "$corpus/flang/acc/$program.f90" "$extra_b"
echo "== A movement"
"$inputs/acc_movement.sh" "$ompx" "$corpus/flang/acc/$program.hlfir.mlir" \
  "$tmp/A/$program.driver.f90" host-offload $extra_b | tee "$tmp/A.movement"
# The oracle: the named variables move the same way in A as in its twin.
named() { grep -v -e '#[0-9]' -e '^kernel$' "$1"; }
named "$tmp/A.movement" >"$tmp/A.named"
named "$tmp/C.movement" >"$tmp/C.named"
if cmp -s "$tmp/A.named" "$tmp/C.named"; then
  echo "== A and C move the named variables alike"
else
  echo "== A and C move the named variables differently"
  diff "$tmp/C.named" "$tmp/A.named" | sed -n 's/^\([<>]\)/\1/p'
fi
rm -rf "$tmp"
