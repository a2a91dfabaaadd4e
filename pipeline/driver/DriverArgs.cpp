//===- DriverArgs.cpp - A flang-22 command line, read for offload ---------===//

#include "pipeline/driver/DriverArgs.h"
#include "pipeline/compile/FlangCommand.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

using namespace ompx::pipeline;
using llvm::StringRef;

/// flang-22 flags whose value is the next argument when written apart.
static bool takesValue(StringRef flag) {
  static const char *const flags[] = {"-o",
                                      "-I",
                                      "-J",
                                      "-D",
                                      "-U",
                                      "-L",
                                      "-l",
                                      "-x",
                                      "-module-dir",
                                      "-Xlinker",
                                      "-Xflang",
                                      "-mmlir",
                                      "-mllvm",
                                      "-include",
                                      "-MF",
                                      "-MT",
                                      "-MQ",
                                      "-isystem",
                                      "-target",
                                      "-resource-dir",
                                      "-fintrinsic-modules-path",
                                      "-z",
                                      "-Xclang",
                                      "-Xassembler"};
  return llvm::is_contained(flags, flag);
}

/// Flags that make flang-22 produce something other than an object or a
/// program, or only print.
static bool isPassThrough(StringRef arg) {
  return llvm::is_contained({"-E", "-S", "-fsyntax-only", "-###", "--version",
                             "-help", "--help", "-M", "-MM", "-cpp-only"},
                            arg) ||
         arg.starts_with("-emit-") || arg.starts_with("-print-") ||
         arg.starts_with("--print-") || arg.starts_with("-dump");
}

/// Link-only flags dropped from a unit's compile (flang warns about them).
static bool isLinkOnly(StringRef arg) {
  return arg.starts_with("-l") || arg.starts_with("-L") ||
         arg.starts_with("-Wl,") || arg == "-Xlinker" || arg == "-shared" ||
         arg == "-static" || arg == "-rdynamic" || arg == "-z";
}

/// Offload flags ompx reads itself; nullopt for other arguments, an error
/// for offload flags it does not implement.
static bool readOffloadFlag(llvm::ArrayRef<std::string> argv, size_t &i,
                            DriverArgs &out, std::string &error) {
  StringRef arg = argv[i];
  auto list = [](StringRef value, std::vector<std::string> &into) {
    for (StringRef item : llvm::split(value, ','))
      if (!item.trim().empty())
        into.push_back(item.trim().str());
  };
  if (arg.consume_front("-fopenmp-targets=")) {
    list(arg, out.offloadTriples);
    return true;
  }
  if (arg == "-fompx-check-maps") {
    out.checkMaps = true;
    return true;
  }
  if (arg.consume_front("--offload-arch=")) {
    list(arg, out.offloadArchs);
    return true;
  }
  if (arg == "--offload-arch") {
    if (i + 1 >= argv.size()) {
      error = "--offload-arch needs a value (sm_90, gfx90a, ...)";
      return true;
    }
    list(argv[++i], out.offloadArchs);
    return true;
  }
  if (arg.starts_with("-fopenmp-target") || arg.starts_with("--offload") ||
      arg.starts_with("-foffload") || arg.starts_with("-Xopenmp-target") ||
      arg.starts_with("--no-offload") || arg == "-fopenmp-offload-mandatory" ||
      arg.starts_with("-fopenmp-is-target-device") ||
      arg.starts_with("--cuda-") || arg.starts_with("-fcuda")) {
    error = "'" + argv[i] +
            "' is not supported by ompx-flang: it offloads through its own "
            "device build; give only -fopenmp-targets=TRIPLE and/or "
            "--offload-arch=ARCH (docs/projects.md)";
    return true;
  }
  return false;
}

/// -O0..-O3 (-O: 1; -Os, -Oz: 2; -Ofast: 3, as flang takes them).
static OptLevel optLevelOf(StringRef level) {
  if (level.empty() || level == "fast")
    return level.empty() ? OptLevel::O1 : OptLevel::O3;
  if (level == "s" || level == "z")
    return OptLevel::O2;
  unsigned n = 0;
  if (level.getAsInteger(10, n))
    return OptLevel::O0;
  // O0..O3 are 0..3.
  return static_cast<OptLevel>(std::min(n, 3u));
}

std::optional<DriverArgs>
ompx::pipeline::parseDriverArgs(llvm::ArrayRef<std::string> argv,
                                std::string &error) {
  DriverArgs out;
  for (size_t i = 0; i < argv.size(); ++i) {
    StringRef arg = argv[i];
    if (readOffloadFlag(argv, i, out, error)) {
      if (!error.empty())
        return std::nullopt;
      continue;
    }
    out.args.push_back(argv[i]);
    if (takesValue(arg) && i + 1 < argv.size()) {
      if (arg == "-o")
        out.output = argv[i + 1];
      out.args.push_back(argv[++i]);
      continue;
    }
    if (arg.starts_with("-o") && arg.size() > 2)
      out.output = arg.drop_front(2).str();
    else if (arg == "-c")
      out.compileOnly = true;
    else if (arg == "-v")
      out.verbose = true;
    else if (arg == "-fopenmp" || arg.starts_with("-fopenmp="))
      out.openmp = true;
    else if (arg == "-fopenacc")
      out.openacc = true;
    else if (arg.starts_with("-O"))
      out.optLevel = optLevelOf(arg.drop_front(2));
    else if (isPassThrough(arg))
      out.passThrough = true;
    else if (!arg.starts_with("-") && isFortranSource(arg))
      out.sources.push_back(out.args.size() - 1);
  }
  // The checked passes watch what a kernel does to host-offload's device
  // copies, which are host memory the checker poisons and reads; a GPU's
  // are not. A link of checked objects needs no target.
  bool gpu = !out.offloadArchs.empty() ||
             llvm::any_of(out.offloadTriples, [](StringRef t) {
               return kindOfTriple(t) != DeviceKind::HostOffload;
             });
  if (out.checkMaps && !out.passThrough &&
      (gpu || (!out.offload() && !out.sources.empty()))) {
    error = "-fompx-check-maps builds a program for a checked launch on "
            "host-offload (`ompx-lsp launch --program=EXE --check-maps`): "
            "compile with -fopenmp-targets=x86_64-pc-linux-gnu as the only "
            "offload target";
    return std::nullopt;
  }
  return out;
}

std::vector<std::string> DriverArgs::includeDirs() const {
  std::vector<std::string> dirs;
  for (size_t i = 0; i < args.size(); ++i) {
    StringRef arg = args[i];
    if (arg == "-I" && i + 1 < args.size())
      dirs.push_back(args[++i]);
    else if (arg.starts_with("-I") && arg.size() > 2)
      dirs.push_back(arg.drop_front(2).str());
  }
  return dirs;
}

std::vector<std::string> DriverArgs::compileArgs(size_t index,
                                                 StringRef object) const {
  std::vector<std::string> result;
  for (size_t i = 0; i < args.size(); ++i) {
    StringRef arg = args[i];
    bool separateValue = takesValue(arg) && i + 1 < args.size();
    if (arg == "-o" || arg == "-c" || (arg.starts_with("-o") && !separateValue))
      i += separateValue;
    else if (isLinkOnly(arg))
      i += separateValue;
    else if (separateValue)
      result.insert(result.end(), {args[i], args[++i]});
    else if (arg.starts_with("-") || i == sources[index])
      result.push_back(args[i]);
    // Other sources are compiled on their own; objects and libraries are
    // the link's.
  }
  result.insert(result.end(), {"-c", "-o", object.str()});
  return result;
}

/// What an --offload-arch names.
static std::optional<DeviceKind> kindOfArch(StringRef arch) {
  if (arch.starts_with("sm_"))
    return DeviceKind::NVPTX;
  if (arch.starts_with("gfx"))
    return DeviceKind::AMDGPU;
  return std::nullopt;
}

std::optional<DeviceKind> ompx::pipeline::kindOfTriple(StringRef triple) {
  if (triple.starts_with("x86_64"))
    return DeviceKind::HostOffload;
  if (triple.starts_with("nvptx64"))
    return DeviceKind::NVPTX;
  if (triple.starts_with("amdgcn"))
    return DeviceKind::AMDGPU;
  return std::nullopt;
}

OffloadTarget ompx::pipeline::offloadTargetOf(const DeviceTarget &unit) {
  OffloadTarget target;
  target.triple = unit.triple;
  target.arch = unit.arch;
  target.kind = kindOfTriple(unit.triple).value_or(DeviceKind::HostOffload);
  return target;
}

static const char *defaultTriple(DeviceKind kind) {
  return kind == DeviceKind::HostOffload ? "x86_64-pc-linux-gnu"
         : kind == DeviceKind::NVPTX     ? "nvptx64-nvidia-cuda"
                                         : "amdgcn-amd-amdhsa";
}

std::optional<std::vector<OffloadTarget>>
ompx::pipeline::resolveOffloadTargets(const DriverArgs &args,
                                      llvm::ArrayRef<std::string> probedArchs,
                                      std::string &error) {
  std::vector<OffloadTarget> targets;
  if (!args.offload())
    return std::vector<OffloadTarget>(1);
  auto add = [&](OffloadTarget t) {
    if (t.kind == DeviceKind::HostOffload)
      t.arch = "generic";
    if (!llvm::any_of(targets, [&](const OffloadTarget &o) {
          return o.triple == t.triple && o.arch == t.arch;
        }))
      targets.push_back(std::move(t));
  };
  // The triples given, by kind.
  std::vector<std::pair<DeviceKind, std::string>> triples;
  for (const std::string &triple : args.offloadTriples) {
    std::optional<DeviceKind> kind = kindOfTriple(triple);
    if (!kind) {
      error = "unknown offload target '" + triple +
              "' (ompx-flang offloads to x86_64-pc-linux-gnu, "
              "nvptx64-nvidia-cuda and amdgcn-amd-amdhsa)";
      return std::nullopt;
    }
    triples.push_back({*kind, triple});
  }
  auto tripleOf = [&](DeviceKind kind) -> std::optional<std::string> {
    for (auto &[k, t] : triples)
      if (k == kind)
        return t;
    if (!triples.empty())
      return std::nullopt; // triples were given, none of this kind
    return std::string(defaultTriple(kind));
  };
  std::vector<DeviceKind> served;
  for (const std::string &arch : args.offloadArchs) {
    std::optional<DeviceKind> kind = kindOfArch(arch);
    if (!kind) {
      error = "unknown --offload-arch '" + arch +
              "' (sm_XX for NVIDIA, gfxXXX for AMD)";
      return std::nullopt;
    }
    std::optional<std::string> triple = tripleOf(*kind);
    if (!triple) {
      error = "--offload-arch=" + arch + " does not fit " +
              llvm::join(args.offloadTriples, ",");
      return std::nullopt;
    }
    add({*kind, *triple, arch});
    served.push_back(*kind);
  }
  for (auto &[kind, triple] : triples) {
    if (llvm::is_contained(served, kind))
      continue;
    if (kind == DeviceKind::HostOffload) {
      add({kind, triple, "generic"});
      continue;
    }
    auto probed =
        llvm::find_if(probedArchs, [&, k = kind](const std::string &a) {
          return kindOfArch(a) == k;
        });
    if (probed == probedArchs.end()) {
      error = "cannot tell the GPU architecture for " + triple +
              " (no GPU found here): give it with --offload-arch=" +
              (kind == DeviceKind::NVPTX ? "sm_90" : "gfx90a");
      return std::nullopt;
    }
    add({kind, triple, *probed});
  }
  if (targets.empty()) { // -fopenmp-targets= with nothing in it
    error = "no offload target given";
    return std::nullopt;
  }
  return targets;
}
