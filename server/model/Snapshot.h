//===- Snapshot.h - A document as the features see it -----------*- C++ -*-===//
//
// An immutable view of one document version: its text, line table, chunks
// and the analyses available so far. Features read only this, so they run
// without the server's lock and without MLIR.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_MODEL_SNAPSHOT_H
#define OMPX_MODEL_SNAPSHOT_H

#include "server/model/Analysis.h"
#include "server/syntax/Text.h"
#include "support/SharedText.h"

#include <memory>
#include <string>
#include <vector>

namespace ompx {

struct Snapshot {
  std::string uri;
  std::shared_ptr<const SharedText> text;
  std::shared_ptr<const LineTable> lines;
  std::vector<ChunkSpan> chunks;
  /// One per chunk; null while a chunk is not analyzed.
  std::vector<std::shared_ptr<const ChunkAnalysis>> analyses;

  llvm::StringRef str() const { return text->str(); }
  /// The chunk containing `offset` (the last one for the end of the text).
  int chunkAt(uint32_t offset) const;
};

} // namespace ompx

#endif // OMPX_MODEL_SNAPSHOT_H
