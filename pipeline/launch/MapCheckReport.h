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

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace ompx::pipeline {

/// The log file in the work folder (OMPX_MAPCHECK_LOG).
inline constexpr const char *kMapCheckLogFile = "mapcheck.log";

struct MapCheckReport {
  bool started = false;   ///< libomp started the tool (OMPT)
  bool connected = false; ///< libomptarget reported its devices to it
  std::vector<MapFinding> findings;
};

/// A line of the map-site sidecar (compile/MapSites.h): the op in the input
/// and where it came from.
struct MapSite {
  std::string op, variable;
  std::optional<SourceLocation> source;
  /// Nothing on the host reads the variable after the construct (every map
  /// op at this place says so).
  bool unreadAfter = false;
};

/// The sidecar's sites by .mlir line and column.
std::map<std::pair<unsigned, unsigned>, MapSite>
readMapSites(llvm::StringRef sidecar);

/// The map clause string flang's translation makes: `;FILE;NAME;LINE;COL;;`
/// (FILE may hold ';': the fields are taken from the end), or the same with
/// NAME first, as ompx builds a program to run (nameMapEntries): the field
/// that names a source file (a path, a source extension) is FILE. NAME is
/// without the element kind the build appends for the checker (`#f8`).
struct MapClause {
  std::string file, name;
  unsigned line = 0, column = 0;
  /// The build says nothing on the host reads the variable after the
  /// construct (MapSites.h kUnreadAfterTag).
  bool unreadAfter = false;
};
std::optional<MapClause> parseMapClause(llvm::StringRef text);

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
