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
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/Pass.h"

namespace {
struct ExternalizeFlangNamesPass
    : mlir::PassWrapper<ExternalizeFlangNamesPass,
                        mlir::OperationPass<mlir::ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(ExternalizeFlangNamesPass)

  llvm::StringRef getArgument() const final {
    return "ompx-externalize-flang-names";
  }
  llvm::StringRef getDescription() const final {
    return "Rename llvm.func/llvm.mlir.global from flang internal names "
           "(_QPsaxpy) to their linker names (saxpy_), as flang's "
           "external-name-interop does for func.func/fir.global";
  }

  void runOnOperation() final {
    mlir::ModuleOp module = getOperation();
    for (mlir::Operation &op : llvm::make_early_inc_range(*module.getBody())) {
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
      if (mlir::SymbolTable::lookupSymbolIn(module, external))
        continue;
      auto newName = mlir::StringAttr::get(module.getContext(), external);
      if (mlir::succeeded(
              mlir::SymbolTable::replaceAllSymbolUses(&op, newName, module)))
        mlir::SymbolTable::setSymbolName(&op, newName);
    }
  }
};
} // namespace

std::unique_ptr<mlir::Pass> ompx::passes::createExternalizeFlangNamesPass() {
  return std::make_unique<ExternalizeFlangNamesPass>();
}
