//===- ProfileMarks.h - A recorded launch's figures on the ops --*- C++ -*-===//
//
// After `compileAndLaunch` with `profile`, each kernel's and each map
// entry's totals belong to an op of the launched document (its location in
// the report). These pure functions place them in the document as it is
// now: a code lens on the op, a hover with the per-launch table, and the
// hot spots ranked by time. A document edited since the launch keeps a mark
// only where a line still reads as its op's line read then: a figure is
// never put on another op. Plain data in, plain data out; the service
// builds the record from the report, the LSP layer makes protocol of it.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_FEATURES_PROFILEMARKS_H
#define OMPX_FEATURES_PROFILEMARKS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ompx {

/// What the launch saw at one op: a kernel's or a map entry's figures.
struct ProfileMark {
  enum class Kind { Kernel, Map } kind = Kind::Kernel;
  uint32_t line = 0;    ///< the op's line at the launch, zero-based
  uint32_t column = 0;  ///< the op's column then, zero-based bytes
  std::string lineText; ///< that line's text then (no line break)
  std::string op;       ///< omp.target, omp.map.info, acc.copyin, ...
  std::string name;     ///< the kernel's symbol, the mapped variable
  std::string figures;  ///< "3 launches · 0.91 ms · 4×64 SPMD"
  uint64_t ns = 0;      ///< its time, for the ranking
  std::string source;   ///< "grid.f90:15", or empty
  /// Its Fortran line (1-based; 0: none) in ProfileRecord::sources[index]
  /// (-1: a file not read at the launch).
  uint32_t sourceLine = 0;
  int sourceIndex = -1;
  /// The hover's table: its header and rows (cells are plain text), and a
  /// line below it ("… 12 more launches"), if any.
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
  std::string note;
};

/// A Fortran file the ops came from, as it read at the launch.
struct ProfileSource {
  std::string path;
  std::string text;
};

/// A document's last recorded launch: the text it was built from.
struct ProfileRecord {
  std::string text;
  std::vector<ProfileMark> marks;
  std::vector<ProfileSource> sources;
};

/// A mark where the document holds its op now.
struct PlacedProfileMark {
  const ProfileMark *mark = nullptr;
  uint32_t line = 0;   ///< zero-based, in the document now
  uint32_t offset = 0; ///< the op's start there, in bytes
  bool stale = false;  ///< the document changed since the launch
};

/// The marks of `record` in `text`, in the record's order. Unchanged text:
/// each at its op. Changed: each marked stale at the line that reads as
/// its op's line did (that line, else the one line that does), and dropped
/// where no line or several lines do.
std::vector<PlacedProfileMark> placeProfileMarks(const ProfileRecord &record,
                                                 llvm::StringRef text);

/// The marks whose ops came from the Fortran file `path` (its text now:
/// `text`), each at its Fortran line by the same rule (offset: the line's
/// start). None when the record did not read that file at the launch.
std::vector<PlacedProfileMark> placeSourceMarks(const ProfileRecord &record,
                                                llvm::StringRef path,
                                                llvm::StringRef text);

/// The code lens's title: "3 launches · 0.91 ms · 4×64 SPMD", "(stale) …".
std::string profileLensTitle(const PlacedProfileMark &placed);
/// On a Fortran line, where several ops meet, a map entry's title names
/// its variable: "a: to: 2 KiB in 1 copy · 4.87 µs".
std::string sourceLensTitle(const PlacedProfileMark &placed);

/// The hover's markdown for the marks on one line: per mark its name and
/// op, figures, Fortran line and table; a stale note.
std::string profileHover(const std::vector<PlacedProfileMark> &onLine);

/// A recorded document and its text now.
struct ProfileDocument {
  const ProfileRecord *record = nullptr;
  llvm::StringRef text;
};
/// A hot spot: a mark placed in documents[document].
struct ProfileHotSpot {
  size_t document = 0;
  PlacedProfileMark placed;
};
/// The marks of every document placed in its text now, most time first
/// (ties: documents' and records' order).
std::vector<ProfileHotSpot>
profileHotSpots(llvm::ArrayRef<ProfileDocument> documents);

} // namespace ompx

#endif // OMPX_FEATURES_PROFILEMARKS_H
