//===- WorkspaceSymbols.cpp - Symbols of all open documents ---------------===//

#include "server/features/WorkspaceSymbols.h"
#include "server/syntax/Lexer.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>

using namespace ompx;
using llvm::StringRef;

namespace {
/// Lower is better; -1: no match.
int matchScore(StringRef name, StringRef query) {
  if (query.empty())
    return 3;
  if (name.equals_insensitive(query))
    return 0;
  if (name.starts_with_insensitive(query))
    return 1;
  if (name.contains_insensitive(query))
    return 2;
  size_t i = 0;
  for (char c : name)
    if (i < query.size() && llvm::toLower(c) == llvm::toLower(query[i]))
      ++i;
  return i == query.size() ? 3 : -1;
}

/// Where the op whose outline entry is `s` spells `@name` (its first
/// `@` token naming it), else the op name.
TextRange symbolRange(StringRef text, const OutlineSymbol &s, StringRef name) {
  uint32_t end = std::min<size_t>(s.range.end, text.size());
  Lexer lexer(text.take_front(end), s.selection.end);
  for (Token t = lexer.next(); !t.is(TokenKind::Eof); t = lexer.next())
    if (t.is(TokenKind::AtIdentifier) && t.name() == name)
      return t.range;
  return s.selection;
}

void collect(const std::vector<OutlineSymbol> &symbols, StringRef text,
             size_t doc, std::vector<WorkspaceSymbol> &out) {
  for (const OutlineSymbol &s : symbols) {
    // The outline names a symbol-defining op `op.name @symbol`.
    size_t at = s.name.find(" @");
    if (at != std::string::npos) {
      std::string name = s.name.substr(at + 2);
      TextRange r = symbolRange(text, s, name);
      out.push_back({std::move(name), s.name.substr(0, at), s.kind, doc, r});
    }
    collect(s.children, text, doc, out);
  }
}
} // namespace

std::vector<WorkspaceSymbol>
ompx::workspaceSymbols(llvm::ArrayRef<Snapshot> documents, StringRef query,
                       size_t limit) {
  std::vector<WorkspaceSymbol> all;
  for (size_t d = 0; d < documents.size(); ++d)
    if (documents[d].text)
      collect(documentSymbols(documents[d]), documents[d].str(), d, all);
  std::vector<std::pair<int, size_t>> ranked;
  for (size_t i = 0; i < all.size(); ++i) {
    int score = matchScore(all[i].name, query);
    if (score >= 0)
      ranked.push_back({score, i});
  }
  std::stable_sort(ranked.begin(), ranked.end(), [&](auto &x, auto &y) {
    if (x.first != y.first)
      return x.first < y.first;
    return all[x.second].name.size() < all[y.second].name.size();
  });
  if (ranked.size() > limit)
    ranked.resize(limit);
  std::vector<WorkspaceSymbol> out;
  for (auto &[score, i] : ranked)
    out.push_back(std::move(all[i]));
  return out;
}
