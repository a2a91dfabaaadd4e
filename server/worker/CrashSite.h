//===- CrashSite.h - Which op a worker crashed on ---------------*- C++ -*-===//
//
// How a crash of a worker is attributed to an op of a chunk: from the
// worker's breadcrumbs (its phase, the op it was verifying, how far the
// parse got, the symbolized frames) and what it printed, to the place the
// diagnostic points at and what it says. Plain functions of plain data;
// WorkerPool decides what to run again.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_WORKER_CRASHSITE_H
#define OMPX_WORKER_CRASHSITE_H

#include "server/analysis/Breadcrumbs.h"
#include "server/model/Analysis.h"
#include "server/syntax/Text.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace ompx {

struct CrashSite {
  std::string opName; ///< "omp.wsloop", or "" if the frames do not say
  std::string method; ///< "parse", "verify", ...
};

/// The innermost `<ns>::<Name>Op::<method>` frame of the crash whose class
/// `opNameForClass` names.
CrashSite crashSiteFromFrames(
    llvm::function_ref<std::string(llvm::StringRef)> opNameForClass,
    const Breadcrumbs &crumbs);

/// The first meaningful line MLIR/LLVM printed before dying, if any.
std::string firstErrorLine(llvm::StringRef tail);

/// Where in `chunkText` a crash of the parser or verifier is: `verifiedAt`
/// (the op a verification op by op crashed on) if known, else the op the
/// frames name, at or past how far the parse got, else where the parse
/// stopped. Names `site`'s op from the text when the frames did not.
std::optional<uint32_t> crashOffset(llvm::StringRef chunkText, CrashSite &site,
                                    const Breadcrumbs &crumbs,
                                    std::optional<uint32_t> verifiedAt);

/// The diagnostic of a crash of the parser or verifier (`phase`) with
/// signal `sig` (0: an abnormal exit) at `at` in the chunk `span` of
/// `chunkText`; `stderrTail` is what the worker printed.
Diagnostic crashDiagnostic(llvm::StringRef chunkText, ChunkSpan span,
                           const CrashSite &site, Phase phase, int sig,
                           std::optional<uint32_t> at,
                           llvm::StringRef stderrTail);

/// The diagnostic of a crash translating the chunk to LLVM IR: at the op
/// the frames name, else at the chunk's first token.
Diagnostic loweringCrashDiagnostic(llvm::StringRef chunkText, ChunkSpan span,
                                   const CrashSite &site, int sig,
                                   llvm::StringRef stderrTail);

} // namespace ompx

#endif // OMPX_WORKER_CRASHSITE_H
