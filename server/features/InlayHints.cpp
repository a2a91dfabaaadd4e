//===- InlayHints.cpp - Clause roles where the text does not say ----------===//

#include "server/features/InlayHints.h"
#include "server/features/Describe.h"

#include <algorithm>

using namespace ompx;

std::vector<InlayHint> ompx::inlayHints(const Snapshot &s, TextRange range,
                                        size_t limit) {
  std::vector<InlayHint> out;
  for (size_t c = 0; c < s.chunks.size() && out.size() < limit; ++c) {
    if (s.chunks[c].end <= range.begin || s.chunks[c].begin >= range.end)
      continue;
    auto index = chunkIndex(s, int(c));
    if (!index)
      continue;
    const ChunkAnalysis &a = index->analysis();
    for (size_t f = 0; f < a.facts.size(); ++f) {
      const OpFacts &facts = a.facts[f];
      const OpRecord &op = a.ops[facts.op];
      if (op.fullRange.end <= range.begin || op.fullRange.begin >= range.end)
        continue;
      for (size_t b = 0; b < facts.bindings.size(); ++b) {
        BindingRef ref{int32_t(f), int32_t(b)};
        int32_t arg = facts.bindings[b].blockArg;
        if (arg < 0)
          continue;
        BindingInfo info = describeBinding(s, *index, ref);
        std::string label = bindingHint(info);
        std::string tip = bindingMeaning(info);
        if (op.flags & OpStale)
          tip += " (from the last version that parsed)";
        // The definition `-> %arg4` says the clause; uses say nothing.
        for (const TextRange &u : a.values[arg].uses)
          if (u.end > range.begin && u.begin < range.end && out.size() < limit)
            out.push_back({u.end, label, tip, info});
        // host_eval roles are not visible at the definition either.
        const ValueRecord &v = a.values[arg];
        if (!facts.bindings[b].roles.empty() && v.def.end > range.begin &&
            v.def.begin < range.end && out.size() < limit)
          out.push_back({v.def.end, label, tip, info});
      }
    }
  }
  std::sort(out.begin(), out.end(), [](const InlayHint &x, const InlayHint &y) {
    return x.offset < y.offset;
  });
  return out;
}
