//===- Check.h - `ompx-lsp --check FILE...` ---------------------*- C++ -*-===//
//
// The batch form of the server's diagnostics, for terminals and CI: the same
// analysis, printed as text, JSON or SARIF 2.1.0.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_TOOL_CHECK_H
#define OMPX_TOOL_CHECK_H

#include "server/worker/Worker.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace ompx {

enum class OutputFormat { Text, Json, Sarif };

struct CheckOptions {
  OutputFormat format = OutputFormat::Text;
  /// Check `expected-*` annotations instead of printing diagnostics.
  bool verifyExpected = false;
  /// Split on `// -----` (as the editor does); off: one chunk per file.
  bool split = true;
  /// Files analyzed in parallel (0: one per core).
  unsigned jobs = 0;
  /// SARIF artifact URIs are relative to this folder (empty: the current
  /// directory), named `%SRCROOT%` in originalUriBaseIds.
  std::string sarifRoot;
  /// The compile database of Fortran files (empty: emit finds one).
  std::string compileCommands;
  WorkerOptions worker;
};

/// Exit codes: 0 clean, 1 diagnostics (or verification failures), 2 usage or
/// I/O error.
int runCheck(llvm::ArrayRef<std::string> files, const CheckOptions &options,
             llvm::raw_ostream &out, llvm::raw_ostream &err);

} // namespace ompx

#endif // OMPX_TOOL_CHECK_H
