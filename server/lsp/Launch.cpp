//===- Launch.cpp - ompx.listDevices / ompx.compileAndLaunch --------------===//

#include "server/lsp/Launch.h"

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

Value LaunchCommands::capability() {
  return Object{{"commands", Array{kListDevices, kCompileAndLaunch}}};
}

void LaunchCommands::executeCommand(const ExecuteCommandParams &params,
                                    Reply reply) {
  if (params.command.empty())
    return reply(makeError(ErrorCode::InvalidParams,
                           "workspace/executeCommand needs a 'command'"));
  if (params.command == kListDevices) {
    // The GPU probes run subprocesses: off the dispatching thread.
    auto shared = std::make_shared<Reply>(std::move(reply));
    service.listDevices([shared](std::vector<pl::DeviceInfo> devices) {
      Array list;
      for (const pl::DeviceInfo &d : devices)
        list.push_back(pl::toJSON(d));
      (*shared)(Object{{"devices", std::move(list)}});
    });
    return;
  }
  if (params.command != kCompileAndLaunch)
    return reply(makeError(ErrorCode::InvalidParams,
                           "unknown command '" + params.command +
                               "' (ompx knows " + kListDevices + " and " +
                               kCompileAndLaunch + ")"));
  if (params.arguments.empty() || !params.arguments[0].getAsObject())
    return reply(makeError(ErrorCode::InvalidParams,
                           std::string(kCompileAndLaunch) +
                               " needs arguments: [{uri, device, args?, "
                               "timeout?, drivers?, bundle?}]"));
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
  // Drivers: host code with the main program; relative to the document.
  if (const Array *a = arg.getArray("drivers"))
    for (const Value &v : *a)
      if (auto s = v.getAsString()) {
        llvm::SmallString<256> p(*s);
        if (!llvm::sys::path::is_absolute(p)) {
          p = llvm::sys::path::parent_path(request.inputPath);
          llvm::sys::path::append(p, *s);
        }
        request.drivers.push_back(p.str().str());
      }
  // A bundle folder (relative to the document's folder): built, not run.
  if (auto b = arg.getString("bundle")) {
    if (b->empty())
      return reply(
          makeError(ErrorCode::InvalidParams, "'bundle' needs a folder"));
    llvm::SmallString<256> p(*b);
    if (!llvm::sys::path::is_absolute(p)) {
      p = llvm::sys::path::parent_path(request.inputPath);
      llvm::sys::path::append(p, *b);
    }
    request.bundleDir = p.str().str();
    request.noRun = true;
  }
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
  callbacks.onStage = [progress, last](pl::Stage stage, const std::string &) {
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
  auto shared = std::make_shared<Reply>(std::move(reply));
  auto launched = service.launch(
      uri, std::move(request), std::move(callbacks),
      [shared, progress](const pl::LaunchResult &result) {
        Object answer{{"status", pl::statusName(result.status)}};
        if (result.exitCode)
          answer["exitCode"] = *result.exitCode;
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
