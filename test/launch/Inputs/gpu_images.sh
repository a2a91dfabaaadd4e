#!/bin/sh
# usage: gpu_images.sh OMPX DEVICE ARCH FILE [DRIVER]
# Builds FILE for DEVICE/ARCH without a GPU (--no-run) and checks the device
# image is complete: prints one line per kernel (name and execution mode, as
# the launch log says) and whether the image defines it, then the image's
# undefined symbols (amdgcn: llvm-nm -u on the linked code object; nvptx:
# ptxas already linked the cubin without -c, so any would have failed it).
ompx=$1 device=$2 arch=$3 file=$4 driver=$5
tmp=${TMPDIR:-/tmp}/gpu_images.$$
rm -rf "$tmp"
"$ompx" launch "$file" --device="$device" --offload-arch="$arch" --no-run \
  --keep="$tmp" -v ${driver:+--driver="$driver"} >"$tmp.out" 2>"$tmp.err"
status=$?
echo "== $(basename "$file") $device $arch exit $status"
grep "error:" "$tmp.err"
grep -o "device runtime: .*, linked as bitcode.*" "$tmp.err" | head -1
image=$(ls "$tmp"/device.cubin "$tmp"/device.so 2>/dev/null | head -1)
[ -n "$image" ] && [ -f "$tmp/program" ] && echo "program and image built"
[ -n "$image" ] && sed -n 's/^ompx-lsp: kernel \(.*\): \(.*\) mode$/\1 \2/p' "$tmp.err" |
while read -r kernel mode; do
  if llvm-nm "$image" 2>/dev/null | grep -q " [TtWw] $kernel\$"; then
    llvm-nm "$image" | grep -q " [VvDdRr] ${kernel}_kernel_environment$" &&
      echo "kernel $mode in image, with its kernel environment"
  else
    echo "kernel $mode MISSING from $image ($kernel)"
  fi
done
if [ "$device" = amdgpu ] && [ -n "$image" ]; then
  echo "undefined: $(llvm-nm -u "$image" | tr '\n' ' ')"
fi
rm -rf "$tmp" "$tmp.out" "$tmp.err"
