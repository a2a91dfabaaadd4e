//===- ProcessGuard.cpp - Clean up after a parent that dies ---------------===//

#include "support/ProcessGuard.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"

#include <chrono>
#include <csignal>
#include <optional>
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

/// One line of arguments separated by tabs; none may hold a tab or newline.
static std::optional<std::string>
commandLine(const std::vector<std::string> &argv) {
  std::string line;
  for (const std::string &a : argv) {
    if (a.find_first_of("\t\n") != std::string::npos)
      return std::nullopt;
    line += (line.empty() ? "" : "\t") + a;
  }
  return line;
}

bool ProcessGuard::runOnDeath(const std::vector<std::string> &argv) {
  auto line = commandLine(argv);
  if (line)
    send("run " + *line + "\n");
  return bool(line);
}

void ProcessGuard::forgetCommand(const std::vector<std::string> &argv) {
  if (auto line = commandLine(argv))
    send("unrun " + *line + "\n");
}

int ompx::runProcessGuard() {
  signal(SIGINT, SIG_IGN);
  signal(SIGTERM, SIG_IGN);
  signal(SIGHUP, SIG_IGN);
  std::set<pid_t> groups;
  std::vector<std::string> dirs;
  std::multiset<std::string> commands;
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
      else if (verb == "run" && !arg.empty())
        commands.insert(arg.str());
      else if (verb == "unrun" && commands.count(arg.str()))
        commands.erase(commands.find(arg.str()));
      pending.erase(0, nl + 1);
    }
  }
  // The parent died without saying `end`. Commands first: they cancel what
  // killing a group would orphan.
  for (const std::string &line : commands) {
    SpawnOptions options;
    for (llvm::StringRef a : llvm::split(line, '\t'))
      options.argv.push_back(a.str());
    options.in = options.out = options.err = SpawnOptions::Stream::Null;
    if (auto child = Subprocess::spawn(options))
      (*child)->run(Clock::now() + std::chrono::seconds(5), nullptr,
                    [](llvm::StringRef) {});
  }
  for (pid_t pgid : groups)
    ::kill(-pgid, SIGKILL);
  for (const std::string &dir : dirs)
    llvm::sys::fs::remove_directories(dir);
  return 0;
}
