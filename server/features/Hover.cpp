//===- Hover.cpp - Hover that explains omp/acc ----------------------------===//
//
// Two halves: HoverCollector gathers a HoverInfo from the chunk's records;
// renderHover() writes it as markdown. Keep wording changes in the second
// half; the lit tests pin much of it.
//
//===----------------------------------------------------------------------===//

#include "server/features/Hover.h"
#include "server/syntax/Lexer.h"
#include "support/FlangNames.h"

#include "llvm/ADT/StringExtras.h"

using namespace ompx;
using llvm::StringRef;

namespace {

/// What the declare target fact says, as the hover shows it.
DeclareTargetInfo declareTargetInfo(const DeclareTargetFact &d) {
  return {d.deviceType.str(), d.captureClause.str(), d.automap};
}

/// The declare target attribute of op `op`, if it has one.
std::optional<DeclareTargetInfo> declareTargetInfo(const ChunkAnalysis &a,
                                                   int32_t op) {
  if (const DeclareTargetFact *d = declareTargetOf(a, op))
    return declareTargetInfo(*d);
  return std::nullopt;
}

class HoverCollector {
public:
  HoverCollector(const Snapshot &s, const ChunkIndex &index)
      : s(s), idx(index), a(index.analysis()) {}

  OpHoverInfo op(int32_t op);
  ValueHoverInfo value(int32_t value, const TextRange *use);
  SymbolHoverInfo symbol(int32_t definingOp);

private:
  uint32_t lineOfOp(int32_t op) { return lineOf(s, a.ops[op].nameRange.begin); }
  ValueInfo describeValue(int32_t value,
                          std::optional<uint32_t> result = std::nullopt);
  std::optional<ValueInfo::LoopIV> loopIV(int32_t value);
  MapInfo mapInfo(const OpFacts &f);
  std::optional<OpHoverInfo::AccChain> accChain(int32_t op);
  std::optional<OpHoverInfo::PartialCause> partialCause(int32_t op);

  const Snapshot &s;
  const ChunkIndex &idx;
  const ChunkAnalysis &a;
};

MapInfo HoverCollector::mapInfo(const OpFacts &f) {
  MapInfo m;
  m.variable = mappedName(s, idx, f);
  m.mapType = mapFlagsText(f.map);
  m.capture = f.map.capture;
  m.varType = f.map.varType;
  m.openmpTofrom = f.map.openmpTofrom;
  for (int32_t b : f.map.bounds)
    m.bounds.push_back(boundsText(s, idx, b));
  for (int32_t v : f.map.members) {
    MapInfo::Member member{valueName(s, a, v), ""};
    if (const OpFacts *mf = mapFactsOf(idx, v)) {
      member.variable = mappedName(s, idx, *mf);
      // The descriptor's own data: the member at its base address (a
      // record's member at a component's base address is that
      // component's, not the record's).
      if (mf->map.varPtrPtr >= 0 && mf->map.varPtr == f.map.varPtr &&
          m.dataMapType.empty())
        m.dataMapType = mapFlagsText(mf->map);
    }
    m.members.push_back(std::move(member));
  }
  // A component's descriptor (`map(alloc: f%v)`): its data is a sibling
  // under the record's map, at this descriptor's base address.
  if (m.dataMapType.empty() && f.map.varPtrPtr < 0 && f.map.parent >= 0)
    if (const OpFacts *parent = idx.factsOf(f.map.parent))
      for (int32_t v : parent->map.members)
        if (const OpFacts *sib = mapFactsOf(idx, v);
            sib && sib != &f && sib->map.varPtrPtr >= 0 &&
            sib->map.varPtr == f.map.varPtr) {
          m.dataMapType = mapFlagsText(sib->map);
          break;
        }
  if (f.map.varPtr >= 0)
    m.varPtr = valueRefName(s, a, f.op, f.map.varPtr);
  if (f.map.varPtrPtr >= 0)
    m.varPtrPtr = valueRefName(s, a, f.op, f.map.varPtrPtr);
  if (f.map.parent >= 0)
    m.parentLine = lineOfOp(f.map.parent);
  return m;
}

OpHoverInfo HoverCollector::op(int32_t op) {
  const OpRecord &rec = a.ops[op];
  const ods::Op *info = idx.odsOf(op);
  const OpFacts *f = idx.factsOf(op);
  OpHoverInfo h;
  h.symbol = rec.symbol.str();
  if (info) {
    h.summary = info->summary;
    h.description = info->description;
  }
  h.composite = f && f->composite;
  if (f && f->hasMap)
    h.map = mapInfo(*f);
  h.acc = accChain(op);
  h.partial = rec.flags & OpPartial;
  h.declareTarget = declareTargetInfo(a, op);
  if (h.partial)
    h.partialCause = partialCause(op);
  else
    h.accToOmp = accLowering(idx, op);
  if (h.partial || !f || !info)
    return h;
  for (const OperandGroup &g : f->groups) {
    const ods::Arg &arg = info->args[g.odsArg];
    OpHoverInfo::Clause c;
    c.label = argLabel(arg).str();
    c.odsName = arg.name;
    for (uint32_t i = 0; i < g.count && i < 8; ++i) {
      uint32_t operand = g.first + i;
      OpHoverInfo::Clause::Entry e;
      e.operand = operandName(s, a, op, operand);
      // A member map of this map: which part of the variable it is.
      if (f->hasMap && operand < rec.operands.size())
        if (const OpFacts *member = mapFactsOf(idx, a[rec.operands][operand]))
          if (member->map.parent == op)
            e.mapped = mappedName(s, idx, *member);
      for (const EntryBinding &b : f->bindings)
        if (b.operand == operand && b.blockArg >= 0) {
          e.blockArg = valueName(s, a, b.blockArg);
          if (const OpFacts *map = mapFactsOf(idx, b.outer))
            e.mapped = mappedName(s, idx, *map);
          else
            e.mapped = b.variable; // private/reduction: the Fortran name
        }
      // A data directive's entry (no block argument): the variable too.
      if (e.mapped.empty() && !f->hasMap && operand < rec.operands.size())
        if (const OpFacts *map = mapFactsOf(idx, a[rec.operands][operand]))
          e.mapped = mappedName(s, idx, *map);
      c.entries.push_back(std::move(e));
    }
    c.more = g.count > 8 ? g.count - 8 : 0;
    h.clauses.push_back(std::move(c));
  }
  for (const AttrFact &at : f->attrs)
    if (at.name != "operandSegmentSizes" && at.name != "sym_name")
      h.attrs.push_back(at);
  return h;
}

/// For an acc data entry/exit op: the construct using it and the exit op.
std::optional<OpHoverInfo::AccChain> HoverCollector::accChain(int32_t op) {
  const OpRecord &rec = a.ops[op];
  const OpFacts *f = idx.factsOf(op);
  if (!StringRef(rec.name).starts_with("acc.") || !f)
    return std::nullopt;
  OpHoverInfo::AccChain c;
  c.variable = sourceName(attrWord(*f, "name"));
  c.dataClause = attrWord(*f, "dataClause");
  StringRef from = c.dataClause;
  from.consume_front("acc_");
  if (!c.dataClause.empty() && from != StringRef(rec.name).drop_front(4))
    c.decomposedFrom = from.str();
  for (int32_t u : f->users) {
    const OpRecord &ur = a.ops[u];
    OpHoverInfo::AccChain::Link link{ur.name.str(), "", lineOfOp(u)};
    for (uint32_t i = 0; i < ur.operands.size(); ++i)
      if (!rec.results.empty() && a[ur.operands][i] == a[rec.results][0])
        if (auto cl = operandClause(idx, u, i)) {
          link.clause = argLabel(*cl->first).str();
          break;
        }
    c.users.push_back(std::move(link));
  }
  // An exit op: where its device copy came from.
  if (rec.blocks.empty())
    for (int32_t operand : a[rec.operands]) {
      if (operand < 0)
        continue;
      int32_t def = a.values[operand].ownerOp;
      if (def >= 0 && def != op &&
          StringRef(a.ops[def].name).starts_with("acc.") && idx.factsOf(def) &&
          !attrWord(*idx.factsOf(def), "dataClause").empty()) {
        c.entry = OpHoverInfo::AccChain::Link{a.ops[def].name.str(), "",
                                              lineOfOp(def)};
        break;
      }
    }
  if (c.decomposedFrom.empty() && c.users.empty() && !c.entry)
    return std::nullopt;
  return c;
}

/// What result `k` of a group of op `op` is, where the op's definition says
/// (hlfir.declare returns the Fortran entity and the raw address).
static StringRef resultRole(StringRef op, uint32_t k) {
  if (op == "hlfir.declare" || op == "hlfir.associate") {
    if (k == 0)
      return "the Fortran entity";
    if (k == 1)
      return "the raw address";
    if (k == 2 && op == "hlfir.associate")
      return "whether the temporary must be freed";
  }
  return "";
}

/// Why a partial op has only its name: the error in the unit blanked
/// around it. The parser reached the ops before the error (their IR went
/// with the unit), not those after it.
std::optional<OpHoverInfo::PartialCause>
HoverCollector::partialCause(int32_t op) {
  uint32_t at = a.ops[op].nameRange.begin;
  for (const TextRange &unit : a.blankedUnits) {
    if (!unit.contains(at))
      continue;
    for (const Diagnostic &d : a.diagnostics) {
      if (d.severity != Severity::Error || !unit.contains(d.range.begin) ||
          !(d.kind == DiagKind::Parse || d.kind == DiagKind::Crash ||
            d.kind == DiagKind::Limit || d.kind == DiagKind::Internal))
        continue;
      OpHoverInfo::PartialCause c;
      c.errorLine = lineOf(s, d.range.begin);
      c.message = d.message;
      c.reached = at < d.range.begin;
      uint32_t end = unit.end;
      while (end > unit.begin + 1 && llvm::isSpace(s.str()[end - 1]))
        --end;
      c.unitFirst = lineOf(s, unit.begin);
      c.unitLast = lineOf(s, end - 1);
      return c;
    }
  }
  return std::nullopt;
}

ValueInfo HoverCollector::describeValue(int32_t value,
                                        std::optional<uint32_t> result) {
  const ValueRecord &v = a.values[value];
  ValueInfo out;
  out.type = v.type.str();
  out.index = v.index;
  if (v.ownerOp >= 0) {
    const OpRecord &def = a.ops[v.ownerOp];
    out.origin = ValueInfo::Origin::Result;
    out.op = def.name.str();
    out.line = lineOfOp(v.ownerOp);
    if (v.count > 1 && result && *result < v.count) {
      // One result of the group: its own type, not the group's.
      out.groupResult = *result;
      out.index = v.index + *result;
      out.type = resultType(a, v, *result).str();
      out.role = resultRole(def.name, *result).str();
    } else if (v.count > 1) {
      out.resultGroup = true;
      for (uint32_t k = 0; k < v.count; ++k)
        out.groupTypes.emplace_back(resultType(a, v, k).str(),
                                    resultRole(def.name, k).str());
    }
    if (const OpFacts *f = idx.factsOf(v.ownerOp)) {
      std::string dataClause = attrWord(*f, "dataClause");
      if (f->hasMap)
        out.map = mapInfo(*f);
      else if (def.name == "omp.map.bounds")
        out.bounds = boundsText(s, idx, value);
      else if (!dataClause.empty())
        out.accCopy =
            ValueInfo::AccCopy{sourceName(attrWord(*f, "name")), dataClause};
    }
  } else if (v.ownerBlock >= 0) {
    out.origin = ValueInfo::Origin::BlockArgument;
    if (int32_t owner = idx.blockArgOwner(value); owner >= 0) {
      out.op = a.ops[owner].name.str();
      out.line = lineOfOp(owner);
      out.iv = loopIV(value);
    }
  }
  return out;
}

/// An entry block argument of omp.loop_nest / acc.loop: its loop, bounds
/// and step (constants where known) and which of them the host evaluates.
std::optional<ValueInfo::LoopIV> HoverCollector::loopIV(int32_t value) {
  const ValueRecord &v = a.values[value];
  int32_t owner = idx.blockArgOwner(value);
  const OpFacts *f = idx.factsOf(owner);
  if (!f ||
      (a.ops[owner].name != "omp.loop_nest" && a.ops[owner].name != "acc.loop"))
    return std::nullopt;
  const OpRecord &op = a.ops[owner];
  if (op.blocks.empty() || a[op.blocks][0] != v.ownerBlock)
    return std::nullopt;
  ValueInfo::LoopIV iv;
  iv.loop = v.index;
  iv.loops = a.blocks[v.ownerBlock].args.size();
  auto bound = [&](ClauseGroup group, std::string &text) {
    for (const OperandGroup &g : f->groups) {
      if (g.group != group || iv.loop >= g.count)
        continue;
      uint32_t operand = g.first + iv.loop;
      for (const OperandConstant &c : f->constants)
        if (c.operand == operand)
          text = std::to_string(c.value);
      int32_t val = operand < op.operands.size() ? a[op.operands][operand] : -1;
      if (val < 0)
        return;
      std::string name = valueName(s, a, val);
      if (text.empty())
        text = "`" + name + "`";
      if (auto ref = idx.bindingOf(val)) {
        const EntryBinding &b = idx.binding(*ref);
        int32_t evalOp = a.facts[ref->fact].op;
        if (b.group == ClauseGroup::HostEvalVars && b.outer >= 0 &&
            llvm::none_of(iv.hostEval,
                          [&](const auto &h) { return h.arg == name; }))
          iv.hostEval.push_back({name, valueName(s, a, b.outer),
                                 a.ops[evalOp].name.str(), lineOfOp(evalOp)});
      }
      return;
    }
  };
  bool omp = op.name == "omp.loop_nest";
  bound(omp ? ClauseGroup::LoopLowerBounds : ClauseGroup::Lowerbound, iv.lb);
  bound(omp ? ClauseGroup::LoopUpperBounds : ClauseGroup::Upperbound, iv.ub);
  bound(omp ? ClauseGroup::LoopSteps : ClauseGroup::Step, iv.step);
  if (const AttrFact *inc = f->attr("loop_inclusive"))
    iv.inclusive = inc->flag;
  if (const AttrFact *inc = f->attr("inclusiveUpperbound"))
    // `array<i1: true, false>`: one per loop.
    iv.inclusive = iv.loop < inc->integers.size() && inc->integers[iv.loop];
  return iv;
}

ValueHoverInfo HoverCollector::value(int32_t value, const TextRange *use) {
  ValueHoverInfo h;
  if (auto ref = idx.bindingOf(value)) {
    const EntryBinding &b = idx.binding(*ref);
    h.binding = describeBinding(s, idx, *ref);
    if (b.outer >= 0) {
      const ValueRecord &outer = a.values[b.outer];
      if (outer.def.end > outer.def.begin)
        h.outerLine = lineOf(s, outer.def.begin);
      int32_t owner = a.facts[ref->fact].op;
      h.outer =
          describeValue(b.outer, operandResult(a, a.ops[owner], b.operand));
    }
    const ValueRecord &v = a.values[value];
    h.showBlockArgType =
        !v.type.empty() && (!h.outer || h.outer->type != v.type);
    h.value = describeValue(value);
    return h;
  }
  if (use)
    if (auto at = idx.operandAt(value, *use)) {
      if (a.values[value].count > 1)
        h.result = operandResult(a, a.ops[at->first], at->second);
      if (auto c = operandClause(idx, at->first, at->second)) {
        ValueHoverInfo::OperandOf o;
        o.op = a.ops[at->first].name.str();
        o.clause = argLabel(*c->first).str();
        o.position = c->second;
        if (const OpFacts *f = idx.factsOf(at->first))
          for (const EntryBinding &b : f->bindings)
            if (b.operand == at->second && b.blockArg >= 0)
              o.blockArgs.push_back(valueName(s, a, b.blockArg));
        h.operandOf = std::move(o);
      }
    }
  h.value = describeValue(value, h.result);
  for (const TextRange &u : a[a.values[value].uses]) {
    auto at = idx.operandAt(value, u);
    if (!at)
      continue;
    // A use of `%3#0` is not a use of `%3#1`.
    if (h.result && operandResult(a, a.ops[at->first], at->second) != *h.result)
      continue;
    auto c = operandClause(idx, at->first, at->second);
    if (!c)
      continue;
    ClauseUse cu{argLabel(*c->first).str(), c->second,
                 a.ops[at->first].name.str(), lineOfOp(at->first)};
    if (!llvm::is_contained(h.inClauses, cu))
      h.inClauses.push_back(std::move(cu));
    if (h.inClauses.size() == 6)
      break;
  }
  return h;
}

SymbolHoverInfo HoverCollector::symbol(int32_t op) {
  SymbolHoverInfo h;
  if (op < 0)
    return h;
  const OpRecord &rec = a.ops[op];
  h.defined = true;
  h.op = rec.name.str();
  h.line = lineOfOp(op);
  h.declareTarget = declareTargetInfo(a, op);
  if (const OpFacts *f = idx.factsOf(op)) {
    h.privatizerKind = attrWord(*f, "data_sharing_type");
    if (const AttrFact *type = f->attr("type"))
      h.type = attrText(*type);
  }
  if (const ods::Op *info = idx.odsOf(op)) {
    h.hasSummary = true;
    h.summary = info->summary;
    unsigned r = 0;
    for (int32_t block : a[rec.blocks]) {
      uint32_t region = a.blocks[block].region;
      if (region < info->numRegions && (h.regions.empty() || r != region))
        h.regions.push_back(ods::regionLabel(*info, region).str());
      r = region;
    }
  }
  return h;
}

/// A clause keyword or enum value: explained from the ODS tables.
std::optional<HoverInfo> keywordHover(const ChunkIndex *idx, StringRef word,
                                      int32_t op, StringRef opName) {
  const ods::Op *info = nullptr;
  if (idx && op >= 0)
    info = idx->odsOf(op);
  if (!info && !opName.empty())
    info = ods::lookupOp(opName);
  HoverInfo h;
  h.name = word.str();
  if (info) {
    if (const ods::KeywordInfo *ki = ods::keywordInfo(*info, word)) {
      h.kind = HoverInfo::Kind::Keyword;
      KeywordHoverInfo k;
      k.op = info->name;
      k.doc = ki->doc;
      if (ki->arg >= 0) {
        const ods::Arg &arg = info->args[ki->arg];
        k.clause = arg.clause;
        k.odsName = arg.name;
      } else if (ki->region >= 0) {
        k.region = true;
      }
      h.keyword = std::move(k);
      return h;
    }
    for (const ods::Arg &arg : info->argList()) {
      if (const ods::Enum *e = ods::enumAt(arg.enumIndex))
        for (const char *const &c : e->caseList())
          if (word.equals_insensitive(c)) {
            h.kind = HoverInfo::Kind::EnumCase;
            h.enumCase =
                EnumHoverInfo{e->name,
                              arg.name,
                              info->name,
                              e->caseDocs[&c - e->cases],
                              {e->caseList().begin(), e->caseList().end()}};
            return h;
          }
    }
  }
  // `tofrom` is to|from spelled as one word.
  if (word == "tofrom") {
    h.kind = HoverInfo::Kind::MapTypeWord;
    return h;
  }
  return std::nullopt;
}

// Rendering.

std::string code(StringRef s) { return "`" + s.str() + "`"; }

std::string renderDeclareTarget(const DeclareTargetInfo &d) {
  std::string out = "Declare target";
  if (d.deviceType == "any")
    out += ": compiled for the host and the device";
  else if (d.deviceType == "host")
    out += " `device_type(host)`: only the host version exists (the device "
           "compilation drops it)";
  else if (d.deviceType == "nohost")
    out += " `device_type(nohost)`: only the device version exists";
  if (d.captureClause == "to" || d.captureClause == "enter")
    out += "; `" + d.captureClause +
           "`: a global gets a device copy, initialized from the host's";
  else if (d.captureClause == "link")
    out += "; `link`: a global's device copy exists only while it is mapped";
  if (d.automap)
    out += "; `automap`: mapped when allocated";
  return out + ".";
}

std::string truncate(StringRef s, size_t n) {
  if (s.size() <= n)
    return s.str();
  size_t cut = s.rfind(' ', n);
  return s.take_front(cut == StringRef::npos ? n : cut).str() + " …";
}

std::string lineText(uint32_t line) { return "line " + std::to_string(line); }

std::string renderMapSummary(const MapInfo &m) {
  return "maps **" + m.variable + "**, `" + m.mapType + "`, captured `" +
         m.capture + "`";
}

std::string renderValue(const ValueInfo &v) {
  std::string out;
  if (v.origin == ValueInfo::Origin::Result) {
    if (v.groupResult)
      out += "Result #" + std::to_string(v.index);
    else
      out += "Result" + (v.resultGroup ? " group" : std::string());
    out += " of `" + v.op + "` (" + lineText(v.line) + ")";
    if (!v.role.empty())
      out += ": " + v.role;
    if (v.map) {
      const MapInfo &m = *v.map;
      out += ": " + renderMapSummary(m);
      std::vector<std::string> bounds;
      for (const std::string &b : m.bounds)
        bounds.push_back("[" + b + "]");
      if (!bounds.empty())
        out += "; bounds " + llvm::join(bounds, " ");
      if (!m.members.empty()) {
        std::vector<std::string> members;
        for (const MapInfo::Member &mm : m.members)
          members.push_back(mm.value + (mm.variable.empty()
                                            ? std::string()
                                            : " (" + mm.variable + ")"));
        out += "; members " + llvm::join(members, ", ");
      }
      if (!m.varPtr.empty())
        out += "; variable `" + m.varPtr + "`";
      if (!m.varPtrPtr.empty())
        out += ", var_ptr_ptr `" + m.varPtrPtr + "`";
      if (m.parentLine)
        out += "; member of the map at " + lineText(m.parentLine);
    } else if (v.bounds) {
      out += ": " + *v.bounds;
    } else if (v.accCopy) {
      out += ": device copy of " +
             (v.accCopy->variable.empty() ? std::string("a variable")
                                          : "**" + v.accCopy->variable + "**") +
             " (`dataClause` = `" + v.accCopy->dataClause + "`)";
    }
    out += "\n";
  } else if (v.iv) {
    // The IV line itself is the hover's first line (renderValueHover).
    std::vector<std::string> evals;
    for (const ValueInfo::LoopIV::HostEval &h : v.iv->hostEval)
      evals.push_back("`" + h.arg + "` ← `" + h.outer + "`");
    if (!evals.empty())
      out += "Bounds evaluated on the host (host_eval of `" +
             v.iv->hostEval[0].owner + "`, " +
             lineText(v.iv->hostEval[0].line) +
             "): " + llvm::join(evals, ", ") + "\n";
  } else if (v.origin == ValueInfo::Origin::BlockArgument) {
    out += "Argument #" + std::to_string(v.index) + " of a block";
    if (!v.op.empty())
      out += " of `" + v.op + "` (" + lineText(v.line) + ")";
    out += "\n";
  }
  if (!v.groupTypes.empty()) {
    std::vector<std::string> types;
    for (size_t k = 0; k < v.groupTypes.size(); ++k) {
      const auto &[type, role] = v.groupTypes[k];
      types.push_back("`#" + std::to_string(k) + "` `" + type + "`" +
                      (role.empty() ? "" : " (" + role + ")"));
    }
    out += "\nTypes: " + llvm::join(types, "; ") + "\n";
  } else if (!v.type.empty())
    out += (out.empty() ? "" : "\n") + std::string("Type: `") + v.type + "`\n";
  return out;
}

std::string renderAccChain(const OpHoverInfo::AccChain &c) {
  std::string out;
  if (!c.decomposedFrom.empty())
    out += "\n\nDecomposed from the `" + c.decomposedFrom +
           "` clause (`dataClause` = `" + c.dataClause + "`)";
  std::vector<std::string> users;
  for (const OpHoverInfo::AccChain::Link &u : c.users)
    users.push_back("`" + u.op + "`" +
                    (u.clause.empty() ? std::string() : " " + code(u.clause)) +
                    " (" + lineText(u.line) + ")");
  if (!users.empty())
    out += "\n\nUsed by: " + llvm::join(users, ", ");
  if (c.entry)
    out += "\n\nEntry: `" + c.entry->op + "` (" + lineText(c.entry->line) + ")";
  return out + "\n";
}

std::string renderOp(const std::string &name, const OpHoverInfo &h) {
  std::string out = "**" + name + "**";
  if (!h.symbol.empty())
    out += " `@" + h.symbol + "`";
  if (!h.summary.empty())
    out += " — " + StringRef(h.summary).rtrim('.').str();
  if (h.composite)
    out += " *(composite construct)*";
  out += "\n\n";
  if (h.declareTarget)
    out += renderDeclareTarget(*h.declareTarget) + "\n\n";
  if (h.accToOmp)
    out += renderAccLowering(*h.accToOmp) + "\n\n";
  if (h.map) {
    // A descriptor's own map is flang's (`to, always`); the clause's word
    // is its data's.
    out += "Maps **" + h.map->variable + "**: `" +
           (h.map->dataMapType.empty()
                ? h.map->mapType + "`"
                : h.map->dataMapType + "` (its data; the descriptor `" +
                      h.map->mapType + "`)") +
           ", captured `" + h.map->capture + "`";
    if (!h.map->varType.empty())
      out += ", var type `" + h.map->varType + "`";
    out += "\n\n";
    if (h.map->openmpTofrom)
      out += "OpenMP maps a scalar with the TARGET attribute and a character "
             "variable `tofrom` when no clause names them; flang-22's copy "
             "would lose the region's writes, so ompx builds this map "
             "`implicit, tofrom`, captured `ByRef`.\n\n";
  }
  if (h.acc) {
    if (!h.acc->variable.empty())
      out += "Data clause for **" + h.acc->variable + "**\n";
    out += StringRef(renderAccChain(*h.acc)).ltrim('\n').str() + "\n";
  }
  if (!h.description.empty())
    out += truncate(h.description, 320) + "\n\n";
  if (h.partial && h.partialCause) {
    const OpHoverInfo::PartialCause &c = *h.partialCause;
    std::string error = "the error at line " + std::to_string(c.errorLine) +
                        " (" + c.message + ")";
    if (c.reached)
      return out + "*Only the name is known: " + error +
             " made the parser drop lines " + std::to_string(c.unitFirst) +
             "–" + std::to_string(c.unitLast) +
             ", and this op's IR with them.*\n";
    return out + "*Only the name is known: the parser stopped at " + error +
           " before reaching this op.*\n";
  }
  if (h.partial)
    return out + "*Only the name is known: the parser failed in the text "
                 "around this op.*\n";
  std::vector<std::string> lines;
  for (const OpHoverInfo::Clause &c : h.clauses) {
    std::vector<std::string> entries;
    for (const OpHoverInfo::Clause::Entry &e : c.entries) {
      std::string text = e.operand;
      if (!e.blockArg.empty())
        text += " → " + e.blockArg;
      if (!e.mapped.empty())
        text += " (" + e.mapped + ")";
      entries.push_back(std::move(text));
    }
    if (c.more)
      entries.push_back("… " + std::to_string(c.more) + " more");
    std::string label = code(c.label);
    if (c.odsName != c.label)
      label += " (`" + c.odsName + "`)";
    lines.push_back("- " + label + ": " + llvm::join(entries, ", "));
  }
  for (const AttrFact &at : h.attrs)
    lines.push_back("- `" + at.name + "` = `" + truncate(attrText(at), 100) +
                    "`");
  if (!lines.empty())
    out += "Clauses and attributes:\n" + llvm::join(lines, "\n") + "\n";
  return out;
}

std::string renderValueHover(const std::string &name, const ValueHoverInfo &h) {
  std::string out;
  if (h.binding) {
    const BindingInfo &b = *h.binding;
    out += "**" + name + "** — " + code(b.clause) + " entry #" +
           std::to_string(b.entry) + " of `" + b.owner +
           "`: " + bindingMeaning(b) + "\n\n";
    if (h.outer) {
      out += "Bound to `" + b.outer + "`";
      if (h.outerLine)
        out += " (defined at " + lineText(h.outerLine) + ")";
      out += ". " + renderValue(*h.outer);
    }
    if (b.roles.size() > 1) {
      std::vector<std::string> roles;
      for (const RoleInfo &r : b.roles)
        roles.push_back(roleText(r));
      out += "\nFeeds: " + llvm::join(roles, "; ") + "\n";
    }
    if (h.showBlockArgType)
      out += "\nBlock argument type: `" + h.value.type + "`\n";
    return out;
  }
  out += "**" + name + "**";
  if (const auto &iv = h.value.iv) {
    out += " — IV of loop " + std::to_string(iv->loop);
    if (iv->loops > 1)
      out += " (of " + std::to_string(iv->loops) + ")";
    out += " of `" + h.value.op + "` (" + lineText(h.value.line) + "): from " +
           iv->lb + " to " + iv->ub +
           (iv->inclusive ? " inclusive" : " exclusive") + ", step " + iv->step;
  }
  if (h.operandOf) {
    out += " — operand of `" + h.operandOf->op + "`, " +
           code(h.operandOf->clause) + " #" +
           std::to_string(h.operandOf->position);
    for (const std::string &arg : h.operandOf->blockArgs)
      out += " → `" + arg + "`";
  }
  out += "\n\n" + renderValue(h.value);
  std::vector<std::string> uses;
  for (const ClauseUse &u : h.inClauses)
    uses.push_back(code(u.clause) + " #" + std::to_string(u.position) +
                   " of `" + u.op + "` (" + lineText(u.line) + ")");
  if (!uses.empty())
    out += "\nIn clauses: " + llvm::join(uses, ", ") + "\n";
  return out;
}

std::string renderSymbol(const std::string &name, const SymbolHoverInfo &h) {
  std::string out = "**" + name + "**";
  if (!h.defined)
    return out + "\n\nNo definition of this symbol in this chunk.\n";
  out += " — `" + h.op + "` (" + lineText(h.line) + ")";
  if (!h.privatizerKind.empty())
    out += ", " + h.privatizerKind;
  if (!h.type.empty())
    out += ", type `" + h.type + "`";
  if (h.declareTarget)
    out += "\n\n" + renderDeclareTarget(*h.declareTarget);
  if (h.hasSummary) {
    out += "\n\n" + h.summary;
    std::vector<std::string> regions;
    for (const std::string &r : h.regions)
      regions.push_back(code(r));
    if (!regions.empty())
      out += "\n\nRegions: " + llvm::join(regions, ", ");
  }
  return out + "\n";
}

} // namespace

static std::string renderHoverBody(const HoverInfo &h);

std::string ompx::renderHover(const HoverInfo &h) {
  std::string out = renderHoverBody(h);
  if (h.stale)
    out += "\n_(from the last version that parsed)_\n";
  return out;
}

static std::string renderHoverBody(const HoverInfo &h) {
  switch (h.kind) {
  case HoverInfo::Kind::Op:
    return h.op ? renderOp(h.name, *h.op) : "**" + h.name + "**\n";
  case HoverInfo::Kind::Value:
    return h.value ? renderValueHover(h.name, *h.value)
                   : "**" + h.name + "**\n";
  case HoverInfo::Kind::Symbol:
    return h.symbol ? renderSymbol(h.name, *h.symbol) : "**" + h.name + "**\n";
  case HoverInfo::Kind::Keyword: {
    const KeywordHoverInfo &k = *h.keyword;
    std::string out = "**" + h.name + "** — " +
                      (k.region ? "region" : "clause") + " of `" + k.op + "`";
    if (!k.clause.empty() && k.clause != h.name)
      out += " (OpenMP `" + k.clause + "` clause)";
    else if (!k.odsName.empty() && k.odsName != h.name)
      out += " (`" + k.odsName + "`)";
    return out + "\n\n" + truncate(k.doc, 400) + "\n";
  }
  case HoverInfo::Kind::EnumCase: {
    const EnumHoverInfo &e = *h.enumCase;
    std::string out = "**" + h.name + "** — value of `" + e.enumName + "` (`" +
                      e.arg + "` of `" + e.op + "`)\n\n";
    if (!e.meaning.empty())
      out += "`" + h.name + "`: " + e.meaning + ".\n\n";
    return out + "Values: " + llvm::join(e.cases, ", ") + "\n";
  }
  case HoverInfo::Kind::DeclareTarget:
    return "**#omp.declaretarget** — OpenMP `declare target` of this "
           "function or global\n\n" +
           renderDeclareTarget(*h.declareTarget) + "\n";
  case HoverInfo::Kind::MapTypeWord:
    return "**" + h.name +
           "** — map type: `to` on entry and `from` on exit "
           "(values of `ClauseMapFlags`)\n";
  }
  return "";
}

std::optional<HoverInfo> ompx::hover(const Snapshot &snapshot,
                                     uint32_t offset) {
  int chunk = snapshot.chunkAt(offset);
  std::shared_ptr<const ChunkIndex> index = chunkIndex(snapshot, chunk);
  if (index) {
    HoverCollector hc(snapshot, *index);
    if (const Entity *e = index->at(offset)) {
      const ChunkAnalysis &a = index->analysis();
      HoverInfo h;
      h.range = e->range;
      h.stale = inStaleUnit(a, e->range.begin);
      switch (e->kind) {
      case EntityKind::OpName:
        h.kind = HoverInfo::Kind::Op;
        h.name = a.ops[e->index].name.str();
        h.op = hc.op(e->index);
        return h;
      case EntityKind::ValueDef:
      case EntityKind::ValueUse:
        h.kind = HoverInfo::Kind::Value;
        h.value = hc.value(e->index, e->kind == EntityKind::ValueUse ? &e->range
                                                                     : nullptr);
        h.name = h.value->result
                     ? resultName(snapshot, a, e->index, *h.value->result)
                     : valueName(snapshot, a, e->index);
        return h;
      case EntityKind::SymbolUse: {
        const SymbolUse &u = a.symbolUses[e->index];
        h.kind = HoverInfo::Kind::Symbol;
        h.name = "@" + u.name.str();
        h.symbol = hc.symbol(index->symbolOp(u.name));
        return h;
      }
      case EntityKind::SymbolDef:
        h.kind = HoverInfo::Kind::Symbol;
        h.name = "@" + a.ops[e->index].symbol.str();
        h.symbol = hc.symbol(e->index);
        return h;
      case EntityKind::BlockDef:
      case EntityKind::BlockUse:
        break;
      }
    }
  }
  // A keyword or enum value: find the op it belongs to.
  StringRef text = snapshot.str();
  TextRange w = wordAt(text, offset);
  // Inside `#omp.declaretarget<...>`, its `#omp.declaretarget` (no word)
  // included, or on the `omp.declare_target` name before it: what the
  // attribute says.
  if (index)
    for (const DeclareTargetFact &d : index->analysis().declareTargets) {
      if (d.value.end <= d.value.begin)
        continue;
      bool onName = w.begin == d.name.begin && w.end == d.name.end;
      if ((offset >= d.value.begin && offset < d.value.end) || onName) {
        HoverInfo h;
        h.kind = HoverInfo::Kind::DeclareTarget;
        h.name = "#omp.declaretarget";
        h.range = onName ? w : d.value;
        h.declareTarget = declareTargetInfo(d);
        return h;
      }
    }
  if (w.begin == w.end)
    return std::nullopt;
  StringRef word = text.slice(w.begin, w.end);
  int32_t op = index ? index->opContaining(offset) : -1;
  StringRef opName;
  if (op < 0) {
    // Not analyzed (yet): the op name that starts the statement, after its
    // results (`%a, %b:2 = `), custom (`omp.x`) or generic (`"omp.x"`).
    uint32_t lineStart = text.rfind('\n', w.begin) + 1;
    Lexer lex(text.take_front(w.begin), lineStart);
    for (Token t = lex.next(); !t.is(TokenKind::Eof); t = lex.next())
      if (t.is(TokenKind::BareIdentifier) || t.is(TokenKind::String)) {
        opName = t.name();
        break;
      }
  }
  std::optional<HoverInfo> h = keywordHover(index.get(), word, op, opName);
  if (h) {
    h->range = w;
    h->stale = op >= 0 && (index->analysis().ops[op].flags & OpStale);
  }
  return h;
}
