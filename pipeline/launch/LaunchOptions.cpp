//===- LaunchOptions.cpp - The schema of a launch's options ---------------===//

#include "pipeline/launch/LaunchOptions.h"
#include "pipeline/launch/Slurm.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

using namespace ompx::pipeline;
using llvm::StringLiteral;
using llvm::StringRef;

namespace {
using T = OptionType;
using R = LaunchRequest;

/// A String or Path option stored in one member.
template <std::string R::*member> void setString(R &r, StringRef v) {
  r.*member = v.str();
}
template <std::string SlurmOptions::*member> void setSlurm(R &r, StringRef v) {
  r.slurm.*member = v.str();
}

/// A row of the table: the flag, its value and what it does; what the
/// editor calls it and whether it needs Slurm are added to it.
struct Row : LaunchOption {
  Row(StringLiteral flag, StringLiteral metavar, OptionType type,
      StringLiteral help, void (*set)(R &, StringRef))
      : LaunchOption{flag, metavar, "", false, type, {}, false, help, set} {}
  /// A field of compileAndLaunch's argument and an editor setting.
  Row &editor(StringLiteral name) {
    field = name;
    setting = true;
    return *this;
  }
  /// A field of compileAndLaunch's argument only.
  Row &argument(StringLiteral name) {
    field = name;
    return *this;
  }
  Row &oneOf(llvm::ArrayRef<StringRef> accepted) {
    names = accepted;
    return *this;
  }
  Row &needsSlurm() {
    slurm = true;
    return *this;
  }
};

// Each `set` stores a value applyLaunchOption checked against the type.
const LaunchOption kOptions[] = {
    Row("device", "DEV", T::Device,
        "auto (default: the first available GPU, else host),\n"
        "host (target regions run inline), host-offload[:N] (libomptarget's\n"
        "x86_64 plugin: real data mapping), nvptx[:N], amdgpu[:N];\n"
        "`ompx-lsp devices` lists what can run here and why not",
        [](R &r, StringRef v) {
          std::string error;
          r.device = *DeviceSpec::parse(v.str(), error);
        })
        .editor("device"),
    Row("driver", "FILE", T::PathList,
        "host code with a main program (.f90/.F90, .c, .o, .a) linked\n"
        "with the module; repeatable. Default: STEM.driver.f90/.F90/.c\n"
        "next to FILE when the module has no main program",
        [](R &r, StringRef v) { r.drivers.push_back(v.str()); })
        .editor("drivers"),
    Row("timeout", "SEC", T::Seconds,
        "stop build and run after SEC seconds (default 0: no limit)",
        [](R &r, StringRef v) { v.getAsInteger(10, r.timeoutSeconds); })
        .editor("timeout"),
    Row("offload-arch", "ARCH", T::String,
        "GPU architecture (sm_80, gfx942, ...; default: the GPU's, else\n"
        "sm_90 / gfx90a)",
        setString<&R::offloadArch>),
    Row("O", "N", T::OptLevel, "LLVM IR optimization level",
        [](R &r, StringRef v) { r.optLevel = *parseOptLevel(v); }),
    Row("no-run", "", T::Flag, "build only",
        [](R &r, StringRef) { r.noRun = true; }),
    Row("check-maps", "", T::Flag,
        "host-offload: a checked run. Device copies are poisoned when\n"
        "made, every transfer is watched and so are the host's reads of\n"
        "data the device holds newer; reports at the map clauses reads of\n"
        "uninitialized device data, changes never copied back, stale\n"
        "device copies, stale host reads, host accesses before a nowait\n"
        "region's taskwait, lost firstprivate writes, accesses outside\n"
        "a map's section, redundant transfers. With --program: build it\n"
        "with ompx-flang -fompx-check-maps for all of them",
        [](R &r, StringRef) { r.checkMaps = true; })
        .editor("checkMaps"),
    Row("profile", "FILE", T::OptionalPath,
        "record the run: each kernel launch (grid asked for, mode, time)\n"
        "and data operation (map entry, direction, bytes, time), per op\n"
        "of FILE.mlir and Fortran line; writes FILE (default\n"
        "STEM.profile.json next to the input) and an HTML timeline\n"
        "beside it (`ompx-lsp report FILE` prints it). Not on host",
        [](R &r, StringRef v) {
          r.profile = true;
          r.profileReport = v.str();
        })
        .editor("profile"),
    // A folder to carry to a GPU node: built here, never run here.
    Row("bundle", "DIR", T::Path,
        "build for a GPU node: write DIR with the program and a run\n"
        "script (and DIR.tar.xz) instead of running",
        [](R &r, StringRef v) {
          r.bundleDir = v.str();
          r.noRun = true;
        })
        .argument("bundle"),
    Row("bundle-store", "DIR", T::Path,
        "with --bundle: copy each library once into DIR and\n"
        "hard-link it into the bundle (many bundles packed\n"
        "together); no DIR.tar.xz",
        setString<&R::bundleStore>),
    Row("program", "EXE", T::Path,
        "run EXE, a program ompx-flang built, instead of compiling\n"
        "FILE.mlir (no FILE then); its device image says the device",
        setString<&R::program>),
    Row("compile-commands", "JSON", T::Path,
        "a Fortran FILE: the compile database to take its flags and\n"
        "modules from (default: the nearest compile_commands.json)",
        setString<&R::compileCommands>),
    Row("keep", "DIR", T::String,
        "keep the intermediates (IR, objects, build.log) in DIR",
        setString<&R::keepDir>),
    Row("toolchain", "PREFIX", T::String,
        "LLVM 22 tools under PREFIX/bin (default: /usr/lib/llvm-22)",
        setString<&R::toolchainPrefix>),
    Row("device-runtime", "DIR", T::String,
        "GPU targets: LLVM 22's device runtime, DIR/libompdevice.a\n"
        "(default: LLVM 19's from libomp-19-dev through the ompx shim)",
        setString<&R::deviceRuntimeDir>),
    Row("launcher", "L", T::Enum,
        "where the program runs: local (default) or slurm (built here,\n"
        "run on a cluster node by srun; --device says what runs there,\n"
        "nvptx:N counts the job's GPUs)",
        [](R &r, StringRef v) { r.launcher = *parseLauncher(v); })
        .editor("launcher")
        .oneOf(namesOf(kLauncherNames)),
    Row("partition", "P", T::String, "srun's -p",
        setSlurm<&SlurmOptions::partition>)
        .editor("slurm.partition")
        .needsSlurm(),
    Row("account", "A", T::String, "srun's -A",
        setSlurm<&SlurmOptions::account>)
        .editor("slurm.account")
        .needsSlurm(),
    Row("gres", "G", T::String,
        "srun's --gres. A GPU device without --gres/--gpus asks for\n"
        "--gres=gpu:N+1",
        setSlurm<&SlurmOptions::gres>)
        .editor("slurm.gres")
        .needsSlurm(),
    Row("gpus", "N", T::String, "srun's --gpus", setSlurm<&SlurmOptions::gpus>)
        .editor("slurm.gpus")
        .needsSlurm(),
    Row("time", "T", T::String,
        "srun's --time, in Slurm's syntax (default: --timeout in\n"
        "minutes plus one)",
        setSlurm<&SlurmOptions::time>)
        .editor("slurm.time")
        .needsSlurm(),
    Row("slurm-arg", "ARG", T::List,
        "one more srun/salloc argument; repeatable",
        [](R &r, StringRef v) { r.slurm.extraArgs.push_back(v.str()); })
        .editor("slurm.args")
        .needsSlurm(),
    Row("slurm-stage", "S", T::Enum,
        "shared (default: the bundle is written under the staging\n"
        "folder, which the node must see) or sbcast (srun --bcast\n"
        "copies it to the node's /tmp)",
        [](R &r, StringRef v) { r.slurm.staging = *parseStaging(v); })
        .editor("slurm.stage")
        .oneOf(namesOf(kStagingNames))
        .needsSlurm(),
    Row("slurm-stage-dir", "DIR", T::Path,
        "staging folder (default: .ompx/slurm next to FILE)",
        setSlurm<&SlurmOptions::stageDir>)
        .editor("slurm.stageDir")
        .needsSlurm(),
    Row("slurm-allocation", "A", T::Enum,
        "new (default: a job per launch) or reuse (one salloc kept\n"
        "for later launches; `ompx-lsp slurm release` ends it)",
        [](R &r, StringRef v) { r.slurm.allocation = *parseAllocation(v); })
        .editor("slurm.allocation")
        .oneOf(namesOf(kAllocationNames))
        .needsSlurm(),
    Row("slurm-bin", "DIR", T::Path,
        "srun, squeue, scancel, ... from DIR (a site's wrappers) instead\n"
        "of PATH",
        setSlurm<&SlurmOptions::binDir>)
        .editor("slurm.binDir")
        .needsSlurm(),
    // The program's arguments: after `--` on the command line.
    Row("", "ARGS", T::List, "arguments of the program",
        [](R &r, StringRef v) { r.programArgs.push_back(v.str()); })
        .argument("args"),
};

/// `a`, `a or b`, `a, b or c`, each as `quote` makes it.
std::string alternatives(llvm::ArrayRef<StringRef> names, const char *quote) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i)
      out += i + 1 == names.size() ? " or " : ", ";
    out += quote + names[i].str() + quote;
  }
  return out;
}

/// A value `set` may take as it is, or the problem, without the option's
/// name.
std::optional<std::string> check(const LaunchOption &o, StringRef value,
                                 Spelling spelling) {
  switch (o.type) {
  case T::Device: {
    std::string error;
    if (!DeviceSpec::parse(value.str(), error))
      return error;
    return std::nullopt;
  }
  case T::Enum:
    if (llvm::is_contained(o.names, value))
      return std::nullopt;
    return spelling == Spelling::Flag
               ? "is " + alternatives(o.names, "") + ", not '" + value.str() +
                     "'"
               : "must be " + alternatives(o.names, "\"");
  case T::Seconds: {
    unsigned seconds;
    if (!value.getAsInteger(10, seconds))
      return std::nullopt;
    return "takes a number of seconds, not '" + value.str() + "'";
  }
  case T::OptLevel:
    if (parseOptLevel(value))
      return std::nullopt;
    return "takes 0 to 3, not '" + value.str() + "'";
  case T::OptionalPath:
    return std::nullopt;
  case T::Path:
  case T::PathList:
    // A folder or a file to write or read: "" would be the current one.
    if (!value.empty() || o.slurm)
      return std::nullopt;
    return std::string("needs ") + (o.metavar == "DIR" ? "a folder" : "a file");
  default:
    return std::nullopt;
  }
}
} // namespace

llvm::ArrayRef<LaunchOption> ompx::pipeline::launchOptions() {
  return kOptions;
}

const LaunchOption *ompx::pipeline::launchOptionByFlag(StringRef flag) {
  const LaunchOption *o = llvm::find_if(
      kOptions, [&](const LaunchOption &o) { return o.flag == flag; });
  return flag.empty() || o == std::end(kOptions) ? nullptr : o;
}

const LaunchOption *ompx::pipeline::launchOptionByField(StringRef field) {
  const LaunchOption *o = llvm::find_if(
      kOptions, [&](const LaunchOption &o) { return o.field == field; });
  return field.empty() || o == std::end(kOptions) ? nullptr : o;
}

std::optional<std::string>
ompx::pipeline::applyLaunchOption(const LaunchOption &option, StringRef value,
                                  LaunchRequest &request, Spelling spelling,
                                  StringRef folder) {
  if (std::optional<std::string> problem = check(option, value, spelling)) {
    if (option.type == T::Device)
      return spelling == Spelling::Flag
                 ? *problem
                 : "'" + option.field.str() + "': " + *problem;
    std::string name = option.type == T::OptLevel ? "-O"
                       : spelling == Spelling::Flag
                           ? "--" + option.flag.str()
                           : "'" + option.field.str() + "'";
    return name + " " + *problem;
  }
  // The editor's field of an optional path is a flag: the default file.
  if (option.type == T::OptionalPath && spelling == Spelling::Field)
    value = "";
  llvm::SmallString<256> path(value);
  bool isPath = option.type == T::Path || option.type == T::PathList ||
                option.type == T::OptionalPath;
  if (isPath && !value.empty() && !folder.empty() &&
      !llvm::sys::path::is_absolute(path)) {
    path = folder;
    llvm::sys::path::append(path, value);
  }
  option.set(request, path);
  return std::nullopt;
}

std::string ompx::pipeline::flagSpelling(const LaunchOption &option) {
  if (option.type == T::OptLevel)
    return "-O0..-O3";
  std::string out = "--" + option.flag.str();
  if (option.type == T::OptionalPath)
    return out + "[=" + option.metavar.str() + "]";
  if (option.type != T::Flag)
    out += "=" + option.metavar.str();
  return out;
}

/// `--device=auto|host|...`, `--launcher=local|slurm`: the value as the
/// usage line shows it.
static std::string usageSpelling(const LaunchOption &option) {
  if (option.type == T::OptLevel)
    return "-O0..-O3";
  std::string out = "--" + option.flag.str();
  if (option.type == T::Enum)
    return out + "=" + llvm::join(option.names, "|");
  if (option.type == T::Device) {
    out += "=";
    for (const EnumName<DeviceKind> &row : kDeviceKindNames) {
      bool indexed =
          row.value != DeviceKind::Auto && row.value != DeviceKind::Host;
      out += (&row == kDeviceKindNames ? "" : "|") + std::string(row.name) +
             (indexed ? "[:N]" : "");
    }
    return out;
  }
  if (option.type == T::Flag)
    return out;
  if (option.type == T::OptionalPath)
    return out + "[=" + option.metavar.str() + "]";
  return out + "=" + option.metavar.str();
}

std::string ompx::pipeline::launchUsageOptions(unsigned indent,
                                               unsigned width) {
  std::string out;
  unsigned column = indent;
  for (const LaunchOption &o : kOptions) {
    if (o.flag.empty())
      continue;
    bool repeatable = o.type == T::PathList || o.type == T::List;
    std::string item = "[" + usageSpelling(o) + "]" + (repeatable ? "..." : "");
    if (column > indent && column + 1 + item.size() > width) {
      out += "\n" + std::string(indent, ' ');
      column = indent;
    } else if (column > indent) {
      out += " ";
      ++column;
    }
    out += item;
    column += item.size();
  }
  return out;
}

std::string
ompx::pipeline::launchOptionsHelp(llvm::ArrayRef<llvm::StringRef> flags) {
  std::string out;
  const std::string indent(23, ' ');
  for (const LaunchOption &o : kOptions) {
    if (o.flag.empty() ||
        (!flags.empty() && !llvm::is_contained(flags, o.flag)))
      continue;
    std::string name = flagSpelling(o);
    out += "  " + (name.size() < 21 ? llvm::formatv("{0,-21}", name).str()
                                    : name + " ");
    StringRef help = o.help;
    while (!help.empty()) {
      auto [line, rest] = help.split('\n');
      out += line.str() + "\n";
      if (!rest.empty())
        out += indent;
      help = rest;
    }
  }
  return out;
}

llvm::json::Value ompx::pipeline::launchSchemaJSON() {
  static const char *kTypes[] = {"string",  "path",        "pathList", "list",
                                 "seconds", "optLevel",    "flag",     "enum",
                                 "device",  "optionalPath"};
  llvm::json::Array options;
  for (const LaunchOption &o : kOptions) {
    llvm::json::Object row{
        {"type", kTypes[int(o.type)]}, {"slurm", o.slurm}, {"help", o.help}};
    if (!o.flag.empty())
      row["flag"] = flagSpelling(o);
    if (!o.field.empty())
      row["field"] = o.field;
    if (o.setting)
      row["setting"] = "ompx.launch." + o.field.str();
    if (!o.names.empty())
      row["values"] = llvm::json::Array(o.names);
    options.push_back(std::move(row));
  }
  return llvm::json::Object{{"options", std::move(options)}};
}
