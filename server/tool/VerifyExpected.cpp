//===- VerifyExpected.cpp - `expected-*` annotation checking --------------===//

#include "server/tool/VerifyExpected.h"

#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

using namespace ompx;
using llvm::StringRef;

namespace {
struct Expected {
  Severity kind;
  std::optional<uint32_t> line; ///< 1-based document line; none = @unknown
  uint32_t offset;              ///< of the `expected-*` text
  std::string substring;
  std::optional<llvm::Regex> regex;
  bool matched = false;
  bool match(StringRef msg) const {
    return regex ? regex->match(msg) : msg.contains(substring);
  }
};
} // namespace

/// `-re` messages: text outside `{{...}}` is literal, inside is a regex.
static std::optional<std::string> buildRegex(StringRef text,
                                             std::string &error) {
  std::string out;
  llvm::raw_string_ostream os(out);
  while (!text.empty()) {
    size_t open = text.find("{{");
    if (open == StringRef::npos) {
      os << llvm::Regex::escape(text);
      break;
    }
    os << llvm::Regex::escape(text.take_front(open));
    text = text.drop_front(open + 2);
    size_t close = text.find("}}");
    if (close == StringRef::npos) {
      error = "found start of regex with no end '}}'";
      return std::nullopt;
    }
    os << "(" << text.take_front(close) << ")";
    text = text.drop_front(close + 2);
  }
  return out;
}

std::vector<Diagnostic>
ompx::verifyExpected(StringRef doc, llvm::ArrayRef<ChunkSpan> chunks,
                     llvm::ArrayRef<ChunkAnalysis> analyses) {
  static const llvm::Regex expectedRe(
      "expected-(error|note|remark|warning)(-re)? "
      "*(@([+-][0-9]+|above|below|unknown))? *{{(.*)}}$");
  LineTable lines(doc);
  std::vector<Diagnostic> problems;
  auto problemAt = [&](uint32_t offset, uint32_t end, std::string msg) {
    Diagnostic d;
    d.kind = DiagKind::Verify;
    d.range = {offset, end};
    d.anchor = offset;
    d.message = std::move(msg);
    problems.push_back(std::move(d));
  };

  for (size_t c = 0; c < chunks.size() && c < analyses.size(); ++c) {
    StringRef text = doc.slice(chunks[c].begin, chunks[c].end);
    uint32_t firstLine = lines.toLineColumn(chunks[c].begin).first;
    std::vector<Expected> expected;
    llvm::SmallVector<StringRef> chunkLines;
    text.split(chunkLines, '\n');
    uint32_t lastNonDesignator = 0; // 0-based chunk line
    std::vector<size_t> forNextLine;
    for (uint32_t ln = 0, e = chunkLines.size(); ln < e; ++ln) {
      llvm::SmallVector<StringRef> m;
      if (!expectedRe.match(chunkLines[ln].rtrim(), &m)) {
        for (size_t i : forNextLine)
          expected[i].line = firstLine + ln;
        forNextLine.clear();
        lastNonDesignator = ln;
        continue;
      }
      Expected x;
      x.kind = m[1] == "error"     ? Severity::Error
               : m[1] == "warning" ? Severity::Warning
               : m[1] == "remark"  ? Severity::Information
                                   : Severity::Hint;
      x.offset = m[0].data() - doc.data();
      x.substring = m[5].str();
      x.line = firstLine + ln;
      if (!m[2].empty()) {
        std::string error;
        std::optional<std::string> re = buildRegex(m[5], error);
        if (!re) {
          problemAt(x.offset, x.offset + m[0].size(), error);
          continue;
        }
        x.regex.emplace(*re);
      }
      StringRef designator = m[3];
      bool below = false;
      if (!designator.empty()) {
        designator = designator.drop_front();
        if (designator[0] == '+' || designator[0] == '-') {
          int delta = 0;
          designator.drop_front().getAsInteger(0, delta);
          *x.line += designator[0] == '+' ? delta : -delta;
        } else if (designator == "unknown") {
          x.line.reset();
        } else if (designator == "above") {
          x.line = firstLine + lastNonDesignator;
        } else {
          below = true;
          x.line = firstLine + e - 1; // dangling: last line
        }
      }
      if (below)
        forNextLine.push_back(expected.size());
      expected.push_back(std::move(x));
    }

    auto process = [&](Severity kind, bool known, uint32_t anchor,
                       TextRange range, const std::string &msg) {
      std::optional<uint32_t> line;
      if (known)
        line = lines.toLineColumn(anchor).first;
      Expected *nearMiss = nullptr;
      for (Expected &x : expected) {
        if (line.has_value() != x.line.has_value())
          continue;
        if (line && *line != *x.line)
          continue;
        if (!x.match(msg))
          continue;
        if (x.kind == kind) {
          x.matched = true;
          return;
        }
        nearMiss = &x;
      }
      if (nearMiss)
        problemAt(nearMiss->offset, nearMiss->offset,
                  "'" + std::string(severityName(kind)) +
                      "' diagnostic emitted when expecting a '" +
                      std::string(severityName(nearMiss->kind)) + "'");
      else
        problemAt(range.begin, range.end,
                  "unexpected " + std::string(severityName(kind)) + ": " + msg);
    };
    for (const Diagnostic &d : analyses[c].diagnostics) {
      process(d.severity, d.anchor != Diagnostic::kNoAnchor, d.anchor, d.range,
              d.message);
      for (const DiagnosticNote &n : d.notes)
        if (!n.related)
          process(Severity::Hint, n.hasRange, n.range.begin, n.range,
                  n.message);
    }
    for (const Expected &x : expected)
      if (!x.matched)
        problemAt(x.offset, x.offset,
                  "expected " + std::string(severityName(x.kind)) + " \"" +
                      x.substring + "\" was not produced");
  }
  return problems;
}
