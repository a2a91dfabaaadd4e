//===- FlangMessage.cpp - One line of flang's stderr ----------------------===//

#include "support/FlangMessage.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace ompx;
using llvm::StringRef;

/// `LINE:COL` into `m`; false unless both are numbers.
static bool parseLineColumn(StringRef where, FlangMessage &m) {
  auto [line, column] = where.split(':');
  return !line.getAsInteger(10, m.line) && !column.getAsInteger(10, m.column);
}

/// `PATH:LINE:COL` into `m`.
static bool parsePlace(StringRef where, FlangMessage &m) {
  auto [rest, column] = where.rsplit(':');
  auto [file, line] = rest.rsplit(':');
  if (file.empty() || line.getAsInteger(10, m.line) ||
      column.getAsInteger(10, m.column))
    return false;
  m.file = file;
  return true;
}

static bool isSeverity(StringRef words) {
  return !words.empty() && llvm::all_of(words, [](char c) {
    return llvm::isAlpha(c) || c == ' ';
  });
}

std::optional<FlangMessage> ompx::parseFlangMessage(StringRef line) {
  line = line.rtrim();
  FlangMessage m;
  // SEVERITY: loc("PATH":LINE:COL): MESSAGE
  size_t loc = line.find(": loc(\"");
  if (loc != StringRef::npos && isSeverity(line.take_front(loc))) {
    StringRef rest = line.drop_front(loc + 7);
    auto [file, where] = rest.split("\":");
    auto [place, message] = where.split("): ");
    if (!file.empty() && parseLineColumn(place, m)) {
      m.file = file;
      m.severity = line.take_front(loc);
      m.message = message.trim();
      return m;
    }
  }
  // PATH:LINE:COL: SEVERITY: MESSAGE (the first place that parses).
  for (size_t at = line.find(": "); at != StringRef::npos;
       at = line.find(": ", at + 2)) {
    auto [severity, message] = line.drop_front(at + 2).split(": ");
    if (!isSeverity(severity) || !parsePlace(line.take_front(at), m))
      continue;
    m.severity = severity;
    m.message = message.trim();
    return m;
  }
  // error: MESSAGE (a driver error without a place).
  if (line.starts_with("error: ")) {
    m.severity = "error";
    m.message = line.drop_front(7).trim();
    return m;
  }
  return std::nullopt;
}

std::optional<StringRef> ompx::firstFlangError(StringRef stderrText) {
  for (StringRef line : llvm::split(stderrText, '\n'))
    if (std::optional<FlangMessage> m = parseFlangMessage(line);
        m && m->severity == "error")
      return line.rtrim();
  return std::nullopt;
}

namespace {
struct FlangLimit {
  StringRef says; ///< a piece of flang's message
  StringRef note;
};
} // namespace

// Each checked with flang-22 on the code the note describes.
static const FlangLimit kFlangLimits[] = {
    // llvm-project#176763 (after LLVM 22): a PARAMETER array is not
    // mapped, so the region's hlfir.designate of it uses the host's value.
    {"'hlfir.designate' op using value defined outside the region",
     "flang-22 reports this when a target region indexes a named constant "
     "array (PARAMETER) with a run-time subscript, as in c(k): it does not "
     "map such constants to the device (llvm-project#176763, fixed after "
     "LLVM 22). Give the values to a variable instead, e.g. `real(8), save "
     ":: c(3) = [...]` with `!$omp declare target(c)` in its module"},
    {"Unhandled clause FIRSTPRIVATE in TARGET construct",
     "flang-22 does not lower FIRSTPRIVATE on a construct that includes "
     "TARGET. A scalar the region only reads needs no clause: a target "
     "region makes it firstprivate by default. For a variable a loop "
     "writes, use PRIVATE and set it in the loop"},
};

std::optional<StringRef> ompx::flangLimitNote(StringRef message) {
  for (const FlangLimit &limit : kFlangLimits)
    if (message.contains(limit.says))
      return limit.note;
  return std::nullopt;
}

std::string ompx::flangLimitNotes(StringRef stderrText) {
  std::string out;
  for (const FlangLimit &limit : kFlangLimits)
    for (StringRef line : llvm::split(stderrText, '\n'))
      if (std::optional<FlangMessage> m = parseFlangMessage(line);
          m && m->severity == "error" && m->message.contains(limit.says)) {
        out += "ompx: note: " + limit.note.str() + "\n";
        break;
      }
  return out;
}
