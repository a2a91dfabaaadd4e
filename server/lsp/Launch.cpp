//===- Launch.cpp - ompx.listDevices / ompx.compileAndLaunch --------------===//

#include "server/lsp/Launch.h"
#include "server/lsp/Commands.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

#include <cmath>
#include <memory>
#include <optional>

using namespace ompx;
using namespace ompx::lsp;
using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;
using llvm::lsp::ErrorCode;
namespace pl = ompx::pipeline;

static constexpr const char *kListDevices = "ompx.listDevices";
static constexpr const char *kCompileAndLaunch = "ompx.compileAndLaunch";
static constexpr const char *kReleaseSlurm = "ompx.releaseSlurmAllocation";

Value LaunchCommands::capability() {
  return Object{
      {"commands", Array{kListDevices, kCompileAndLaunch, kReleaseSlurm}}};
}

/// `path` taken from `folder` when relative (and `folder` is known).
static std::string fromFolder(llvm::StringRef path, llvm::StringRef folder) {
  llvm::SmallString<256> p(path);
  if (!folder.empty() && !llvm::sys::path::is_absolute(p)) {
    p = folder;
    llvm::sys::path::append(p, path);
  }
  return p.str().str();
}

/// `args` onto `out`: the values checked (their types were, by fromJSON),
/// stageDir and binDir taken from `docFolder` when relative. The error
/// names the field and what it accepts.
static std::optional<std::string>
slurmOptions(const std::optional<SlurmArgs> &args, llvm::StringRef docFolder,
             pl::SlurmOptions &out) {
  if (!args)
    return std::nullopt;
  auto set = [](const std::optional<std::string> &from, std::string &to) {
    if (from)
      to = *from;
  };
  set(args->partition, out.partition);
  set(args->account, out.account);
  set(args->gres, out.gres);
  set(args->time, out.time);
  set(args->gpus, out.gpus);
  if (args->stageDir && !args->stageDir->empty())
    out.stageDir = fromFolder(*args->stageDir, docFolder);
  if (args->binDir && !args->binDir->empty())
    out.binDir = fromFolder(*args->binDir, docFolder);
  if (args->args)
    out.extraArgs = *args->args;
  if (args->stage) {
    std::optional<pl::SlurmOptions::Staging> s = pl::parseStaging(*args->stage);
    if (!s)
      return std::string("'slurm.stage' must be \"shared\" or \"sbcast\"");
    out.staging = *s;
  }
  if (args->allocation) {
    std::optional<pl::SlurmOptions::Allocation> a =
        pl::parseAllocation(*args->allocation);
    if (!a)
      return std::string("'slurm.allocation' must be \"new\" or \"reuse\"");
    out.allocation = *a;
  }
  return std::nullopt;
}

/// The Slurm options of listDevices' and releaseSlurmAllocation's optional
/// argument `{slurm: {...}}`.
static std::optional<std::string>
slurmArgument(const ExecuteCommandParams &params, pl::SlurmOptions &out) {
  auto args = commandArgument<SlurmOnlyArgs>(params, /*optional=*/true);
  if (!args)
    return llvm::toString(args.takeError());
  if (auto error = slurmOptions(args->slurm, "", out))
    return params.command + ": " + *error;
  return std::nullopt;
}

void LaunchCommands::executeCommand(const ExecuteCommandParams &params,
                                    Reply reply) {
  if (params.command.empty())
    return reply(makeError(ErrorCode::InvalidParams,
                           "workspace/executeCommand needs a 'command'"));
  if (params.command == kListDevices) {
    pl::SlurmOptions slurm;
    if (auto error = slurmArgument(params, slurm))
      return reply(makeError(ErrorCode::InvalidParams, *error));
    // The GPU probes and sinfo run subprocesses: off the dispatching thread.
    auto shared = std::make_shared<Reply>(std::move(reply));
    service.listDevices(slurm, [shared](std::vector<pl::DeviceInfo> devices,
                                        pl::SlurmInfo info) {
      Array list;
      for (const pl::DeviceInfo &d : devices)
        list.push_back(pl::toJSON(d));
      (*shared)(
          Object{{"devices", std::move(list)}, {"slurm", pl::toJSON(info)}});
    });
    return;
  }
  if (params.command == kReleaseSlurm) {
    pl::SlurmOptions slurm;
    if (auto error = slurmArgument(params, slurm))
      return reply(makeError(ErrorCode::InvalidParams, *error));
    // scancel and squeue talk to the controller: off the dispatching thread.
    auto shared = std::make_shared<Reply>(std::move(reply));
    service.releaseSlurmAllocations(
        slurm, [shared](std::vector<std::string> released, std::string error) {
          if (!error.empty())
            return (*shared)(makeError(
                ErrorCode::RequestFailed,
                std::string(kReleaseSlurm) + ": " + error +
                    (released.empty()
                         ? std::string()
                         : " (released: " + llvm::join(released, ", ") + ")")));
          Array ids;
          for (std::string &id : released)
            ids.push_back(std::move(id));
          (*shared)(Object{{"released", std::move(ids)}});
        });
    return;
  }
  if (params.command != kCompileAndLaunch)
    return reply(makeError(
        ErrorCode::InvalidParams,
        "unknown command '" + params.command + "' (ompx knows " + kListDevices +
            ", " + kCompileAndLaunch + " and " + kReleaseSlurm + ")"));
  auto args = commandArgument<LaunchArgs>(params);
  if (!args)
    return reply(makeError(
        ErrorCode::InvalidParams,
        llvm::toString(args.takeError()) +
            " (arguments: [{uri, device?, args?, timeout?, drivers?, bundle?, "
            "launcher?, slurm?}])"));
  compileAndLaunch(*args, params.workDoneToken, std::move(reply));
}

void LaunchCommands::compileAndLaunch(const LaunchArgs &arg,
                                      std::optional<Value> token, Reply reply) {
  const std::string &uri = arg.uri;
  auto invalid = [&](const std::string &message) {
    reply(makeError(ErrorCode::InvalidParams,
                    std::string(kCompileAndLaunch) + ": " + message));
  };
  // A launch compiles a file: here a URI must name a path.
  llvm::Expected<std::string> file = filePathOf(uri);
  if (!file)
    return invalid("bad uri '" + uri +
                   "': " + llvm::toString(file.takeError()));
  pl::LaunchRequest request;
  request.inputPath = *file;
  std::string error;
  auto device = pl::DeviceSpec::parse(arg.device.value_or("auto"), error);
  if (!device)
    return invalid("'device': " + error);
  request.device = *device;
  if (arg.args)
    request.programArgs = *arg.args;
  llvm::StringRef docFolder = llvm::sys::path::parent_path(request.inputPath);
  // Drivers: host code with the main program; relative to the document.
  if (arg.drivers)
    for (const std::string &d : *arg.drivers)
      request.drivers.push_back(fromFolder(d, docFolder));
  // A bundle folder (relative to the document's folder): built, not run.
  if (arg.bundle) {
    if (arg.bundle->empty())
      return invalid("'bundle' needs a folder");
    request.bundleDir = fromFolder(*arg.bundle, docFolder);
    request.noRun = true;
  }
  // Where it runs: here or through Slurm (`--device` stays what runs).
  if (arg.launcher) {
    std::optional<pl::LauncherKind> kind = pl::parseLauncher(*arg.launcher);
    if (!kind)
      return invalid("'launcher' must be \"local\" or \"slurm\"");
    request.launcher = *kind;
  }
  if (auto error = slurmOptions(arg.slurm, docFolder, request.slurm))
    return invalid(*error);
  if (arg.timeout)
    request.timeoutSeconds = unsigned(std::ceil(*arg.timeout));

  Connection &conn = connection;
  auto progress = [&conn, token](Object value) {
    if (token)
      conn.notify("$/progress",
                  Object{{"token", *token}, {"value", std::move(value)}});
  };
  // The stages come as reports, each once: the pipeline reports a stage
  // again for each of its steps (codegen: device, then host; link: driver,
  // then program), and `begin` carries none, or clients would show "setup"
  // twice.
  progress(Object{{"kind", "begin"},
                  {"title", "ompx: compile and launch"},
                  {"cancellable", true}});
  pl::LaunchCallbacks callbacks;
  auto last = std::make_shared<std::optional<pl::Stage>>();
  // What each step says (the srun command line, a staging warning, srun's
  // errors) goes to the log stream, as `launch` prints it on stderr.
  callbacks.onStage = [&conn, uri, progress, last](pl::Stage stage,
                                                   const std::string &message) {
    if (!message.empty())
      conn.notify("ompx/launchOutput",
                  Object{{"uri", uri},
                         {"stream", "log"},
                         {"text", std::string("[") + pl::stageName(stage) +
                                      "] " + message + "\n"}});
    if (*last == stage)
      return;
    *last = stage;
    progress(Object{{"kind", "report"}, {"message", pl::stageName(stage)}});
  };
  callbacks.onOutput = [&conn, uri](pl::OutputStream stream,
                                    const std::string &t) {
    const char *name = stream == pl::OutputStream::Stdout   ? "stdout"
                       : stream == pl::OutputStream::Stderr ? "stderr"
                                                            : "log";
    conn.notify("ompx/launchOutput",
                Object{{"uri", uri}, {"stream", name}, {"text", t}});
  };
  // The run's state ("queued (Resources), job 12"): a report each time,
  // even when repeated (it is news: still waiting), and a line of output.
  callbacks.onStatus = [&conn, uri, progress](const std::string &status) {
    progress(Object{{"kind", "report"}, {"message", "run: " + status}});
    conn.notify("ompx/launchOutput",
                Object{{"uri", uri}, {"stream", "status"}, {"text", status}});
  };
  auto shared = std::make_shared<Reply>(std::move(reply));
  auto launched = service.launch(
      uri, std::move(request), std::move(callbacks),
      [shared, progress](const pl::LaunchResult &result) {
        Object answer{{"status", pl::statusName(result.status)}};
        if (result.exitCode)
          answer["exitCode"] = *result.exitCode;
        if (!result.slurmJobId.empty())
          answer["slurmJobId"] = result.slurmJobId;
        if (!result.bundleDir.empty())
          answer["bundle"] =
              Object{{"dir", result.bundleDir},
                     {"tarball", result.bundleTarball},
                     {"bytes", int64_t(result.bundleBytes)},
                     {"tarballBytes", int64_t(result.bundleTarballBytes)}};
        if (result.status != pl::LaunchStatus::Ok) {
          answer["stage"] = pl::stageName(result.stage);
          answer["message"] = result.message;
        }
        progress(Object{{"kind", "end"},
                        {"message", pl::statusName(result.status)}});
        (*shared)(Value(std::move(answer)));
      });
  if (!launched) {
    progress(Object{{"kind", "end"}, {"message", "refused"}});
    return (*shared)(makeError(ErrorCode::InvalidParams,
                               std::string(kCompileAndLaunch) + ": " +
                                   llvm::toString(launched.takeError())));
  }
  auto cancel = *launched;
  // Cancelling stops the build or the program; the launch then answers
  // "cancelled" itself.
  shared->onCancel([cancel] { *cancel = true; });
}
