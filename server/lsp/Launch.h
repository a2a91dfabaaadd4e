//===- Launch.h - ompx.listDevices / ompx.compileAndLaunch ------*- C++ -*-===//
//
// The LSP face of the launch service: `workspace/executeCommand` for
// ompx.listDevices (with the Slurm partitions), ompx.compileAndLaunch and
// ompx.releaseSlurmAllocation, `$/progress` for the stages and the run's
// state ("run: queued (Resources), job 12"), `ompx/launchOutput`
// notifications for the program's output (and the state, as stream
// "status"), and `$/cancelRequest` (through the request's Reply) to stop a
// launch, which then answers "cancelled".
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_LSP_LAUNCH_H
#define OMPX_LSP_LAUNCH_H

#include "server/lsp/Commands.h"
#include "server/lsp/Protocol.h"
#include "server/lsp/Transport.h"
#include "server/service/LaunchService.h"

#include <atomic>

namespace ompx::lsp {

class LaunchCommands {
public:
  LaunchCommands(Connection &connection, LaunchService &service)
      : connection(connection), service(service) {}

  /// The `executeCommandProvider` capability.
  static llvm::json::Value capability();
  void executeCommand(const ExecuteCommandParams &params, Reply reply);
  /// The client takes workspace/codeLens/refresh (initialize says).
  void setCodeLensRefresh(bool on) { codeLensRefresh = on; }

private:
  void compileAndLaunch(const LaunchArgs &argument,
                        std::optional<llvm::json::Value> token, Reply reply);

  Connection &connection;
  LaunchService &service;
  std::atomic<bool> codeLensRefresh{false};
};

} // namespace ompx::lsp

#endif // OMPX_LSP_LAUNCH_H
