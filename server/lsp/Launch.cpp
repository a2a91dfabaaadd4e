//===- Launch.cpp - ompx.listDevices / ompx.compileAndLaunch --------------===//

#include "server/lsp/Launch.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

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

/// The `slurm` object of a command's argument, onto `out`; the error names
/// the field and what it accepts. `docFolder`: what a relative stageDir is
/// taken from.
static std::optional<std::string> parseSlurm(const Value *value,
                                             llvm::StringRef docFolder,
                                             pl::SlurmOptions &out) {
  if (!value || value->kind() == Value::Null)
    return std::nullopt;
  const Object *o = value->getAsObject();
  if (!o)
    return std::string("'slurm' must be an object: {partition, account, gres, "
                       "gpus, time, args, stage, stageDir, allocation, "
                       "binDir}");
  // The string options (stageDir: relative to the document, like bundle).
  static const std::pair<llvm::StringLiteral, std::string pl::SlurmOptions::*>
      strings[] = {{"partition", &pl::SlurmOptions::partition},
                   {"account", &pl::SlurmOptions::account},
                   {"gres", &pl::SlurmOptions::gres},
                   {"time", &pl::SlurmOptions::time},
                   {"stageDir", &pl::SlurmOptions::stageDir},
                   {"binDir", &pl::SlurmOptions::binDir}};
  for (const auto &[key, v] : *o) {
    std::string field = key.str();
    const auto *string = llvm::find_if(
        strings, [&](const auto &entry) { return entry.first == field; });
    if (string != std::end(strings)) {
      std::optional<llvm::StringRef> text = v.getAsString();
      if (!text)
        return "'slurm." + field + "' must be a string";
      out.*string->second =
          (field == "stageDir" || field == "binDir") && !text->empty()
              ? fromFolder(*text, docFolder)
              : text->str();
    } else if (field == "gpus") {
      // `--gpus` takes a count or TYPE:COUNT.
      if (auto s = v.getAsString())
        out.gpus = s->str();
      else if (auto n = v.getAsInteger(); n && *n >= 0)
        out.gpus = std::to_string(*n);
      else
        return std::string("'slurm.gpus' must be a string (\"2\", "
                           "\"a100:2\") or a count");
    } else if (field == "args") {
      const Array *a = v.getAsArray();
      if (!a ||
          llvm::any_of(*a, [](const Value &e) { return !e.getAsString(); }))
        return std::string("'slurm.args' must be an array of strings");
      out.extraArgs.clear();
      for (const Value &e : *a)
        out.extraArgs.push_back(e.getAsString()->str());
    } else if (field == "stage") {
      std::optional<pl::SlurmOptions::Staging> s;
      if (auto text = v.getAsString())
        s = pl::parseStaging(*text);
      if (!s)
        return std::string("'slurm.stage' must be \"shared\" or \"sbcast\"");
      out.staging = *s;
    } else if (field == "allocation") {
      std::optional<pl::SlurmOptions::Allocation> a;
      if (auto text = v.getAsString())
        a = pl::parseAllocation(*text);
      if (!a)
        return std::string("'slurm.allocation' must be \"new\" or \"reuse\"");
      out.allocation = *a;
    } else {
      // A misspelt option would silently fall back to a site default.
      return "unknown field 'slurm." + field +
             "' (known: partition, account, gres, gpus, time, args, stage, "
             "stageDir, allocation, binDir)";
    }
  }
  return std::nullopt;
}

/// The Slurm options of listDevices' and releaseSlurmAllocation's optional
/// argument `{slurm: {...}}`.
static std::optional<std::string>
slurmArgument(const ExecuteCommandParams &params, pl::SlurmOptions &out) {
  if (params.arguments.empty() || params.arguments[0].kind() == Value::Null)
    return std::nullopt;
  const Object *o = params.arguments[0].getAsObject();
  if (!o)
    return params.command + " takes an optional argument {slurm: {...}}";
  return parseSlurm(o->get("slurm"), "", out);
}

void LaunchCommands::executeCommand(const ExecuteCommandParams &params,
                                    Reply reply) {
  if (params.command.empty())
    return reply(makeError(ErrorCode::InvalidParams,
                           "workspace/executeCommand needs a 'command'"));
  if (params.command == kListDevices) {
    pl::SlurmOptions slurm;
    if (auto error = slurmArgument(params, slurm))
      return reply(makeError(ErrorCode::InvalidParams,
                             std::string(kListDevices) + ": " + *error));
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
      return reply(makeError(ErrorCode::InvalidParams,
                             std::string(kReleaseSlurm) + ": " + *error));
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
  if (params.arguments.empty() || !params.arguments[0].getAsObject())
    return reply(makeError(ErrorCode::InvalidParams,
                           std::string(kCompileAndLaunch) +
                               " needs arguments: [{uri, device, args?, "
                               "timeout?, drivers?, bundle?, launcher?, "
                               "slurm?}]"));
  compileAndLaunch(params.arguments[0], params.workDoneToken, std::move(reply));
}

void LaunchCommands::compileAndLaunch(const Value &argValue,
                                      std::optional<Value> token, Reply reply) {
  const Object &arg = *argValue.getAsObject();
  std::string uri = arg.getString("uri").value_or("").str();
  // A launch compiles a file: here a URI must name a path.
  auto file = llvm::lsp::URIForFile::fromURI(uri);
  if (!file) {
    std::string why = llvm::toString(file.takeError());
    return reply(
        makeError(ErrorCode::InvalidParams, "bad uri '" + uri + "': " + why));
  }
  pl::LaunchRequest request;
  request.inputPath = file->file().str();
  std::string error;
  auto device = pl::DeviceSpec::parse(
      arg.getString("device").value_or("auto").str(), error);
  if (!device)
    return reply(makeError(ErrorCode::InvalidParams, error));
  request.device = *device;
  if (const Array *a = arg.getArray("args"))
    for (const Value &v : *a)
      if (auto s = v.getAsString())
        request.programArgs.push_back(s->str());
  llvm::StringRef docFolder = llvm::sys::path::parent_path(request.inputPath);
  // Drivers: host code with the main program; relative to the document.
  if (const Array *a = arg.getArray("drivers"))
    for (const Value &v : *a)
      if (auto s = v.getAsString())
        request.drivers.push_back(fromFolder(*s, docFolder));
  // A bundle folder (relative to the document's folder): built, not run.
  if (auto b = arg.getString("bundle")) {
    if (b->empty())
      return reply(
          makeError(ErrorCode::InvalidParams, "'bundle' needs a folder"));
    request.bundleDir = fromFolder(*b, docFolder);
    request.noRun = true;
  }
  // Where it runs: here or through Slurm (`--device` stays what runs).
  if (const Value *l = arg.get("launcher"); l && l->kind() != Value::Null) {
    std::optional<pl::LauncherKind> kind;
    if (auto text = l->getAsString())
      kind = pl::parseLauncher(*text);
    if (!kind)
      return reply(makeError(ErrorCode::InvalidParams,
                             "'launcher' must be \"local\" or \"slurm\""));
    request.launcher = *kind;
  }
  if (auto error = parseSlurm(arg.get("slurm"), docFolder, request.slurm))
    return reply(makeError(ErrorCode::InvalidParams, *error));
  if (auto t = arg.getNumber("timeout"))
    request.timeoutSeconds = *t > 0 ? unsigned(*t) : 0;

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
