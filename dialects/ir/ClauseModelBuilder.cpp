//===- ClauseModelBuilder.cpp - Clause facts from MLIR IR -----------------===//

#include "dialects/ir/ClauseModelBuilder.h"
#include "dialects/OdsTables.h"
#include "support/FlangNames.h"

#include "flang/Optimizer/Dialect/FIROps.h"
#include "flang/Optimizer/Dialect/FIRType.h"
#include "flang/Optimizer/HLFIR/HLFIROps.h"
#include "flang/Optimizer/Support/InternalNames.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/Operation.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace ompx;
using llvm::StringRef;

std::optional<std::vector<OperandGroup>>
ompx::operandGroups(mlir::Operation *op, const ods::Op &info) {
  std::vector<unsigned> sizes;
  unsigned numGroups = info.numOperandGroups();
  if (info.has(ods::OdsAttrSizedOperandSegments)) {
    std::optional<mlir::Attribute> attr =
        op->getInherentAttr("operandSegmentSizes");
    auto segs = attr ? llvm::dyn_cast_or_null<mlir::DenseI32ArrayAttr>(*attr)
                     : mlir::DenseI32ArrayAttr();
    if (!segs || segs.size() != int64_t(numGroups))
      return std::nullopt;
    for (int32_t s : segs.asArrayRef()) {
      if (s < 0)
        return std::nullopt;
      sizes.push_back(s);
    }
  } else {
    // Without segment sizes, ODS splits what the fixed groups leave evenly
    // among the variadic ones (SameVariadicOperandSize).
    unsigned fixed = 0, variable = 0;
    for (unsigned g = 0; g < numGroups; ++g) {
      uint8_t kind = info.args[info.operandGroupArg(g)].kind;
      kind == ods::ArgOperand ? ++fixed : ++variable;
    }
    if (op->getNumOperands() < fixed)
      return std::nullopt;
    unsigned rest = op->getNumOperands() - fixed;
    if (variable ? rest % variable : rest)
      return std::nullopt;
    for (unsigned g = 0; g < numGroups; ++g) {
      uint8_t kind = info.args[info.operandGroupArg(g)].kind;
      sizes.push_back(kind == ods::ArgOperand ? 1 : rest / variable);
    }
  }
  std::vector<OperandGroup> groups;
  unsigned next = 0;
  for (unsigned g = 0; g < numGroups; ++g) {
    if (sizes[g])
      groups.push_back({uint16_t(info.operandGroupArg(g)),
                        info.args[info.operandGroupArg(g)].group, next,
                        sizes[g]});
    next += sizes[g];
  }
  if (next != op->getNumOperands())
    return std::nullopt;
  return groups;
}

namespace {

/// `#omp<procbindkind close>` -> `close`: the dialect wrapper says nothing
/// a reader needs.
std::string printAttr(mlir::Attribute attr) {
  std::string text;
  llvm::raw_string_ostream os(text);
  attr.print(os);
  StringRef s(text);
  // `#omp<kind value>`, `#omp.kind<value>`, `#omp.kind{type = value}`.
  if (s.starts_with("#omp") || s.starts_with("#acc")) {
    if (s[4] == '<' && s.ends_with(">")) {
      s = s.drop_front(5).drop_back();
      size_t end = s.find_first_of(" {<");
      if (end != StringRef::npos)
        s = s.drop_front(end).ltrim();
    } else if (s[4] == '.') {
      size_t open = s.find_first_of("<{");
      if (open != StringRef::npos) {
        s = s.drop_front(open);
        if (s.starts_with("<") && s.ends_with(">"))
          s = s.drop_front().drop_back();
      }
    }
    // Struct-like enum attributes: `{type = private}` -> `private`.
    if (s.starts_with("{") && s.ends_with("}") && s.count(" = ") == 1)
      s = s.drop_back().split(" = ").second;
  }
  std::string out = s.str();
  if (out.size() > 160)
    out = out.substr(0, 157) + "...";
  return out;
}

std::string printType(mlir::Type t) {
  std::string text;
  llvm::raw_string_ostream os(text);
  t.print(os);
  return text;
}

/// `attr` as a typed fact; `enumIndex` is what ODS says the argument takes.
AttrFact attrFact(StringRef name, mlir::Attribute attr, int enumIndex) {
  AttrFact f;
  f.name = name.str();
  if (llvm::isa<mlir::UnitAttr>(attr)) {
    f.kind = AttrKind::Flag;
    f.flag = true;
  } else if (auto b = llvm::dyn_cast<mlir::BoolAttr>(attr)) {
    f.kind = AttrKind::Flag;
    f.flag = b.getValue();
  } else if (auto i = llvm::dyn_cast<mlir::IntegerAttr>(attr);
             i && i.getType().isIntOrIndex() &&
             i.getValue().getSignificantBits() <= 64) {
    f.kind = AttrKind::Integer;
    f.integer = i.getType().isUnsignedInteger()
                    ? int64_t(i.getValue().getZExtValue())
                    : i.getValue().getSExtValue();
    f.text = printType(i.getType());
  } else if (auto sym = llvm::dyn_cast<mlir::FlatSymbolRefAttr>(attr)) {
    f.kind = AttrKind::Symbol;
    f.text = sym.getValue().str();
  } else if (auto arr = llvm::dyn_cast<mlir::ArrayAttr>(attr);
             arr && llvm::all_of(arr, llvm::IsaPred<mlir::FlatSymbolRefAttr>)) {
    f.kind = AttrKind::SymbolList;
    for (mlir::Attribute e : arr)
      f.list.push_back(llvm::cast<mlir::FlatSymbolRefAttr>(e).getValue().str());
  } else if (auto str = llvm::dyn_cast<mlir::StringAttr>(attr)) {
    f.kind = AttrKind::String;
    f.text = str.getValue().str();
  } else if (auto type = llvm::dyn_cast<mlir::TypeAttr>(attr)) {
    f.kind = AttrKind::Type;
    f.text = printType(type.getValue());
  } else if (auto a64 = llvm::dyn_cast<mlir::DenseI64ArrayAttr>(attr)) {
    f.kind = AttrKind::IntArray;
    f.text = "i64";
    f.integers.assign(a64.asArrayRef().begin(), a64.asArrayRef().end());
  } else if (auto a32 = llvm::dyn_cast<mlir::DenseI32ArrayAttr>(attr)) {
    f.kind = AttrKind::IntArray;
    f.text = "i32";
    f.integers.assign(a32.asArrayRef().begin(), a32.asArrayRef().end());
  } else {
    // A dialect enum prints as its case once the wrapper is gone.
    f.kind = enumIndex >= 0 ? AttrKind::Enum : AttrKind::Other;
    f.enumIndex = enumIndex;
    f.text = printAttr(attr);
    // map_type in the words map_clauses(...) prints (`delete`, not `del`).
    if (auto flags = llvm::dyn_cast<mlir::omp::ClauseMapFlagsAttr>(attr))
      f.text = llvm::join(mapClauseWords(flags.getValue()), "|");
    StringRef text = f.text;
    // `variable_capture_kind(ByRef)` -> `ByRef`.
    if (f.kind == AttrKind::Enum && text.ends_with(")") &&
        text.find('(') != StringRef::npos)
      f.text = text.drop_back().split('(').second.str();
    // `array<i1: true, false>` (acc.loop's inclusiveUpperbound) is shown
    // as printed; its values are facts too.
    if (auto bools = llvm::dyn_cast<mlir::DenseBoolArrayAttr>(attr))
      f.integers.assign(bools.asArrayRef().begin(), bools.asArrayRef().end());
  }
  return f;
}

std::optional<int64_t> constantValue(mlir::Value v) {
  llvm::APInt value;
  if (mlir::matchPattern(v, mlir::m_ConstantInt(&value)) &&
      value.getSignificantBits() <= 64)
    return value.getSExtValue();
  return std::nullopt;
}

/// A loop bound's constant, looking through a host_eval block argument to
/// the value the host computes.
std::optional<int64_t> loopConstant(mlir::Value v) {
  if (std::optional<int64_t> c = constantValue(v))
    return c;
  auto arg = llvm::dyn_cast<mlir::BlockArgument>(v);
  if (!arg)
    return std::nullopt;
  auto iface = llvm::dyn_cast_or_null<mlir::omp::BlockArgOpenMPOpInterface>(
      arg.getOwner()->getParentOp());
  if (!iface || arg.getOwner() != &arg.getOwner()->getParent()->front())
    return std::nullopt;
  unsigned start = iface.getHostEvalBlockArgsStart();
  mlir::OperandRange vars = iface.getHostEvalVars();
  unsigned n = arg.getArgNumber();
  if (n < start || n >= start + vars.size())
    return std::nullopt;
  return constantValue(vars[n - start]);
}

/// The Fortran name of the variable `v` is (a result of its
/// hlfir.declare/fir.declare, or a fir.alloca): `bindc_name`, else the name
/// part of `uniq_name` (`_QFsaxpyEi` -> `i`); "" if unknown.
std::string fortranName(mlir::Value v) {
  mlir::Operation *def = v ? v.getDefiningOp() : nullptr;
  if (!def)
    return "";
  if (auto bindc = def->getAttrOfType<mlir::StringAttr>("bindc_name"))
    return bindc.str();
  if (auto uniq = def->getAttrOfType<mlir::StringAttr>("uniq_name")) {
    auto [kind, parts] = fir::NameUniquer::deconstruct(uniq.getValue());
    if (kind != fir::NameUniquer::NameKind::NOT_UNIQUED && !parts.name.empty())
      return parts.name;
    return uniq.str();
  }
  return "";
}

/// What operand group `group` of the op using a host_eval block argument
/// is, as a role kind.
HostEvalKind roleKind(ClauseGroup group) {
  switch (group) {
  case ClauseGroup::LoopLowerBounds:
    return HostEvalKind::LowerBound;
  case ClauseGroup::LoopUpperBounds:
    return HostEvalKind::UpperBound;
  case ClauseGroup::LoopSteps:
    return HostEvalKind::Step;
  case ClauseGroup::NumTeamsLower:
    return HostEvalKind::NumTeamsLower;
  case ClauseGroup::NumTeamsUpper:
    return HostEvalKind::NumTeamsUpper;
  case ClauseGroup::ThreadLimit:
    return HostEvalKind::ThreadLimit;
  case ClauseGroup::NumThreads:
    return HostEvalKind::NumThreads;
  default:
    return HostEvalKind::OtherClause;
  }
}

/// What each step of a member map's index path names in its parent's
/// type: a component of a FIR record (`a` of `!fir.type<t{a:...,b:...}>`),
/// or "" for field 0 of a descriptor (its base address, through which the
/// next step continues). Empty when the type does not explain a step.
std::vector<std::string> componentPath(mlir::Type type,
                                       llvm::ArrayRef<int64_t> path) {
  std::vector<std::string> out;
  for (int64_t i : path) {
    type = fir::unwrapRefType(type);
    if (auto rec = llvm::dyn_cast<fir::RecordType>(type)) {
      fir::RecordType::TypeList fields = rec.getTypeList();
      if (i < 0 || size_t(i) >= fields.size())
        return {};
      out.push_back(fields[i].first);
      type = fields[i].second;
    } else if (auto box = llvm::dyn_cast<fir::BaseBoxType>(type)) {
      if (i != 0)
        return {};
      out.push_back("");
      type = fir::unwrapSequenceType(fir::unwrapRefType(box.getEleTy()));
    } else {
      return {};
    }
  }
  return out;
}

struct ClauseArgs {
  ClauseGroup group;
  mlir::OperandRange (mlir::omp::BlockArgOpenMPOpInterface::*vars)();
  unsigned (mlir::omp::BlockArgOpenMPOpInterface::*start)();
  /// How many block arguments the clause defines: not always its operands
  /// (omp.target_data has map_entries but no map block arguments).
  unsigned (mlir::omp::BlockArgOpenMPOpInterface::*num)();
  const char *symsAttr; ///< the clause's symbol list, or ""
};

// Generated from the interface's .td: its clause order is the entry block's
// argument order.
const ClauseArgs kBlockArgClauses[] = {
#define OMPX_BLOCK_ARG_CLAUSE(GROUP, VARS, START, NUM, SYMS)                   \
  {ClauseGroup::GROUP, &mlir::omp::BlockArgOpenMPOpInterface::VARS,            \
   &mlir::omp::BlockArgOpenMPOpInterface::START,                               \
   &mlir::omp::BlockArgOpenMPOpInterface::NUM, SYMS},
#include "BlockArgClauses.inc"
#undef OMPX_BLOCK_ARG_CLAUSE
};

} // namespace

std::vector<OpFacts>
ompx::buildClauseFacts(llvm::ArrayRef<mlir::Operation *> ops,
                       llvm::function_ref<int32_t(mlir::Value)> valueIndex,
                       llvm::function_ref<int32_t(mlir::Operation *)> opIndex) {
  std::vector<OpFacts> facts;
  llvm::DenseMap<mlir::Operation *, size_t> factOf;
  std::vector<mlir::Operation *> factOps; // parallel to `facts`
  llvm::ArrayRef<ods::Op> table = ods::allOps();

  // Sized once: a large chunk has facts for hundreds of thousands of ops,
  // and a vector grown by doubling would hold up to twice their size.
  std::vector<const ods::Op *> infos(ops.size());
  size_t described = 0;
  for (size_t i = 0; i < ops.size(); ++i)
    described +=
        (infos[i] = ods::lookupOp(ops[i]->getName().getStringRef())) ? 1 : 0;
  facts.reserve(described);
  factOps.reserve(described);
  factOf.reserve(described);

  // Pass 1: operand groups and attributes; the bindings' roles need the
  // groups of the ops that use a block argument.
  for (size_t i = 0; i < ops.size(); ++i) {
    mlir::Operation *op = ops[i];
    const ods::Op *info = infos[i];
    if (!info)
      continue;
    OpFacts f;
    f.op = opIndex(op);
    f.odsOp = int32_t(info - table.data());
    std::optional<std::vector<OperandGroup>> groups = operandGroups(op, *info);
    bool consistent = groups.has_value();
    if (groups)
      f.groups = std::move(*groups);
    for (const ods::Arg &arg : info->argList()) {
      if (arg.isOperand() || StringRef(arg.name) == "operandSegmentSizes")
        continue;
      mlir::Attribute attr;
      if (std::optional<mlir::Attribute> a = op->getInherentAttr(arg.name))
        attr = *a;
      else
        attr = op->getAttr(arg.name);
      if (attr)
        f.attrs.push_back(attrFact(arg.name, attr, arg.enumIndex));
    }
    if (auto composable = llvm::dyn_cast<mlir::omp::ComposableOpInterface>(op))
      f.composite = composable.isComposite();
    if (consistent) {
      if (auto map = llvm::dyn_cast<mlir::omp::MapInfoOp>(op)) {
        f.hasMap = true;
        MapFacts &m = f.map;
        m.varName = sourceName(map.getName().value_or(""));
        // Facts are built for ops that failed to verify too, so required
        // attributes may be missing: read them through the *Attr accessors
        // (the plain ones dereference a null attribute).
        if (mlir::omp::ClauseMapFlagsAttr flagsAttr = map.getMapTypeAttr())
          m.flags = mapClauseWords(flagsAttr.getValue());
        if (mlir::omp::VariableCaptureKindAttr capture =
                map.getMapCaptureTypeAttr())
          m.capture =
              mlir::omp::stringifyVariableCaptureKind(capture.getValue()).str();
        if (mlir::TypeAttr varType = map.getVarTypeAttr()) {
          llvm::raw_string_ostream os(m.varType);
          varType.getValue().print(os);
        }
        m.mapper = map.getMapperId().value_or("").str();
        m.partial = map.getPartialMap();
        m.openmpTofrom = implicitCaptureMapsTofrom(map);
        m.varPtr = valueIndex(map.getVarPtr());
        if (mlir::Value vpp = map.getVarPtrPtr())
          m.varPtrPtr = valueIndex(vpp);
        for (mlir::Value v : map.getMembers())
          m.members.push_back(valueIndex(v));
        for (mlir::Value v : map.getBounds())
          m.bounds.push_back(valueIndex(v));
      }
      // Loop bounds: the IVs' hovers say from/to/step.
      if (llvm::isa<mlir::omp::MapBoundsOp, mlir::omp::LoopNestOp>(op) ||
          op->getName().getStringRef() == "acc.loop")
        for (unsigned o = 0; o < op->getNumOperands(); ++o) {
          if (std::optional<int64_t> c = loopConstant(op->getOperand(o)))
            f.constants.push_back({o, *c});
        }
    }
    // Who consumes a data entry: the construct, the exit op, a parent map.
    if (op->getNumResults() == 1 &&
        (info->numRegions == 0 || StringRef(info->name).starts_with("acc.")))
      for (mlir::Operation *user : op->getResult(0).getUsers()) {
        int32_t u = opIndex(user);
        if (u >= 0 && llvm::find(f.users, u) == f.users.end())
          f.users.push_back(u);
      }
    f.segmentsValid = consistent;
    factOf[op] = facts.size();
    factOps.push_back(op);
    facts.push_back(std::move(f));
  }

  // Which group and position an operand of a described op is in.
  auto groupOf = [&](mlir::Operation *user,
                     unsigned operand) -> const OperandGroup * {
    auto it = factOf.find(user);
    if (it == factOf.end() || !facts[it->second].segmentsValid)
      return nullptr;
    for (const OperandGroup &g : facts[it->second].groups)
      if (operand >= g.first && operand < g.first + g.count)
        return &g;
    return nullptr;
  };

  // Pass 2: entry block arguments, and what host-evaluated values feed.
  for (size_t i = 0; i < ops.size(); ++i) {
    mlir::Operation *op = ops[i];
    // An omp.section's entry arguments are its omp.sections' private and
    // reduction ones again: bound to the parent's clauses.
    mlir::Operation *owner = op;
    if (llvm::isa<mlir::omp::SectionOp>(op) &&
        llvm::isa_and_present<mlir::omp::SectionsOp>(op->getParentOp()))
      owner = op->getParentOp();
    auto it = factOf.find(owner);
    if (it == factOf.end())
      continue;
    OpFacts &f = facts[it->second];
    if (!f.segmentsValid)
      continue;
    const ods::Op &info = table[f.odsOp];
    auto iface = llvm::dyn_cast<mlir::omp::BlockArgOpenMPOpInterface>(owner);
    auto args = llvm::dyn_cast<mlir::omp::BlockArgOpenMPOpInterface>(op);
    if (!iface || !args || op->getNumRegions() == 0 || op->getRegion(0).empty())
      continue;
    mlir::Block &entry = op->getRegion(0).front();
    for (const ClauseArgs &c : kBlockArgClauses) {
      mlir::OperandRange vars = (iface.*c.vars)();
      unsigned start = (args.*c.start)();
      unsigned num = std::min<unsigned>((args.*c.num)(), vars.size());
      if (num == 0)
        continue;
      if (start + num > entry.getNumArguments())
        break; // the verifier reports the mismatch
      const ods::Arg *arg = nullptr;
      for (const ods::Arg &a : info.argList())
        if (a.group == c.group)
          arg = &a;
      if (!arg)
        continue;
      uint16_t odsArg = uint16_t(arg - info.args);
      mlir::ArrayAttr syms;
      if (*c.symsAttr)
        syms = owner->getAttrOfType<mlir::ArrayAttr>(c.symsAttr);
      for (unsigned j = 0; j < num; ++j) {
        EntryBinding b;
        mlir::BlockArgument ba = entry.getArgument(start + j);
        b.blockArg = valueIndex(ba);
        b.odsArg = odsArg;
        b.group = c.group;
        b.entry = j;
        b.operand = vars.getBeginOperandIndex() + j;
        b.outer = valueIndex(vars[j]);
        if (c.group != ClauseGroup::MapVars &&
            c.group != ClauseGroup::HostEvalVars)
          b.variable = fortranName(vars[j]);
        if (syms && j < syms.size())
          if (auto sym = llvm::dyn_cast<mlir::SymbolRefAttr>(syms[j]))
            b.symbol = sym.getLeafReference().str();
        if (c.group == ClauseGroup::HostEvalVars)
          for (mlir::OpOperand &use : ba.getUses()) {
            HostEvalRole role;
            role.user = opIndex(use.getOwner());
            if (const OperandGroup *g =
                    groupOf(use.getOwner(), use.getOperandNumber())) {
              role.kind = roleKind(g->group);
              role.group = g->group;
              role.dimension = use.getOperandNumber() - g->first;
              role.groupSize = g->count;
            }
            if (!llvm::is_contained(b.roles, role))
              b.roles.push_back(role);
          }
        f.bindings.push_back(std::move(b));
      }
    }
  }

  // Member maps know their parent and their path in it.
  for (size_t k = 0; k < facts.size(); ++k) {
    if (!facts[k].hasMap)
      continue;
    auto parent = llvm::cast<mlir::omp::MapInfoOp>(factOps[k]);
    mlir::ArrayAttr indices = parent.getMembersIndexAttr();
    mlir::TypeAttr parentType = parent.getVarTypeAttr();
    for (auto [j, member] : llvm::enumerate(parent.getMembers())) {
      mlir::Operation *def = member.getDefiningOp();
      auto it = def ? factOf.find(def) : factOf.end();
      if (it == factOf.end())
        continue;
      MapFacts &m = facts[it->second].map;
      m.parent = facts[k].op;
      auto path = indices && j < indices.size()
                      ? llvm::dyn_cast<mlir::ArrayAttr>(indices[j])
                      : nullptr;
      if (!path)
        continue;
      m.memberIndex.clear();
      for (mlir::Attribute a : path)
        if (auto i = llvm::dyn_cast<mlir::IntegerAttr>(a))
          m.memberIndex.push_back(i.getInt());
      if (parentType)
        m.memberPath = componentPath(parentType.getValue(), m.memberIndex);
    }
  }
  return facts;
}

std::vector<std::string> ompx::mapClauseWords(mlir::omp::ClauseMapFlags flags) {
  std::vector<std::string> words;
  std::string text = mlir::omp::stringifyClauseMapFlags(flags);
  for (llvm::StringRef part : llvm::split(llvm::StringRef(text), '|')) {
    part = part.trim();
    if (part.empty())
      continue;
    words.push_back(part == "del"    ? "delete"
                    : part == "priv" ? "private"
                                     : part.str());
  }
  return words;
}

bool ompx::implicitCaptureMapsTofrom(mlir::omp::MapInfoOp map) {
  using Flags = mlir::omp::ClauseMapFlags;
  // Read through the attributes: the facts see IR the verifier has not.
  mlir::omp::VariableCaptureKindAttr capture = map.getMapCaptureTypeAttr();
  mlir::omp::ClauseMapFlagsAttr flags = map.getMapTypeAttr();
  mlir::TypeAttr varType = map.getVarTypeAttr();
  if (!capture || !flags || !varType || !map.getMembers().empty() ||
      map.getVarPtrPtr() || !map.getVarPtr())
    return false;
  // flang-22's by-copy capture; or, for a scalar over 64 bits (which LLVM 22
  // cannot pass by copy), its by-reference `to` map.
  mlir::Type type = varType.getValue();
  bool byCopy =
      capture.getValue() == mlir::omp::VariableCaptureKind::ByCopy &&
      mlir::omp::bitEnumContainsAll(flags.getValue(), Flags::implicit) &&
      !mlir::omp::bitEnumContainsAny(flags.getValue(), Flags::to | Flags::from);
  // (A len=* or automatic character's by-copy capture carries its length
  // as bounds.)
  bool wideTo =
      map.getBounds().empty() &&
      capture.getValue() == mlir::omp::VariableCaptureKind::ByRef &&
      flags.getValue() == (Flags::implicit | Flags::to) &&
      (llvm::isa<fir::CharacterType, fir::LogicalType, mlir::IntegerType,
                 mlir::FloatType, mlir::ComplexType>(type));
  if (!byCopy && !wideTo)
    return false;
  if (llvm::isa<fir::CharacterType>(type))
    return true;
  mlir::Operation *decl = map.getVarPtr().getDefiningOp();
  std::optional<fir::FortranVariableFlagsEnum> attrs;
  if (auto d = llvm::dyn_cast_if_present<hlfir::DeclareOp>(decl))
    attrs = d.getFortranAttrs();
  else if (auto d = llvm::dyn_cast_if_present<fir::DeclareOp>(decl))
    attrs = d.getFortranAttrs();
  return attrs &&
         bitEnumContainsAny(*attrs, fir::FortranVariableFlagsEnum::target);
}
