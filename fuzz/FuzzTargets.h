//===- FuzzTargets.h - The ompx fuzz entry points ---------------*- C++ -*-===//
//
// One function per fuzz target, each with libFuzzer's contract (any bytes,
// return 0, crash or abort on a bug). They are linked twice: into a libFuzzer
// binary per target (FuzzMain.cpp, clang-22 with -DOMPX_FUZZ=ON) and into
// ompx-fuzz-replay (ReplayMain.cpp, any compiler), which runs the saved
// crash inputs under fuzz/regressions/ as a ctest test in every build.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_FUZZ_FUZZTARGETS_H
#define OMPX_FUZZ_FUZZTARGETS_H

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

namespace ompx::fuzz {

/// Bytes on the server's stdin: Content-Length framing and JSON-RPC dispatch
/// into the real Server, with an in-process analysis (no worker processes).
int transport(const uint8_t *data, size_t size);
/// An edit sequence decoded from the bytes, applied to a document by the
/// server's LineTable conversion and by a reference model of LSP 3.17.
int textSync(const uint8_t *data, size_t size);
/// The bytes as a document: lexer, chunk splitter, structure scan, recovery
/// units and token ranges, with their invariants checked.
int syntax(const uint8_t *data, size_t size);
/// The bytes as an MLIR document analyzed in process (every dialect), then
/// hover, definition, documentSymbol, inlay hints and completion on it.
int analysis(const uint8_t *data, size_t size);
/// The bytes as what srun, salloc and sinfo print: the Slurm launcher's line
/// parser, time limits, gres models and srun's arguments.
int slurm(const uint8_t *data, size_t size);
/// Hostile paths (a secret outside the workspace, `..` walks, links out,
/// /dev/zero, FIFOs, any bytes) in a document's `loc()` and
/// `omp.host_ir_filepath`: a server session's hovers and the lowering
/// readiness check must read nothing outside the workspace.
int paths(const uint8_t *data, size_t size);
/// A position (two bytes) and a Fortran document (the rest): the directive
/// hover there and at offsets over it, the findings moved onto the text and
/// the text read as flang's messages, against a fixed analyzed MLIR.
int fortranDirectives(const uint8_t *data, size_t size);
/// A checked launch's log (what a program, crashed or not, left) and its
/// map-site sidecar: the findings read from them and their report lines.
int mapCheckLog(const uint8_t *data, size_t size);
/// A recorded launch's record (what a program, crashed or not, left) and
/// the build's sidecars, then the same bytes as a report.json: the report,
/// its JSON, summary and HTML.
int profileLog(const uint8_t *data, size_t size);

/// Aborts with `what` when `cond` is false: the fuzz oracles (assert() is
/// compiled out of release builds).
inline void check(bool cond, const char *what) {
  if (cond)
    return;
  std::fprintf(stderr, "ompx fuzz check failed: %s\n", what);
  std::abort();
}

} // namespace ompx::fuzz

#endif // OMPX_FUZZ_FUZZTARGETS_H
