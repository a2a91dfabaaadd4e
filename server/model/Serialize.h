//===- Serialize.h - ChunkAnalysis to bytes and back ------------*- C++ -*-===//
//
// A compact binary encoding of ChunkAnalysis, used to send analyses from a
// worker process to the server over a pipe.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_MODEL_SERIALIZE_H
#define OMPX_MODEL_SERIALIZE_H

#include "server/model/Analysis.h"

#include "llvm/ADT/StringRef.h"

#include <string>

namespace ompx {

void serialize(const ChunkAnalysis &analysis, std::string &out);
/// Returns false on truncated or malformed input.
bool deserialize(llvm::StringRef in, ChunkAnalysis &analysis);

} // namespace ompx

#endif // OMPX_MODEL_SERIALIZE_H
