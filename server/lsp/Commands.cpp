//===- Commands.cpp - The arguments of ompx's executeCommand commands -----===//

#include "server/lsp/Commands.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"

#include <cmath>

using namespace ompx;
using namespace ompx::lsp;
using llvm::json::ObjectMapper;
using llvm::json::Path;
using llvm::json::Value;

/// Refuses a field not in `known`: a misspelt option (`timout`) would
/// silently fall back to a default. `message` lists them (Path::report
/// takes a literal).
static bool onlyKnown(const Value &v, Path p,
                      llvm::ArrayRef<llvm::StringLiteral> known,
                      llvm::StringLiteral message) {
  const llvm::json::Object *o = v.getAsObject();
  if (!o)
    return true; // ObjectMapper says "expected object"
  for (const auto &[key, value] : *o)
    if (!llvm::is_contained(known, llvm::StringRef(key))) {
      p.field(key).report(message);
      return false;
    }
  return true;
}

bool lsp::fromJSON(const Value &v, SlurmArgs &d, Path p) {
  ObjectMapper o(v, p);
  if (!o || !onlyKnown(v, p,
                       {"partition", "account", "gres", "gpus", "time", "args",
                        "stage", "stageDir", "allocation", "binDir"},
                       "unknown field (known: partition, account, gres, gpus, "
                       "time, args, stage, stageDir, allocation, binDir)"))
    return false;
  if (!o.map("partition", d.partition) || !o.map("account", d.account) ||
      !o.map("gres", d.gres) || !o.map("time", d.time) ||
      !o.map("stageDir", d.stageDir) || !o.map("binDir", d.binDir) ||
      !o.map("stage", d.stage) || !o.map("allocation", d.allocation) ||
      !o.map("args", d.args))
    return false;
  if (const Value *g = v.getAsObject()->get("gpus");
      g && g->kind() != Value::Null) {
    if (auto s = g->getAsString())
      d.gpus = s->str();
    else if (auto n = g->getAsInteger(); n && *n >= 0)
      d.gpus = std::to_string(*n);
    else {
      p.field("gpus").report("expected a string (\"2\", \"a100:2\") or a "
                             "count");
      return false;
    }
  }
  return true;
}

bool lsp::fromJSON(const Value &v, LaunchArgs &d, Path p) {
  ObjectMapper o(v, p);
  if (!o || !onlyKnown(v, p,
                       {"uri", "device", "args", "timeout", "drivers", "bundle",
                        "launcher", "slurm"},
                       "unknown field (known: uri, device, args, timeout, "
                       "drivers, bundle, launcher, slurm)"))
    return false;
  if (!o.map("uri", d.uri) || !o.map("device", d.device) ||
      !o.map("bundle", d.bundle) || !o.map("launcher", d.launcher) ||
      !o.map("args", d.args) || !o.map("drivers", d.drivers) ||
      !o.map("timeout", d.timeout) || !o.map("slurm", d.slurm))
    return false;
  if (d.timeout && (!std::isfinite(*d.timeout) || *d.timeout < 0 ||
                    *d.timeout > kMaxLaunchTimeout)) {
    p.field("timeout").report(
        "expected seconds from 0 (no limit) to 2592000 (30 days)");
    return false;
  }
  return true;
}

bool lsp::fromJSON(const Value &v, SlurmOnlyArgs &d, Path p) {
  ObjectMapper o(v, p);
  return o && onlyKnown(v, p, {"slurm"}, "unknown field (known: slurm)") &&
         o.map("slurm", d.slurm);
}

bool lsp::fromJSON(const Value &v, EmitArgs &d, Path p) {
  ObjectMapper o(v, p);
  return o &&
         onlyKnown(v, p, {"uri", "kind", "device", "output"},
                   "unknown field (known: uri, kind, device, output)") &&
         o.map("uri", d.uri) && o.map("kind", d.kind) &&
         o.map("device", d.device) && o.map("output", d.output);
}

bool lsp::fromJSON(const Value &v, FortranLocationArgs &d, Path p) {
  ObjectMapper o(v, p);
  return o &&
         onlyKnown(v, p, {"uri", "position"},
                   "unknown field (known: uri, position)") &&
         o.map("uri", d.uri) && o.map("position", d.position);
}

bool lsp::fromJSON(const Value &v, MlirLocationsArgs &d, Path p) {
  ObjectMapper o(v, p);
  if (!o ||
      !onlyKnown(v, p, {"uri", "fortranUri", "line"},
                 "unknown field (known: uri, fortranUri, line)") ||
      !o.map("uri", d.uri) || !o.map("fortranUri", d.fortranUri) ||
      !o.map("line", d.line))
    return false;
  if (d.line < 0 || d.line > INT32_MAX) {
    p.field("line").report("expected a line number from 0 to 2^31-1");
    return false;
  }
  return true;
}
