//===- Launch.cpp - ompx.listDevices / ompx.compileAndLaunch --------------===//

#include "server/lsp/Launch.h"
#include "server/lsp/Commands.h"

#include "pipeline/launch/LaunchOptions.h"
#include "server/model/FortranInput.h"

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

/// `values` onto `request` through the launch schema, relative paths taken
/// from `folder`. The error names the field and what it accepts.
static std::optional<std::string> applyFields(const FieldValues &values,
                                              llvm::StringRef folder,
                                              pl::LaunchRequest &request) {
  for (const auto &[field, list] : values) {
    // `uri` is the document, not an option.
    const pl::LaunchOption *option = pl::launchOptionByField(field);
    if (!option)
      continue;
    for (const std::string &value : list)
      if (auto error = pl::applyLaunchOption(*option, value, request,
                                             pl::Spelling::Field, folder))
        return error;
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
  pl::LaunchRequest request;
  if (auto error = applyFields(fieldValues(*args), "", request))
    return params.command + ": " + *error;
  out = request.slurm;
  return std::nullopt;
}

static Object locationJSON(const pl::SourceLocation &l) {
  return Object{{"file", l.file},
                {"line", int64_t(l.line)},
                {"column", int64_t(l.column)}};
}

/// A checked launch's findings: where, what, and the op in the MLIR.
static Array mapFindingsJSON(const std::vector<pl::MapFinding> &findings) {
  Array out;
  for (const pl::MapFinding &f : findings) {
    Object o{{"check", f.check},
             {"severity", f.warning ? "warning" : "information"},
             {"message", f.message},
             {"variable", f.variable},
             {"count", int64_t(f.count)},
             {"location", locationJSON(f.location)},
             {"mapOpName", f.mapOpName}};
    if (f.mapOp)
      o["mapOp"] = locationJSON(*f.mapOp);
    out.push_back(std::move(o));
  }
  return out;
}

/// A recorded launch: where the report went and its hot spots (the most
/// time first), each at its op in the .mlir.
static Object profileJSON(const pl::LaunchResult &result) {
  const pl::ProfileReport &r = *result.profile;
  struct Spot {
    uint64_t ns;
    const char *kind;
    const pl::ProfileSite *site;
    std::string figures;
  };
  std::vector<Spot> spots;
  for (const pl::KernelTotals &k : r.kernels)
    spots.push_back({k.ns, "kernel", &k.site, pl::kernelFigures(k)});
  for (const pl::MapTotals &m : r.maps)
    spots.push_back({m.ns(), "map", &m.site, pl::mapFigures(m)});
  llvm::stable_sort(spots,
                    [](const Spot &a, const Spot &b) { return a.ns > b.ns; });
  Array hot;
  for (const Spot &s : llvm::ArrayRef(spots).take_front(10)) {
    Object o{{"kind", s.kind},
             {"name", s.site->name},
             {"op", s.site->op},
             {"figures", s.figures}};
    if (s.site->mlir)
      o["location"] = locationJSON(*s.site->mlir);
    if (s.site->source)
      o["source"] = locationJSON(*s.site->source);
    hot.push_back(std::move(o));
  }
  return Object{{"report", result.profileReport},
                {"html", result.profileHtml},
                {"complete", r.complete},
                {"hotSpots", std::move(hot)}};
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
  if (!args) {
    // The fields, `uri` (the first) the one needed: "[{uri, device?, ...}]".
    llvm::ArrayRef<const char *> known = launchArgsFields();
    std::string fields = known.front();
    for (const char *field : known.drop_front())
      fields += ", " + std::string(field) + "?";
    return reply(makeError(ErrorCode::InvalidParams,
                           llvm::toString(args.takeError()) +
                               " (arguments: [{" + fields + "}])"));
  }
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
  // The editor launches the MLIR document; a Fortran file read as MLIR
  // failed with "custom op 'program' is unknown".
  if (ompx::hasFortranExtension(*file))
    return invalid(*file +
                   " is Fortran: this command launches an MLIR document. "
                   "Show its MLIR (OMPX: Show MLIR for this Fortran file) and "
                   "launch that, or run `ompx-lsp launch " +
                   llvm::sys::path::filename(*file).str() +
                   "` (it compiles Fortran through flang-22)");
  pl::LaunchRequest request;
  request.inputPath = *file;
  // Drivers, the bundle and Slurm's folders: relative to the document.
  if (auto error =
          applyFields(fieldValues(arg),
                      llvm::sys::path::parent_path(request.inputPath), request))
    return invalid(*error);

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
  bool refresh = codeLensRefresh;
  auto launched = service.launch(
      uri, std::move(request), std::move(callbacks),
      [shared, progress, &conn, refresh](const pl::LaunchResult &result) {
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
        if (!result.mapFindings.empty())
          answer["mapFindings"] = mapFindingsJSON(result.mapFindings);
        if (result.profile) {
          answer["profile"] = profileJSON(result);
          // Its figures are code lenses on the document's ops.
          if (refresh)
            conn.request("workspace/codeLens/refresh", nullptr);
        }
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
