//===- ProcessGuard.cpp - Clean up after a parent that dies ---------------===//

#include "support/ProcessGuard.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"

#include <csignal>
#include <set>
#include <unistd.h>

using namespace ompx;

llvm::Expected<std::unique_ptr<ProcessGuard>>
ProcessGuard::start(const std::vector<std::string> &command) {
  SpawnOptions options;
  options.argv = command;
  options.in = SpawnOptions::Stream::Pipe;
  options.out = SpawnOptions::Stream::Null;
  options.err = SpawnOptions::Stream::Inherit;
  // Out of the caller's group: a terminal's ^C or hangup reaches the caller
  // (which then cleans up itself), not the guard.
  options.newProcessGroup = true;
  auto proc = Subprocess::spawn(options);
  if (!proc)
    return proc.takeError();
  return std::unique_ptr<ProcessGuard>(new ProcessGuard(std::move(*proc)));
}

ProcessGuard::~ProcessGuard() {
  send("end\n");
  proc->closeStdin();
  proc->wait();
}

void ProcessGuard::send(const std::string &line) { proc->writeStdin(line); }

void ProcessGuard::watchGroup(pid_t pgid) {
  send("group " + std::to_string(pgid) + "\n");
}

void ProcessGuard::forgetGroup(pid_t pgid) {
  send("forget " + std::to_string(pgid) + "\n");
}

void ProcessGuard::removeDirectory(llvm::StringRef dir) {
  // Paths of temporary directories hold no newline; refuse one that does
  // rather than split it.
  if (!dir.contains('\n'))
    send("dir " + dir.str() + "\n");
}

int ompx::runProcessGuard() {
  signal(SIGINT, SIG_IGN);
  signal(SIGTERM, SIG_IGN);
  signal(SIGHUP, SIG_IGN);
  std::set<pid_t> groups;
  std::vector<std::string> dirs;
  std::string pending;
  char buffer[4096];
  while (true) {
    ssize_t n = ::read(STDIN_FILENO, buffer, sizeof(buffer));
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break;
    pending.append(buffer, n);
    size_t nl;
    while ((nl = pending.find('\n')) != std::string::npos) {
      llvm::StringRef line(pending.data(), nl);
      auto [verb, arg] = line.split(' ');
      pid_t pgid = 0;
      if (verb == "end")
        return 0;
      if (verb == "group" && !arg.getAsInteger(10, pgid) && pgid > 1)
        groups.insert(pgid);
      else if (verb == "forget" && !arg.getAsInteger(10, pgid))
        groups.erase(pgid);
      else if (verb == "dir" && !arg.empty())
        dirs.push_back(arg.str());
      pending.erase(0, nl + 1);
    }
  }
  // The parent died without saying `end`.
  for (pid_t pgid : groups)
    ::kill(-pgid, SIGKILL);
  for (const std::string &dir : dirs)
    llvm::sys::fs::remove_directories(dir);
  return 0;
}
