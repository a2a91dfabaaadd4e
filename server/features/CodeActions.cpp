//===- CodeActions.cpp - Quick fixes of diagnostics -----------------------===//

#include "server/features/CodeActions.h"
#include "dialects/OdsTables.h"
#include "server/syntax/Lexer.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/Twine.h"

#include <algorithm>

using namespace ompx;
using llvm::StringRef;

static bool touches(TextRange r, TextRange range) {
  return !(r.end < range.begin || r.begin > range.end);
}

/// The fixes `fn` adds to `out` for each parse or verify diagnostic whose
/// MLIR location (the place `expected-*` annotations and the parser's
/// messages refer to) is known and inside `text`.
using AnchoredFixer = llvm::function_ref<void(
    std::vector<QuickFix> &out, StringRef text, const Diagnostic &)>;
static std::vector<QuickFix> fixesOfAnchored(const Snapshot &snapshot,
                                             AnchoredFixer fn) {
  std::vector<QuickFix> out;
  if (!snapshot.text)
    return out;
  StringRef text = snapshot.str();
  for (const auto &analysis : snapshot.analyses) {
    if (!analysis)
      continue;
    for (const Diagnostic &d : analysis->diagnostics)
      if ((d.kind == DiagKind::Parse || d.kind == DiagKind::Verify) &&
          d.anchor != Diagnostic::kNoAnchor && d.anchor <= text.size())
        fn(out, text, d);
  }
  return out;
}

std::vector<QuickFix> ompx::quickFixes(const Snapshot &snapshot,
                                       TextRange range) {
  std::vector<QuickFix> out;
  uint32_t size = snapshot.text ? snapshot.text->size() : 0;
  for (const auto &analysis : snapshot.analyses) {
    if (!analysis)
      continue;
    for (const Diagnostic &d : analysis->diagnostics) {
      if (d.fixes.empty() || !touches(d.range, range))
        continue;
      for (const DiagnosticFix &fix : d.fixes) {
        bool inside = llvm::all_of(fix.edits, [&](const TextEdit &e) {
          return e.range.begin <= e.range.end && e.range.end <= size;
        });
        if (inside && !fix.edits.empty())
          out.push_back({d, fix});
      }
    }
  }
  return out;
}

//===----------------------------------------------------------------------===//
// expected-* checks
//===----------------------------------------------------------------------===//

/// The check line mlir-lsp-server writes for a diagnostic at `at`: above
/// the line (counted by '\n', as MLIR's SourceMgr does), indented by the
/// spaces that start the line before `at`.
static TextEdit checkLine(StringRef text, uint32_t at, StringRef severity,
                          StringRef message) {
  size_t nl = text.take_front(at).rfind('\n');
  uint32_t lineStart = nl == StringRef::npos ? 0 : uint32_t(nl + 1);
  StringRef prefix = text.slice(lineStart, at);
  size_t indent = prefix.find_first_not_of(' ');
  if (indent == StringRef::npos)
    indent = prefix.size();
  TextEdit edit;
  edit.range = {lineStart, lineStart};
  edit.newText = std::string(indent, ' ');
  edit.newText +=
      (llvm::Twine("// expected-") + severity + " @below {{" + message + "}}\n")
          .str();
  return edit;
}

/// Printed ops are an extra of the language server, not of `-verify`.
static bool printsOp(StringRef message) {
  return message.starts_with("see current operation: ");
}

std::vector<QuickFix> ompx::expectedChecks(const Snapshot &snapshot,
                                           TextRange range) {
  return fixesOfAnchored(snapshot, [&](std::vector<QuickFix> &out,
                                       StringRef text, const Diagnostic &d) {
    if (!touches(d.range, range) || printsOp(d.message))
      return;
    StringRef severity;
    if (d.severity == Severity::Error)
      severity = "error";
    else if (d.severity == Severity::Warning)
      severity = "warning";
    else
      return;
    QuickFix q{d, {"Add expected-* diagnostic checks", {}}, false};
    q.fix.edits.push_back(checkLine(text, d.anchor, severity, d.message));
    for (const DiagnosticNote &n : d.notes)
      // ompx's related locations are no MLIR notes: -verify never sees
      // them.
      if (n.hasRange && !n.related && !printsOp(n.message) &&
          n.range.begin <= text.size())
        q.fix.edits.push_back(
            checkLine(text, n.range.begin, "note", n.message));
    out.push_back(std::move(q));
  });
}

//===----------------------------------------------------------------------===//
// Did you mean?
//===----------------------------------------------------------------------===//

std::vector<std::string>
ompx::nearestWords(StringRef word, llvm::ArrayRef<StringRef> candidates,
                   unsigned maxDistance) {
  std::vector<std::string> out;
  unsigned best = maxDistance + 1;
  for (StringRef c : candidates) {
    if (c == word)
      continue;
    unsigned d = word.edit_distance(c, /*AllowReplacements=*/true, best);
    if (d > maxDistance || d > best)
      continue;
    if (d < best) {
      best = d;
      out.clear();
    }
    if (!llvm::is_contained(out, c))
      out.push_back(c.str());
  }
  return out;
}

/// How far a misspelling may be from what it meant: a third of the word,
/// at least 1, at most 3 edits.
static unsigned allowedDistance(StringRef word) {
  return std::clamp<unsigned>(word.size() / 3, 1, 3);
}

static void addSpellingFixes(std::vector<QuickFix> &out, const Diagnostic &d,
                             TextRange replace, StringRef word,
                             llvm::ArrayRef<StringRef> candidates) {
  std::vector<std::string> best =
      nearestWords(word, candidates, allowedDistance(word));
  for (const std::string &s : best) {
    QuickFix q{
        d, {"Did you mean `" + s + "`?", {{replace, s}}}, best.size() == 1};
    out.push_back(std::move(q));
  }
}

/// An unknown omp/acc op name at the diagnostic's anchor.
static void unknownOpFixes(std::vector<QuickFix> &out, StringRef text,
                           const Diagnostic &d) {
  StringRef name = d.unknownOp;
  if (!(name.starts_with("omp.") || name.starts_with("acc.")))
    return;
  // The name's token starts at the anchor (a string in the generic form).
  Token t = Lexer(text, d.anchor).next();
  if (t.range.begin != d.anchor || t.name() != name)
    return;
  TextRange replace = t.range;
  if (t.is(TokenKind::String))
    replace = {t.range.begin + 1, t.range.end - 1};
  llvm::SmallVector<StringRef> names;
  for (const ods::Op &op : ods::allOps())
    if (StringRef(op.name).take_front(4) == name.take_front(4))
      names.push_back(op.name);
  addSpellingFixes(out, d, replace, name, names);
}

/// A word that is none of the keywords of the omp/acc op whose custom
/// assembly the parser was reading: the parser stops before it ("expected
/// '{' to begin a region" after `omp.target`), so the word is the first
/// token at or after the anchor, and the op is the last omp/acc op name
/// before it on the anchor's statement.
static void clauseKeywordFixes(std::vector<QuickFix> &out, StringRef text,
                               const Diagnostic &d, TextRange range) {
  Token word = Lexer(text, d.anchor).next();
  if (!word.is(TokenKind::BareIdentifier) || word.spelling.contains('.'))
    return;
  // The parser points before the word (at the space after `omp.target`):
  // the word itself is where the user looks for the fix.
  if (!touches(d.range, range) && !touches(word.range, range))
    return;
  // The op: scan the anchor's line (and the lines of its statement would
  // need the structure scan; the op name and a misspelt first clause share
  // a line in practice).
  size_t nl = text.take_front(d.anchor).rfind('\n');
  uint32_t lineStart = nl == StringRef::npos ? 0 : uint32_t(nl + 1);
  const ods::Op *op = nullptr;
  Token prev;
  Lexer lexer(text.take_front(word.range.begin), lineStart);
  for (Token t = lexer.next(); !t.is(TokenKind::Eof); t = lexer.next()) {
    if (t.is(TokenKind::BareIdentifier))
      if (const ods::Op *o = ods::lookupOp(t.spelling))
        op = o;
    prev = t;
  }
  if (!op || op->keywordList().empty())
    return;
  llvm::SmallVector<StringRef> keywords;
  for (const char *k : op->keywordList())
    keywords.push_back(k);
  if (llvm::is_contained(keywords, word.spelling))
    return;
  // Only where a clause may start: after the op name, a clause's `)` or a
  // keyword; not a type after `:` or a word inside a clause's parentheses.
  if (!(prev.spelling == op->name || prev.isPunct(")") ||
        (prev.is(TokenKind::BareIdentifier) &&
         llvm::is_contained(keywords, prev.spelling))))
    return;
  addSpellingFixes(out, d, word.range, word.spelling, keywords);
}

std::vector<QuickFix> ompx::spellingFixes(const Snapshot &snapshot,
                                          TextRange range) {
  // An unregistered op in generic form is a verifier error.
  return fixesOfAnchored(snapshot, [&](std::vector<QuickFix> &out,
                                       StringRef text, const Diagnostic &d) {
    size_t before = out.size();
    if (touches(d.range, range))
      unknownOpFixes(out, text, d);
    if (out.size() == before && d.kind == DiagKind::Parse)
      clauseKeywordFixes(out, text, d, range);
  });
}
