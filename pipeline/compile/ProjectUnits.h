//===- ProjectUnits.h - The project files a launch of one file needs -*- C++
//-*-//
//
// `ompx-lsp launch src/solver.F90` in a project builds that one file: the
// procedures and variables of the modules it uses from the project's other
// files, and the main program that calls it, were missing ("undefined symbol
// _QMgridP..."), and the user had to name each as a --driver. With the
// project's compile database, the files that define those modules (and the
// modules they use in turn, and their submodules) are known, and so is the
// program that reaches the input's modules: the launch links them as its
// drivers, each compiled with its own entry's flags.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_COMPILE_PROJECTUNITS_H
#define OMPX_PIPELINE_COMPILE_PROJECTUNITS_H

#include "pipeline/compile/CompileDatabase.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace ompx::pipeline {

/// What a launch of `input` takes from its project.
struct ProjectUnits {
  /// The main program, when one was asked for: the one Fortran file of the
  /// database with a `program` that reaches a module the input defines
  /// (through the modules its files use); empty when none or several.
  std::string mainProgram;
  /// Those several programs (the launch asks which).
  std::vector<std::string> programs;
  /// The files defining the modules the input and the drivers use that
  /// they do not define themselves, those their modules use, and their
  /// submodules; in the database's order.
  std::vector<std::string> moduleFiles;
  /// Modules used that two files define (preprocessor variants): not
  /// chosen, named here.
  std::vector<std::string> ambiguous;
};

/// The units of `db` (its Fortran entries, as their sources are now) that
/// a launch of `input` with the Fortran `drivers` needs; `wantMain` looks
/// for the main program too. Only files inside `roots` are read (a
/// document's launch: a database entry is as untrusted as the document);
/// empty roots: all. Paths are real paths.
/// `linked` says whether a module is already in the link some other way (a
/// driver that is an object or a library of it).
ProjectUnits
projectUnits(const CompileDatabase &db, llvm::StringRef input,
             llvm::ArrayRef<std::string> drivers, bool wantMain,
             llvm::ArrayRef<std::string> roots = {},
             llvm::function_ref<bool(llvm::StringRef module)> linked = nullptr);

/// projectUnits for a launch's drivers as given: Fortran sources, and
/// objects or libraries, a module whose `_QM<module>` symbols one of them
/// names counting as linked (its source linked too would define it twice).
ProjectUnits launchProjectUnits(const CompileDatabase &db,
                                llvm::StringRef input,
                                llvm::ArrayRef<std::string> drivers,
                                bool wantMain,
                                llvm::ArrayRef<std::string> roots);

} // namespace ompx::pipeline

#endif // OMPX_PIPELINE_COMPILE_PROJECTUNITS_H
