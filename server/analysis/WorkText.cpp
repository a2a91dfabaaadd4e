//===- WorkText.cpp - The text a chunk is parsed as -----------------------===//

#include "server/analysis/WorkText.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Visitors.h"
#include "llvm/ADT/STLExtras.h"

using namespace ompx;
using llvm::StringRef;

WorkText::WorkText(StringRef doc, ChunkSpan span, char *lent)
    : document(doc), chunk(span),
      copy(lent ? std::string() : doc.slice(span.begin, span.end).str()),
      lentBytes(lent), lentSize(lent ? span.end - span.begin : 0),
      // The byte after the chunk is its terminator meanwhile.
      savedEnd(lent ? lent[lentSize] : 0), lineTable(StringRef(*this)) {
  if (lent)
    lent[lentSize] = '\0';
}

std::string &WorkText::own() {
  if (lentBytes) {
    copy.assign(lentBytes, lentSize);
    giveBack();
  }
  return copy;
}

void WorkText::giveBack() {
  if (lentBytes)
    lentBytes[lentSize] = savedEnd;
  lentBytes = nullptr;
}

std::optional<uint32_t> WorkText::chunkOffset(mlir::Location loc) const {
  std::optional<uint32_t> result;
  loc->walk([&](mlir::Location l) {
    auto fileLoc = llvm::dyn_cast<mlir::FileLineColLoc>(l);
    if (!fileLoc || fileLoc.getFilename() != kChunkBufferName)
      return mlir::WalkResult::advance();
    // Lines and columns are 1-based bytes within the chunk buffer.
    uint32_t line = fileLoc.getLine(), col = fileLoc.getColumn();
    uint32_t off =
        lineTable.lineStart(line ? line - 1 : 0) + (col ? col - 1 : 0);
    result = std::min<uint32_t>(off, size());
    return mlir::WalkResult::interrupt();
  });
  return result;
}

void WorkText::blank(TextRange unit) {
  symbols.merge(symbolTokens(StringRef(*this).slice(unit.begin, unit.end)));
  blankRange(own(), unit);
  blanked.push_back(unit);
}

bool WorkText::repairBlockArgType(uint32_t useAt, uint32_t priorAt,
                                  StringRef argName, StringRef used,
                                  StringRef printed) {
  if (repaired.size() >= 64 || priorAt >= useAt)
    return false;
  StringRef text = *this;
  // The prior use is the block argument of a clause entry: `%x -> %argN`.
  StringRef before = text.take_front(priorAt).rtrim(" \t");
  TextRange arg = tokenRangeAt(text, priorAt);
  if (!before.ends_with("->") || text.slice(arg.begin, arg.end) != argName)
    return false;
  // The type of this use, as a whole type in the rest of the line.
  StringRef line = text.slice(useAt, std::min(find('\n', useAt), size()));
  for (size_t from = 0;;) {
    size_t hit = line.find(used, from);
    if (hit == StringRef::npos)
      return false;
    from = hit + 1;
    StringRef lead = line.take_front(hit).rtrim(" \t");
    StringRef rest = line.drop_front(hit + used.size()).ltrim(" \t");
    if (lead.empty() || !StringRef("(:,").contains(lead.back()) ||
        !(rest.empty() || StringRef("),{-").contains(rest.front())))
      continue;
    uint32_t at = useAt + hit;
    // Offsets past the replacement move; so do the units blanked there.
    int64_t delta = int64_t(printed.size()) - int64_t(used.size());
    uint32_t origBegin = toDoc(at) - chunk.begin;
    for (Repair &r : repaired)
      if (r.workBegin >= at) {
        r.workBegin += delta;
        r.workEnd += delta;
      }
    for (TextRange &b : blanked)
      if (b.begin >= at) {
        b.begin += delta;
        b.end += delta;
      }
    repaired.push_back({at, uint32_t(at + printed.size()), origBegin,
                        uint32_t(origBegin + used.size())});
    llvm::sort(repaired, [](const Repair &a, const Repair &b) {
      return a.workBegin < b.workBegin;
    });
    argTypes.emplace_back(toDoc(arg.begin), used.str());
    own().replace(at, used.size(), printed.str());
    lineTable = LineTable(*this);
    return true;
  }
}
