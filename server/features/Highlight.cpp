//===- Highlight.cpp - Mentions of the name under the cursor --------------===//

#include "server/features/Highlight.h"
#include "server/features/Navigation.h"
#include "server/model/Index.h"

#include <algorithm>

using namespace ompx;

std::vector<Highlight> ompx::documentHighlights(const Snapshot &s,
                                                uint32_t offset) {
  std::vector<Highlight> out;
  int chunk = s.chunkAt(offset);
  auto index = chunkIndex(s, chunk);
  if (!index)
    return out;
  // An entry block without a label is recorded at its region's `{`: not a
  // name to highlight.
  if (const Entity *e = index->at(offset))
    if ((e->kind == EntityKind::BlockDef || e->kind == EntityKind::BlockUse) &&
        !s.str().substr(e->range.begin).starts_with("^"))
      return out;
  llvm::ArrayRef<Entity> ents = index->allEntities();
  for (const TextRange &r :
       references(s, offset, /*includeDeclaration=*/true)) {
    // A symbol's `@name` is both its definition and a use of the attribute.
    bool write = false;
    for (auto it = std::lower_bound(
             ents.begin(), ents.end(), r.begin,
             [](const Entity &e, uint32_t off) { return e.range.begin < off; });
         it != ents.end() && it->range.begin == r.begin; ++it)
      write |= it->kind == EntityKind::ValueDef ||
               it->kind == EntityKind::BlockDef ||
               it->kind == EntityKind::SymbolDef;
    out.push_back({r, write});
  }
  return out;
}
