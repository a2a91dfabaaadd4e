//===- ModuleCache.h - Fortran .mod files emit makes and looks for -*- C++ -*-//
//
// The .mod files of the modules emit compiles are kept in a cache folder per
// project and set of flags (a .mod depends on them), so a file that `use`s a
// module of another file emits without a build having made it first.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_COMPILE_MODULECACHE_H
#define OMPX_PIPELINE_COMPILE_MODULECACHE_H

#include "pipeline/compile/Includes.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Chrono.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace ompx::pipeline {

/// `$XDG_CACHE_HOME/ompx/modules/<hash of key>` (else `~/.cache/...`),
/// created; an error naming the folder when it cannot be.
llvm::Expected<std::string> moduleCacheDir(llvm::StringRef key);

/// The modules a Fortran source defines (`module NAME`, not `module
/// procedure` or a module subprogram), lower case, in order.
std::vector<std::string> definedModules(llvm::StringRef source);

/// The modules a Fortran source `use`s (`use m`, `use :: m`, `use,
/// non_intrinsic :: m`; not intrinsic ones), lower case, in order, each once.
std::vector<std::string> usedModules(llvm::StringRef source);

/// The modules the unit `file` (its text `source`) uses: its own `use`
/// lines and those of the files it includes (found as flang finds them:
/// beside the file, then `searchDirs`).
std::vector<std::string>
unitUsedModules(llvm::StringRef file, llvm::StringRef source,
                llvm::ArrayRef<std::string> searchDirs);

/// A `NAME.mod` file flang would open for a module the unit `file` uses (in
/// `workDir`, where flang runs, or `searchDirs`) that is not a regular
/// file: a FIFO there makes flang wait forever. Refused at the unit's
/// `use` line; nullopt when there is none.
std::optional<IncludeRefusal>
refusedModuleFile(llvm::StringRef file, llvm::StringRef workDir,
                  llvm::ArrayRef<std::string> searchDirs);

/// The modules flang-22 reports it found no .mod file of, in the order of
/// its messages ("Cannot parse module file for module 'a': Source file 'a.mod'
/// was not found"), each once.
std::vector<std::string> missingModules(llvm::StringRef flangStderr);

/// Records in `cacheDir` that `modules` were compiled from `source` as it is
/// now (its modification time), for dropStaleModules.
void recordModuleSources(llvm::StringRef cacheDir,
                         llvm::ArrayRef<std::string> modules,
                         llvm::StringRef source);

/// When a source recorded in `cacheDir` changed (or is gone) since its
/// modules were compiled, removes every recorded .mod file of the cache: a
/// .mod depends on the modules it uses, so none is kept. Returns the sources
/// that changed.
std::vector<std::string> dropStaleModules(llvm::StringRef cacheDir);

/// A .mod file a build made.
struct ModFile {
  std::string name; ///< the module, lower case
  std::string path;
  llvm::sys::TimePoint<> time; ///< its modification time
};

/// The .mod files of `folders`, the first of each name in the folders'
/// order (the one flang reads).
std::vector<ModFile> modFiles(llvm::ArrayRef<std::string> folders);

/// The modules of `mods` whose .mod file is older than the source defining
/// them (`sourceTimes`: each module's file's modification time; a module
/// edited since the build ran), and those whose .mod file uses one of them
/// (it holds what it took from the old one: a parameter's value, an array's
/// bounds), each after the modules it uses.
std::vector<std::string>
staleModules(llvm::ArrayRef<ModFile> mods,
             const llvm::StringMap<llvm::sys::TimePoint<>> &sourceTimes);

} // namespace ompx::pipeline

#endif // OMPX_PIPELINE_COMPILE_MODULECACHE_H
