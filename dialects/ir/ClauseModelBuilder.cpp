//===- ClauseModelBuilder.cpp - Clause facts from MLIR IR -----------------===//

#include "dialects/ir/ClauseModelBuilder.h"
#include "dialects/OdsTables.h"

#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/Operation.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace ompx;
using llvm::StringRef;

namespace {

/// Operand groups of `op` per `info`, or nothing when the segments do not
/// add up (an op the verifier will reject).
std::optional<std::vector<OperandGroup>> operandGroups(mlir::Operation *op,
                                                       const ods::Op &info) {
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
      groups.push_back({uint16_t(info.operandGroupArg(g)), next, sizes[g]});
    next += sizes[g];
  }
  if (next != op->getNumOperands())
    return std::nullopt;
  return groups;
}

/// `#omp<procbindkind close>` -> `close`: the dialect wrapper says nothing
/// the hover does not say already.
std::string printAttr(mlir::Attribute attr) {
  if (llvm::isa<mlir::UnitAttr>(attr))
    return "true";
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

std::string constantLiteral(mlir::Value v) {
  llvm::APInt value;
  if (mlir::matchPattern(v, mlir::m_ConstantInt(&value)))
    return llvm::toString(value, 10, /*Signed=*/true);
  return "";
}

/// Friendly name of what operand group `arg` of `user` means.
std::string roleName(StringRef userName, StringRef arg, uint32_t index,
                     uint32_t count) {
  std::string dim = count > 1 || userName == "omp.loop_nest"
                        ? " of loop dimension " + std::to_string(index)
                        : "";
  if (arg == "loop_lower_bounds")
    return "lower bound" + dim + " of " + userName.str();
  if (arg == "loop_upper_bounds")
    return "upper bound" + dim + " of " + userName.str();
  if (arg == "loop_steps")
    return "step" + dim + " of " + userName.str();
  if (arg == "num_teams_lower")
    return "num_teams lower bound of " + userName.str();
  if (arg == "num_teams_upper")
    return "num_teams upper bound of " + userName.str();
  if (arg == "num_teams_vars")
    return "num_teams of " + userName.str();
  if (arg == "thread_limit" || arg == "thread_limit_vars")
    return "thread_limit of " + userName.str();
  if (arg == "num_threads" || arg == "num_threads_vars")
    return "num_threads of " + userName.str();
  return arg.str() + " of " + userName.str();
}

struct ClauseArgs {
  const char *odsName;
  mlir::OperandRange (mlir::omp::BlockArgOpenMPOpInterface::*vars)();
  unsigned (mlir::omp::BlockArgOpenMPOpInterface::*start)();
};

// The interface's clause order is the entry block's argument order.
const ClauseArgs kBlockArgClauses[] = {
    {"has_device_addr_vars",
     &mlir::omp::BlockArgOpenMPOpInterface::getHasDeviceAddrVars,
     &mlir::omp::BlockArgOpenMPOpInterface::getHasDeviceAddrBlockArgsStart},
    {"host_eval_vars", &mlir::omp::BlockArgOpenMPOpInterface::getHostEvalVars,
     &mlir::omp::BlockArgOpenMPOpInterface::getHostEvalBlockArgsStart},
    {"in_reduction_vars",
     &mlir::omp::BlockArgOpenMPOpInterface::getInReductionVars,
     &mlir::omp::BlockArgOpenMPOpInterface::getInReductionBlockArgsStart},
    {"map_vars", &mlir::omp::BlockArgOpenMPOpInterface::getMapVars,
     &mlir::omp::BlockArgOpenMPOpInterface::getMapBlockArgsStart},
    {"private_vars", &mlir::omp::BlockArgOpenMPOpInterface::getPrivateVars,
     &mlir::omp::BlockArgOpenMPOpInterface::getPrivateBlockArgsStart},
    {"reduction_vars", &mlir::omp::BlockArgOpenMPOpInterface::getReductionVars,
     &mlir::omp::BlockArgOpenMPOpInterface::getReductionBlockArgsStart},
    {"task_reduction_vars",
     &mlir::omp::BlockArgOpenMPOpInterface::getTaskReductionVars,
     &mlir::omp::BlockArgOpenMPOpInterface::getTaskReductionBlockArgsStart},
    {"use_device_addr_vars",
     &mlir::omp::BlockArgOpenMPOpInterface::getUseDeviceAddrVars,
     &mlir::omp::BlockArgOpenMPOpInterface::getUseDeviceAddrBlockArgsStart},
    {"use_device_ptr_vars",
     &mlir::omp::BlockArgOpenMPOpInterface::getUseDevicePtrVars,
     &mlir::omp::BlockArgOpenMPOpInterface::getUseDevicePtrBlockArgsStart},
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

  // Pass 1: operand groups and attributes; the bindings' roles need the
  // groups of the ops that use a block argument.
  for (size_t i = 0; i < ops.size(); ++i) {
    mlir::Operation *op = ops[i];
    const ods::Op *info = ods::lookupOp(op->getName().getStringRef());
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
        f.attrs.push_back({arg.name, printAttr(attr)});
    }
    if (auto composable = llvm::dyn_cast<mlir::omp::ComposableOpInterface>(op))
      if (composable.isComposite())
        f.composite = "composite";
    if (consistent) {
      if (auto map = llvm::dyn_cast<mlir::omp::MapInfoOp>(op)) {
        f.hasMap = true;
        MapFacts &m = f.map;
        m.varName = map.getName().value_or("").str();
        std::string flags =
            mlir::omp::stringifyClauseMapFlags(map.getMapType());
        for (StringRef part : llvm::split(StringRef(flags), '|'))
          if (!part.trim().empty())
            m.flags.push_back(part.trim().str());
        m.capture =
            mlir::omp::stringifyVariableCaptureKind(map.getMapCaptureType())
                .str();
        if (mlir::Type t = map.getVarType()) {
          llvm::raw_string_ostream os(m.varType);
          t.print(os);
        }
        m.mapper = map.getMapperId().value_or("").str();
        m.partial = map.getPartialMap();
        m.varPtr = valueIndex(map.getVarPtr());
        if (mlir::Value vpp = map.getVarPtrPtr())
          m.varPtrPtr = valueIndex(vpp);
        for (mlir::Value v : map.getMembers())
          m.members.push_back(valueIndex(v));
        for (mlir::Value v : map.getBounds())
          m.bounds.push_back(valueIndex(v));
      }
      if (llvm::isa<mlir::omp::MapBoundsOp>(op))
        for (unsigned o = 0; o < op->getNumOperands(); ++o) {
          std::string lit = constantLiteral(op->getOperand(o));
          if (!lit.empty())
            f.constants.push_back({o, std::move(lit)});
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
  auto groupOf = [&](mlir::Operation *user, unsigned operand)
      -> std::optional<std::tuple<const ods::Arg *, uint32_t, uint32_t>> {
    auto it = factOf.find(user);
    if (it == factOf.end() || !facts[it->second].segmentsValid)
      return std::nullopt;
    const OpFacts &uf = facts[it->second];
    const ods::Op &uinfo = table[uf.odsOp];
    for (const OperandGroup &g : uf.groups)
      if (operand >= g.first && operand < g.first + g.count)
        return std::make_tuple(&uinfo.args[g.odsArg], operand - g.first,
                               g.count);
    return std::nullopt;
  };

  // Pass 2: entry block arguments, and what host-evaluated values feed.
  for (size_t i = 0; i < ops.size(); ++i) {
    mlir::Operation *op = ops[i];
    auto it = factOf.find(op);
    if (it == factOf.end())
      continue;
    OpFacts &f = facts[it->second];
    if (!f.segmentsValid)
      continue;
    const ods::Op &info = table[f.odsOp];
    auto iface = llvm::dyn_cast<mlir::omp::BlockArgOpenMPOpInterface>(op);
    if (!iface || op->getNumRegions() == 0 || op->getRegion(0).empty())
      continue;
    mlir::Block &entry = op->getRegion(0).front();
    for (const ClauseArgs &c : kBlockArgClauses) {
      mlir::OperandRange vars = (iface.*c.vars)();
      unsigned start = (iface.*c.start)();
      if (vars.empty())
        continue;
      if (start + vars.size() > entry.getNumArguments())
        break; // the verifier reports the mismatch
      const ods::Arg *arg = nullptr;
      for (const ods::Arg &a : info.argList())
        if (StringRef(a.name) == c.odsName)
          arg = &a;
      if (!arg)
        continue;
      uint16_t odsArg = uint16_t(arg - info.args);
      for (unsigned j = 0; j < vars.size(); ++j) {
        EntryBinding b;
        mlir::BlockArgument ba = entry.getArgument(start + j);
        b.blockArg = valueIndex(ba);
        b.odsArg = odsArg;
        b.entry = j;
        b.operand = vars.getBeginOperandIndex() + j;
        b.outer = valueIndex(vars[j]);
        if (StringRef(c.odsName) == "host_eval_vars")
          for (mlir::OpOperand &use : ba.getUses()) {
            mlir::Operation *user = use.getOwner();
            StringRef userName = user->getName().getStringRef();
            auto g = groupOf(user, use.getOperandNumber());
            std::string role =
                g ? roleName(userName, std::get<0>(*g)->name, std::get<1>(*g),
                             std::get<2>(*g))
                  : "operand of " + userName.str() +
                        " (not a host-evaluated clause: host_eval values may "
                        "only feed num_teams/thread_limit of omp.teams, "
                        "num_threads of omp.parallel and the bounds and "
                        "steps of omp.loop_nest)";
            if (llvm::find(b.roles, role) == b.roles.end())
              b.roles.push_back(std::move(role));
          }
        f.bindings.push_back(std::move(b));
      }
    }
  }

  // Member maps know their parent.
  for (size_t k = 0; k < facts.size(); ++k)
    if (facts[k].hasMap)
      for (mlir::Value member :
           llvm::cast<mlir::omp::MapInfoOp>(factOps[k]).getMembers())
        if (mlir::Operation *def = member.getDefiningOp()) {
          auto it = factOf.find(def);
          if (it != factOf.end())
            facts[it->second].map.parent = facts[k].op;
        }
  return facts;
}
