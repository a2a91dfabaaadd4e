//===- Emit.h - Fortran -> MLIR through flang-22 ----------------*- C++ -*-===//
//
// `ompx-lsp emit FILE.f90`: runs flang-22 -fc1 on a Fortran file with the
// flags the corpus was made with and locations kept (`loc("f.f90":L:C)`), so
// the MLIR the server analyzes can be mapped back to the Fortran lines.
// HLFIR and FIR come straight from flang; the LLVM dialect is Flang's own
// MLIR pipeline run in this process on flang's FIR (tco-22 drops locations).
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_EMIT_H
#define OMPX_PIPELINE_EMIT_H

#include "pipeline/Types.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <atomic>
#include <optional>
#include <string>
#include <vector>

namespace ompx::pipeline {

/// The device-side module flang compiles with `-fopenmp-is-target-device`.
struct EmitDevice {
  std::string triple; ///< nvptx64-nvidia-cuda, amdgcn-amd-amdhsa, x86_64-...
  std::string cpu;    ///< sm_90, gfx90a; empty for x86_64
  /// `nvptx`, `amdgpu`, `host`, or an arch (`sm_80`, `gfx90a`); nullopt and
  /// `error` set when it is none of them.
  static std::optional<EmitDevice> parse(llvm::StringRef spec,
                                         std::string &error);
};

/// Both: `-fopenmp -fopenacc`, for a file with both kinds of directive
/// (either alone would make the other kind comments, without a word).
enum class EmitModel { Auto, OpenMP, OpenACC, Both };

struct EmitRequest {
  std::string inputPath;
  IRLevel kind = IRLevel::HLFIR;
  std::optional<EmitDevice> device;
  /// Auto: detectModel's choice.
  EmitModel model = EmitModel::Auto;
  std::string toolchainPrefix; ///< as LaunchRequest's; empty: /usr/lib/llvm-22
  /// flang-22 driver flags (`emit FILE -- FLAGS`): the compile is flang's own
  /// -fc1 command for `flang-22 -c FILE FLAGS -fopenmp`, run in the current
  /// folder. Nullopt: the flags of the file's compile_commands.json entry,
  /// run in its directory, else the defaults, run in the file's folder.
  std::optional<std::vector<std::string>> flangFlags;
  /// The compile database to read; empty: the nearest compile_commands.json
  /// in the file's folder or above it.
  std::string compileCommands;
  /// Folders a compile database, its entries' files and folders must lie in
  /// (the editor's workspace folders and the document's folder: a document
  /// never makes emit compile or run flang outside the project); one found
  /// outside is ignored with a note, entries outside are dropped. Empty: no
  /// bound (the command line, whose user chose the file).
  std::vector<std::string> projectRoots;
  unsigned timeoutSeconds = 120;
  const std::atomic<bool> *cancel = nullptr;
};

struct EmitResult {
  bool ok = false;
  std::string mlir;                 ///< the module, locations printed
  std::string message;              ///< why it failed (one paragraph)
  std::string flangStderr;          ///< flang's warnings/errors, verbatim
  std::vector<std::string> command; ///< the flang command line run
  std::string workingDirectory;     ///< where it ran; empty: here
  std::vector<std::string> notes;   ///< what emit chose (database, modules)
  /// What the output cannot be used for (the LLVM dialect of OpenACC).
  std::vector<std::string> warnings;
  /// The compile database whose entry gave the file's flags; empty when
  /// the file had none (the defaults, or `emit FILE -- FLAGS`).
  std::string compileDatabase;
  /// The module cache: the .mod files emit compiled, the file's included.
  std::string moduleCache;
};

/// How a Fortran driver of `launch FILE.f90` is compiled in the project
/// `emitted` (emitFortran's result for `input`) came from.
struct ProjectDriverFlags {
  /// flang driver flags: the driver's database entry's (else the input's),
  /// offload flags, -c, -o and the source dropped, relative folders made
  /// absolute, the build's module folder (-J) read and not written, emit's
  /// module cache first on the module path. Empty: the input had no entry,
  /// and the driver is built as without a project.
  std::vector<std::string> flags;
  std::string note;  ///< why the driver takes the input's entry
  std::string error; ///< why the two cannot be built apart (a refusal)
};

/// The flags of `driver` in the input's project (without one: emit's module
/// cache, where the input's own .mod files are, and the two files' folders
/// on the module path); `error` set when its default kinds (-fdefault-*)
/// differ from the input's, or a -D/-U macro that differs is one both files
/// (or files they include) name, and both use a module (each file would see
/// the module, or the constants it shares with it, differently: a wrong
/// answer without a word). Other macros differ with a note (a library's
/// PRIVATE definitions).
ProjectDriverFlags projectDriverFlags(const EmitResult &emitted,
                                      llvm::StringRef input,
                                      llvm::StringRef driver);

/// The flags of Fortran `driver` of a launch whose input is MLIR (how that
/// was compiled is not known): its own compile_commands.json entry's, as the
/// project builds it (offload flags, -c, -o and the source dropped, folders
/// absolute), so that its -D and kinds are the build's, not flang's
/// defaults. Empty with no database or no entry; a database outside
/// `projectRoots` (when given) is not read; `error` when the entry is
/// refused (a flag that loads code into flang).
ProjectDriverFlags ownDriverFlags(llvm::StringRef driver,
                                  llvm::ArrayRef<std::string> projectRoots);

/// The flang-22 `-fc1` arguments (after the program) for `request` with the
/// default flags, FIR instead of HLFIR when `kind` is LLVM; `model` resolved;
/// `moduleDir` is where .mod files go and are looked for.
std::vector<std::string> flangEmitArguments(const EmitRequest &request,
                                            EmitModel model,
                                            llvm::StringRef moduleDir);

/// The model of the directives in `source`: OpenACC for `!$acc` only, Both
/// for `!$acc` and `!$omp`, else OpenMP.
EmitModel detectModel(llvm::StringRef source);

/// Runs flang-22 (and, for IRLevel::LLVM, the lowering in this process:
/// never call that kind in the language server's own process). A module
/// flang finds no .mod of is compiled first from the file defining it (in
/// the database, else the source's folder) into the module cache
/// (ModuleCache.h), which is on the search path.
EmitResult emitFortran(const EmitRequest &request);

/// Set in the environment of emitInChild's child: it ends with its parent.
inline constexpr const char *kExitWithParentVariable = "OMPX_EXIT_WITH_PARENT";

/// Runs `emit` (the `ompx-lsp emit` command line: program and subcommand)
/// as a child process on `request` and writes its MLIR to `outputPath`
/// (through a temporary file renamed over it, so an editor watching the file
/// never reads half of it). The language server's way to emit: the LLVM
/// kind runs MLIR, which never runs in the server process. On success
/// `result.mlir` is empty (the text is in the file).
EmitResult emitInChild(llvm::ArrayRef<std::string> emit,
                       const EmitRequest &request, llvm::StringRef outputPath);

/// The file an editor shows the MLIR of `fortranPath` in: next to it,
/// STEM.hlfir.mlir (STEM: the name up to its first dot), STEM.fir.mlir,
/// STEM.llvm.mlir, with `.device` before the kind for a device module
/// (the corpus's names).
std::string emitOutputPath(llvm::StringRef fortranPath, IRLevel kind,
                           bool device);

} // namespace ompx::pipeline

#endif // OMPX_PIPELINE_EMIT_H
