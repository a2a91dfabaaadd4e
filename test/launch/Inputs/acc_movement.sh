#!/bin/sh
# usage: acc_movement.sh OMPX FILE DRIVER DEVICE [LAUNCH-ARGS...]
# Launches FILE with DRIVER on DEVICE under LIBOMPTARGET_INFO=-1 and prints
# a normalized, order-preserving summary of the data movement that
# libomptarget reports on the program's stderr (ompx launch passes the
# program's stderr through to its own):
#   alloc NAME BYTES     a new device copy (map entry created)
#   h->d NAME BYTES      a copy host to device (map, update, memcpy)
#   d->h NAME BYTES      a copy device to host
#   release NAME BYTES   a device copy removed (map entry deleted)
#   attach NAME          a device pointer inside NAME's device copy set to
#                        another device address (8 bytes written from a
#                        runtime temporary: flang's pointer/descriptor maps)
#   kernel               a kernel launch
# then `kernels: N`, `still mapped: NAME BYTES` for entries created and not
# removed, and `exit N`. Reference-count changes without a copy are left
# out, and so are kernel argument lists (among them the implicit by-copy
# literal scalars, whose number differs between equivalent programs).
# NAME: libomptarget knows only the source file of an MLIR map, so host
# addresses are named by the driver (corpus-drivers/names.fi, enabled by
# ACC_MOVEMENT_NAMES), as NAME or NAME+OFFSET for an address inside it;
# other addresses (locals of the program, descriptors and their pieces,
# runtime temporaries) are numbered #1, #2, ... in order of appearance, one
# number per map entry (a reused address gets a new number) and per other
# address. With ACC_MOVEMENT_NAMED_ONLY=1, lines about unnamed addresses
# are left out (descriptors and their pieces among them: for comparing
# programs that move the same variables but spell descriptors differently).
# The driver's folder must hold the .mod files it uses.
ompx=$1 file=$2 driver=$3 device=$4
shift 4
tmp=${TMPDIR:-/tmp}/acc_movement.$$
ACC_MOVEMENT_NAMES=1 LIBOMPTARGET_INFO=-1 \
  "$ompx" launch "$file" --device="$device" --driver="$driver" "$@" \
  >"$tmp.out" 2>"$tmp.err"
status=$?
python3 - "$tmp.err" "$status" "${ACC_MOVEMENT_NAMED_ONLY:-0}" <<'PY'
import re, sys

names = []    # (start, bytes, name) from the driver
live = []     # [start, bytes, label, device start] of the live map entries
other = {}    # label of an address outside any entry
count = [0]

def fresh():
    count[0] += 1
    return "#%d" % count[0]

def label(addr):
    for start, size, name in names:
        if start <= addr < start + max(size, 1):
            return name if addr == start else "%s+%d" % (name, addr - start)
    for start, size, lab, _ in reversed(live):
        if start <= addr < start + max(size, 1):
            return lab if addr == start else "%s+%d" % (lab, addr - start)
    if addr not in other:
        other[addr] = fresh()
    return other[addr]

def hexarg(line, key):
    return int(re.search(key + r"=0x([0-9a-fA-F]+)", line).group(1), 16)

def size(line):
    return int(re.search(r"Size=(\d+)", line).group(1))

lines = open(sys.argv[1], errors="replace").read().splitlines()
for line in lines:
    m = re.match(r"acc-movement-name (\S+) ([0-9A-Fa-f]+) (\d+)$", line.strip())
    if m:
        names.append((int(m.group(2), 16), int(m.group(3)), m.group(1)))

named_only = sys.argv[3] == "1"
def show(what, lab, n=None):
    if named_only and lab.startswith("#"):
        return
    print(what + " " + lab + ("" if n is None else " %d" % n))

kernels = 0
for line in lines:
    if "Creating new map entry" in line:
        addr, n = hexarg(line, "HstPtrBegin"), size(line)
        named = any(s <= addr < s + max(b, 1) for s, b, _ in names)
        lab = label(addr) if named else fresh()
        live.append([addr, n, lab, hexarg(line, "TgtPtrBegin")])
        show("alloc", lab, n)
    elif "Copying data from host to device" in line:
        addr, dev, n = hexarg(line, "HstPtr"), hexarg(line, "TgtPtr"), size(line)
        known = any(s <= addr < s + max(b, 1) for s, b, _ in names) or \
            any(s <= addr < s + max(b, 1) for s, b, _, _ in live)
        into = [e for e in live if e[3] <= dev < e[3] + e[1]]
        if n == 8 and not known and into:
            e = into[-1]
            show("attach", e[2] if dev == e[3] else "%s+%d" % (e[2], dev - e[3]))
        else:
            show("h->d", label(addr), n)
    elif "Copying data from device to host" in line:
        show("d->h", label(hexarg(line, "HstPtr")), size(line))
    elif "Removing map entry" in line:
        addr, n = hexarg(line, "HstPtrBegin"), size(line)
        lab = label(addr)
        for entry in reversed(live):
            if entry[0] == addr:
                live.remove(entry)
                break
        show("release", lab, n)
    elif "Launching kernel" in line:
        kernels += 1
        print("kernel")
print("kernels: %d" % kernels)
for start, n, lab, _ in live:
    show("still mapped:", lab, n)
print("exit %s" % sys.argv[2])
PY
grep "error:" "$tmp.err"
rm -f "$tmp.out" "$tmp.err"
