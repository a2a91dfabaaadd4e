//===- Classify.cpp - What kind of module the compile was given -----------===//

#include "pipeline/compile/Classify.h"

#include "flang/Optimizer/Support/InternalNames.h"
#include "mlir/Dialect/OpenACC/OpenACC.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"

using namespace ompx::pipeline;
using llvm::StringRef;

/// Whether `op` is a `fir.global` defined with an initial value under a
/// name that is not flang's `_Q` mangling, or a module's named constant
/// (Classification::namedData).
/// Without an initial value flang gives it `common` linkage: each unit's
/// device image then has its own zeroed definition.
static bool isNamedData(mlir::Operation *op) {
  if (op->getName().getStringRef() != "fir.global")
    return false;
  auto name = op->getAttrOfType<mlir::StringAttr>(
      mlir::SymbolTable::getSymbolAttrName());
  auto linkage = op->getAttrOfType<mlir::StringAttr>("linkName");
  if (!name || (linkage && linkage.getValue() == "common"))
    return false;
  // A module's named constant (`_QMmodECname`): other units name it too.
  auto [kind, parts] = fir::NameUniquer::deconstruct(name.getValue());
  bool moduleConstant = kind == fir::NameUniquer::NameKind::CONSTANT &&
                        !parts.modules.empty() && parts.procs.empty();
  return (moduleConstant || !name.getValue().starts_with("_Q")) &&
         (op->hasAttr("initVal") ||
          (op->getNumRegions() == 1 && !op->getRegion(0).empty()));
}

Classification ompx::pipeline::classify(mlir::ModuleOp module) {
  Classification c;
  module->walk([&](mlir::Operation *op) {
    StringRef ns = op->getName().getDialectNamespace();
    if (ns == "fir" || ns == "hlfir" || ns == "cuf" || ns == "mif")
      c.fir = true;
    else if (ns == "llvm")
      c.llvm = true;
    // An ALLOCATE of another module's `acc declare`d allocatable is no acc
    // op, only flang's mark of the hook that makes its device copy.
    if (!c.accAny &&
        (ns == "acc" || op->hasAttr(mlir::acc::getDeclareActionAttrName())))
      c.accAny = op;
    if (!c.accCompute && llvm::isa<mlir::acc::ParallelOp, mlir::acc::KernelsOp,
                                   mlir::acc::SerialOp>(op))
      c.accCompute = op;
    if (!c.target && llvm::isa<mlir::omp::TargetOp>(op))
      c.target = op;
    if (!c.targetData &&
        llvm::isa<mlir::omp::TargetDataOp, mlir::omp::TargetEnterDataOp,
                  mlir::omp::TargetExitDataOp, mlir::omp::TargetUpdateOp>(op))
      c.targetData = op;
    if (!c.declareTarget && op->hasAttr("omp.declare_target"))
      c.declareTarget = op;
    if (!c.namedData && isNamedData(op))
      c.namedData = op;
    if (!c.deviceApi)
      if (auto call = llvm::dyn_cast<mlir::CallOpInterface>(op))
        if (auto callee = llvm::dyn_cast_if_present<mlir::SymbolRefAttr>(
                call.getCallableForCallee())) {
          StringRef name = callee.getRootReference().getValue();
          if (name.starts_with("omp_target_") ||
              name == "omp_get_num_devices" ||
              (name.starts_with("_QMopenaccPacc_") &&
               name != "_QMopenaccPacc_on_device"))
            c.deviceApi = op;
        }
  });
  for (StringRef entry : {"main", "_QQmain"})
    if (mlir::SymbolTable::lookupSymbolIn(module, entry))
      c.hasMain = true;
  if (auto ident = module->getAttrOfType<mlir::StringAttr>("llvm.ident"))
    c.flangOutput = ident.getValue().contains("flang");
  if (auto v = module->getAttrOfType<mlir::omp::VersionAttr>("omp.version"))
    c.openmpVersion = v.getVersion();
  return c;
}

std::string ompx::pipeline::describeInput(const Classification &c) {
  return std::string("input: ") +
         (c.fir && c.llvm ? "mixed FIR and LLVM dialect"
          : c.fir         ? "HLFIR/FIR"
                          : "LLVM dialect") +
         (c.fir ? (c.flangOutput ? " (flang output: its OpenMP FIR passes "
                                   "already ran)"
                                 : " (not flang output: running flang's "
                                   "OpenMP FIR passes)")
                : "") +
         (c.target ? ", has omp.target" : ", no omp.target");
}
