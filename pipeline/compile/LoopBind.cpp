//===- LoopBind.cpp - `loop bind(thread)` flang-22 shares out -------------===//

#include "pipeline/compile/LoopBind.h"
#include "dialects/ir/Registry.h"
#include "pipeline/compile/DirectiveScan.h"
#include "pipeline/compile/FileLocations.h"

#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

#include <set>

using namespace ompx::pipeline;
using llvm::StringRef;

std::vector<std::string>
ompx::pipeline::threadBoundLoopRefusals(StringRef source, StringRef sourceText,
                                        StringRef mlir) {
  std::vector<unsigned> lines = threadBoundLoopLines(sourceText);
  if (lines.empty())
    return {};
  mlir::MLIRContext context(mlir::MLIRContext::Threading::DISABLED);
  ompx::setUpOmpxContext(context);
  mlir::ScopedDiagnosticHandler quiet(
      &context, [](mlir::Diagnostic &) { return mlir::success(); });
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(mlir, &context);
  if (!module)
    return {}; // the pipeline reports what does not parse
  StringRef name = llvm::sys::path::filename(source);
  std::set<std::pair<unsigned, unsigned>> found;
  module->walk([&](mlir::omp::WsloopOp loop) {
    std::optional<mlir::FileLineColLoc> at =
        firstFileLoc(loop.getLoc(), [&](mlir::FileLineColLoc f) {
          return llvm::sys::path::filename(f.getFilename().getValue()) ==
                     name &&
                 llvm::is_contained(lines, f.getLine());
        });
    if (at)
      found.insert({at->getLine(), at->getColumn()});
  });
  std::vector<std::string> out;
  for (auto [line, column] : found)
    out.push_back(llvm::formatv(
        "{0}:{1}:{2}: error: ompx: loop bind(thread) nested in a parallel "
        "construct: flang-22 lowers it as a worksharing loop, which deals "
        "its iterations out among the team, where bind(thread) has every "
        "thread run all of them. Write `!$omp simd` (each thread runs all "
        "iterations) or `!$omp do` (the team shares them) instead",
        source, line, column));
  return out;
}
