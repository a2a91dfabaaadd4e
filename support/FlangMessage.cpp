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
