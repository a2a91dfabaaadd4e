//===- CompileDatabase.h - a build's compile_commands.json ------*- C++ -*-===//
//
// The flags a build compiles a Fortran file with, from the compile database
// CMake (CMAKE_EXPORT_COMPILE_COMMANDS) or `bear -- make` writes, so emit
// sees the same -D, -I, -J and -cpp as the build.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_COMPILE_COMPILEDATABASE_H
#define OMPX_PIPELINE_COMPILE_COMPILEDATABASE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace ompx::pipeline {

/// One compile of the database.
struct CompileEntry {
  std::string directory; ///< where the build ran it (absolute)
  std::string file;      ///< the source, real path
  /// The driver flags: without the compiler, `-c`, `-o X` and the source.
  std::vector<std::string> flags;
  /// Why the entry may not be used (a flag that would load code into flang
  /// or hand it files), naming the file and the flag; empty when it may.
  /// Only a compile of this file fails: the rest of the database is usable.
  std::string refused;
};

struct CompileDatabase {
  std::string path; ///< the compile_commands.json read
  std::vector<CompileEntry> entries;
  /// The entry compiling `realPath` (a real path), or null.
  const CompileEntry *find(llvm::StringRef realPath) const;
};

/// `compile_commands.json` in the folder of `source` or the nearest folder
/// above it, or in such a folder's `build/` (CMake's usual build folder;
/// the folder's own first); empty when there is none. A nearer one this
/// process may not open (outside a confined emit's project) is skipped and
/// named in `unreadable`.
std::string findCompileDatabase(llvm::StringRef source,
                                std::string *unreadable = nullptr);

/// Where findCompileDatabase finds none: the databases of the other build
/// folders of the project (`cmake -B build-gpu`, `_build`, an IDE's
/// `cmake-build-debug`), those in a subfolder of `source`'s folder or of a
/// folder above it, up to the project's top, that have an entry for
/// `source`. The top is the folder of `roots` holding `source` (the
/// editor's workspace), else the nearest folder above holding `.git`; with
/// neither nothing is searched (no other project's build is read). Hidden
/// folders are skipped, and at most 256 subfolders (among the first 4096
/// entries) of a folder are looked at.
std::vector<std::string>
buildFolderDatabases(llvm::StringRef source, llvm::ArrayRef<std::string> roots);

/// The database with an entry for `source`: the nearest one (as
/// findCompileDatabase finds it), else the one build folder's
/// (buildFolderDatabases); none (nullopt) when neither lists it, or lies
/// outside `roots` (given). An error when the one to take does not read.
llvm::Expected<std::optional<CompileDatabase>>
listingDatabase(llvm::StringRef source, llvm::ArrayRef<std::string> roots);

/// Reads a database; an error naming `path` when it is not a JSON array of
/// entries with `directory`, `file` and `command` or `arguments`.
llvm::Expected<CompileDatabase> loadCompileDatabase(llvm::StringRef path);

/// The flags of a compile's argv (program first) for `file` (real path),
/// relative names resolved against `directory`: drops the program, `-c`,
/// `-o X` and the source.
std::vector<std::string> compileFlags(llvm::ArrayRef<std::string> argv,
                                      llvm::StringRef directory,
                                      llvm::StringRef file);

} // namespace ompx::pipeline

#endif // OMPX_PIPELINE_COMPILE_COMPILEDATABASE_H
