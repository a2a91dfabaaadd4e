//===- Describe.cpp - Clause facts as feature structs and words -----------===//

#include "server/features/Describe.h"
#include "server/syntax/Lexer.h"

#include "llvm/ADT/StringExtras.h"

using namespace ompx;
using llvm::StringRef;

StringRef ompx::argLabel(const ods::Arg &arg) {
  // `num_teams(%lo to %hi : i32)`: `to` separates two operands of one
  // clause (and reads like a map type); the argument's name says which.
  if (!*arg.keyword || StringRef(arg.keyword) == "to")
    return arg.name;
  return arg.keyword;
}

std::optional<std::pair<const ods::Arg *, uint32_t>>
ompx::operandClause(const ChunkIndex &index, int32_t op, uint32_t operand) {
  const OpFacts *f = index.factsOf(op);
  const ods::Op *info = index.odsOf(op);
  if (!f || !info)
    return std::nullopt;
  for (const OperandGroup &g : f->groups)
    if (operand >= g.first && operand < g.first + g.count &&
        g.odsArg < info->numArgs)
      return std::make_pair(&info->args[g.odsArg], operand - g.first);
  return std::nullopt;
}

static std::string symbolText(StringRef name) {
  return isBareIdentifier(name) ? "@" + name.str() : "@\"" + name.str() + "\"";
}

std::string ompx::attrText(const AttrFact &at) {
  switch (at.kind) {
  case AttrKind::Flag:
    return at.flag ? "true" : "false";
  case AttrKind::Integer:
    return std::to_string(at.integer) + " : " + at.text;
  case AttrKind::Symbol:
    return symbolText(at.text);
  case AttrKind::SymbolList: {
    std::vector<std::string> syms;
    for (const std::string &sym : at.list)
      syms.push_back(symbolText(sym));
    return "[" + llvm::join(syms, ", ") + "]";
  }
  case AttrKind::String:
    return "\"" + at.text + "\"";
  case AttrKind::IntArray: {
    std::vector<std::string> ints;
    for (int64_t i : at.integers)
      ints.push_back(std::to_string(i));
    return "array<" + at.text + (ints.empty() ? "" : ": ") +
           llvm::join(ints, ", ") + ">";
  }
  case AttrKind::Enum:
  case AttrKind::Type:
  case AttrKind::Other:
    return at.text;
  }
  return at.text;
}

std::string ompx::attrWord(const OpFacts &facts, StringRef name) {
  const AttrFact *at = facts.attr(name);
  return at && (at->kind == AttrKind::Enum || at->kind == AttrKind::String ||
                at->kind == AttrKind::Type)
             ? at->text
             : "";
}

const OpFacts *ompx::mapFactsOf(const ChunkIndex &index, int32_t value) {
  const ChunkAnalysis &a = index.analysis();
  if (value < 0 || size_t(value) >= a.values.size())
    return nullptr;
  const OpFacts *f = index.factsOf(a.values[value].ownerOp);
  return f && f->hasMap ? f : nullptr;
}

std::string ompx::valueRefName(const Snapshot &s, const ChunkAnalysis &a,
                               int32_t op, int32_t value) {
  if (op >= 0 && size_t(op) < a.ops.size())
    for (uint32_t i = 0; i < a.ops[op].operands.size(); ++i)
      if (a[a.ops[op].operands][i] == value)
        return operandName(s, a, op, i);
  return valueName(s, a, value);
}

/// A member map's place in its parent named `parent`: `p%a` from the
/// components of its index path, `base address of p%a` when the path ends
/// in a descriptor's base address, else the path itself (`p member [1, 0]`).
static std::string memberName(const MapFacts &m, StringRef parent) {
  if (!m.memberPath.empty()) {
    std::string designator = parent.str();
    for (const std::string &component : m.memberPath)
      if (!component.empty())
        designator += "%" + component;
    return m.memberPath.back().empty() ? "base address of " + designator
                                       : designator;
  }
  if (!m.memberIndex.empty()) {
    std::vector<std::string> steps;
    for (int64_t i : m.memberIndex)
      steps.push_back(std::to_string(i));
    return parent.str() + " member [" + llvm::join(steps, ", ") + "]";
  }
  return "member of " + parent.str();
}

std::string ompx::mappedName(const Snapshot &s, const ChunkIndex &index,
                             const OpFacts &map) {
  if (!map.map.varName.empty())
    return map.map.varName;
  // Flang leaves a descriptor's base-address member unnamed.
  if (map.map.parent >= 0)
    if (const OpFacts *parent = index.factsOf(map.map.parent))
      if (parent->hasMap && !parent->map.varName.empty())
        return memberName(map.map, parent->map.varName);
  if (map.map.varPtr >= 0)
    return "`" + valueRefName(s, index.analysis(), map.op, map.map.varPtr) +
           "`";
  return "(unnamed)";
}

std::string ompx::mapFlagsText(const MapFacts &map) {
  std::vector<std::string> flags = map.flags;
  auto has = [&](StringRef f) { return llvm::is_contained(flags, f); };
  if (has("to") && has("from")) {
    llvm::erase(flags, "to");
    llvm::erase(flags, "from");
    flags.push_back("tofrom");
  }
  if (flags.empty())
    return "none (alloc)";
  return llvm::join(flags, ", ");
}

std::string ompx::boundsText(const Snapshot &s, const ChunkIndex &index,
                             int32_t boundsValue) {
  const ChunkAnalysis &a = index.analysis();
  if (boundsValue < 0 || size_t(boundsValue) >= a.values.size())
    return "?";
  int32_t op = a.values[boundsValue].ownerOp;
  const OpFacts *f = index.factsOf(op);
  const ods::Op *info = index.odsOf(op);
  if (!f || !info || op < 0)
    return valueName(s, a, boundsValue);
  std::vector<std::string> parts;
  for (const OperandGroup &g : f->groups) {
    StringRef name = info->args[g.odsArg].name;
    std::string text;
    for (const OperandConstant &c : f->constants)
      if (c.operand == g.first)
        text = std::to_string(c.value);
    if (text.empty() && g.first < a.ops[op].operands.size())
      text = operandName(s, a, op, g.first);
    name.consume_back("_bound"); // lower_bound -> lower
    parts.push_back(name.str() + " " + text);
  }
  if (const AttrFact *st = f->attr("stride_in_bytes"); st && st->flag)
    parts.push_back("stride in bytes");
  return llvm::join(parts, ", ");
}

static std::string privatizerKind(const ChunkIndex &index, StringRef sym) {
  if (const OpFacts *f = index.factsOf(index.symbolOp(sym)))
    return attrWord(*f, "data_sharing_type");
  return "";
}

BindingInfo ompx::describeBinding(const Snapshot &s, const ChunkIndex &index,
                                  BindingRef ref) {
  const ChunkAnalysis &a = index.analysis();
  const OpFacts &facts = a.facts[ref.fact];
  const EntryBinding &b = facts.bindings[ref.binding];
  BindingInfo out;
  out.group = b.group;
  const ods::Op *info = index.odsOf(facts.op);
  out.clause = info && b.odsArg < info->numArgs
                   ? argLabel(info->args[b.odsArg]).str()
                   : clauseGroupName(b.group).str();
  out.entry = b.entry;
  out.owner = a.ops[facts.op].name.str();
  if (b.outer >= 0)
    out.outer = operandName(s, a, facts.op, b.operand);
  if (const OpFacts *map = mapFactsOf(index, b.outer)) {
    out.mapped = true;
    out.variable = mappedName(s, index, *map);
    out.mapType = mapFlagsText(map->map);
    out.capture = map->map.capture;
  } else {
    out.variable = b.variable;
  }
  out.symbol = b.symbol;
  if (!b.symbol.empty())
    out.privatizerKind = privatizerKind(index, b.symbol);
  for (const HostEvalRole &r : b.roles) {
    RoleInfo role;
    role.kind = r.kind;
    role.group = r.group;
    role.dimension = r.dimension;
    role.user = r.user >= 0 && size_t(r.user) < a.ops.size()
                    ? a.ops[r.user].name.str()
                    : "?";
    role.showDimension = r.groupSize > 1 || role.user == "omp.loop_nest";
    // Two users may read the same way: say it once.
    if (llvm::none_of(out.roles, [&](const RoleInfo &o) {
          return roleText(o) == roleText(role);
        }))
      out.roles.push_back(std::move(role));
  }
  return out;
}

std::string ompx::roleText(const RoleInfo &r) {
  std::string of = " of " + r.user;
  std::string dim = r.showDimension
                        ? " of loop dimension " + std::to_string(r.dimension)
                        : "";
  switch (r.kind) {
  case HostEvalKind::LowerBound:
    return "lower bound" + dim + of;
  case HostEvalKind::UpperBound:
    return "upper bound" + dim + of;
  case HostEvalKind::Step:
    return "step" + dim + of;
  case HostEvalKind::NumTeamsLower:
    return "num_teams lower bound" + of;
  case HostEvalKind::NumTeamsUpper:
    return "num_teams upper bound" + of;
  case HostEvalKind::ThreadLimit:
    return "thread_limit" + of;
  case HostEvalKind::NumThreads:
    return "num_threads" + of;
  case HostEvalKind::OtherClause:
    return clauseGroupName(r.group).str() + of;
  case HostEvalKind::NotAClause:
    break;
  }
  return "operand" + of +
         " (not a host-evaluated clause: host_eval values may only feed "
         "num_teams/thread_limit of omp.teams, num_threads of omp.parallel "
         "and the bounds and steps of omp.loop_nest)";
}

std::string ompx::roleShort(const RoleInfo &r) {
  switch (r.kind) {
  case HostEvalKind::LowerBound:
    return "lb";
  case HostEvalKind::UpperBound:
    return "ub";
  case HostEvalKind::Step:
    return "step";
  default:
    return StringRef(roleText(r)).split(" of ").first.str();
  }
}

std::string ompx::bindingMeaning(const BindingInfo &b) {
  std::string outer = b.outer.empty() ? "an outer value" : "`" + b.outer + "`";
  switch (b.group) {
  case ClauseGroup::MapVars:
    if (b.mapped)
      return "device copy of **" + b.variable + "**, mapped `" + b.mapType +
             "`, captured `" + b.capture + "`";
    return "mapped value " + outer;
  case ClauseGroup::HostEvalVars:
    if (b.roles.empty())
      return "host-evaluated " + outer + " (unused in the region)";
    {
      std::vector<std::string> roles;
      for (const RoleInfo &r : b.roles)
        roles.push_back(roleText(r));
      return llvm::join(roles, "; ") + ", evaluated on the host";
    }
  case ClauseGroup::PrivateVars:
  case ClauseGroup::ReductionVars:
  case ClauseGroup::InReductionVars:
  case ClauseGroup::TaskReductionVars: {
    std::string text =
        b.group == ClauseGroup::PrivateVars ? "private copy"
        : b.group == ClauseGroup::ReductionVars
            ? "reduction variable"
            : clauseGroupName(b.group).drop_back(5).str() + " variable";
    text +=
        " of " +
        (b.variable.empty() ? outer : "**" + b.variable + "** (" + outer + ")");
    if (!b.symbol.empty()) {
      text += " via `" + symbolText(b.symbol) + "`";
      if (!b.privatizerKind.empty())
        text += " (" + b.privatizerKind + ")";
    }
    return text;
  }
  case ClauseGroup::UseDeviceAddrVars:
  case ClauseGroup::HasDeviceAddrVars:
    return "device address of " + (b.mapped ? "**" + b.variable + "**" : outer);
  case ClauseGroup::UseDevicePtrVars:
    return "device pointer of " + (b.mapped ? "**" + b.variable + "**" : outer);
  default:
    return "bound to " + outer;
  }
}

std::string ompx::bindingHint(const BindingInfo &b) {
  std::string outer = b.outer.empty() ? "?" : b.outer;
  switch (b.group) {
  case ClauseGroup::MapVars:
    if (b.mapped)
      return b.variable + " " + b.mapType;
    break;
  case ClauseGroup::HostEvalVars: {
    std::vector<std::string> roles;
    for (const RoleInfo &r : b.roles)
      roles.push_back(roleShort(r));
    if (roles.empty())
      roles.push_back("unused");
    return llvm::join(roles, "/") + "(host)";
  }
  case ClauseGroup::PrivateVars:
    return "private " + (b.variable.empty() ? outer : b.variable);
  case ClauseGroup::ReductionVars:
  case ClauseGroup::InReductionVars:
  case ClauseGroup::TaskReductionVars:
    return "red " + (b.variable.empty() ? outer : b.variable);
  default:
    break;
  }
  return b.clause + " " + outer;
}

uint32_t ompx::lineOf(const Snapshot &s, uint32_t offset) {
  return s.lines->lineOf(offset) + 1;
}
