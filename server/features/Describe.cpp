//===- Describe.cpp - Words for clause facts ------------------------------===//

#include "server/features/Describe.h"

#include "llvm/ADT/StringExtras.h"

using namespace ompx;
using llvm::StringRef;

StringRef ompx::argLabel(const ods::Arg &arg) {
  return *arg.keyword ? arg.keyword : arg.name;
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

StringRef ompx::attrValue(const OpFacts &facts, StringRef name) {
  for (const AttrFact &a : facts.attrs)
    if (a.name == name)
      return a.value;
  return "";
}

std::string ompx::symbolEntry(const OpFacts &facts, StringRef attr,
                              uint32_t entry) {
  StringRef list = attrValue(facts, attr);
  list = list.trim().trim("[]");
  llvm::SmallVector<StringRef> parts;
  list.split(parts, ',');
  if (entry >= parts.size())
    return "";
  return parts[entry].trim().ltrim('@').trim('"').str();
}

const OpFacts *ompx::mapFactsOf(const ChunkIndex &index, int32_t value) {
  const ChunkAnalysis &a = index.analysis();
  if (value < 0 || size_t(value) >= a.values.size())
    return nullptr;
  const OpFacts *f = index.factsOf(a.values[value].ownerOp);
  return f && f->hasMap ? f : nullptr;
}

std::string ompx::mappedName(const Snapshot &s, const ChunkIndex &index,
                             const OpFacts &map) {
  if (!map.map.varName.empty())
    return map.map.varName;
  // Flang leaves a descriptor's base-address member unnamed.
  if (map.map.parent >= 0)
    if (const OpFacts *parent = index.factsOf(map.map.parent))
      if (parent->hasMap && !parent->map.varName.empty())
        return "base address of " + parent->map.varName;
  if (map.map.varPtr >= 0)
    return "`" + valueName(s, index.analysis(), map.map.varPtr) + "`";
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
        text = c.literal;
    if (text.empty() && g.first < a.ops[op].operands.size())
      text = valueName(s, a, a.ops[op].operands[g.first]);
    name.consume_back("_bound"); // lower_bound -> lower
    parts.push_back(name.str() + " " + text);
  }
  if (attrValue(*f, "stride_in_bytes") == "true")
    parts.push_back("stride in bytes");
  return llvm::join(parts, ", ");
}

static std::string privatizerKind(const ChunkIndex &index, StringRef sym) {
  int32_t op = index.symbolOp(sym);
  if (const OpFacts *f = index.factsOf(op)) {
    StringRef kind = attrValue(*f, "data_sharing_type");
    if (!kind.empty())
      return kind.str();
  }
  return "";
}

/// The ODS operand group (e.g. "map_vars") a binding belongs to.
static StringRef bindingGroup(const ChunkIndex &index, const OpFacts &facts,
                              const EntryBinding &b) {
  const ods::Op *info = index.odsOf(facts.op);
  return info && b.odsArg < info->numArgs ? info->args[b.odsArg].name : "";
}

std::string ompx::bindingMeaning(const Snapshot &s, const ChunkIndex &index,
                                 BindingRef ref) {
  const ChunkAnalysis &a = index.analysis();
  const OpFacts &facts = a.facts[ref.fact];
  const EntryBinding &b = facts.bindings[ref.binding];
  StringRef group = bindingGroup(index, facts, b);
  std::string outer =
      b.outer >= 0 ? "`" + valueName(s, a, b.outer) + "`" : "an outer value";
  if (group == "map_vars") {
    if (const OpFacts *map = mapFactsOf(index, b.outer))
      return "device copy of **" + mappedName(s, index, *map) + "**, mapped `" +
             mapFlagsText(map->map) + "`, captured `" + map->map.capture + "`";
    return "mapped value " + outer;
  }
  if (group == "host_eval_vars") {
    if (b.roles.empty())
      return "host-evaluated " + outer + " (unused in the region)";
    return llvm::join(b.roles, "; ") + ", evaluated on the host";
  }
  auto viaSym = [&](StringRef symAttr, StringRef what) {
    std::string sym = symbolEntry(facts, symAttr, b.entry);
    std::string text = what.str() + " of " + outer;
    if (!sym.empty()) {
      text += " via `@" + sym + "`";
      std::string kind = privatizerKind(index, sym);
      if (!kind.empty())
        text += " (" + kind + ")";
    }
    return text;
  };
  if (group == "private_vars")
    return viaSym("private_syms", "private copy");
  if (group == "reduction_vars")
    return viaSym("reduction_syms", "reduction variable");
  if (group == "in_reduction_vars")
    return viaSym("in_reduction_syms", "in_reduction variable");
  if (group == "task_reduction_vars")
    return viaSym("task_reduction_syms", "task_reduction variable");
  if (group == "use_device_addr_vars" || group == "has_device_addr_vars") {
    std::string what = "device address of ";
    if (const OpFacts *map = mapFactsOf(index, b.outer))
      return what + "**" + mappedName(s, index, *map) + "**";
    return what + outer;
  }
  if (group == "use_device_ptr_vars") {
    if (const OpFacts *map = mapFactsOf(index, b.outer))
      return "device pointer of **" + mappedName(s, index, *map) + "**";
    return "device pointer of " + outer;
  }
  return "bound to " + outer;
}

std::string ompx::bindingHint(const Snapshot &s, const ChunkIndex &index,
                              BindingRef ref) {
  const ChunkAnalysis &a = index.analysis();
  const OpFacts &facts = a.facts[ref.fact];
  const EntryBinding &b = facts.bindings[ref.binding];
  StringRef group = bindingGroup(index, facts, b);
  if (group == "map_vars") {
    if (const OpFacts *map = mapFactsOf(index, b.outer))
      return mappedName(s, index, *map) + " " + mapFlagsText(map->map);
  }
  if (group == "host_eval_vars") {
    std::vector<std::string> roles;
    for (StringRef role : b.roles) {
      if (role.starts_with("lower bound"))
        roles.push_back("lb");
      else if (role.starts_with("upper bound"))
        roles.push_back("ub");
      else if (role.starts_with("step"))
        roles.push_back("step");
      else
        roles.push_back(role.split(" of ").first.str());
    }
    if (roles.empty())
      roles.push_back("unused");
    return llvm::join(roles, "/") + "(host)";
  }
  if (group == "private_vars")
    return "private " + valueName(s, a, b.outer);
  if (group == "reduction_vars" || group == "in_reduction_vars" ||
      group == "task_reduction_vars")
    return "red " + valueName(s, a, b.outer);
  const ods::Op *info = index.odsOf(facts.op);
  StringRef label = info && b.odsArg < info->numArgs
                        ? argLabel(info->args[b.odsArg])
                        : StringRef("bound");
  return label.str() + " " + valueName(s, a, b.outer);
}

uint32_t ompx::lineOf(const Snapshot &s, uint32_t offset) {
  return s.lines->toPosition(offset).line + 1;
}
