//===- ProfileReport.cpp - What a recorded launch saw ---------------------===//

#include "pipeline/launch/ProfileReport.h"
#include "pipeline/launch/MapCheckReport.h"
#include "support/FileRead.h"
#include "support/JsonParse.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <cstdint>
#include <map>

using namespace ompx::pipeline;
using llvm::StringRef;

namespace {
/// A line of the kernel sidecar (compile/MapSites.h).
struct KernelSite {
  std::string mode;
  ProfileSite site;
};

llvm::StringMap<KernelSite> readKernelSites(StringRef text,
                                            StringRef inputPath) {
  llvm::StringMap<KernelSite> sites;
  llvm::SmallVector<StringRef, 8> fields;
  for (StringRef line : llvm::split(text, '\n')) {
    fields.clear();
    line.split(fields, '\t');
    SourceLocation at{inputPath.str(), 0, 0};
    if (fields.size() != 8 || fields[0].empty() ||
        fields[2].getAsInteger(10, at.line) ||
        fields[3].getAsInteger(10, at.column))
      continue;
    KernelSite k{fields[1].str(), {fields[4].str(), fields[0].str(), at, {}}};
    SourceLocation src{fields[5].str(), 0, 0};
    if (!src.file.empty() && !fields[6].getAsInteger(10, src.line) &&
        !fields[7].getAsInteger(10, src.column))
      k.site.source = src;
    sites.try_emplace(fields[0], std::move(k));
  }
  return sites;
}

/// `total += n`, held at the largest count: a record's totals (AK, AM
/// lines) are any numbers, and a sum that wrapped would report fewer
/// launches than ran.
void add(uint64_t &total, uint64_t n) {
  total = total > UINT64_MAX - n ? UINT64_MAX : total + n;
}

/// The place a runtime string (`;file;name;line;col;;`) names: in the
/// input, or another file (the Fortran source).
void placeClause(const MapClause &c, StringRef inputPath, ProfileSite &site) {
  SourceLocation at{c.file, c.line, c.column};
  if (c.file == inputPath)
    site.mlir = at;
  else if (!c.file.empty() && c.file != "unknown")
    site.source = at;
}

/// Reads the record's lines into `r`.
class LogReader {
public:
  LogReader(ProfileReport &r, StringRef mapSites, StringRef kernelSites,
            StringRef inputPath)
      : r(r), mapSites(readMapSites(mapSites)),
        kernelSites(readKernelSites(kernelSites, inputPath)),
        inputPath(inputPath) {}
  void line(llvm::ArrayRef<StringRef> f);
  /// A `K` line: a launch submitted (the grid asked for).
  void launched(llvm::ArrayRef<StringRef> f);
  /// A `G` line: the grid and mode the plugin ran that launch with.
  void ran(llvm::ArrayRef<StringRef> f);
  /// Kernels the program's end cut short.
  void finish();

private:
  /// The row of a kernel / map entry; kNone past kMaxProfileKernels /
  /// kMaxProfileMaps rows.
  size_t kernelOf(StringRef name, StringRef source);
  size_t mapOf(StringRef clause);
  /// The entry of a P line's id; 0 or unknown: no entry.
  size_t mapOfId(uint64_t id) {
    auto it = mapById.find(id);
    return it != mapById.end() ? it->second : mapOf("");
  }
  static constexpr size_t kNone = size_t(-1);
  void pushEvent(ProfileEvent e) {
    if (r.events.size() < kMaxProfileEvents)
      r.events.push_back(e);
    else
      ++r.droppedEvents;
  }
  void time(uint64_t t) { r.spanNs = std::max(r.spanNs, t); }

  ProfileReport &r;
  std::map<std::pair<unsigned, unsigned>, MapSite> mapSites;
  llvm::StringMap<KernelSite> kernelSites;
  StringRef inputPath;
  llvm::StringMap<size_t> kernelIndex, mapIndex;
  /// Each kernel's symbol as its N line gave it (empty: none).
  std::vector<std::string> symbols;
  /// The record's ids of kernels and map entries (N, P lines).
  llvm::DenseMap<uint64_t, size_t> kernelById, mapById;
  /// Kernels submitted and not yet done: by construct, their kernel, start
  /// and event (npos: dropped).
  struct Running {
    size_t kernel;
    uint64_t start;
    size_t event;
    bool ran = false; ///< its G line was read (a launch has one grid)
  };
  llvm::DenseMap<uint64_t, Running> running;
};

size_t LogReader::kernelOf(StringRef name, StringRef source) {
  StringRef key = name.empty() ? source : name;
  if (auto it = kernelIndex.find(key); it != kernelIndex.end())
    return it->second;
  if (r.kernels.size() >= kMaxProfileKernels)
    return kNone;
  auto it = kernelIndex.try_emplace(key, r.kernels.size()).first;
  symbols.push_back(name.str());
  KernelTotals k;
  if (auto s = kernelSites.find(name);
      !name.empty() && s != kernelSites.end()) {
    k.site = s->second.site;
    k.mode = s->second.mode;
  } else {
    k.site.name = name.str();
    if (std::optional<MapClause> c = parseMapClause(source)) {
      placeClause(*c, inputPath, k.site);
      if (k.site.name.empty())
        k.site.name = c->name;
    }
  }
  r.kernels.push_back(std::move(k));
  return it->second;
}

size_t LogReader::mapOf(StringRef clause) {
  std::optional<MapClause> c = parseMapClause(clause);
  // One op, whatever element kind the build appended to its name.
  std::string key = clause.str();
  const MapSite *known = nullptr;
  if (c && c->file == inputPath)
    if (auto it = mapSites.find({c->line, c->column}); it != mapSites.end()) {
      known = &it->second;
      key = "@" + std::to_string(c->line) + ":" + std::to_string(c->column);
    }
  if (auto it = mapIndex.find(key); it != mapIndex.end())
    return it->second;
  if (r.maps.size() >= kMaxProfileMaps)
    return kNone;
  auto it = mapIndex.try_emplace(key, r.maps.size()).first;
  MapTotals m;
  if (known) {
    m.site.op = known->op;
    m.site.name = known->variable.empty() ? c->name : known->variable;
    m.site.mlir = SourceLocation{c->file, c->line, c->column};
    m.site.source = known->source;
  } else if (c) {
    m.site.name = c->name;
    placeClause(*c, inputPath, m.site);
  } else {
    m.site.name = "(no map entry)";
  }
  r.maps.push_back(std::move(m));
  return it->second;
}

std::optional<ProfileEvent::Kind> opKind(StringRef op) {
  static const std::pair<StringRef, ProfileEvent::Kind> kOps[] = {
      {"alloc", ProfileEvent::Alloc},
      {"to", ProfileEvent::To},
      {"from", ProfileEvent::From},
      {"delete", ProfileEvent::Release}};
  for (const auto &[name, kind] : kOps)
    if (name == op)
      return kind;
  return std::nullopt;
}

TransferTotals &totals(MapTotals &m, ProfileEvent::Kind op) {
  return op == ProfileEvent::Alloc  ? m.alloc
         : op == ProfileEvent::To   ? m.to
         : op == ProfileEvent::From ? m.from
                                    : m.release;
}

void LogReader::launched(llvm::ArrayRef<StringRef> f) {
  uint64_t seq = 0, t = 0, id = 0;
  int device;
  int32_t teams, threads;
  if (f[1].getAsInteger(10, seq) || f[2].getAsInteger(10, device) ||
      f[3].getAsInteger(10, t) || f[4].getAsInteger(10, id) ||
      f[5].getAsInteger(10, teams) || f[6].getAsInteger(10, threads) ||
      !kernelById.count(id))
    return;
  if (running.size() >= kMaxProfileRunning && !running.count(seq)) {
    ++r.pastLimits;
    return;
  }
  size_t k = kernelById[id];
  KernelTotals &kt = r.kernels[k];
  add(kt.launches, 1); // an AK line may have taken it to the top
  auto grid = llvm::find_if(kt.grids, [&](const KernelTotals::Grid &g) {
    return g.teams == teams && g.threads == threads;
  });
  if (grid != kt.grids.end())
    ++grid->launches;
  else if (kt.grids.size() < kMaxProfileGrids)
    kt.grids.push_back({teams, threads, 1});
  else
    ++r.pastLimits;
  size_t event =
      r.events.size() < kMaxProfileEvents ? r.events.size() : size_t(-1);
  pushEvent({ProfileEvent::Kernel, device, t, t, 0, k, true, teams, threads});
  running[seq] = {k, t, event};
  time(t);
}

void LogReader::ran(llvm::ArrayRef<StringRef> f) {
  uint64_t seq = 0;
  int32_t teams, threads;
  if (f[1].getAsInteger(10, seq) || f[2].getAsInteger(10, teams) ||
      f[3].getAsInteger(10, threads) || teams < 0 || threads < 0)
    return;
  auto it = running.find(seq);
  // The plugin's line names its kernel: another's is not this launch's.
  if (it == running.end() || it->second.ran ||
      (!symbols[it->second.kernel].empty() &&
       symbols[it->second.kernel] != f[5]))
    return;
  it->second.ran = true;
  std::string mode = f[4].lower();
  KernelTotals &kt = r.kernels[it->second.kernel];
  auto same = llvm::find_if(kt.ran, [&](const KernelTotals::Ran &g) {
    return g.teams == teams && g.threads == threads && g.mode == mode;
  });
  if (same != kt.ran.end())
    ++same->launches;
  else if (kt.ran.size() < kMaxProfileGrids)
    kt.ran.push_back({teams, threads, mode, 1});
  else
    ++r.pastLimits;
  if (it->second.event != size_t(-1)) {
    ProfileEvent &e = r.events[it->second.event];
    e.ranTeams = teams;
    e.ranThreads = threads;
    e.ranMode = mode;
  }
}

void LogReader::line(llvm::ArrayRef<StringRef> f) {
  uint64_t seq = 0, t = 0, t1 = 0, bytes = 0, id = 0;
  if (f[0] == "S") {
    r.started = true;
  } else if (f[0] == "D") {
    r.connected = true;
  } else if (f[0] == "Z" && f.size() == 2 && !f[1].getAsInteger(10, t)) {
    r.complete = true;
    time(t);
  } else if (f[0] == "X") {
    r.full = true;
  } else if (f[0] == "N" && f.size() == 4 && !f[1].getAsInteger(10, id)) {
    size_t k = kernelOf(f[2], f[3]);
    if (k == kNone)
      ++r.pastLimits;
    else
      kernelById[id] = k;
  } else if (f[0] == "P" && f.size() == 3 && !f[1].getAsInteger(10, id)) {
    size_t m = mapOf(f[2]);
    if (m == kNone)
      ++r.pastLimits;
    else
      mapById[id] = m;
  } else if (f[0] == "K" && f.size() == 8) {
    launched(f);
  } else if (f[0] == "G" && f.size() == 6) {
    ran(f);
  } else if (f[0] == "k" && f.size() == 3 && !f[1].getAsInteger(10, seq) &&
             !f[2].getAsInteger(10, t)) {
    auto it = running.find(seq);
    if (it == running.end() || t < it->second.start)
      return;
    KernelTotals &kt = r.kernels[it->second.kernel];
    uint64_t ns = t - it->second.start;
    add(kt.ns, ns);
    kt.maxNs = std::max(kt.maxNs, ns);
    if (it->second.event != size_t(-1)) {
      r.events[it->second.event].end = t;
      r.events[it->second.event].unfinished = false;
    }
    running.erase(it);
    time(t);
  } else if (f[0] == "M" && f.size() == 9) {
    int device;
    if (f[1].getAsInteger(10, seq) || f[3].getAsInteger(10, device) ||
        f[4].getAsInteger(10, bytes) || f[5].getAsInteger(10, t) ||
        f[6].getAsInteger(10, t1) || t1 < t || f[8].getAsInteger(10, id))
      return;
    std::optional<ProfileEvent::Kind> op = opKind(f[2]);
    if (!op)
      return;
    size_t m = mapOfId(id);
    if (m == kNone)
      return;
    TransferTotals &tt = totals(r.maps[m], *op);
    add(tt.count, 1);
    add(tt.bytes, bytes);
    add(tt.ns, t1 - t);
    pushEvent({*op, device, t, t1, bytes, m, false});
    time(t1);
  } else if (f[0] == "AK" && f.size() == 5) {
    uint64_t launches, ns, maxNs;
    if (f[1].getAsInteger(10, id) || f[2].getAsInteger(10, launches) ||
        f[3].getAsInteger(10, ns) || f[4].getAsInteger(10, maxNs) ||
        !kernelById.count(id))
      return;
    KernelTotals &kt = r.kernels[kernelById[id]];
    add(kt.launches, launches);
    add(kt.ns, ns);
    kt.maxNs = std::max(kt.maxNs, maxNs);
  } else if (f[0] == "AM" && f.size() == 6) {
    std::optional<ProfileEvent::Kind> op = opKind(f[2]);
    uint64_t count, ns;
    if (!op || f[1].getAsInteger(10, id) || f[3].getAsInteger(10, count) ||
        f[4].getAsInteger(10, bytes) || f[5].getAsInteger(10, ns))
      return;
    size_t m = mapOfId(id);
    if (m == kNone)
      return;
    TransferTotals &tt = totals(r.maps[m], *op);
    add(tt.count, count);
    add(tt.bytes, bytes);
    add(tt.ns, ns);
  }
}

void LogReader::finish() {
  for (auto &[seq, run] : running) {
    KernelTotals &kt = r.kernels[run.kernel];
    ++kt.unfinished;
    uint64_t ns = r.spanNs - run.start;
    add(kt.ns, ns);
    kt.maxNs = std::max(kt.maxNs, ns);
    if (run.event != size_t(-1))
      r.events[run.event].end = r.spanNs;
  }
  running.clear();
}
} // namespace

ProfileReport ompx::pipeline::parseProfileLog(StringRef log, StringRef mapSites,
                                              StringRef kernelSites,
                                              StringRef inputPath) {
  ProfileReport r;
  r.input = inputPath.str();
  LogReader reader(r, mapSites, kernelSites, inputPath);
  // A crashed program leaves its last chunk's unwritten rest as NUL bytes.
  log = log.take_until([](char c) { return c == '\0'; });
  llvm::SmallVector<StringRef, 10> fields;
  for (StringRef line : llvm::split(log, '\n')) {
    fields.clear();
    line.split(fields, '\t');
    reader.line(fields);
  }
  reader.finish();
  return r;
}

ProfileReport ompx::pipeline::reportFromRecord(StringRef log,
                                               StringRef mapSites,
                                               StringRef kernelSites,
                                               const ProfileOrigin &origin) {
  ProfileReport report =
      parseProfileLog(log, mapSites, kernelSites, origin.input);
  report.device = origin.device;
  if (origin.emittedFrom.empty())
    return report;
  report.input = origin.emittedFrom;
  // flang ran in the Fortran file's folder: relative names are from there.
  StringRef folder = llvm::sys::path::parent_path(report.input);
  auto place = [&](ProfileSite &site) {
    if (site.source && !llvm::sys::path::is_absolute(site.source->file)) {
      llvm::SmallString<256> file(folder);
      llvm::sys::path::append(file, site.source->file);
      site.source->file = file.str().str();
    }
    // Links into a removed .mlir would lead nowhere: the Fortran lines stay.
    if (origin.emittedIsTemporary)
      site.mlir.reset();
  };
  for (KernelTotals &k : report.kernels)
    place(k.site);
  for (MapTotals &m : report.maps)
    place(m.site);
  return report;
}

llvm::json::Value ompx::pipeline::toJSON(const ProfileOrigin &o) {
  return llvm::json::Object{{"input", o.input},
                            {"emittedFrom", o.emittedFrom},
                            {"emittedIsTemporary", o.emittedIsTemporary},
                            {"device", o.device}};
}

bool ompx::pipeline::fromJSON(const llvm::json::Value &v, ProfileOrigin &o,
                              llvm::json::Path p) {
  llvm::json::ObjectMapper m(v, p);
  return m && m.map("input", o.input) &&
         m.mapOptional("emittedFrom", o.emittedFrom) &&
         m.mapOptional("emittedIsTemporary", o.emittedIsTemporary) &&
         m.mapOptional("device", o.device);
}

// --- report.json -----------------------------------------------------------

static const char *const kEventKinds[] = {"kernel", "alloc", "to", "from",
                                          "release"};

static llvm::json::Value toJSON(const SourceLocation &l) {
  return llvm::json::Object{
      {"file", l.file}, {"line", l.line}, {"column", l.column}};
}

static void addSite(llvm::json::Object &o, const ProfileSite &s) {
  o["op"] = s.op;
  o["name"] = s.name;
  if (s.mlir)
    o["mlir"] = toJSON(*s.mlir);
  if (s.source)
    o["source"] = toJSON(*s.source);
}

static llvm::json::Value toJSON(const TransferTotals &t) {
  return llvm::json::Object{
      {"count", t.count}, {"bytes", t.bytes}, {"ns", t.ns}};
}

llvm::json::Value ompx::pipeline::toJSON(const ProfileReport &r) {
  llvm::json::Array kernels, maps, events;
  for (const KernelTotals &k : r.kernels) {
    llvm::json::Object o;
    addSite(o, k.site);
    llvm::json::Array grids;
    for (const KernelTotals::Grid &g : k.grids)
      grids.push_back(llvm::json::Object{{"teams", g.teams},
                                         {"threads", g.threads},
                                         {"launches", g.launches}});
    o["mode"] = k.mode;
    o["launches"] = k.launches;
    o["unfinished"] = k.unfinished;
    o["ns"] = k.ns;
    o["maxNs"] = k.maxNs;
    o["grids"] = std::move(grids);
    if (!k.ran.empty()) {
      llvm::json::Array ran;
      for (const KernelTotals::Ran &g : k.ran)
        ran.push_back(llvm::json::Object{{"teams", g.teams},
                                         {"threads", g.threads},
                                         {"mode", g.mode},
                                         {"launches", g.launches}});
      o["ran"] = std::move(ran);
    }
    kernels.push_back(std::move(o));
  }
  for (const MapTotals &m : r.maps) {
    llvm::json::Object o;
    addSite(o, m.site);
    o["alloc"] = ::toJSON(m.alloc);
    o["to"] = ::toJSON(m.to);
    o["from"] = ::toJSON(m.from);
    o["release"] = ::toJSON(m.release);
    maps.push_back(std::move(o));
  }
  for (const ProfileEvent &e : r.events) {
    llvm::json::Object o{{"kind", kEventKinds[e.kind]},
                         {"device", e.device},
                         {"start", e.start},
                         {"end", e.end},
                         {"bytes", e.bytes},
                         {"index", uint64_t(e.index)},
                         {"unfinished", e.unfinished}};
    if (e.kind == ProfileEvent::Kernel) {
      o["teams"] = e.teams;
      o["threads"] = e.threads;
      if (e.ranTeams || e.ranThreads) {
        o["ranTeams"] = e.ranTeams;
        o["ranThreads"] = e.ranThreads;
        o["ranMode"] = e.ranMode;
      }
    }
    events.push_back(std::move(o));
  }
  return llvm::json::Object{{"version", kProfileReportVersion},
                            {"input", r.input},
                            {"device", r.device},
                            {"started", r.started},
                            {"connected", r.connected},
                            {"complete", r.complete},
                            {"full", r.full},
                            {"spanNs", r.spanNs},
                            {"kernels", std::move(kernels)},
                            {"maps", std::move(maps)},
                            {"events", std::move(events)},
                            {"droppedEvents", r.droppedEvents},
                            {"pastLimits", r.pastLimits}};
}

std::string ompx::pipeline::profileReportText(const ProfileReport &r) {
  return llvm::formatv("{0:2}", toJSON(r)).str() + "\n";
}

namespace ompx::pipeline {
// The readers llvm::json's ObjectMapper finds by argument-dependent lookup.
static bool fromJSON(const llvm::json::Value &v, SourceLocation &l,
                     llvm::json::Path p) {
  llvm::json::ObjectMapper o(v, p);
  return o && o.map("file", l.file) && o.map("line", l.line) &&
         o.map("column", l.column);
}
static bool fromJSON(const llvm::json::Value &v, TransferTotals &t,
                     llvm::json::Path p) {
  llvm::json::ObjectMapper o(v, p);
  return o && o.map("count", t.count) && o.map("bytes", t.bytes) &&
         o.map("ns", t.ns);
}
static bool mapSite(llvm::json::ObjectMapper &o, ProfileSite &s) {
  return o.map("op", s.op) && o.map("name", s.name) &&
         o.mapOptional("mlir", s.mlir) && o.mapOptional("source", s.source);
}
static bool fromJSON(const llvm::json::Value &v, KernelTotals::Grid &g,
                     llvm::json::Path p) {
  llvm::json::ObjectMapper o(v, p);
  return o && o.map("teams", g.teams) && o.map("threads", g.threads) &&
         o.map("launches", g.launches);
}
static bool fromJSON(const llvm::json::Value &v, KernelTotals::Ran &g,
                     llvm::json::Path p) {
  llvm::json::ObjectMapper o(v, p);
  return o && o.map("teams", g.teams) && o.map("threads", g.threads) &&
         o.map("mode", g.mode) && o.map("launches", g.launches);
}
static bool fromJSON(const llvm::json::Value &v, KernelTotals &k,
                     llvm::json::Path p) {
  llvm::json::ObjectMapper o(v, p);
  return o && mapSite(o, k.site) && o.map("mode", k.mode) &&
         o.map("launches", k.launches) && o.map("unfinished", k.unfinished) &&
         o.map("ns", k.ns) && o.map("maxNs", k.maxNs) &&
         o.map("grids", k.grids) && o.mapOptional("ran", k.ran);
}
static bool fromJSON(const llvm::json::Value &v, MapTotals &m,
                     llvm::json::Path p) {
  llvm::json::ObjectMapper o(v, p);
  return o && mapSite(o, m.site) && o.map("alloc", m.alloc) &&
         o.map("to", m.to) && o.map("from", m.from) &&
         o.map("release", m.release);
}
static bool fromJSON(const llvm::json::Value &v, ProfileEvent &e,
                     llvm::json::Path p) {
  llvm::json::ObjectMapper o(v, p);
  std::string kind;
  uint64_t index = 0;
  if (!(o && o.map("kind", kind) && o.map("device", e.device) &&
        o.map("start", e.start) && o.map("end", e.end) &&
        o.map("bytes", e.bytes) && o.map("index", index) &&
        o.map("unfinished", e.unfinished) && o.mapOptional("teams", e.teams) &&
        o.mapOptional("threads", e.threads) &&
        o.mapOptional("ranTeams", e.ranTeams) &&
        o.mapOptional("ranThreads", e.ranThreads) &&
        o.mapOptional("ranMode", e.ranMode)))
    return false;
  const auto *it = llvm::find(kEventKinds, kind);
  if (it == std::end(kEventKinds)) {
    p.field("kind").report("expected kernel, alloc, to, from or release");
    return false;
  }
  e.kind = ProfileEvent::Kind(it - std::begin(kEventKinds));
  e.index = index;
  if (e.end < e.start) {
    p.field("end").report("ends before it starts");
    return false;
  }
  return true;
}
} // namespace ompx::pipeline

llvm::Expected<ProfileReport>
ompx::pipeline::readProfileReport(StringRef json) {
  llvm::Expected<llvm::json::Value> v = ompx::parseJson(json);
  if (!v)
    return llvm::createStringError("not JSON: " + toString(v.takeError()));
  llvm::json::Path::Root root("report");
  llvm::json::ObjectMapper o(*v, root);
  ProfileReport r;
  int version = 0;
  if (!o || !o.map("version", version)) {
    llvm::consumeError(root.getError());
    return llvm::createStringError("not a report of `ompx-lsp launch "
                                   "--profile` (no \"version\")");
  }
  if (version != kProfileReportVersion)
    return llvm::createStringError(
        llvm::formatv("a report of version {0}; this ompx reads version {1}",
                      version, kProfileReportVersion)
            .str());
  if (!(o.map("input", r.input) && o.map("device", r.device) &&
        o.map("started", r.started) && o.map("connected", r.connected) &&
        o.map("complete", r.complete) && o.map("full", r.full) &&
        o.map("spanNs", r.spanNs) && o.map("kernels", r.kernels) &&
        o.map("maps", r.maps) && o.map("events", r.events) &&
        o.map("droppedEvents", r.droppedEvents) &&
        o.mapOptional("pastLimits", r.pastLimits)))
    return llvm::createStringError("invalid report: " +
                                   toString(root.getError()));
  // An event names a row of its table.
  for (const ProfileEvent &e : r.events)
    if (e.index >=
        (e.kind == ProfileEvent::Kernel ? r.kernels.size() : r.maps.size()))
      return llvm::createStringError(
          "invalid report: an event names a kernel or map entry the report "
          "does not have");
  if (r.events.size() > kMaxProfileEvents)
    return llvm::createStringError("invalid report: more than " +
                                   std::to_string(kMaxProfileEvents) +
                                   " events");
  // As bounded as a report made here.
  if (r.kernels.size() > kMaxProfileKernels ||
      r.maps.size() > kMaxProfileMaps ||
      llvm::any_of(r.kernels, [](const KernelTotals &k) {
        return k.grids.size() > kMaxProfileGrids ||
               k.ran.size() > kMaxProfileGrids;
      }))
    return llvm::createStringError(llvm::formatv(
        "invalid report: more than {0} kernels, {1} map entries or {2} "
        "grids of a kernel",
        kMaxProfileKernels, kMaxProfileMaps, kMaxProfileGrids));
  // Each launch ran with one grid, of no negative size.
  for (const KernelTotals &k : r.kernels) {
    uint64_t ran = 0;
    for (const KernelTotals::Ran &g : k.ran) {
      if (g.teams < 0 || g.threads < 0 || g.launches > k.launches)
        return llvm::createStringError(
            "invalid report: a kernel ran with a negative grid, or more "
            "launches than it had");
      ran += g.launches;
    }
    if (ran > k.launches)
      return llvm::createStringError("invalid report: a kernel's grids hold "
                                     "more launches than it had");
  }
  return r;
}

bool ompx::pipeline::isReplaceableReport(StringRef path) {
  if (!llvm::sys::fs::exists(path))
    return true;
  if (llvm::sys::path::extension(path) == ".html") {
    auto head = ompx::readRegularFileHead(path, 4096);
    if (!head) {
      llvm::consumeError(head.takeError());
      return false;
    }
    return StringRef(*head).contains("<title>ompx profile: ");
  }
  auto text = ompx::readRegularFile(path, uint64_t(256) << 20);
  if (!text) {
    llvm::consumeError(text.takeError());
    return false;
  }
  llvm::Expected<ProfileReport> report = readProfileReport(*text);
  if (!report) {
    llvm::consumeError(report.takeError());
    return false;
  }
  return true;
}

// --- Text ------------------------------------------------------------------

/// "412 µs", "0.91 ms", "1.94 s": three significant digits, in µs below
/// 1 ms, in s from 1 s (whole seconds from 1000 s).
std::string ompx::pipeline::profileDuration(uint64_t ns) {
  if (ns < 1000000)
    return llvm::formatv("{0} µs", llvm::format("%.3g", ns / 1e3)).str();
  // %.3g writes 1000 and more as 1e+03.
  if (ns < 999500000)
    return llvm::formatv("{0} ms", llvm::format("%.3g", ns / 1e6)).str();
  if (ns < 999500000000)
    return llvm::formatv("{0} s", llvm::format("%.3g", ns / 1e9)).str();
  return llvm::formatv("{0} s", llvm::format("%.0f", ns / 1e9)).str();
}

std::string ompx::pipeline::profileBytes(uint64_t bytes) {
  if (bytes < 1024)
    return std::to_string(bytes) + " B";
  const char *units[] = {"KiB", "MiB", "GiB", "TiB"};
  double v = bytes / 1024.0;
  size_t u = 0;
  for (; v >= 1024 && u + 1 < std::size(units); ++u)
    v /= 1024;
  return llvm::formatv("{0} {1}", llvm::format("%.4g", v), units[u]).str();
}

static std::string plural(uint64_t n, StringRef one, StringRef many) {
  return std::to_string(n) + " " + (n == 1 ? one : many).str();
}

std::string ompx::pipeline::profileMode(StringRef mode) {
  if (mode == "spmd")
    return "SPMD";
  if (mode == "generic-spmd")
    return "generic-SPMD";
  if (mode == "spmd-no-loop")
    return "SPMD-no-loop";
  return mode.str();
}

std::string ompx::pipeline::profileGrid(int32_t teams, int32_t threads) {
  return teams > 0 && threads > 0
             ? std::to_string(teams) + "×" + std::to_string(threads)
         : teams > 0   ? plural(teams, "team", "teams")
         : threads > 0 ? plural(threads, "thread", "threads")
                       : "";
}

/// " (asked 4×64)" where the program asked for another grid than it ran
/// with; "" where it asked for none or for that one.
static std::string asked(int32_t teams, int32_t threads, int32_t askedTeams,
                         int32_t askedThreads) {
  bool differs = (askedTeams > 0 && askedTeams != teams) ||
                 (askedThreads > 0 && askedThreads != threads);
  return differs ? " (asked " +
                       profileGrid(std::max(askedTeams, 0),
                                   std::max(askedThreads, 0)) +
                       ")"
                 : "";
}

std::string ompx::pipeline::launchGrid(const ProfileEvent &e) {
  if (!e.ranTeams && !e.ranThreads)
    return profileGrid(e.teams, e.threads);
  return profileGrid(e.ranTeams, e.ranThreads) +
         asked(e.ranTeams, e.ranThreads, e.teams, e.threads);
}

std::string ompx::pipeline::kernelFigures(const KernelTotals &k) {
  std::string out =
      plural(k.launches, "launch", "launches") + " · " + profileDuration(k.ns);
  // The grid and mode it ran with when the runtime said (several: how
  // many); else the grid as asked for (none asked for, 0 x 0: the
  // runtime's choice) and the image's mode.
  std::string grid, mode = profileMode(k.mode), suffix;
  if (k.ran.size() == 1) {
    const KernelTotals::Ran &ran = k.ran[0];
    grid = profileGrid(ran.teams, ran.threads);
    mode = profileMode(ran.mode);
    if (k.grids.size() == 1)
      suffix =
          asked(ran.teams, ran.threads, k.grids[0].teams, k.grids[0].threads);
  } else if (k.ran.size() > 1) {
    grid = std::to_string(k.ran.size()) + " grids";
    mode.clear();
  } else if (k.grids.size() == 1) {
    grid = profileGrid(k.grids[0].teams, k.grids[0].threads);
  } else if (k.grids.size() > 1) {
    grid = std::to_string(k.grids.size()) + " grids";
  }
  if (!grid.empty() || !mode.empty())
    out += " · " + grid + (grid.empty() || mode.empty() ? "" : " ") + mode +
           suffix;
  if (k.unfinished)
    out += " · " + std::to_string(k.unfinished) + " unfinished";
  return out;
}

std::string ompx::pipeline::mapFigures(const MapTotals &m) {
  std::vector<std::string> parts;
  auto copies = [&](StringRef dir, const TransferTotals &t) {
    if (t.count)
      parts.push_back(dir.str() + ": " + profileBytes(t.bytes) + " in " +
                      plural(t.count, "copy", "copies"));
  };
  copies("to", m.to);
  copies("from", m.from);
  // Device memory only (map alloc, or a copy made before the record saw it).
  if (parts.empty() && m.alloc.count)
    parts.push_back("alloc: " + profileBytes(m.alloc.bytes) + " in " +
                    plural(m.alloc.count, "allocation", "allocations"));
  if (parts.empty() && m.release.count)
    parts.push_back("released " + plural(m.release.count, "time", "times"));
  parts.push_back(profileDuration(m.ns()));
  return llvm::join(parts, " · ");
}

static std::string at(const SourceLocation &l) {
  return l.file + ":" + std::to_string(l.line) + ":" + std::to_string(l.column);
}

/// "saxpy.f90:15:9: omp.target at saxpy.hlfir.mlir:337:5", as much as is
/// known.
static std::string where(const ProfileSite &s, StringRef what) {
  std::string out;
  if (s.source)
    out = at(*s.source) + ": ";
  else if (s.mlir)
    out = at(*s.mlir) + ": ";
  out += what.str();
  if (s.source && s.mlir)
    out += " (" + (s.op.empty() ? std::string("op") : s.op) + " at " +
           at(*s.mlir) + ")";
  else if (!s.op.empty())
    out += " (" + s.op + ")";
  return out;
}

/// `line` for a terminal: a name from the record or the report may hold
/// anything, and a control character (an escape sequence, a line break
/// that forges a row) is shown as \xNN.
static std::string printable(StringRef line) {
  std::string out;
  out.reserve(line.size());
  for (unsigned char c : line)
    if (c < 0x20 || c == 0x7f)
      out += llvm::formatv("\\x{0:x-2}", unsigned(c)).str();
    else
      out += c;
  return out;
}

std::string ompx::pipeline::formatProfileSummary(const ProfileReport &r,
                                                 size_t limit) {
  uint64_t launches = 0, ops = 0;
  for (const KernelTotals &k : r.kernels)
    launches += k.launches;
  for (const MapTotals &m : r.maps)
    ops += m.alloc.count + m.to.count + m.from.count + m.release.count;
  std::string out =
      "profile of " + printable(r.input) +
      (r.device.empty() ? "" : " on " + printable(r.device)) + ": " +
      plural(launches, "kernel launch", "kernel launches") + ", " +
      plural(ops, "data operation", "data operations") + " in " +
      profileDuration(r.spanNs) + "; " +
      (r.complete  ? "the program ran to its end"
       : r.started ? "the program did not reach its end (it crashed or "
                     "was stopped): the record up to then"
                   : "the recorder did not start in the program") +
      "\n";
  bool ranKnown = llvm::any_of(
      r.kernels, [](const KernelTotals &k) { return !k.ran.empty(); });
  if (StringRef(r.device).starts_with("host-offload") && launches && !ranKnown)
    out += "note: host-offload runs each kernel as one team of one thread "
           "(LIBOMPTARGET_INFO: generic mode); the grids below are those "
           "asked for, the modes those of the device image\n";
  std::vector<const KernelTotals *> kernels;
  for (const KernelTotals &k : r.kernels)
    kernels.push_back(&k);
  llvm::stable_sort(kernels, [](auto *a, auto *b) { return a->ns > b->ns; });
  if (!kernels.empty())
    out += "kernels, most time first:\n";
  for (size_t i = 0; i < kernels.size() && (!limit || i < limit); ++i)
    out += "  " +
           printable(where(kernels[i]->site, kernels[i]->site.name) + ": " +
                     kernelFigures(*kernels[i])) +
           "\n";
  std::vector<const MapTotals *> maps;
  for (const MapTotals &m : r.maps)
    maps.push_back(&m);
  llvm::stable_sort(maps, [](auto *a, auto *b) { return a->ns() > b->ns(); });
  if (!maps.empty())
    out += "map entries, most time first:\n";
  for (size_t i = 0; i < maps.size() && (!limit || i < limit); ++i)
    out += "  " +
           printable(where(maps[i]->site, "'" + maps[i]->site.name + "'") +
                     ": " + mapFigures(*maps[i])) +
           "\n";
  if (r.full)
    out += "(the record reached its size limit: later events are in the "
           "totals only)\n";
  if (r.pastLimits)
    out += llvm::formatv("(the report keeps the first {0} kernels, {1} map "
                         "entries and {2} grids of each kernel: {3} lines of "
                         "the record past these limits are left out)\n",
                         kMaxProfileKernels, kMaxProfileMaps, kMaxProfileGrids,
                         r.pastLimits)
               .str();
  if (r.droppedEvents)
    out += "(the timeline keeps the first " +
           std::to_string(kMaxProfileEvents) + " events; " +
           std::to_string(r.droppedEvents) + " more are in the totals only)\n";
  return out;
}
