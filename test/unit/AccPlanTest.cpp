//===- AccPlanTest.cpp - planAccToOmp's decisions, op by op ---------------===//
//
// What the acc-to-omp plan decides for small modules: SPMD vs gang-redundant
// constructs, where loops go, the data ops' map flags, and the refusals of
// gang-redundant code with num_gangs; and how hover words them.
//
//===----------------------------------------------------------------------===//

#include "dialects/ir/Registry.h"
#include "pipeline/passes/AccPlan.h"
#include "server/features/AccLowering.h"

#include "mlir/Dialect/OpenACC/OpenACC.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace ompx;
using Flags = omp::ClauseMapFlags;

namespace {

class AccPlanTest : public ::testing::Test {
protected:
  AccPlanTest() : ctx(registry()) { ctx.loadAllAvailableDialects(); }

  static DialectRegistry registry() {
    DialectRegistry r;
    registerOmpxDialects(r);
    return r;
  }

  /// Parses `text` (failing the test when it does not parse).
  ModuleOp parse(llvm::StringRef text) {
    module = parseSourceString<ModuleOp>(text, ParserConfig(&ctx));
    EXPECT_TRUE(bool(module));
    return module ? *module : ModuleOp();
  }

  /// The `n`-th op named `name` (0-based), or null.
  Operation *nth(llvm::StringRef name, unsigned n = 0) {
    Operation *found = nullptr;
    module->walk([&](Operation *op) {
      if (op->getName().getStringRef() == name && n-- == 0)
        found = op;
    });
    return found;
  }

  AccPlan plan(llvm::StringRef name, unsigned n = 0) {
    Operation *op = nth(name, n);
    EXPECT_NE(op, nullptr) << name.str() << " #" << n;
    return op ? planAccToOmp(op) : AccPlan();
  }

  std::string hover(const AccPlan &p) {
    std::optional<AccLoweringNote> note = describeAccPlan(p);
    return note ? renderAccLowering(*note) : "";
  }

  MLIRContext ctx;
  OwningOpRef<ModuleOp> module;
};

constexpr llvm::StringLiteral kLoopAttrs =
    "attributes {inclusiveUpperbound = array<i1: true>, independent = "
    "[#acc.device_type<none>]}";

std::string parallel(llvm::StringRef clauses, llvm::StringRef body) {
  return (R"(
func.func @f(%s: !fir.ref<i32>, %m: !fir.ref<i32>) {
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %c10 = arith.constant 10 : i32
  %0 = acc.copyin varPtr(%s : !fir.ref<i32>) -> !fir.ref<i32> {dataClause = #acc<data_clause acc_copy>, name = "s"}
  %1 = acc.copyin varPtr(%m : !fir.ref<i32>) -> !fir.ref<i32> {name = "m"}
  acc.parallel )" +
          clauses + R"( dataOperands(%0, %1 : !fir.ref<i32>, !fir.ref<i32>) {
)" + body + R"(
    acc.yield
  }
  acc.copyout accPtr(%0 : !fir.ref<i32>) to varPtr(%s : !fir.ref<i32>) {dataClause = #acc<data_clause acc_copy>, name = "s"}
  acc.delete accPtr(%1 : !fir.ref<i32>) {name = "m"}
  return
})")
      .str();
}

std::string loop(llvm::StringRef level, llvm::StringRef ub = "%c10") {
  return ("    acc.loop " + level + " control(%i : i32) = (%c1 : i32) to (" +
          ub + " : i32) step (%c1 : i32) {\n      acc.yield\n    } " +
          kLoopAttrs + "\n")
      .str();
}

TEST_F(AccPlanTest, ALoopAloneIsTheSpmdNest) {
  parse(parallel("", loop("gang")));
  AccPlan c = plan("acc.parallel");
  EXPECT_TRUE(c.spmd);
  EXPECT_FALSE(c.numGangs);
  AccPlan l = plan("acc.loop");
  EXPECT_EQ(l.level, AccLevel::Gang);
  EXPECT_EQ(l.where, AccLoopWhere::Spmd);
  EXPECT_NE(hover(c).find("the SPMD nest"), std::string::npos) << hover(c);
}

TEST_F(AccPlanTest, CodeBesideTheLoopRunsInOneTeam) {
  parse(parallel("", "    fir.store %c1 to %0 : !fir.ref<i32>\n" +
                         loop("vector")));
  AccPlan c = plan("acc.parallel");
  EXPECT_FALSE(c.spmd);
  EXPECT_EQ(plan("acc.loop").where, AccLoopWhere::OneTeam);
  EXPECT_NE(hover(c).find("gang-redundant: one team runs its code"),
            std::string::npos)
      << hover(c);
}

TEST_F(AccPlanTest, AWorkerLoopWithNumGangsRunsInEachTeam) {
  // Alone, but num_gangs is not ours to pick: not SPMD.
  parse(parallel("num_gangs({%c4 : i32})", loop("worker")));
  AccPlan c = plan("acc.parallel");
  EXPECT_FALSE(c.spmd);
  EXPECT_TRUE(c.numGangs);
  EXPECT_EQ(plan("acc.loop").where, AccLoopWhere::EachGang);
}

TEST_F(AccPlanTest, AGangLoopAfterCodeWithNumGangs) {
  parse(parallel("num_gangs({%c4 : i32})",
                 "    fir.store %c1 to %0 : !fir.ref<i32>\n"
                 "    %ub = fir.load %1 : !fir.ref<i32>\n" +
                     loop("gang", "%ub")));
  AccPlan l = plan("acc.loop");
  EXPECT_FALSE(l.refused());
  EXPECT_EQ(l.where, AccLoopWhere::AfterCode);
}

TEST_F(AccPlanTest, BoundsReadAfterTheCodeWritesThem) {
  parse(parallel("num_gangs({%c4 : i32})",
                 "    fir.store %c1 to %1 : !fir.ref<i32>\n"
                 "    %ub = fir.load %1 : !fir.ref<i32>\n" +
                     loop("gang", "%ub")));
  AccPlan l = plan("acc.loop");
  EXPECT_EQ(l.refusal, AccRefusal::BoundsAfterWrites);
  EXPECT_NE(hover(l).find("Not lowered by acc-to-omp yet (the bounds of a "
                          "gang loop after gang-redundant code"),
            std::string::npos)
      << hover(l);
  // Without num_gangs one team runs the code: nothing to refuse.
  parse(parallel("", "    fir.store %c1 to %1 : !fir.ref<i32>\n"
                     "    %ub = fir.load %1 : !fir.ref<i32>\n" +
                         loop("gang", "%ub")));
  EXPECT_FALSE(plan("acc.loop").refused());
}

TEST_F(AccPlanTest, AGangLoopNestedInRedundantCode) {
  std::string inner = loop("gang");
  std::string outer =
      "    acc.loop control(%j : i32) = (%c1 : i32) to (%c10 : i32) step "
      "(%c1 : i32) {\n" +
      inner +
      "      acc.yield\n    } attributes {inclusiveUpperbound = "
      "array<i1: true>, seq = [#acc.device_type<none>]}\n";
  parse(parallel("num_gangs({%c4 : i32})",
                 "    fir.store %c1 to %0 : !fir.ref<i32>\n" + outer));
  // Post-order: the inner loop first.
  EXPECT_EQ(plan("acc.loop", 0).refusal, AccRefusal::RedundantGangLoop);
  EXPECT_FALSE(plan("acc.loop", 1).refused()); // the outer, sequential
}

constexpr llvm::StringLiteral kRecipe = R"(
acc.reduction.recipe @add_i32 : !fir.ref<i32> reduction_operator <add> init {
^bb0(%arg0: !fir.ref<i32>):
  %0 = fir.alloca i32
  acc.yield %0 : !fir.ref<i32>
} combiner {
^bb0(%arg0: !fir.ref<i32>, %arg1: !fir.ref<i32>):
  acc.yield %arg0 : !fir.ref<i32>
}
)";

TEST_F(AccPlanTest, AReductionIntoASharedVariable) {
  std::string body = "    fir.store %c1 to %0 : !fir.ref<i32>\n"
                     "    %r = acc.reduction varPtr(%0 : !fir.ref<i32>) "
                     "recipe(@add_i32) -> !fir.ref<i32> {name = \"s\"}\n" +
                     loop("vector reduction(%r : !fir.ref<i32>)");
  parse(kRecipe.str() + parallel("num_gangs({%c4 : i32})", body));
  EXPECT_EQ(plan("acc.loop").refusal, AccRefusal::SharedReduction);
  // One team: its threads reduce into the variable.
  parse(kRecipe.str() + parallel("", body));
  EXPECT_FALSE(plan("acc.loop").refused());
}

TEST_F(AccPlanTest, AReductionIntoTheConstructsCopy) {
  // The loop reduces into the construct's reduction copy: each team's own.
  parse(kRecipe.str() + R"(
func.func @f(%s: !fir.ref<i32>) {
  %c1 = arith.constant 1 : i32
  %c4 = arith.constant 4 : i32
  %c10 = arith.constant 10 : i32
  %0 = acc.reduction varPtr(%s : !fir.ref<i32>) recipe(@add_i32) -> !fir.ref<i32> {name = "s"}
  acc.parallel num_gangs({%c4 : i32}) reduction(%0 : !fir.ref<i32>) {
    fir.store %c1 to %0 : !fir.ref<i32>
    %r = acc.reduction varPtr(%0 : !fir.ref<i32>) recipe(@add_i32) -> !fir.ref<i32> {name = "s"}
)" + loop("vector reduction(%r : !fir.ref<i32>)") +
        R"(
    acc.yield
  }
  return
})");
  EXPECT_FALSE(plan("acc.loop").refused());
  EXPECT_EQ(plan("acc.loop").where, AccLoopWhere::EachGang);
}

TEST_F(AccPlanTest, UnstructuredDataOpsMapFlags) {
  parse(R"(
func.func @f(%a: !fir.ref<i32>, %b: !fir.ref<i32>) {
  %0 = acc.copyin varPtr(%a : !fir.ref<i32>) -> !fir.ref<i32> {name = "a"}
  %1 = acc.create varPtr(%b : !fir.ref<i32>) -> !fir.ref<i32> {name = "b"}
  acc.enter_data dataOperands(%0, %1 : !fir.ref<i32>, !fir.ref<i32>)
  %2 = acc.update_device varPtr(%a : !fir.ref<i32>) -> !fir.ref<i32> {name = "a"}
  acc.update dataOperands(%2 : !fir.ref<i32>) attributes {ifPresent}
  %3 = acc.getdeviceptr varPtr(%a : !fir.ref<i32>) -> !fir.ref<i32> {dataClause = #acc<data_clause acc_copyout>, name = "a"}
  acc.exit_data dataOperands(%3 : !fir.ref<i32>) attributes {finalize}
  acc.copyout accPtr(%3 : !fir.ref<i32>) to varPtr(%a : !fir.ref<i32>) {name = "a"}
  %4 = acc.copyin varPtr(%b : !fir.ref<i32>) -> !fir.ref<i32> {name = "b"}
  acc.exit_data dataOperands(%4 : !fir.ref<i32>)
  return
})");
  Operation *enter = nth("acc.enter_data");
  AccPlan a = planAccDataUse(nth("acc.copyin", 0), enter);
  EXPECT_EQ(a.mapFlags, static_cast<uint32_t>(Flags::to));
  EXPECT_EQ(a.detail, "to");
  AccPlan b = planAccDataUse(nth("acc.create"), enter);
  EXPECT_EQ(b.mapFlags, static_cast<uint32_t>(Flags::storage));
  AccPlan u = planAccDataUse(nth("acc.update_device"), nth("acc.update"));
  EXPECT_EQ(u.mapFlags, static_cast<uint32_t>(Flags::to)); // if_present
  EXPECT_EQ(u.detail, "to");
  AccPlan x = planAccDataUse(nth("acc.getdeviceptr"), nth("acc.exit_data", 0));
  EXPECT_EQ(x.mapFlags, static_cast<uint32_t>(Flags::from | Flags::del));
  EXPECT_EQ(x.detail, "from, delete");
  EXPECT_EQ(hover(planAccToOmp(nth("acc.getdeviceptr"))),
            "Map entry `from, delete` of `omp.target_exit_data` (acc-to-omp)");
  // An exit data clause must be an acc.getdeviceptr.
  AccPlan bad = planAccDataUse(nth("acc.copyin", 1), nth("acc.exit_data", 1));
  EXPECT_EQ(bad.refusal, AccRefusal::ExitDataClause);
  EXPECT_EQ(bad.detail, "acc.copyin");
}

} // namespace

namespace {

TEST_F(AccPlanTest, ShapesNoLoweringTakes) {
  // A loop with bounds whose body has several blocks: the loop nest would
  // keep only the first.
  parse(parallel(
      "",
      R"(    acc.loop control(%i : i32) = (%c1 : i32) to (%c10 : i32) step (%c1 : i32) {
      cf.br ^bb1
    ^bb1:
      acc.yield
    } )" + kLoopAttrs.str() +
          "\n"));
  AccPlan l = plan("acc.loop");
  EXPECT_EQ(l.refusal, AccRefusal::LoopBlocks);
  EXPECT_NE(hover(l).find("Not lowered by acc-to-omp or by `--device=host` "
                          "(a loop with its own bounds whose body has several "
                          "blocks)"),
            std::string::npos)
      << hover(l);
  // An acc.loop without bounds around a loop, and flang's unstructured
  // loop (its blocks are its control), which is lowered.
  parse(R"(
func.func @f(%n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  acc.loop {
    scf.for %i = %c0 to %n step %c1 {
    }
    acc.yield
  } attributes {independent = [#acc.device_type<none>]}
  acc.loop {
    cf.br ^bb1
  ^bb1:
    acc.yield
  } attributes {independent = [#acc.device_type<none>], unstructured}
  return
})");
  EXPECT_EQ(plan("acc.loop", 0).refusal, AccRefusal::ContainerLoop);
  EXPECT_FALSE(plan("acc.loop", 1).refused());
  // A compute construct whose region has no block.
  parse("func.func @f() {\n  acc.serial {\n  }\n  return\n}");
  EXPECT_EQ(plan("acc.serial").refusal, AccRefusal::EmptyRegion);
}

TEST_F(AccPlanTest, AnImplicitVariableOfATypeThePassDoesNotMap) {
  // acc-implicit-data maps the memref; no map entry of the pass takes it.
  parse(R"(
func.func @f(%a: memref<10xf32>, %x: f32) {
  acc.serial {
    %c0 = arith.constant 0 : index
    memref.store %x, %a[%c0] : memref<10xf32>
    acc.yield
  }
  return
})");
  AccPlan c = plan("acc.serial");
  EXPECT_EQ(c.refusal, AccRefusal::MapType);
  EXPECT_NE(hover(c).find("a variable the region uses (mapped implicitly) of "
                          "type `memref<10xf32>`"),
            std::string::npos)
      << hover(c);
}

} // namespace
