//===- OdsTables.cpp - Static ODS facts of the omp and acc dialects -------===//

#include "dialects/OdsTables.h"

#include <algorithm>

namespace ompx::ods {
#include "OdsTables.inc"
} // namespace ompx::ods

using namespace ompx;
using namespace ompx::ods;

llvm::ArrayRef<Op> ods::allOps() { return kOps; }

const Op *ods::lookupOp(llvm::StringRef name) {
  // kOps is sorted by name (the generator sorts it).
  const Op *it = std::lower_bound(std::begin(kOps), std::end(kOps), name,
                                  [](const Op &op, llvm::StringRef n) {
                                    return llvm::StringRef(op.name) < n;
                                  });
  if (it == std::end(kOps) || llvm::StringRef(it->name) != name)
    return nullptr;
  return it;
}

const Clause *ods::lookupClause(llvm::StringRef name) {
  for (const Clause &c : kClauseTable)
    if (name == c.name)
      return &c;
  return nullptr;
}

const Enum *ods::enumAt(int index) {
  if (index < 0 || size_t(index) >= std::size(kEnums))
    return nullptr;
  return &kEnums[index];
}

const Arg *ods::argForKeyword(const Op &op, llvm::StringRef keyword) {
  for (const Arg &a : op.argList())
    if (keyword == a.keyword)
      return &a;
  // Keywords a custom directive prints (`varPtr`, `accVar`).
  if (const KeywordInfo *k = keywordInfo(op, keyword))
    if (k->arg >= 0 && unsigned(k->arg) < op.numArgs)
      return &op.args[k->arg];
  return nullptr;
}

const KeywordInfo *ods::keywordInfo(const Op &op, llvm::StringRef keyword) {
  for (unsigned i = 0; i < op.numKeywords; ++i)
    if (keyword == op.keywords[i])
      return &op.keywordInfo[i];
  return nullptr;
}

llvm::StringRef ods::regionLabel(const Op &op, unsigned region) {
  if (region >= op.numRegions)
    return "";
  if (*op.regionKeywords[region])
    return op.regionKeywords[region];
  return op.regions[region];
}

llvm::StringRef ompx::clauseGroupName(ClauseGroup group) {
  unsigned i = unsigned(group);
  return i < std::size(kClauseGroupNames) ? kClauseGroupNames[i] : "";
}

ClauseGroup ompx::clauseGroupNamed(llvm::StringRef name) {
  // kClauseGroupNames[1..] is sorted (the generator sorts it).
  auto begin = std::begin(kClauseGroupNames) + 1;
  auto it = std::lower_bound(
      begin, std::end(kClauseGroupNames), name,
      [](const char *a, llvm::StringRef n) { return llvm::StringRef(a) < n; });
  if (name.empty() || it == std::end(kClauseGroupNames) || name != *it)
    return ClauseGroup::None;
  return ClauseGroup(it - std::begin(kClauseGroupNames));
}

unsigned Op::numOperandGroups() const {
  unsigned n = 0;
  for (const Arg &a : argList())
    n += a.isOperand();
  return n;
}

unsigned Op::operandGroupArg(unsigned group) const {
  for (unsigned i = 0; i < numArgs; ++i)
    if (args[i].isOperand() && group-- == 0)
      return i;
  return numArgs;
}
