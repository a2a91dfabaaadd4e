//===- Launch.h - ompx.listDevices / ompx.compileAndLaunch ------*- C++ -*-===//
//
// The LSP face of pipeline/: `workspace/executeCommand` for the two commands,
// `$/progress` for the stages, `ompx/launchOutput` notifications for the
// program's output, `$/cancelRequest` to stop a launch, and failures located
// at an op as extra diagnostics (source "ompx-launch") on the document.
// Each launch runs on its own thread, so the server keeps answering.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_LSP_LAUNCH_H
#define OMPX_LSP_LAUNCH_H

#include "server/lsp/Transport.h"

#include "llvm/Support/JSON.h"

#include <atomic>
#include <functional>
#include <list>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace ompx::lsp {

class LaunchCommands {
public:
  /// The open buffer's text for a uri (nullopt: read the file).
  using TextFn = std::function<std::optional<std::string>(const std::string &)>;
  /// Publish the document's diagnostics again (they then include ours).
  using RepublishFn = std::function<void(const std::string &)>;

  /// `buildChild` starts a launch's build child
  /// (pipeline::LaunchRequest::buildChildCommand).
  LaunchCommands(Connection &connection, TextFn text, RepublishFn republish,
                 bool finishOnExit, std::vector<std::string> buildChild);
  /// Cancels (or, with finishOnExit, waits for) the launches still running.
  ~LaunchCommands();

  /// The `executeCommandProvider` capability.
  static llvm::json::Value capability();
  /// Registers workspace/executeCommand and $/cancelRequest.
  void registerHandlers();
  /// Adds the launch diagnostics of `uri` to publishDiagnostics params.
  void appendDiagnostics(const std::string &uri, llvm::json::Value &params);

private:
  struct Running {
    std::string id; ///< the request id, as JSON text
    std::atomic<bool> cancel{false};
    std::atomic<bool> done{false};
    std::thread thread;
  };
  void executeCommand(llvm::json::Value params, Reply reply);
  void compileAndLaunch(const llvm::json::Value &args,
                        std::optional<llvm::json::Value> token, Reply reply);

  Connection &connection;
  TextFn text;
  RepublishFn republish;
  bool finishOnExit;
  std::vector<std::string> buildChild;
  std::mutex mutex;
  std::list<Running> running;
  std::map<std::string, llvm::json::Array> diagnostics; ///< by uri
};

} // namespace ompx::lsp

#endif // OMPX_LSP_LAUNCH_H
