//===- WorkshareSingle.cpp - Workshare blocks flang-22 splits wrongly -----===//
//
// flang-22's lower-workshare splits an `omp.workshare` block into parts
// every thread runs (the loops of array assignments, shared among the team)
// and parts one thread runs in an `omp.single`, broadcasting what the
// others need. Measured with flang-22's own objects (4 threads, each block
// 100-300 times), it gets many blocks wrong:
// - FORALL that keeps values on the runtime's temporary stack (an array
//   section assigned per index, a WHERE in a FORALL): the stack's counter
//   is each thread's own, advanced only by the thread of the single; wrong
//   values in 271 of 300 runs at -O2, "temporary-stack: out of bounds
//   access" at -O0;
// - an intrinsic whose result goes to a temporary allocated in the parallel
//   region (UBOUND, MAXLOC, CSHIFT at -O2): one thread fills its own
//   temporary, the others copy their uninitialized ones (wrong every run).
// A single thread running the whole block is a correct workshare (how
// units of work are assigned to threads is unspecified), so every block
// holding anything but what flang-22 was measured to split correctly
// (element-wise array expressions and their assignment, WHERE) becomes an
// `omp.single` with the block's `nowait`: slower for those blocks, right.
//
// Runs before flang's HLFIR lowering (lower-workshare runs inside it).
//
//===----------------------------------------------------------------------===//

#include "pipeline/passes/Passes.h"

#include "flang/Optimizer/HLFIR/HLFIRDialect.h"

#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/StringSet.h"

namespace ompx::passes {
#define GEN_PASS_DEF_WORKSHARESINGLEPASS
#include "pipeline/passes/Passes.h.inc"
} // namespace ompx::passes

using namespace mlir;

/// Ops of a block flang-22 splits correctly: element-wise expressions,
/// their designators and assignment, WHERE's mask regions. No calls (an
/// elemental function, the runtime), no transformational intrinsic, no
/// temporary, no FORALL.
static bool isSplitSafeOp(Operation *op) {
  StringRef dialect = op->getDialect() ? op->getDialect()->getNamespace() : "";
  if (dialect == "arith" || dialect == "math" || dialect == "complex")
    return true;
  static const llvm::StringSet<> safe = {
      "fir.convert",     "fir.load",
      "fir.shape",       "fir.shape_shift",
      "fir.shift",       "fir.slice",
      "fir.no_reassoc",  "fir.box_dims",
      "fir.box_addr",    "fir.embox",
      "fir.rebox",       "hlfir.assign",
      "hlfir.designate", "hlfir.destroy",
      "hlfir.elemental", "hlfir.yield_element",
      "hlfir.apply",     "hlfir.no_reassoc",
      "hlfir.shape_of",  "hlfir.get_extent",
      "hlfir.where",     "hlfir.elsewhere",
      "hlfir.yield",     "hlfir.region_assign",
      "fir.end",         "omp.terminator"};
  return safe.contains(op->getName().getStringRef());
}

/// Whether `v` is memory allocated on this thread's stack outside
/// `workshare` but inside the same parallel region (or the same function,
/// for an orphaned block): a temporary flang hoisted there is each
/// thread's own, and the split fills only one thread's.
static bool isThreadStackMemory(Value v, omp::WorkshareOp workshare) {
  Operation *def = v.getDefiningOp();
  while (def && def->getName().getStringRef() == "hlfir.declare") {
    v = def->getOperand(0);
    def = v.getDefiningOp();
  }
  if (!def || workshare->isAncestor(def))
    return false;
  StringRef name = def->getName().getStringRef();
  if (name != "fir.alloca" && name != "llvm.alloca")
    return false;
  return def->getParentOfType<omp::ParallelOp>() ==
         workshare->getParentOfType<omp::ParallelOp>();
}

/// `op` as the Fortran it comes from ("a FORALL", "MAXLOC", "a call of
/// f"), with a rank: the lower, the more it says of the block.
static std::pair<int, std::string> fortranWords(Operation *op) {
  StringRef name = op->getName().getStringRef();
  if (name == "hlfir.forall")
    return {0, "a FORALL"};
  if (name == "hlfir.concat")
    return {1, "a character concatenation"};
  if (auto call = dyn_cast<CallOpInterface>(op))
    if (auto callee =
            dyn_cast_if_present<SymbolRefAttr>(call.getCallableForCallee())) {
      // flang's runtime entry of an intrinsic: _FortranAUbound is UBOUND.
      StringRef fn = callee.getLeafReference();
      if (fn.consume_front("_FortranA"))
        return {1, fn.upper()};
      return {1, "a call of " + fn.str()};
    }
  // hlfir's transformational intrinsics (hlfir.sum, hlfir.maxloc, ...).
  if (name != "hlfir.as_expr" && name.consume_front("hlfir.") &&
      op->getNumResults() == 1 &&
      isa<hlfir::ExprType>(op->getResult(0).getType()))
    return {1, name.upper()};
  return {3, op->getName().getStringRef().str()};
}

/// What in `workshare` flang-22's lower-workshare is not known to split
/// correctly, in words, or "" when it has nothing such.
static std::string splitDefect(omp::WorkshareOp workshare) {
  std::pair<int, std::string> why{4, ""};
  workshare.getRegion().walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (!isSplitSafeOp(op))
      why = std::min(why, fortranWords(op));
    for (Value operand : op->getOperands())
      if (isThreadStackMemory(operand, workshare))
        why =
            std::min(why, {2, "a temporary of the enclosing parallel region"});
  });
  return why.second;
}

namespace {
struct WorkshareSinglePass
    : ompx::passes::impl::WorkshareSinglePassBase<WorkshareSinglePass> {
  void runOnOperation() final {
    SmallVector<omp::WorkshareOp> unsafe;
    getOperation().walk([&](omp::WorkshareOp workshare) {
      std::string why = splitDefect(workshare);
      if (why.empty())
        return;
      // Said where it happens (the editor's lowering check shows it as
      // information): the block loses its parallelism.
      workshare.emitRemark()
          << "ompx runs this workshare block on one thread of the team "
             "(it has "
          << why
          << "; flang-22 splits only element-wise and scalar assignments "
             "and WHERE among the threads correctly: ompx-workshare-single)";
      unsafe.push_back(workshare);
    });
    for (omp::WorkshareOp workshare : unsafe) {
      OpBuilder b(workshare);
      omp::SingleOperands clauses;
      clauses.nowait = workshare.getNowaitAttr();
      auto single = omp::SingleOp::create(b, workshare.getLoc(), clauses);
      single.getRegion().takeBody(workshare.getRegion());
      workshare.erase();
    }
  }
};
} // namespace
