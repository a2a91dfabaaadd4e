# lit configuration for ompx: protocol tests (`--lit-test`), `--check` tests,
# pipeline pass tests (passes/*.mlir through `%ompx opt`), GPU device-module
# fixes (device-fixes/*.ll through `%ompx fix-device-ir`)
# and the corpus/upstream tests.
import os
import lit.formats

config.name = "ompx"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".test", ".mlir", ".ll"]
config.excludes = ["Inputs", "unit", "data", "CMakeLists.txt"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.ompx_bin_dir, "..", "test")

# The watchdog scale of scripts/test-sanitizers.sh (lit passes *SAN_OPTIONS).
if "OMPX_TEST_TIMEOUT_SCALE" in os.environ:
    config.environment["OMPX_TEST_TIMEOUT_SCALE"] = os.environ["OMPX_TEST_TIMEOUT_SCALE"]
config.environment["PATH"] = os.pathsep.join(
    [config.ompx_bin_dir, config.llvm_tools_dir, config.environment.get("PATH", "")])
# emit keeps the .mod files it makes in a cache under XDG_CACHE_HOME: the
# test run's own, never the user's.
config.environment["XDG_CACHE_HOME"] = os.path.join(config.test_exec_root, "xdg-cache")
# Before %ompx, whose text it starts with.
config.substitutions.append(("%ompx-flang", os.path.join(config.ompx_bin_dir, "ompx-flang")))
config.substitutions.append(("%ompx", os.path.join(config.ompx_bin_dir, "ompx-lsp")))
# Bounds a command's memory (hostile-file tests). ASan reserves terabytes of
# shadow address space, so `ulimit -v` kills a sanitized binary at start:
# there ASan's own RSS limit does the same job.
if config.ompx_sanitized:
    config.available_features.add("sanitized")
    config.substitutions.append(
        ("%memlimit", 'export ASAN_OPTIONS="${ASAN_OPTIONS:-}:hard_rss_limit_mb=2000"'))
else:
    config.substitutions.append(("%memlimit", "ulimit -v 2000000"))
config.substitutions.append(("%corpus", config.ompx_corpus_dir))
config.substitutions.append(("%srcroot", config.ompx_src_root))
config.substitutions.append(("%python", "python3"))
# Annotated-source queries against the real server (see lsp/Inputs/lspq.py).
config.substitutions.append(("%lspq", "python3 " + os.path.join(
    config.ompx_src_root, "test", "lsp", "Inputs", "lspq.py") + " " +
    os.path.join(config.ompx_bin_dir, "ompx-lsp")))
if os.path.isdir(config.ompx_corpus_dir):
    config.available_features.add("corpus")
# The full corpus beside the repository (../shared/corpus), which
# test/corpus/data copies only in part.
if os.path.isdir(os.path.join(os.path.dirname(config.ompx_src_root), "shared",
                              "corpus")):
    config.available_features.add("shared-corpus")

# Landlock (Linux 5.13+): the server's emit and pipeline children confine
# flang to the project with it (support/Confine.h).
def _landlock_abi():
    import ctypes
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return libc.syscall(444, None, 0, 1)
    except Exception:
        return -1
if _landlock_abi() > 0:
    config.available_features.add("landlock")

# Launch tests: examples, and the CUDA assembler for the nvptx stages.
import shutil
# Built next to ompx-lsp: the device runtime pieces (ompx ABI shim bitcode).
config.substitutions.append(("%devrtdir", os.path.join(config.ompx_bin_dir, "..", "lib", "ompx")))
config.substitutions.append(("%examples", os.path.join(config.ompx_src_root, "examples", "launch")))
ptxas = shutil.which("ptxas") or "/usr/local/cuda/bin/ptxas"
if os.path.exists(ptxas):
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", ptxas))
nvlink = shutil.which("nvlink") or os.path.join(os.path.dirname(ptxas), "nvlink")
if os.path.exists(nvlink):
    config.available_features.add("nvlink")
    config.substitutions.append(("%nvlink", nvlink))
# nvcc builds bench/gpu's CUDA references (compiled only: no GPU here).
nvcc = shutil.which("nvcc") or os.path.join(os.path.dirname(ptxas), "nvcc")
if os.path.exists(nvcc):
    config.available_features.add("nvcc")
    config.substitutions.append(("%nvcc", nvcc))
# Keep the launched programs' environment predictable.
for var in ["OMP_DEFAULT_DEVICE", "OMP_TARGET_OFFLOAD", "LIBOMPTARGET_INFO"]:
    config.environment.pop(var, None)
