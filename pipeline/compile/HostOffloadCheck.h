//===- HostOffloadCheck.h - What the serial runtime lacks -------*- C++ -*-===//
//
// `--device=host-offload` links device images against ompx's serial x86_64
// OpenMP device runtime. A device module that calls an entry point that
// runtime does not define would fail when the plugin loads it; this check
// names the OpenMP construct instead, at its op.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_HOSTOFFLOADCHECK_H
#define OMPX_PIPELINE_HOSTOFFLOADCHECK_H

#include "pipeline/compile/CompileDiagnostics.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Object/ObjectFile.h"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace llvm {
class Module;
} // namespace llvm

namespace ompx::pipeline {

/// The names an object's `symbols` (its symbol table, or an ELF shared
/// library's dynamic symbols) define; with `globalOnly`, the global ones.
/// Symbols that cannot be read are skipped.
template <typename SymbolRange>
std::set<std::string> definedSymbolNames(SymbolRange symbols, bool globalOnly) {
  std::set<std::string> names;
  for (const llvm::object::SymbolRef &sym : symbols) {
    llvm::Expected<uint32_t> flags = sym.getFlags();
    llvm::Expected<llvm::StringRef> name = sym.getName();
    if (!flags || !name) {
      if (!flags)
        llvm::consumeError(flags.takeError());
      if (!name)
        llvm::consumeError(name.takeError());
      continue;
    }
    if (!(*flags & llvm::object::SymbolRef::SF_Undefined) &&
        (!globalOnly || (*flags & llvm::object::SymbolRef::SF_Global)))
      names.insert(name->str());
  }
  return names;
}

/// Checks the device LLVM module `device` (translated from `deviceMlir`)
/// against the runtime object `runtimeObject`. Fortran runtime functions it
/// calls are added to `fortranRuntime` (the program exports them).
std::optional<Failure>
checkHostOffloadSupport(llvm::Module &device, mlir::ModuleOp deviceMlir,
                        llvm::StringRef runtimeObject,
                        const DiagnosticCollector &diags,
                        std::vector<std::string> &fortranRuntime);

/// The same check, with the construct located by `locate(fn, opName)`:
/// `fn` the unsupported entry point, `opName` the op it implements.
std::optional<Failure> checkHostOffloadSupport(
    llvm::Module &device, llvm::StringRef runtimeObject,
    llvm::function_ref<std::optional<SourceLocation>(llvm::StringRef fn,
                                                     llvm::StringRef opName)>
        locate,
    std::vector<std::string> &fortranRuntime);

/// `'damp' of module 'phys_ops' (_QMphys_opsPdamp)` for flang's mangled
/// name, which a linker's words name; any other name as it is.
std::string spelledFortranName(llvm::StringRef mangled);

/// Fortran's own modules (iso_fortran_env, ieee_arithmetic, ...), whose
/// named constants and procedures the compiler and runtime provide.
bool isIntrinsicModule(llvm::StringRef name);

/// The refusal of a call from device code to `name` when it is a Fortran
/// procedure of flang's mangling (`_QMmodPproc`, `_QPproc`) that the device
/// code lacks: no unit compiles it for the device. None for another name,
/// and for a procedure of an intrinsic module (no declare target of the
/// program's can give it).
std::optional<std::string> hostOnlyProcedure(llvm::StringRef name);

} // namespace ompx::pipeline

#endif // OMPX_PIPELINE_HOSTOFFLOADCHECK_H
