//===- Commands.cpp - The arguments of ompx's executeCommand commands -----===//

#include "server/lsp/Commands.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"

#include <cmath>
#include <iterator>

using namespace ompx;
using namespace ompx::lsp;
using llvm::json::ObjectMapper;
using llvm::json::Path;
using llvm::json::Value;

namespace {
/// "unknown field (known: a, b, ...)" from one list of names, made at
/// compile time: Path::report keeps the literal it is given.
template <const auto &Names> struct UnknownField {
  static constexpr char kHead[] = "unknown field (known: ";
  static constexpr size_t length(const char *s) {
    size_t n = 0;
    while (s[n])
      ++n;
    return n;
  }
  static constexpr size_t size() {
    size_t n = length(kHead) + 1; // and ")"
    for (size_t i = 0; i < std::size(Names); ++i)
      n += length(Names[i]) + (i ? 2 : 0);
    return n + 1;
  }
  struct Text {
    char data[size()] = {};
  };
  static constexpr Text make() {
    Text t{};
    size_t at = 0;
    auto put = [&](const char *s) {
      while (*s)
        t.data[at++] = *s++;
    };
    put(kHead);
    for (size_t i = 0; i < std::size(Names); ++i) {
      if (i)
        put(", ");
      put(Names[i]);
    }
    put(")");
    return t;
  }
  static constexpr Text text = make();
};

/// Refuses a field not in `Names`: a misspelt option (`timout`) would
/// silently fall back to a default.
template <const auto &Names> bool onlyKnown(const Value &v, Path p) {
  const llvm::json::Object *o = v.getAsObject();
  if (!o)
    return true; // ObjectMapper says "expected object"
  for (const auto &[key, value] : *o)
    if (!llvm::is_contained(Names, llvm::StringRef(key))) {
      p.field(key).report(llvm::StringLiteral(UnknownField<Names>::text.data));
      return false;
    }
  return true;
}
} // namespace

// Each argument's fields, once: X(name) for a field mapped as it is (the
// member of the same name), C(name) for one read by hand after.
#define OMPX_NAME(field) #field,
#define OMPX_MAP(field) &&o.map(#field, d.field)
#define OMPX_SKIP(field)

#define OMPX_SLURM_FIELDS(X, C)                                                \
  X(partition)                                                                 \
  X(account)                                                                   \
  X(gres) C(gpus) X(time) X(args) X(stage) X(stageDir) X(allocation) X(binDir)
#define OMPX_LAUNCH_FIELDS(X)                                                  \
  X(uri)                                                                       \
  X(device)                                                                    \
  X(args)                                                                      \
  X(timeout) X(drivers) X(bundle) X(launcher) X(checkMaps) X(profile) X(slurm)
#define OMPX_EMIT_FIELDS(X) X(uri) X(kind) X(device) X(output)
#define OMPX_FORTRAN_LOCATION_FIELDS(X) X(uri) X(position)
#define OMPX_MLIR_LOCATIONS_FIELDS(X) X(uri) X(fortranUri) X(line)
#define OMPX_PIPELINE_FIELDS(X)                                                \
  X(uri) X(device) X(offloadArch) X(after) X(timeout)
#define OMPX_PIPELINE_SNAPSHOT_FIELDS(X) X(run) X(snapshot)
#define OMPX_PIPELINE_FOLLOW_FIELDS(X) X(run) X(uri) X(position)
#define OMPX_PROFILE_HOT_SPOTS_FIELDS(X) X(uri)
#define OMPX_REDUCE_FIELDS(X) X(uri) X(mode) X(diagnostic) X(timeout)

static constexpr const char *kSlurmFields[] = {
    OMPX_SLURM_FIELDS(OMPX_NAME, OMPX_NAME)};
static constexpr const char *kLaunchFields[] = {OMPX_LAUNCH_FIELDS(OMPX_NAME)};
static constexpr const char *kSlurmOnlyFields[] = {"slurm"};
static constexpr const char *kEmitFields[] = {OMPX_EMIT_FIELDS(OMPX_NAME)};
static constexpr const char *kProfileHotSpotsFields[] = {
    OMPX_PROFILE_HOT_SPOTS_FIELDS(OMPX_NAME)};
static constexpr const char *kFortranLocationFields[] = {
    OMPX_FORTRAN_LOCATION_FIELDS(OMPX_NAME)};
static constexpr const char *kMlirLocationsFields[] = {
    OMPX_MLIR_LOCATIONS_FIELDS(OMPX_NAME)};
static constexpr const char *kPipelineFields[] = {
    OMPX_PIPELINE_FIELDS(OMPX_NAME)};
static constexpr const char *kPipelineSnapshotFields[] = {
    OMPX_PIPELINE_SNAPSHOT_FIELDS(OMPX_NAME)};
static constexpr const char *kPipelineFollowFields[] = {
    OMPX_PIPELINE_FOLLOW_FIELDS(OMPX_NAME)};
static constexpr const char *kReduceFields[] = {OMPX_REDUCE_FIELDS(OMPX_NAME)};

llvm::ArrayRef<const char *> lsp::launchArgsFields() { return kLaunchFields; }
llvm::ArrayRef<const char *> lsp::slurmArgsFields() { return kSlurmFields; }

// A field's values as text, what the launch schema checks and stores.
static void addValues(FieldValues &out, std::string field,
                      const std::string &v) {
  out.push_back({std::move(field), {v}});
}
static void addValues(FieldValues &out, std::string field,
                      const std::optional<std::string> &v) {
  if (v)
    out.push_back({std::move(field), {*v}});
}
static void addValues(FieldValues &out, std::string field,
                      const std::optional<std::vector<std::string>> &v) {
  if (v)
    out.push_back({std::move(field), *v});
}
/// A flag: given when true.
static void addValues(FieldValues &out, std::string field,
                      const std::optional<bool> &v) {
  if (v && *v)
    out.push_back({std::move(field), {"true"}});
}
/// Seconds: whole ones, rounded up (fromJSON bounded them).
static void addValues(FieldValues &out, std::string field,
                      const std::optional<double> &v) {
  if (v)
    out.push_back(
        {std::move(field), {std::to_string(uint64_t(std::ceil(*v)))}});
}
/// `slurm`'s fields as `slurm.partition`, ...
static void addValues(FieldValues &out, std::string field,
                      const std::optional<SlurmArgs> &d) {
  if (!d)
    return;
#define OMPX_ADD(name) addValues(out, field + "." #name, d->name);
  OMPX_SLURM_FIELDS(OMPX_ADD, OMPX_ADD)
#undef OMPX_ADD
}

FieldValues lsp::fieldValues(const LaunchArgs &d) {
  FieldValues out;
#define OMPX_ADD(name) addValues(out, #name, d.name);
  OMPX_LAUNCH_FIELDS(OMPX_ADD)
#undef OMPX_ADD
  return out;
}

FieldValues lsp::fieldValues(const SlurmOnlyArgs &d) {
  FieldValues out;
  addValues(out, "slurm", d.slurm);
  return out;
}

bool lsp::fromJSON(const Value &v, SlurmArgs &d, Path p) {
  ObjectMapper o(v, p);
  if (!(o && onlyKnown<kSlurmFields>(v, p)
                 OMPX_SLURM_FIELDS(OMPX_MAP, OMPX_SKIP)))
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
  if (!(o && onlyKnown<kLaunchFields>(v, p) OMPX_LAUNCH_FIELDS(OMPX_MAP)))
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
  return o && onlyKnown<kSlurmOnlyFields>(v, p) && o.map("slurm", d.slurm);
}

bool lsp::fromJSON(const Value &v, EmitArgs &d, Path p) {
  ObjectMapper o(v, p);
  return o && onlyKnown<kEmitFields>(v, p) OMPX_EMIT_FIELDS(OMPX_MAP);
}

bool lsp::fromJSON(const Value &v, ProfileHotSpotsArgs &d, Path p) {
  ObjectMapper o(v, p);
  return o && onlyKnown<kProfileHotSpotsFields>(v, p)
                  OMPX_PROFILE_HOT_SPOTS_FIELDS(OMPX_MAP);
}

bool lsp::fromJSON(const Value &v, FortranLocationArgs &d, Path p) {
  ObjectMapper o(v, p);
  return o && onlyKnown<kFortranLocationFields>(v, p)
                  OMPX_FORTRAN_LOCATION_FIELDS(OMPX_MAP);
}

bool lsp::fromJSON(const Value &v, MlirLocationsArgs &d, Path p) {
  ObjectMapper o(v, p);
  if (!(o && onlyKnown<kMlirLocationsFields>(v, p)
                 OMPX_MLIR_LOCATIONS_FIELDS(OMPX_MAP)))
    return false;
  if (d.line < 0 || d.line > INT32_MAX) {
    p.field("line").report("expected a line number from 0 to 2^31-1");
    return false;
  }
  return true;
}

/// Seconds from 1 to `max`.
static bool checkTimeout(const std::optional<double> &t, double max, Path p) {
  if (t && (!std::isfinite(*t) || *t < 1 || *t > max)) {
    p.field("timeout").report("expected seconds from 1 to the limit");
    return false;
  }
  return true;
}

bool lsp::fromJSON(const Value &v, PipelineArgs &d, Path p) {
  ObjectMapper o(v, p);
  return o && onlyKnown<kPipelineFields>(v, p) OMPX_PIPELINE_FIELDS(OMPX_MAP) &&
         checkTimeout(d.timeout, kMaxPipelineTimeout, p);
}

bool lsp::fromJSON(const Value &v, PipelineSnapshotArgs &d, Path p) {
  ObjectMapper o(v, p);
  if (!(o && onlyKnown<kPipelineSnapshotFields>(v, p)))
    return false;
  // A number is a snapshot too (`{"snapshot": 5}`).
  if (const Value *n = v.getAsObject()->get("snapshot"))
    if (std::optional<int64_t> i = n->getAsInteger()) {
      d.snapshot = std::to_string(*i);
      return o.map("run", d.run);
    }
  return true OMPX_PIPELINE_SNAPSHOT_FIELDS(OMPX_MAP);
}

bool lsp::fromJSON(const Value &v, PipelineFollowArgs &d, Path p) {
  ObjectMapper o(v, p);
  return o && onlyKnown<kPipelineFollowFields>(v, p)
                  OMPX_PIPELINE_FOLLOW_FIELDS(OMPX_MAP);
}

bool lsp::fromJSON(const Value &v, ReduceArgs &d, Path p) {
  ObjectMapper o(v, p);
  return o && onlyKnown<kReduceFields>(v, p) OMPX_REDUCE_FIELDS(OMPX_MAP) &&
         checkTimeout(d.timeout, kMaxPipelineTimeout, p);
}
