//===- MapCheckLog.cpp - Fuzz target: a checked launch's log and sidecar --===//
//
// `launch --check-maps` reads what the program's preloaded checker wrote
// (a program that crashes leaves any bytes there) and the build's map-site
// sidecar. The input is the sidecar, a line `--`, then the log: every
// finding parsed must carry what its report line needs, and formatting it
// must give one warning or remark line, with a note line only where the op
// in the MLIR is known.
//
//===----------------------------------------------------------------------===//

#include "fuzz/FuzzTargets.h"

#include "pipeline/launch/MapCheckReport.h"

#include "llvm/ADT/StringRef.h"

using namespace ompx::pipeline;
using llvm::StringRef;
using ompx::fuzz::check;

int ompx::fuzz::mapCheckLog(const uint8_t *data, size_t size) {
  StringRef input(reinterpret_cast<const char *>(data), size);
  auto [sidecar, log] = input.split("\n--\n");
  MapCheckReport report = parseMapCheckLog(log, sidecar, "/w/a.mlir");
  for (const MapFinding &f : report.findings) {
    check(!f.check.empty(), "a finding names its class");
    check(f.count >= 1, "a finding was seen at least once");
    std::string text = formatMapFinding(f);
    check(StringRef(text).ends_with("\n"), "a report ends its lines");
    check(StringRef(text).contains("[mapcheck-" + f.check + "]"),
          "a report names its class");
    // The log's and the sidecar's fields never hold a line break.
    check(StringRef(text).count('\n') == (f.mapOp ? 2u : 1u),
          "a finding is one line, with a note where the op is known");
  }
  return 0;
}
