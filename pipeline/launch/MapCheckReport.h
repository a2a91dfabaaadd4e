//===- MapCheckReport.h - What a checked launch found -----------*- C++ -*-===//
//
// `launch --check-maps` preloads the checker (pipeline/runtime/MapCheck.c)
// into the program; it writes what it sees to a log file as it goes. After
// the run (or the crash) the log and the build's map-site sidecar
// (compile/MapSites.h) become MapFindings located at the map clauses.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_LAUNCH_MAPCHECKREPORT_H
#define OMPX_PIPELINE_LAUNCH_MAPCHECKREPORT_H

#include "pipeline/launch/Launch.h"

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace ompx::pipeline {

/// The log file in the work folder (OMPX_MAPCHECK_LOG).
inline constexpr const char *kMapCheckLogFile = "mapcheck.log";

struct MapCheckReport {
  bool started = false;   ///< libomp started the tool (OMPT)
  bool connected = false; ///< libomptarget reported its devices to it
  std::vector<MapFinding> findings;
};

/// Reads the checker's `log` text and the build's `sidecar` text (empty
/// for a program not built by this launch) for a program built from
/// `inputPath`.
MapCheckReport parseMapCheckLog(llvm::StringRef log, llvm::StringRef sidecar,
                                llvm::StringRef inputPath);

/// `PATH:LINE:COL: warning: MESSAGE [mapcheck-CHECK]` and its note, each
/// line ending in '\n'.
std::string formatMapFinding(const MapFinding &finding);

/// The finding's message with how often it was seen: "... (once)",
/// "... (3 times)".
std::string mapFindingMessage(const MapFinding &finding);

} // namespace ompx::pipeline

#endif // OMPX_PIPELINE_LAUNCH_MAPCHECKREPORT_H
