//===- Highlight.h - Mentions of the name under the cursor ------*- C++ -*-===//

#ifndef OMPX_FEATURES_HIGHLIGHT_H
#define OMPX_FEATURES_HIGHLIGHT_H

#include "server/model/Snapshot.h"

#include <vector>

namespace ompx {

struct Highlight {
  TextRange range;
  /// Where the value, block or symbol is defined (LSP Write); else a use
  /// (Read).
  bool write = false;
};

/// The mentions of what is at `offset` (a value, block or symbol): the
/// references() of it, so a clause-bound block argument also lights up its
/// bound value, with definitions marked as writes. In text order.
std::vector<Highlight> documentHighlights(const Snapshot &snapshot,
                                          uint32_t offset);

} // namespace ompx

#endif // OMPX_FEATURES_HIGHLIGHT_H
