//===- HostCopies.cpp - Module variables a unit copies in, checked at link ===//

#include "pipeline/compile/HostCopies.h"
#include "pipeline/compile/DeviceRuntime.h"
#include "pipeline/passes/GlobalOf.h"

#include "flang/Optimizer/Dialect/FIROps.h"
#include "flang/Optimizer/Support/InternalNames.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/IR/Module.h"

using namespace ompx::pipeline;

/// `file:line:col` of `at`, or "".
static std::string spell(const std::optional<SourceLocation> &at) {
  return at ? at->file + ":" + std::to_string(at->line) + ":" +
                  std::to_string(at->column)
            : std::string();
}

/// A global another unit defines (a declaration here).
static bool declaredOnly(fir::GlobalOp global) {
  return global && global.getRegion().empty() && !global.getInitVal();
}

/// flang's `omp.declare_target` on a global or a procedure (read by name:
/// not every context attaches the interface), or a module record's mark.
static bool isDeclareTarget(mlir::Operation *op) {
  return op && (op->hasAttr("omp.declare_target") ||
                op->hasAttr(ompx::passes::kDeclaredElsewhereAttr));
}

std::string ompx::pipeline::hostCopiedModuleVariables(
    mlir::ModuleOp module,
    llvm::function_ref<std::optional<SourceLocation>(mlir::Location)> locate) {
  std::string lines;
  llvm::StringSet<> seen, targets;
  mlir::SymbolTable symbols(module);
  // Another unit's variable this unit's device code takes as declare target.
  auto noteTarget = [&](llvm::StringRef symbol, llvm::StringRef name,
                        mlir::Location loc) {
    auto global =
        symbol.empty() ? nullptr : symbols.lookup<fir::GlobalOp>(symbol);
    // Another unit's (a declaration), or a module's common block this unit
    // defines as every unit naming it does (marked from the record).
    bool fromRecord = global && global.getLinkName() == "common" &&
                      global->hasAttr(ompx::passes::kDeclaredElsewhereAttr);
    if (!(declaredOnly(global) || fromRecord) ||
        !isDeclareTarget(global.getOperation()) ||
        !targets.insert(symbol).second)
      return;
    auto kind = global->getAttrOfType<mlir::omp::DeclareTargetAttr>(
        "omp.declare_target");
    auto mark = global->getAttrOfType<mlir::StringAttr>(
        ompx::passes::kDeclaredElsewhereAttr);
    bool link = (kind && kind.getCaptureClause().getValue() ==
                             mlir::omp::DeclareTargetCaptureClause::link) ||
                (mark && mark.getValue() == "link");
    lines += symbol.str() + "\t" + name.str() + "\t" + spell(locate(loc)) +
             "\t" + kDeclaredTargetField + "\t" + (link ? "link" : "to") + "\n";
  };
  module.walk([&](mlir::func::FuncOp fn) {
    if (!isDeclareTarget(fn) || fn.isDeclaration())
      return;
    // Named as in the source, at the procedure (a global's address is
    // located at its declaration, in the module's .mod file).
    fn.walk([&](fir::AddrOfOp addr) {
      llvm::StringRef symbol = addr.getSymbol().getRootReference().getValue();
      std::string name = fir::NameUniquer::deconstruct(symbol).second.name;
      noteTarget(symbol, name.empty() ? symbol : llvm::StringRef(name),
                 fn.getLoc());
    });
  });
  module.walk([&](mlir::omp::TargetOp target) {
    for (mlir::Value v : target.getMapVars()) {
      auto map = v.getDefiningOp<mlir::omp::MapInfoOp>();
      if (!map)
        continue;
      // The global the map names, else the one its storage is in (a common
      // block's, for a member).
      llvm::StringRef symbol = ompx::passes::globalSymbolOf(map.getVarPtr());
      if (symbol.empty())
        symbol = ompx::passes::storageGlobalOf(map.getVarPtr());
      auto global =
          symbol.empty() ? nullptr : symbols.lookup<fir::GlobalOp>(symbol);
      noteTarget(symbol, map.getName().value_or(""), target.getLoc());
      // flang's implicit firstprivate: by copy, no `to`/`from` (acc-to-omp's
      // copies of OpenACC scalars say `to`, and follow OpenACC's rules).
      if (!global || !map.getMapCaptureTypeAttr() || !map.getMapTypeAttr() ||
          map.getMapCaptureType() != mlir::omp::VariableCaptureKind::ByCopy ||
          mlir::omp::bitEnumContainsAny(map.getMapType(),
                                        mlir::omp::ClauseMapFlags::to |
                                            mlir::omp::ClauseMapFlags::from))
        continue;
      // Another unit's variable (this unit does not know whether it is
      // declare target), or a member of a common block this unit does not
      // declare target (which another unit naming it may).
      bool common = global.getLinkName() == "common" &&
                    !isDeclareTarget(global.getOperation());
      if (!(declaredOnly(global) || common) || !seen.insert(symbol).second)
        continue;
      // flang locates an implicit map at its program unit: the region.
      lines += symbol.str() + "\t" + map.getName().value_or("").str() + "\t" +
               spell(locate(target.getLoc())) + "\n";
    }
  });
  return lines;
}

llvm::SmallVector<llvm::StringRef>
ompx::pipeline::takenAsTarget(llvm::StringRef hostCopies) {
  llvm::SmallVector<llvm::StringRef> lines, out;
  hostCopies.split(lines, '\n', -1, false);
  for (llvm::StringRef line : lines) {
    llvm::SmallVector<llvm::StringRef, 5> fields;
    line.split(fields, '\t');
    if (fields.size() >= 4 && fields[3] == kDeclaredTargetField)
      out.push_back(fields[0]);
  }
  return out;
}

std::optional<StaleHostCopy> ompx::pipeline::findStaleHostCopy(
    const llvm::Module &linked, llvm::StringRef hostCopies,
    llvm::function_ref<bool(llvm::StringRef, llvm::StringRef)>
        definedElsewhere) {
  if (hostCopies.empty())
    return std::nullopt;
  llvm::StringSet<> declared = declareTargetGlobals(linked);
  llvm::SmallVector<llvm::StringRef> lines;
  hostCopies.split(lines, '\n', -1, false);
  for (llvm::StringRef line : lines) {
    llvm::SmallVector<llvm::StringRef, 5> fields;
    line.split(fields, '\t');
    // A copy (3 fields) of a variable the program declares target, or a
    // variable taken as declare target (kDeclaredTargetField) that it
    // does not, or not with the kind the unit took.
    bool copy = fields.size() == 3 && declared.contains(fields[0]);
    llvm::StringRef kind = fields.size() >= 5 ? fields[4] : "";
    bool target = fields.size() >= 4 && fields[3] == kDeclaredTargetField &&
                  !definedElsewhere(fields[0], kind);
    if (!copy && !target)
      continue;
    StaleHostCopy stale{
        fields[0].str(), fields[1].str(), {}, target, kind.str()};
    auto [fileLine, column] = fields[2].rsplit(':');
    auto [file, lineNo] = fileLine.rsplit(':');
    stale.at.file = file.str();
    lineNo.getAsInteger(10, stale.at.line);
    column.getAsInteger(10, stale.at.column);
    return stale;
  }
  return std::nullopt;
}

void ompx::pipeline::dropDeclaredElsewhereMarks(mlir::ModuleOp module) {
  module.walk([](fir::GlobalOp global) {
    global->removeAttr(ompx::passes::kDeclaredElsewhereAttr);
  });
}
