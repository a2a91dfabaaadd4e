//===- Confine.h - Keep a process and its children to some folders -*- C++ -*-//
//
// The server's emit and pipeline children compile what a document names,
// and flang reads far more than ompx can scan ahead of it: every spelling
// of INCLUDE and #include its prescanner accepts, a `use`d module's .mod
// file through any -I, -J or the working folder, a link out of the
// project. Rather than predict each, the child confines itself (and so
// flang) with Landlock before it reads anything: it may read the project
// and the toolchain, and write only where its output and the module cache
// go. A file outside (/etc/passwd, another project's sources, a .mod link
// to elsewhere) then fails to open in flang like a missing one.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_SUPPORT_CONFINE_H
#define OMPX_SUPPORT_CONFINE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace ompx {

/// Where a confined process may go: folders (or single files) to read
/// beneath, and to read and write beneath. A path that does not exist is
/// left out.
struct Confinement {
  std::vector<std::string> read, write;
};

/// The Landlock ABI version this kernel offers, 0 without Landlock.
int landlockVersion();

/// Confines this process and every process it starts to `c`, for good.
/// An error when the kernel has no Landlock (nothing is changed then) or a
/// rule cannot be made.
llvm::Error confineFileAccess(const Confinement &c);

} // namespace ompx

#endif
