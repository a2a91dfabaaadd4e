//===- LoopChunkMarks.cpp - Carry loop chunks through translation ---------===//
//
// LLVM 22's OpenMP translation of device code calls the runtime's
// `__kmpc_distribute_static_loop`, `__kmpc_distribute_for_static_loop` and
// `__kmpc_for_static_loop` with a chunk of 0 whatever `dist_schedule(static,
// c)` or `schedule(static, c)` said: on every device, iterations went to
// other teams (and GPU threads) than the specification's round-robin of
// chunks, silently. The translation passes nothing of the op to the call
// but the loop body it outlines, so this pass puts a mark in that body,
// `__ompx_loop_chunk(kind, chunk, site)`, and DeviceFixes' loop-chunks
// moves the chunk from the mark to the call and erases the mark.
//
//===----------------------------------------------------------------------===//

#include "pipeline/passes/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace ompx::passes {
#define GEN_PASS_DEF_LOOPCHUNKMARKSPASS
#include "pipeline/passes/Passes.h.inc"
} // namespace ompx::passes

using namespace mlir;

namespace {
struct LoopChunkMarksPass
    : ompx::passes::impl::LoopChunkMarksPassBase<LoopChunkMarksPass> {

  void runOnOperation() final {
    ModuleOp module = getOperation();
    MLIRContext *ctx = module.getContext();
    auto i32 = IntegerType::get(ctx, 32), i64 = IntegerType::get(ctx, 64);
    LLVM::LLVMFuncOp mark;
    unsigned site = 0;
    bool failed = false;
    module.walk([&](omp::LoopNestOp loop) {
      // The wrappers around the loop, innermost first.
      struct Chunk {
        ompx::passes::LoopChunkKind kind;
        Value value;
        Location at;
      };
      SmallVector<Chunk> chunks;
      // A clause's static schedule without a chunk asks for one block a
      // team or thread, which the runtime call cannot tell from no clause:
      // it is marked with chunk 0 (the loop-chunks fix computes the block).
      Value none;
      for (Operation *op = loop->getParentOp();
           op && isa<omp::LoopWrapperInterface>(op); op = op->getParentOp()) {
        if (auto d = dyn_cast<omp::DistributeOp>(op)) {
          if (Value c = d.getDistScheduleChunkSize())
            chunks.push_back({ompx::passes::DistributeChunk, c, op->getLoc()});
          else if (d.getDistScheduleStatic())
            chunks.push_back(
                {ompx::passes::DistributeBlocked, none, op->getLoc()});
        }
        if (auto w = dyn_cast<omp::WsloopOp>(op)) {
          if (Value c = w.getScheduleChunk())
            chunks.push_back({ompx::passes::ScheduleChunk, c, op->getLoc()});
          else if (w.getScheduleKind() == omp::ClauseScheduleKind::Static)
            chunks.push_back(
                {ompx::passes::ScheduleBlocked, none, op->getLoc()});
        }
      }
      for (auto [kind, chunk, at] : chunks) {
        if (chunk && !isa<IntegerType>(chunk.getType())) {
          emitError(at, "ompx-loop-chunk-marks: a chunk of type ")
              << chunk.getType() << " (the LLVM dialect was expected)";
          failed = true;
          return;
        }
        OpBuilder b(ctx);
        if (!mark) {
          b.setInsertionPointToEnd(module.getBody());
          mark = LLVM::LLVMFuncOp::create(
              b, module.getLoc(), ompx::passes::kLoopChunkMark,
              LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(ctx),
                                          {i32, i64, i32}));
        }
        Block &body = loop.getRegion().front();
        b.setInsertionPointToStart(&body);
        Value wide = chunk;
        unsigned width = chunk ? chunk.getType().getIntOrFloatBitWidth() : 0;
        if (!chunk)
          wide = LLVM::ConstantOp::create(b, at, i64, 0);
        else if (width < 64)
          wide = LLVM::SExtOp::create(b, at, i64, chunk);
        else if (width > 64)
          wide = LLVM::TruncOp::create(b, at, i64, chunk);
        Value k = LLVM::ConstantOp::create(b, at, i32, unsigned(kind));
        Value s = LLVM::ConstantOp::create(b, at, i32, site++);
        LLVM::CallOp::create(b, at, mark, ValueRange{k, wide, s});
      }
    });
    if (failed)
      signalPassFailure();
  }
};
} // namespace
