//===- MappingFlow.h - Data-state walk of the mapping checks ----*- C++ -*-===//
//
// The parts of the mapping checks that follow data through a function's host
// code: where a variable's device copy is created, copied and dropped (enter/
// exit data, data regions, updates, kernels) and where the host reads and
// writes it in between. Shared with MappingChecks.cpp: the access finder
// (accessesOf) both use. Internal to the analysis library.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_ANALYSIS_MAPPINGFLOW_H
#define OMPX_ANALYSIS_MAPPINGFLOW_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <string>
#include <vector>

namespace mlir {
class Block;
class Operation;
class Value;
} // namespace mlir

namespace ompx::mapping {

/// One op's access to the followed data.
struct Access {
  mlir::Operation *op;
  bool read = false, write = false;
  bool unknown = false;  ///< an op that may do anything with it
  bool indirect = false; ///< through a pointer loaded from the data
};

/// Every access to the memory `root` refers to, through views and (for
/// `followLoads`) pointers loaded from it.
std::vector<Access> accessesOf(mlir::Value root, bool followLoads);

/// Whether `op` runs only under a condition inside `scope`: an ancestor with
/// several regions (fir.if, scf.if) or a region of several blocks.
bool underCondition(mlir::Operation *op, mlir::Operation *scope);

/// The read that comes first in program order among `accesses` inside
/// `scope` (loops and nested constructs included), or null when the first is
/// a write, may do anything, privatizes the data or runs under a condition.
mlir::Operation *firstRead(mlir::Operation *scope,
                           llvm::ArrayRef<Access> accesses);

/// Whether `later` may run after `first`: it follows it in program order,
/// `later` holds `first`, or a loop (or a region of branches) holds both
/// (not an if whose branches hold one each).
bool mayRunAfter(mlir::Operation *later, mlir::Operation *first);

/// Whether the host may read `var` after `construct` ran: it is a dummy
/// argument or a module variable (the caller may), or something after the
/// construct in its function may read it, outside any kernel.
bool hostMayReadAfter(mlir::Operation *construct, mlir::Value var);

/// Whether the caller, or another procedure, may hold `var` mapped when
/// its procedure runs: a dummy argument or a module (global) variable.
bool callerMayHold(mlir::Value var);

/// Whether the host code after `construct` in its function reads an
/// element of `var` in `gaps` (or the whole of it) before it writes it,
/// for certain: a read at a constant index (or of the whole array) before
/// a write of that element or a construct mapping it; an access not told
/// (an index computed at run time, a call, under a condition) ends the
/// search with no.
bool gapsReadAfter(mlir::Operation *construct, mlir::Value var,
                   llvm::ArrayRef<std::pair<int64_t, int64_t>> gaps);

/// The accesses to the data `v` refers to, through pointers loaded from it;
/// for a descriptor (an allocatable, an assumed-shape dummy), loading the
/// descriptor itself reads no data.
std::vector<Access> dataAccesses(mlir::Value v);

/// Whether `v`'s storage is a declare target (`to`/`enter`) variable, which
/// this unit declares or its module does (ompx.declare_target_elsewhere,
/// from the module's record): one device copy for the whole program, which
/// maps neither make nor drop, so only `target update` moves its data.
bool isDeclareTargetStorage(mlir::Value v);

/// The storage `v` is a view of (through declares, converts, designates, box
/// addresses).
mlir::Value storageOf(mlir::Value v);

/// A finding of the data-state walk: located at `at` (a map entry, an acc
/// data op or a kernel), with notes at other ops.
struct FlowFinding {
  const char *check;
  mlir::Operation *at;
  std::string message;
  llvm::SmallVector<std::pair<mlir::Operation *, std::string>, 3> notes;
  /// For `at` an omp.map.info: the map_clauses word to replace, and by what.
  std::string fixFrom, fixTo;
};

/// Walks the host code of every function of `module` in program order and
/// reports device data that the host reads before it is copied back, kernels
/// that read a device copy the host changed since, host accesses to the data
/// of a `nowait` region before a `taskwait`, firstprivate scalars written in
/// a target region and read on the host, and data regions whose `to` entry a
/// kernel writes. A variable something cannot be judged for (a call, an op
/// under a condition, a pointer) gets no finding from there on. With
/// `explain`, also one `explain-maps` finding per variable without a
/// finding: followed to the end, or why the walk stopped judging it.
std::vector<FlowFinding> walkDataFlow(mlir::Block &module,
                                      bool explain = false);

} // namespace ompx::mapping

#endif // OMPX_ANALYSIS_MAPPINGFLOW_H
