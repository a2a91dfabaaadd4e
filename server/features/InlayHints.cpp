//===- InlayHints.cpp - Clause roles where the text does not say ----------===//

#include "server/features/InlayHints.h"
#include "server/features/Describe.h"
#include "support/FlangNames.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"

#include <algorithm>

using namespace ompx;
using llvm::StringRef;

namespace {

/// An OpenACC data clause op (entry or exit: acc.copyin, acc.delete, ...):
/// every one has the `dataClause` attribute.
bool isAccDataClauseOp(const ods::Op *info) {
  return info && StringRef(info->name).starts_with("acc.") &&
         llvm::any_of(info->argList(), [](const ods::Arg &a) {
           return StringRef(a.name) == "dataClause";
         });
}

/// Labels are plain text: drop the markdown code marks the shared texts use
/// (`mappedName` writes an unnamed variable as "`%0`").
std::string plain(std::string text) {
  llvm::erase(text, '`');
  return text;
}

/// The hint after the use of operand `operand` of acc op `op` when a data
/// entry op produced it.
std::optional<AccDataHint> accDataHint(const Snapshot &s,
                                       const ChunkIndex &index, int32_t op,
                                       uint32_t operand) {
  const ChunkAnalysis &a = index.analysis();
  int32_t value = a[a.ops[op].operands][operand];
  if (value < 0)
    return std::nullopt;
  int32_t entry = a.values[value].ownerOp;
  const OpFacts *f = index.factsOf(entry);
  if (!f || !isAccDataClauseOp(index.odsOf(entry)))
    return std::nullopt;
  AccDataHint h;
  h.entryOp = a.ops[entry].name.str();
  h.entryLine = lineOf(s, a.ops[entry].nameRange.begin);
  h.variable = sourceName(attrWord(*f, "name"));
  if (h.variable.empty() && !a.ops[entry].operands.empty() &&
      a[a.ops[entry].operands][0] >= 0)
    h.variable = valueName(s, a, a[a.ops[entry].operands][0]);
  // `acc.create` with `dataClause = acc_copyout` is the entry half of a
  // copyout clause: the clause the user wrote is what matters.
  std::string dataClause = attrWord(*f, "dataClause");
  StringRef clause = dataClause;
  if (!clause.consume_front("acc_"))
    clause = StringRef(h.entryOp).drop_front(4);
  h.clause = clause.str();
  h.user = a.ops[op].name.str();
  if (auto cl = operandClause(index, op, operand))
    h.userClause = argLabel(*cl->first).str();
  return h;
}

std::string accTooltip(const AccDataHint &h) {
  std::string text = "device copy of **" + h.variable + "** for the `" +
                     h.clause + "` clause, from `" + h.entryOp + "` (line " +
                     std::to_string(h.entryLine) + ")";
  if (!h.userClause.empty())
    text += "; `" + h.userClause + "` of `" + h.user + "`";
  return text;
}

} // namespace

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
      std::string stale =
          op.flags & OpStale ? " (from the last version that parsed)" : "";
      // OpenACC clauses bind no block arguments: the construct's clause
      // list names the data entry op's result, which says nothing there.
      if (StringRef(op.name).starts_with("acc.") &&
          !isAccDataClauseOp(index->odsOf(facts.op)))
        for (const OperandGroup &g : facts.groups)
          for (uint32_t i = g.first; i < g.first + g.count; ++i) {
            if (i >= op.operands.size() || out.size() >= limit)
              break;
            std::optional<AccDataHint> h = accDataHint(s, *index, facts.op, i);
            if (!h)
              continue;
            std::optional<TextRange> use = index->operandUse(facts.op, i);
            if (!use || use->end <= range.begin || use->begin >= range.end)
              continue;
            InlayHint hint{use->end, plain(h->variable + " " + h->clause),
                           accTooltip(*h) + stale, BindingInfo(), *h};
            out.push_back(std::move(hint));
          }
      for (size_t b = 0; b < facts.bindings.size(); ++b) {
        BindingRef ref{int32_t(f), int32_t(b)};
        int32_t arg = facts.bindings[b].blockArg;
        if (arg < 0)
          continue;
        BindingInfo info = describeBinding(s, *index, ref);
        std::string label = plain(bindingHint(info));
        std::string tip = bindingMeaning(info) + stale;
        // The definition `-> %arg4` says the clause; uses say nothing.
        for (const TextRange &u : a[a.values[arg].uses])
          if (u.end > range.begin && u.begin < range.end && out.size() < limit)
            out.push_back({u.end, label, tip, info, std::nullopt});
        // host_eval roles are not visible at the definition either.
        const ValueRecord &v = a.values[arg];
        if (!facts.bindings[b].roles.empty() && v.def.end > range.begin &&
            v.def.begin < range.end && out.size() < limit)
          out.push_back({v.def.end, label, tip, info, std::nullopt});
      }
    }
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const InlayHint &x, const InlayHint &y) {
                     return x.offset < y.offset;
                   });
  return out;
}
