//===- ClauseGroup.h - The operand groups of omp/acc ops --------*- C++ -*-===//
//
// One enumerator per ODS operand group name of any omp/acc op (`map_vars`,
// `host_eval_vars`, `loop_upper_bounds`, ...), generated from the installed
// .td files with its name table (gen_ods_tables.py), so no code lists
// clause groups by hand and a renamed group breaks the build, not a hover.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_DIALECTS_CLAUSEGROUP_H
#define OMPX_DIALECTS_CLAUSEGROUP_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>

namespace ompx {

#include "ClauseGroup.inc"

/// The ODS name of `group` ("map_vars"); "" for ClauseGroup::None.
llvm::StringRef clauseGroupName(ClauseGroup group);
/// The group named `name`, or ClauseGroup::None.
ClauseGroup clauseGroupNamed(llvm::StringRef name);

} // namespace ompx

#endif // OMPX_DIALECTS_CLAUSEGROUP_H
