//===- AccPlan.cpp - The acc-to-omp decisions, from IR --------------------===//
//
// What AccToOmp.cpp's Converter does with each acc op, decided on the op as
// it stands (no rewriting): structuredFlags (map types), enter/exit/update
// data (planAccDataUse), host_data, set, convertCompute (clauses,
// firstprivate routes, reductions, SPMD nest or gang-redundant code and
// what gang-redundant code with num_gangs refuses, what acc-implicit-data
// would map that no map entry takes), levelOf and checkLoop (loops),
// convertRoutines, and the shapes refused before LLVM's acc preparation
// (accShapeProblem). The Converter reads the plan of each construct
// and loop before it rewrites them; hover words the whole plan
// (server/features/AccLowering.cpp).
//
//===----------------------------------------------------------------------===//

#include "pipeline/passes/AccPlan.h"
#include "dialects/OdsTables.h"
#include "dialects/ir/ClauseModelBuilder.h"

#include "flang/Optimizer/Dialect/FIROps.h"
#include "flang/Optimizer/Dialect/FIRType.h"
#include "flang/Optimizer/HLFIR/HLFIROps.h"
#include "flang/Optimizer/Support/InternalNames.h"
#include "mlir/Dialect/OpenACC/OpenACC.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
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
bool ompx::accContiguousBox(Value box) {
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
  // A box value: the array it describes is mapped, the box rebuilt inside
  // (contiguous). Whole declared arrays of unknown contiguity (assumed-shape
  // dummies) are mapped by their descriptor, whose byte strides
  // strided-map-check checks before the map: a non-contiguous actual stops
  // the program there, by name, rather than compute with the wrong elements.
  if (auto boxTy = dyn_cast<fir::BaseBoxType>(t))
    return !isa<fir::BoxType>(boxTy) ||
                   isa<fir::HeapType, fir::PointerType>(boxTy.getEleTy()) ||
                   (!accContiguousBox(var) &&
                    (hasBounds ||
                     !isa_and_nonnull<hlfir::DeclareOp, fir::DeclareOp>(
                         var.getDefiningOp())))
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

bool ompx::accIsCloneable(Operation *op) {
  return op->getNumRegions() == 0 && isMemoryEffectFree(op) &&
         op->getName().getDialectNamespace() !=
             acc::OpenACCDialect::getDialectNamespace();
}

bool ompx::accIsDeclarative(Operation *op) {
  return isa<hlfir::DeclareOp, hlfir::DesignateOp, fir::DeclareOp,
             fir::DummyScopeOp, fir::BoxAddrOp, fir::EmboxOp, fir::BoxDimsOp>(
             op) ||
         accIsCloneable(op);
}

int ompx::accKernelsParts(Block &body, SmallVectorImpl<Operation *> &top,
                          SmallVectorImpl<int> &partOf) {
  auto shared = [](Operation &o) {
    return accIsDeclarative(&o) ||
           isa<fir::LoadOp, acc::PrivateOp, acc::ReductionOp>(o);
  };
  int parts = 0;
  bool inCode = false;
  for (Operation &o : body.without_terminator()) {
    top.push_back(&o);
    if (isa<acc::LoopOp>(o)) {
      partOf.push_back(parts++);
      inCode = false;
    } else if (shared(o)) {
      partOf.push_back(-1);
    } else {
      if (!inCode)
        ++parts;
      inCode = true;
      partOf.push_back(parts - 1);
    }
  }
  return parts;
}

static acc::PrivateRecipeOp privateRecipe(Operation *priv) {
  auto p = dyn_cast_or_null<acc::PrivateOp>(priv);
  return p ? SymbolTable::lookupNearestSymbolFrom<acc::PrivateRecipeOp>(
                 p, p.getRecipeAttr())
           : acc::PrivateRecipeOp();
}

Block *ompx::accPrivateInit(Operation *priv) {
  acc::PrivateRecipeOp recipe = privateRecipe(priv);
  if (!recipe || !llvm::hasSingleElement(recipe.getInitRegion()) ||
      recipe.getDestroyRegion().getBlocks().size() > 1)
    return nullptr;
  // A copy freed by a destroy region only for an array of intrinsic
  // elements passed by its descriptor (an automatic array): acc-to-omp
  // makes that descriptor in the region; an allocatable's or a pointer's
  // (a reference to one) and a character array's (a length) it cannot.
  if (!recipe.getDestroyRegion().empty()) {
    auto box = dyn_cast<fir::BoxType>(recipe.getType());
    auto array =
        box ? dyn_cast<fir::SequenceType>(box.getEleTy()) : fir::SequenceType();
    if (!array || !fir::isa_trivial(array.getEleTy()))
      return nullptr;
  }
  return &recipe.getInitRegion().front();
}

Block *ompx::accPrivateDestroy(Operation *priv) {
  acc::PrivateRecipeOp recipe = privateRecipe(priv);
  if (!recipe || !llvm::hasSingleElement(recipe.getDestroyRegion()) ||
      recipe.getDestroyRegion().getNumArguments() != 2)
    return nullptr;
  return &recipe.getDestroyRegion().front();
}

namespace {

StringRef nameOf(Operation *op) {
  return op ? op->getName().getStringRef() : StringRef();
}

/// Whether acc-to-omp splits kernels construct `op` into parts inside an
/// `omp.target_data` (accKernelsParts).
bool kernelsSplit(Operation *op) {
  auto k = dyn_cast<acc::KernelsOp>(op);
  if (!k || !llvm::hasSingleElement(k.getRegion()))
    return false;
  SmallVector<Operation *> top;
  SmallVector<int> partOf;
  return accKernelsParts(k.getRegion().front(), top, partOf) > 1;
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

std::string printedAttr(Attribute a) {
  std::string text;
  llvm::raw_string_ostream os(text);
  a.print(os);
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
  if (!t)
    return AccFirstprivateRoute::Refused;
  // A section: firstprivate of the whole array when it has a constant
  // shape and intrinsic elements (acc-to-omp's wholeArrayFirstprivates).
  if (groupCount(fp, "bounds")) {
    auto seq = dyn_cast<fir::SequenceType>(t);
    if (!seq || fir::hasDynamicSize(seq) || !fir::isa_trivial(seq.getEleTy()))
      return AccFirstprivateRoute::Refused;
  }
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

/// Map flags `f` as hover spells them ("present, to, ompx_hold"); a
/// motion's `present` is its modifier, after it ("to, present").
std::string mapTypeText(omp::ClauseMapFlags f, bool motion = false) {
  using Flags = omp::ClauseMapFlags;
  auto on = [&](Flags x) { return (f & x) == x; };
  std::string type = on(Flags::present) && !motion ? "present, " : "";
  type += on(Flags::to | Flags::from) ? "tofrom"
          : on(Flags::to)             ? "to"
          : on(Flags::from)           ? "from"
                                      : "storage";
  if (on(Flags::present) && motion)
    type += ", present";
  if (on(Flags::del))
    type += ", delete";
  if (on(Flags::ompx_hold))
    type += ", ompx_hold";
  return type;
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
  return mapTypeText(*flags);
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

/// The refusal of what acc-implicit-data would map for compute construct
/// `op` that the pass cannot: a variable the region uses, of a type that
/// data clauses take (memref) but no map entry of the pass does. Variables
/// of a clause of `op` are its clauses' to refuse.
AccPlan implicitMapRefusal(Operation *op) {
  llvm::SetVector<Value> used;
  getUsedValuesDefinedAbove(op->getRegion(0), used);
  llvm::SmallPtrSet<Value, 8> clauses;
  for (StringRef group : {"dataClauseOperands", "privateOperands",
                          "firstprivateOperands", "reductionOperands"})
    for (Operation *def : groupDefs(op, group))
      if (def)
        clauses.insert(hostVarOf(def));
  for (Value v : used) {
    Operation *def = v.getDefiningOp();
    if (clauses.contains(v) ||
        (def && isa<acc::OpenACCDialect>(def->getDialect())) ||
        !isa<acc::PointerLikeType, acc::MappableType>(v.getType()) ||
        accMapProblem(v, /*hasBounds=*/false) != AccRefusal::MapType)
      continue;
    AccPlan p = refuse(AccRefusal::MapType);
    p.extra = printed(v.getType());
    return p;
  }
  return {};
}

AccPlan refuse(AccRefusal why, std::string detail) {
  AccPlan p;
  p.refusal = why;
  p.detail = std::move(detail);
  return p;
}

/// Whether the global constructor or destructor `op` declares its global
/// `link` (acc-to-omp makes it `declare target link`).
bool declaresLink(Operation *op) {
  bool link = false;
  op->walk([&](acc::DeclareLinkOp) { link = true; });
  return link;
}

AccPlan becomes(AccBecomes what, std::string detail = "") {
  AccPlan p;
  p.becomes = what;
  p.detail = std::move(detail);
  return p;
}

/// A map entry with flags `f` (`motion`: of omp.target_update).
AccPlan mapped(AccBecomes what, omp::ClauseMapFlags f, bool motion = false) {
  AccPlan p = becomes(what, mapTypeText(f, motion));
  p.mapFlags = static_cast<uint32_t>(f);
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

//===----------------------------------------------------------------------===//
// How a compute construct runs: the SPMD nest or gang-redundant code
//===----------------------------------------------------------------------===//

/// The single block of compute construct `op` (null: several blocks).
Block *bodyOf(Operation *op) {
  Region &r = op->getRegion(0);
  return llvm::hasSingleElement(r) ? &r.front() : nullptr;
}

/// Code beside the SPMD nest's loop that every thread may run (the pass
/// moves what the loop uses into its body and drops the rest).
bool spmdSafe(Operation &o) {
  return accIsDeclarative(&o) ||
         isa<fir::LoadOp, fir::AllocaOp, acc::PrivateOp, acc::ReductionOp>(o) ||
         o.hasTrait<OpTrait::IsTerminator>();
}

/// Whether the gang-private copies of construct `op` (its private recipes'
/// inits, inlined at the start of its body) may run in every thread.
bool spmdPrivates(Operation *op) {
  for (Operation *priv : groupDefs(op, "privateOperands")) {
    if (!isa_and_nonnull<acc::PrivateOp>(priv))
      continue;
    Block *init = accPrivateInit(priv);
    if (!init || !llvm::all_of(init->without_terminator(), spmdSafe))
      return false;
  }
  return true;
}

/// Whether a partitioned loop at `level` alone in construct `op` makes the
/// SPMD nest: a worker/vector loop alone runs in every gang, which
/// distributing it over the teams matches only when the number of gangs is
/// ours to pick.
bool spmdLevel(Operation *op, AccLevel level) {
  return level != AccLevel::Seq &&
         !(level == AccLevel::Worker && groupCount(op, "numGangs"));
}

/// Whether construct (or kernels part) `op` is one partitioned loop and code
/// every thread may run: `target teams distribute [parallel do]`.
bool isSpmd(Operation *op) {
  if (!isa<acc::ParallelOp, acc::KernelsOp>(op))
    return false;
  Block *body = bodyOf(op);
  if (!body)
    return false;
  acc::LoopOp loop;
  unsigned loops = 0;
  for (Operation &o : *body)
    if (auto l = dyn_cast<acc::LoopOp>(o)) {
      loop = l;
      ++loops;
    }
  if (loops != 1 || !spmdLevel(op, accLoopLevel(loop, isa<acc::KernelsOp>(op))))
    return false;
  return llvm::all_of(*body,
                      [&](Operation &o) {
                        return &o == loop.getOperation() || spmdSafe(o);
                      }) &&
         spmdPrivates(op);
}

/// How many kernels AccToOmp splits kernels construct `op` into: one per
/// loop nest and per stretch of code between them.
unsigned kernelsParts(Operation *op) {
  Block *body = bodyOf(op);
  if (!body)
    return 1;
  unsigned parts = 0;
  bool inCode = false;
  for (Operation &o : body->without_terminator()) {
    if (isa<acc::LoopOp>(o)) {
      ++parts;
      inCode = false;
    } else if (!accIsDeclarative(&o) &&
               !isa<fir::LoadOp, acc::PrivateOp, acc::ReductionOp>(o)) {
      parts += !inCode;
      inCode = true;
    }
  }
  return parts;
}

/// Whether compute construct `op` runs as one SPMD nest.
bool constructSpmd(Operation *op) {
  if (isa<acc::KernelsOp>(op) && kernelsParts(op) > 1)
    return false;
  return isSpmd(op);
}

/// The clause of construct `compute` (private, firstprivate, reduction)
/// whose variable `v` is: the region sees the clause's copy there (acc's
/// legalize-data-values-in-region makes it so).
Operation *privateClauseOf(Value v, Operation *compute) {
  for (StringRef g :
       {"privateOperands", "firstprivateOperands", "reductionOperands"})
    for (Operation *def : groupDefs(compute, g))
      if (def && (def->getResult(0) == v || acc::getVar(def) == v))
        return def;
  return nullptr;
}

/// Ops through which an address points into the same variable.
bool addressStep(Operation *def) {
  return isa<hlfir::DeclareOp, fir::DeclareOp, fir::ConvertOp,
             fir::CoordinateOp, hlfir::DesignateOp, fir::ArrayCoorOp>(def);
}

/// Whether recipe block `init` yields storage of its own (a fir.alloca in
/// it): inlined in a team, that is the team's copy.
bool yieldsOwnCopy(Block &init) {
  Operation *term = init.getTerminator();
  Value v = term->getNumOperands() ? term->getOperand(0) : Value();
  for (unsigned depth = 0; v && depth < 32; ++depth) {
    Operation *def = v.getDefiningOp();
    if (isa_and_nonnull<fir::AllocaOp>(def))
      return true;
    if (!def || !addressStep(def))
      return false;
    v = def->getOperand(0);
  }
  return false;
}

/// Whether `addr` is (in) a copy each team of parallel construct `compute`
/// has for itself: the construct's reduction copy, a private or copied
/// firstprivate made in the team, or storage allocated in the region.
bool gangPrivate(Value addr, Operation *compute) {
  for (unsigned depth = 0; addr && depth < 32; ++depth) {
    if (Operation *clause = privateClauseOf(addr, compute)) {
      if (isa<acc::ReductionOp>(clause))
        return true;
      if (auto fp = dyn_cast<acc::FirstprivateOp>(clause)) {
        auto recipe =
            SymbolTable::lookupNearestSymbolFrom<acc::FirstprivateRecipeOp>(
                fp, fp.getRecipeAttr());
        return routeOf(fp) == AccFirstprivateRoute::Copied && recipe &&
               llvm::hasSingleElement(recipe.getInitRegion()) &&
               yieldsOwnCopy(recipe.getInitRegion().front());
      }
      Block *init = accPrivateInit(clause);
      return init && yieldsOwnCopy(*init);
    }
    Operation *def = addr.getDefiningOp();
    if (!def)
      return false;
    if (isa<fir::AllocaOp>(def))
      return compute->isProperAncestor(def);
    if (!addressStep(def))
      return false;
    addr = def->getOperand(0);
  }
  return false;
}

/// The variable `addr` points into as AccToOmp tells variables apart (one
/// map entry each): a clause's result stands for its host variable; null
/// for an address the region makes itself (storage, a call's result).
Value rootIn(Value addr, Operation *compute) {
  bool host = false; // past the clause: the host variable
  for (unsigned depth = 0; addr && depth < 32; ++depth) {
    if (isa<BlockArgument>(addr))
      return addr;
    Operation *def = addr.getDefiningOp();
    if (Operation *clause = host ? nullptr : privateClauseOf(addr, compute)) {
      if (isa<acc::ReductionOp>(clause))
        return clause->getResult(0);
      if (!isa<acc::FirstprivateOp>(clause) ||
          routeOf(clause) != AccFirstprivateRoute::ByCopy)
        return Value();
      def = clause;
    }
    bool inside = compute->isAncestor(def);
    if (!inside && acc::getVar(def) &&
        def->getName().getDialectNamespace() == "acc") {
      addr = hostVarOf(def);
      host = true;
      continue;
    }
    if (!addressStep(def) &&
        !isa<fir::BoxAddrOp, fir::EmboxOp, fir::ReboxOp, fir::LoadOp>(def))
      return inside ? Value() : addr;
    addr = def->getOperand(0);
  }
  return Value();
}

/// What gang-redundant code writes (the roots rootIn gives; null: a write
/// the pass cannot place).
class Writes {
public:
  explicit Writes(Operation *compute) : compute(compute) {}
  /// Notes what `o`, run by each team before a gang loop, writes.
  void note(Operation *o);
  /// Notes the writes of recipe block `block` inlined at the construct's
  /// start (a copy's own storage aside).
  void noteRecipe(Block &block);
  /// Whether a bound of `loop` loads what was written.
  bool boundsRead(acc::LoopOp loop) const;

private:
  Operation *compute;
  SmallVector<Value> written;
};

void Writes::note(Operation *o) {
  if (isMemoryEffectFree(o) || accIsDeclarative(o) ||
      isa<fir::LoadOp, fir::AllocaOp, acc::PrivateOp, acc::ReductionOp>(o))
    return;
  // A loop before this one is converted by then: nothing the pass places.
  if (isa<acc::LoopOp>(o))
    return written.push_back(Value());
  // Stores and assignments write their destination only (an hlfir.assign
  // also reports an unplaced write for reallocation).
  Value dest;
  if (auto store = dyn_cast<fir::StoreOp>(o))
    dest = store.getMemref();
  else if (auto assign = dyn_cast<hlfir::AssignOp>(o);
           assign && !assign.isAllocatableAssignment())
    dest = assign.getLhs();
  if (dest) {
    if (!gangPrivate(dest, compute))
      written.push_back(rootIn(dest, compute));
    return;
  }
  if (isa<fir::DoLoopOp>(o)) {
    for (Operation &inner : o->getRegion(0).front())
      note(&inner);
    return;
  }
  auto iface = dyn_cast<MemoryEffectOpInterface>(o);
  SmallVector<MemoryEffects::EffectInstance> effects;
  if (iface)
    iface.getEffects(effects);
  if (!iface || o->getNumRegions())
    written.push_back(Value());
  for (auto &e : effects)
    if (isa<MemoryEffects::Write>(e.getEffect()))
      written.push_back(e.getValue() ? rootIn(e.getValue(), compute) : Value());
}

void Writes::noteRecipe(Block &block) {
  for (Operation &o : block.without_terminator()) {
    if (isMemoryEffectFree(&o) || accIsDeclarative(&o) ||
        isa<fir::LoadOp, fir::AllocaOp>(o))
      continue;
    Value dest;
    if (auto store = dyn_cast<fir::StoreOp>(o))
      dest = store.getMemref();
    else if (auto assign = dyn_cast<hlfir::AssignOp>(o))
      dest = assign.getLhs();
    // The copy's own storage: made in the recipe, or the copy argument.
    while (dest && dest.getDefiningOp() && addressStep(dest.getDefiningOp()))
      dest = dest.getDefiningOp()->getOperand(0);
    bool own = dest && (isa_and_nonnull<fir::AllocaOp>(dest.getDefiningOp()) ||
                        (isa<BlockArgument>(dest) &&
                         cast<BlockArgument>(dest).getArgNumber() == 1));
    if (isa<fir::DoLoopOp>(o))
      noteRecipe(o.getRegion(0).front());
    else if (!own)
      written.push_back(Value());
  }
}

bool Writes::boundsRead(acc::LoopOp loop) const {
  for (Value bound : llvm::concat<Value>(
           loop.getLowerbound(), loop.getUpperbound(), loop.getStep())) {
    SmallVector<Value> work{bound};
    while (!work.empty()) {
      Operation *def = work.pop_back_val().getDefiningOp();
      if (!def || !compute->isAncestor(def))
        continue;
      if (auto load = dyn_cast<fir::LoadOp>(def)) {
        Value root = rootIn(load.getMemref(), compute);
        if (!root || llvm::is_contained(written, root) ||
            llvm::is_contained(written, Value()))
          return true;
      }
      llvm::append_range(work, def->getOperands());
    }
  }
  return false;
}

/// Whether the gang loop `loop` of gang-redundant parallel construct
/// `compute` (with num_gangs) reads in its bounds what the code before it
/// writes: the host, which evaluates them, cannot.
bool boundsAfterWrites(acc::LoopOp loop, Operation *compute) {
  Writes writes(compute);
  // The gang-private copies and firstprivate copies made first.
  for (Operation *priv : groupDefs(compute, "privateOperands"))
    if (Block *init = accPrivateInit(priv))
      writes.noteRecipe(*init);
  for (Operation *fp : groupDefs(compute, "firstprivateOperands")) {
    auto op = dyn_cast_or_null<acc::FirstprivateOp>(fp);
    auto recipe =
        op ? SymbolTable::lookupNearestSymbolFrom<acc::FirstprivateRecipeOp>(
                 op, op.getRecipeAttr())
           : acc::FirstprivateRecipeOp();
    if (!recipe || routeOf(fp) != AccFirstprivateRoute::Copied ||
        !llvm::hasSingleElement(recipe.getInitRegion()))
      continue;
    writes.noteRecipe(recipe.getInitRegion().front());
    // Arrays are copied element by element into the copy.
    if (!isa<fir::SequenceType>(varTypeOf(fp)) &&
        llvm::hasSingleElement(recipe.getCopyRegion()))
      writes.noteRecipe(recipe.getCopyRegion().front());
  }
  for (Operation &o : *loop->getBlock()) {
    if (&o == loop.getOperation())
      break;
    writes.note(&o);
  }
  return writes.boundsRead(loop);
}

/// What the gang-redundant lowering of parallel construct `compute` with
/// num_gangs refuses of `loop` (`top`: directly in its body; the bounds
/// are checked by the caller).
AccRefusal redundantRefusal(acc::LoopOp loop, Operation *compute, bool top) {
  if (!top && loop.hasGang(acc::DeviceType::None))
    return AccRefusal::RedundantGangLoop;
  for (Value v : loop.getReductionOperands()) {
    auto red = v.getDefiningOp<acc::ReductionOp>();
    if (!red || !gangPrivate(red.getVar(), compute))
      return AccRefusal::SharedReduction;
  }
  return AccRefusal::None;
}

/// Whether `compute` runs its code in each of num_gangs teams.
bool redundantGangs(Operation *compute) {
  return isa_and_nonnull<acc::ParallelOp>(compute) &&
         groupCount(compute, "numGangs") && !isSpmd(compute);
}

/// The Fortran name of the first gang routine construct `op` calls, or "":
/// gang-redundant code with num_gangs would run its gang loops whole in
/// every team, as a gang loop nested in that code would.
std::string gangRoutineCall(Operation *op) {
  std::string name;
  op->walk([&](fir::CallOp call) {
    std::optional<SymbolRefAttr> callee = call.getCallee();
    auto func = callee
                    ? SymbolTable::lookupNearestSymbolFrom<FunctionOpInterface>(
                          call, *callee)
                    : FunctionOpInterface();
    auto info = func ? func->getAttrOfType<acc::RoutineInfoAttr>(
                           acc::getRoutineInfoAttrName())
                     : acc::RoutineInfoAttr();
    if (!info)
      return WalkResult::advance();
    for (SymbolRefAttr r : info.getAccRoutines())
      if (auto routine =
              SymbolTable::lookupNearestSymbolFrom<acc::RoutineOp>(call, r);
          routine && routine.hasGang()) {
        StringRef mangled = callee->getRootReference().getValue();
        auto [kind, parts] = fir::NameUniquer::deconstruct(mangled);
        name = parts.name.empty() ? mangled.str() : parts.name;
        return WalkResult::interrupt();
      }
    return WalkResult::advance();
  });
  return name;
}

/// What ends a data entry op, and the declare ops that use it.
struct EntryUses {
  bool copiedOut = false, deleted = false, detached = false, hostUpdate = false,
       declared = false, undeclared = false;
};

EntryUses usesOfEntry(Operation *op) {
  EntryUses e;
  for (auto &[u, group] : usersOf(op)) {
    e.copiedOut |= isa<acc::CopyoutOp>(u);
    e.deleted |= isa<acc::DeleteOp>(u);
    e.detached |= isa<acc::DetachOp>(u);
    e.hostUpdate |= isa<acc::UpdateHostOp>(u);
    e.declared |= isa<acc::DeclareEnterOp>(u);
    e.undeclared |= isa<acc::DeclareExitOp>(u);
  }
  return e;
}

} // namespace

bool ompx::accZeroModifier(Operation *entry) {
  auto clause = acc::getDataClause(entry);
  return clause && (*clause == acc::DataClause::acc_create_zero ||
                    *clause == acc::DataClause::acc_copyout_zero);
}

bool ompx::accZeroable(Operation *entry) {
  Value var = acc::getVar(entry);
  if (!var || groupCount(entry, "bounds"))
    return false;
  auto ref = dyn_cast<fir::ReferenceType>(var.getType());
  if (!ref)
    return false;
  Type t = ref.getEleTy();
  if (auto seq = dyn_cast<fir::SequenceType>(t)) {
    if (fir::hasDynamicSize(seq))
      return false;
    t = seq.getEleTy();
  }
  return isa<IntegerType, FloatType>(t);
}

namespace {
class Planner {
public:
  AccPlan plan(Operation *op);
  /// Data entry `op` as a clause of standalone data op `user`.
  AccPlan dataClause(Operation *op, Operation *user);

private:
  AccPlan compute(Operation *op);
  AccPlan loop(Operation *op);
  /// Where a loop runs (level, why sequential, where), or its refusal.
  AccPlan loopContext(Operation *op);
  AccPlan entry(Operation *op);
  AccPlan entryUse(Operation *op, Operation *user, StringRef group,
                   const EntryUses &u);
  AccPlan firstprivateUse(Operation *op, Operation *user);
  AccPlan reductionUse(Operation *op, Operation *user);
  AccPlan dataUse(Operation *op, Operation *user, const EntryUses &u);
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

/// Whether a loop inside compute construct `op` has a reduction.
static bool loopReductions(Operation *op) {
  return op
      ->walk([](acc::LoopOp l) {
        return l.getReductionOperands().empty() ? WalkResult::advance()
                                                : WalkResult::interrupt();
      })
      .wasInterrupted();
}

AccPlan Planner::compute(Operation *op) {
  if (AccRefusal why = accShapeProblem(op); why != AccRefusal::None)
    return refuse(why);
  bool serial = isa<acc::SerialOp>(op), kernels = isa<acc::KernelsOp>(op);
  // num_gangs(a, b, ...): a * b * ... teams for one partitioned nest alone
  // (each iteration runs once either way); gang-redundant code and
  // reductions would see the dimensions.
  if (!serial && !kernels && groupCount(op, "numGangs") > 1 &&
      (!constructSpmd(op) || groupCount(op, "reductionOperands") ||
       loopReductions(op)))
    return refuse(AccRefusal::NumGangsDims);
  if (redundantGangs(op))
    if (std::string routine = gangRoutineCall(op); !routine.empty())
      return refuse(AccRefusal::RedundantGangRoutine, routine);
  if (AccPlan bad = badClause(op); bad.refused())
    return bad;
  if (AccPlan bad = implicitMapRefusal(op); bad.refused())
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
  p.spmd = constructSpmd(op);
  p.split = kernelsSplit(op);
  p.numGangs = groupCount(op, "numGangs") > 0;
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
  auto loop = cast<acc::LoopOp>(op);
  // Each team runs gang-redundant code: it may not share a gang loop or a
  // reduction variable.
  if (redundantGangs(compute))
    if (AccRefusal why = redundantRefusal(loop, compute, direct);
        why != AccRefusal::None)
      return refuse(why);
  if (p.seqWhy != AccSeqWhy::None)
    return p;
  // Neither the SPMD nest nor gang-redundant code converts it.
  if (!direct)
    return refuse(AccRefusal::LoopInParallelCode);
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
  // A kernels loop is a kernel of its own, partitioned when SPMD (else one
  // thread runs the kernel).
  if (kernels && !(spmdLevel(compute, p.level) && spmdPrivates(compute))) {
    p.level = AccLevel::Seq;
    p.seqWhy = AccSeqWhy::KernelsNotSpmd;
    return p;
  }
  p.where = kernels              ? AccLoopWhere::OwnKernel
            : isSpmd(compute)    ? AccLoopWhere::Spmd
            : gangs && gangLevel ? AccLoopWhere::AfterCode
            : gangs              ? AccLoopWhere::EachGang
                                 : AccLoopWhere::OneTeam;
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
  if (AccRefusal why = accShapeProblem(op); why != AccRefusal::None)
    return refuse(why);
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
  if (p.where == AccLoopWhere::AfterCode)
    for (Operation *up = op->getParentOp(); up; up = up->getParentOp())
      if (isComputeOp(up)) {
        if (boundsAfterWrites(cast<acc::LoopOp>(op), up))
          return refuse(AccRefusal::BoundsAfterWrites);
        break;
      }
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

/// The `name` of data clause `op` (its Fortran text).
StringRef accVarName(Operation *op) {
  if (auto name = op->getAttrOfType<StringAttr>("name"))
    return name.getValue();
  return "?";
}

/// Whether the procedure holding `op` has an `enter data attach(name)`, or
/// what acc-to-omp made of one (it converts ops in IR order, so the attach
/// may be an enter data's `present, storage` map already).
bool enterDataAttached(Operation *op, StringRef name) {
  Operation *proc = op->getParentOfType<FunctionOpInterface>();
  if (!proc)
    return false;
  auto enters = [](Operation *o) {
    return llvm::any_of(o->getUsers(), [](Operation *u) {
      return isa<acc::EnterDataOp, omp::TargetEnterDataOp>(u);
    });
  };
  bool found = false;
  proc->walk([&](Operation *o) {
    if (isa<acc::AttachOp>(o))
      found |= accVarName(o) == name && enters(o);
    else if (auto info = dyn_cast<omp::MapInfoOp>(o))
      found |= info.getName() == name &&
               omp::bitEnumContainsAll(info.getMapType(),
                                       omp::ClauseMapFlags::present |
                                           omp::ClauseMapFlags::storage) &&
               enters(o);
  });
  return found;
}

AccPlan Planner::dataUse(Operation *op, Operation *user, const EntryUses &u) {
  using Flags = omp::ClauseMapFlags;
  if (isa<acc::EnterDataOp, acc::DeclareEnterOp>(user)) {
    if (isa<acc::CopyinOp>(op))
      return mapped(AccBecomes::EnterDataMap, Flags::to);
    if (isa<acc::CreateOp>(op))
      return mapped(AccBecomes::EnterDataMap, Flags::storage);
    if (isa<acc::AttachOp>(op) && isa<acc::EnterDataOp>(user)) {
      AccPlan p =
          mapped(AccBecomes::EnterDataMap, Flags::present | Flags::storage);
      p.attach = true;
      return p;
    }
    return refuse(AccRefusal::EnterDataClause, nameOf(op).str());
  }
  if (isa<acc::DeclareExitOp>(user))
    return mapped(AccBecomes::DeclareExitMap,
                  u.copiedOut ? Flags::from : Flags::storage);
  if (isa<acc::ExitDataOp>(user)) {
    if (!isa<acc::GetDevicePtrOp>(op))
      return refuse(AccRefusal::ExitDataClause, nameOf(op).str());
    if (!u.copiedOut && !u.deleted && !u.detached)
      return refuse(AccRefusal::ExitDataNoRelease);
    // OpenMP has no attach count apart from the reference count, so a
    // detach releases the pointer's map entry. That is OpenACC's detach
    // only after an `enter data attach` of it; after a data clause's own
    // attach (copyin/create of the pointer) it would release the data.
    if (u.detached && !u.copiedOut && !u.deleted &&
        !enterDataAttached(op, accVarName(op)))
      return refuse(AccRefusal::UnpairedDetach, accVarName(op).str());
    Flags f = u.copiedOut ? Flags::from : Flags::storage;
    if (has(user, "finalize"))
      f |= Flags::del;
    return mapped(AccBecomes::ExitDataMap, f);
  }
  if (isa<acc::UpdateOp>(user)) {
    Flags present = has(user, "ifPresent") ? Flags::none : Flags::present;
    if (isa<acc::UpdateDeviceOp>(op))
      return mapped(AccBecomes::UpdateMotion, Flags::to | present, true);
    if (isa<acc::GetDevicePtrOp>(op) && u.hostUpdate)
      return mapped(AccBecomes::UpdateMotion, Flags::from | present, true);
    return refuse(AccRefusal::UpdateClause, nameOf(op).str());
  }
  if (isa<acc::HostDataOp>(user) && isa<acc::UseDeviceOp>(op))
    return becomes(AccBecomes::UseDevice);
  if (nameOf(user).starts_with("acc.declare"))
    return refuse(AccRefusal::DeclareData, nameOf(user).str());
  return {};
}

AccPlan Planner::dataClause(Operation *op, Operation *user) {
  if (accZeroModifier(op) &&
      (isa<acc::DeclareEnterOp>(user) ||
       (isa<acc::EnterDataOp>(user) && !accZeroable(op))))
    return refuse(AccRefusal::ZeroModifier);
  AccPlan p = dataUse(op, user, usesOfEntry(op));
  p.implicit = has(op, "implicit");
  return p;
}

AccPlan Planner::entryUse(Operation *op, Operation *user, StringRef group,
                          const EntryUses &u) {
  if (isa<acc::PrivateOp>(op) &&
      (isStructuredUser(user) || isa<acc::LoopOp>(user))) {
    if (!accPrivateInit(op))
      return refuse(AccRefusal::PrivateRecipe,
                    op->getAttr("recipe") ? printedAttr(op->getAttr("recipe"))
                                          : "");
    return becomes(isa<acc::LoopOp>(user) ? AccBecomes::PrivateLoop
                                          : AccBecomes::PrivateGang);
  }
  if (isa<acc::FirstprivateOp>(op))
    if (AccPlan p = firstprivateUse(op, user); p.hasNote())
      return p;
  if (isa<acc::ReductionOp>(op))
    if (AccPlan p = reductionUse(op, user); p.hasNote())
      return p;
  if (isStructuredUser(user) && group == "dataClauseOperands") {
    std::string type = structuredMapType(op, u.copiedOut);
    if (type.empty())
      return refuse(AccRefusal::EntryNoMapType, nameOf(op).str());
    AccPlan p = becomes(AccBecomes::StructuredMap, type);
    // A split kernels region maps its clauses on the omp.target_data
    // around its parts; each part finds them present.
    p.extra = isa<acc::DataOp>(user) || kernelsSplit(user) ? "omp.target_data"
                                                           : "omp.target";
    return p;
  }
  return dataUse(op, user, u);
}

AccPlan Planner::entry(Operation *op) {
  if (accZeroModifier(op) && !accZeroable(op))
    return refuse(AccRefusal::ZeroModifier);
  // A cache is a hint: acc-to-omp lets the loop read the variable itself.
  if (isa<acc::CacheOp>(op))
    return becomes(AccBecomes::CacheDropped);
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
  EntryUses uses = usesOfEntry(op);
  if (uses.declared && uses.undeclared &&
      isa<acc::CopyinOp, acc::CreateOp>(op)) {
    AccPlan p = becomes(AccBecomes::DeclaredData,
                        isa<acc::CopyinOp>(op) ? "to" : "storage");
    p.copiedOut = uses.copiedOut;
    return p;
  }
  for (auto &[u, group] : users) {
    AccPlan p = entryUse(op, u, group, uses);
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
    return groupCount(op, "deviceNum") ? becomes(AccBecomes::SetDevice)
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
  if (isa<acc::GlobalConstructorOp, acc::GlobalDestructorOp>(op)) {
    AccPlan p = becomes(AccBecomes::GlobalCtorDtor);
    if (declaresLink(op))
      p.extra = "link";
    return p;
  }
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
    if (isa<acc::GlobalConstructorOp, acc::GlobalDestructorOp>(up)) {
      AccPlan p = becomes(AccBecomes::DroppedWithGlobal, nameOf(up).str());
      if (declaresLink(up))
        p.extra = "link";
      return p;
    }
  if (isComputeOp(op))
    return compute(op);
  if (isa<acc::LoopOp>(op))
    return loop(op);
  if (isa<acc::DataOp, acc::EnterDataOp, acc::ExitDataOp, acc::UpdateOp>(op))
    return dataConstruct(op);
  return other(op);
}

} // namespace

AccRefusal ompx::accShapeProblem(Operation *op) {
  if (isComputeOp(op))
    return op->getRegion(0).empty() ? AccRefusal::EmptyRegion
                                    : AccRefusal::None;
  auto loop = dyn_cast<acc::LoopOp>(op);
  if (!loop)
    return AccRefusal::None;
  // Flang's loops with exits are container-like and `unstructured`: their
  // body's blocks are their control.
  if (loop.isContainerLike())
    return loop.getUnstructured() ? AccRefusal::None
                                  : AccRefusal::ContainerLoop;
  return loop.getRegion().hasOneBlock() ? AccRefusal::None
                                        : AccRefusal::LoopBlocks;
}

AccPlan ompx::planAccToOmp(Operation *op) { return Planner().plan(op); }

AccPlan ompx::planAccDataUse(Operation *entry, Operation *user) {
  return Planner().dataClause(entry, user);
}
