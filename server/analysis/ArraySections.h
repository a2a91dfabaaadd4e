//===- ArraySections.h - Constant elements and sections of arrays -*- C++ -*-//
//
// What the mapping checks can say of which elements an op touches: the
// section a data clause names, the element a host access designates, the
// elements a kernel's loop writes, when flang's MLIR spells them with
// constants (folded through its conversions, its bound arithmetic and a
// target region's host_eval arguments). Anything else is "not known", and
// the checks stay silent on it. Internal to the analysis library.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_ANALYSIS_ARRAYSECTIONS_H
#define OMPX_ANALYSIS_ARRAYSECTIONS_H

#include "server/analysis/MappingFlow.h"

#include "mlir/IR/Value.h"

#include <cstdint>
#include <optional>
#include <utility>

namespace ompx::mapping {

/// An inclusive range of Fortran indices.
using Section = std::pair<int64_t, int64_t>;

/// `v` as a constant integer, through conversions, additions and
/// subtractions, and a target region's host_eval arguments.
std::optional<int64_t> constantOf(mlir::Value v);

/// The section a data clause (an omp.map.info or an OpenACC data clause op)
/// names with one-dimensional constant bounds, when it is not the whole
/// array; nullopt for the whole array or bounds that are not constant.
std::optional<Section> sectionOf(mlir::Operation *entry);

/// The whole extent of a data clause's one-dimensional array, when its
/// bounds are constant.
std::optional<Section> extentOf(mlir::Operation *entry);

/// How `op` accesses `root`: the elements it designates (one at a constant
/// index, at a host loop's variable over its constant range, or a section
/// of constant bounds), or the whole of it (no designate on the way);
/// nullopt for anything else (an index computed at run time).
struct ElementUse {
  bool whole = false;
  std::optional<Section> range;
};
std::optional<ElementUse> elementUse(mlir::Operation *op, mlir::Value root);

/// Whether every element `use` names lies in `sections` (sorted, merged).
bool inSections(const ElementUse &use, llvm::ArrayRef<Section> sections);

/// Whether `use` (the whole array included) names an element of `sections`.
bool overlaps(const ElementUse &use, llvm::ArrayRef<Section> sections);

/// The elements of the array a target region's entry `arg` binds that
/// `accesses` (its accesses in the region) write (or, with `reads`, read)
/// for certain, as sorted, merged ranges: each such access designates one
/// element at a constant index or at a loop's induction variable (plus a
/// constant) whose loop has constant bounds and step 1, not under a
/// condition. Nullopt when any is otherwise (the whole array, another
/// index); any access that may do anything makes it nullopt too.
std::optional<llvm::SmallVector<Section, 2>>
touchedElements(mlir::Value arg, llvm::ArrayRef<Access> accesses,
                mlir::Operation *region, bool reads = false);

/// `a` and `b` (each sorted, merged) as one sorted, merged list.
llvm::SmallVector<Section, 2> merged(llvm::ArrayRef<Section> a,
                                     llvm::ArrayRef<Section> b);

/// The parts of `whole` that `ranges` (sorted, merged) leave out.
llvm::SmallVector<Section, 2> uncovered(const Section &whole,
                                        llvm::ArrayRef<Section> ranges);

/// Whether the elements `hostOp` designates of `root` in any later
/// iteration of the counted DO `loop` lie apart from the section the data
/// clause `entry` names in an earlier one: both one-dimensional, their
/// bounds linear in the DO variable (through the locals the body assigns
/// once from it), the chunks moving past each other (`lo = (c - 1) * m +
/// 1; hi = c * m`, a pipeline of `nowait` chunks).
bool apartInLaterIterations(mlir::Operation *loop, mlir::Operation *entry,
                            mlir::Operation *hostOp, mlir::Value root);

} // namespace ompx::mapping

#endif // OMPX_ANALYSIS_ARRAYSECTIONS_H
