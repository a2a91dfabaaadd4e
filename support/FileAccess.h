//===- FileAccess.h - What a document may make the server touch -*- C++ -*-===//
//
// The one rule for every file the server reads or writes because of what a
// document or an editor command names (a `loc()` path, a bundle folder, an
// emit output, a launch's drivers): the file must lie, symbolic links
// resolved, under a workspace folder or under the document's own folder;
// reads take regular files only, size-capped, of the kind the feature
// expects; writes make new files and folders and never replace a file that
// ompx did not make. A path inside a file is untrusted input: a document
// must not lead the server to /etc/shadow, /dev/zero, a FIFO, or a file of
// another project. The command line (`--check`, `launch`, `emit`) is the
// user speaking and does not go through here.
//
// Thread-safe: the LSP thread sets the folders, features and launches read.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_SUPPORT_FILEACCESS_H
#define OMPX_SUPPORT_FILEACCESS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

namespace ompx {

/// What a read is for; decides which files qualify by name.
enum class FileKind {
  Any,     ///< what a launch compiles (its input, its drivers)
  Fortran, ///< a source line for a hover: Fortran sources and includes
};

/// Whether `path`'s name fits `kind` (".f90", ".F", ".inc", ... for
/// Fortran; case-insensitive).
bool fileNameFits(llvm::StringRef path, FileKind kind);

/// A path fit to be handed to a file system call or a script: not empty,
/// no NUL or other control character (a newline would split a line of
/// run.sh or of a guard's protocol, a NUL would cut the path short).
/// The error names the first bad character ("holds a newline (U+000A)").
llvm::Error checkPathCharacters(llvm::StringRef path);

/// Whether `path` lies, symbolic links resolved, in one of `folders` (each
/// resolved too), for the pipeline's bounded runs (EmitRequest and
/// LaunchRequest::projectRoots: the workspace folders and the document's);
/// always with no folders (the command line, unbounded). A folder at the
/// file system's root counts as none: a document at `/` names no folder of
/// its own, as for FileAccess::read.
bool insideFolders(llvm::ArrayRef<std::string> folders, llvm::StringRef path);

class FileAccess {
public:
  /// The workspace folders; each kept as its real path, ones that do not
  /// exist (or are not folders) dropped.
  void setFolders(llvm::ArrayRef<std::string> folders);
  /// workspace/didChangeWorkspaceFolders: `removed` named as they were
  /// added (a removed folder may no longer exist).
  void changeFolders(llvm::ArrayRef<std::string> added,
                     llvm::ArrayRef<std::string> removed);
  std::vector<std::string> folders() const;

  /// The real path of the existing `path` when it lies under a workspace
  /// folder or under `docFolder` (the document's folder; "" for none).
  /// The error says why not, naming the path.
  llvm::Expected<std::string> confine(llvm::StringRef path,
                                      llvm::StringRef docFolder) const;

  /// The contents of `path` when it is confined as above, a regular file of
  /// at most `limit` bytes, and of `kind`. The confinement is checked again
  /// on the opened descriptor.
  llvm::Expected<std::string> read(llvm::StringRef path,
                                   llvm::StringRef docFolder, FileKind kind,
                                   uint64_t limit) const;

  /// Whether a new file or folder may be made at `path` (`what` names it in
  /// the error: "the bundle folder"): its characters are fit, the nearest
  /// existing folder above it lies under a workspace folder or `docFolder`,
  /// and `path` does not exist (unless `mayExist`, when it may be an
  /// existing folder or file that the caller then checks itself).
  llvm::Error checkCreate(llvm::StringRef path, llvm::StringRef docFolder,
                          llvm::StringRef what, bool mayExist = false) const;

private:
  bool underAFolder(llvm::StringRef real, llvm::StringRef docReal) const;
  /// confine() with the document folder's real path already resolved.
  llvm::Expected<std::string> confineReal(llvm::StringRef path,
                                          llvm::StringRef docReal) const;
  mutable std::mutex mutex;
  std::vector<std::string> roots; ///< real paths
  std::vector<std::string> given; ///< each root as the client named it
};

} // namespace ompx

#endif // OMPX_SUPPORT_FILEACCESS_H
