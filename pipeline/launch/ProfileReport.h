//===- ProfileReport.h - What a recorded launch saw -------------*- C++ -*-===//
//
// `launch --profile` preloads the observer (pipeline/runtime/Profile.c)
// into the program; it records each kernel launch and each data operation
// as it goes. After the run (or the crash, or the cancel) the record and the
// build's sidecars (compile/MapSites.h: map entries and kernels) become a
// ProfileReport: per-op totals keyed by the op in the .mlir and its Fortran
// line, and the events of a timeline. It is written as report.json (and
// read back by `ompx-lsp report` and the editors), as a text summary and as
// a self-contained HTML timeline.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_LAUNCH_PROFILEREPORT_H
#define OMPX_PIPELINE_LAUNCH_PROFILEREPORT_H

#include "pipeline/Types.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ompx::pipeline {

/// The record in the work folder (OMPX_PROFILE_LOG).
inline constexpr const char *kProfileLogFile = "profile.log";
/// A bundle built with --profile: the folder of what its record's report
/// is made with (the build's sidecars and the origin, as JSON).
inline constexpr const char *kBundledProfileDir = "profile";
inline constexpr const char *kProfileOriginFile = "origin.json";
/// report.json's format; a reader refuses another.
inline constexpr int kProfileReportVersion = 1;

/// The op of the input a kernel or a map entry belongs to.
struct ProfileSite {
  /// omp.target or the acc compute op; omp.map.info or the acc data clause.
  /// Empty when no sidecar names it (a program not built by this launch).
  std::string op;
  /// The kernel's symbol / the mapped variable.
  std::string name;
  /// The op in the .mlir the program was built from.
  std::optional<SourceLocation> mlir;
  /// Its Fortran line, when the MLIR's locations hold one.
  std::optional<SourceLocation> source;
};

/// Data operations of one direction: how many, their bytes and time.
struct TransferTotals {
  uint64_t count = 0, bytes = 0, ns = 0;
};

struct KernelTotals {
  ProfileSite site;
  /// The execution mode of the image (generic, spmd, generic-spmd, ...).
  std::string mode;
  uint64_t launches = 0;
  /// Launches the program's end cut short (a crash or a cancel).
  uint64_t unfinished = 0;
  uint64_t ns = 0, maxNs = 0;
  /// The grids the program asked for, teams x threads (0: the runtime's
  /// choice; teams -1: no teams construct), with how many launches asked
  /// for each, in first-seen order.
  struct Grid {
    int32_t teams = 0, threads = 0;
    uint64_t launches = 0;
  };
  std::vector<Grid> grids;
  /// The grids and modes it ran with, as the plugin chose them
  /// (LIBOMPTARGET_INFO's launch line), with how many launches each; empty
  /// when the runtime did not say.
  struct Ran {
    int32_t teams = 0, threads = 0;
    std::string mode;
    uint64_t launches = 0;
  };
  std::vector<Ran> ran;
};

struct MapTotals {
  ProfileSite site;
  TransferTotals alloc, to, from, release;
  uint64_t ns() const { return alloc.ns + to.ns + from.ns + release.ns; }
};

/// One bar of the timeline.
struct ProfileEvent {
  enum Kind { Kernel, Alloc, To, From, Release } kind = Kernel;
  int device = 0;
  uint64_t start = 0, end = 0; ///< ns since the tool started
  uint64_t bytes = 0;
  /// Into ProfileReport::kernels (Kernel) or ::maps (the others).
  size_t index = 0;
  bool unfinished = false;
  /// A kernel launch's grid as asked for (KernelTotals::Grid's meaning).
  int32_t teams = 0, threads = 0;
  /// ... and as it ran (0 x 0: not known), in the runtime's mode.
  int32_t ranTeams = 0, ranThreads = 0;
  std::string ranMode;
};

struct ProfileReport {
  std::string input;      ///< the .mlir (or program) launched
  std::string device;     ///< as --device says it
  bool started = false;   ///< libomp started the tool
  bool connected = false; ///< libomptarget reported a device
  bool complete = false;  ///< the program reached its end
  /// The record grew to its limit: later events are in the totals only
  /// (none when the program did not reach its end).
  bool full = false;
  uint64_t spanNs = 0; ///< from the tool's start to the last event
  std::vector<KernelTotals> kernels;
  std::vector<MapTotals> maps;
  /// The first kMaxProfileEvents events; how many more there were.
  std::vector<ProfileEvent> events;
  uint64_t droppedEvents = 0;
  /// Lines of the record past the limits below, in no row: a kernel or
  /// map entry not kept (with its launches and copies), a grid not kept
  /// (its launch is counted), a launch while too many were running.
  uint64_t pastLimits = 0;
};

inline constexpr size_t kMaxProfileEvents = 20000;
/// What a report keeps of a record, so that a record of any size (or one
/// written by something else) makes a report of bounded size in bounded
/// time: kernels, map entries, grids of one kernel (asked for, and ran),
/// launches running at once.
inline constexpr size_t kMaxProfileKernels = 65536;
inline constexpr size_t kMaxProfileMaps = 65536;
inline constexpr size_t kMaxProfileGrids = 256;
inline constexpr size_t kMaxProfileRunning = 65536;

/// Reads the recorder's `log` (what precedes its first NUL byte: the rest
/// of a crashed program's last chunk) with the build's `mapSites` and
/// `kernelSites` sidecars (empty for a program not built by this launch),
/// for a program built from `inputPath`. Lines it cannot read are skipped.
ProfileReport parseProfileLog(llvm::StringRef log, llvm::StringRef mapSites,
                              llvm::StringRef kernelSites,
                              llvm::StringRef inputPath);

/// Where a recorded program came from: what its report's places are in.
struct ProfileOrigin {
  std::string input;       ///< the .mlir (or program) launched, absolute
  std::string emittedFrom; ///< the Fortran file it was emitted from, or ""
  /// That .mlir was the launch's own, gone after it: no links into it.
  bool emittedIsTemporary = false;
  std::string device; ///< as --device says it
};
llvm::json::Value toJSON(const ProfileOrigin &origin);
bool fromJSON(const llvm::json::Value &value, ProfileOrigin &origin,
              llvm::json::Path path);

/// parseProfileLog for a program from `origin`: the report names the
/// Fortran file it was emitted from as its input, with relative Fortran
/// names from that file's folder (where flang ran).
ProfileReport reportFromRecord(llvm::StringRef log, llvm::StringRef mapSites,
                               llvm::StringRef kernelSites,
                               const ProfileOrigin &origin);

llvm::json::Value toJSON(const ProfileReport &report);
/// report.json's text: toJSON, indented, with a final newline.
std::string profileReportText(const ProfileReport &report);
/// report.json as toJSON writes it; a clear error for anything else.
llvm::Expected<ProfileReport> readProfileReport(llvm::StringRef json);

/// Whether `path` may be written with a report or its HTML timeline: it
/// does not exist, or it is an earlier one of ompx's (a report.json that
/// reads back; an .html with the timeline's title). Anything else is the
/// user's, and never replaced.
bool isReplaceableReport(llvm::StringRef path);

/// `ompx-lsp report`'s text: the run, then kernels and transfers, the
/// hot spots (most time) first; `limit` rows of each (0: all).
std::string formatProfileSummary(const ProfileReport &report, size_t limit = 0);

/// "412 µs", "0.91 ms", "1.94 s": three significant digits, in µs below
/// 1 ms, in s from 1 s (whole seconds from 1000 s).
std::string profileDuration(uint64_t ns);

/// "512 B", "256 KiB", "1.5 MiB".
std::string profileBytes(uint64_t bytes);
/// "4×128", "4 teams", "" (the runtime's choice): a grid as asked for.
std::string profileGrid(int32_t teams, int32_t threads);
/// A launch's grid for people: as it ran ("2112×128"), with what was asked
/// for when that differs ("1×1 (asked 7×32)"); as asked for when the
/// runtime did not say (its mode: ranMode).
std::string launchGrid(const ProfileEvent &event);
/// "SPMD", "generic": an execution mode as the report spells it, for people.
std::string profileMode(llvm::StringRef mode);

/// "3 launches · 0.91 ms · 4×128 SPMD": a kernel's figures in a line.
std::string kernelFigures(const KernelTotals &kernel);
/// "to: 256 KiB in 2 copies · 0.2 ms": a map entry's, one direction each.
std::string mapFigures(const MapTotals &map);

/// The self-contained HTML timeline (one file, no network; every name from
/// the record or the input escaped).
std::string profileHtml(const ProfileReport &report);

/// `text` with & < > " ' as HTML entities.
std::string escapeHtml(llvm::StringRef text);

} // namespace ompx::pipeline

#endif // OMPX_PIPELINE_LAUNCH_PROFILEREPORT_H
