//===- BuildProtocol.cpp - The launcher <-> build child contract ----------===//

#include "pipeline/launch/BuildProtocol.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace ompx::pipeline;
using llvm::StringRef;
namespace path = llvm::sys::path;

llvm::json::Value ompx::pipeline::toJSON(const BuildPlan &p) {
  const CompileJob &j = p.job;
  return llvm::json::Object{
      {"inputPath", j.inputPath},
      {"device", int(j.device)},
      {"deviceTriple", j.deviceTriple},
      {"deviceArch", j.deviceArch},
      {"workDir", j.workDir},
      {"ptxas", j.ptxas},
      {"ldLld", j.ldLld},
      {"gpuRuntime", llvm::json::Object{{"kind", int(j.gpuRuntime.kind)},
                                        {"label", j.gpuRuntime.label},
                                        {"bitcode", j.gpuRuntime.bitcode},
                                        {"archive", j.gpuRuntime.archive},
                                        {"fortran", j.gpuRuntime.fortran}}},
      {"hostDevRuntime", j.hostDevRuntime},
      {"mapCheck", j.mapCheck},
      {"mapWatches", j.mapWatches},
      {"profile", j.profile},
      {"snapshots", llvm::json::Object{{"compileOnly", j.snapshots.compileOnly},
                                       {"dir", j.snapshots.dir},
                                       {"everyPass", j.snapshots.everyPass}}},
      {"cudaSetup", j.cudaSetup},
      {"optLevel", optLevelName(j.optLevel)},
      {"flang", p.flang},
      {"libompDir", p.libompDir},
      {"llvmLibDir", p.llvmLibDir},
      {"offloadLibDir", p.offloadLibDir},
      {"runPaths", p.runPaths},
      {"useLld", p.useLld},
      {"missing", p.missing},
      {"executable", p.executable},
      {"deviceIndex", p.deviceIndex},
      {"drivers", p.drivers},
      {"driversGiven", p.driversGiven},
      {"driverFlags", p.driverFlags},
      {"projectRoots", p.projectRoots},
      {"clang", p.clang},
      {"includeDir", p.includeDir},
      {"inputSize", int64_t(j.inputText.size())}};
}

bool ompx::pipeline::fromJSON(const llvm::json::Value &v, BuildPlan &p,
                              llvm::json::Path path) {
  llvm::json::ObjectMapper o(v, path);
  CompileJob &j = p.job;
  int device = 0, runtimeKind = 0;
  std::string optLevel;
  const llvm::json::Object *obj = v.getAsObject();
  const llvm::json::Value *runtime = obj ? obj->get("gpuRuntime") : nullptr;
  if (!runtime) {
    path.field("gpuRuntime").report("missing");
    return false;
  }
  llvm::json::ObjectMapper rt(*runtime, path.field("gpuRuntime"));
  bool ok =
      o && o.map("inputPath", j.inputPath) && o.map("device", device) &&
      o.map("deviceTriple", j.deviceTriple) &&
      o.map("deviceArch", j.deviceArch) && o.map("workDir", j.workDir) &&
      o.map("ptxas", j.ptxas) && o.map("ldLld", j.ldLld) && rt &&
      rt.map("kind", runtimeKind) && rt.map("label", j.gpuRuntime.label) &&
      rt.map("bitcode", j.gpuRuntime.bitcode) &&
      rt.map("archive", j.gpuRuntime.archive) &&
      rt.mapOptional("fortran", j.gpuRuntime.fortran) &&
      o.map("hostDevRuntime", j.hostDevRuntime) &&
      o.mapOptional("mapCheck", j.mapCheck) &&
      o.mapOptional("mapWatches", j.mapWatches) &&
      o.mapOptional("profile", j.profile) && o.map("cudaSetup", j.cudaSetup) &&
      o.map("optLevel", optLevel) && o.map("flang", p.flang) &&
      o.map("libompDir", p.libompDir) && o.map("llvmLibDir", p.llvmLibDir) &&
      o.map("offloadLibDir", p.offloadLibDir) &&
      o.map("runPaths", p.runPaths) && o.map("useLld", p.useLld) &&
      o.map("missing", p.missing) && o.map("executable", p.executable) &&
      o.map("deviceIndex", p.deviceIndex) && o.map("drivers", p.drivers) &&
      o.map("driversGiven", p.driversGiven) &&
      o.mapOptional("driverFlags", p.driverFlags) &&
      o.mapOptional("projectRoots", p.projectRoots) &&
      o.map("clang", p.clang) && o.map("includeDir", p.includeDir);
  j.device = DeviceKind(device);
  j.gpuRuntime.kind = GpuRuntime::Kind(runtimeKind);
  if (!ok)
    return false;
  if (const llvm::json::Value *snap = obj->get("snapshots")) {
    llvm::json::ObjectMapper sm(*snap, path.field("snapshots"));
    if (!(sm && sm.map("compileOnly", j.snapshots.compileOnly) &&
          sm.map("dir", j.snapshots.dir) &&
          sm.map("everyPass", j.snapshots.everyPass)))
      return false;
  }
  std::optional<OptLevel> level = parseOptLevel(optLevel);
  if (!level) {
    path.field("optLevel").report("not an optimization level (0 to 3)");
    return false;
  }
  j.optLevel = *level;
  return true;
}

std::string ompx::pipeline::encodeBuildPlanLine(const BuildPlan &plan) {
  std::string line;
  llvm::raw_string_ostream(line) << toJSON(plan) << "\n";
  return line;
}

bool ompx::pipeline::decodeBuildInput(StringRef input, BuildPlan &plan) {
  auto [header, text] = input.split('\n');
  auto parsed = llvm::json::parse(header);
  llvm::json::Path::Root root("build plan");
  if (!parsed) {
    llvm::consumeError(parsed.takeError());
    return false;
  }
  if (!fromJSON(*parsed, plan, root))
    return false;
  plan.job.inputText = text.str();
  return true;
}

std::string ompx::pipeline::encodeBuildEvent(const BuildEvent &e) {
  llvm::json::Object o;
  switch (e.kind) {
  case BuildEvent::Kind::Stage:
    o = llvm::json::Object{
        {"t", "stage"}, {"stage", int(e.stage)}, {"msg", e.message}};
    break;
  case BuildEvent::Kind::Log:
    o = llvm::json::Object{{"t", "log"}, {"msg", e.message}};
    break;
  case BuildEvent::Kind::Done:
    o = llvm::json::Object{{"t", "done"},
                           {"ok", e.ok},
                           {"stage", int(e.stage)},
                           {"msg", e.message}};
    if (e.location) {
      o["file"] = e.location->file;
      o["line"] = int64_t(e.location->line);
      o["col"] = int64_t(e.location->column);
    }
    break;
  }
  std::string line;
  llvm::raw_string_ostream(line) << llvm::json::Value(std::move(o)) << "\n";
  return line;
}

std::optional<BuildEvent> ompx::pipeline::decodeBuildEvent(StringRef line) {
  auto v = llvm::json::parse(line);
  if (!v) {
    llvm::consumeError(v.takeError());
    return std::nullopt;
  }
  const llvm::json::Object *o = v->getAsObject();
  if (!o)
    return std::nullopt;
  BuildEvent e;
  StringRef t = o->getString("t").value_or("");
  if (t == "stage")
    e.kind = BuildEvent::Kind::Stage;
  else if (t == "log")
    e.kind = BuildEvent::Kind::Log;
  else if (t == "done")
    e.kind = BuildEvent::Kind::Done;
  else
    return std::nullopt;
  e.stage = Stage(o->getInteger("stage").value_or(0));
  e.message = o->getString("msg").value_or("").str();
  e.ok = o->getBoolean("ok").value_or(false);
  if (auto file = o->getString("file"))
    e.location =
        SourceLocation{file->str(), unsigned(o->getInteger("line").value_or(0)),
                       unsigned(o->getInteger("col").value_or(0))};
  return e;
}

std::vector<BuildEvent> BuildEventReader::feed(StringRef data) {
  pending.append(data.data(), data.size());
  std::vector<BuildEvent> events;
  size_t nl;
  while ((nl = pending.find('\n')) != std::string::npos) {
    if (std::optional<BuildEvent> e =
            decodeBuildEvent(StringRef(pending).take_front(nl)))
      events.push_back(std::move(*e));
    pending.erase(0, nl + 1);
  }
  return events;
}

DriverKind ompx::pipeline::driverKind(StringRef file) {
  StringRef ext = path::extension(file);
  if (llvm::is_contained({".f90", ".F90", ".f", ".F", ".f95", ".F95", ".f03",
                          ".F03", ".f08", ".F08", ".for", ".ftn"},
                         ext))
    return DriverKind::Fortran;
  if (ext == ".c")
    return DriverKind::C;
  if (ext == ".o" || ext == ".a" || ext == ".so")
    return DriverKind::Object;
  return DriverKind::Unknown;
}

std::string ompx::pipeline::sidecarStem(StringRef input) {
  StringRef name = path::filename(input);
  llvm::SmallString<256> stem(path::parent_path(input));
  path::append(stem, name.split('.').first);
  return stem.str().str();
}
