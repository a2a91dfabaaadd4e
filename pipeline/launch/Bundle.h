//===- Bundle.h - A self-contained folder to run a program elsewhere -*- C++
//-*-===//
//
// `ompx-lsp launch --bundle=DIR` builds here and runs on a GPU node that has
// a driver but no LLVM: DIR holds the program, lib/ with every shared library
// it loads that such a node may lack (found the way the dynamic loader finds
// them on this machine), and run.sh; DIR.tar.xz carries it (made from
// libraries compressed once, BundleTarball.h). Needs only the linked
// executable, so it works for every device kind.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_BUNDLE_H
#define OMPX_PIPELINE_BUNDLE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ompx::pipeline {

/// The dynamic-section entries of an ELF file that decide what it loads.
struct ElfDynamicInfo {
  std::vector<std::string> needed;  ///< DT_NEEDED, in order
  std::vector<std::string> rpath;   ///< DT_RPATH, split at ':'
  std::vector<std::string> runpath; ///< DT_RUNPATH, split at ':'
};

/// Reads DT_NEEDED/DT_RPATH/DT_RUNPATH of an ELF executable or library.
llvm::Expected<ElfDynamicInfo> readElfDynamicInfo(llvm::StringRef path);

/// Where the loader looks, besides each object's RPATH/RUNPATH.
struct LibrarySearch {
  /// LD_LIBRARY_PATH of the program's run, in order.
  std::vector<std::string> libraryPath;
  /// ld.so.cache: soname -> path, for this machine's ELF class (from
  /// `ldconfig -p`); empty: not consulted.
  std::vector<std::pair<std::string, std::string>> cache;
  /// The loader's built-in directories, searched last.
  std::vector<std::string> defaultDirs;
  /// Reads the cache with `ldconfig -p` and sets the Debian/Ubuntu x86-64
  /// default directories.
  static LibrarySearch forThisMachine(std::vector<std::string> libraryPath);
};

struct ResolvedLibrary {
  std::string name;     ///< as DT_NEEDED names it (the file name in lib/)
  std::string path;     ///< where the loader finds it here
  std::string neededBy; ///< the first object that needs it
};

struct ResolvedLibraries {
  std::vector<ResolvedLibrary> bundled; ///< what the bundle carries
  std::vector<std::string> fromTheNode; ///< excluded names (the C runtime)
};

/// True for the libraries every Linux node has and must supply itself
/// (glibc's, libstdc++, libgcc_s); see Bundle.cpp for why.
bool isNodeProvidedLibrary(llvm::StringRef name);

/// Follows DT_NEEDED from `executable` transitively, resolving each name as
/// the dynamic loader would (RPATH unless RUNPATH, LD_LIBRARY_PATH, RUNPATH,
/// the cache, the default directories; $ORIGIN expanded; a file of another
/// ELF class or machine skipped). A name that resolves nowhere is an error
/// naming it and what needs it.
llvm::Expected<ResolvedLibraries>
resolveSharedLibraries(llvm::StringRef executable, const LibrarySearch &search);

/// An error unless `dir` is absent or an empty directory.
llvm::Error checkBundleDir(llvm::StringRef dir);

struct BundleOptions {
  std::string dir;         ///< the folder to write (absent or empty)
  std::string executable;  ///< the linked program
  std::string programName; ///< its name in the folder
  bool offload = true;     ///< set OMP_TARGET_OFFLOAD=MANDATORY in run.sh
  int deviceIndex = 0;     ///< run.sh's default OMP_DEFAULT_DEVICE
  std::string deviceName;  ///< for run.sh's comment and messages
  /// libompx-observe.so, copied to lib/ and preloaded by run.sh when
  /// OMPX_PROFILE_LOG names where the recorder writes (a recorded launch
  /// through Slurm); empty: none.
  std::string observer;
  /// More files for the folder: each (path here, its name under DIR,
  /// folders made as needed), written before the tarball is packed.
  std::vector<std::pair<std::string, std::string>> extraFiles;
  LibrarySearch search;
  /// Write DIR.tar.xz too (a folder run in place needs none).
  bool tarball = true;
  /// A folder of library copies shared by many bundles: each library is
  /// copied there once (per size and modification time) and hard-linked
  /// into lib/, so a launch through Slurm does not copy libLLVM (~130 MB)
  /// every time. Empty: lib/ gets copies.
  std::string libraryStore;
  /// The cache of compressed libraries for the tarball (BundleTarball.h:
  /// bundleCacheDir()); empty: each compressed for this tarball only.
  std::string cacheDir;
  const std::atomic<bool> *cancel = nullptr;
  std::function<void(const std::string &)> log;
};

struct BundleResult {
  std::string dir, tarball;
  uint64_t bytes = 0;        ///< every file in dir
  uint64_t tarballBytes = 0; ///< dir.tar.xz (0: none written)
  size_t libraries = 0;
};

/// Writes the folder and its .tar.xz (writeBundleTarball: the libraries
/// from the cache). The folder stays when the tarball fails.
llvm::Expected<BundleResult> writeBundle(const BundleOptions &options);

/// Runs a tool (no shell, stdout discarded, in a process group of its own)
/// to its end; an error naming it, with its stderr, unless it succeeds;
/// "cancelled" once `*cancel` is set.
llvm::Error runToEnd(std::vector<std::string> argv,
                     std::optional<std::vector<std::string>> env,
                     const std::atomic<bool> *cancel);

/// `s` as one word for sh (single quotes).
std::string shellQuote(llvm::StringRef s);

/// The run.sh text (exposed for tests).
std::string bundleRunScript(const BundleOptions &options);

} // namespace ompx::pipeline

#endif // OMPX_PIPELINE_BUNDLE_H
