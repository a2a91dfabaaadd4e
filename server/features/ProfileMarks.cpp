//===- ProfileMarks.cpp - A recorded launch's figures on the ops ----------===//

#include "server/features/ProfileMarks.h"
#include "server/features/FortranView.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <utility>

using namespace ompx;
using llvm::StringRef;

namespace {
/// A text's lines: each line's start and text (without its line break).
using Lines = std::vector<std::pair<uint32_t, StringRef>>;
Lines splitLines(StringRef text) {
  Lines lines;
  for (size_t at = 0; at <= text.size();) {
    size_t end = text.find('\n', at);
    if (end == StringRef::npos)
      end = text.size();
    lines.push_back({uint32_t(at), text.slice(at, end).rtrim('\r')});
    at = end + 1;
  }
  return lines;
}

/// Where the line `line` that read `was` is in `lines` now: that line if
/// it still reads so, else (the text changed) the one line that does.
std::optional<uint32_t> findLine(const Lines &lines, uint32_t line,
                                 StringRef was, bool changed) {
  if (line < lines.size() && lines[line].second == was)
    return line;
  std::optional<uint32_t> found;
  if (changed)
    for (uint32_t i = 0; i < lines.size(); ++i)
      if (lines[i].second == was) {
        if (found) // several: none is known to be the op's
          return std::nullopt;
        found = i;
      }
  return found;
}
} // namespace

std::vector<PlacedProfileMark>
ompx::placeProfileMarks(const ProfileRecord &record, StringRef text) {
  bool stale = text != record.text;
  Lines lines = splitLines(text);
  std::vector<PlacedProfileMark> placed;
  for (const ProfileMark &m : record.marks) {
    std::optional<uint32_t> line = findLine(lines, m.line, m.lineText, stale);
    if (!line)
      continue;
    // The line reads as it did: the op is at the same column.
    uint32_t column = std::min<uint32_t>(m.column, lines[*line].second.size());
    placed.push_back({&m, *line, lines[*line].first + column, stale});
  }
  return placed;
}

std::vector<PlacedProfileMark>
ompx::placeSourceMarks(const ProfileRecord &record, StringRef path,
                       StringRef text) {
  std::vector<PlacedProfileMark> placed;
  for (size_t s = 0; s < record.sources.size(); ++s) {
    const ProfileSource &source = record.sources[s];
    if (source.path != path)
      continue;
    bool stale = text != source.text;
    Lines was = splitLines(source.text), lines = splitLines(text);
    for (const ProfileMark &m : record.marks) {
      if (m.sourceIndex != int(s) || m.sourceLine == 0 ||
          m.sourceLine > was.size())
        continue;
      if (std::optional<uint32_t> line = findLine(
              lines, m.sourceLine - 1, was[m.sourceLine - 1].second, stale))
        placed.push_back({&m, *line, lines[*line].first, stale});
    }
  }
  return placed;
}

std::string ompx::profileLensTitle(const PlacedProfileMark &placed) {
  return (placed.stale ? "(stale) " : "") + placed.mark->figures;
}

std::string ompx::sourceLensTitle(const PlacedProfileMark &placed) {
  const ProfileMark &m = *placed.mark;
  return (placed.stale ? "(stale) " : "") +
         (m.kind == ProfileMark::Kind::Map ? m.name + ": " : "") + m.figures;
}

/// A table cell: plain text with what markdown would read escaped.
static std::string cell(StringRef text) {
  std::string out;
  for (char c : text) {
    if (c == '\n' || c == '\r') {
      out += ' ';
      continue;
    }
    if (StringRef("\\`*_[]<>|").contains(c))
      out += '\\';
    out += c;
  }
  return out;
}

static std::string table(const ProfileMark &m) {
  if (m.header.empty() || m.rows.empty())
    return "";
  auto row = [](const std::vector<std::string> &cells) {
    std::string out = "|";
    for (const std::string &c : cells)
      out += " " + cell(c) + " |";
    return out + "\n";
  };
  // Figures right-aligned: a column whose every cell starts with a digit.
  std::string out = row(m.header) + "|";
  for (size_t i = 0; i < m.header.size(); ++i)
    out += llvm::all_of(m.rows,
                        [&](const std::vector<std::string> &r) {
                          return i < r.size() && !r[i].empty() &&
                                 llvm::isDigit(r[i][0]);
                        })
               ? "---:|"
               : "---|";
  out += "\n";
  for (const std::vector<std::string> &r : m.rows)
    out += row(r);
  if (!m.note.empty())
    out += "\n" + cell(m.note) + "\n";
  return out;
}

std::string ompx::profileHover(const std::vector<PlacedProfileMark> &onLine) {
  std::string out;
  bool stale = false;
  for (const PlacedProfileMark &p : onLine) {
    const ProfileMark &m = *p.mark;
    stale |= p.stale;
    if (!out.empty())
      out += "\n---\n\n";
    out +=
        "**Recorded launch** — " +
        markdownCodeSpan(m.name.empty() ? m.op : m.name) +
        (m.op.empty() || m.name.empty() ? ""
                                        : " (" + markdownCodeSpan(m.op) + ")") +
        ": " + cell(m.figures) + "\n\n";
    if (!m.source.empty())
      out += "Fortran: " + markdownCodeSpan(m.source) + "\n\n";
    out += table(m);
  }
  if (stale)
    out += "\n*Stale*: the document changed since this launch; launch again "
           "for current figures.\n";
  return out;
}

std::vector<ProfileHotSpot>
ompx::profileHotSpots(llvm::ArrayRef<ProfileDocument> documents) {
  std::vector<ProfileHotSpot> spots;
  for (size_t d = 0; d < documents.size(); ++d)
    for (const PlacedProfileMark &m :
         placeProfileMarks(*documents[d].record, documents[d].text))
      spots.push_back({d, m});
  llvm::stable_sort(spots,
                    [](const ProfileHotSpot &a, const ProfileHotSpot &b) {
                      return a.placed.mark->ns > b.placed.mark->ns;
                    });
  return spots;
}
