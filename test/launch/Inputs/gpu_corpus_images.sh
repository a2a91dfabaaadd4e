#!/bin/sh
# usage: gpu_corpus_images.sh OMPX CORPUS DEVICE ARCH PROGRAM...
# gpu_images.sh on the HLFIR, FIR and LLVM-dialect forms of each corpus
# program (the generic-form files where flang-22's printed form does not
# re-parse), with its driver from corpus-drivers/.
ompx=$1 corpus=$2 device=$3 arch=$4
shift 4
inputs=$(dirname "$0")
for program in "$@"; do
  driver=$(ls "$inputs/corpus-drivers/$program".driver.* | head -1)
  for form in hlfir fir llvm; do
    file=$("$(dirname "$0")/corpus_file.sh" "$corpus" "$program" $form)
    "$inputs/gpu_images.sh" "$ompx" "$device" "$arch" "$file" "$driver"
  done
done
