//===- Compile.h - In-process MLIR -> host object with offload --*- C++ -*-===//
//
// The part of the pipeline that runs MLIR, Flang and LLVM in-process. It is
// only ever called inside the spawned build child (launch/BuildChild.cpp): it
// may crash or report_fatal_error, and the parent turns that into a result.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_COMPILE_H
#define OMPX_PIPELINE_COMPILE_H

#include "pipeline/Types.h"
#include "pipeline/compile/DeviceRuntime.h"
#include "pipeline/compile/PassTrace.h"

#include "llvm/Frontend/Debug/Options.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace ompx::pipeline {

struct CompileJob {
  std::string inputPath;
  std::string inputText;
  DeviceKind device = DeviceKind::Host; ///< never Auto here
  std::string deviceTriple;             ///< offload devices only
  std::string deviceArch;               ///< sm_90, gfx90a, generic (x86)
  std::string workDir;
  std::string ptxas;          ///< NVPTX: assembler for the cubin
  std::string ldLld;          ///< AMDGPU: links the complete code object
  GpuRuntime gpuRuntime;      ///< GPU: linked as bitcode before optimizing
  std::string hostDevRuntime; ///< host-offload: runtime object (entry points)
  std::string cudaSetup;      ///< NVPTX: host object whose set-up runs first
  OptLevel optLevel = OptLevel::O0;
  /// `-g`: the host code carries debug information (flang's kind).
  llvm::codegenoptions::DebugInfoKind debugInfo =
      llvm::codegenoptions::NoDebugInfo;
  /// One translation unit of a program (`ompx-flang -c`): the device code
  /// stays LLVM bitcode, embedded in the host object's .llvm.offloading
  /// section as an OffloadBinary, and nothing registers it; the program's
  /// link joins every unit's device code (DeviceLink.h). Without it the
  /// host object carries the complete, registered image of this module.
  bool relocatable = false;
  /// A launch with no driver to supply `main`: a module without one is
  /// refused at the parse stage ("nothing to launch"), this text saying
  /// what to do, before anything is compiled. Empty: no main is needed.
  std::string noMainAdvice;
  /// `launch --check-maps`: the host copy's map entries name their ops in
  /// the input, and the work folder gets their sidecar (MapSites.h).
  bool mapCheck = false;
  /// `launch --profile`: as mapCheck, and the work folder gets the kernel
  /// sidecar (MapSites.h), for the record to name each kernel's op.
  bool profile = false;
  /// `ompx-flang -fompx-check-maps`: the checked launch's watches
  /// (Lowering.h, runInputPasses) without mapCheck's site names: the map
  /// entries keep flang's names, which `launch --program --check-maps`
  /// reads (the Fortran file and line). The host object defines
  /// kMapWatchesSymbol, which says so to that launch.
  bool mapWatches = false;
  /// Whether the map entries and kernels name their ops in the input.
  bool namesSites() const { return mapCheck || profile; }
  /// `ompx-lsp pipeline`: the compile alone, and the IR after every pass.
  PassSnapshots snapshots;
};

/// Defined (weak) by every host object built with CompileJob::mapWatches.
inline constexpr const char *kMapWatchesSymbol = "__ompx_map_watches";

struct CompileOutcome {
  bool ok = false;
  Stage stage = Stage::Parse;
  std::string message;
  std::optional<SourceLocation> location;
  std::string hostObject;  ///< with the device image embedded
  std::string deviceImage; ///< cubin / object (kept for inspection)
  std::string kernels;     ///< comma-separated offload kernel names
  /// GPU: each kernel's execution mode after optimization, "name: mode".
  std::vector<std::string> kernelModes;
  bool hasMain = false;    ///< defines main or _QQmain
  bool openacc = false;    ///< OpenACC input (host fallback or acc-to-omp)
  bool offloaded = false;  ///< a device image is embedded
  /// host-offload: functions the device image calls but does not define
  /// (Fortran runtime, procedures of the drivers such as a `routine bind`
  /// name); the link exports them from the program, which the image
  /// resolves against.
  std::vector<std::string> fortranRuntime;
};

using StageFn = std::function<void(Stage, const std::string &)>;
using LogFn = std::function<void(const std::string &)>;

/// Parses, clones, lowers, translates, generates code and embeds. Every
/// failure is returned with its stage and, when an op caused it, its
/// location in the input.
CompileOutcome compileInProcess(const CompileJob &job, const StageFn &onStage,
                                const LogFn &log);

} // namespace ompx::pipeline

#endif // OMPX_PIPELINE_COMPILE_H
