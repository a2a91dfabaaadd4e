//===- MappingChecks.h - Data-mapping checks over parsed IR -----*- C++ -*-===//
//
// Warnings about data mapping that compiles and runs silently wrong: a
// variable written in an `omp.target` region but mapped without `from`, one
// mapped `from` but never written, one read before any write when mapped
// without `to`, an OpenACC `copyin` written on the device and never copied
// out, unused `host_eval` values, and words of `map_clauses(...)` that the
// LLVM 22 parser reads as nothing. Runs in the worker over verified IR and
// returns plain-data diagnostics (kind Mapping) with their fixes.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_ANALYSIS_MAPPINGCHECKS_H
#define OMPX_ANALYSIS_MAPPINGCHECKS_H

#include "server/model/Analysis.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace mlir {
class Block;
class Operation;
} // namespace mlir

namespace ompx {

/// The names of every mapping check, as `// ompx-ignore(NAME)` and the
/// disabled-checks setting spell them.
llvm::ArrayRef<const char *> mappingCheckNames();

/// Runs the mapping checks over the ops of `block` (a parsed chunk).
/// `record` gives the plain-data record of an op (null if none); `doc` is
/// the document text the records' ranges index.
/// With `explain`, each map entry and variable judged also gets an
/// information diagnostic (check `explain-maps`) saying why it has no
/// finding (what was followed, or why the checks stayed silent).
std::vector<Diagnostic>
runMappingChecks(mlir::Block &block, llvm::StringRef doc,
                 llvm::function_ref<const OpRecord *(mlir::Operation *)> record,
                 bool explain = false);

/// Drops the diagnostics of a check named in `disabled` or in an
/// `ompx-ignore(...)` comment on the diagnostic's line or the line above
/// (`ompx-ignore` without a list: every mapping check).
void dropSuppressed(std::vector<Diagnostic> &diags, llvm::StringRef doc,
                    llvm::ArrayRef<std::string> disabled);

} // namespace ompx

#endif // OMPX_ANALYSIS_MAPPINGCHECKS_H
