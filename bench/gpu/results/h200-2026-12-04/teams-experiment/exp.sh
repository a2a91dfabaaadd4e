#!/bin/bash
# Experiment: the reductions' fixed cost (tiny n) and grids of <= 1024 teams
# (LLVM 19's teams reduction buffer holds 1024 records).
set -u
out=$1
d=$(mktemp -d)
tar -xJf .gpu/suite.tar.xz -C $d
t0=$(date +%s)
med() { grep '^ *time' | awk '{print $3}' | sort -g | awk '{a[NR]=$1} END{printf "%.1f us (min %.1f)", a[int(NR/2)+1]*1e6, a[1]*1e6}'; }
PYTHONUNBUFFERED=1 timeout 240 python3 bench/bench_gpu.py run --dir $d/bench --only reduction,stream \
  --variant teams1024:OMPX_GPU_TEAMS=1024 --variant teams528:OMPX_GPU_TEAMS=528 \
  --json $out/bench-teams.json 2>&1 | tee $out/bench-teams.log
echo "== tiny at $(($(date +%s) - t0)) s"
{
for n in 4096 1048576 16777216; do for r in sum_r8 sum_r4; do
  echo "n=$n $r: hand $($d/bench/cuda/reduce hand $r $n 40 | med)  cub $($d/bench/cuda/reduce cub $r $n 40 | med)  ompx $($d/bench/reduction_bench/run.sh $n 40 $r | med)  ompx-1024 $(OMPX_GPU_TEAMS=1024 $d/bench/reduction_bench/run.sh $n 40 $r | med)"
done; done
echo "saxpy tiny: cuda $($d/bench/cuda/reference saxpy 4096 40 | med) ompx $($d/bench/saxpy_bench/run.sh 4096 40 | med)"
} 2>&1 | tee $out/tiny.log
echo "== end at $(($(date +%s) - t0)) s"
