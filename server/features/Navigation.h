//===- Navigation.h - Definition and references across clauses --*- C++ -*-===//

#ifndef OMPX_FEATURES_NAVIGATION_H
#define OMPX_FEATURES_NAVIGATION_H

#include "server/model/Snapshot.h"

namespace ompx {

/// Where what is at `offset` is defined: one location. For an entry block
/// argument bound by a clause, its binding in the clause list (the `%23` of
/// `%23 -> %arg4`); definition there is the outer value's definition, and
/// references() gives both at once. For a symbol, the op defining it.
std::vector<TextRange> definition(const Snapshot &snapshot, uint32_t offset);

/// Every mention of what is at `offset`. A clause-bound block argument also
/// brings its outer value's mentions, and a mapped value the mapped
/// variable's, so a mapped variable's uses inside and outside the region
/// come together.
std::vector<TextRange> references(const Snapshot &snapshot, uint32_t offset,
                                  bool includeDeclaration);

} // namespace ompx

#endif // OMPX_FEATURES_NAVIGATION_H
