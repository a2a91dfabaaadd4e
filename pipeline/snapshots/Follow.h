//===- Follow.h - An op followed across the snapshots -----------*- C++ -*-===//
//
// `ompx-lsp pipeline FILE --follow=LINE[:COL]`: the snapshots keep every
// op's location inline (`loc("saxpy.f90":12:7)`), so the ops of a source
// line are found in each snapshot by their text. In LLVM IR and assembly
// the locations are gone; what is left of an `omp.target` there is its
// kernel, named after the line (`__omp_offloading_..._l12`), and the host's
// launch of it.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_SNAPSHOTS_FOLLOW_H
#define OMPX_PIPELINE_SNAPSHOTS_FOLLOW_H

#include "pipeline/snapshots/SnapshotStore.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace ompx::snapshots {

/// A source position: a file (matched by its name, without folders), a
/// line and a column (0: any).
struct FollowTarget {
  std::string file;
  unsigned line = 0, column = 0;
  std::string str() const;
};

/// `LINE` or `LINE:COL`; nullopt when it is neither.
std::optional<std::pair<unsigned, unsigned>> parseLineSpec(llvm::StringRef s);

/// Where the op at `line` of an MLIR file (`text`, named `name`) comes
/// from: its location (through `#loc` aliases); the line of the file itself
/// when it has none. `why` says what is wrong when there is no op there.
std::optional<FollowTarget> targetOfMlirLine(llvm::StringRef text,
                                             llvm::StringRef name,
                                             unsigned line, std::string &why);

/// What the target is in one snapshot.
struct FollowStep {
  const SnapshotRecord *snapshot = nullptr;
  /// `omp.target in @_QPsaxpy`, `kernel @__omp_offloading_..._l12`, ...
  std::vector<std::string> found;
  /// The ops' own text (value names blanked), what `changed` compares.
  std::vector<std::string> text;
  bool changed = false; ///< from the view's previous snapshot
};

/// The target in every snapshot of `store` where it is found.
std::vector<FollowStep> follow(const Store &store, const FollowTarget &target);

} // namespace ompx::snapshots

#endif // OMPX_PIPELINE_SNAPSHOTS_FOLLOW_H
