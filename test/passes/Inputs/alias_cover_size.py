"""Code ompx-section-cover adds for N dummy arrays on one construct, for
two N: it must grow with the items, not their pairs (40 dummies made
39,000 lines when every pair was tested in line).

usage: alias_cover_size.py OMPX DIR N1 N2 -> prints the growth ratio per
item ("ratio R"), and "linear" or "superlinear"."""
import subprocess
import sys

ompx, folder, sizes = sys.argv[1], sys.argv[2], [int(a) for a in sys.argv[3:5]]


def source(n):
    names = ", ".join(f"a{i}" for i in range(n))
    decls = "\n".join(f"  real :: a{i}(100)" for i in range(n))
    total = " + ".join(f"a{i}(j)" for i in range(1, n))
    return (f"subroutine s({names})\n{decls}\n  integer :: j\n"
            "  !$omp target\n  do j = 1, 100\n"
            f"    a0(j) = {total}\n  end do\n  !$omp end target\n"
            "end subroutine\n")


def added(n):
    f90 = f"{folder}/s{n}.f90"
    with open(f90, "w") as out:
        # Fortran's 132 columns: continue long lines.
        for line in source(n).splitlines():
            while len(line) > 100:
                out.write(line[:100] + "&\n&")
                line = line[100:]
            out.write(line + "\n")
    mlir = f"{folder}/s{n}.mlir"
    subprocess.run([ompx, "emit", f90, "-o", mlir], check=True)
    before = sum(1 for _ in open(mlir))
    after = subprocess.run([ompx, "opt", "--ompx-section-cover", mlir],
                           check=True, capture_output=True,
                           text=True).stdout.count("\n")
    return after - before


small, large = (added(n) for n in sizes)
ratio = (large / sizes[1]) / (small / sizes[0])
print(f"added {small} lines for {sizes[0]}, {large} for {sizes[1]}")
print(f"ratio {ratio:.2f}")
print("linear" if ratio < 1.5 else "superlinear")
