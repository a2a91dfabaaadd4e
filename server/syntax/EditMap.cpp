//===- EditMap.cpp - Offsets of an old text in an edited one --------------===//

#include "server/syntax/EditMap.h"

#include <algorithm>

using namespace ompx;

ByteEdit ompx::diffEdit(llvm::StringRef before, llvm::StringRef after) {
  size_t n = std::min(before.size(), after.size());
  size_t prefix = 0;
  while (prefix < n && before[prefix] == after[prefix])
    ++prefix;
  size_t suffix = 0;
  while (suffix < n - prefix &&
         before[before.size() - 1 - suffix] == after[after.size() - 1 - suffix])
    ++suffix;
  return {uint32_t(prefix), uint32_t(before.size() - suffix),
          uint32_t(after.size() - suffix - prefix)};
}

void ompx::addTextDiff(EditMap &map, llvm::StringRef before,
                       llvm::StringRef after) {
  std::vector<ByteEdit> crs;
  size_t i = 0, j = 0;
  int64_t delta = 0; // newest-text offset - `before` offset, so far
  while (i < before.size() || j < after.size()) {
    if (i < before.size() && j < after.size() && before[i] == after[j]) {
      ++i, ++j;
    } else if (i < before.size() && before[i] == '\r') {
      crs.push_back({uint32_t(i + delta), uint32_t(i + delta + 1), 0});
      --delta, ++i;
    } else if (j < after.size() && after[j] == '\r') {
      crs.push_back({uint32_t(i + delta), uint32_t(i + delta), 1});
      ++delta, ++j;
    } else {
      map.add(diffEdit(before, after));
      return;
    }
  }
  for (const ByteEdit &e : crs)
    map.add(e);
}

void EditMap::add(const ByteEdit &edit) {
  int64_t b = edit.begin, e = std::max(edit.end, edit.begin);
  if (b == e && edit.length == 0)
    return;
  int64_t growth = int64_t(edit.length) - (e - b);
  // The hunks the edit overlaps or touches (in the newest text) become one.
  auto lo = std::lower_bound(
      hunks.begin(), hunks.end(), b,
      [](const Hunk &h, int64_t off) { return int64_t(h.newEnd) < off; });
  auto hi = lo;
  while (hi != hunks.end() && int64_t(hi->newBegin) <= e)
    ++hi;
  // Unchanged text before `lo` is offset by lo's shift; after the run by the
  // shift of its last hunk.
  int64_t shiftBefore = lo == hunks.begin() ? 0
                                            : int64_t((lo - 1)->newEnd) -
                                                  int64_t((lo - 1)->oldEnd);
  Hunk merged;
  if (lo == hi) {
    merged = {uint32_t(b - shiftBefore), uint32_t(e - shiftBefore), uint32_t(b),
              uint32_t(b + edit.length)};
  } else {
    const Hunk &first = *lo, &last = *(hi - 1);
    int64_t shiftAfter = int64_t(last.newEnd) - int64_t(last.oldEnd);
    int64_t newBegin = std::min<int64_t>(b, first.newBegin);
    int64_t newEndBefore = std::max<int64_t>(e, last.newEnd);
    merged.oldBegin =
        first.newBegin <= b ? first.oldBegin : uint32_t(b - shiftBefore);
    merged.oldEnd = last.newEnd >= e ? last.oldEnd : uint32_t(e - shiftAfter);
    merged.newBegin = uint32_t(newBegin);
    merged.newEnd = uint32_t(newEndBefore + growth);
  }
  auto at = hunks.erase(lo, hi);
  at = hunks.insert(at, merged);
  for (++at; at != hunks.end(); ++at) {
    at->newBegin = uint32_t(int64_t(at->newBegin) + growth);
    at->newEnd = uint32_t(int64_t(at->newEnd) + growth);
  }
}

std::vector<EditMap::Hunk>::const_iterator
EditMap::firstEndingAtOrAfter(uint32_t offset) const {
  return std::lower_bound(
      hunks.begin(), hunks.end(), offset,
      [](const Hunk &h, uint32_t off) { return h.oldEnd < off; });
}

uint32_t EditMap::mapOffset(uint32_t offset, bool after) const {
  // The last hunk starting before `offset`; one starting at it (an
  // insertion, or a replacement of the character there) only when `after`.
  auto it =
      std::partition_point(hunks.begin(), hunks.end(), [&](const Hunk &h) {
        return after ? h.oldBegin <= offset : h.oldBegin < offset;
      });
  if (it == hunks.begin())
    return offset;
  --it;
  if (offset < it->oldEnd)
    return after ? it->newEnd : it->newBegin;
  return uint32_t(int64_t(offset) + int64_t(it->newEnd) - int64_t(it->oldEnd));
}

std::optional<TextRange> EditMap::mapToken(TextRange r) const {
  auto it = firstEndingAtOrAfter(r.begin);
  if (it != hunks.end() && it->oldBegin <= r.end)
    return std::nullopt;
  return TextRange{mapOffset(r.begin, false), mapOffset(r.end, false)};
}

std::optional<TextRange> EditMap::mapSpan(TextRange r) const {
  if (r.end <= r.begin)
    return mapToken(r);
  // A non-empty hunk holding the first or the last character breaks it.
  auto replaces = [&](uint32_t ch) {
    auto it =
        std::partition_point(hunks.begin(), hunks.end(),
                             [&](const Hunk &h) { return h.oldEnd <= ch; });
    return it != hunks.end() && it->oldBegin <= ch && ch < it->oldEnd;
  };
  if (replaces(r.begin) || replaces(r.end - 1))
    return std::nullopt;
  return TextRange{mapOffset(r.begin, true), mapOffset(r.end, false)};
}
