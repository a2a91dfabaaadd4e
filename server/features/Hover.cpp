//===- Hover.cpp - Hover that explains omp/acc ----------------------------===//

#include "server/features/Hover.h"
#include "server/features/Describe.h"

#include "llvm/ADT/StringExtras.h"

using namespace ompx;
using llvm::StringRef;

namespace {

std::string code(StringRef s) { return "`" + s.str() + "`"; }

std::string truncate(StringRef s, size_t n) {
  if (s.size() <= n)
    return s.str();
  size_t cut = s.rfind(' ', n);
  return s.take_front(cut == StringRef::npos ? n : cut).str() + " …";
}

class HoverBuilder {
public:
  HoverBuilder(const Snapshot &s, const ChunkIndex &index)
      : s(s), idx(index), a(index.analysis()) {}

  std::string opHover(int32_t op);
  std::string valueHover(int32_t value, const TextRange *use);
  std::string symbolHover(StringRef name, int32_t definingOp);
  std::string lineOfOp(int32_t op) {
    return "line " + std::to_string(lineOf(s, a.ops[op].nameRange.begin));
  }

private:
  std::string describeValue(int32_t value);
  void clauseLines(int32_t op, std::string &out);
  void usesInClauses(int32_t value, std::string &out);
  std::string accChain(int32_t op);

  const Snapshot &s;
  const ChunkIndex &idx;
  const ChunkAnalysis &a;
};

std::string HoverBuilder::opHover(int32_t op) {
  const OpRecord &rec = a.ops[op];
  const ods::Op *info = idx.odsOf(op);
  const OpFacts *f = idx.factsOf(op);
  std::string out = "**" + rec.name + "**";
  if (!rec.symbol.empty())
    out += " `@" + rec.symbol + "`";
  if (info && *info->summary)
    out += " — " + StringRef(info->summary).rtrim('.').str();
  if (f && !f->composite.empty())
    out += " *(" + f->composite + " construct)*";
  out += "\n\n";
  if (f && f->hasMap) {
    out += "Maps **" + mappedName(s, idx, *f) + "**: `" + mapFlagsText(f->map) +
           "`, captured `" + f->map.capture + "`";
    if (!f->map.varType.empty())
      out += ", var type `" + f->map.varType + "`";
    out += "\n\n";
  }
  std::string chain = accChain(op);
  if (!chain.empty()) {
    StringRef name = f ? attrValue(*f, "name") : "";
    if (!name.empty())
      out += "Data clause for **" + name.trim('"').str() + "**\n";
    out += StringRef(chain).ltrim('\n').str() + "\n";
  }
  if (info && *info->description)
    out += truncate(info->description, 320) + "\n\n";
  if (rec.flags & OpPartial)
    out += "*Only the name is known: this op is in text the parser did not "
           "reach.*\n";
  else
    clauseLines(op, out);
  return out;
}

void HoverBuilder::clauseLines(int32_t op, std::string &out) {
  const OpFacts *f = idx.factsOf(op);
  const ods::Op *info = idx.odsOf(op);
  if (!f || !info)
    return;
  const OpRecord &rec = a.ops[op];
  std::vector<std::string> lines;
  for (const OperandGroup &g : f->groups) {
    const ods::Arg &arg = info->args[g.odsArg];
    std::vector<std::string> entries;
    for (uint32_t i = 0; i < g.count && i < 8; ++i) {
      uint32_t operand = g.first + i;
      std::string e =
          operand < rec.operands.size() && rec.operands[operand] >= 0
              ? valueName(s, a, rec.operands[operand])
              : "?";
      for (const EntryBinding &b : f->bindings)
        if (b.operand == operand && b.blockArg >= 0) {
          e += " → " + valueName(s, a, b.blockArg);
          if (const OpFacts *map = mapFactsOf(idx, b.outer))
            e += " (" + mappedName(s, idx, *map) + ")";
        }
      entries.push_back(e);
    }
    if (g.count > 8)
      entries.push_back("… " + std::to_string(g.count - 8) + " more");
    std::string label = code(argLabel(arg));
    if (StringRef(arg.name) != argLabel(arg))
      label += " (`" + std::string(arg.name) + "`)";
    lines.push_back("- " + label + ": " + llvm::join(entries, ", "));
  }
  for (const AttrFact &at : f->attrs) {
    if (at.name == "operandSegmentSizes" || at.name == "sym_name")
      continue;
    lines.push_back("- `" + at.name + "` = `" + truncate(at.value, 100) + "`");
  }
  if (lines.empty())
    return;
  out += "Clauses and attributes:\n" + llvm::join(lines, "\n") + "\n";
}

/// For an acc data entry/exit op: the construct using it and the exit op.
std::string HoverBuilder::accChain(int32_t op) {
  const OpRecord &rec = a.ops[op];
  if (!StringRef(rec.name).starts_with("acc."))
    return "";
  const OpFacts *f = idx.factsOf(op);
  if (!f)
    return "";
  std::string out;
  StringRef clause = attrValue(*f, "dataClause");
  StringRef own = StringRef(rec.name).drop_front(4);
  if (!clause.empty()) {
    StringRef from = clause;
    from.consume_front("acc_");
    if (from != own)
      out += "\n\nDecomposed from the `" + from.str() +
             "` clause (`dataClause` = `" + clause.str() + "`)";
  }
  std::vector<std::string> users;
  for (int32_t u : f->users) {
    const OpRecord &ur = a.ops[u];
    std::string what = "`" + ur.name + "`";
    for (uint32_t i = 0; i < ur.operands.size(); ++i)
      if (!rec.results.empty() && ur.operands[i] == rec.results[0])
        if (auto c = operandClause(idx, u, i)) {
          what += " " + code(argLabel(*c->first));
          break;
        }
    users.push_back(what + " (" + lineOfOp(u) + ")");
  }
  if (!users.empty())
    out += "\n\nUsed by: " + llvm::join(users, ", ");
  // An exit op: where its device copy came from.
  if (rec.blocks.empty() && !rec.operands.empty()) {
    for (int32_t operand : rec.operands) {
      if (operand < 0)
        continue;
      int32_t def = a.values[operand].ownerOp;
      if (def >= 0 && def != op &&
          StringRef(a.ops[def].name).starts_with("acc.") && idx.factsOf(def) &&
          !attrValue(*idx.factsOf(def), "dataClause").empty()) {
        out += "\n\nEntry: `" + a.ops[def].name + "` (" + lineOfOp(def) + ")";
        break;
      }
    }
  }
  return out.empty() ? out : out + "\n";
}

std::string HoverBuilder::describeValue(int32_t value) {
  const ValueRecord &v = a.values[value];
  std::string out;
  if (v.ownerOp >= 0) {
    const OpRecord &def = a.ops[v.ownerOp];
    out += "Result" + (v.count > 1 ? " group" : std::string()) + " of `" +
           def.name + "` (" + lineOfOp(v.ownerOp) + ")";
    if (const OpFacts *f = idx.factsOf(v.ownerOp)) {
      if (f->hasMap) {
        out += ": maps **" + mappedName(s, idx, *f) + "**, `" +
               mapFlagsText(f->map) + "`, captured `" + f->map.capture + "`";
        std::vector<std::string> bounds;
        for (int32_t b : f->map.bounds)
          bounds.push_back("[" + boundsText(s, idx, b) + "]");
        if (!bounds.empty())
          out += "; bounds " + llvm::join(bounds, " ");
        if (!f->map.members.empty()) {
          std::vector<std::string> members;
          for (int32_t m : f->map.members) {
            std::string name = valueName(s, a, m);
            if (const OpFacts *mf = mapFactsOf(idx, m))
              name += " (" + mappedName(s, idx, *mf) + ")";
            members.push_back(name);
          }
          out += "; members " + llvm::join(members, ", ");
        }
        if (f->map.varPtr >= 0)
          out += "; variable `" + valueName(s, a, f->map.varPtr) + "`";
        if (f->map.varPtrPtr >= 0)
          out += ", var_ptr_ptr `" + valueName(s, a, f->map.varPtrPtr) + "`";
        if (f->map.parent >= 0)
          out += "; member of the map at " + lineOfOp(f->map.parent);
      } else if (def.name == "omp.map.bounds") {
        out += ": " + boundsText(s, idx, value);
      } else if (!attrValue(*f, "dataClause").empty()) {
        StringRef name = attrValue(*f, "name");
        out += ": device copy of " +
               (name.empty() ? std::string("a variable")
                             : "**" + name.trim('"').str() + "**") +
               " (`dataClause` = `" + attrValue(*f, "dataClause").str() + "`)";
      }
    }
    out += "\n";
  } else if (v.ownerBlock >= 0) {
    int32_t owner = idx.blockArgOwner(value);
    out += "Argument #" + std::to_string(v.index) + " of a block";
    if (owner >= 0)
      out += " of `" + a.ops[owner].name + "` (" + lineOfOp(owner) + ")";
    out += "\n";
  }
  if (!v.type.empty())
    out += "\nType: `" + v.type + "`\n";
  return out;
}

void HoverBuilder::usesInClauses(int32_t value, std::string &out) {
  std::vector<std::string> uses;
  for (const TextRange &u : a.values[value].uses) {
    auto at = idx.operandAt(value, u);
    if (!at)
      continue;
    auto c = operandClause(idx, at->first, at->second);
    if (!c)
      continue;
    std::string text =
        code(argLabel(*c->first)) + " #" + std::to_string(c->second) + " of `" +
        a.ops[at->first].name + "` (" + lineOfOp(at->first) + ")";
    if (!llvm::is_contained(uses, text))
      uses.push_back(text);
    if (uses.size() == 6)
      break;
  }
  if (!uses.empty())
    out += "\nIn clauses: " + llvm::join(uses, ", ") + "\n";
}

std::string HoverBuilder::valueHover(int32_t value, const TextRange *use) {
  std::string name = valueName(s, a, value);
  std::string out;
  if (auto ref = idx.bindingOf(value)) {
    const EntryBinding &b = idx.binding(*ref);
    const OpFacts &f = a.facts[ref->fact];
    const ods::Op *info = idx.odsOf(f.op);
    out += "**" + name + "** — " + code(argLabel(info->args[b.odsArg])) +
           " entry #" + std::to_string(b.entry) + " of `" + a.ops[f.op].name +
           "`: " + bindingMeaning(s, idx, *ref) + "\n\n";
    if (b.outer >= 0) {
      out += "Bound to `" + valueName(s, a, b.outer) + "`";
      const ValueRecord &outer = a.values[b.outer];
      if (outer.def.end > outer.def.begin)
        out += " (defined at line " +
               std::to_string(lineOf(s, outer.def.begin)) + ")";
      out += ". " + describeValue(b.outer);
    }
    if (!b.roles.empty() && b.roles.size() > 1)
      out += "\nFeeds: " + llvm::join(b.roles, "; ") + "\n";
    const ValueRecord &v = a.values[value];
    if (!v.type.empty() && (b.outer < 0 || a.values[b.outer].type != v.type))
      out += "\nBlock argument type: `" + v.type + "`\n";
    return out;
  }
  out += "**" + name + "**";
  if (use) {
    if (auto at = idx.operandAt(value, *use))
      if (auto c = operandClause(idx, at->first, at->second)) {
        out += " — operand of `" + a.ops[at->first].name + "`, " +
               code(argLabel(*c->first)) + " #" + std::to_string(c->second);
        if (const OpFacts *f = idx.factsOf(at->first))
          for (const EntryBinding &b : f->bindings)
            if (b.operand == at->second && b.blockArg >= 0)
              out += " → `" + valueName(s, a, b.blockArg) + "`";
      }
  }
  out += "\n\n" + describeValue(value);
  usesInClauses(value, out);
  return out;
}

std::string HoverBuilder::symbolHover(StringRef name, int32_t op) {
  std::string out = "**@" + name.str() + "**";
  if (op < 0)
    return out + "\n\nNo definition of this symbol in this chunk.\n";
  const OpRecord &rec = a.ops[op];
  out += " — `" + rec.name + "` (" + lineOfOp(op) + ")";
  if (const OpFacts *f = idx.factsOf(op)) {
    StringRef kind = attrValue(*f, "data_sharing_type");
    if (!kind.empty())
      out += ", " + kind.str();
    StringRef type = attrValue(*f, "type");
    if (!type.empty())
      out += ", type `" + type.str() + "`";
  }
  if (const ods::Op *info = idx.odsOf(op)) {
    out += "\n\n" + StringRef(info->summary).str();
    std::vector<std::string> regions;
    unsigned r = 0;
    for (int32_t block : rec.blocks) {
      uint32_t region = a.blocks[block].region;
      if (region < info->numRegions && (regions.empty() || r != region))
        regions.push_back(std::string("`") + info->regions[region] + "`");
      r = region;
    }
    if (!regions.empty())
      out += "\n\nRegions: " + llvm::join(regions, ", ");
  }
  return out + "\n";
}

/// A clause keyword or enum value: explained from the ODS tables.
std::optional<std::string> keywordHover(const ChunkIndex *idx, StringRef word,
                                        int32_t op, StringRef opName) {
  const ods::Op *info = nullptr;
  if (idx && op >= 0)
    info = idx->odsOf(op);
  if (!info && !opName.empty())
    info = ods::lookupOp(opName);
  if (info) {
    for (const ods::Arg &arg : info->argList()) {
      if (word == arg.keyword) {
        std::string out =
            "**" + word.str() + "** — clause of `" + info->name + "`";
        if (*arg.clause && StringRef(arg.clause) != word)
          out += " (OpenMP `" + std::string(arg.clause) + "` clause)";
        out += "\n\n";
        if (const ods::Clause *c = ods::lookupClause(arg.clause))
          out += truncate(c->description, 600) + "\n";
        else
          out += "Sets `" + std::string(arg.name) + "`.\n";
        return out;
      }
      if (const ods::Enum *e = ods::enumAt(arg.enumIndex))
        for (const char *c : e->caseList())
          if (word.equals_insensitive(c))
            return "**" + word.str() + "** — value of `" + e->name + "` (`" +
                   arg.name + "` of `" + info->name + "`)\n\nValues: " +
                   llvm::join(e->caseList().begin(), e->caseList().end(),
                              ", ") +
                   "\n";
    }
  }
  // `tofrom` is to|from spelled as one word.
  if (word == "tofrom")
    return std::string("**tofrom** — map type: `to` on entry and `from` on "
                       "exit (values of `ClauseMapFlags`)\n");
  return std::nullopt;
}

} // namespace

std::optional<HoverResult> ompx::hover(const Snapshot &snapshot,
                                       uint32_t offset) {
  int chunk = snapshot.chunkAt(offset);
  std::shared_ptr<const ChunkIndex> index = chunkIndex(snapshot, chunk);
  if (index) {
    HoverBuilder hb(snapshot, *index);
    if (const Entity *e = index->at(offset)) {
      const ChunkAnalysis &a = index->analysis();
      switch (e->kind) {
      case EntityKind::OpName:
        return HoverResult{hb.opHover(e->index), e->range};
      case EntityKind::ValueDef:
        return HoverResult{hb.valueHover(e->index, nullptr), e->range};
      case EntityKind::ValueUse:
        return HoverResult{hb.valueHover(e->index, &e->range), e->range};
      case EntityKind::SymbolUse: {
        const SymbolUse &u = a.symbolUses[e->index];
        return HoverResult{hb.symbolHover(u.name, index->symbolOp(u.name)),
                           e->range};
      }
      case EntityKind::SymbolDef:
        return HoverResult{hb.symbolHover(a.ops[e->index].symbol, e->index),
                           e->range};
      case EntityKind::BlockDef:
      case EntityKind::BlockUse:
        break;
      }
    }
  }
  // A keyword or enum value: find the op it belongs to.
  StringRef text = snapshot.str();
  TextRange w = wordAt(text, offset);
  if (w.begin == w.end)
    return std::nullopt;
  StringRef word = text.slice(w.begin, w.end);
  int32_t op = index ? index->opContaining(offset) : -1;
  StringRef opName;
  if (op < 0) {
    // Not analyzed (yet): the op name at the start of the statement.
    uint32_t lineStart = text.rfind('\n', w.begin) + 1;
    StringRef line = text.slice(lineStart, w.begin);
    size_t eq = line.find('=');
    StringRef rest = (eq == StringRef::npos ? line : line.drop_front(eq + 1))
                         .ltrim()
                         .trim('"');
    opName = rest.take_until([](char c) { return c == ' ' || c == '"'; });
  }
  if (auto md = keywordHover(index.get(), word, op, opName))
    return HoverResult{*md, w};
  return std::nullopt;
}
