//===- LspHarness.h - One in-process server session per input ---*- C++ -*-===//
//
// The real Connection, Server, Scheduler and LaunchService over an
// in-memory stdin, as `ompx-lsp` wires them, minus the processes: analyses
// run in this process on a shared MLIR context (WorkerOptions::engine), and
// workspace/executeCommand (launches and device probes spawn compilers and
// programs) is answered with an error.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_FUZZ_LSPHARNESS_H
#define OMPX_FUZZ_LSPHARNESS_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace ompx {
class Scheduler;
namespace fuzz {

/// Runs the server on `input` (Content-Length framed) until `exit` or the
/// end of input and returns what it wrote. `analyze`: analyze each document
/// version synchronously, in process; otherwise the scheduler is a document
/// store only (edits are applied and chunked, nothing is analyzed, requests
/// about documents are answered when the session ends). `inspect` sees the
/// scheduler after the session, before it is destroyed.
std::string runSession(llvm::StringRef input, bool analyze,
                       llvm::function_ref<void(Scheduler &)> inspect = {});

/// `body` framed as one LSP message.
std::string frame(llvm::StringRef body);

} // namespace fuzz
} // namespace ompx

#endif // OMPX_FUZZ_LSPHARNESS_H
