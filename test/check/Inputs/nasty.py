"""Generates the pathological inputs of robustness.test into DIR."""
import os, random, sys

d = sys.argv[1]
os.makedirs(d, exist_ok=True)


def write(name, text, mode="w"):
    with open(os.path.join(d, name), mode) as f:
        f.write(text)


def nested(n):
    return ("llvm.func @f() {\n" + "omp.parallel {\n" * n +
            "omp.terminator\n}\n" * n + "llvm.return\n}\n")


write("nested_2k.mlir", nested(2000))
write("nested_20k.mlir", nested(20000))
write("type_50k.mlir", "llvm.func @f(%a: " + "!llvm.array<1 x " * 50000 +
      "i32" + ">" * 50000 + ")\n")
write("attr_100k.mlir", "module attributes {test.x = " + "[" * 100000 + "]" * 100000 +
      "} {}\n")
write("nul.mlir", b"func.func @f() {\n\0\0\0 return\n}\n", "wb")
random.seed(7)
write("garbage.mlir", bytes(random.randrange(256) for _ in range(65536)), "wb")
write("truncated.mlir", "func.func @f(%a : i32) {\n  omp.parallel {\n    %0 = arith.addi %a, ")
write("unterminated.mlir", 'module attributes {x = "never ends} {\n')
write("huge_line.mlir", "module attributes {test.s = \"" + "x" * (8 << 20) + "\"} {}\n")
write("empty.mlir", "")
