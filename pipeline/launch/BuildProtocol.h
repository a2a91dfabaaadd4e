//===- BuildProtocol.h - The launcher <-> build child contract --*- C++ -*-===//
//
// A launch compiles in a build child (`ompx-lsp --build-child`, spawned by
// Launcher::build, main in BuildChild.cpp): MLIR, Flang and LLVM may crash
// or report_fatal_error there without taking the caller down. This file is
// the whole contract between the two processes.
//
// Parent -> child, on the child's stdin, once:
//   one line of JSON, the BuildPlan (toJSON below; every field but the input
//   text), then the input text raw up to end of file (it need not be UTF-8).
//
// Child -> parent, on a private copy of the child's stdout (what MLIR, LLVM
// or a tool prints on stdout goes to /dev/null), one JSON object per line:
//   {"t":"stage","stage":S,"msg":M}  stage S (int(Stage)) starts, doing M
//   {"t":"log","msg":M}              a build log line
//   {"t":"done","ok":B,"stage":S,"msg":M[,"file":F,"line":L,"col":C]}
//                                    the last frame: success, or the failure
//                                    of stage S with its message and, when
//                                    an op caused it, its location
// The child's stderr is the build log (a file the parent reads to explain a
// failure). A child that exits without a `done` frame crashed.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_LAUNCH_BUILDPROTOCOL_H
#define OMPX_PIPELINE_LAUNCH_BUILDPROTOCOL_H

#include "pipeline/Types.h"
#include "pipeline/compile/Compile.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"

#include <optional>
#include <string>
#include <vector>

namespace ompx::pipeline {

/// What the build child does: the compile job and the link that follows.
struct BuildPlan {
  CompileJob job;
  std::string flang;      ///< link driver
  std::string libompDir;  ///< -L for libomp.so, may be empty
  std::string llvmLibDir; ///< the toolchain's lib/
  std::string offloadLibDir; ///< -L for libomptarget 22
  /// -Wl,-rpath of ompx's own runtime copies (Toolchain::runtimeRunPaths).
  std::vector<std::string> runPaths;
  bool useLld = false;    ///< link with ld.lld (faster on the static flang_rt)
  std::string missing;    ///< why the GPU program cannot run here
  std::string executable;
  int deviceIndex = 0; ///< OMP_DEFAULT_DEVICE
  /// Host code linked in (absolute paths); `driversGiven` when the user
  /// named them, else a sidecar found next to the input (used only when
  /// the module has no main program).
  std::vector<std::string> drivers;
  bool driversGiven = false;
  /// Per driver (LaunchRequest::driverFlags); empty: the defaults.
  std::vector<std::vector<std::string>> driverFlags;
  std::vector<std::string> projectRoots; ///< LaunchRequest::projectRoots
  std::string clang;      ///< for C drivers
  std::string includeDir; ///< ISO_Fortran_binding.h, for C drivers
};

/// The plan's first line (all but the input text, which follows it raw).
llvm::json::Value toJSON(const BuildPlan &plan);
bool fromJSON(const llvm::json::Value &value, BuildPlan &plan,
              llvm::json::Path path);

/// The first line the parent writes to the child's stdin, '\n' included;
/// plan.job.inputText follows it (written apart: it may be 1 GiB).
std::string encodeBuildPlanLine(const BuildPlan &plan);
/// Reads the child's whole stdin (the plan line, then the input text);
/// false (and `plan` unspecified) when the first line is not a plan.
bool decodeBuildInput(llvm::StringRef input, BuildPlan &plan);

/// One child -> parent frame.
struct BuildEvent {
  enum class Kind { Stage, Log, Done };
  Kind kind = Kind::Log;
  Stage stage = Stage::Setup; ///< Stage, Done
  std::string message;
  bool ok = false;                        ///< Done
  std::optional<SourceLocation> location; ///< Done, failed
};

/// The frame's line, '\n' included.
std::string encodeBuildEvent(const BuildEvent &event);
/// The frame on `line` (without its '\n'); nullopt for anything else.
std::optional<BuildEvent> decodeBuildEvent(llvm::StringRef line);

/// Splits the child's stdout, as it arrives in pieces, into frames.
class BuildEventReader {
public:
  /// Appends `data` and returns the frames it completes (lines that are
  /// not frames are skipped).
  std::vector<BuildEvent> feed(llvm::StringRef data);

private:
  std::string pending;
};

/// What kind of host code a driver file is, by its extension.
enum class DriverKind { Fortran, C, Object, Unknown };
DriverKind driverKind(llvm::StringRef file);

/// `dir/omp_teams` for `dir/omp_teams.hlfir.mlir`: where a driver sidecar
/// (`omp_teams.driver.f90`) is looked for.
std::string sidecarStem(llvm::StringRef input);

} // namespace ompx::pipeline

#endif // OMPX_PIPELINE_LAUNCH_BUILDPROTOCOL_H
