//===- HostCompositeSchedule.cpp - Host schedules that distribute ---------===//
//
// LLVM 22's host translation of a composite `distribute parallel do` (an
// omp.distribute wrapping an omp.wsloop) distributes the loop to the teams
// only for some schedules. With `schedule(static, c)`, `dynamic`, `guided`,
// `auto` or `runtime`, and no dist_schedule chunk, it emits the worksharing
// loop alone (`__kmpc_for_static_init` 33, `__kmpc_dispatch_init`), so every
// team ran every iteration: 4 teams counted each iteration 4 times, with no
// message (flang-22 -fopenmp builds the same). With `dist_schedule(static)`
// and no chunk anywhere it calls `__kmpc_dist_for_static_init` with
// schedule 92, and libomp aborts ("unknown loop scheduling type").
//
// Each such loop gets a schedule the translation distributes, one OpenMP
// allows for the clauses given:
// - dynamic, guided, auto, runtime: static. The assignment of their chunks
//   to threads is unspecified and a thread may take consecutive chunks, so
//   each thread's one block is a legal execution (run-sched-var is not
//   read).
// - static with a chunk and no dist_schedule: dist_schedule(static), whose
//   blocks are a legal choice for the implementation-defined distribution;
//   the threads then deal the chunks of their team's block.
// - dist_schedule(static) without a chunk and static without one: the
//   default distribution, which is static blocks too.
// The chunked schedules left (a thread chunk, a dist_schedule chunk) the
// translation still gets wrong for teams of more than one thread; the
// host module is mended after it (compile/HostCompositeChunks.cpp).
//
//===----------------------------------------------------------------------===//

#include "pipeline/passes/Passes.h"

#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace ompx::passes {
#define GEN_PASS_DEF_HOSTCOMPOSITESCHEDULEPASS
#include "pipeline/passes/Passes.h.inc"
} // namespace ompx::passes

using namespace mlir;

namespace {
struct HostCompositeSchedulePass
    : ompx::passes::impl::HostCompositeSchedulePassBase<
          HostCompositeSchedulePass> {

  void runOnOperation() final {
    getOperation().walk([](omp::DistributeOp dist) {
      Block &body = dist.getRegion().front();
      auto loop =
          body.empty() ? nullptr : dyn_cast<omp::WsloopOp>(body.front());
      if (!loop)
        return;
      std::optional<omp::ClauseScheduleKind> kind = loop.getScheduleKind();
      if (kind && *kind != omp::ClauseScheduleKind::Static) {
        loop.removeScheduleKindAttr();
        loop.removeScheduleModAttr();
        loop.removeScheduleSimdAttr();
        loop.getScheduleChunkMutable().clear();
        kind.reset();
      }
      bool threadChunk = static_cast<bool>(loop.getScheduleChunk());
      bool blockChunk = static_cast<bool>(dist.getDistScheduleChunkSize());
      if (threadChunk && !dist.getDistScheduleStatic())
        dist.setDistScheduleStatic(true);
      else if (!threadChunk && !blockChunk && dist.getDistScheduleStatic())
        dist.setDistScheduleStatic(false);
    });
  }
};
} // namespace
