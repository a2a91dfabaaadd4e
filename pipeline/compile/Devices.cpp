//===- Devices.cpp - Tools, devices and what is missing -------------------===//

#include "pipeline/compile/Devices.h"
#include "pipeline/compile/DeviceRuntime.h"
#include "support/JsonParse.h"
#include "support/Subprocess.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Object/Archive.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

#include <algorithm>
#include <chrono>
#include <set>
#include <unistd.h>

using namespace ompx::pipeline;
using llvm::StringRef;

namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;
using ompx::SpawnOptions;
using ompx::Subprocess;
using Clock = std::chrono::steady_clock;

ToolRun ompx::pipeline::runTool(StringRef program,
                                llvm::ArrayRef<std::string> args,
                                unsigned timeoutSeconds) {
  ToolRun run;
  // Pipes, not a temporary file: nothing is left in /tmp when this process
  // is killed, and nothing is readable by others meanwhile. The tool stays
  // in our process group, so killing a build child's group ends it too.
  SpawnOptions spawn;
  spawn.argv.push_back(program.str());
  llvm::append_range(spawn.argv, args);
  spawn.in = SpawnOptions::Stream::Null;
  spawn.stderrTailBytes = 0;
  auto proc = Subprocess::spawn(spawn);
  if (!proc) {
    run.error = llvm::toString(proc.takeError());
    return run;
  }
  auto collect = [&](StringRef data) { run.output.append(data); };
  std::optional<Clock::time_point> deadline;
  if (timeoutSeconds)
    deadline = Clock::now() + std::chrono::seconds(timeoutSeconds);
  Subprocess::Outcome outcome =
      (*proc)->run(deadline, /*cancel=*/nullptr, collect, collect);
  if (outcome.timedOut) {
    run.exitCode = -2;
    run.timedOut = true;
    run.error = "did not finish in " + std::to_string(timeoutSeconds) + " s";
  } else if (outcome.status.signaled) {
    run.exitCode = -2;
    run.error = program.str() + " " + outcome.status.describe();
  } else {
    run.exitCode = outcome.status.code;
  }
  return run;
}

/// `--version` output of `program`, cached per (path, size, mtime) in
/// ~/.cache/ompx (or $XDG_CACHE_HOME/ompx): spawning flang-22 just to read
/// its version costs ~0.15 s on every launch otherwise. A tool that changes
/// on disk is checked again.
static ToolRun versionOf(const std::string &program) {
  fs::file_status st;
  llvm::SmallString<256> cache;
  std::string key;
  if (!fs::status(program, st)) {
    if (const char *xdg = getenv("XDG_CACHE_HOME"); xdg && *xdg)
      cache = xdg;
    else if (const char *home = getenv("HOME"); home && *home)
      path::append(cache, home, ".cache");
    if (!cache.empty()) {
      path::append(cache, "ompx");
      fs::create_directories(cache);
      path::append(cache, "tool-versions.json");
      key = program + "|" + std::to_string(st.getSize()) + "|" +
            std::to_string(
                st.getLastModificationTime().time_since_epoch().count());
    }
  }
  llvm::json::Object entries;
  if (!key.empty())
    if (auto buf = llvm::MemoryBuffer::getFile(cache))
      if (auto v = ompx::parseJson((*buf)->getBuffer()))
        if (llvm::json::Object *o = v->getAsObject()) {
          entries = std::move(*o);
          if (auto hit = entries.getString(key)) {
            ToolRun run;
            run.exitCode = 0;
            run.output = hit->str();
            return run;
          }
        }
  ToolRun run = runTool(program, {"--version"}, 20);
  if (!key.empty() && (run.exitCode == 0 || !run.output.empty())) {
    entries[key] = run.output.substr(0, 1000);
    // Write then rename: concurrent launches never see half a file.
    std::string tmp = (cache + ".tmp" + std::to_string(getpid())).str();
    int fd;
    if (!fs::openFileForWrite(tmp, fd, fs::CD_CreateAlways, fs::OF_None,
                              /*Mode=*/0600)) {
      {
        llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
        os << llvm::json::Value(std::move(entries));
      }
      fs::rename(tmp, cache);
    }
  }
  return run;
}

Toolchain::Toolchain(std::string prefix) : llvmPrefix(std::move(prefix)) {
  if (llvmPrefix.empty())
    llvmPrefix = "/usr/lib/llvm-22";
}

/// Looks in the toolchain's bin/ first (unsuffixed names there), then PATH
/// and `extraDirs`, and accepts a tool only if `--version` mentions
/// `versionNeedle`.
Tool Toolchain::find(llvm::ArrayRef<std::string> names, StringRef versionNeedle,
                     llvm::ArrayRef<std::string> extraDirs) {
  Tool tool;
  llvm::SmallString<128> bin(llvmPrefix);
  path::append(bin, "bin");
  std::vector<StringRef> dirs{bin};
  std::string looked;
  for (const std::string &name : names) {
    std::string found;
    if (auto p = llvm::sys::findProgramByName(name, dirs))
      found = *p;
    else if (auto p = llvm::sys::findProgramByName(name))
      found = *p;
    else {
      std::vector<StringRef> extra(extraDirs.begin(), extraDirs.end());
      if (auto p = llvm::sys::findProgramByName(name, extra))
        found = *p;
    }
    if (found.empty())
      continue;
    ToolRun v = versionOf(found);
    if (v.exitCode != 0 && v.output.empty()) {
      looked += found + " (--version failed: " + v.error + ") ";
      continue;
    }
    if (!versionNeedle.empty() &&
        !StringRef(v.output).contains(versionNeedle)) {
      StringRef first = StringRef(v.output).trim().split('\n').first;
      looked += found + " is not the right version (" + first.str() +
                "; need " + versionNeedle.str() + ") ";
      continue;
    }
    tool.path = found;
    // The first line that says "version" (ptxas' first line is a banner).
    for (StringRef line : llvm::split(StringRef(v.output), '\n'))
      if (line.contains_insensitive("version") || line.contains(" V")) {
        tool.version = line.trim().str();
        break;
      }
    return tool;
  }
  tool.problem = names.front() + " not found";
  if (!looked.empty())
    tool.problem += ": " + StringRef(looked).trim().str();
  else
    tool.problem += " (looked in " + bin.str().str() + " and PATH)";
  return tool;
}

const Tool &Toolchain::flang() {
  if (!flangTool)
    flangTool = find({"flang-22", "flang"}, "version 22.");
  return *flangTool;
}
const Tool &Toolchain::clang() {
  if (!clangTool) {
    clangTool = find({"clang-22", "clang"}, "version 22.");
    if (!*clangTool)
      clangTool->problem += "; install the Debian package clang-22";
  }
  return *clangTool;
}
const Tool &Toolchain::linkerWrapper() {
  if (!wrapperTool)
    wrapperTool =
        find({"clang-linker-wrapper-22", "clang-linker-wrapper"}, "22.");
  return *wrapperTool;
}
const Tool &Toolchain::ldLld() {
  if (!lldTool) {
    lldTool = find({"ld.lld-22", "ld.lld"}, "LLD 22.");
    if (!*lldTool)
      lldTool->problem += "; install the Debian package lld-22";
  }
  return *lldTool;
}
const Tool &Toolchain::ptxas() {
  if (!ptxasTool) {
    ptxasTool = find({"ptxas"}, "", {"/usr/local/cuda/bin"});
    if (!*ptxasTool)
      ptxasTool->problem += "; install the CUDA toolkit (ptxas, nvlink)";
  }
  return *ptxasTool;
}
const Tool &Toolchain::nvlink() {
  if (!nvlinkTool) {
    nvlinkTool = find({"nvlink"}, "", {"/usr/local/cuda/bin"});
    if (!*nvlinkTool)
      nvlinkTool->problem += "; install the CUDA toolkit (ptxas, nvlink)";
  }
  return *nvlinkTool;
}

std::string Toolchain::libompDir(const std::string &workDir,
                                 std::string &problem) {
  const char *candidates[] = {"/usr/lib/x86_64-linux-gnu/libomp.so.5",
                              "/usr/lib/llvm-22/lib/libomp.so.5",
                              "/usr/lib/llvm-19/lib/libomp.so.5"};
  if (ownLibomp())
    return ompxRuntimeDir("llvm-19");
  llvm::SmallString<128> own(llvmPrefix);
  path::append(own, "lib", "libomp.so");
  if (fs::exists(own))
    return ""; // the toolchain's own -L finds it
  for (const char *c : candidates) {
    if (!fs::exists(c))
      continue;
    llvm::SmallString<128> dir(workDir);
    path::append(dir, "libomp");
    fs::create_directories(dir);
    llvm::SmallString<128> link(dir);
    path::append(link, "libomp.so");
    fs::remove(link);
    if (std::error_code ec = fs::create_link(c, link)) {
      problem = "cannot create " + link.str().str() + ": " + ec.message();
      return "";
    }
    return dir.str().str();
  }
  problem = "the host OpenMP runtime libomp.so.5 was not found; run ompx's "
            "scripts/setup.sh (it unpacks libomp5-19, which liboffload-22 is "
            "built against, into ompx's own folder)";
  return "";
}

std::string Toolchain::offloadLibDir(std::string &problem) {
  std::string ours = ompxRuntimeDir("llvm-22");
  if (!ours.empty() && fs::exists(ours + "/libomptarget.so"))
    return ours;
  std::string lib = llvmPrefix + "/lib";
  if (fs::exists(lib + "/libomptarget.so"))
    return lib;
  problem = "libomptarget 22 was not found in ompx's folder or " + lib +
            "; run ompx's scripts/setup.sh (it unpacks liboffload-22 into "
            "ompx's own folder: installed system-wide, it would remove "
            "libomp-dev)";
  return "";
}

bool Toolchain::ownLibomp() {
  std::string ours = ompxRuntimeDir("llvm-19");
  if (ours.empty() || !fs::exists(ours + "/libomp.so"))
    return false;
  for (std::string system : {llvmPrefix + "/lib/libomp.so",
                             std::string("/usr/lib/x86_64-linux-gnu/libomp.so"),
                             std::string("/lib/x86_64-linux-gnu/libomp.so")})
    if (fs::exists(system))
      return false;
  return true;
}

std::vector<std::string> Toolchain::runtimeRunPaths() {
  std::vector<std::string> args;
  std::string offload = ompxRuntimeDir("llvm-22");
  if (!offload.empty())
    args.push_back("-Wl,-rpath," + offload);
  if (ownLibomp())
    args.push_back("-Wl,-rpath," + ompxRuntimeDir("llvm-19"));
  return args;
}

GpuProbe ompx::pipeline::probeGpus(Toolchain &tools, DeviceKind kind) {
  GpuProbe probe;
  StringRef name = kind == DeviceKind::NVPTX ? "nvptx-arch" : "amdgpu-arch";
  llvm::SmallString<128> bin(tools.prefix());
  path::append(bin, "bin");
  std::string program;
  for (std::string n :
       {name.str() + "-22", name.str(), std::string("offload-arch")}) {
    if (auto p = llvm::sys::findProgramByName(n, {StringRef(bin)})) {
      program = *p;
      break;
    }
    if (auto p = llvm::sys::findProgramByName(n)) {
      program = *p;
      break;
    }
  }
  if (program.empty()) {
    probe.why = (name + " not found (package clang-tools-22)").str();
    return probe;
  }
  ToolRun run = runTool(program, {"--verbose"}, 20);
  for (StringRef line : llvm::split(StringRef(run.output), '\n')) {
    line = line.trim();
    if (line.starts_with("sm_") || line.starts_with("gfx"))
      probe.archs.push_back(line.str());
  }
  if (probe.archs.empty()) {
    std::string detail = StringRef(run.output).trim().str();
    std::replace(detail.begin(), detail.end(), '\n', ' ');
    probe.why = "no " +
                std::string(kind == DeviceKind::NVPTX ? "NVIDIA" : "AMD") +
                " GPU visible (" + path::filename(program).str() +
                (detail.empty() ? " found none" : ": " + detail) + ")";
  }
  return probe;
}

/// True if the archive's symbol table (bitcode members included) defines
/// every one of `symbols`.
static bool archiveDefines(StringRef file, llvm::ArrayRef<StringRef> symbols,
                           std::string &missing) {
  auto buf = llvm::MemoryBuffer::getFile(file);
  if (!buf) {
    missing = "cannot read " + file.str();
    return false;
  }
  auto archive = llvm::object::Archive::create((*buf)->getMemBufferRef());
  if (!archive) {
    missing = file.str() +
              " is not an archive: " + llvm::toString(archive.takeError());
    return false;
  }
  std::set<std::string> defined;
  for (const llvm::object::Archive::Symbol &sym : (*archive)->symbols())
    defined.insert(sym.getName().str());
  for (StringRef s : symbols)
    if (!defined.count(s.str()))
      missing += (missing.empty() ? "" : ", ") + s.str();
  return missing.empty();
}

std::string ompx::pipeline::findDeviceRuntime(Toolchain &tools,
                                              StringRef triple,
                                              StringRef userDir,
                                              std::string &problem) {
  std::vector<std::string> dirs;
  auto addOnce = [&](std::string d) {
    if (!llvm::is_contained(dirs, d))
      dirs.push_back(std::move(d));
  };
  auto addDir = [&](StringRef d) {
    if (d.empty())
      return;
    if (d != tools.prefix())
      addOnce(d.str());
    llvm::SmallString<128> sub(d);
    path::append(sub, triple);
    if (d != tools.prefix())
      addOnce(sub.str().str());
    llvm::SmallString<128> lib(d);
    path::append(lib, "lib", triple);
    addOnce(lib.str().str());
  };
  addDir(userDir);
  if (userDir.empty()) {
    addDir(tools.prefix()); // checks <prefix>/lib/<triple>
    // LIBRARY_PATH folders of the other GPU vendor (CUDA's for AMD, ROCm's
    // for NVIDIA) cannot hold this triple's runtime: a libompdevice.a there
    // is the other one, whose symbols would pass the check below.
    bool amd = triple.starts_with("amdgcn");
    if (const char *lp = getenv("LIBRARY_PATH"))
      for (StringRef d : llvm::split(lp, ':')) {
        std::string lower = d.lower();
        StringRef l(lower);
        if (amd ? (l.contains("cuda") || l.contains("nvptx") ||
                   l.contains("nvidia"))
                : (l.contains("rocm") || l.contains("amdgcn") ||
                   l.contains("/hip")))
          continue;
        addDir(d);
      }
  }
  std::string rejected;
  for (const std::string &d : dirs) {
    llvm::SmallString<128> file(d);
    path::append(file, "libompdevice.a");
    if (!fs::exists(file))
      continue;
    std::string missing;
    if (archiveDefines(file, {"__kmpc_target_init", "__kmpc_parallel_60"},
                       missing))
      return d;
    rejected += " " + file.str().str() + " lacks " + missing +
                " (not an LLVM 22 device runtime);";
  }
  // Each searched folder once; `devices` shows this only for an explicit
  // --device-runtime (without one, LLVM 19's runtime is the fallback).
  problem = "no LLVM 22 device runtime for " + triple.str() +
            " (libompdevice.a with __kmpc_parallel_60) in " +
            llvm::join(dirs, ", ") + ";" + rejected +
            " pass --device-runtime=<LLVM 22 prefix>/lib/" + triple.str();
  return "";
}

static const char *gpuTriple(DeviceKind kind) {
  return kind == DeviceKind::NVPTX ? "nvptx64-nvidia-cuda"
                                   : "amdgcn-amd-amdhsa";
}

std::vector<DeviceInfo> ompx::pipeline::listDevices(Toolchain &tools,
                                                    StringRef runtimeDir) {
  std::vector<DeviceInfo> out;
  const Tool &flang = tools.flang();
  std::string problem;
  {
    DeviceInfo host;
    host.id = "host";
    host.kind = DeviceKind::Host;
    host.arch = "x86_64";
    host.description = "the host CPU; target regions run on the host (no "
                       "offloading), OpenACC through host fallback";
    host.available = bool(flang);
    if (!flang)
      host.reason = flang.problem;
    out.push_back(host);
  }
  std::string devrt = hostDeviceRuntimeObject();
  for (int i = 0; i < kHostOffloadDevices; ++i) {
    DeviceInfo d;
    d.id = "host-offload:" + std::to_string(i);
    d.kind = DeviceKind::HostOffload;
    d.arch = "x86_64";
    d.description = "libomptarget 22 x86_64 host plugin device " +
                    std::to_string(i) +
                    ": real data mapping and kernel launch, serial ompx "
                    "device runtime (1 team, 1 thread); OpenMP, and OpenACC "
                    "through acc-to-omp";
    std::vector<std::string> why;
    if (!flang)
      why.push_back(flang.problem);
    if (!tools.linkerWrapper())
      why.push_back(tools.linkerWrapper().problem);
    if (devrt.empty())
      why.push_back("the ompx x86_64 device runtime object was not built");
    d.available = why.empty();
    d.reason = llvm::join(why, "; ");
    out.push_back(d);
  }
  for (DeviceKind kind : {DeviceKind::NVPTX, DeviceKind::AMDGPU}) {
    GpuProbe probe = probeGpus(tools, kind);
    // `why` blocks the device; `notes` only inform.
    std::vector<std::string> why, notes;
    std::string defaultArch =
        probe.archs.empty() ? (kind == DeviceKind::NVPTX ? "sm_90" : "gfx90a")
                            : probe.archs.front();
    std::string rtProblem, rt22Problem;
    std::string llvm22Dir =
        findDeviceRuntime(tools, gpuTriple(kind), runtimeDir, rt22Problem);
    GpuRuntime runtime;
    // Reasons are short, each said once: a missing LLVM 22 runtime matters
    // only when asked for (--device-runtime); otherwise LLVM 19's runtime is
    // used, and only its absence is a reason.
    if (llvm22Dir.empty() && !runtimeDir.empty())
      why.push_back(rt22Problem);
    else
      runtime = resolveGpuRuntime(gpuTriple(kind), defaultArch, llvm22Dir,
                                  rtProblem);
    if (runtime.kind == GpuRuntime::Kind::None && !rtProblem.empty())
      why.push_back(rtProblem);
    if (kind == DeviceKind::NVPTX) {
      if (!tools.ptxas())
        why.push_back(tools.ptxas().problem);
    } else if (!tools.ldLld()) {
      why.push_back(tools.ldLld().problem);
    }
    std::string runtimeText =
        runtime.kind == GpuRuntime::Kind::None
            ? ""
            : "; device runtime: " + runtime.label;
    size_t n = std::max<size_t>(probe.archs.size(), 1);
    for (size_t i = 0; i < n; ++i) {
      DeviceInfo d;
      d.kind = kind;
      d.id = std::string(deviceKindName(kind)) + ":" + std::to_string(i);
      std::vector<std::string> reasons = why;
      if (probe.archs.empty()) {
        reasons.insert(reasons.begin(), probe.why);
        d.arch = defaultArch;
        d.description =
            std::string(kind == DeviceKind::NVPTX ? "NVIDIA" : "AMD") +
            " GPU (none detected; builds for " + d.arch + ")" + runtimeText;
      } else {
        d.arch = probe.archs[i];
        d.description =
            std::string(kind == DeviceKind::NVPTX ? "NVIDIA" : "AMD") +
            " GPU " + std::to_string(i) + " (" + d.arch + ")" + runtimeText;
      }
      d.available = reasons.empty();
      reasons.insert(reasons.end(), notes.begin(), notes.end());
      d.reason = llvm::join(reasons, "; ");
      out.push_back(d);
    }
  }
  return out;
}

llvm::json::Value ompx::pipeline::toJSON(const DeviceInfo &info) {
  llvm::json::Object o{{"id", info.id},
                       {"kind", deviceKindName(info.kind)},
                       {"available", info.available},
                       {"description", info.description}};
  if (!info.reason.empty())
    o["reason"] = info.reason;
  if (!info.arch.empty())
    o["arch"] = info.arch;
  return o;
}

std::string ompx::pipeline::hostDeviceRuntimeObject() {
  if (const char *env = getenv("OMPX_HOST_DEVICE_RUNTIME"))
    return fs::exists(env) ? env : "";
  return ompxLibraryFile("ompx-host-devrt.o");
}

std::string ompx::pipeline::observerTool() {
  return ompxLibraryFile("libompx-observe.so");
}

std::string ompx::pipeline::cudaSetupObject() {
  return ompxLibraryFile("ompx-cuda-setup.o");
}
