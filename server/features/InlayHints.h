//===- InlayHints.h - Clause roles where the text does not say --*- C++ -*-===//

#ifndef OMPX_FEATURES_INLAYHINTS_H
#define OMPX_FEATURES_INLAYHINTS_H

#include "server/features/Describe.h"
#include "server/model/Snapshot.h"

#include <optional>

namespace ompx {

/// An OpenACC data clause value (the result of a data entry op such as
/// `acc.copyin`) where a construct's clause list uses it.
struct AccDataHint {
  std::string variable; ///< its `name` attribute, else the var operand
  std::string clause;   ///< `dataClause` without `acc_`, else the op's
  std::string entryOp;  ///< e.g. "acc.create"
  uint32_t entryLine = 0;
  std::string user;       ///< e.g. "acc.parallel"
  std::string userClause; ///< e.g. "dataOperands"
};

struct InlayHint {
  uint32_t offset;     ///< shown after the token ending here
  std::string label;   ///< plain text: bindingHint(binding), no markdown
  std::string tooltip; ///< markdown: bindingMeaning(binding)
  BindingInfo binding; ///< what the label and tooltip say (omp)
  std::optional<AccDataHint> acc; ///< set for an OpenACC data clause value
};

/// After each mention of a clause-bound entry block argument in `range`:
/// what it is (`y tofrom`, `ub(host)`, `private %5`); after each OpenACC
/// data clause value in a construct's clause list, its variable and clause
/// (`a copyin`). At most `limit` hints.
std::vector<InlayHint> inlayHints(const Snapshot &snapshot, TextRange range,
                                  size_t limit = 5000);

} // namespace ompx

#endif // OMPX_FEATURES_INLAYHINTS_H
