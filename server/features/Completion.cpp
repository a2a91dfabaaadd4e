//===- Completion.cpp - Completion that knows the op's grammar ------------===//

#include "server/features/Completion.h"
#include "server/features/Describe.h"
#include "server/model/Index.h"
#include "server/syntax/Lexer.h"

#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <set>

using namespace ompx;
using llvm::StringRef;

namespace {

/// An op name token: `omp.x` (custom form) or `"omp.x"` (generic form).
std::optional<TextRange> opNameToken(const Token &t) {
  if (t.is(TokenKind::BareIdentifier))
    return t.range;
  if (t.is(TokenKind::String) && isBareIdentifier(t.name()))
    return TextRange{t.range.begin + 1,
                     uint32_t(t.range.begin + 1 + t.name().size())};
  return std::nullopt;
}

/// The omp/acc op name a statement starts with, and where it ends.
std::optional<std::pair<std::string, uint32_t>>
opOfStatement(StringRef text, uint32_t from, uint32_t to) {
  Lexer lexer(text.take_front(to), from);
  for (Token t = lexer.next(); !t.is(TokenKind::Eof); t = lexer.next()) {
    std::optional<TextRange> r = opNameToken(t);
    if (!r)
      continue;
    StringRef word = text.slice(r->begin, r->end);
    if (!(word.starts_with("omp.") || word.starts_with("acc.")))
      continue;
    std::string name = word.rtrim('.').str();
    if (ods::lookupOp(name))
      return std::make_pair(name, r->end);
    return std::nullopt;
  }
  return std::nullopt;
}

struct Context {
  std::string opName;
  uint32_t opEnd = 0;
  std::vector<std::string> openKeywords; ///< innermost last
  std::set<std::string> written;         ///< keywords already used
};

std::optional<Context> contextAt(StringRef text, uint32_t offset) {
  // The statement may span lines while a clause list is open.
  uint32_t lineStart = text.rfind('\n', offset == 0 ? 0 : offset - 1) + 1;
  if (lineStart > offset)
    lineStart = 0;
  for (int back = 0; back < 12; ++back) {
    if (auto op = opOfStatement(text, lineStart, offset)) {
      Context ctx;
      ctx.opName = op->first;
      ctx.opEnd = op->second;
      std::vector<std::string> stack;
      std::string last;
      Lexer lexer(text.take_front(offset), op->second);
      for (Token t = lexer.next(); !t.is(TokenKind::Eof); t = lexer.next()) {
        if (t.is(TokenKind::BareIdentifier)) {
          last = t.spelling.str();
          if (stack.empty())
            ctx.written.insert(last);
        } else if (t.isPunct("(")) {
          stack.push_back(last);
          last.clear();
        } else if (t.isPunct(")")) {
          if (!stack.empty())
            stack.pop_back();
        } else if (t.isPunct("{") && stack.empty()) {
          return std::nullopt; // in the region, not the clause list
        } else {
          last.clear();
        }
      }
      ctx.openKeywords = std::move(stack);
      // Clauses after the cursor on the same line are written too.
      if (ctx.openKeywords.empty()) {
        size_t stop = text.find_first_of("\n{", offset);
        Lexer lexer(text.take_front(std::min(stop, text.size())), offset);
        for (Token t = lexer.next(); !t.is(TokenKind::Eof); t = lexer.next())
          // The word being completed (right at the cursor) is not written.
          if (t.is(TokenKind::BareIdentifier) && t.range.begin != offset)
            ctx.written.insert(t.spelling.str());
      }
      return ctx;
    }
    if (lineStart == 0)
      break;
    // Continue upwards only while a parenthesis is open.
    int open = 0;
    Lexer lexer(text.take_front(offset), lineStart);
    for (Token t = lexer.next(); !t.is(TokenKind::Eof); t = lexer.next())
      open += t.isPunct("(") - t.isPunct(")");
    if (open <= 0)
      break;
    uint32_t prev = text.rfind('\n', lineStart - 1 == 0 ? 0 : lineStart - 2);
    lineStart = prev == StringRef::npos ? 0 : prev + 1;
  }
  return std::nullopt;
}

void addSymbols(const Snapshot &s, uint32_t offset, StringRef wanted,
                std::vector<CompletionItem> &out) {
  auto index = chunkIndex(s, s.chunkAt(offset));
  if (!index)
    return;
  const ChunkAnalysis &a = index->analysis();
  // The type of the variable this entry privatizes, if already written:
  // `@sym %x -> %arg : type`.
  size_t lineEnd = std::min(s.str().find('\n', offset), s.str().size());
  Lexer lexer(s.str().take_front(lineEnd), offset);
  std::string varType;
  for (Token t = lexer.next(); !t.is(TokenKind::Eof); t = lexer.next()) {
    if (!t.is(TokenKind::PercentIdentifier))
      continue;
    for (const ValueRecord &v : a.values)
      if (s.str().slice(v.def.begin, v.def.end) == t.spelling) {
        varType = v.type;
        break;
      }
    break;
  }
  std::vector<CompletionItem> matching, others;
  for (size_t i = 0; i < a.ops.size(); ++i) {
    const OpRecord &op = a.ops[i];
    if (op.symbol.empty() || op.name != wanted)
      continue;
    CompletionItem item;
    item.label = "@" + op.symbol;
    item.insertText = op.symbol;
    item.kind = CompletionKind::Struct;
    std::string type;
    if (const OpFacts *f = index->factsOf(int32_t(i))) {
      if (const AttrFact *t = f->attr("type"))
        type = attrText(*t);
      std::string kind = attrWord(*f, "data_sharing_type");
      item.detail = op.name + (kind.empty() ? "" : " " + kind) +
                    (type.empty() ? "" : " : " + type);
    }
    bool matches =
        !varType.empty() && !type.empty() && StringRef(varType).contains(type);
    if (matches)
      item.detail += " (matches " + varType + ")";
    (matches ? matching : others).push_back(std::move(item));
  }
  out.insert(out.end(), matching.begin(), matching.end());
  out.insert(out.end(), others.begin(), others.end());
}

} // namespace

std::vector<CompletionItem> ompx::complete(const Snapshot &s, uint32_t offset) {
  std::vector<CompletionItem> out;
  StringRef text = s.str();
  if (offset > text.size())
    return out;
  std::optional<Context> ctx = contextAt(text, offset);
  if (ctx && offset > ctx->opEnd) {
    const ods::Op *info = ods::lookupOp(ctx->opName);
    if (!ctx->openKeywords.empty()) {
      StringRef kw = ctx->openKeywords.back();
      const ods::Arg *arg = ods::argForKeyword(*info, kw);
      if (arg && arg->enumIndex >= 0) {
        const ods::Enum *e = ods::enumAt(arg->enumIndex);
        for (const char *c : e->caseList()) {
          if (StringRef(c) == "none")
            continue;
          out.push_back({c, std::string(e->name) + " (" + arg->name + ")", "",
                         CompletionKind::EnumMember, ""});
        }
        return out;
      }
      if (kw == "private")
        addSymbols(s, offset, "omp.private", out);
      else if (kw == "reduction" || kw == "in_reduction" ||
               kw == "task_reduction")
        addSymbols(s, offset, "omp.declare_reduction", out);
      else if (kw == "mapper")
        addSymbols(s, offset, "omp.declare_mapper", out);
      return out;
    }
    for (const ods::Arg &arg : info->argList()) {
      if (!*arg.keyword || ctx->written.count(arg.keyword))
        continue;
      if (llvm::any_of(out, [&](const CompletionItem &i) {
            return i.label == arg.keyword;
          }))
        continue;
      CompletionItem item;
      item.label = arg.keyword;
      item.kind = CompletionKind::Keyword;
      item.detail = std::string(arg.clause[0] ? arg.clause : arg.name) +
                    " clause of " + info->name;
      if (const ods::Clause *c = ods::lookupClause(arg.clause))
        item.documentation = c->description;
      out.push_back(std::move(item));
    }
    return out;
  }
  // An op name being typed at the start of a statement.
  TextRange w = wordAt(text, offset);
  StringRef word = text.slice(w.begin, offset);
  if (word.empty() || !(StringRef("omp.").starts_with(word.take_front(4)) ||
                        StringRef("acc.").starts_with(word.take_front(4))))
    return out;
  for (const ods::Op &op : ods::allOps())
    if (StringRef(op.name).starts_with(word))
      out.push_back(
          {op.name, op.summary, op.description, CompletionKind::Function, ""});
  return out;
}
