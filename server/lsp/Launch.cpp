//===- Launch.cpp - ompx.listDevices / ompx.compileAndLaunch --------------===//

#include "server/lsp/Launch.h"
#include "pipeline/Devices.h"
#include "pipeline/Launch.h"

#include "llvm/Support/LSP/Logging.h"
#include "llvm/Support/LSP/Protocol.h"
#include "llvm/Support/Path.h"

using namespace ompx;
using namespace ompx::lsp;
using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;
namespace pl = ompx::pipeline;

static constexpr const char *kListDevices = "ompx.listDevices";
static constexpr const char *kCompileAndLaunch = "ompx.compileAndLaunch";

static std::string idText(const Value &id) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << id;
  return s;
}

LaunchCommands::LaunchCommands(Connection &connection, TextFn text,
                               RepublishFn republish, bool finishOnExit,
                               std::vector<std::string> buildChild)
    : connection(connection), text(std::move(text)),
      republish(std::move(republish)), finishOnExit(finishOnExit),
      buildChild(std::move(buildChild)) {}

LaunchCommands::~LaunchCommands() {
  // Join without the lock: a finishing launch takes it for its diagnostics.
  std::list<Running> all;
  {
    std::lock_guard<std::mutex> lock(mutex);
    all.splice(all.end(), running);
  }
  for (Running &r : all) {
    if (!finishOnExit)
      r.cancel = true;
    if (r.thread.joinable())
      r.thread.join();
  }
}

Value LaunchCommands::capability() {
  return Object{{"commands", Array{kListDevices, kCompileAndLaunch}}};
}

void LaunchCommands::registerHandlers() {
  connection.onRequest("workspace/executeCommand",
                       [this](Value params, Reply reply) {
                         executeCommand(std::move(params), std::move(reply));
                       });
  connection.onNotification("$/cancelRequest", [this](Value params) {
    const Object *o = params.getAsObject();
    const Value *id = o ? o->get("id") : nullptr;
    if (!id)
      return;
    std::string key = idText(*id);
    std::lock_guard<std::mutex> lock(mutex);
    for (Running &r : running)
      if (r.id == key)
        r.cancel = true;
  });
}

void LaunchCommands::appendDiagnostics(const std::string &uri, Value &params) {
  std::lock_guard<std::mutex> lock(mutex);
  auto it = diagnostics.find(uri);
  Object *o = params.getAsObject();
  if (it == diagnostics.end() || !o)
    return;
  if (Array *list = o->getArray("diagnostics"))
    for (const Value &d : it->second)
      list->push_back(d);
}

void LaunchCommands::executeCommand(Value params, Reply reply) {
  const Object *o = params.getAsObject();
  std::optional<llvm::StringRef> command =
      o ? o->getString("command") : std::nullopt;
  if (!command)
    return reply(makeError(llvm::lsp::ErrorCode::InvalidParams,
                           "workspace/executeCommand needs a 'command'"));
  if (*command == kListDevices) {
    pl::Toolchain tools;
    Array list;
    for (const pl::DeviceInfo &d : pl::listDevices(tools))
      list.push_back(pl::toJSON(d));
    return reply(Object{{"devices", std::move(list)}});
  }
  if (*command != kCompileAndLaunch)
    return reply(makeError(llvm::lsp::ErrorCode::InvalidParams,
                           "unknown command '" + *command + "' (ompx knows " +
                               kListDevices + " and " + kCompileAndLaunch +
                               ")"));
  const Array *args = o->getArray("arguments");
  if (!args || args->empty() || !(*args)[0].getAsObject())
    return reply(makeError(llvm::lsp::ErrorCode::InvalidParams,
                           std::string(kCompileAndLaunch) +
                               " needs arguments: [{uri, device, args?, "
                               "timeout?}]"));
  std::optional<Value> token;
  if (const Value *t = o->get("workDoneToken"))
    token = *t;
  compileAndLaunch((*args)[0], std::move(token), std::move(reply));
}

void LaunchCommands::compileAndLaunch(const Value &argValue,
                                      std::optional<Value> token, Reply reply) {
  const Object &arg = *argValue.getAsObject();
  std::string uri = arg.getString("uri").value_or("").str();
  auto file = llvm::lsp::URIForFile::fromURI(uri);
  if (!file) {
    std::string why = llvm::toString(file.takeError());
    return reply(makeError(llvm::lsp::ErrorCode::InvalidParams,
                           "bad uri '" + uri + "': " + why));
  }
  pl::LaunchRequest request;
  request.buildChildCommand = buildChild;
  request.inputPath = file->file().str();
  request.inputText = text(uri);
  std::string error;
  auto device = pl::DeviceSpec::parse(
      arg.getString("device").value_or("auto").str(), error);
  if (!device)
    return reply(makeError(llvm::lsp::ErrorCode::InvalidParams, error));
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
  if (auto t = arg.getNumber("timeout"))
    request.timeoutSeconds = *t > 0 ? unsigned(*t) : 0;
  const Value *requestId = connection.currentRequestId();

  std::lock_guard<std::mutex> lock(mutex);
  // Threads of finished launches are joined here, not by themselves.
  for (auto it = running.begin(); it != running.end();)
    if (it->done) {
      it->thread.join();
      it = running.erase(it);
    } else {
      ++it;
    }
  bool hadDiagnostics = diagnostics.erase(uri) > 0;
  Running &r = running.emplace_back();
  r.id = requestId ? idText(*requestId) : "";
  r.thread = std::thread([this, &r, uri, hadDiagnostics,
                          request = std::move(request),
                          token = std::move(token),
                          reply = std::move(reply)]() mutable {
    auto progress = [&](Object value) {
      if (token)
        connection.notify("$/progress", Object{{"token", *token},
                                               {"value", std::move(value)}});
    };
    progress(Object{{"kind", "begin"},
                    {"title", "ompx: compile and launch"},
                    {"cancellable", true},
                    {"message", "setup"}});
    pl::LaunchCallbacks callbacks;
    callbacks.onStage = [&](pl::Stage stage, const std::string &) {
      progress(Object{{"kind", "report"}, {"message", pl::stageName(stage)}});
    };
    callbacks.onOutput = [&](pl::OutputStream stream, const std::string &t) {
      const char *name = stream == pl::OutputStream::Stdout   ? "stdout"
                         : stream == pl::OutputStream::Stderr ? "stderr"
                                                              : "log";
      connection.notify("ompx/launchOutput",
                        Object{{"uri", uri}, {"stream", name}, {"text", t}});
    };
    pl::LaunchResult result = pl::launch(request, callbacks, &r.cancel);

    Object answer{{"status", pl::statusName(result.status)}};
    if (result.exitCode)
      answer["exitCode"] = *result.exitCode;
    if (result.status != pl::LaunchStatus::Ok) {
      answer["stage"] = pl::stageName(result.stage);
      answer["message"] = result.message;
    }
    // A failure at an op of this document becomes a diagnostic on it.
    if (result.location && result.location->file == request.inputPath &&
        result.location->line > 0) {
      int line = result.location->line - 1;
      int col = result.location->column ? result.location->column - 1 : 0;
      Object diag{
          {"range",
           Object{{"start", Object{{"line", line}, {"character", col}}},
                  {"end", Object{{"line", line}, {"character", col + 1}}}}},
          {"severity", 1},
          {"source", "ompx-launch"},
          {"message", std::string("[") + pl::stageName(result.stage) + "] " +
                          result.message}};
      std::lock_guard<std::mutex> lock(mutex);
      diagnostics[uri].push_back(std::move(diag));
    }
    if (hadDiagnostics || result.location)
      republish(uri);
    progress(
        Object{{"kind", "end"}, {"message", pl::statusName(result.status)}});
    reply(Value(std::move(answer)));
    r.done = true;
  });
}
