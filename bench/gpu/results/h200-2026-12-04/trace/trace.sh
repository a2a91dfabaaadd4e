#!/bin/bash
# Where a reduction target region's fixed cost goes: libomptarget's own
# time-trace (LIBOMPTARGET_PROFILE) and ompx's recorder, at n = 4096, for the
# reduction and for saxpy (no reduction, no transfer).
set -u
out=$1
d=$(mktemp -d)
tar -xJf .gpu/suite.tar.xz -C $d
LIBOMPTARGET_PROFILE=$out/trace-red.json $d/bench/reduction_bench/run.sh 4096 20 sum_r8 > $out/red.txt 2>&1
LIBOMPTARGET_PROFILE=$out/trace-saxpy.json $d/bench/saxpy_bench/run.sh 4096 20 > $out/saxpy.txt 2>&1
OMPX_PROFILE_LOG=$out/red-recorded.log $d/bench/reduction_bench/run.sh 4096 20 sum_r8 >> $out/red.txt 2>&1
ls -la $out
