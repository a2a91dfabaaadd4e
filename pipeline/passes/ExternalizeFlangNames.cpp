//===- ExternalizeFlangNames.cpp - flang internal -> linker names ---------===//
//
// flang's pipeline gives external procedures and common blocks their linker
// names (`_QPsaxpy` -> `saxpy_`) in its external-name-interop pass, which
// only handles func.func and fir.global; `tco --emit-final-mlir` output still
// has the internal names. This renames llvm.func/llvm.mlir.global the same
// way so the program links with Fortran code compiled by flang.
//
//===----------------------------------------------------------------------===//

#include "pipeline/passes/Passes.h"

#include "flang/Optimizer/Support/InternalNames.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/AttrTypeSubElements.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringSet.h"

namespace ompx::passes {
#define GEN_PASS_DEF_EXTERNALIZEFLANGNAMESPASS
#include "pipeline/passes/Passes.h.inc"
} // namespace ompx::passes

namespace {
struct ExternalizeFlangNamesPass
    : ompx::passes::impl::ExternalizeFlangNamesPassBase<
          ExternalizeFlangNamesPass> {

  void runOnOperation() final {
    mlir::ModuleOp module = getOperation();
    mlir::MLIRContext *ctx = module.getContext();
    // The names the module's symbol table holds, kept current as symbols are
    // renamed (lookupSymbolIn per symbol is a scan of the module).
    llvm::StringSet<> defined;
    for (mlir::Operation &op : *module.getBody())
      if (auto name = op.getAttrOfType<mlir::StringAttr>(
              mlir::SymbolTable::getSymbolAttrName()))
        defined.insert(name.getValue());
    llvm::DenseMap<mlir::StringAttr, mlir::StringAttr> renames;
    for (mlir::Operation &op : *module.getBody()) {
      auto sym = llvm::dyn_cast<mlir::SymbolOpInterface>(op);
      if (!sym || !llvm::isa<mlir::LLVM::LLVMFuncOp, mlir::LLVM::GlobalOp>(op))
        continue;
      llvm::StringRef name = sym.getName();
      if (!fir::NameUniquer::needExternalNameMangling(name))
        continue;
      auto parts = fir::NameUniquer::deconstruct(name);
      if (!fir::NameUniquer::isExternalFacingUniquedName(parts))
        continue;
      std::string external =
          parts.first == fir::NameUniquer::NameKind::COMMON &&
                  parts.second.name.empty()
              ? std::string("__BLNK__")
              : parts.second.name + "_";
      // A program that already defines the linker name keeps both.
      if (defined.contains(external))
        continue;
      defined.erase(name);
      defined.insert(external);
      renames[sym.getNameAttr()] = mlir::StringAttr::get(ctx, external);
    }
    if (renames.empty())
      return;
    // One walk for all the renames, with SymbolTable::replaceAllSymbolUses's
    // rules (a reference whose root is renamed, nested references kept; no
    // descent into nested symbol tables): per symbol, that walk made the
    // pass quadratic (1 s on a 50k-line module).
    mlir::AttrTypeReplacer replacer;
    replacer.addReplacement(
        [&](mlir::SymbolRefAttr ref)
            -> std::pair<mlir::Attribute, mlir::WalkResult> {
          auto it = renames.find(ref.getRootReference());
          if (it == renames.end())
            return {ref, mlir::WalkResult::skip()};
          return {
              mlir::SymbolRefAttr::get(it->second, ref.getNestedReferences()),
              mlir::WalkResult::skip()};
        });
    // An unregistered op with a region may be a symbol table of unknown
    // scope: replaceAllSymbolUses refuses to rename across it.
    bool unknownScope = false;
    llvm::SmallVector<mlir::Operation *> ops;
    llvm::SmallVector<mlir::Region *> worklist{&module.getBodyRegion()};
    while (!worklist.empty() && !unknownScope)
      for (mlir::Operation &op : worklist.pop_back_val()->getOps()) {
        if (op.getNumRegions() == 1 && !op.getDialect()) {
          unknownScope = true;
          break;
        }
        ops.push_back(&op);
        if (!op.hasTrait<mlir::OpTrait::SymbolTable>())
          for (mlir::Region &region : op.getRegions())
            worklist.push_back(&region);
      }
    if (unknownScope)
      return;
    for (mlir::Operation *op : ops)
      replacer.replaceElementsIn(op);
    for (mlir::Operation &op : *module.getBody())
      if (auto name = op.getAttrOfType<mlir::StringAttr>(
              mlir::SymbolTable::getSymbolAttrName()))
        if (auto it = renames.find(name); it != renames.end())
          mlir::SymbolTable::setSymbolName(&op, it->second);
  }
};
} // namespace
