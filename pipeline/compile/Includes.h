//===- Includes.h - Which files a Fortran source makes flang read -*- C++ -*-//
//
// A path inside a file is untrusted input: `#include "/etc/passwd"` or
// `include '../../.ssh/id_rsa'` in a document opened in the editor would have
// flang read that file and print its lines in its errors. Before emit runs
// flang, the include lines of the source (and of the files they include) are
// followed the way flang searches for them, and one that leads where the
// caller does not allow, to a special file, or through a macro is refused.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_COMPILE_INCLUDES_H
#define OMPX_PIPELINE_COMPILE_INCLUDES_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace ompx::pipeline {

/// One include line of a Fortran source.
struct IncludeLine {
  unsigned line = 0;   ///< 1-based
  unsigned column = 0; ///< 1-based, where the directive starts
  std::string name;    ///< as written; empty for a computed `#include`
  bool angled = false; ///< `#include <name>`: not searched beside the file
};

/// The `#include "x"`, `#include <x>`, `#include MACRO` and Fortran
/// `include 'x'` lines of `source`, in order. Lines the preprocessor surely
/// skips (under `#if 0`, or an `#else` after `#if 1`) are left out; any
/// other condition may hold, so the lines under it are all checked.
std::vector<IncludeLine> includeLines(llvm::StringRef source);

/// Whether flang may read `real` as an include within `roots`: a file of
/// the project, or of the system's folders /usr and /opt (an MPI's mpif.h,
/// a library's headers).
bool includable(llvm::ArrayRef<std::string> roots, llvm::StringRef real);

/// The folders flang-22 driver `flags` search for includes and modules
/// (-I, -J, -module-dir; joined or apart), relative ones from `workDir`.
std::vector<std::string> includeSearchDirs(llvm::ArrayRef<std::string> flags,
                                           llvm::StringRef workDir);

/// An include that must not be followed.
struct IncludeRefusal {
  std::string file; ///< the file holding the include line
  unsigned line = 0, column = 0;
  std::string message; ///< why, naming the include and where it leads
  /// `file:line:column: error: message`, as flang writes its errors.
  std::string flangStyle() const;
};

/// Follows the include lines of `file` and of the files they include (as
/// flang searches: beside the including file, then `searchDirs`, in order;
/// every file that exists on that path is checked, not only the first) and
/// returns the first that would make flang read a file `allowed` refuses
/// (given its real path), a file that is not a regular one, or, when
/// `bounded` (a project's bounds apply), a computed `#include`. Files that do
/// not exist are flang's to report.
std::optional<IncludeRefusal>
refusedInclude(llvm::StringRef file, llvm::ArrayRef<std::string> searchDirs,
               bool bounded,
               llvm::function_ref<bool(llvm::StringRef real)> allowed);

/// The files flang reads for the include lines of `file` and of the files
/// those include (the first that exists of each, searched as flang does),
/// each once, to a depth no real code needs. Call it for files whose
/// includes refusedInclude let through.
std::vector<std::string> includedFiles(llvm::StringRef file,
                                       llvm::ArrayRef<std::string> searchDirs);
/// The same for `text`, the contents of `file` (read already, or the
/// editor's).
std::vector<std::string> includedFiles(llvm::StringRef file,
                                       llvm::StringRef text,
                                       llvm::ArrayRef<std::string> searchDirs);

} // namespace ompx::pipeline

#endif // OMPX_PIPELINE_COMPILE_INCLUDES_H
