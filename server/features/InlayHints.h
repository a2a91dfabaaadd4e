//===- InlayHints.h - Clause roles where the text does not say --*- C++ -*-===//

#ifndef OMPX_FEATURES_INLAYHINTS_H
#define OMPX_FEATURES_INLAYHINTS_H

#include "server/features/Describe.h"
#include "server/model/Snapshot.h"

namespace ompx {

struct InlayHint {
  uint32_t offset;     ///< shown after the token ending here
  std::string label;   ///< bindingHint(binding)
  std::string tooltip; ///< bindingMeaning(binding)
  BindingInfo binding; ///< what the label and tooltip say
};

/// After each mention of a clause-bound entry block argument in `range`:
/// what it is (`y tofrom`, `ub(host)`, `private %5`). At most `limit` hints.
std::vector<InlayHint> inlayHints(const Snapshot &snapshot, TextRange range,
                                  size_t limit = 5000);

} // namespace ompx

#endif // OMPX_FEATURES_INLAYHINTS_H
