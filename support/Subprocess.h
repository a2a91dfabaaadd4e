//===- Subprocess.h - Spawned child processes with pipes --------*- C++ -*-===//
//
// The one way ompx starts a process of its own: posix_spawn (fork+exec in
// one step, so a multithreaded parent never runs code in a forked copy of
// itself), pipes for stdin/stdout/stderr, extra descriptors passed at fixed
// numbers (a memfd of breadcrumbs), an optional process group of its own so
// a kill reaches grandchildren (ptxas, ld), a bounded tail of stderr, and an
// exit status decoded into words. The analysis worker, the build child and
// the launched program all run through it.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_SUPPORT_SUBPROCESS_H
#define OMPX_SUPPORT_SUBPROCESS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/FunctionExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <atomic>
#include <chrono>
#include <csignal>
#include <memory>
#include <optional>
#include <string>
#include <sys/types.h>
#include <vector>

namespace ompx {

/// How a child process ended.
struct ExitStatus {
  bool signaled = false;
  int code = 0;   ///< exit code, when !signaled
  int signal = 0; ///< terminating signal, when signaled
  bool success() const { return !signaled && code == 0; }
  /// "exited with status 3", "was killed by signal 11 (SIGSEGV: ...)".
  std::string describe() const;
  /// "SIGSEGV" for 11; "signal N" for one without a name here.
  static std::string signalName(int sig);
  static ExitStatus fromWaitStatus(int status);
};

/// This process's environment with `set` ("NAME=VALUE" each) in place of
/// the variables of those names: for a child that needs one or two more.
std::vector<std::string> environmentWith(llvm::ArrayRef<std::string> set);

struct SpawnOptions {
  /// argv[0] is the executable's path (no PATH search, no shell).
  std::vector<std::string> argv;
  /// The child's environment; the parent's when unset.
  std::optional<std::vector<std::string>> env;
  /// Each stream is a pipe to the parent, /dev/null, the parent's own, or a
  /// file (created or truncated, mode 0600).
  enum class Stream { Pipe, Null, Inherit, File };
  Stream in = Stream::Pipe, out = Stream::Pipe, err = Stream::Pipe;
  std::string outFile, errFile; ///< for Stream::File
  /// Parent descriptors the child gets at fixed numbers (>= 3): {parent,
  /// child}.
  std::vector<std::pair<int, int>> passFds;
  /// Start the child in a process group of its own; kill() then signals the
  /// whole group.
  bool newProcessGroup = false;
  /// The child's working directory; the parent's when empty. Entered after
  /// the files above are opened, so a relative argv[0] is found from it.
  std::string workingDirectory;
  /// Capacity asked for the stdin/stdout pipes (F_SETPIPE_SZ; 0: the
  /// system's default, 64 KiB). Bulk transfers need fewer context switches.
  int pipeBytes = 0;
  /// Bytes of stderr kept (the last ones) when `err` is a pipe.
  size_t stderrTailBytes = 8192;
  /// Nonzero: run() hands each stream on in whole lines, holding a partial
  /// one up to this long. A program's line written in pieces (the Fortran
  /// runtime's fatal error is four writes) is then never split by a line of
  /// the other stream where the two are shown together.
  std::chrono::milliseconds wholeLines{0};
};

using Clock = std::chrono::steady_clock;

class Subprocess {
public:
  /// Starts the child. Fails with a message naming the executable.
  static llvm::Expected<std::unique_ptr<Subprocess>>
  spawn(const SpawnOptions &options);
  /// Kills (group included) and reaps a child still running.
  ~Subprocess();

  pid_t pid() const { return childPid; }

  /// Writes all of `data` to the child's stdin; false once it is gone.
  bool writeStdin(llvm::StringRef data);
  void closeStdin();

  /// Waits up to `timeoutMs` for output and hands stdout bytes to `onStdout`
  /// (stderr goes to the tail and to `onStderr` when given). Returns false
  /// once both streams are closed (or not pipes), true otherwise.
  bool pump(int timeoutMs, llvm::function_ref<void(llvm::StringRef)> onStdout,
            llvm::function_ref<void(llvm::StringRef)> onStderr = nullptr);
  /// The last stderrTailBytes of the child's stderr read so far.
  const std::string &stderrTail() const { return tail; }
  void clearStderrTail() { tail.clear(); }

  /// Sends `sig` to the child, or to its whole group when it has one.
  void kill(int sig = SIGKILL);
  /// The status, if the child has ended (reaps it); never blocks.
  std::optional<ExitStatus> tryWait();
  /// Blocks until the child ends.
  ExitStatus wait();
  /// Resident memory of the running child in bytes (0 if unknown).
  size_t residentBytes() const;

  /// How run() ended.
  struct Outcome {
    ExitStatus status;
    bool timedOut = false;
    bool cancelled = false;
  };
  /// Reads the child's output until both streams close, then reaps it.
  /// Past `deadline`, or once `*cancel` is set, the child (group) is killed:
  /// with a `grace` period, it first gets SIGTERM and that long to end (and
  /// say so on its streams), then SIGKILL.
  Outcome run(std::optional<Clock::time_point> deadline,
              const std::atomic<bool> *cancel,
              llvm::function_ref<void(llvm::StringRef)> onStdout,
              llvm::function_ref<void(llvm::StringRef)> onStderr = nullptr,
              std::chrono::milliseconds grace = std::chrono::milliseconds(0));

private:
  Subprocess() = default;
  pid_t childPid = -1;
  bool ownGroup = false;
  std::optional<ExitStatus> exited;
  int inFd = -1, outFd = -1, errFd = -1;
  size_t tailBytes = 0;
  std::string tail;
  std::chrono::milliseconds wholeLines{0};
};

/// Writes all of `data` to `fd`, retrying interrupted and partial writes;
/// false once the descriptor fails (a closed pipe).
bool writeAll(int fd, llvm::StringRef data);
/// Reads exactly `size` bytes from `fd`; false at end of file or an error.
bool readExactly(int fd, char *data, size_t size);

} // namespace ompx

#endif // OMPX_SUPPORT_SUBPROCESS_H
