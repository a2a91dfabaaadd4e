//===- ProfileLog.cpp - Fuzz target: a recorded launch's record and report ===//
//
// `launch --profile` reads what the program's preloaded recorder wrote (a
// program that crashes or is killed leaves any bytes there) with the
// build's two sidecars, and `ompx-lsp report` reads a report.json anyone
// may hand it. The input is the map-site sidecar, a line `--`, the kernel
// sidecar, a line `--`, then the record; the same bytes are also read as a
// report.json, and its first line as a bundle's origin.json. Every report
// made or accepted names only rows it has, within the report's limits, its
// events end after they start, it goes through report.json unchanged, and
// its HTML holds no name unescaped.
//
//===----------------------------------------------------------------------===//

#include "fuzz/FuzzTargets.h"

#include "pipeline/launch/ProfileReport.h"
#include "support/JsonParse.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FormatVariadic.h"

using namespace ompx::pipeline;
using llvm::StringRef;
using ompx::fuzz::check;

static void checkReport(const ProfileReport &r) {
  for (const ProfileEvent &e : r.events) {
    check(e.index < (e.kind == ProfileEvent::Kernel ? r.kernels.size()
                                                    : r.maps.size()),
          "an event names a row of its table");
    check(e.end >= e.start, "an event ends after it starts");
  }
  check(r.events.size() <= kMaxProfileEvents, "the timeline is bounded");
  check(r.kernels.size() <= kMaxProfileKernels &&
            r.maps.size() <= kMaxProfileMaps,
        "the rows are bounded");
  for (const KernelTotals &k : r.kernels) {
    uint64_t ran = 0;
    for (const KernelTotals::Ran &g : k.ran) {
      check(g.teams >= 0 && g.threads >= 0, "a grid that ran is not negative");
      ran += g.launches;
    }
    check(ran <= k.launches, "a launch ran with one grid at most");
    check(k.grids.size() <= kMaxProfileGrids &&
              k.ran.size() <= kMaxProfileGrids,
          "a kernel's grids are bounded");
  }
  std::string summary = formatProfileSummary(r);
  check(StringRef(summary).ends_with("\n"), "the summary ends its lines");
  std::string html = profileHtml(r);
  // The page's own script only; no name's markup.
  check(html.find("<script>") == html.rfind("<script>"),
        "the HTML has one script, its own");
  // Every name, marked: markup of the page's own may contain a name (a
  // kernel named `<script>`), a marked one never. The mark starts with `<`:
  // no markup of the page ends with one, so the mark cannot be made of a
  // name's escaped tail and the page's next tag (a kernel named `ompx-raw`
  // before `</td>`).
  ProfileReport marked = r;
  constexpr StringRef kMark = "<ompx-raw";
  for (KernelTotals &k : marked.kernels) {
    k.site.name = (kMark + k.site.name).str();
    k.site.op = (kMark + k.site.op).str();
  }
  for (MapTotals &m : marked.maps) {
    m.site.name = (kMark + m.site.name).str();
    m.site.op = (kMark + m.site.op).str();
  }
  std::string markedHtml = profileHtml(marked);
  check(!StringRef(markedHtml).contains(kMark),
        "every kernel's and variable's name is escaped");
}

int ompx::fuzz::profileLog(const uint8_t *data, size_t size) {
  StringRef input(reinterpret_cast<const char *>(data), size);
  auto [mapSites, rest] = input.split("\n--\n");
  auto [kernelSites, log] = rest.split("\n--\n");
  ProfileReport r = parseProfileLog(log, mapSites, kernelSites, "/w/a.mlir");
  checkReport(r);
  std::string json = llvm::formatv("{0}", toJSON(r)).str();
  llvm::Expected<ProfileReport> back = readProfileReport(json);
  check(bool(back), "a report reads back");
  if (back)
    check(llvm::formatv("{0}", toJSON(*back)).str() == json,
          "a report reads back unchanged");
  else
    llvm::consumeError(back.takeError());
  // The same record from a bundle whose origin.json is the record's first
  // line: the places move to the Fortran file's folder, nothing is read.
  ProfileOrigin origin;
  llvm::json::Path::Root root;
  if (llvm::Expected<llvm::json::Value> v =
          ompx::parseJson(input.take_until([](char c) { return c == '\n'; })))
    (void)fromJSON(*v, origin, root);
  else
    llvm::consumeError(v.takeError());
  checkReport(reportFromRecord(log, mapSites, kernelSites, origin));
  // The bytes as someone's report.json.
  if (llvm::Expected<ProfileReport> given = readProfileReport(input))
    checkReport(*given);
  else
    llvm::consumeError(given.takeError());
  return 0;
}
