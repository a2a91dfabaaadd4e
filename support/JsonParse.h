//===- JsonParse.h - JSON from files, nesting bounded -----------*- C++ -*-===//
//
// llvm::json::parse recurses once per `[`/`{` level on the calling thread's
// stack: a file of a million `[` (a report.json, a bundle's origin.json, a
// compile_commands.json someone else wrote) would overflow it. Every JSON
// file ompx reads goes through parseJson, which measures the nesting in one
// pass, without recursion, before parsing.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_SUPPORT_JSONPARSE_H
#define OMPX_SUPPORT_JSONPARSE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <cstddef>
#include <optional>

namespace ompx {

/// Deeper `[`/`{` nesting than this is refused unparsed (the files ompx
/// reads nest fewer than ten levels; LSP messages are held to the same).
inline constexpr unsigned kMaxJsonDepth = 512;

/// Where the JSON string whose opening quote is at `i` ends (past its
/// closing quote), or npos when it does not.
size_t jsonStringEnd(llvm::StringRef json, size_t i);

/// The first offset at which `json` nests `[`/`{` deeper than `maxDepth`
/// (outside strings), if it does. One pass, no recursion.
std::optional<size_t> findExcessiveNesting(llvm::StringRef json,
                                           unsigned maxDepth);

/// llvm::json::parse(json), or "nested deeper than 512 levels at line L,
/// column C" without parsing.
llvm::Expected<llvm::json::Value> parseJson(llvm::StringRef json,
                                            unsigned maxDepth = kMaxJsonDepth);

} // namespace ompx

#endif // OMPX_SUPPORT_JSONPARSE_H
