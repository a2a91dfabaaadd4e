//===- BundleTarball.h - A bundle's .tar.xz from cached pieces --*- C++ -*-===//
//
// A bundle's tarball is mostly its shared libraries (~210 MB, libLLVM 150 of
// them), the same for every program. Each library is compressed once per
// content into a cache folder as an xz stream of its bytes; the tarball is a
// concatenation of xz streams, the tar headers and the small files
// compressed per bundle, the libraries' data copied from the cache. `xz -d`,
// GNU tar and Python's tarfile read concatenated streams as one.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_BUNDLETARBALL_H
#define OMPX_PIPELINE_BUNDLETARBALL_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <atomic>
#include <cstddef>
#include <functional>
#include <string>

namespace ompx::pipeline {

/// The cache of compressed libraries: $OMPX_BUNDLE_CACHE, else
/// $XDG_CACHE_HOME/ompx/bundle, else $HOME/.cache/ompx/bundle; empty when
/// none of them is set.
std::string bundleCacheDir();

struct TarballOptions {
  /// Where compressed libraries are kept; empty, or a folder that cannot be
  /// written: each library is compressed for this tarball only (a note).
  std::string cacheDir;
  const std::atomic<bool> *cancel = nullptr;
  std::function<void(const std::string &)> log;
};

struct TarballStats {
  size_t reused = 0;     ///< libraries taken from the cache as they were
  size_t compressed = 0; ///< libraries compressed by this tarball
  bool cached = false;   ///< the cache was used (else: no cache, a note)
  std::string compressor; ///< "xz -5", "xz (XZ_OPT=...)", "python3 lzma"
};

/// Writes `tarball` (.tar.xz) holding the folder `dir` under its own name:
/// its files and folders, the files of `dir`/lib through the cache. The
/// tarball is written under a temporary name and renamed when complete.
llvm::Expected<TarballStats> writeBundleTarball(llvm::StringRef dir,
                                                llvm::StringRef tarball,
                                                const TarballOptions &options);

} // namespace ompx::pipeline

#endif // OMPX_PIPELINE_BUNDLETARBALL_H
