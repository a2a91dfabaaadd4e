//===- Slurm.cpp - Fuzz target: what srun, salloc and sinfo print --------===//
//
// The input is what Slurm's tools printed (a site's srun may print anything,
// and the program's stderr arrives on the same stream): each line through
// parseSlurmLine, slurmMinutes and offloadArchForGresType, with their
// contracts checked: only srun's, salloc's and slurmstepd's own lines are
// Slurm's; a job id is digits (a step's: digits.digits); an architecture is
// sm_* or gfx*; srun's arguments keep the command last and in order.
//
//===----------------------------------------------------------------------===//

#include "fuzz/FuzzTargets.h"

#include "pipeline/launch/Slurm.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"

using namespace ompx::pipeline;
using llvm::StringRef;
using ompx::fuzz::check;

static bool isJobId(StringRef id, bool step) {
  if (step) {
    auto [job, stepId] = id.split('.');
    return !job.empty() && !stepId.empty() &&
           llvm::all_of(job, llvm::isDigit) &&
           llvm::all_of(stepId, llvm::isDigit);
  }
  return llvm::all_of(id, llvm::isDigit);
}

int ompx::fuzz::slurm(const uint8_t *data, size_t size) {
  StringRef input(reinterpret_cast<const char *>(data), size);
  for (StringRef line : llvm::split(input, '\n')) {
    SlurmLine l = parseSlurmLine(line);
    bool own = line.starts_with("srun: ") || line.starts_with("salloc: ") ||
               line.starts_with("slurmstepd");
    check((l.kind != SlurmLine::NotSlurm) == own,
          "only srun's, salloc's and slurmstepd's lines are Slurm's");
    check(isJobId(l.jobId, l.kind == SlurmLine::StepLaunched),
          "a job id is digits, a step's digits.digits");
    if (l.kind == SlurmLine::TaskExited)
      check(l.code >= 0, "an exit code is not negative");
    check(line.contains(l.detail), "a detail is a part of its line");

    std::string arch = offloadArchForGresType(line);
    check(arch.empty() || StringRef(arch).starts_with("sm_") ||
              StringRef(arch).starts_with("gfx"),
          "an architecture is sm_* or gfx*");
    (void)slurmMinutes(line);

    // The line as options and a command: srun's arguments keep the command
    // last and the user's options before it, whatever they hold.
    SlurmRunRequest r;
    r.jobName = "ompx-fuzz-1";
    r.options.partition = line.str();
    r.options.extraArgs = {line.str()};
    r.command = {"run.sh", line.str()};
    std::vector<std::string> args = srunArguments(r);
    check(args.size() >= 3 && args.back() == line &&
              args[args.size() - 2] == "run.sh" &&
              args[args.size() - 3] == line,
          "srun's arguments end with the extra ones, then the command");
    check(args.front() == "--job-name=ompx-fuzz-1",
          "srun's arguments start with the job name");
  }
  return 0;
}
