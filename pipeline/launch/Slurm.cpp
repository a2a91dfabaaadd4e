//===- Slurm.cpp - Run a launch's program on a cluster node --------------===//

#include "pipeline/launch/Slurm.h"

#include "pipeline/compile/Devices.h"
#include "pipeline/launch/Bundle.h"
#include "support/JsonParse.h"
#include "support/Subprocess.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <csignal>
#include <cstdlib>
#include <fcntl.h>
#include <iterator>
#include <map>
#include <mutex>
#include <sys/file.h>
#include <unistd.h>

using namespace ompx;
using namespace ompx::pipeline;
using llvm::StringRef;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

const char *ompx::pipeline::launcherName(LauncherKind kind) {
  return nameIn<LauncherKind>(kLauncherNames, kind);
}

std::optional<LauncherKind> ompx::pipeline::parseLauncher(StringRef text) {
  return parseIn<LauncherKind>(kLauncherNames, text);
}

const char *ompx::pipeline::stagingName(SlurmOptions::Staging staging) {
  return nameIn<SlurmOptions::Staging>(kStagingNames, staging);
}

const char *
ompx::pipeline::allocationName(SlurmOptions::Allocation allocation) {
  return nameIn<SlurmOptions::Allocation>(kAllocationNames, allocation);
}

std::optional<SlurmOptions::Staging>
ompx::pipeline::parseStaging(StringRef text) {
  return parseIn<SlurmOptions::Staging>(kStagingNames, text);
}

std::optional<SlurmOptions::Allocation>
ompx::pipeline::parseAllocation(StringRef text) {
  return parseIn<SlurmOptions::Allocation>(kAllocationNames, text);
}

//===----------------------------------------------------------------------===//
// Tools and the cluster's state
//===----------------------------------------------------------------------===//

std::string ompx::pipeline::findSlurmTool(const SlurmOptions &options,
                                          StringRef name,
                                          std::string &problem) {
  if (!options.binDir.empty()) {
    llvm::SmallString<256> p(options.binDir);
    path::append(p, name);
    if (fs::can_execute(p))
      return p.str().str();
    problem = name.str() + " is not in " + options.binDir;
    return "";
  }
  if (auto found = llvm::sys::findProgramByName(name))
    return *found;
  problem = name.str() +
            " is not on PATH: install Slurm's client tools (Debian: "
            "slurm-client) or load the site's Slurm module";
  return "";
}

/// Runs a Slurm tool for its output (stdout and stderr together).
static ToolRun slurmTool(const SlurmOptions &options, StringRef name,
                         llvm::ArrayRef<std::string> args,
                         unsigned timeoutSeconds = 5) {
  std::string problem;
  std::string tool = findSlurmTool(options, name, problem);
  if (tool.empty()) {
    ToolRun run;
    run.error = problem;
    return run;
  }
  return runTool(tool, args, timeoutSeconds);
}

static std::string firstLine(StringRef text) {
  return text.trim().split('\n').first.trim().str();
}

/// The controller answers (`scontrol ping`: milliseconds, also when it is
/// down, where srun would wait MessageTimeout), or why not.
static bool pingController(const SlurmOptions &options, std::string &why,
                           bool *configured = nullptr) {
  // A SLURM_CONF that names nothing: the tools would look for the
  // controller in DNS for seconds before saying so.
  if (const char *conf = getenv("SLURM_CONF");
      conf && *conf && !fs::exists(conf)) {
    why = std::string("SLURM_CONF names ") + conf + ", which does not exist";
    return false;
  }
  // 2 s: the issue's bound for "the controller does not answer".
  ToolRun ping = slurmTool(options, "scontrol", {"ping"}, 2);
  if (ping.timedOut) {
    why = "the Slurm controller does not answer (`scontrol ping` " +
          ping.error + ")";
    return false;
  }
  if (!ping.error.empty()) {
    why = ping.error;
    return false;
  }
  if (StringRef(ping.output)
          .contains("Could not establish a configuration "
                    "source")) {
    if (configured)
      *configured = false;
    why = "Slurm's tools find no configuration (SLURM_CONF is unset, "
          "/etc/slurm/slurm.conf is missing and DNS names no slurmctld): "
          "set SLURM_CONF or load the site's Slurm module";
    return false;
  }
  // Any controller up will do: scontrol exits 1 when a backup is down.
  if (StringRef(ping.output).contains("is UP"))
    return true;
  std::string said = firstLine(ping.output);
  why = "the Slurm controller does not answer (`scontrol ping`: " +
        (said.empty() ? "exit " + std::to_string(ping.exitCode) : said) + ")";
  return false;
}

std::string ompx::pipeline::offloadArchForGresType(StringRef type) {
  std::string t = type.lower();
  // Slurm's autodetected names are long ("nvidia_a100-sxm4-80gb"): the
  // first known model in them decides. Longer names first (h100 before
  // h10, mi250x before mi25).
  static const std::pair<const char *, const char *> kModels[] = {
      {"gh200", "sm_90"},   {"h200", "sm_90"},    {"h100", "sm_90"},
      {"h800", "sm_90"},    {"gb200", "sm_100"},  {"b200", "sm_100"},
      {"b100", "sm_100"},   {"l40s", "sm_89"},    {"l40", "sm_89"},
      {"l4", "sm_89"},      {"a100", "sm_80"},    {"a800", "sm_80"},
      {"a30", "sm_80"},     {"a40", "sm_86"},     {"a10", "sm_86"},
      {"a16", "sm_86"},     {"a2", "sm_86"},      {"v100", "sm_70"},
      {"t4", "sm_75"},      {"p100", "sm_60"},    {"mi355x", "gfx950"},
      {"mi350x", "gfx950"}, {"mi325x", "gfx942"}, {"mi300x", "gfx942"},
      {"mi300a", "gfx942"}, {"mi300", "gfx942"},  {"mi250x", "gfx90a"},
      {"mi250", "gfx90a"},  {"mi210", "gfx90a"},  {"mi100", "gfx908"},
      {"mi50", "gfx906"},   {"mi60", "gfx906"}};
  // Split at anything that is not a letter or digit: "a100" must not match
  // inside "ta1000".
  llvm::SmallVector<StringRef> words;
  StringRef rest(t);
  while (!rest.empty()) {
    rest = rest.drop_while([](char c) { return !llvm::isAlnum(c); });
    StringRef word = rest.take_while([](char c) { return llvm::isAlnum(c); });
    rest = rest.drop_front(word.size());
    if (!word.empty())
      words.push_back(word);
  }
  for (const auto &[model, arch] : kModels)
    for (StringRef w : words)
      if (w == model)
        return arch;
  // Architectures named directly (gres types such as "sm_90" or "gfx942").
  for (StringRef w : llvm::split(StringRef(t), ':'))
    if ((w.starts_with("sm_") && w.size() > 3) ||
        (w.starts_with("gfx") && w.size() > 3))
      return w.str();
  return "";
}

unsigned ompx::pipeline::slurmMinutes(StringRef limit) {
  // [D-]HH:MM:SS, MM:SS, or minutes; UNLIMITED/infinite/n/a: 0.
  unsigned days = 0;
  if (limit.contains('-')) {
    auto [d, rest] = limit.split('-');
    if (d.getAsInteger(10, days))
      return 0;
    limit = rest;
  }
  llvm::SmallVector<StringRef, 3> parts;
  limit.split(parts, ':');
  llvm::SmallVector<unsigned, 3> n;
  for (StringRef p : parts) {
    unsigned v = 0;
    if (p.getAsInteger(10, v))
      return 0;
    n.push_back(v);
  }
  unsigned minutes = 0, seconds = 0;
  if (n.size() == 3) // HH:MM:SS
    minutes = n[0] * 60 + n[1], seconds = n[2];
  else if (n.size() == 2 && days) // D-HH:MM
    minutes = n[0] * 60 + n[1];
  else if (n.size() == 2) // MM:SS
    minutes = n[0], seconds = n[1];
  else if (n.size() == 1) // MM, or D-HH
    minutes = days ? n[0] * 60 : n[0];
  return days * 24 * 60 + minutes + (seconds ? 1 : 0);
}

/// ClusterName from `scontrol show config`, once per process and
/// SLURM_CONF (querySlurm and the allocation registry both need it); "" when
/// scontrol cannot say (not cached: it may answer next time).
static std::string clusterName(const SlurmOptions &o) {
  static std::mutex mutex;
  static std::map<std::string, std::string> known; // SLURM_CONF -> name
  const char *conf = getenv("SLURM_CONF");
  std::string confKey = conf && *conf ? conf : "";
  std::lock_guard<std::mutex> lock(mutex);
  if (auto it = known.find(confKey); it != known.end())
    return it->second;
  ToolRun config = slurmTool(o, "scontrol", {"show", "config"}, 3);
  for (StringRef line : llvm::split(StringRef(config.output), '\n')) {
    auto [key, value] = line.split('=');
    if (key.trim() == "ClusterName" && !value.trim().empty())
      return known[confKey] = value.trim().str();
  }
  return "";
}

SlurmInfo ompx::pipeline::querySlurm(const SlurmOptions &options) {
  SlurmInfo info;
  std::string problem;
  if (findSlurmTool(options, "sinfo", problem).empty()) {
    info.configured = false;
    info.message = problem;
    return info;
  }
  if (!pingController(options, info.message, &info.configured))
    return info;
  info.cluster = clusterName(options);
  // One line per partition and gres combination:
  // "debug*|up|1|gpu:a100:4|1-00:00:00".
  ToolRun sinfo =
      slurmTool(options, "sinfo", {"-h", "-o", "%P|%a|%D|%G|%l"}, 3);
  if (sinfo.exitCode != 0) {
    info.message = "sinfo failed: " + firstLine(sinfo.output + sinfo.error);
    return info;
  }
  info.reachable = true;
  for (StringRef line : llvm::split(StringRef(sinfo.output), '\n')) {
    llvm::SmallVector<StringRef, 5> f;
    line.trim().split(f, '|');
    if (f.size() != 5)
      continue;
    StringRef name = f[0];
    bool isDefault = name.consume_back("*");
    auto it = llvm::find_if(info.partitions, [&](const SlurmPartition &p) {
      return p.name == name;
    });
    if (it == info.partitions.end()) {
      info.partitions.push_back(
          {name.str(), isDefault, f[1].str(), 0, {}, "", slurmMinutes(f[4])});
      it = std::prev(info.partitions.end());
    }
    unsigned nodes = 0;
    if (!f[2].getAsInteger(10, nodes))
      it->nodes += nodes;
    // "gpu:a100:4(S:0-1),shard:8": each entry without its socket suffix.
    for (StringRef g : llvm::split(f[3], ',')) {
      g = g.split('(').first.trim();
      if (g.empty() || g == "(null)")
        continue;
      if (!llvm::is_contained(it->gres, g))
        it->gres.push_back(g.str());
      if (it->offloadArch.empty() && g.starts_with("gpu:"))
        it->offloadArch = offloadArchForGresType(g.drop_front(4));
    }
  }
  return info;
}

llvm::json::Value ompx::pipeline::toJSON(const SlurmInfo &info) {
  llvm::json::Array partitions;
  for (const SlurmPartition &p : info.partitions) {
    llvm::json::Array gres;
    for (const std::string &g : p.gres)
      gres.push_back(g);
    partitions.push_back(llvm::json::Object{{"name", p.name},
                                            {"default", p.isDefault},
                                            {"availability", p.availability},
                                            {"nodes", int64_t(p.nodes)},
                                            {"gres", std::move(gres)},
                                            {"offloadArch", p.offloadArch}});
  }
  llvm::json::Object o{{"reachable", info.reachable},
                       {"configured", info.configured},
                       {"partitions", std::move(partitions)}};
  if (!info.message.empty())
    o["message"] = info.message;
  if (!info.cluster.empty())
    o["cluster"] = info.cluster;
  return o;
}

//===----------------------------------------------------------------------===//
// srun
//===----------------------------------------------------------------------===//

SlurmLine ompx::pipeline::parseSlurmLine(StringRef line) {
  SlurmLine r;
  line = line.rtrim("\r\n");
  StringRef rest = line;
  if (rest.starts_with("slurmstepd")) {
    // "slurmstepd: error: *** STEP 12.0 ON node CANCELLED AT ... ***"
    r.kind =
        rest.contains("CANCELLED") ? SlurmLine::Cancelled : SlurmLine::Other;
    if (r.kind == SlurmLine::Cancelled)
      r.detail = rest.split("*** ").second.rsplit(" ***").first.str();
    return r;
  }
  if (!rest.consume_front("srun: ") && !rest.consume_front("salloc: "))
    return r;
  r.kind = SlurmLine::Other;
  // The job id is the first number after "job " or "jobid ".
  auto idAfter = [](StringRef text, StringRef word) {
    size_t at = text.find(word);
    if (at == StringRef::npos)
      return std::string();
    return text.drop_front(at + word.size())
        .take_while([](char c) { return llvm::isDigit(c); })
        .str();
  };
  if (rest.contains("queued and waiting for resources")) {
    r.kind = SlurmLine::Queued;
    r.jobId = idAfter(rest, "job ");
  } else if (rest.contains("has been allocated resources")) {
    r.kind = SlurmLine::Allocated;
    r.jobId = idAfter(rest, "job ");
  } else if (rest.starts_with("Granted job allocation ")) {
    r.kind = SlurmLine::Allocated;
    r.jobId = idAfter(rest, "allocation ");
  } else if (rest.starts_with("Pending job allocation ")) {
    r.kind = SlurmLine::Queued;
    r.jobId = idAfter(rest, "allocation ");
  } else if (rest.contains("step creation temporarily disabled")) {
    // A step of a kept allocation waits for its resources (another step
    // holds them): "Job 17 step creation temporarily disabled, retrying".
    r.kind = SlurmLine::Queued;
    r.jobId = idAfter(rest, "Job ");
  } else if (rest.starts_with("Step created for ")) {
    r.kind = SlurmLine::Allocated;
    r.jobId = idAfter(rest, "StepId=");
  } else if (rest.starts_with("launching StepId=")) {
    // "launching StepId=17.0 on host node, 1 tasks: 0". Only a JOB.STEP id:
    // the guard scancels it, and a bare job id would cancel the whole job.
    StringRef id = rest.drop_front(17).split(' ').first;
    auto [job, step] = id.split('.');
    if (!job.empty() && !step.empty() && llvm::all_of(job, llvm::isDigit) &&
        llvm::all_of(step, llvm::isDigit)) {
      r.kind = SlurmLine::StepLaunched;
      r.jobId = id.str();
    }
  } else if (rest.starts_with("jobid ") && rest.size() > 6 &&
             llvm::isDigit(rest[6])) {
    r.kind = SlurmLine::JobId;
    r.jobId = idAfter(rest, "jobid ");
  } else if (rest.consume_front("error: ")) {
    r.kind = SlurmLine::Error;
    r.detail = rest.str();
    if (rest.consume_front("Unable to allocate resources: ") ||
        rest.consume_front("Job submit/allocate failed: ")) {
      r.kind = SlurmLine::AllocationFailed;
      r.detail = rest.str();
    } else if (size_t task = rest.find(": task "); task != StringRef::npos) {
      // "node: task 0: Exited with exit code 3" / "node: task 0:
      // Segmentation fault (core dumped)"
      StringRef what = rest.drop_front(task + 7).split(": ").second;
      unsigned code = 0;
      if (what.consume_front("Exited with exit code ")) {
        // srun prints 0-255; anything else is not its line (the generic
        // error above stands).
        if (!what.trim().getAsInteger(10, code) && code <= 255) {
          r.kind = SlurmLine::TaskExited;
          r.code = static_cast<int>(code);
        }
      } else {
        r.kind = SlurmLine::TaskSignaled;
        r.detail = what.trim().str();
      }
    }
  }
  if (r.kind == SlurmLine::Other)
    r.noise = rest.starts_with("defined options") || rest.starts_with("---") ||
              rest.starts_with("end of defined options") ||
              rest.contains(" : ") || rest.starts_with("launch/") ||
              rest.starts_with("route/");
  return r;
}

std::string ompx::pipeline::slurmTimeLimit(const SlurmOptions &options,
                                           unsigned timeoutSeconds,
                                           unsigned maxMinutes) {
  if (!options.time.empty())
    return options.time;
  if (!timeoutSeconds)
    return "";
  unsigned minutes = (timeoutSeconds + 59) / 60 + 1;
  // The backstop must not ask for more than the partition allows.
  if (maxMinutes && minutes > maxMinutes)
    minutes = maxMinutes;
  return std::to_string(minutes);
}

/// The options a job and an allocation share.
static void resourceArguments(const SlurmOptions &o, unsigned gpusNeeded,
                              std::vector<std::string> &args) {
  if (!o.partition.empty())
    args.push_back("--partition=" + o.partition);
  if (!o.account.empty())
    args.push_back("--account=" + o.account);
  if (!o.gres.empty())
    args.push_back("--gres=" + o.gres);
  if (!o.gpus.empty())
    args.push_back("--gpus=" + o.gpus);
  if (o.gres.empty() && o.gpus.empty() && gpusNeeded)
    args.push_back("--gres=gpu:" + std::to_string(gpusNeeded));
}

std::vector<std::string>
ompx::pipeline::srunArguments(const SlurmRunRequest &r) {
  std::vector<std::string> args = {"--job-name=" + r.jobName};
  if (!r.allocation.empty()) {
    // A step of the kept allocation: its resources are the allocation's.
    args.push_back("--jobid=" + r.allocation);
  } else {
    resourceArguments(r.options, r.gpusNeeded, args);
    std::string time =
        slurmTimeLimit(r.options, r.timeoutSeconds, r.maxMinutes);
    if (!time.empty())
      args.push_back("--time=" + time);
  }
  // -u: unbuffered, and the program's stdout is a pty, so Fortran and C
  // stdio flush per line; --input=none: srun would forward its stdin (an
  // editor's JSON-RPC channel) to the program; -v: srun names the job id.
  for (const char *a : {"--nodes=1", "--ntasks=1", "--unbuffered",
                        "--input=none", "--quit-on-interrupt", "--verbose"})
    args.push_back(a);
  if (!r.bcastFile.empty())
    args.push_back("--bcast=" + r.bcastTo);
  llvm::append_range(args, r.options.extraArgs);
  if (!r.bcastFile.empty())
    args.push_back(r.bcastFile);
  llvm::append_range(args, r.command);
  return args;
}

namespace {
/// Splits a stream into lines; the last partial line on flush().
struct LineSplitter {
  std::string pending;
  template <typename F> void feed(StringRef data, F &&onLine) {
    pending.append(data.data(), data.size());
    size_t start = 0, nl;
    while ((nl = pending.find('\n', start)) != std::string::npos) {
      onLine(StringRef(pending).slice(start, nl + 1));
      start = nl + 1;
    }
    pending.erase(0, start);
  }
  template <typename F> void flush(F &&onLine) {
    if (!pending.empty())
      onLine(StringRef(pending));
    pending.clear();
  }
};

/// What squeue says of a job: "" once it is gone (squeue lists nothing, or
/// no longer knows the id), "UNKNOWN" when squeue cannot say (a controller
/// that does not answer is no proof that the job ended).
static std::string jobState(const SlurmOptions &o, StringRef jobId,
                            std::string *reason = nullptr) {
  ToolRun q =
      slurmTool(o, "squeue", {"-h", "--jobs=" + jobId.str(), "-o", "%T|%r"}, 3);
  if (q.exitCode != 0)
    return StringRef(q.output).contains("Invalid job id") ? "" : "UNKNOWN";
  auto [state, why] = StringRef(q.output).trim().split('|');
  if (reason)
    *reason = why.str();
  return state.str();
}

/// Jobs of this user with this name (when the id is not known yet).
static std::vector<std::string> jobsNamed(const SlurmOptions &o,
                                          StringRef name) {
  const char *user = getenv("USER");
  std::vector<std::string> args = {"-h", "-n", name.str(), "-o", "%i"};
  if (user && *user)
    llvm::append_range(args, std::vector<std::string>{"-u", user});
  ToolRun q = slurmTool(o, "squeue", args, 3);
  std::vector<std::string> ids;
  for (StringRef l : llvm::split(StringRef(q.output), '\n'))
    if (!l.trim().empty() && llvm::all_of(l.trim(), llvm::isDigit))
      ids.push_back(l.trim().str());
  return ids;
}

/// Runs srun or salloc (the same protocol on stderr) to the end, with the
/// queue state, the stop sequence, and the lines sorted into the program's
/// and Slurm's.
struct SlurmChild {
  const SlurmOptions &options;
  std::string jobName;
  bool isStep = false; ///< a step of a kept allocation: never scancel it
  const SlurmRunCallbacks &callbacks;

  bool allocating = false; ///< salloc: the job is an allocation to keep

  std::string jobId, stepId;
  bool queued = false;
  std::string lastStatus;
  std::vector<SlurmLine> slurmLines;
  std::vector<std::string> errors; ///< srun's error lines, verbatim
  bool stopped = false, timedOut = false;
  std::string hopeless; ///< why the job could never start (then stopped)

  static bool isHopeless(StringRef reason) {
    return llvm::is_contained(
        {"PartitionTimeLimit", "PartitionNodeLimit", "PartitionDown",
         "PartitionInactive", "AccountNotAllowed", "InvalidAccount",
         "InvalidQOS", "QOSMaxWallDurationPerJobLimit", "QOSMaxGRESPerJob",
         "QOSMaxCpuPerJobLimit", "QOSMaxNodePerJobLimit", "BadConstraints",
         "DependencyNeverSatisfied"},
        reason);
  }
  static std::string hopelessHint(StringRef reason) {
    if (reason.starts_with("PartitionTimeLimit") ||
        reason.starts_with("QOSMaxWallDuration"))
      return "the time limit is above the partition's or QOS's maximum; "
             "give a shorter --time";
    if (reason.starts_with("Partition"))
      return "the partition cannot run it; choose another --partition";
    if (reason.contains("Account"))
      return "the account may not use this partition; check --account";
    return "change the job's options (--partition, --gres, --time, "
           "--slurm-arg)";
  }

  void status(const std::string &s) {
    if (s != lastStatus && callbacks.onStatus)
      callbacks.onStatus(s);
    lastStatus = s;
  }
  void onStderrLine(StringRef line) {
    SlurmLine l = parseSlurmLine(line);
    if (l.kind == SlurmLine::NotSlurm) {
      if (callbacks.onStderr)
        callbacks.onStderr(line);
      return;
    }
    if (callbacks.onLog)
      callbacks.onLog(l, line.rtrim("\r\n"));
    if (l.kind == SlurmLine::StepLaunched)
      stepId = l.jobId;
    else if (!l.jobId.empty() && jobId.empty())
      jobId = l.jobId;
    switch (l.kind) {
    case SlurmLine::Queued:
      queued = true;
      status("queued, job " + jobId);
      break;
    case SlurmLine::Allocated:
    case SlurmLine::JobId:
      queued = false;
      status((allocating ? "allocated, job " : "running, job ") + jobId);
      break;
    case SlurmLine::AllocationFailed:
    case SlurmLine::Error:
      errors.push_back(line.rtrim("\r\n").str());
      break;
    default:
      break;
    }
    slurmLines.push_back(std::move(l));
  }

  /// Cancels the job (or the jobs of this name): the last word before
  /// SIGKILL, and the guarantee that nothing stays queued or running.
  void scancel() {
    // A step of a kept allocation: that step only, never the allocation.
    if (isStep) {
      if (!stepId.empty())
        slurmTool(options, "scancel", {stepId}, 5);
      return;
    }
    std::vector<std::string> ids = jobId.empty()
                                       ? jobsNamed(options, jobName)
                                       : std::vector<std::string>{jobId};
    for (const std::string &id : ids)
      slurmTool(options, "scancel", {id}, 5);
  }

  ExitStatus run(std::vector<std::string> argv,
                 std::optional<std::vector<std::string>> env,
                 std::optional<Clock::time_point> deadline,
                 const std::atomic<bool> *cancel, std::string &spawnError) {
    SpawnOptions spawn;
    spawn.argv = std::move(argv);
    spawn.env = std::move(env);
    spawn.in = SpawnOptions::Stream::Null;
    // Its own group, for the last-resort SIGKILL (srun has a helper).
    spawn.newProcessGroup = true;
    auto child = Subprocess::spawn(spawn);
    if (!child) {
      spawnError = llvm::toString(child.takeError());
      return {};
    }
    Subprocess &proc = **child;
    if (callbacks.onStarted)
      callbacks.onStarted(proc.pid());
    LineSplitter err;
    auto onErr = [&](StringRef data) {
      err.feed(data, [&](StringRef line) { onStderrLine(line); });
    };
    auto onOut = [&](StringRef data) {
      if (callbacks.onStdout)
        callbacks.onStdout(data);
    };
    enum { Running, Interrupted, Cancelled, Killed } phase = Running;
    Clock::time_point phaseSince = Clock::now();
    Clock::time_point nextPoll = Clock::now() + std::chrono::seconds(1);
    while (proc.pump(100, onOut, onErr)) {
      Clock::time_point now = Clock::now();
      bool stop = (cancel && cancel->load()) || (deadline && now >= *deadline);
      if (stop && phase == Running) {
        stopped = true;
        timedOut = !(cancel && cancel->load());
        // A job (or step) Slurm has named: scancel it, so that it ends
        // CANCELLED (after srun's SIGINT, a task that dies of the signal
        // first can leave it FAILED). Before that: SIGINT, which with
        // --quit-on-interrupt cancels what srun has asked for.
        std::string id = isStep ? stepId : jobId;
        if (id.empty() || slurmTool(options, "scancel", {id}, 5).exitCode != 0)
          ::kill(proc.pid(), SIGINT);
        phase = Interrupted;
        phaseSince = now;
      } else if (phase == Interrupted &&
                 now - phaseSince > std::chrono::seconds(3)) {
        scancel();
        phase = Cancelled;
        phaseSince = now;
      } else if (phase == Cancelled &&
                 now - phaseSince > std::chrono::seconds(3)) {
        proc.kill(SIGKILL);
        phase = Killed;
      }
      // Gentle polling for the reason a queued job waits (admins dislike
      // tight loops): every 3 s.
      if (queued && phase == Running && !jobId.empty() && now >= nextPoll) {
        std::string reason;
        std::string state = jobState(options, jobId, &reason);
        if (state == "PENDING")
          status("queued (" + reason + "), job " + jobId);
        // Reasons that only an administrator or other options change: the
        // job would wait forever (ReFrame cancels these too).
        if (state == "PENDING" && isHopeless(reason)) {
          hopeless = "Slurm will never start job " + jobId + " (" + reason +
                     "): " + hopelessHint(reason);
          stopped = true;
          ::kill(proc.pid(), SIGINT);
          phase = Interrupted;
          phaseSince = now;
        }
        nextPoll = now + std::chrono::seconds(3);
      }
    }
    err.flush([&](StringRef line) { onStderrLine(line); });
    ExitStatus status = proc.wait();
    if (callbacks.onEnded)
      callbacks.onEnded(proc.pid());
    return status;
  }

  /// After a stop: wait (5 s at most) until squeue no longer lists the job,
  /// cancelling it if it still runs or waits.
  void waitUntilGone() {
    if (isStep)
      return;
    Clock::time_point until = Clock::now() + std::chrono::seconds(5);
    bool cancelledOnce = false;
    while (Clock::now() < until) {
      std::vector<std::string> ids = jobId.empty()
                                         ? jobsNamed(options, jobName)
                                         : std::vector<std::string>{jobId};
      std::string state;
      for (const std::string &id : ids)
        if (std::string s = jobState(options, id); !s.empty())
          state = s;
      if (state.empty())
        return;
      if (!cancelledOnce && state != "COMPLETING" && state != "CANCELLED") {
        scancel();
        cancelledOnce = true;
      }
      usleep(200 * 1000);
    }
  }
};
} // namespace

SlurmRunResult
ompx::pipeline::runOnSlurm(const SlurmRunRequest &request,
                           const SlurmRunCallbacks &callbacks,
                           std::optional<Clock::time_point> deadline,
                           const std::atomic<bool> *cancel) {
  SlurmRunResult result;
  std::string problem;
  std::string srun = findSlurmTool(request.options, "srun", problem);
  if (srun.empty()) {
    result.message = problem;
    return result;
  }
  std::vector<std::string> argv = {srun};
  llvm::append_range(argv, srunArguments(request));
  SlurmChild child{request.options, request.jobName,
                   !request.allocation.empty(), callbacks};
  std::string spawnError;
  ExitStatus status =
      child.run(argv, request.env, deadline, cancel, spawnError);
  result.jobId = child.jobId.empty() ? request.allocation : child.jobId;
  if (!spawnError.empty()) {
    result.message = spawnError;
    return result;
  }
  if (child.stopped) {
    child.waitUntilGone();
    result.kind = !child.hopeless.empty() ? SlurmRunResult::SlurmFailed
                  : child.timedOut        ? SlurmRunResult::Timeout
                                          : SlurmRunResult::Cancelled;
    result.message = child.hopeless;
    return result;
  }
  if (status.success()) {
    result.kind = SlurmRunResult::Ok;
    result.exitCode = 0;
    return result;
  }
  // Cancelled by someone else (scancel, preemption, Slurm's time limit):
  // the program did not crash, whatever signal ended it.
  for (const SlurmLine &l : child.slurmLines)
    if (l.kind == SlurmLine::Cancelled) {
      result.kind = SlurmRunResult::SlurmFailed;
      result.message = "Slurm cancelled the job: " + l.detail;
      return result;
    }
  // The program's end as srun reports it decides; srun's exit status alone
  // cannot tell the program's `exit 1` from a refused allocation.
  for (const SlurmLine &l : child.slurmLines) {
    if (l.kind == SlurmLine::TaskSignaled) {
      result.kind = SlurmRunResult::ProgramFailed;
      result.exitCode = -2;
      result.signal = l.detail;
      return result;
    }
    if (l.kind == SlurmLine::TaskExited) {
      result.kind = SlurmRunResult::ProgramFailed;
      result.exitCode = l.code;
      return result;
    }
  }
  if (!child.errors.empty() || status.signaled) {
    result.kind = SlurmRunResult::SlurmFailed;
    for (const SlurmLine &l : child.slurmLines)
      if (l.kind == SlurmLine::AllocationFailed)
        result.message = "Slurm refused the job: " + l.detail;
    if (result.message.empty())
      result.message = child.errors.empty() ? "srun " + status.describe()
                                            : "srun " + status.describe() +
                                                  ": " + child.errors.back();
    return result;
  }
  result.kind = SlurmRunResult::ProgramFailed;
  result.exitCode = status.code;
  return result;
}

//===----------------------------------------------------------------------===//
// Allocations kept for reuse
//===----------------------------------------------------------------------===//

/// The registry file: which allocation ompx made for which options, shared
/// by the CLI and the servers of this user on every login node (the home
/// folder is shared; allocations are the cluster's). `OMPX_SLURM_STATE`
/// moves it.
static std::string registryPath() {
  if (const char *p = getenv("OMPX_SLURM_STATE"); p && *p)
    return p;
  llvm::SmallString<256> dir;
  if (const char *x = getenv("XDG_STATE_HOME"); x && *x) {
    dir = x;
  } else if (path::home_directory(dir)) {
    path::append(dir, ".local", "state");
  } else {
    path::system_temp_directory(true, dir);
  }
  path::append(dir, "ompx", "slurm-allocations.json");
  return dir.str().str();
}

/// The cluster in the allocation registry: its ClusterName, so that every
/// way of reaching it (another SLURM_CONF path, a module) agrees; the
/// configuration file when scontrol cannot say.
static std::string clusterKey(const SlurmOptions &o) {
  std::string name = clusterName(o);
  if (!name.empty())
    return name;
  const char *conf = getenv("SLURM_CONF");
  return "conf:" + std::string(conf && *conf ? conf : "default");
}

static std::string allocationKey(const SlurmOptions &o, unsigned gpusNeeded) {
  std::vector<std::string> args;
  resourceArguments(o, gpusNeeded, args);
  llvm::append_range(args, o.extraArgs);
  return llvm::join(args, " ");
}

namespace {
struct RegistryEntry {
  std::string jobId, key, cluster;
  int64_t pid = 0;
};

/// The registry, read under an exclusive lock (flock) held for the object's
/// lifetime: keep it short, never across a queue wait.
struct Registry {
  std::string file;
  int lockFd = -1;
  std::vector<RegistryEntry> entries;
  std::string problem; ///< why the file could not be read as a registry

  Registry() : file(registryPath()) {
    fs::create_directories(path::parent_path(file));
    lockFd =
        ::open((file + ".lock").c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600);
    if (lockFd >= 0)
      while (::flock(lockFd, LOCK_EX) != 0 && errno == EINTR) {
      }
    auto buf = llvm::MemoryBuffer::getFile(file);
    if (!buf)
      return;
    auto json = ompx::parseJson((*buf)->getBuffer());
    const llvm::json::Array *a = json ? json->getAsArray() : nullptr;
    if (!a) {
      // Kept aside, not overwritten: it may name allocations still held.
      std::string aside = file + ".bad";
      fs::rename(file, aside);
      problem = "the allocation registry " + file +
                " was not readable and was moved to " + aside +
                (json ? "" : ": " + llvm::toString(json.takeError()));
      return;
    }
    for (const llvm::json::Value &v : *a)
      if (const llvm::json::Object *o = v.getAsObject())
        entries.push_back({o->getString("job").value_or("").str(),
                           o->getString("key").value_or("").str(),
                           o->getString("cluster").value_or("").str(),
                           o->getInteger("pid").value_or(0)});
  }
  ~Registry() {
    if (lockFd >= 0)
      ::close(lockFd);
  }
  llvm::Error save() {
    llvm::json::Array a;
    for (const RegistryEntry &e : entries)
      a.push_back(llvm::json::Object{{"job", e.jobId},
                                     {"key", e.key},
                                     {"cluster", e.cluster},
                                     {"pid", e.pid}});
    std::string tmp = file + ".tmp" + std::to_string(getpid());
    {
      std::error_code ec;
      llvm::raw_fd_ostream os(tmp, ec);
      if (ec)
        return llvm::createStringError("cannot write " + tmp + ": " +
                                       ec.message());
      os << llvm::json::Value(std::move(a));
      os.close();
      if (os.has_error())
        return llvm::createStringError("cannot write " + tmp + ": " +
                                       os.error().message());
    }
    if (std::error_code ec = fs::rename(tmp, file))
      return llvm::createStringError("cannot write " + file + ": " +
                                     ec.message());
    return llvm::Error::success();
  }
  /// Drops this cluster's entries whose job has ended. A job squeue cannot
  /// tell about (a controller that does not answer) stays. The states of
  /// those kept: job id -> squeue's state.
  std::map<std::string, std::string> prune(const SlurmOptions &o,
                                           StringRef cluster) {
    std::map<std::string, std::string> states;
    llvm::erase_if(entries, [&](const RegistryEntry &e) {
      if (e.cluster != cluster)
        return false;
      std::string state = states[e.jobId] = jobState(o, e.jobId);
      return state.empty() ||
             llvm::is_contained({"COMPLETED", "CANCELLED", "FAILED", "TIMEOUT",
                                 "NODE_FAIL", "PREEMPTED", "BOOT_FAIL",
                                 "DEADLINE", "OUT_OF_MEMORY"},
                                state);
    });
    return states;
  }
};
} // namespace

llvm::Expected<std::string>
ompx::pipeline::reuseOrAllocate(const SlurmRunRequest &request,
                                const SlurmRunCallbacks &callbacks,
                                std::optional<Clock::time_point> deadline,
                                const std::atomic<bool> *cancel) {
  const SlurmOptions &o = request.options;
  std::string key = allocationKey(o, request.gpusNeeded);
  std::string cluster = clusterKey(o);
  auto log = [&](const std::string &line) {
    if (callbacks.onLog)
      callbacks.onLog(SlurmLine(), line);
  };
  {
    Registry registry;
    if (!registry.problem.empty())
      log("ompx: " + registry.problem);
    std::map<std::string, std::string> states = registry.prune(o, cluster);
    if (llvm::Error e = registry.save())
      log("ompx: " + llvm::toString(std::move(e)));
    for (const RegistryEntry &e : registry.entries)
      if (e.cluster == cluster && e.key == key) {
        const std::string &state = states[e.jobId];
        if (state != "RUNNING" && state != "PENDING" && state != "CONFIGURING")
          continue;
        if (callbacks.onStatus)
          callbacks.onStatus("reusing allocation " + e.jobId);
        return e.jobId;
      }
  } // The lock is not held while salloc waits in the queue.
  std::string problem;
  std::string salloc = findSlurmTool(o, "salloc", problem);
  if (salloc.empty())
    return llvm::createStringError(problem);
  std::vector<std::string> argv = {salloc, "--no-shell",
                                   "--job-name=" + request.jobName + "-alloc",
                                   "--nodes=1", "--ntasks=1"};
  resourceArguments(o, request.gpusNeeded, argv);
  // Kept between launches, but not for days: an hour (the partition's
  // maximum if lower) unless the user says otherwise.
  std::string time = o.time;
  if (time.empty())
    time = std::to_string(request.maxMinutes ? std::min(60u, request.maxMinutes)
                                             : 60u);
  argv.push_back("--time=" + time);
  llvm::append_range(argv, o.extraArgs);
  SlurmChild child{o, request.jobName + "-alloc", false, callbacks, true};
  std::string spawnError;
  ExitStatus status =
      child.run(argv, request.env, deadline, cancel, spawnError);
  if (!spawnError.empty())
    return llvm::createStringError(spawnError);
  if (child.stopped) {
    child.waitUntilGone();
    if (!child.hopeless.empty())
      return llvm::createStringError(child.hopeless);
    return llvm::createStringError(child.timedOut
                                       ? "timed out waiting for an allocation"
                                       : "cancelled waiting for an allocation");
  }
  bool granted = llvm::any_of(child.slurmLines, [](const SlurmLine &l) {
    return l.kind == SlurmLine::Allocated;
  });
  if (!status.success() || !granted || child.jobId.empty()) {
    std::string why = child.errors.empty() ? "salloc " + status.describe()
                                           : child.errors.back();
    for (const SlurmLine &l : child.slurmLines)
      if (l.kind == SlurmLine::AllocationFailed)
        why = "Slurm refused the allocation: " + l.detail;
    return llvm::createStringError(why);
  }
  Registry registry;
  registry.entries.push_back({child.jobId, key, cluster, int64_t(getpid())});
  if (llvm::Error e = registry.save()) {
    // Unrecorded, it could never be released by `slurm release`: give it
    // back now rather than leak it.
    slurmTool(o, "scancel", {child.jobId}, 5);
    return llvm::createStringError(
        "allocation " + child.jobId +
        " released again: " + llvm::toString(std::move(e)));
  }
  return child.jobId;
}

std::vector<SlurmAllocation>
ompx::pipeline::listSlurmAllocations(const SlurmOptions &options) {
  std::string cluster = clusterKey(options);
  Registry registry;
  registry.prune(options, cluster);
  llvm::consumeError(registry.save());
  std::vector<SlurmAllocation> list;
  for (const RegistryEntry &e : registry.entries)
    if (e.cluster == cluster)
      list.push_back({e.jobId, e.key});
  return list;
}

std::vector<std::string> ompx::pipeline::releaseSlurmAllocations(
    const SlurmOptions &options, bool onlyThisProcess, std::string &error) {
  std::string cluster = clusterKey(options);
  Registry registry;
  if (!registry.problem.empty())
    error = registry.problem;
  std::vector<std::string> released;
  llvm::erase_if(registry.entries, [&](const RegistryEntry &e) {
    if (e.cluster != cluster || (onlyThisProcess && e.pid != getpid()))
      return false;
    ToolRun r = slurmTool(options, "scancel", {e.jobId}, 5);
    // Released, or already ended; anything else keeps the entry (a
    // controller that does not answer has released nothing).
    if (r.exitCode == 0 || StringRef(r.output).contains("already completing") ||
        StringRef(r.output).contains("Invalid job id")) {
      released.push_back(e.jobId);
      return true;
    }
    error = "scancel " + e.jobId + ": " +
            (r.error.empty() ? firstLine(r.output) : r.error);
    return false;
  });
  if (llvm::Error e = registry.save())
    error = llvm::toString(std::move(e));
  return released;
}

//===----------------------------------------------------------------------===//
// Staging without a shared file system
//===----------------------------------------------------------------------===//

std::string ompx::pipeline::slurmJobName(StringRef inputPath) {
  std::string stem = path::filename(inputPath).split('.').first.str();
  llvm::erase_if(stem, [](char c) { return !llvm::isAlnum(c) && c != '_'; });
  return "ompx-" + (stem.empty() ? std::string("program") : stem) + "-" +
         llvm::utohexstr(llvm::sys::Process::GetRandomNumber() & 0xffffff,
                         true);
}

llvm::Error
ompx::pipeline::writeSelfExtractingBundle(StringRef bundleDir, StringRef out,
                                          const std::atomic<bool> *cancel) {
  auto tar = llvm::sys::findProgramByName("tar");
  if (!tar)
    return llvm::createStringError("--slurm-stage=sbcast needs tar");
  std::string tgz = out.str() + ".tgz";
  // gzip -1: a host-offload bundle is ~200 MB (libLLVM); xz -9 takes a
  // minute and a half for it, gzip -1 seconds, and every node has gzip.
  if (llvm::Error e = runToEnd({*tar, "-C", path::parent_path(bundleDir).str(),
                                "--use-compress-program=gzip -1", "-cf", tgz,
                                path::filename(bundleDir).str()},
                               std::nullopt, cancel))
    return e;
  auto payload = llvm::MemoryBuffer::getFile(tgz);
  fs::remove(tgz);
  if (!payload)
    return llvm::createStringError("cannot read " + tgz + ": " +
                                   payload.getError().message());
  std::string name = path::filename(bundleDir).str();
  // The header's length is in the header: fixed-width, patched below. The
  // node's TMPDIR may not exist there (srun exports the login node's).
  std::string header =
      "#!/bin/sh\n"
      "# ompx: a launch bundle that unpacks and runs itself on a node (srun\n"
      "# --bcast put it in node-local storage). Removes what it unpacked and\n"
      "# itself; ends as the program did.\n"
      "skip=@@@@@@@@@@\n"
      "d=\n"
      "cleanup() { [ -n \"$d\" ] && rm -rf \"$d\"; rm -f \"$0\"; }\n"
      "trap 'cleanup; exit 130' INT\n"
      "trap 'cleanup; exit 143' TERM\n"
      "d=$(mktemp -d \"${TMPDIR:-/tmp}/ompx-run.XXXXXX\" 2>/dev/null ||\n"
      "    mktemp -d /tmp/ompx-run.XXXXXX) ||\n"
      "  { echo \"ompx: no temporary folder on $(hostname)\" >&2; cleanup; "
      "exit 1; }\n"
      "tail -c +\"$skip\" \"$0\" | tar -xzf - -C \"$d\" || "
      "{ echo \"ompx: cannot unpack $0 into $d\" >&2; cleanup; exit 1; }\n"
      "\"$d\"/" +
      shellQuote(name + "/run.sh") +
      " \"$@\"\n"
      "rc=$?\n"
      "cleanup\n"
      "if [ \"$rc\" -gt 128 ] && [ \"$rc\" -lt 160 ]; then\n"
      "  trap - INT TERM\n"
      "  kill -s \"$(kill -l \"$rc\")\" $$\n"
      "fi\n"
      "exit \"$rc\"\n";
  size_t at = header.find("@@@@@@@@@@");
  std::string skip = std::to_string(header.size() + 1);
  skip.insert(0, 10 - skip.size(), '0');
  header.replace(at, 10, skip);
  std::error_code ec;
  llvm::raw_fd_ostream os(out, ec);
  if (ec)
    return llvm::createStringError("cannot write " + out + ": " + ec.message());
  os << header << (*payload)->getBuffer();
  os.close();
  if (os.has_error())
    return llvm::createStringError("cannot write " + out + ": " +
                                   os.error().message());
  fs::setPermissions(out, fs::owner_all | fs::group_read | fs::group_exe);
  return llvm::Error::success();
}
