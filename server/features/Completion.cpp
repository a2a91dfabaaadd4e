//===- Completion.cpp - Completion that knows the op's grammar ------------===//

#include "server/features/Completion.h"
#include "server/features/Describe.h"

#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <set>

using namespace ompx;
using llvm::StringRef;

namespace {

bool isIdent(char c) {
  return isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' ||
         c == '$';
}

/// The omp/acc op name a statement starts with, and where it ends.
std::optional<std::pair<std::string, uint32_t>>
opOfStatement(StringRef text, uint32_t from, uint32_t to) {
  StringRef stmt = text.slice(from, to);
  for (size_t i = 0; i + 4 < stmt.size(); ++i) {
    if (i > 0 && isIdent(stmt[i - 1]))
      continue;
    StringRef rest = stmt.drop_front(i);
    if (!(rest.starts_with("omp.") || rest.starts_with("acc.")))
      continue;
    size_t n = 0;
    while (n < rest.size() && isIdent(rest[n]))
      ++n;
    std::string name = rest.take_front(n).rtrim('.').str();
    if (ods::lookupOp(name))
      return std::make_pair(name, uint32_t(from + i + n));
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
      StringRef body = text.slice(op->second, offset);
      std::vector<std::string> stack;
      std::string last;
      for (size_t i = 0; i < body.size(); ++i) {
        char c = body[i];
        if (isIdent(c)) {
          size_t j = i;
          while (j < body.size() && isIdent(body[j]))
            ++j;
          last = body.slice(i, j).str();
          if (stack.empty())
            ctx.written.insert(last);
          i = j - 1;
          continue;
        }
        if (c == '(') {
          stack.push_back(last);
          last.clear();
        } else if (c == ')') {
          if (!stack.empty())
            stack.pop_back();
        } else if (c == '{' && stack.empty()) {
          return std::nullopt; // in the region, not the clause list
        } else if (!isspace(static_cast<unsigned char>(c))) {
          last.clear();
        }
      }
      ctx.openKeywords = std::move(stack);
      // Clauses after the cursor on the same line are written too.
      if (ctx.openKeywords.empty()) {
        StringRef after = text.drop_front(offset).take_until(
            [](char c) { return c == '\n' || c == '{'; });
        after = after.drop_while(isIdent); // the word being completed
        for (size_t i = 0; i < after.size(); ++i)
          if (isIdent(after[i]) && (i == 0 || !isIdent(after[i - 1]))) {
            size_t j = i;
            while (j < after.size() && isIdent(after[j]))
              ++j;
            ctx.written.insert(after.slice(i, j).str());
          }
      }
      return ctx;
    }
    if (lineStart == 0)
      break;
    // Continue upwards only while a parenthesis is open.
    StringRef seen = text.slice(lineStart, offset);
    if (seen.count('(') <= seen.count(')'))
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
  StringRef after = s.str().drop_front(offset);
  after = after.drop_while(isIdent).ltrim(" @\"");
  after = after.drop_while([](char c) { return c != '%' && c != '\n'; });
  std::string varType;
  if (after.starts_with("%")) {
    StringRef name = after.take_while(
        [](char c) { return isIdent(c) || c == '%' || c == '#'; });
    name = name.split('#').first;
    for (const ValueRecord &v : a.values)
      if (s.str().slice(v.def.begin, v.def.end) == name) {
        varType = v.type;
        break;
      }
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
