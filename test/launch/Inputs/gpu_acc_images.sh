#!/bin/sh
# usage: gpu_acc_images.sh OMPX CORPUS DEVICE ARCH PROGRAM...
# gpu_images.sh on the HLFIR and FIR forms of each OpenACC corpus program
# (acc-to-omp makes its kernels), with its driver from corpus-drivers/ in a
# folder that holds the .mod files of the program's modules.
ompx=$1 corpus=$2 device=$3 arch=$4
shift 4
inputs=$(cd "$(dirname "$0")" && pwd)
tmp=${TMPDIR:-/tmp}/gpu_acc_images.$$
for program in "$@"; do
  rm -rf "$tmp" && mkdir -p "$tmp"
  cp "$inputs/corpus-drivers/$program.driver.f90" "$inputs/corpus-drivers/"*.fi "$tmp/"
  (cd "$tmp" && flang-22 -fsyntax-only -fopenacc "$corpus/flang/acc/$program.f90")
  for form in hlfir fir; do
    "$inputs/gpu_images.sh" "$ompx" "$device" "$arch" \
      "$corpus/flang/acc/$program.$form.mlir" "$tmp/$program.driver.f90"
  done
done
rm -rf "$tmp"
