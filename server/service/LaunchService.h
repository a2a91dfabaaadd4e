//===- LaunchService.h - Launches and devices for the editor ----*- C++ -*-===//
//
// Runs pipeline::launch for open documents, each launch on a thread of its
// own so the server keeps answering, and lists devices off the caller's
// thread (the GPU probes run subprocesses that may take seconds). A launch
// failure located at an op of the document is kept as a launch diagnostic
// until the next launch of that document. Slurm allocations kept for reuse
// by this server's launches are released when it shuts down. No JSON, no
// LSP.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_SERVICE_LAUNCHSERVICE_H
#define OMPX_SERVICE_LAUNCHSERVICE_H

#include "pipeline/compile/Devices.h"
#include "pipeline/launch/Launch.h"
#include "server/features/ProfileMarks.h"
#include "support/FileAccess.h"

#include "llvm/Support/Error.h"

#include <atomic>
#include <functional>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace ompx {

/// A launch failure at an op of a document, or what a checked launch
/// found at a map op (source ompx-mapcheck, until the document changes).
struct LaunchDiagnostic {
  uint32_t line = 0;   ///< zero-based
  uint32_t column = 0; ///< zero-based, in bytes (as compilers count)
  std::string message;
  std::string source = "ompx-launch";
  int severity = 1; ///< LSP's: 1 error, 2 warning, 3 information
  std::string code; ///< mapcheck-CHECK
};
inline constexpr const char *kMapCheckSource = "ompx-mapcheck";

class LaunchService {
public:
  /// The open buffer's text for a uri (nullopt: the launch reads the file).
  using TextFn = std::function<std::optional<std::string>(const std::string &)>;
  /// Publish the document's diagnostics again (they then include ours).
  using RepublishFn = std::function<void(const std::string &)>;

  /// `synchronous`: list devices on the caller's thread (deterministic test
  /// output); `finishOnExit`: the destructor waits for running launches
  /// rather than cancelling them; `helpers` start a launch's build child and
  /// guard (pipeline::LaunchRequest::buildChildCommand, guardCommand);
  /// `files` decides what a launch may read and write (it outlives this).
  LaunchService(TextFn text, RepublishFn republish, bool synchronous,
                bool finishOnExit, pipeline::LaunchHelpers helpers,
                const FileAccess &files);
  ~LaunchService() { shutdown(); }
  /// What shutdown() released of the Slurm allocations this server made.
  struct SlurmRelease {
    std::vector<std::string> released; ///< job ids
    std::string error;
  };
  /// Cancels (or, with finishOnExit, waits for) what is still running; no
  /// callback runs after it returns. Then, once and only if a launch went
  /// through Slurm, releases the allocations this process made (an editor
  /// that exits leaves no allocation holding the cluster's GPUs).
  std::optional<SlurmRelease> shutdown();

  /// Starts `request` for the document `uri` (its input text is the open
  /// buffer's, if open). `done` runs on the launch's thread, after the
  /// document's diagnostics were republished. Returns the launch's cancel
  /// flag: setting it stops the build or the program.
  /// A launch reads and writes by `files`' rule (support/FileAccess.h):
  /// the input must be an open document or a file under a workspace
  /// folder, each driver a file under a workspace folder or the document's
  /// folder (symbolic links resolved), and a bundle or Slurm staging folder
  /// lands there too, its tarball a new file. Anything else is refused
  /// before a byte is read or written, so the error cannot quote it.
  llvm::Expected<std::shared_ptr<std::atomic<bool>>>
  launch(const std::string &uri, pipeline::LaunchRequest request,
         pipeline::LaunchCallbacks callbacks,
         std::function<void(const pipeline::LaunchResult &)> done);

  /// Lists the devices and what Slurm says (`slurm` says which cluster
  /// tools to ask) and calls `done` with them, from another thread unless
  /// synchronous. The Slurm query runs beside the GPU probes.
  void listDevices(const pipeline::SlurmOptions &slurm,
                   std::function<void(std::vector<pipeline::DeviceInfo>,
                                      pipeline::SlurmInfo)>
                       done);

  /// Releases the Slurm allocations kept for reuse (all of this user's
  /// through ompx) and calls `done` with the job ids and what failed, from
  /// another thread unless synchronous.
  void releaseSlurmAllocations(
      const pipeline::SlurmOptions &slurm,
      std::function<void(std::vector<std::string>, std::string)> done);

  /// The launch diagnostics of `uri`.
  std::vector<LaunchDiagnostic> diagnostics(const std::string &uri) const;
  /// Drops `uri`'s checked-launch findings (its text changed: they speak
  /// of the program built from the old one).
  void forgetMapFindings(const std::string &uri);

  /// `uri`'s last recorded launch: the text it was built from and its
  /// figures at its ops (features/ProfileMarks.h places them in the text
  /// now); null if none. A later launch replaces it, never changes it.
  std::shared_ptr<const ProfileRecord>
  profileRecord(const std::string &uri) const;
  /// Every document's last recorded launch, by uri.
  std::map<std::string, std::shared_ptr<const ProfileRecord>>
  profileRecords() const;

private:
  struct Task {
    std::atomic<bool> done{false};
    std::thread thread;
  };
  /// A checked launch's findings at this document's ops; whether any.
  bool addMapFindings(const std::string &uri, const std::string &inputPath,
                      const pipeline::LaunchResult &result);
  /// A recorded launch's figures at this document's ops; whether any.
  bool addProfile(const std::string &uri,
                  const pipeline::LaunchRequest &request,
                  const pipeline::LaunchResult &result);
  /// Runs `fn` on a tracked thread (joined later, never detached).
  void spawn(std::function<void()> fn,
             std::shared_ptr<std::atomic<bool>> cancel = nullptr);

  TextFn text;
  RepublishFn republish;
  bool synchronous;
  bool finishOnExit;
  pipeline::LaunchHelpers helpers;
  mutable std::mutex mutex;
  const FileAccess &files;
  std::list<std::pair<Task, std::shared_ptr<std::atomic<bool>>>> running;
  std::map<std::string, std::vector<LaunchDiagnostic>> diags; ///< by uri
  /// The last recorded launch of each document, by uri.
  std::map<std::string, std::shared_ptr<const ProfileRecord>> profiles;
  /// The options of the last launch through Slurm (its tools and cluster),
  /// until shutdown released what this process allocated.
  std::optional<pipeline::SlurmOptions> slurmUsed;
};

} // namespace ompx

#endif // OMPX_SERVICE_LAUNCHSERVICE_H
