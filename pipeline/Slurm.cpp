//===- Slurm.cpp - Run a launch's program on a cluster node --------------===//

#include "pipeline/Slurm.h"

using namespace ompx::pipeline;
using llvm::StringRef;

const char *ompx::pipeline::launcherName(LauncherKind kind) {
  return kind == LauncherKind::Slurm ? "slurm" : "local";
}

std::optional<LauncherKind> ompx::pipeline::parseLauncher(StringRef text) {
  if (text == "local")
    return LauncherKind::Local;
  if (text == "slurm")
    return LauncherKind::Slurm;
  return std::nullopt;
}

const char *ompx::pipeline::stagingName(SlurmOptions::Staging staging) {
  return staging == SlurmOptions::Staging::Sbcast ? "sbcast" : "shared";
}

const char *
ompx::pipeline::allocationName(SlurmOptions::Allocation allocation) {
  return allocation == SlurmOptions::Allocation::Reuse ? "reuse" : "new";
}

std::optional<SlurmOptions::Staging>
ompx::pipeline::parseStaging(StringRef text) {
  if (text == "shared")
    return SlurmOptions::Staging::Shared;
  if (text == "sbcast")
    return SlurmOptions::Staging::Sbcast;
  return std::nullopt;
}

std::optional<SlurmOptions::Allocation>
ompx::pipeline::parseAllocation(StringRef text) {
  if (text == "new")
    return SlurmOptions::Allocation::New;
  if (text == "reuse")
    return SlurmOptions::Allocation::Reuse;
  return std::nullopt;
}

// TODO(issue 17, in progress on main): the cluster calls below.
SlurmInfo ompx::pipeline::querySlurm(const SlurmOptions &) {
  SlurmInfo info;
  info.message = "not implemented yet";
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
                       {"partitions", std::move(partitions)}};
  if (!info.message.empty())
    o["message"] = info.message;
  if (!info.cluster.empty())
    o["cluster"] = info.cluster;
  return o;
}

std::string ompx::pipeline::offloadArchForGresType(StringRef) { return ""; }

std::vector<SlurmAllocation>
ompx::pipeline::listSlurmAllocations(const SlurmOptions &) {
  return {};
}

std::vector<std::string>
ompx::pipeline::releaseSlurmAllocations(const SlurmOptions &, bool,
                                        std::string &error) {
  error = "not implemented yet";
  return {};
}
