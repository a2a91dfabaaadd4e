//===- Commands.h - The arguments of ompx's executeCommand commands -*- C++
//-*-//
//
// One schema per command: each argument object is read by a fromJSON of
// llvm::json::ObjectMapper, so a field of the wrong type, an unknown field
// or a number out of range is refused with InvalidParams naming the field
// ("expected string at compileAndLaunch.device"), before anything runs.
// What the values mean (a device name, a launcher) is checked by the
// command itself, which names the field too.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_LSP_COMMANDS_H
#define OMPX_LSP_COMMANDS_H

#include "server/lsp/Protocol.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ompx::lsp {

/// `slurm: {...}` of compileAndLaunch, listDevices, releaseSlurmAllocation.
struct SlurmArgs {
  std::optional<std::string> partition, account, gres, time, stageDir, binDir,
      stage, allocation;
  /// `--gpus`: a count, or TYPE:COUNT as a string.
  std::optional<std::string> gpus;
  std::optional<std::vector<std::string>> args;
};
bool fromJSON(const llvm::json::Value &v, SlurmArgs &d, llvm::json::Path p);

/// ompx.compileAndLaunch's argument.
struct LaunchArgs {
  std::string uri;
  std::optional<std::string> device, bundle, launcher;
  std::optional<std::vector<std::string>> args, drivers;
  /// A checked launch (host-offload): `mapFindings` in the answer.
  std::optional<bool> checkMaps;
  /// A recorded launch: `profile` in the answer, the report next to the
  /// document.
  std::optional<bool> profile;
  /// Seconds, 0 for no limit; at most kMaxLaunchTimeout.
  std::optional<double> timeout;
  std::optional<SlurmArgs> slurm;
};
inline constexpr double kMaxLaunchTimeout = 30 * 24 * 3600;
bool fromJSON(const llvm::json::Value &v, LaunchArgs &d, llvm::json::Path p);

/// The fields fromJSON knows, in its order (the unknown-field error lists
/// them): checked against the launch schema's fields by a test.
llvm::ArrayRef<const char *> launchArgsFields();
llvm::ArrayRef<const char *> slurmArgsFields();

/// The optional argument of ompx.listDevices and
/// ompx.releaseSlurmAllocation.
struct SlurmOnlyArgs {
  std::optional<SlurmArgs> slurm;
};
bool fromJSON(const llvm::json::Value &v, SlurmOnlyArgs &d, llvm::json::Path p);

/// A launch argument's values by field, as text, in fromJSON's order:
/// `slurm`'s fields as "slurm.stage", seconds rounded up, absent fields
/// left out. The launch schema (pipeline/LaunchOptions.h) reads them.
using FieldValues =
    std::vector<std::pair<std::string, std::vector<std::string>>>;
FieldValues fieldValues(const LaunchArgs &args);
FieldValues fieldValues(const SlurmOnlyArgs &args);

/// ompx.emitMLIR's argument.
struct EmitArgs {
  std::string uri;
  std::optional<std::string> kind, device, output;
};
bool fromJSON(const llvm::json::Value &v, EmitArgs &d, llvm::json::Path p);

/// ompx.profileHotSpots' optional argument: one document's hot spots.
struct ProfileHotSpotsArgs {
  std::optional<std::string> uri;
};
bool fromJSON(const llvm::json::Value &v, ProfileHotSpotsArgs &d,
              llvm::json::Path p);

/// ompx.fortranLocation's argument.
struct FortranLocationArgs {
  std::string uri;
  LinePosition position;
};
bool fromJSON(const llvm::json::Value &v, FortranLocationArgs &d,
              llvm::json::Path p);

/// ompx.mlirLocations' argument (`line`: 0-based, below 2^31).
struct MlirLocationsArgs {
  std::string uri, fortranUri;
  int64_t line = 0;
};
bool fromJSON(const llvm::json::Value &v, MlirLocationsArgs &d,
              llvm::json::Path p);

/// ompx.pipeline's argument: the document and what decides its build
/// (`offloadArch`: --offload-arch; `after`: changed or all; `timeout`:
/// seconds, at most kMaxPipelineTimeout).
struct PipelineArgs {
  std::string uri;
  std::optional<std::string> device, offloadArch, after;
  std::optional<double> timeout;
};
inline constexpr double kMaxPipelineTimeout = 3600;
bool fromJSON(const llvm::json::Value &v, PipelineArgs &d, llvm::json::Path p);

/// ompx.pipelineSnapshot's argument: a run's id and a snapshot's number or
/// name.
struct PipelineSnapshotArgs {
  std::string run, snapshot;
};
bool fromJSON(const llvm::json::Value &v, PipelineSnapshotArgs &d,
              llvm::json::Path p);

/// ompx.pipelineFollow's argument: a run and a position in its source.
struct PipelineFollowArgs {
  std::string run, uri;
  LinePosition position;
};
bool fromJSON(const llvm::json::Value &v, PipelineFollowArgs &d,
              llvm::json::Path p);

/// ompx.reduce's argument (`mode`: crash, lowering or diagnostic, which
/// takes `diagnostic`, the text to keep).
struct ReduceArgs {
  std::string uri, mode;
  std::optional<std::string> diagnostic;
  std::optional<double> timeout;
};
bool fromJSON(const llvm::json::Value &v, ReduceArgs &d, llvm::json::Path p);

/// The first argument of `params` as T, or the error to answer with
/// InvalidParams: "ompx.compileAndLaunch: expected string at
/// arguments[0].device". Without an argument, a command whose argument is
/// `optional` gets a default T.
template <typename T>
llvm::Expected<T> commandArgument(const ExecuteCommandParams &params,
                                  bool optional = false) {
  T out{};
  if (params.arguments.empty() ||
      (optional && params.arguments[0].kind() == llvm::json::Value::Null)) {
    if (optional)
      return out;
    return llvm::createStringError(params.command + " needs an argument");
  }
  llvm::json::Path::Root root("arguments[0]");
  if (!fromJSON(params.arguments[0], out, root))
    return llvm::createStringError(params.command + ": " +
                                   llvm::toString(root.getError()));
  return out;
}

} // namespace ompx::lsp

#endif // OMPX_LSP_COMMANDS_H
