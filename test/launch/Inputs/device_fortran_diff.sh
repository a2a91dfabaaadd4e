#!/bin/sh
# usage: device_fortran_diff.sh SOURCE_DIR CC RUNTIME.c PROGRAM.f90...
# The differential test of ompx's device Fortran subset (DeviceFortran.c):
# each program is compiled once by flang-22 -c (the runtime calls flang
# really emits) and linked twice, with flang's own runtime (the reference)
# and with DeviceFortran.c built natively plus harness.c (program start and
# end). Prints one line per program: "same" when stdout, stderr and the exit
# status agree, else the differences; and the runtime symbols the subset's
# link needed, which must all come from it.
dir=$1 cc=$2 runtime=$3
shift 3
tmp=${TMPDIR:-/tmp}/device_fortran_diff.$$
mkdir -p "$tmp"
"$cc" -std=c11 -O2 -c "$runtime" -o "$tmp/rt.o" || exit 1
"$cc" -std=c11 -O2 -c "$dir/harness.c" -o "$tmp/harness.o" || exit 1
for f in "$@"; do
  n=$(basename "$f" .f90)
  if ! flang-22 -c "$f" -o "$tmp/$n.o" 2>"$tmp/$n.flang"; then
    echo "$n: flang-22 failed: $(cat "$tmp/$n.flang")"
    continue
  fi
  flang-22 "$tmp/$n.o" -o "$tmp/$n.ref" || { echo "$n: reference link failed"; continue; }
  # No flang runtime library here: every _Fortran symbol must be ours.
  if ! "$cc" "$tmp/$n.o" "$tmp/rt.o" "$tmp/harness.o" -lm -o "$tmp/$n.sub" \
      2>"$tmp/$n.link"; then
    echo "$n: link with the subset failed: $(grep -o '_Fortran[A-Za-z0-9_]*' "$tmp/$n.link" | sort -u | tr '\n' ' ')"
    continue
  fi
  "$tmp/$n.ref" >"$tmp/$n.ref.out" 2>"$tmp/$n.ref.err"
  echo "exit $?" >>"$tmp/$n.ref.err"
  "$tmp/$n.sub" >"$tmp/$n.sub.out" 2>"$tmp/$n.sub.err"
  echo "exit $?" >>"$tmp/$n.sub.err"
  calls=$(nm -u "$tmp/$n.o" | grep -o '_Fortran[A-Za-z0-9_]*' | sort -u | tr '\n' ' ')
  if cmp -s "$tmp/$n.ref.out" "$tmp/$n.sub.out" &&
     cmp -s "$tmp/$n.ref.err" "$tmp/$n.sub.err"; then
    echo "$n: same ($(wc -l <"$tmp/$n.ref.out") lines; $calls)"
  else
    echo "$n: DIFFERENT"
    diff "$tmp/$n.ref.out" "$tmp/$n.sub.out"
    diff "$tmp/$n.ref.err" "$tmp/$n.sub.err"
  fi
done
rm -rf "$tmp"
