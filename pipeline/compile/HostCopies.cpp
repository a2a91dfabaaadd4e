//===- HostCopies.cpp - Module variables a unit copies in, checked at link ===//

#include "pipeline/compile/HostCopies.h"
#include "pipeline/compile/DeviceRuntime.h"
#include "pipeline/passes/GlobalOf.h"

#include "flang/Optimizer/Dialect/FIROps.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/IR/Module.h"

using namespace ompx::pipeline;

std::string ompx::pipeline::hostCopiedModuleVariables(
    mlir::ModuleOp module,
    llvm::function_ref<std::optional<SourceLocation>(mlir::Location)> locate) {
  std::string lines;
  llvm::StringSet<> seen;
  mlir::SymbolTable symbols(module);
  module.walk([&](mlir::omp::TargetOp target) {
    for (mlir::Value v : target.getMapVars()) {
      auto map = v.getDefiningOp<mlir::omp::MapInfoOp>();
      // flang's implicit firstprivate: by copy, no `to`/`from` (acc-to-omp's
      // copies of OpenACC scalars say `to`, and follow OpenACC's rules).
      if (!map || !map.getMapCaptureTypeAttr() || !map.getMapTypeAttr() ||
          map.getMapCaptureType() != mlir::omp::VariableCaptureKind::ByCopy ||
          mlir::omp::bitEnumContainsAny(map.getMapType(),
                                        mlir::omp::ClauseMapFlags::to |
                                            mlir::omp::ClauseMapFlags::from))
        continue;
      llvm::StringRef symbol = ompx::passes::globalSymbolOf(map.getVarPtr());
      auto global =
          symbol.empty() ? nullptr : symbols.lookup<fir::GlobalOp>(symbol);
      // Defined here: this unit declares it or not, and knows which.
      if (!global || !global.getRegion().empty() || global.getInitVal() ||
          !seen.insert(symbol).second)
        continue;
      // flang locates an implicit map at its program unit: the region.
      std::optional<SourceLocation> at = locate(target.getLoc());
      lines += symbol.str() + "\t" + map.getName().value_or("").str() + "\t" +
               (at ? at->file + ":" + std::to_string(at->line) + ":" +
                         std::to_string(at->column)
                   : std::string()) +
               "\n";
    }
  });
  return lines;
}

std::optional<StaleHostCopy>
ompx::pipeline::findStaleHostCopy(const llvm::Module &linked,
                                  llvm::StringRef hostCopies) {
  if (hostCopies.empty())
    return std::nullopt;
  llvm::StringSet<> declared = declareTargetGlobals(linked);
  llvm::SmallVector<llvm::StringRef> lines;
  hostCopies.split(lines, '\n', -1, false);
  for (llvm::StringRef line : lines) {
    llvm::SmallVector<llvm::StringRef, 3> fields;
    line.split(fields, '\t');
    if (fields.size() != 3 || !declared.contains(fields[0]))
      continue;
    StaleHostCopy stale{fields[0].str(), fields[1].str(), {}};
    auto [fileLine, column] = fields[2].rsplit(':');
    auto [file, lineNo] = fileLine.rsplit(':');
    stale.at.file = file.str();
    lineNo.getAsInteger(10, stale.at.line);
    column.getAsInteger(10, stale.at.column);
    return stale;
  }
  return std::nullopt;
}
