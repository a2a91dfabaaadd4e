//===- Subprocess.cpp - Spawned child processes with pipes ----------------===//

#include "support/Subprocess.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Twine.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <spawn.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

extern char **environ;

using namespace ompx;
using llvm::StringRef;

std::vector<std::string>
ompx::environmentWith(llvm::ArrayRef<std::string> set) {
  std::vector<std::string> env;
  for (char **e = environ; *e; ++e) {
    StringRef name = StringRef(*e).split('=').first;
    if (llvm::none_of(set, [&](const std::string &s) {
          return StringRef(s).split('=').first == name;
        }))
      env.push_back(*e);
  }
  env.insert(env.end(), set.begin(), set.end());
  return env;
}

std::string ExitStatus::signalName(int sig) {
  switch (sig) {
  case SIGSEGV:
    return "SIGSEGV";
  case SIGABRT:
    return "SIGABRT";
  case SIGBUS:
    return "SIGBUS";
  case SIGILL:
    return "SIGILL";
  case SIGFPE:
    return "SIGFPE";
  case SIGTRAP:
    return "SIGTRAP";
  case SIGKILL:
    return "SIGKILL";
  case SIGTERM:
    return "SIGTERM";
  case SIGINT:
    return "SIGINT";
  case SIGPIPE:
    return "SIGPIPE";
  default:
    return "signal " + std::to_string(sig);
  }
}

std::string ExitStatus::describe() const {
  if (signaled)
    return "was killed by signal " + std::to_string(signal) + " (" +
           signalName(signal) + ": " + strsignal(signal) + ")";
  return "exited with status " + std::to_string(code);
}

ExitStatus ExitStatus::fromWaitStatus(int status) {
  ExitStatus s;
  if (WIFSIGNALED(status)) {
    s.signaled = true;
    s.signal = WTERMSIG(status);
  } else if (WIFEXITED(status)) {
    s.code = WEXITSTATUS(status);
  }
  return s;
}

static void closeFd(int &fd) {
  if (fd >= 0)
    ::close(fd);
  fd = -1;
}

llvm::Expected<std::unique_ptr<Subprocess>>
Subprocess::spawn(const SpawnOptions &options) {
  using Stream = SpawnOptions::Stream;
  if (options.argv.empty())
    return llvm::createStringError("spawn: no program given");
  const std::string &program = options.argv.front();
  auto fail = [&](const llvm::Twine &what, int err) {
    return llvm::createStringError(llvm::Twine("cannot start ") + program +
                                   ": " + what + ": " + strerror(err));
  };

  std::unique_ptr<Subprocess> proc(new Subprocess());
  proc->tailBytes = options.stderrTailBytes;
  proc->wholeLines = options.wholeLines;
  // Child ends of the pipes; the parent ends live in `proc`.
  int childEnd[3] = {-1, -1, -1};
  auto closeChildEnds = [&] {
    for (int &fd : childEnd)
      closeFd(fd);
  };
  Stream modes[3] = {options.in, options.out, options.err};
  int *parentEnd[3] = {&proc->inFd, &proc->outFd, &proc->errFd};
  for (int i = 0; i < 3; ++i) {
    if (modes[i] != Stream::Pipe)
      continue;
    int fds[2];
    // Close-on-exec: another thread's spawn must not inherit them.
    if (pipe2(fds, O_CLOEXEC) != 0) {
      int err = errno;
      closeChildEnds();
      return fail("pipe", err);
    }
    if (options.pipeBytes > 0 && i < 2) // best effort: capped by the system
      fcntl(fds[0], F_SETPIPE_SZ, options.pipeBytes);
    // stdin: the child reads fds[0]; stdout/stderr: the child writes fds[1].
    childEnd[i] = i == 0 ? fds[0] : fds[1];
    *parentEnd[i] = i == 0 ? fds[1] : fds[0];
  }

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  for (int i = 0; i < 3; ++i) {
    switch (modes[i]) {
    case Stream::Pipe:
      posix_spawn_file_actions_adddup2(&actions, childEnd[i], i);
      break;
    case Stream::Null:
      posix_spawn_file_actions_addopen(&actions, i, "/dev/null",
                                       i == 0 ? O_RDONLY : O_WRONLY, 0);
      break;
    case Stream::File:
      posix_spawn_file_actions_addopen(
          &actions, i, (i == 1 ? options.outFile : options.errFile).c_str(),
          O_WRONLY | O_CREAT | O_TRUNC, 0600);
      break;
    case Stream::Inherit:
      break;
    }
  }
  // dup2 clears close-on-exec on the child's copy (glibc also does so when
  // both numbers are equal), so only these descriptors cross the exec.
  for (auto [parent, child] : options.passFds)
    posix_spawn_file_actions_adddup2(&actions, parent, child);
  if (!options.workingDirectory.empty())
    posix_spawn_file_actions_addchdir_np(&actions,
                                         options.workingDirectory.c_str());

  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  short flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF;
  sigset_t none, defaults;
  sigemptyset(&none);
  posix_spawnattr_setsigmask(&attr, &none);
  // The server ignores SIGPIPE; its children get the default back.
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGPIPE);
  posix_spawnattr_setsigdefault(&attr, &defaults);
  if (options.newProcessGroup) {
    flags |= POSIX_SPAWN_SETPGROUP;
    posix_spawnattr_setpgroup(&attr, 0);
  }
  posix_spawnattr_setflags(&attr, flags);

  std::vector<char *> argv;
  for (const std::string &a : options.argv)
    argv.push_back(const_cast<char *>(a.c_str()));
  argv.push_back(nullptr);
  std::vector<char *> envp;
  if (options.env) {
    for (const std::string &e : *options.env)
      envp.push_back(const_cast<char *>(e.c_str()));
    envp.push_back(nullptr);
  }
  pid_t pid = -1;
  int err = posix_spawn(&pid, program.c_str(), &actions, &attr, argv.data(),
                        options.env ? envp.data() : environ);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attr);
  closeChildEnds();
  if (err != 0)
    return fail("posix_spawn", err);
  proc->childPid = pid;
  proc->ownGroup = options.newProcessGroup;
  return std::move(proc);
}

Subprocess::~Subprocess() {
  closeFd(inFd);
  closeFd(outFd);
  closeFd(errFd);
  if (childPid > 0 && !exited) {
    kill();
    wait();
  }
}

bool Subprocess::writeStdin(StringRef data) {
  if (inFd < 0)
    return false;
  // A child that died must not take the writer with SIGPIPE: block it on
  // this thread, and swallow the one a failed write raises.
  sigset_t pipeSet, old;
  sigemptyset(&pipeSet);
  sigaddset(&pipeSet, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipeSet, &old);
  bool ok = writeAll(inFd, data);
  if (!ok) {
    timespec zero = {0, 0};
    sigset_t pending;
    sigpending(&pending);
    if (sigismember(&pending, SIGPIPE) && !sigismember(&old, SIGPIPE))
      sigtimedwait(&pipeSet, nullptr, &zero);
  }
  pthread_sigmask(SIG_SETMASK, &old, nullptr);
  return ok;
}

void Subprocess::closeStdin() { closeFd(inFd); }

bool Subprocess::pump(int timeoutMs,
                      llvm::function_ref<void(StringRef)> onStdout,
                      llvm::function_ref<void(StringRef)> onStderr) {
  if (outFd < 0 && errFd < 0)
    return false;
  pollfd fds[2] = {{outFd, POLLIN, 0}, {errFd, POLLIN, 0}};
  int ready = poll(fds, 2, timeoutMs);
  if (ready <= 0)
    return true;
  char buffer[1 << 16];
  for (int i = 0; i < 2; ++i) {
    int &fd = i == 0 ? outFd : errFd;
    if (fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR)))
      continue;
    ssize_t n = ::read(fd, buffer, sizeof(buffer));
    if (n < 0 && (errno == EINTR || errno == EAGAIN))
      continue;
    if (n <= 0) {
      closeFd(fd);
      continue;
    }
    StringRef data(buffer, n);
    if (i == 0) {
      if (onStdout)
        onStdout(data);
      continue;
    }
    tail.append(data.data(), data.size());
    if (tail.size() > tailBytes)
      tail.erase(0, tail.size() - tailBytes);
    if (onStderr)
      onStderr(data);
  }
  return outFd >= 0 || errFd >= 0;
}

void Subprocess::kill(int sig) {
  if (childPid <= 0 || exited)
    return;
  if (ownGroup)
    ::kill(-childPid, sig);
  ::kill(childPid, sig);
}

std::optional<ExitStatus> Subprocess::tryWait() {
  if (exited || childPid <= 0)
    return exited;
  int status = 0;
  pid_t r;
  while ((r = waitpid(childPid, &status, WNOHANG)) < 0 && errno == EINTR) {
  }
  if (r == childPid)
    exited = ExitStatus::fromWaitStatus(status);
  return exited;
}

ExitStatus Subprocess::wait() {
  if (exited || childPid <= 0)
    return exited.value_or(ExitStatus());
  if (ownGroup) {
    // Wait without reaping (the group id cannot be reused meanwhile), then
    // end what the child left behind in its group.
    siginfo_t info;
    while (waitid(P_PID, childPid, &info, WEXITED | WNOWAIT) < 0 &&
           errno == EINTR) {
    }
    ::kill(-childPid, SIGKILL);
  }
  int status = 0;
  pid_t r;
  while ((r = waitpid(childPid, &status, 0)) < 0 && errno == EINTR) {
  }
  exited = r == childPid ? ExitStatus::fromWaitStatus(status) : ExitStatus();
  return *exited;
}

size_t Subprocess::residentBytes() const {
  if (childPid <= 0 || exited)
    return 0;
  std::string path = "/proc/" + std::to_string(childPid) + "/statm";
  FILE *f = fopen(path.c_str(), "r");
  if (!f)
    return 0;
  unsigned long size = 0, resident = 0;
  int got = fscanf(f, "%lu %lu", &size, &resident);
  fclose(f);
  return got == 2 ? resident * size_t(sysconf(_SC_PAGESIZE)) : 0;
}

namespace {
/// Hands a stream on in whole lines; a partial line goes on once it has
/// waited `hold` (a prompt, progress dots), grown large, or the stream ends.
class LineHolder {
public:
  LineHolder(llvm::function_ref<void(StringRef)> sink,
             std::chrono::milliseconds hold)
      : sink(sink), hold(hold) {}
  void feed(StringRef data) {
    if (!sink)
      return;
    if (hold.count() == 0) {
      sink(data);
      return;
    }
    if (pending.empty())
      since = Clock::now();
    pending.append(data.data(), data.size());
    size_t end = pending.rfind('\n');
    if (end == std::string::npos) {
      if (pending.size() >= kMaxPending)
        flush();
      return;
    }
    sink(StringRef(pending).take_front(end + 1));
    pending.erase(0, end + 1);
    since = Clock::now();
  }
  void tick() {
    if (!pending.empty() && Clock::now() - since >= hold)
      flush();
  }
  void flush() {
    if (pending.empty())
      return;
    sink(pending);
    pending.clear();
  }

private:
  static constexpr size_t kMaxPending = 1 << 16;
  llvm::function_ref<void(StringRef)> sink;
  std::chrono::milliseconds hold;
  std::string pending;
  Clock::time_point since;
};
} // namespace

Subprocess::Outcome
Subprocess::run(std::optional<Clock::time_point> deadline,
                const std::atomic<bool> *cancel,
                llvm::function_ref<void(StringRef)> onStdout,
                llvm::function_ref<void(StringRef)> onStderr,
                std::chrono::milliseconds grace) {
  Outcome outcome;
  auto stopRequested = [&] {
    if (cancel && cancel->load())
      outcome.cancelled = true;
    else if (deadline && Clock::now() >= *deadline)
      outcome.timedOut = true;
    return outcome.cancelled || outcome.timedOut;
  };
  LineHolder out(onStdout, wholeLines), err(onStderr, wholeLines);
  auto toOut = [&](StringRef data) { out.feed(data); };
  auto toErr = [&](StringRef data) { err.feed(data); };
  auto pumpLines = [&](int timeoutMs) {
    bool open = pump(timeoutMs, toOut, toErr);
    out.tick();
    err.tick();
    return open;
  };
  bool stopped = false;
  while (!(stopped = stopRequested()) && pumpLines(50)) {
  }
  // Streams closed (or never piped): the child may still be running.
  while (!stopped && !tryWait()) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    stopped = stopRequested();
  }
  if (stopped && grace.count() > 0 && !exited) {
    // Polite first: its last words still reach the caller. The child is not
    // reaped here, so its group id stays ours for the SIGKILL below.
    kill(SIGTERM);
    Clock::time_point until = Clock::now() + grace;
    auto ended = [&] {
      siginfo_t info;
      info.si_pid = 0;
      return waitid(P_PID, childPid, &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
             info.si_pid == childPid;
    };
    while (Clock::now() < until && !ended())
      if (!pumpLines(10))
        std::this_thread::sleep_for(std::chrono::milliseconds(10));
    // What it wrote before it ended is still in the pipes (a loaded
    // machine ended the loop first, and its "stopped" line was lost).
    if (ended())
      for (int i = 0; i < 64 && pumpLines(0); ++i) {
      }
  }
  out.flush();
  err.flush();
  if (stopped)
    kill();
  closeFd(outFd);
  closeFd(errFd);
  closeStdin();
  outcome.status = wait();
  return outcome;
}

bool ompx::writeAll(int fd, StringRef data) {
  const char *p = data.data();
  size_t n = data.size();
  while (n) {
    ssize_t w = ::write(fd, p, n);
    if (w < 0 && errno == EINTR)
      continue;
    if (w <= 0)
      return false;
    p += w;
    n -= w;
  }
  return true;
}

bool ompx::readExactly(int fd, char *data, size_t size) {
  while (size) {
    ssize_t r = ::read(fd, data, size);
    if (r < 0 && errno == EINTR)
      continue;
    if (r <= 0)
      return false;
    data += r;
    size -= r;
  }
  return true;
}
