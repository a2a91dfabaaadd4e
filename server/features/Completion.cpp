//===- Completion.cpp - Completion that knows the op's grammar ------------===//

#include "server/features/Completion.h"
#include "server/features/Describe.h"
#include "server/model/Index.h"
#include "server/syntax/Lexer.h"

#include "llvm/ADT/STLExtras.h"

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
  /// The innermost open list: its bare words and `%` values (before the
  /// cursor and after it on the line), and whether its `:` (the types
  /// after the entries) came before the cursor.
  std::set<std::string> listWords;
  bool inListTypes = false;
};

/// The word being typed at `offset`: identifier characters around it
/// (dots included: `omp.tar`) and an `@`/`%` sigil before them.
TextRange typedWord(StringRef text, uint32_t offset) {
  auto ident = [](char c) {
    return llvm::isAlnum(c) || c == '_' || c == '.' || c == '$';
  };
  uint32_t b = offset, e = offset;
  while (b > 0 && ident(text[b - 1]))
    --b;
  if (b > 0 && (text[b - 1] == '@' || text[b - 1] == '%'))
    --b;
  while (e < text.size() && ident(text[e]))
    ++e;
  return {b, e};
}

std::optional<Context> contextAt(StringRef text, uint32_t offset) {
  // The statement may span lines while a clause list is open.
  uint32_t lineStart = text.rfind('\n', offset == 0 ? 0 : offset - 1) + 1;
  if (lineStart > offset)
    lineStart = 0;
  // A word begun before the cursor is being typed, not written; one that
  // starts at the cursor is written (`omp.target |host_eval`).
  TextRange typed = typedWord(text, offset);
  auto beingTyped = [&](const Token &t) {
    return typed.begin < offset && t.range.begin < typed.end &&
           t.range.end > typed.begin;
  };
  for (int back = 0; back < 12; ++back) {
    if (auto op = opOfStatement(text, lineStart, offset)) {
      Context ctx;
      ctx.opName = op->first;
      ctx.opEnd = op->second;
      std::vector<std::string> stack;
      std::vector<std::set<std::string>> lists;
      std::vector<bool> types;
      std::string last;
      Lexer lexer(text.take_front(offset), op->second);
      for (Token t = lexer.next(); !t.is(TokenKind::Eof); t = lexer.next()) {
        if (beingTyped(t))
          continue;
        if (t.is(TokenKind::BareIdentifier) ||
            t.is(TokenKind::PercentIdentifier)) {
          last = t.is(TokenKind::BareIdentifier) ? t.spelling.str() : "";
          if (stack.empty() && !last.empty())
            ctx.written.insert(last);
          else if (!stack.empty())
            lists.back().insert(t.spelling.str());
        } else if (t.isPunct("(")) {
          stack.push_back(last);
          lists.emplace_back();
          types.push_back(false);
          last.clear();
        } else if (t.isPunct(")")) {
          if (!stack.empty()) {
            stack.pop_back();
            lists.pop_back();
            types.pop_back();
          }
        } else if (t.isPunct("{") && stack.empty()) {
          return std::nullopt; // in the region, not the clause list
        } else {
          if (t.isPunct(":") && !types.empty())
            types.back() = true;
          last.clear();
        }
      }
      ctx.openKeywords = std::move(stack);
      // What follows the cursor on the same line is written too.
      size_t stop = text.find_first_of("\n{", offset);
      Lexer after(text.take_front(std::min(stop, text.size())), offset);
      int depth = 0;
      for (Token t = after.next(); !t.is(TokenKind::Eof); t = after.next()) {
        if (beingTyped(t))
          continue;
        if (ctx.openKeywords.empty()) {
          if (t.is(TokenKind::BareIdentifier))
            ctx.written.insert(t.spelling.str());
          continue;
        }
        depth += t.isPunct("(") - t.isPunct(")");
        if (depth < 0)
          break;
        if (depth == 0 && (t.is(TokenKind::BareIdentifier) ||
                           t.is(TokenKind::PercentIdentifier)))
          lists.back().insert(t.spelling.str());
      }
      if (!lists.empty()) {
        ctx.listWords = std::move(lists.back());
        ctx.inListTypes = types.back();
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

/// `@name`, quoted when it is not a bare identifier.
std::string symbolRef(StringRef name) {
  return isBareIdentifier(name) ? "@" + name.str() : "@\"" + name.str() + "\"";
}

/// The type of the variable a `private`/`reduction` entry or an acc data op
/// works on, if already written: the first `%value` at or after `from` on
/// the line (`@sym %x -> %arg : type`, `varPtr(%3#0 : type)`).
std::string variableType(const Snapshot &s, const ChunkIndex &index,
                         uint32_t from, uint32_t offset) {
  size_t lineEnd = std::min(s.str().find('\n', offset), s.str().size());
  Lexer lexer(s.str().take_front(lineEnd), from);
  for (Token t = lexer.next(); !t.is(TokenKind::Eof); t = lexer.next()) {
    if (!t.is(TokenKind::PercentIdentifier))
      continue;
    // The value this mention stands for, not another of the same name.
    const Entity *e = index.at(t.range.begin);
    if (e && e->range.begin == t.range.begin &&
        (e->kind == EntityKind::ValueUse || e->kind == EntityKind::ValueDef))
      return index.analysis().values[e->index].type.str();
    return "";
  }
  return "";
}

void addSymbols(const Snapshot &s, uint32_t offset, uint32_t varFrom,
                StringRef wanted, std::vector<CompletionItem> &out) {
  auto index = chunkIndex(s, s.chunkAt(offset));
  if (!index)
    return;
  const ChunkAnalysis &a = index->analysis();
  std::string varType = variableType(s, *index, varFrom, offset);
  std::vector<CompletionItem> matching, others;
  for (size_t i = 0; i < a.ops.size(); ++i) {
    const OpRecord &op = a.ops[i];
    if (op.symbol.empty() || op.name != wanted)
      continue;
    CompletionItem item;
    item.label = "@" + op.symbol.str();
    item.insertText = symbolRef(op.symbol);
    item.kind = CompletionKind::Recipe;
    std::string type;
    if (const OpFacts *f = index->factsOf(int32_t(i))) {
      if (const AttrFact *t = f->attr("type"))
        type = attrText(*t);
      std::string kind = attrWord(*f, "data_sharing_type");
      item.detail = op.name.str() + (kind.empty() ? "" : " " + kind) +
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

/// The `omp.map.info` results a clause list at `offset` can name: defined
/// before it in a block around it; not those already in the list. The
/// unused ones (made for this op) first, then the nearest.
void addMapValues(const Snapshot &s, uint32_t offset,
                  const std::set<std::string> &inList,
                  std::vector<CompletionItem> &out) {
  auto index = chunkIndex(s, s.chunkAt(offset));
  if (!index)
    return;
  const ChunkAnalysis &a = index->analysis();
  std::vector<int32_t> values;
  for (size_t op = 0; op < a.ops.size(); ++op) {
    const OpRecord &rec = a.ops[op];
    if (rec.name != "omp.map.info" || rec.results.empty() ||
        rec.fullRange.end > offset)
      continue;
    int32_t parent = rec.parent;
    if (parent >= 0 && !a.ops[parent].fullRange.contains(offset))
      continue;
    int32_t v = a[rec.results][0];
    if (inList.count(valueName(s, a, v)))
      continue;
    values.push_back(v);
  }
  std::stable_sort(values.begin(), values.end(), [&](int32_t x, int32_t y) {
    bool ux = !a.values[x].uses.empty(), uy = !a.values[y].uses.empty();
    if (ux != uy)
      return uy;
    return a.values[x].def.begin > a.values[y].def.begin;
  });
  for (int32_t v : values) {
    CompletionItem item;
    item.label = valueName(s, a, v);
    item.kind = CompletionKind::Value;
    item.detail = "omp.map.info";
    if (const OpFacts *f = mapFactsOf(*index, v)) {
      std::string name = mappedName(s, *index, *f);
      llvm::erase(name, '`');
      item.detail += " " + name + " " + mapFlagsText(f->map);
    }
    if (a.values[v].uses.empty())
      item.detail += " (unused)";
    out.push_back(std::move(item));
  }
}

/// The op whose symbols a clause keyword of `opName` takes after `@`.
std::string symbolOpOf(StringRef opName, StringRef keyword) {
  if (opName.starts_with("omp.")) {
    if (keyword == "private")
      return "omp.private";
    if (keyword == "reduction" || keyword == "in_reduction" ||
        keyword == "task_reduction")
      return "omp.declare_reduction";
    if (keyword == "mapper")
      return "omp.declare_mapper";
  }
  // acc.private recipe(@...) -> acc.private.recipe, and so on.
  if (opName.starts_with("acc.") && keyword == "recipe" &&
      ods::lookupOp((opName + ".recipe").str()))
    return (opName + ".recipe").str();
  return "";
}

/// Whether a keyword's list takes `omp.map.info` results.
bool takesMapValues(const ods::Op &info, StringRef keyword) {
  return llvm::any_of(info.argList(), [&](const ods::Arg &arg) {
    return keyword == arg.keyword &&
           (arg.group == ClauseGroup::MapVars ||
            arg.group == ClauseGroup::UseDeviceAddrVars ||
            arg.group == ClauseGroup::UseDevicePtrVars ||
            arg.group == ClauseGroup::HasDeviceAddrVars);
  });
}

} // namespace

std::vector<CompletionItem> ompx::complete(const Snapshot &s, uint32_t offset) {
  std::vector<CompletionItem> out;
  StringRef text = s.str();
  if (offset > text.size())
    return out;
  // Every item replaces the whole word at the cursor, sigil and dots
  // included, so a client that ends words at `.` or `@` does not insert
  // `omp.omp.barrier` or `@@sym`.
  TextRange typed = typedWord(text, offset);
  // A word that starts at the cursor is not being typed: insert before it.
  if (typed.begin == offset)
    typed.end = offset;
  StringRef typedText = text.slice(typed.begin, offset);
  // What stands before the word: `(`, `,`, `mod:`, ...
  StringRef before = text.take_front(typed.begin).rtrim(" \t\r\n");
  auto finish = [&] {
    for (CompletionItem &i : out)
      i.replace = typed;
    return out;
  };
  std::optional<Context> ctx = contextAt(text, offset);
  if (ctx && offset > ctx->opEnd) {
    const ods::Op *info = ods::lookupOp(ctx->opName);
    if (!ctx->openKeywords.empty()) {
      StringRef kw = ctx->openKeywords.back();
      const ods::Arg *enumArg = nullptr;
      for (const ods::Arg &arg : info->argList())
        if (kw == arg.keyword && arg.enumIndex >= 0) {
          enumArg = &arg;
          break;
        }
      auto addEnum = [&](StringRef prefix, StringRef suffix) {
        const ods::Enum *e = ods::enumAt(enumArg->enumIndex);
        for (const char *c : e->caseList()) {
          if (StringRef(c) == "none" || ctx->listWords.count(c))
            continue;
          CompletionItem item{(prefix + c).str(),
                              std::string(e->name) + " (" + enumArg->name + ")",
                              "", CompletionKind::EnumValue, ""};
          if (!suffix.empty())
            item.insertText = (prefix + c + suffix).str();
          out.push_back(std::move(item));
        }
      };
      std::string symbolOp = symbolOpOf(ctx->opName, kw);
      if (!symbolOp.empty()) {
        // `reduction(mod: task, @sym %x -> %arg : type)`: the enum is the
        // modifier, written after `mod:`; the entries name symbols.
        if (enumArg && before.ends_with(":") &&
            before.drop_back().rtrim().ends_with("mod")) {
          addEnum("", "");
          return finish();
        }
        uint32_t varFrom =
            ctx->opName.rfind("acc.", 0) == 0 ? ctx->opEnd : offset;
        addSymbols(s, offset, varFrom, symbolOp, out);
        if (enumArg && before.ends_with("(") && !typedText.starts_with("@") &&
            !ctx->listWords.count("mod"))
          addEnum("mod: ", ", ");
        return finish();
      }
      if (enumArg) {
        addEnum("", "");
        return finish();
      }
      // An entry of a map list: `map_entries(%m -> %arg, %|`.
      if (!ctx->inListTypes && takesMapValues(*info, kw) &&
          (before.ends_with("(") || before.ends_with(",")) &&
          (typedText.empty() || typedText.starts_with("%")))
        addMapValues(s, offset, ctx->listWords, out);
      return finish();
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
    return finish();
  }
  // An op name being typed at the start of a statement.
  StringRef word = typedText;
  if (word.empty() || !(StringRef("omp.").starts_with(word.take_front(4)) ||
                        StringRef("acc.").starts_with(word.take_front(4))))
    return out;
  for (const ods::Op &op : ods::allOps())
    if (StringRef(op.name).starts_with(word))
      out.push_back(
          {op.name, op.summary, op.description, CompletionKind::Operation, ""});
  return finish();
}
