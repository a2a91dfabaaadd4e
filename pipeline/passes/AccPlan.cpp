//===- AccPlan.cpp - The acc-to-omp decisions, from IR --------------------===//
//
// What AccToOmp.cpp's Converter does with each acc op, decided on the op as
// it stands (no rewriting): structuredFlags (map types), enter/exit/update
// data, host_data, set, convertCompute (clauses, firstprivate routes,
// reductions), levelOf and checkLoop (loops), convertRoutines. The
// Converter asks accLoopLevel() and accFirstprivateRoute(); hover words the
// whole plan (server/features/AccLowering.cpp).
//
//===----------------------------------------------------------------------===//

#include "pipeline/passes/AccPlan.h"
#include "dialects/OdsTables.h"
#include "dialects/ir/ClauseModelBuilder.h"

#include "flang/Optimizer/Dialect/FIROps.h"
#include "flang/Optimizer/Dialect/FIRType.h"
#include "flang/Optimizer/HLFIR/HLFIROps.h"
#include "mlir/Dialect/OpenACC/OpenACC.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace ompx;
using llvm::StringRef;

AccLevel ompx::accLoopLevel(acc::LoopOp loop, bool kernels) {
  auto none = acc::DeviceType::None;
  if (loop.hasSeq(none) || loop.hasAuto(none) || loop.getUnstructured())
    return AccLevel::Seq;
  bool gang = loop.hasGang(none),
       wv = loop.hasWorker(none) || loop.hasVector(none);
  if (gang)
    return wv ? AccLevel::GangVector : AccLevel::Gang;
  if (wv)
    return AccLevel::Worker;
  // No level given: in a parallel construct the loop is independent and
  // the implementation picks (gang vector, as Clacc does); in kernels only
  // an `independent` loop may be partitioned.
  if (!kernels || loop.hasIndependent(none))
    return AccLevel::GangVector;
  return AccLevel::Seq;
}

AccFirstprivateRoute ompx::accFirstprivateRoute(Type t) {
  // A kernel argument carries a scalar by value in a pointer-sized slot
  // (LLVM 22: wider ones, f80 or i128, crash).
  if (auto logical = dyn_cast<fir::LogicalType>(t))
    return logical.getFKind() <= 8 ? AccFirstprivateRoute::ByCopy
                                   : AccFirstprivateRoute::Copied;
  if (t.isIndex() || (t.isIntOrFloat() && t.getIntOrFloatBitWidth() <= 64))
    return AccFirstprivateRoute::ByCopy;
  // Otherwise the region copies it: an intrinsic scalar or an array of
  // constant size with intrinsic elements.
  Type elem = t;
  if (auto seq = dyn_cast<fir::SequenceType>(t))
    elem = seq.getEleTy();
  if (fir::isa_trivial(elem) && !fir::hasDynamicSize(t))
    return AccFirstprivateRoute::Copied;
  return AccFirstprivateRoute::Refused;
}

/// Whether the array behind box value `box` is known to be contiguous
/// (mapped by its base address and extents).
static bool isContiguousBox(Value box) {
  Operation *def = box.getDefiningOp();
  if (auto decl = dyn_cast_or_null<hlfir::DeclareOp>(def))
    return !isa<fir::BaseBoxType>(decl.getMemref().getType()) ||
           (decl.getFortranAttrs().has_value() &&
            bitEnumContainsAny(*decl.getFortranAttrs(),
                               fir::FortranVariableFlagsEnum::contiguous));
  if (auto decl = dyn_cast_or_null<fir::DeclareOp>(def))
    return !isa<fir::BaseBoxType>(decl.getMemref().getType());
  // FIR form: a box made of a plain array reference, without a slice.
  if (auto embox = dyn_cast_or_null<fir::EmboxOp>(def))
    return !embox.getSlice() &&
           !isa<fir::BaseBoxType>(embox.getMemref().getType());
  if (auto load = dyn_cast_or_null<fir::LoadOp>(def))
    return isa<fir::HeapType>(
        fir::unwrapRefType(fir::unwrapRefType(load.getMemref().getType())));
  return false;
}

AccRefusal ompx::accMapProblem(Value var, bool hasBounds) {
  Type t = var.getType();
  // A box value: the array it describes is mapped, the box rebuilt inside.
  if (auto boxTy = dyn_cast<fir::BaseBoxType>(t))
    return !isa<fir::BoxType>(boxTy) ||
                   isa<fir::HeapType, fir::PointerType>(boxTy.getEleTy()) ||
                   !isContiguousBox(var)
               ? AccRefusal::MapNotContiguous
               : AccRefusal::None;
  // An allocatable or pointer descriptor: split into descriptor and data.
  if (auto ref = dyn_cast<fir::ReferenceType>(t);
      ref && isa<fir::BaseBoxType>(ref.getEleTy()))
    return AccRefusal::None;
  if (!fir::isa_ref_type(t))
    return AccRefusal::MapType;
  Type pointee = fir::unwrapRefType(t);
  auto seq = dyn_cast<fir::SequenceType>(pointee);
  if (isa<fir::BaseBoxType>(pointee) ||
      (seq && seq.hasDynamicExtents() && !hasBounds))
    return AccRefusal::MapUnknownExtent;
  return AccRefusal::None;
}

std::optional<omp::ClauseMapFlags>
ompx::accStructuredMapFlags(Operation *entry) {
  using Flags = omp::ClauseMapFlags;
  Flags f = Flags::none;
  if (isa<acc::CopyinOp>(entry))
    f |= Flags::to;
  else if (isa<acc::PresentOp>(entry))
    f |= Flags::present | Flags::storage;
  else if (isa<acc::CreateOp, acc::NoCreateOp>(entry))
    f |= Flags::storage;
  else if (isa<acc::AttachOp>(entry))
    // Mapping a pointer whose target is present attaches it (its
    // descriptor is mapped with the data as PTR_AND_OBJ).
    f |= Flags::present | Flags::storage;
  else
    return std::nullopt;
  for (Operation *user : entry->getUsers())
    if (isa<acc::CopyoutOp>(user))
      f = (f & ~Flags::storage) | Flags::from;
  return f | Flags::ompx_hold;
}

namespace {

StringRef nameOf(Operation *op) {
  return op ? op->getName().getStringRef() : StringRef();
}

bool isComputeOp(Operation *op) {
  return isa_and_nonnull<acc::ParallelOp, acc::SerialOp, acc::KernelsOp>(op);
}

/// Whether the construct or data region `user` is where a structured clause
/// lives (its map entry gets ompx_hold).
bool isStructuredUser(Operation *user) {
  return isComputeOp(user) || isa_and_nonnull<acc::DataOp>(user);
}

/// Operand `operands` of ODS group `group` of `op` (empty when the op is not
/// described or its segments do not add up).
OperandRange groupOf(Operation *op, StringRef group) {
  const ods::Op *info = ods::lookupOp(nameOf(op));
  if (info)
    if (auto groups = operandGroups(op, *info))
      for (const OperandGroup &g : *groups)
        if (g.odsArg < info->numArgs && group == info->args[g.odsArg].name)
          return op->getOperands().slice(g.first, g.count);
  return op->getOperands().slice(0, 0);
}

size_t groupCount(Operation *op, StringRef group) {
  return op ? groupOf(op, group).size() : 0;
}

/// The ops defining the operands of group `group` (null: not an op result).
SmallVector<Operation *> groupDefs(Operation *op, StringRef group) {
  SmallVector<Operation *> out;
  for (Value v : groupOf(op, group))
    out.push_back(v.getDefiningOp());
  return out;
}

/// An attribute that is set: a true flag, or any other value.
bool has(Operation *op, StringRef name) {
  Attribute at = op ? op->getAttr(name) : Attribute();
  auto flag = dyn_cast_or_null<BoolAttr>(at);
  return at && (!flag || flag.getValue());
}

/// A device-type list attribute (`seq = [#acc.device_type<none>]`) that
/// names the default device type.
bool forNone(Operation *op, StringRef name) {
  auto list = dyn_cast_or_null<ArrayAttr>(op->getAttr(name));
  return list && llvm::any_of(list, [](Attribute a) {
           auto dt = dyn_cast<acc::DeviceTypeAttr>(a);
           return dt && dt.getValue() == acc::DeviceType::None;
         });
}

std::string printed(Type t) {
  std::string text;
  llvm::raw_string_ostream os(text);
  t.print(os);
  return text;
}

/// A data entry op's `varType`.
Type varTypeOf(Operation *op) {
  auto attr =
      op ? dyn_cast_or_null<TypeAttr>(op->getAttr("varType")) : TypeAttr();
  return attr ? attr.getValue() : Type();
}

std::string varTypeText(Operation *op) {
  Type t = varTypeOf(op);
  return t ? printed(t) : "";
}

/// How firstprivate `fp` reaches a kernel (a section is refused).
AccFirstprivateRoute routeOf(Operation *fp) {
  Type t = varTypeOf(fp);
  if (!t || groupCount(fp, "bounds"))
    return AccFirstprivateRoute::Refused;
  return accFirstprivateRoute(t);
}

/// Whether acc-to-omp declares a reduction for `red`'s type: an integer,
/// real, logical or complex scalar.
bool reducible(Operation *red) {
  Type t = varTypeOf(red);
  if (auto c = dyn_cast_or_null<ComplexType>(t))
    return isa<FloatType>(c.getElementType());
  return t && (isa<IntegerType, FloatType, fir::LogicalType>(t));
}

/// The map type accStructuredMapFlags() gives entry op `entry` on a
/// construct or data region, as hover spells it ("" if none does);
/// `copiedOut` stands for an acc.copyout that ends it.
std::string structuredMapType(Operation *entry, bool copiedOut) {
  using Flags = omp::ClauseMapFlags;
  std::optional<Flags> flags = accStructuredMapFlags(entry);
  if (!flags)
    return "";
  if (copiedOut)
    *flags = (*flags & ~Flags::storage) | Flags::from;
  auto on = [&](Flags f) { return (*flags & f) == f; };
  std::string type = on(Flags::present) ? "present, " : "";
  type += on(Flags::to | Flags::from) ? "tofrom"
          : on(Flags::to)             ? "to"
          : on(Flags::from)           ? "from"
                                      : "storage";
  return type + ", ompx_hold";
}

/// The host variable behind data entry op `entry` (a clause on a construct
/// nested in a data region names the outer clause's result).
Value hostVarOf(Operation *entry) {
  Value var = acc::getVar(entry);
  while (Operation *def = var ? var.getDefiningOp() : nullptr) {
    if (!isa<acc::OpenACCDialect>(def->getDialect()) || !acc::getVar(def))
      break;
    var = acc::getVar(def);
  }
  return var;
}

AccPlan refuse(AccRefusal why, std::string detail = "");

/// The refusal of mapping `entry`'s variable (refused() false when it maps).
AccPlan mapRefusal(Operation *entry) {
  Value var = entry ? hostVarOf(entry) : Value();
  AccRefusal why = var ? accMapProblem(var, groupCount(entry, "bounds") > 0)
                       : AccRefusal::None;
  if (why == AccRefusal::None)
    return {};
  AccPlan p = refuse(why, acc::getVarName(entry).value_or("").str());
  p.extra = printed(var.getType());
  return p;
}

AccPlan refuse(AccRefusal why, std::string detail) {
  AccPlan p;
  p.refusal = why;
  p.detail = std::move(detail);
  return p;
}

AccPlan becomes(AccBecomes what, std::string detail = "") {
  AccPlan p;
  p.becomes = what;
  p.detail = std::move(detail);
  return p;
}

/// The users of `op`'s first result (each once, in use-list order) with the
/// ODS group of the use.
SmallVector<std::pair<Operation *, std::string>> usersOf(Operation *op) {
  SmallVector<std::pair<Operation *, std::string>> out;
  if (!op || op->getNumResults() != 1)
    return out;
  for (OpOperand &use : op->getResult(0).getUses()) {
    Operation *u = use.getOwner();
    if (llvm::any_of(out, [&](auto &x) { return x.first == u; }))
      continue;
    std::string group;
    if (const ods::Op *info = ods::lookupOp(nameOf(u)))
      if (auto groups = operandGroups(u, *info))
        for (const OperandGroup &g : *groups)
          if (use.getOperandNumber() >= g.first &&
              use.getOperandNumber() < g.first + g.count &&
              g.odsArg < info->numArgs)
            group = info->args[g.odsArg].name;
    out.emplace_back(u, std::move(group));
  }
  return out;
}

class Planner {
public:
  AccPlan plan(Operation *op);

private:
  AccPlan compute(Operation *op);
  AccPlan loop(Operation *op);
  /// Where a loop runs (level, why sequential, where), or its refusal.
  AccPlan loopContext(Operation *op);
  AccPlan entry(Operation *op);
  AccPlan entryUse(Operation *op, Operation *user, StringRef group,
                   bool copiedOut, bool deleted, bool detached,
                   bool hostUpdate);
  AccPlan firstprivateUse(Operation *op, Operation *user);
  AccPlan reductionUse(Operation *op, Operation *user);
  AccPlan dataUse(Operation *op, Operation *user, bool copiedOut, bool deleted,
                  bool detached, bool hostUpdate);
  AccPlan exitOp(Operation *op);
  AccPlan dataConstruct(Operation *op);
  AccPlan other(Operation *op);
};

AccPlan badClause(Operation *op) {
  for (Operation *def : groupDefs(op, "dataClauseOperands"))
    if (def && !isa<acc::DevicePtrOp>(def) &&
        structuredMapType(def, false).empty())
      return refuse(AccRefusal::ClauseNoMapType, nameOf(def).str());
  for (StringRef group : {"dataClauseOperands", "reductionOperands"})
    for (Operation *def : groupDefs(op, group))
      if (AccPlan p = mapRefusal(def); p.refused())
        return p;
  return {};
}

bool asyncOf(Operation *op) {
  return groupCount(op, "asyncOperands") || groupCount(op, "asyncOperand") ||
         has(op, "asyncOnly") || has(op, "async") ||
         groupCount(op, "waitOperands") || has(op, "waitOnly") ||
         has(op, "wait");
}

AccPlan Planner::compute(Operation *op) {
  bool serial = isa<acc::SerialOp>(op), kernels = isa<acc::KernelsOp>(op);
  if (groupCount(op, "selfCond") || has(op, "selfAttr"))
    return refuse(AccRefusal::SelfClause);
  if (!serial && groupCount(op, "numGangs") > 1)
    return refuse(AccRefusal::NumGangsDims);
  if (AccPlan bad = badClause(op); bad.refused())
    return bad;
  bool copied = false;
  for (Operation *fp : groupDefs(op, "firstprivateOperands")) {
    AccFirstprivateRoute way = routeOf(fp);
    if (way == AccFirstprivateRoute::Refused ||
        (way == AccFirstprivateRoute::Copied && kernels)) {
      AccPlan p = refuse(AccRefusal::Firstprivate, varTypeText(fp));
      p.section = groupCount(fp, "bounds");
      return p;
    }
    copied |= way == AccFirstprivateRoute::Copied;
  }
  for (Operation *red : groupDefs(op, "reductionOperands"))
    if (!reducible(red))
      return refuse(AccRefusal::ReductionType, varTypeText(red));
  AccPlan p = becomes(serial    ? AccBecomes::Serial
                      : kernels ? AccBecomes::Kernels
                                : AccBecomes::Parallel);
  p.reductions = groupCount(op, "reductionOperands");
  p.copiedFirstprivates = copied;
  p.async = groupCount(op, "asyncOperands") || has(op, "asyncOnly") ||
            groupCount(op, "waitOperands") || has(op, "waitOnly");
  return p;
}

AccPlan Planner::loopContext(Operation *op) {
  AccPlan p = becomes(AccBecomes::Loop);
  Operation *compute = nullptr;
  bool nested = false;
  for (Operation *up = op->getParentOp(); up; up = up->getParentOp()) {
    nested |= isa<acc::LoopOp>(up);
    if (isComputeOp(up)) {
      compute = up;
      break;
    }
  }
  bool kernels = isa_and_nonnull<acc::KernelsOp>(compute);
  bool direct = compute && op->getParentOp() == compute;
  p.seqWhy = !compute                      ? AccSeqWhy::Orphan
             : isa<acc::SerialOp>(compute) ? AccSeqWhy::Serial
             : nested                      ? AccSeqWhy::Nested
             : kernels && !direct          ? AccSeqWhy::KernelsCode
                                           : AccSeqWhy::None;
  if (p.seqWhy != AccSeqWhy::None)
    return p;
  // Neither the SPMD nest nor gang-redundant code converts it.
  if (!direct)
    return refuse(AccRefusal::LoopInParallelCode);
  auto loop = cast<acc::LoopOp>(op);
  auto none = acc::DeviceType::None;
  p.level = accLoopLevel(loop, kernels);
  p.explicitLevel =
      forNone(op, "gang") || forNone(op, "worker") || forNone(op, "vector");
  if (p.level == AccLevel::Seq) {
    p.seqWhy = loop.hasSeq(none)        ? AccSeqWhy::SeqClause
               : loop.hasAuto(none)     ? AccSeqWhy::Auto
               : loop.getUnstructured() ? AccSeqWhy::Unstructured
                                        : AccSeqWhy::KernelsNoLevel;
    return p;
  }
  bool gangs = groupCount(compute, "numGangs") > 0;
  bool gangLevel = p.level == AccLevel::Gang || p.level == AccLevel::GangVector;
  p.where = kernels                                ? AccLoopWhere::OwnKernel
            : gangLevel && gangs                   ? AccLoopWhere::AfterCode
            : p.level == AccLevel::Worker && gangs ? AccLoopWhere::EachGang
            : p.level != AccLevel::Worker          ? AccLoopWhere::WhenOnlyCode
                                                   : AccLoopWhere::Anywhere;
  return p;
}

/// `collapse = [2]` -> "2".
std::string collapseOf(Operation *op) {
  Attribute at = op->getAttr("collapse");
  if (!at)
    return "";
  if (auto list = dyn_cast<ArrayAttr>(at); list && list.size() == 1)
    if (auto i = dyn_cast<IntegerAttr>(list[0]))
      return std::to_string(i.getInt());
  std::string text;
  llvm::raw_string_ostream os(text);
  at.print(os);
  return StringRef(text).trim("[] ").str();
}

AccPlan Planner::loop(Operation *op) {
  if (groupCount(op, "firstprivateOperands"))
    return refuse(AccRefusal::LoopFirstprivate);
  if (auto types =
          dyn_cast_or_null<ArrayAttr>(op->getAttr("gangOperandsArgType")))
    for (Attribute t : types)
      if (auto g = dyn_cast<acc::GangArgTypeAttr>(t);
          g && g.getValue() == acc::GangArgType::Dim)
        return refuse(AccRefusal::GangDim);
  AccPlan p = loopContext(op);
  if (p.refused())
    return p;
  for (Operation *red : groupDefs(op, "reductionOperands"))
    if (!reducible(red))
      return refuse(AccRefusal::ReductionType, varTypeText(red));
  p.reductions = groupCount(op, "reductionOperands") > 0;
  p.extra = collapseOf(op);
  return p;
}

AccPlan Planner::firstprivateUse(Operation *op, Operation *user) {
  if (isa<acc::LoopOp>(user))
    return refuse(AccRefusal::LoopFirstprivate);
  AccFirstprivateRoute way = routeOf(op);
  if (way == AccFirstprivateRoute::Refused ||
      (way == AccFirstprivateRoute::Copied && isa<acc::KernelsOp>(user))) {
    AccPlan p = refuse(AccRefusal::Firstprivate, varTypeText(op));
    p.section = groupCount(op, "bounds");
    return p;
  }
  if (!isStructuredUser(user))
    return {};
  AccPlan p = becomes(way == AccFirstprivateRoute::ByCopy
                          ? AccBecomes::FirstprivateByCopy
                          : AccBecomes::FirstprivateCopied);
  p.implicit = has(op, "implicit");
  return p;
}

AccPlan Planner::reductionUse(Operation *op, Operation *user) {
  if (!reducible(op))
    return refuse(AccRefusal::ReductionType, varTypeText(op));
  if (isa<acc::LoopOp>(user)) {
    AccPlan l = loop(user);
    if (l.refused()) {
      AccPlan p = refuse(AccRefusal::ReductionLoop, l.detail);
      p.loopRefusal = l.refusal;
      return p;
    }
    return becomes(l.level != AccLevel::Seq
                       ? AccBecomes::ReductionLoopPartitioned
                       : AccBecomes::ReductionLoopSeq);
  }
  if (isStructuredUser(user))
    return becomes(isa<acc::SerialOp>(user) ? AccBecomes::ReductionSerial
                                            : AccBecomes::ReductionTeams);
  return {};
}

AccPlan Planner::dataUse(Operation *op, Operation *user, bool copiedOut,
                         bool deleted, bool detached, bool hostUpdate) {
  if (isa<acc::EnterDataOp, acc::DeclareEnterOp>(user)) {
    if (isa<acc::CopyinOp>(op))
      return becomes(AccBecomes::EnterDataMap, "to");
    if (isa<acc::CreateOp>(op))
      return becomes(AccBecomes::EnterDataMap, "storage");
    if (isa<acc::AttachOp>(op) && isa<acc::EnterDataOp>(user)) {
      AccPlan p = becomes(AccBecomes::EnterDataMap, "present, storage");
      p.attach = true;
      return p;
    }
    return refuse(AccRefusal::EnterDataClause, nameOf(op).str());
  }
  if (isa<acc::DeclareExitOp>(user))
    return becomes(AccBecomes::DeclareExitMap, copiedOut ? "from" : "storage");
  if (isa<acc::ExitDataOp>(user)) {
    if (!copiedOut && !deleted && !detached)
      return refuse(AccRefusal::ExitDataNoRelease);
    std::string type = copiedOut ? "from" : "storage";
    if (has(user, "finalize"))
      type += ", delete";
    return becomes(AccBecomes::ExitDataMap, type);
  }
  if (isa<acc::UpdateOp>(user)) {
    std::string present = has(user, "ifPresent") ? "" : ", present";
    if (isa<acc::UpdateDeviceOp>(op))
      return becomes(AccBecomes::UpdateMotion, "to" + present);
    if (isa<acc::GetDevicePtrOp>(op) && hostUpdate)
      return becomes(AccBecomes::UpdateMotion, "from" + present);
    return refuse(AccRefusal::UpdateClause, nameOf(op).str());
  }
  if (isa<acc::HostDataOp>(user) && isa<acc::UseDeviceOp>(op))
    return becomes(AccBecomes::UseDevice);
  if (nameOf(user).starts_with("acc.declare"))
    return refuse(AccRefusal::DeclareData, nameOf(user).str());
  return {};
}

AccPlan Planner::entryUse(Operation *op, Operation *user, StringRef group,
                          bool copiedOut, bool deleted, bool detached,
                          bool hostUpdate) {
  if (isa<acc::PrivateOp>(op) &&
      (isStructuredUser(user) || isa<acc::LoopOp>(user)))
    return becomes(isa<acc::LoopOp>(user) ? AccBecomes::PrivateLoop
                                          : AccBecomes::PrivateGang);
  if (isa<acc::FirstprivateOp>(op))
    if (AccPlan p = firstprivateUse(op, user); p.hasNote())
      return p;
  if (isa<acc::ReductionOp>(op))
    if (AccPlan p = reductionUse(op, user); p.hasNote())
      return p;
  if (isStructuredUser(user) && group == "dataClauseOperands") {
    std::string type = structuredMapType(op, copiedOut);
    if (type.empty())
      return refuse(AccRefusal::EntryNoMapType, nameOf(op).str());
    AccPlan p = becomes(AccBecomes::StructuredMap, type);
    p.extra = isa<acc::DataOp>(user) ? "omp.target_data" : "omp.target";
    return p;
  }
  return dataUse(op, user, copiedOut, deleted, detached, hostUpdate);
}

AccPlan Planner::entry(Operation *op) {
  if (auto clause = acc::getDataClause(op);
      clause && (*clause == acc::DataClause::acc_create_zero ||
                 *clause == acc::DataClause::acc_copyout_zero))
    return refuse(AccRefusal::ZeroModifier);
  if (isa<acc::CacheOp>(op))
    return refuse(AccRefusal::Unsupported, nameOf(op).str());
  if (!isa<acc::PrivateOp, acc::FirstprivateOp, acc::DeclareLinkOp,
           acc::DeclareDeviceResidentOp>(op))
    if (AccPlan p = mapRefusal(op); p.refused())
      return p;
  if (isa<acc::DevicePtrOp>(op))
    return becomes(AccBecomes::Deviceptr);
  if (isa<acc::DeclareLinkOp>(op))
    return becomes(AccBecomes::DeclareLink);
  if (isa<acc::DeclareDeviceResidentOp>(op))
    return becomes(AccBecomes::DeclareDeviceResident);
  auto users = usersOf(op);
  bool copiedOut = false, deleted = false, detached = false, hostUpdate = false,
       declared = false, undeclared = false;
  for (auto &[u, group] : users) {
    copiedOut |= isa<acc::CopyoutOp>(u);
    deleted |= isa<acc::DeleteOp>(u);
    detached |= isa<acc::DetachOp>(u);
    hostUpdate |= isa<acc::UpdateHostOp>(u);
    declared |= isa<acc::DeclareEnterOp>(u);
    undeclared |= isa<acc::DeclareExitOp>(u);
  }
  if (declared && undeclared && isa<acc::CopyinOp, acc::CreateOp>(op)) {
    AccPlan p = becomes(AccBecomes::DeclaredData,
                        isa<acc::CopyinOp>(op) ? "to" : "storage");
    p.copiedOut = copiedOut;
    return p;
  }
  for (auto &[u, group] : users) {
    AccPlan p =
        entryUse(op, u, group, copiedOut, deleted, detached, hostUpdate);
    if (p.hasNote()) {
      p.implicit = has(op, "implicit");
      return p;
    }
  }
  return {};
}

AccPlan Planner::exitOp(Operation *op) {
  Operation *e = nullptr;
  for (Value v : op->getOperands())
    if (Operation *def = v.getDefiningOp();
        def && def != op && nameOf(def).starts_with("acc.")) {
      e = def;
      break;
    }
  bool exitData = false, structured = false, finalize = false;
  for (auto &[u, group] : usersOf(e)) {
    exitData |= isa<acc::ExitDataOp>(u);
    finalize |= isa<acc::ExitDataOp>(u) && has(u, "finalize");
    structured |= isStructuredUser(u);
  }
  if (isa<acc::UpdateHostOp>(op))
    return becomes(AccBecomes::UpdateHost);
  if (exitData) {
    AccPlan p = becomes(AccBecomes::ExitDataRelease);
    p.copyout = isa<acc::CopyoutOp>(op);
    p.finalize = finalize;
    p.detach = isa<acc::DetachOp>(op);
    return p;
  }
  if (!structured)
    return {};
  return becomes(isa<acc::CopyoutOp>(op) ? AccBecomes::StructuredCopyout
                                         : AccBecomes::StructuredDropped);
}

AccPlan Planner::dataConstruct(Operation *op) {
  AccPlan p;
  if (isa<acc::DataOp>(op)) {
    if (AccPlan bad = badClause(op); bad.refused())
      return bad;
    p.becomes = AccBecomes::Data;
  } else if (isa<acc::EnterDataOp>(op)) {
    for (Operation *def : groupDefs(op, "dataClauseOperands"))
      if (!isa_and_nonnull<acc::CopyinOp, acc::CreateOp, acc::AttachOp>(def))
        return refuse(AccRefusal::EnterDataClause, nameOf(def).str());
    p.becomes = AccBecomes::EnterData;
  } else if (isa<acc::ExitDataOp>(op)) {
    p.becomes = AccBecomes::ExitData;
    p.finalize = has(op, "finalize");
  } else {
    p.becomes = AccBecomes::Update;
    p.ifPresent = has(op, "ifPresent");
  }
  p.ifKept = groupCount(op, "ifCond");
  p.async = asyncOf(op);
  return p;
}

AccPlan Planner::other(Operation *op) {
  StringRef n = nameOf(op);
  if (isa<acc::HostDataOp>(op))
    return groupCount(op, "ifCond") ? refuse(AccRefusal::HostDataIf)
                                    : becomes(AccBecomes::HostData);
  if (isa<acc::WaitOp>(op))
    return becomes(AccBecomes::Wait);
  if (isa<acc::InitOp, acc::ShutdownOp>(op))
    return becomes(AccBecomes::InitShutdown);
  if (isa<acc::SetOp>(op))
    return groupCount(op, "defaultAsync") ? refuse(AccRefusal::SetDefaultAsync)
           : groupCount(op, "deviceNum")  ? becomes(AccBecomes::SetDevice)
                                          : becomes(AccBecomes::SetDropped);
  if (isa<acc::RoutineOp>(op)) {
    AccPlan p = becomes(AccBecomes::Routine);
    p.nohost = has(op, "nohost");
    p.bind = has(op, "bindIdName") || has(op, "bindStrName");
    return p;
  }
  if (isa<acc::DataBoundsOp>(op))
    return becomes(AccBecomes::Bounds);
  if (isa<acc::DeclareEnterOp>(op))
    return becomes(AccBecomes::DeclareEnter);
  if (isa<acc::DeclareExitOp>(op))
    return becomes(AccBecomes::DeclareExit);
  if (isa<acc::GlobalConstructorOp, acc::GlobalDestructorOp>(op))
    return becomes(AccBecomes::GlobalCtorDtor);
  if (n.starts_with("acc.atomic."))
    return groupCount(op, "ifCond")
               ? refuse(AccRefusal::AtomicIf)
               : becomes(AccBecomes::Atomic, n.drop_front(4).str());
  if (n.starts_with("acc.declare") || isa<acc::KernelEnvironmentOp>(op))
    return refuse(AccRefusal::Unsupported, n.str());
  if (isa<acc::CopyoutOp, acc::DeleteOp, acc::DetachOp, acc::UpdateHostOp>(op))
    return exitOp(op);
  if (acc::getDataClause(op) ||
      isa<acc::PrivateOp, acc::FirstprivateOp, acc::ReductionOp,
          acc::DevicePtrOp, acc::AttachOp, acc::CacheOp, acc::DeclareLinkOp,
          acc::DeclareDeviceResidentOp>(op))
    return entry(op);
  return {};
}

AccPlan Planner::plan(Operation *op) {
  if (!nameOf(op).starts_with("acc."))
    return {};
  for (Operation *up = op->getParentOp(); up; up = up->getParentOp())
    if (isa<acc::GlobalConstructorOp, acc::GlobalDestructorOp>(up))
      return becomes(AccBecomes::DroppedWithGlobal, nameOf(up).str());
  if (isComputeOp(op))
    return compute(op);
  if (isa<acc::LoopOp>(op))
    return loop(op);
  if (isa<acc::DataOp, acc::EnterDataOp, acc::ExitDataOp, acc::UpdateOp>(op))
    return dataConstruct(op);
  return other(op);
}

} // namespace

AccPlan ompx::planAccToOmp(Operation *op) { return Planner().plan(op); }
