//===- AccPlanFacts.cpp - The acc-to-omp plan of a chunk's acc ops --------===//

#include "server/analysis/AccPlanFacts.h"
#include "pipeline/passes/AccPlan.h"

#include "mlir/Dialect/OpenACC/OpenACC.h"
#include "mlir/IR/Operation.h"

#include <algorithm>

using namespace ompx;

std::vector<AccPlan>
ompx::recordAccPlans(llvm::ArrayRef<mlir::Operation *> ops,
                     llvm::function_ref<int32_t(mlir::Operation *)> opIndex) {
  std::vector<AccPlan> plans;
  for (mlir::Operation *op : ops) {
    if (op->getName().getDialectNamespace() !=
        mlir::acc::OpenACCDialect::getDialectNamespace())
      continue;
    AccPlan plan = planAccToOmp(op);
    plan.op = opIndex(op);
    if (plan.op >= 0 && plan.hasNote())
      plans.push_back(std::move(plan));
  }
  std::stable_sort(
      plans.begin(), plans.end(),
      [](const AccPlan &a, const AccPlan &b) { return a.op < b.op; });
  return plans;
}
