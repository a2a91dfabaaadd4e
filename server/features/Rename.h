//===- Rename.h - Renaming values, blocks and symbols -----------*- C++ -*-===//

#ifndef OMPX_FEATURES_RENAME_H
#define OMPX_FEATURES_RENAME_H

#include "server/model/Snapshot.h"
#include "server/syntax/Text.h"

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace ompx {

/// What a rename at a position would rename: the name's token and its
/// spelling, or why nothing can be renamed there.
struct RenameTarget {
  std::string error; ///< non-empty: not renameable (a sentence for the user)
  TextRange range;   ///< the `%name`, `^label` or `@symbol` token
  std::string name;  ///< its spelling, sigil included
};

/// The renameable name at `offset`: an SSA value (`%x`, `%0` of `%0:2` or
/// `%0#1`), a block label or a symbol defined in the chunk, in a chunk that
/// parsed completely (else a rename could miss mentions in the text the
/// parser lost).
RenameTarget prepareRename(const Snapshot &snapshot, uint32_t offset);

struct RenameResult {
  std::string error;           ///< non-empty: refused, and why
  std::vector<TextEdit> edits; ///< in text order
};

/// Renames what is at `offset` to `newName` (with or without its sigil):
/// every definition and use in its `// -----` chunk; result numbers
/// (`#1`) and group sizes (`:2`) are kept. Refused when the new name is not
/// valid MLIR syntax for that kind, or is taken: a value's in the same
/// symbol scope (nearest enclosing symbol op: function, recipe), a block's
/// in the same region, a symbol's in the chunk.
RenameResult rename(const Snapshot &snapshot, uint32_t offset,
                    llvm::StringRef newName);

/// Whether `s` is an MLIR suffix-id (the part of `%x`, `^bb1` after the
/// sigil): digits only, or a letter or `$._-` followed by letters, digits
/// and `$._-`.
bool isSuffixIdentifier(llvm::StringRef s);

} // namespace ompx

#endif // OMPX_FEATURES_RENAME_H
