//===- ProcessGuard.h - Clean up after a parent that dies -------*- C++ -*-===//
//
// A launch starts process groups (the build child with flang, ld and ptxas;
// the program) and a private temporary directory. When the launching process
// ends normally, or by a signal it handles, it kills and removes them itself.
// When it cannot (SIGKILL, a crash, a server that dies mid-launch), its
// guard does: a small process of its own (`ompx-lsp --launch-guard`, in a
// process group of its own so terminal signals pass it by) that reads what
// to watch on its stdin and, when that pipe closes without an `end` line
// (the parent is gone: the kernel closed the write end), kills each group
// and removes each directory. Unlike PR_SET_PDEATHSIG this reaches the
// whole group, works through an exec of any program, and cleans files.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_SUPPORT_PROCESSGUARD_H
#define OMPX_SUPPORT_PROCESSGUARD_H

#include "support/Subprocess.h"

#include "llvm/Support/Error.h"

#include <memory>
#include <string>
#include <sys/types.h>
#include <vector>

namespace ompx {

class ProcessGuard {
public:
  /// Starts the guard from `command` (an executable whose mode calls
  /// runProcessGuard()).
  static llvm::Expected<std::unique_ptr<ProcessGuard>>
  start(const std::vector<std::string> &command);
  /// A normal end: the caller cleaned up; the guard exits doing nothing.
  ~ProcessGuard();

  /// Kill the process group `pgid` if this process dies.
  void watchGroup(pid_t pgid);
  /// The group ended and was reaped: forget it.
  void forgetGroup(pid_t pgid);
  /// Remove the directory `dir` (recursively) if this process dies.
  void removeDirectory(llvm::StringRef dir);
  /// Run `argv` (no shell; at most 5 s) if this process dies, before the
  /// groups are killed: `scancel` of a Slurm job, whose srun must not simply
  /// be killed (that leaves the job running on its node). False for an
  /// argument holding a tab or newline, which the protocol cannot carry.
  bool runOnDeath(const std::vector<std::string> &argv);
  /// The job ended: forget a command given to runOnDeath().
  void forgetCommand(const std::vector<std::string> &argv);

private:
  explicit ProcessGuard(std::unique_ptr<Subprocess> proc)
      : proc(std::move(proc)) {}
  void send(const std::string &line);
  std::unique_ptr<Subprocess> proc;
};

/// The guard's main: reads `group N`, `forget N`, `dir PATH`, `run ARGV`,
/// `unrun ARGV` (arguments separated by tabs) and `end` lines on stdin until
/// it closes; without `end`, runs the commands still registered, kills the
/// groups still watched and removes the directories. Ignores SIGINT, SIGTERM,
/// SIGHUP.
int runProcessGuard();

} // namespace ompx

#endif // OMPX_SUPPORT_PROCESSGUARD_H
