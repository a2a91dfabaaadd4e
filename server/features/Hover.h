//===- Hover.h - Hover that explains omp/acc ---------------------*- C++
//-*-===//

#ifndef OMPX_FEATURES_HOVER_H
#define OMPX_FEATURES_HOVER_H

#include "server/model/Snapshot.h"

#include <optional>

namespace ompx {

struct HoverResult {
  std::string markdown;
  TextRange range;
};

/// Markdown for what is at `offset`: an op name, a value (its clause entry
/// and bound outer value, what it maps), a symbol, a clause keyword or an
/// enum value. Uses whatever the chunk's analysis reached, so it also works
/// in chunks with errors.
std::optional<HoverResult> hover(const Snapshot &snapshot, uint32_t offset);

} // namespace ompx

#endif // OMPX_FEATURES_HOVER_H
