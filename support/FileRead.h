//===- FileRead.h - Reading user files safely -------------------*- C++ -*-===//
//
// The one way ompx reads a file a user named (--check, launch, opt, the
// editor's compileAndLaunch): only a regular file of bounded size, never a
// FIFO (which blocks forever), a device (/dev/zero grows memory without
// end), a socket or a directory. The type is checked on the opened
// descriptor, so a path swapped between the check and the read cannot slip
// through.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_SUPPORT_FILEREAD_H
#define OMPX_SUPPORT_FILEREAD_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>

namespace ompx {

/// The largest input file ompx reads: 1 GiB.
inline constexpr uint64_t kMaxInputFileBytes = uint64_t(1) << 30;

/// The contents of `path` if it is a regular file (symbolic links followed)
/// of at most `limit` bytes; "-" reads standard input, up to `limit` bytes.
/// The error says why without the path ("is a FIFO, not a regular file";
/// "is 2147483648 bytes, over the 1 GiB limit"); callers name the file.
llvm::Expected<std::string>
readRegularFile(llvm::StringRef path, uint64_t limit = kMaxInputFileBytes);

/// As above, and `allow` sees the real path of the file as opened (taken
/// from the descriptor, symbolic links resolved) before a byte is read; an
/// error it returns is the result. "-" is refused when `allow` is given.
llvm::Expected<std::string>
readRegularFile(llvm::StringRef path, uint64_t limit,
                llvm::function_ref<llvm::Error(llvm::StringRef real)> allow);

/// The first `bytes` bytes of `path` (all of it when shorter), with
/// readRegularFile's checks.
llvm::Expected<std::string> readRegularFileHead(llvm::StringRef path,
                                                uint64_t bytes);

/// Writes `text` to `path` whole (through a temporary file renamed over it,
/// llvm::writeToOutput; "-" is standard output).
llvm::Error writeTextFile(llvm::StringRef path, llvm::StringRef text);

/// "1 GiB", "512 MiB", "100 bytes": a limit in words.
std::string describeBytes(uint64_t bytes);

} // namespace ompx

#endif // OMPX_SUPPORT_FILEREAD_H
