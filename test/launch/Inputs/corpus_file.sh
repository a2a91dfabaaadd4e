#!/bin/sh
# usage: corpus_file.sh CORPUS PROGRAM FORM
# The corpus file of PROGRAM in FORM (hlfir, fir, llvm): the LLVM dialect
# from llvm-dialect/, flang output from flang/omp/ (its `.generic` variant
# where the corpus has one).
corpus=$1 program=$2 form=$3
if [ "$form" = llvm ]; then
  echo "$corpus/llvm-dialect/$program.llvm.mlir"
elif [ -f "$corpus/flang/omp/$program.generic.$form.mlir" ]; then
  echo "$corpus/flang/omp/$program.generic.$form.mlir"
else
  echo "$corpus/flang/omp/$program.$form.mlir"
fi
