//===- WorkText.h - The text a chunk is parsed as ---------------*- C++ -*-===//
//
// The chunk's text as the parser sees it (units blanked, flang-22 types
// repaired) and the map from offsets in it, or pointers into a parse buffer
// holding it, back to document offsets. Every range an analysis records
// goes through here.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_ANALYSIS_WORKTEXT_H
#define OMPX_ANALYSIS_WORKTEXT_H

#include "server/model/Analysis.h"
#include "server/syntax/Text.h"

#include "mlir/IR/Location.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/SMLoc.h"

#include <algorithm>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace ompx {

/// The buffer name the chunk is parsed under: a FileLineColLoc with it is a
/// place in the chunk.
inline constexpr llvm::StringLiteral kChunkBufferName = "<ompx-chunk>";

/// Until something changes it, the text is the caller's own copy of the
/// document where one is lent (AnalyzeHooks::mutableDoc), so that the worker
/// does not hold a 76 MB chunk twice; a lasting change first takes a copy,
/// and the document that records are read from stays as it was sent.
class WorkText {
public:
  /// `doc[span]`, parsed in `lent` when given (the chunk's bytes, and the
  /// one after it, in a writable copy of the document: the caller's), else
  /// in a copy.
  WorkText(llvm::StringRef doc, ChunkSpan span, char *lent);
  WorkText(const WorkText &) = delete;
  WorkText &operator=(const WorkText &) = delete;
  ~WorkText() { giveBack(); }

  /// The document records are read from (as sent; never changed).
  llvm::StringRef doc() const { return document; }
  ChunkSpan span() const { return chunk; }

  bool isLent() const { return lentBytes != nullptr; }
  char *data() { return lentBytes ? lentBytes : copy.data(); }
  const char *data() const { return lentBytes ? lentBytes : copy.data(); }
  size_t size() const { return lentBytes ? lentSize : copy.size(); }
  operator llvm::StringRef() const { return {data(), size()}; }
  size_t find(char c, size_t from = 0) const {
    return llvm::StringRef(*this).find(c, from);
  }
  /// The text as a string of its own, for a change that lasts.
  std::string &own();
  /// Of the text; blanking keeps line breaks.
  const LineTable &lines() const { return lineTable; }

  /// Document offset of an offset into the text (through the repairs).
  uint32_t toDoc(uint32_t workOff) const;
  TextRange docRange(TextRange work) const {
    return {toDoc(work.begin), toDoc(work.end)};
  }
  /// Document range of the token at `workOff`.
  TextRange docRangeAt(uint32_t workOff) const {
    TextRange r = tokenRangeAt(*this, workOff);
    return {toDoc(r.begin), toDoc(r.end)};
  }

  /// The parse buffers pointers are read from: one parse's, or the two of a
  /// parallel parse (the second's has the same offsets as the first's).
  void setBuffers(const char *a, const char *b = nullptr) {
    bufStart = a;
    bufStartB = b;
  }
  /// Offset in the text of a pointer into a parse buffer.
  uint32_t workOffset(const char *p) const {
    if (bufStartB && p >= bufStartB && p <= bufStartB + size())
      return p - bufStartB;
    return p - bufStart;
  }
  TextRange toWork(llvm::SMRange r) const {
    return {workOffset(r.Start.getPointer()), workOffset(r.End.getPointer())};
  }
  TextRange toDoc(llvm::SMRange r) const {
    return {toDoc(workOffset(r.Start.getPointer())),
            toDoc(workOffset(r.End.getPointer()))};
  }
  /// Offset in the text of a FileLineColLoc inside `loc` that points into
  /// the chunk buffer.
  std::optional<uint32_t> chunkOffset(mlir::Location loc) const;

  /// Blanks `unit` (text offsets) for good, remembering the symbols it had.
  void blank(TextRange unit);
  /// The units blanked, in text offsets (a repair may move them).
  const std::vector<TextRange> &blankedUnits() const { return blanked; }
  /// Symbols that only a blanked unit may have defined.
  const std::set<std::string> &blankedSymbols() const { return symbols; }

  /// A type replaced in the text; chunk offsets.
  struct Repair {
    uint32_t workBegin, workEnd; ///< the replacement in the text
    uint32_t origBegin, origEnd; ///< what it replaced, in the chunk
  };
  /// Sorted.
  const std::vector<Repair> &repairs() const { return repaired; }
  /// Block arguments (document offset of their definition) whose real type
  /// is the one given, not the one the repaired text says.
  const std::vector<std::pair<uint32_t, std::string>> &
  repairedArgTypes() const {
    return argTypes;
  }
  /// flang-22 prints a clause entry `%x -> %arg : type` with the operand's
  /// type; where the block argument `arg` (defined at `priorAt`) is then
  /// used at `useAt` with its real type `used`, that use's type is replaced
  /// by the `printed` one so that the text parses, and the argument keeps
  /// `used` in the records. False (nothing changed) when the text is not
  /// that, or after 64 repairs.
  bool repairBlockArgType(uint32_t useAt, uint32_t priorAt, llvm::StringRef arg,
                          llvm::StringRef used, llvm::StringRef printed);

private:
  void giveBack();

  llvm::StringRef document;
  ChunkSpan chunk;
  std::string copy;
  char *lentBytes = nullptr;
  size_t lentSize = 0;
  char savedEnd = 0;
  LineTable lineTable;
  const char *bufStart = nullptr, *bufStartB = nullptr;
  std::vector<TextRange> blanked;
  std::set<std::string> symbols;
  std::vector<Repair> repaired;
  std::vector<std::pair<uint32_t, std::string>> argTypes;
};

inline uint32_t WorkText::toDoc(uint32_t workOff) const {
  int64_t delta = 0;
  for (const Repair &r : repaired) {
    if (workOff < r.workBegin)
      break;
    if (workOff < r.workEnd)
      return chunk.begin + r.origBegin +
             std::min(workOff - r.workBegin, r.origEnd - r.origBegin);
    delta = int64_t(r.origEnd) - int64_t(r.workEnd);
  }
  return chunk.begin + uint32_t(int64_t(workOff) + delta);
}

} // namespace ompx

#endif // OMPX_ANALYSIS_WORKTEXT_H
