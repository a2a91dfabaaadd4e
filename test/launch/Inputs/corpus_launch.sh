#!/bin/sh
# usage: corpus_launch.sh OMPX CORPUS DEVICE PROGRAM
# Launches the HLFIR, FIR and LLVM-dialect forms of one corpus program
# (the generic-form files where flang-22's printed form does not re-parse)
# with its driver from corpus-drivers/, on DEVICE. Prints a header with the
# exit status per form, the program's output and the launcher's errors.
ompx=$1 corpus=$2 device=$3 program=$4
drivers=$(dirname "$0")/corpus-drivers
driver=$(ls "$drivers/$program".driver.* | head -1)
tmp=${TMPDIR:-/tmp}/corpus_launch.$$
for form in hlfir fir llvm; do
  file=$("$(dirname "$0")/corpus_file.sh" "$corpus" "$program" $form)
  "$ompx" launch "$file" --device="$device" --driver="$driver" >"$tmp.out" 2>"$tmp.err"
  echo "== $(basename "$file") exit $?"
  cat "$tmp.out"
  grep "error:" "$tmp.err"
done
rm -f "$tmp.out" "$tmp.err"
