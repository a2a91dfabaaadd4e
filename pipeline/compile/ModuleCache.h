//===- ModuleCache.h - Fortran .mod files emit makes and looks for -*- C++ -*-//
//
// The .mod files of the modules emit compiles are kept in a cache folder per
// set of flags (a .mod depends on them), so a file that `use`s a module of
// another file emits without a build having made it first.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_COMPILE_MODULECACHE_H
#define OMPX_PIPELINE_COMPILE_MODULECACHE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace ompx::pipeline {

/// `$XDG_CACHE_HOME/ompx/modules/<hash of key>` (else `~/.cache/...`),
/// created; an error naming the folder when it cannot be.
llvm::Expected<std::string> moduleCacheDir(llvm::StringRef key);

/// The modules a Fortran source defines (`module NAME`, not `module
/// procedure` or a module subprogram), lower case, in order.
std::vector<std::string> definedModules(llvm::StringRef source);

/// The modules flang-22 reports it found no .mod file of, in the order of
/// its messages ("Cannot parse module file for module 'a': Source file 'a.mod'
/// was not found"), each once.
std::vector<std::string> missingModules(llvm::StringRef flangStderr);

/// Whether `name` is a Fortran source (.f90, .F90, .f, .F, .f95, ...).
bool isFortranSource(llvm::StringRef name);

} // namespace ompx::pipeline

#endif // OMPX_PIPELINE_COMPILE_MODULECACHE_H
