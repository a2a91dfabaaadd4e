//===- AccPlanDifferentialTest.cpp - Hover's acc verdict vs the pass ------===//
//
// Over every OpenACC module of the corpus (test/corpus/data, ../shared/corpus,
// upstream's dialect tests included) and of the tests: what hover says of
// each acc op (the recorded plan, worded by describeAccPlan) agrees with
// what `ompx-acc-to-omp` does when it runs on that module:
//  - the pass fails exactly when hover refuses some op, at an op hover
//    refuses (a refusal only the rewrite finds is a disagreement);
//  - where it succeeds, it makes one `omp.loop_nest` per loop hover calls
//    partitioned, an `omp.target` for each compute construct, and the SPMD
//    nest exactly for the constructs hover calls SPMD.
// Only modules on which LLVM 22 itself crashes (its acc preparation, or the
// acc.parallel verifier while parsing) are counted apart, and listed.
//
//===----------------------------------------------------------------------===//

#include "dialects/ir/Registry.h"
#include "pipeline/passes/AccPlan.h"
#include "pipeline/passes/Passes.h"
#include "server/features/AccLowering.h"
#include "server/syntax/Text.h"

#include "mlir/Dialect/OpenACC/OpenACC.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <gtest/gtest.h>

#include <iostream>
#include <map>
#include <set>

using namespace mlir;
using namespace ompx;

namespace {

/// The `.mlir` files under `root` that hold acc ops.
std::vector<std::string> accFiles(const std::string &root) {
  std::vector<std::string> out;
  std::error_code ec;
  for (llvm::sys::fs::recursive_directory_iterator it(root, ec), end;
       it != end && !ec; it.increment(ec)) {
    llvm::StringRef path = it->path();
    if (!path.ends_with(".mlir"))
      continue;
    auto buf = llvm::MemoryBuffer::getFile(path);
    if (buf && (*buf)->getBuffer().contains(" acc."))
      out.push_back(path.str());
  }
  std::sort(out.begin(), out.end());
  return out;
}

/// The op an error names: each acc op carries `ompx-acc-N` in its location.
int stampOf(Location loc) {
  int found = -1;
  loc->walk([&](Location l) {
    if (auto name = dyn_cast<NameLoc>(l))
      if (name.getName().strref().starts_with("ompx-acc-"))
        found = std::stoi(name.getName().strref().drop_front(9).str());
    return found >= 0 ? WalkResult::interrupt() : WalkResult::advance();
  });
  return found;
}

/// Whether `target` is the SPMD nest: its teams hold one distribute (or a
/// composite parallel) and nothing else.
bool spmdShape(omp::TargetOp target) {
  omp::TeamsOp teams;
  target->walk([&](omp::TeamsOp t) { teams = t; });
  if (!teams)
    return false;
  Block &body = teams.getRegion().front();
  Operation &first = body.front();
  auto par = dyn_cast<omp::ParallelOp>(first);
  return body.getOperations().size() == 2 &&
         (isa<omp::DistributeOp>(first) || (par && par.isComposite()));
}

/// The passes running now, innermost last (acc-to-omp runs LLVM's acc
/// passes as pipelines of its own): which one a crash happened in.
struct RunningPasses : PassInstrumentation {
  explicit RunningPasses(std::vector<std::string> &stack) : stack(stack) {}
  void runBeforePass(Pass *pass, Operation *) override {
    stack.push_back(pass->getArgument().str());
  }
  void runAfterPass(Pass *, Operation *) override { stack.pop_back(); }
  void runAfterPassFailed(Pass *, Operation *) override { stack.pop_back(); }
  std::vector<std::string> &stack;
};

/// What hover and the pass disagree on in `module` ("" when nothing);
/// "crash in PASS" when LLVM's pass PASS crashed.
std::string compare(MLIRContext &ctx, ModuleOp module) {
  std::vector<Operation *> accOps;
  module->walk([&](Operation *op) {
    if (isa<acc::OpenACCDialect>(op->getDialect())) {
      op->setLoc(NameLoc::get(
          StringAttr::get(&ctx, "ompx-acc-" + std::to_string(accOps.size())),
          op->getLoc()));
      accOps.push_back(op);
    }
  });
  std::set<int> refused;
  unsigned partitioned = 0, computes = 0, loopNests = 0;
  std::vector<AccPlan> plans;
  for (auto [i, op] : llvm::enumerate(accOps)) {
    AccPlan plan = plans.emplace_back(planAccToOmp(op));
    std::optional<AccLoweringNote> note = describeAccPlan(plan);
    if (note && note->refused)
      refused.insert(i);
    // What hover says a loop does: partitioned unless "Runs as a
    // sequential loop".
    if (note && !note->refused && plan.becomes == AccBecomes::Loop &&
        !llvm::StringRef(note->text).starts_with("Runs as a sequential loop"))
      ++partitioned;
    computes += !plan.refused() && (plan.becomes == AccBecomes::Parallel ||
                                    plan.becomes == AccBecomes::Serial ||
                                    plan.becomes == AccBecomes::Kernels);
  }
  module->walk([&](omp::LoopNestOp) { ++loopNests; });

  OwningOpRef<ModuleOp> copy(module.clone());
  std::vector<int> errorAt;
  std::string messages;
  LogicalResult ran = failure();
  {
    ScopedDiagnosticHandler handler(&ctx, [&](mlir::Diagnostic &d) {
      if (d.getSeverity() == DiagnosticSeverity::Error) {
        errorAt.push_back(stampOf(d.getLocation()));
        messages += " [" + d.str() + "]";
      }
      return success();
    });
    PassManager pm(&ctx);
    pm.addPass(passes::createAccToOmpPass());
    std::vector<std::string> running;
    pm.addInstrumentation(std::make_unique<RunningPasses>(running));
    // LLVM's own OpenACC passes crash on some inputs (upstream op tests,
    // LLVM-dialect modules): no verdict there. A crash in acc-to-omp's
    // own code (LLVM functions it calls included) is a finding.
    llvm::CrashRecoveryContext crc;
    if (!crc.RunSafely([&] { ran = pm.run(*copy); })) {
      // Adaptors (nested pipelines) have no argument.
      llvm::erase(running, "");
      std::string in = running.empty() ? "?" : running.back();
      return in == "ompx-acc-to-omp" ? " acc-to-omp crashed in its own code;"
                                     : "crash in " + in;
    }
  }
  std::string out;
  if (failed(ran) != !refused.empty())
    out += failed(ran)
               ? "the pass failed where hover refuses nothing:" + messages
               : "hover refuses op(s) the pass lowers;";
  // Left-over ops are reported at the first one found, which may be a
  // helper of the op hover refuses (acc.bounds of a refused clause).
  if (llvm::StringRef(messages).contains("no OpenMP lowering for"))
    errorAt.clear();
  for (int at : errorAt)
    if (failed(ran) && !refused.empty() && !refused.count(at))
      out += " the pass fails at an op hover does not refuse:" + messages;
  if (failed(ran))
    return out;
  unsigned targets = 0, nests = 0;
  std::map<int, std::vector<bool>> shapes; // compute construct -> its targets
  copy->walk([&](Operation *op) {
    targets += isa<omp::TargetOp>(op);
    nests += isa<omp::LoopNestOp>(op);
    if (auto target = dyn_cast<omp::TargetOp>(op))
      shapes[stampOf(target.getLoc())].push_back(spmdShape(target));
  });
  // A kernels construct split into several kernels is SPMD as a whole
  // nowhere; its loops' plans say which part is.
  for (auto &[at, spmd] : shapes)
    if (at >= 0 && plans[at].spmd != (spmd.size() == 1 && spmd[0]))
      out += " hover calls construct #" + std::to_string(at) +
             (plans[at].spmd ? " SPMD, the pass makes no SPMD nest;"
                             : " gang-redundant, the pass makes an SPMD nest;");
  if (nests - loopNests != partitioned)
    out += " " + std::to_string(partitioned) +
           " loop(s) partitioned by hover, " +
           std::to_string(nests - loopNests) + " omp.loop_nest made;";
  if (targets < computes)
    out += " " + std::to_string(computes) + " compute construct(s), " +
           std::to_string(targets) + " omp.target;";
  return out;
}

TEST(AccPlanDifferential, HoverAgreesWithThePass) {
  DialectRegistry registry;
  registerOmpxDialects(registry);
  MLIRContext ctx(registry);
  ctx.loadAllAvailableDialects();
  // One thread: a crash in LLVM's passes then happens where the
  // CrashRecoveryContext around them catches it.
  ctx.disableMultithreading();
  std::string src = OMPX_SOURCE_DIR;
  std::vector<std::string> files = accFiles(src + "/test");
  for (std::string root : {src + "/../shared/corpus"})
    if (llvm::sys::fs::is_directory(root))
      llvm::append_range(files, accFiles(root));
  unsigned modules = 0, passCrashes = 0;
  std::string crashed; // the modules LLVM crashed on, a line each
  llvm::CrashRecoveryContext::Enable();
  std::string disagreements;
  for (const std::string &file : files) {
    auto buf = llvm::MemoryBuffer::getFile(file);
    ASSERT_TRUE(bool(buf)) << file;
    llvm::StringRef text = (*buf)->getBuffer();
    for (const ChunkSpan &chunk : splitChunks(text).chunks) {
      llvm::StringRef code = text.slice(chunk.begin, chunk.end);
      if (!code.contains(" acc."))
        continue;
      std::string where =
          file + " (chunk at byte " + std::to_string(chunk.begin) + ")";
      if (getenv("OMPX_DIFF_VERBOSE"))
        llvm::errs() << where << "\n";
      OwningOpRef<ModuleOp> module;
      bool valid = false;
      {
        ScopedDiagnosticHandler quiet(
            &ctx, [](mlir::Diagnostic &) { return success(); });
        llvm::CrashRecoveryContext crc;
        if (!crc.RunSafely([&] {
              module = parseSourceString<ModuleOp>(code, ParserConfig(&ctx));
              valid = module && succeeded(verify(*module));
            })) {
          crashed += "  " + where + ": crash while parsing and verifying\n";
          continue;
        }
      }
      if (!valid)
        continue; // a test of the parser or the verifier
      ++modules;
      std::string diff = compare(ctx, *module);
      if (llvm::StringRef(diff).starts_with("crash in ")) {
        crashed += "  " + where + ": " + diff + "\n";
        ++passCrashes;
      } else if (!diff.empty())
        disagreements += where + ":" + diff + "\n";
    }
  }
  llvm::CrashRecoveryContext::Disable();
  std::cout << modules << " acc modules compared; LLVM crashed on "
            << passCrashes << " of them in its acc passes and on "
            << llvm::count(crashed, '\n') - passCrashes
            << " other(s) while verifying:\n"
            << crashed;
  EXPECT_GT(modules - passCrashes, 50u);
  EXPECT_EQ(disagreements, "");
}

} // namespace
