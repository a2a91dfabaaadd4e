//===- MergeParentMaps.cpp - One parent map per record and construct ------===//
//
// Members of one record named in several map clauses of a construct
// (`map(to: gr%n, gr%m) map(tofrom: gr%x)`) share one parent map entry in
// flang-22's lowering, except where the record is host-associated (an
// internal procedure using its host's variable): there each clause got a
// parent entry of its own. libomptarget then mapped the record twice, and a
// `target data` region's kernel worked on a copy no entry copied back
// (`x` unchanged, silently), `enter`/`exit data` freed what it had not
// allocated (heap corruption), and `target` stopped ("explicit extension
// not allowed"). The parents of one record become one, holding every
// member, as flang makes it elsewhere. Parents whose members map other
// sections of one part stay apart: `update from(u(1:1), u(n:n))` gives
// each item a parent of the array's descriptor, and merging them kept only
// the first section.
//
//===----------------------------------------------------------------------===//

#include "pipeline/passes/MapValues.h"
#include "pipeline/passes/Passes.h"

#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/OpenMP/OpenMPInterfaces.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <map>

namespace ompx::passes {
#define GEN_PASS_DEF_MERGEPARENTMAPSPASS
#include "pipeline/passes/Passes.h.inc"
} // namespace ompx::passes

using namespace mlir;
using ompx::passes::sameSection;
using ompx::passes::sameValue;

namespace {
/// Whether `from` has a member at an index `into` has one too that maps
/// another section: the two parents stay apart (as flang made them: the
/// runtime copies each section).
bool otherSections(omp::MapInfoOp into, omp::MapInfoOp from) {
  std::optional<ArrayAttr> mine = into.getMembersIndex(),
                           theirs = from.getMembersIndex();
  if (!mine || !theirs || mine->size() != into.getMembers().size() ||
      theirs->size() != from.getMembers().size())
    return false;
  for (auto [member, at] : llvm::zip(from.getMembers(), *theirs))
    for (auto [other, index] : llvm::zip(into.getMembers(), *mine))
      if (index == at && !sameSection(member, other))
        return true;
  return false;
}

/// A map entry with members: a record's parent entry.
omp::MapInfoOp parentOf(Value v) {
  auto info = v.getDefiningOp<omp::MapInfoOp>();
  return info && !info.getMembers().empty() ? info : omp::MapInfoOp();
}

/// Appends `from`'s members (and their indices) to `into`. A member at an
/// index `into` has already (flang's implicit map of an allocatable
/// component beside the clause naming it) is not taken: the one kept gets
/// both map types, and `duplicate` is told which replaces which.
void takeMembers(omp::MapInfoOp into, omp::MapInfoOp from,
                 llvm::function_ref<void(Value dup, Value kept)> duplicate) {
  SmallVector<Attribute> index;
  if (std::optional<ArrayAttr> mine = into.getMembersIndex())
    llvm::append_range(index, *mine);
  SmallVector<Value> members(into.getMembers());
  std::optional<ArrayAttr> theirs = from.getMembersIndex();
  if (!theirs || theirs->size() != from.getMembers().size())
    return;
  SmallVector<Value> added;
  for (auto [member, at] : llvm::zip(from.getMembers(), *theirs)) {
    auto same = llvm::find(index, at);
    if (same == index.end()) {
      index.push_back(at);
      members.push_back(member);
      added.push_back(member);
      continue;
    }
    Value kept = members[same - index.begin()];
    auto keptMap = kept.getDefiningOp<omp::MapInfoOp>();
    auto dupMap = member.getDefiningOp<omp::MapInfoOp>();
    if (keptMap && dupMap) {
      omp::ClauseMapFlags both = keptMap.getMapType() | dupMap.getMapType();
      if (!omp::bitEnumContainsAll(keptMap.getMapType(),
                                   omp::ClauseMapFlags::implicit) ||
          !omp::bitEnumContainsAll(dupMap.getMapType(),
                                   omp::ClauseMapFlags::implicit))
        both = both & ~omp::ClauseMapFlags::implicit;
      keptMap.setMapType(both);
    }
    duplicate(member, kept);
  }
  into.getMembersMutable().append(added);
  into.setMembersIndexAttr(ArrayAttr::get(into.getContext(), index));
}

/// Merges the parents of one record among `owner`'s map entries; returns
/// the number of parents removed.
unsigned mergeParents(omp::MapClauseOwningOpInterface owner) {
  SmallVector<Value> vars(owner.getMapVars());
  // Each record's first parent, and the positions of the others.
  SmallVector<std::pair<unsigned, unsigned>> merged; // (removed, kept)
  for (unsigned i = 0; i < vars.size(); ++i) {
    omp::MapInfoOp parent = parentOf(vars[i]);
    if (!parent)
      continue;
    for (unsigned j = 0; j < i; ++j) {
      omp::MapInfoOp first = parentOf(vars[j]);
      if (!first || first->getBlock() != owner->getBlock() ||
          parent->getBlock() != owner->getBlock() ||
          !sameValue(first.getVarPtr(), parent.getVarPtr(),
                     /*addressOnly=*/true) ||
          first.getVarType() != parent.getVarType() ||
          otherSections(first, parent) ||
          llvm::any_of(merged, [&](auto p) { return p.first == j; }))
        continue;
      merged.emplace_back(i, j);
      break;
    }
  }
  if (merged.empty())
    return 0;
  // The entries that go (a merged parent, a duplicate member) and the
  // entry whose block argument stands for each, largest position first.
  std::map<unsigned, unsigned, std::greater<unsigned>> gone;
  auto positionOf = [&](Value v) {
    return unsigned(llvm::find(vars, v) - vars.begin());
  };
  // In clause order: the members keep the clauses' order.
  for (auto [removed, kept] : merged) {
    auto parent = cast<omp::MapInfoOp>(vars[removed].getDefiningOp());
    auto first = cast<omp::MapInfoOp>(vars[kept].getDefiningOp());
    takeMembers(first, parent, [&](Value dup, Value stays) {
      if (positionOf(dup) < vars.size() && positionOf(stays) < vars.size())
        gone[positionOf(dup)] = positionOf(stays);
    });
    gone[removed] = kept;
    // After the members it takes (flang puts each clause's entries before
    // the construct).
    first->moveBefore(owner);
  }
  auto args = dyn_cast<omp::BlockArgOpenMPOpInterface>(owner.getOperation());
  if (args && args.numMapBlockArgs() == vars.size()) {
    Block &entry = owner->getRegion(0).front();
    unsigned start = args.getMapBlockArgsStart();
    for (auto [at, with] : gone)
      entry.getArgument(start + at)
          .replaceAllUsesWith(entry.getArgument(start + with));
    for (auto [at, with] : gone)
      entry.eraseArgument(start + at);
  }
  for (auto [at, with] : gone)
    owner.getMapVarsMutable().erase(at);
  // Parents first (they use the members).
  for (auto it = gone.rbegin(); it != gone.rend(); ++it)
    if (Operation *op = vars[it->first].getDefiningOp(); op && op->use_empty())
      op->erase();
  return merged.size();
}

struct MergeParentMapsPass
    : ompx::passes::impl::MergeParentMapsPassBase<MergeParentMapsPass> {
  void runOnOperation() final {
    getOperation().walk(
        [](omp::MapClauseOwningOpInterface owner) { mergeParents(owner); });
  }
};
} // namespace
