//===- ReplayMain.cpp - Runs saved fuzz inputs without libFuzzer ----------===//
//
// ompx-fuzz-replay TARGET FILE-OR-DIR...: feeds each file (each file of a
// directory, recursively) to the target's entry point, as libFuzzer would
// replay it. A bug aborts the process, so the ctest test fails; it prints
// each file first so that the failing one is named.
//
//===----------------------------------------------------------------------===//

#include "fuzz/FuzzTargets.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/LSP/Logging.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <string>
#include <vector>

using namespace ompx;

int main(int argc, char **argv) {
  if (argc < 3) {
    llvm::errs() << "usage: ompx-fuzz-replay "
                    "transport|textsync|syntax|analysis|slurm|paths|"
                    "fortran_directives|mapcheck_log|profile_log "
                    "FILE-OR-DIR...\n";
    return 2;
  }
  llvm::StringRef name = argv[1];
  int (*target)(const uint8_t *, size_t) =
      name == "transport"            ? fuzz::transport
      : name == "textsync"           ? fuzz::textSync
      : name == "syntax"             ? fuzz::syntax
      : name == "analysis"           ? fuzz::analysis
      : name == "slurm"              ? fuzz::slurm
      : name == "paths"              ? fuzz::paths
      : name == "fortran_directives" ? fuzz::fortranDirectives
      : name == "mapcheck_log"       ? fuzz::mapCheckLog
      : name == "profile_log"        ? fuzz::profileLog
                                     : nullptr;
  if (!target) {
    llvm::errs() << "ompx-fuzz-replay: unknown target '" << name << "'\n";
    return 2;
  }
  llvm::lsp::Logger::setLogLevel(llvm::lsp::Logger::Level::Error);
  std::vector<std::string> files;
  for (int i = 2; i < argc; ++i) {
    if (!llvm::sys::fs::is_directory(argv[i])) {
      files.push_back(argv[i]);
      continue;
    }
    std::error_code ec;
    for (llvm::sys::fs::recursive_directory_iterator it(argv[i], ec), end;
         it != end && !ec; it.increment(ec))
      if (llvm::sys::fs::is_regular_file(it->path()))
        files.push_back(it->path());
  }
  std::sort(files.begin(), files.end());
  for (const std::string &f : files) {
    auto buf = llvm::MemoryBuffer::getFile(f, /*IsText=*/false,
                                           /*RequiresNullTerminator=*/false);
    if (!buf) {
      llvm::errs() << "ompx-fuzz-replay: cannot read " << f << "\n";
      return 2;
    }
    llvm::outs() << "replay " << name << " " << f << "\n";
    llvm::outs().flush();
    target(reinterpret_cast<const uint8_t *>((*buf)->getBufferStart()),
           (*buf)->getBufferSize());
  }
  llvm::outs() << "ompx-fuzz-replay: " << files.size() << " input(s) of "
               << name << " passed\n";
  return files.empty() ? 1 : 0;
}
