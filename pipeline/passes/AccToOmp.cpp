//===- AccToOmp.cpp - Lower OpenACC to the OpenMP dialect ----------------===//
//
// LLVM 22 translates no OpenACC compute region, but it offloads omp.target.
// This pass rewrites the acc ops of HLFIR/FIR input into omp ops so that an
// OpenACC program runs on the OpenMP offload path with OpenACC's data
// semantics (separate device copies, structured reference counts through
// ompx_hold). docs/launch.md ("OpenACC on a device") has the table of what
// each construct becomes and how exact that is. Its decisions per op are
// planAccToOmp()'s (AccPlan.cpp), which hover words.
//
// The preparation LLVM 22 ships runs first (implicit data attributes,
// legalized data values, if-clause lowering, tiling, live-in
// canonicalization), so every variable a compute region reads arrives as
// a data clause or a firstprivate. Then:
// - compute constructs become omp.target regions (isolated: data clauses
//   are map entries, cheap host values are recomputed inside, scalars are
//   passed by copy);
// - a construct holding one gang-partitionable loop becomes the SPMD
//   `target teams distribute parallel do` nest with its bounds evaluated on
//   the host (host_eval); code around loops runs in one team (num_gangs
//   teams when given) whose threads share the partitioned loops; `seq`,
//   `auto`, nested and orphan loops run sequentially; kernels become one
//   kernel per loop nest inside a target data region;
// - private recipes are inlined where each copy lives (loop body, team);
//   loop reductions become omp.declare_reduction on teams and wsloop;
// - data, enter/exit/update data, host_data and declare become target data
//   ops, declared globals declare target; routines declare target (their
//   `bind` names are used by the device copy only); atomics omp atomics;
// - async runs synchronously and wait is a no-op (exact ordering);
// - what acc-if-clause-lowering leaves for the host runs as host fallback.
// A construct the pass cannot express is an error at its op: the program
// is never silently wrong.
//
//===----------------------------------------------------------------------===//

#include "pipeline/passes/AccPlan.h"
#include "pipeline/passes/AccRecipes.h"
#include "pipeline/passes/AccStructure.h"
#include "pipeline/passes/Passes.h"
#include "pipeline/passes/TargetEntries.h"

#include "flang/Optimizer/Dialect/FIRDialect.h"
#include "flang/Optimizer/Dialect/FIROps.h"
#include "flang/Optimizer/Dialect/FIRType.h"
#include "flang/Optimizer/HLFIR/HLFIRDialect.h"
#include "flang/Optimizer/HLFIR/HLFIROps.h"
#include "flang/Optimizer/Support/InternalNames.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/OpenACC/OpenACC.h"
#include "mlir/Dialect/OpenACC/OpenACCUtilsLoop.h"
#include "mlir/Dialect/OpenACC/Transforms/Passes.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"

#include <functional>

using namespace mlir;

namespace ompx::passes {
#define GEN_PASS_DEF_ACCTOOMPPASS
#include "pipeline/passes/Passes.h.inc"
} // namespace ompx::passes

/// The names flang gives the functions an allocatable's `acc declare` calls
/// around its allocation.
static constexpr StringRef kDeclareHookSuffixes[] = {
    "_acc_declare_pre_alloc", "_acc_declare_post_alloc",
    "_acc_declare_pre_dealloc", "_acc_declare_post_dealloc"};

namespace {

using Flags = omp::ClauseMapFlags;

bool isAcc(Operation *op) {
  return op->getName().getDialectNamespace() ==
         acc::OpenACCDialect::getDialectNamespace();
}

/// The host variable behind a data entry op: a clause on a construct nested
/// in a data region names the outer clause's result, which is a device
/// address on the device but the same variable on the host.
Value hostVar(Operation *entry) {
  Value var = acc::getVar(entry);
  while (Operation *def = var ? var.getDefiningOp() : nullptr) {
    if (!isAcc(def) || !acc::getVar(def))
      break;
    var = acc::getVar(def);
  }
  return var;
}

// Memory-effect-free ops without regions can be cloned wherever their
// operands are available (the device recomputes them instead of receiving
// them); declares and scopes may be cloned next to their uses like them.
using ompx::accIsCloneable;
using ompx::accIsDeclarative;

bool isTrivialScalar(Type t) {
  return t.isIntOrIndexOrFloat() || isa<fir::LogicalType>(t);
}

/// The block argument (a map entry of the target) whose variable `addr`
/// points into, through declares, designators and address arithmetic; null
/// when it comes from anything else.
Value rootOf(Value addr) {
  for (unsigned depth = 0; addr && depth < 32; ++depth) {
    if (isa<BlockArgument>(addr))
      return addr;
    Operation *def = addr.getDefiningOp();
    if (!def || def->getNumOperands() == 0 ||
        !isa<hlfir::DeclareOp, fir::DeclareOp, hlfir::DesignateOp,
             fir::CoordinateOp, fir::ArrayCoorOp, fir::BoxAddrOp, fir::EmboxOp,
             fir::ReboxOp, fir::ConvertOp, fir::LoadOp>(def))
      return Value();
    addr = def->getOperand(0);
  }
  return Value();
}

using RO = acc::ReductionOperator;
/// The scalar kinds acc-to-omp declares reductions for.
enum class RedKind { Int, Real, Logical, Complex };

using ompx::AccLevel;
using Level = AccLevel;

/// A scalar a kernel argument carries by value (pipeline/passes/AccPlan.h).
bool fitsByCopy(Type t) {
  return ompx::accFirstprivateRoute(t) == ompx::AccFirstprivateRoute::ByCopy;
}

struct Converter {
  ModuleOp module;
  MLIRContext *ctx;
  bool hadError = false;
  /// The zero clauses of the construct or data op being converted.
  SmallVector<Operation *> zeroed;
  /// The plan's refusal of each loop of the construct being converted,
  /// taken before its rewriting moves anything.
  llvm::DenseMap<Operation *, ompx::AccRefusal> loopRefusals;

  explicit Converter(ModuleOp module)
      : module(module), ctx(module.getContext()) {}

  InFlightDiagnostic error(Operation *op, const Twine &what) {
    hadError = true;
    return op->emitError() << "acc-to-omp: " << what;
  }

  //===--------------------------------------------------------------------===//
  // Map entries
  //===--------------------------------------------------------------------===//

  /// A map entry made for one data clause, and how the region gets the value
  /// the clause's result stood for.
  struct Mapped {
    Value info;
    Type argType;
    /// Box values are mapped by base address; inside the region the box is
    /// rebuilt with these lower bounds and extents (host values).
    SmallVector<Value> lbs, extents;
    Type boxType;
    /// A box of unknown contiguity mapped by its descriptor: the region
    /// loads the device's descriptor from the entry.
    bool loadBox = false;
  };

  /// omp.map.bounds for each acc.bounds of `op`.
  SmallVector<Value> convertBounds(OpBuilder &b, Operation *op) {
    SmallVector<Value> out;
    auto type = omp::MapBoundsType::get(ctx);
    for (Value v : acc::getBounds(op)) {
      auto bounds = v.getDefiningOp<acc::DataBoundsOp>();
      if (!bounds) {
        error(op, "data clause bounds not defined by acc.bounds");
        return {};
      }
      out.push_back(omp::MapBoundsOp::create(
          b, bounds.getLoc(), type, bounds.getLowerbound(),
          bounds.getUpperbound(), bounds.getExtent(), bounds.getStride(),
          bounds.getStrideInBytes(), bounds.getStartIdx()));
    }
    return out;
  }

  /// Bounds covering a whole array of constant shape `seq`, as flang makes
  /// them for an OpenMP map of one.
  SmallVector<Value> wholeArrayBounds(OpBuilder &b, Location loc,
                                      fir::SequenceType seq) {
    SmallVector<Value> out;
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value one = arith::ConstantIndexOp::create(b, loc, 1);
    for (int64_t extent : seq.getShape()) {
      Value ext = arith::ConstantIndexOp::create(b, loc, extent);
      Value ub = arith::ConstantIndexOp::create(b, loc, extent - 1);
      out.push_back(omp::MapBoundsOp::create(
          b, loc, omp::MapBoundsType::get(ctx), zero, ub, ext, one,
          /*stride_in_bytes=*/false, one));
    }
    return out;
  }

  /// Bounds covering a whole array from its descriptor, as flang maps boxes.
  SmallVector<Value> boundsFromBox(OpBuilder &b, Location loc, Value box,
                                   SmallVectorImpl<Value> *lbs = nullptr,
                                   SmallVectorImpl<Value> *extents = nullptr) {
    SmallVector<Value> out;
    auto seq = dyn_cast<fir::SequenceType>(
        fir::unwrapRefType(fir::dyn_cast_ptrOrBoxEleTy(box.getType())));
    if (!seq)
      return out;
    Type idx = b.getIndexType();
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    Value one = arith::ConstantIndexOp::create(b, loc, 1);
    for (unsigned d = 0; d < seq.getDimension(); ++d) {
      Value dim = arith::ConstantIndexOp::create(b, loc, d);
      auto dims = fir::BoxDimsOp::create(b, loc, idx, idx, idx, box, dim);
      Value ub = arith::SubIOp::create(b, loc, dims.getExtent(), one);
      out.push_back(omp::MapBoundsOp::create(
          b, loc, omp::MapBoundsType::get(ctx), zero, ub, dims.getExtent(),
          dims.getByteStride(), /*stride_in_bytes=*/true,
          dims.getLowerBound()));
      if (lbs)
        lbs->push_back(dims.getLowerBound());
      if (extents)
        extents->push_back(dims.getExtent());
    }
    return out;
  }

  /// The map entry for data clause `entry` (built at `b`).
  /// `var`, when given, is mapped instead of the clause's variable (a host
  /// copy of it). `byData`: an update's, which moves a pointer's or an
  /// allocatable's data and not its descriptor.
  std::optional<Mapped>
  mapClause(OpBuilder &b, Operation *entry, Flags flags,
            omp::VariableCaptureKind capture = omp::VariableCaptureKind::ByRef,
            Value var = {}, bool byData = false) {
    Location loc = entry->getLoc();
    if (!var)
      var = hostVar(entry);
    std::string name = acc::getVarName(entry).value_or("").str();
    // An implicit clause acc-implicit-data made may have no name: the
    // variable's own (reports and the checked launch name it).
    if (name.empty())
      if (auto decl = hostVar(entry).getDefiningOp<hlfir::DeclareOp>())
        name = fir::NameUniquer::deconstruct(decl.getUniqName()).second.name;
    if (acc::getImplicitFlag(entry))
      flags |= Flags::implicit;
    Mapped m;
    Value ptr = var;
    Type varType;
    SmallVector<Value> bounds = convertBounds(b, entry);
    if (hadError)
      return std::nullopt;
    switch (ompx::accMapProblem(var, !bounds.empty())) {
    case ompx::AccRefusal::MapNotContiguous:
      error(entry, "cannot map '")
          << name
          << "' by box value: a section of an array of unknown contiguity, "
             "or a polymorphic or pointer box";
      return std::nullopt;
    case ompx::AccRefusal::MapUnknownExtent:
      error(entry, "cannot map '") << name << "': unknown extent";
      return std::nullopt;
    case ompx::AccRefusal::MapType:
      error(entry, "cannot map '")
          << name << "' of type " << var.getType() << " to the device";
      return std::nullopt;
    default:
      break;
    }
    if (auto boxTy = dyn_cast<fir::BaseBoxType>(var.getType());
        boxTy && bounds.empty() && !ompx::accContiguousBox(var)) {
      // An assumed-shape array: its descriptor is mapped, as flang maps
      // one (map-info-finalization splits it into descriptor and data), so
      // the region sees the actual's bounds; strided-map-check stops a
      // non-contiguous actual before the map.
      Value slot = fir::AllocaOp::create(b, loc, boxTy);
      fir::StoreOp::create(b, loc, var, slot);
      ptr = slot;
      varType = boxTy;
      bounds = boundsFromBox(b, loc, var);
      m.loadBox = true;
    } else if (auto boxTy = dyn_cast<fir::BaseBoxType>(var.getType())) {
      // A box value (explicit-shape or assumed-shape array): map the array
      // it describes, rebuild the box inside the region.
      // As flang maps arrays: the base address, the element type, bounds.
      auto decl = var.getDefiningOp<hlfir::DeclareOp>();
      auto embox = var.getDefiningOp<fir::EmboxOp>();
      if (decl && !isa<fir::BaseBoxType>(decl.getOriginalBase().getType()))
        ptr = decl.getOriginalBase();
      else if (embox && !embox.getSlice())
        ptr = embox.getMemref();
      else
        ptr = fir::BoxAddrOp::create(b, loc, var);
      varType = fir::unwrapSequenceType(fir::unwrapRefType(ptr.getType()));
      SmallVector<Value> whole = boundsFromBox(b, loc, var, &m.lbs, &m.extents);
      if (bounds.empty())
        bounds = whole;
      m.boxType = boxTy;
    } else if (auto ref = dyn_cast<fir::ReferenceType>(var.getType());
               ref && byData && updateByData(ref.getEleTy())) {
      // An update of an allocatable or pointer of intrinsic type: its data,
      // as a box value's (the base address, the element type, bounds). Its
      // descriptor need not be present: `data copy(a)` then `update
      // host(p)`, p => a(3:10), found p's data present and its descriptor
      // not, and stopped ("device mapping required by 'present' motion
      // modifier"). The bounds keep the descriptor's byte stride, which
      // strided-map-check tests (a non-contiguous p stops, named). The
      // address is converted to a reference: flang's map-info-finalization
      // maps a fir.box_addr's descriptor again (a copy of it, never
      // present).
      Value box = fir::LoadOp::create(b, loc, var);
      if (bounds.empty())
        bounds = boundsFromBox(b, loc, box);
      Value addr = fir::BoxAddrOp::create(b, loc, box);
      ptr = fir::ConvertOp::create(
          b, loc, fir::ReferenceType::get(fir::unwrapRefType(addr.getType())),
          addr);
      varType = fir::unwrapSequenceType(fir::unwrapRefType(ptr.getType()));
    } else if (auto ref = dyn_cast<fir::ReferenceType>(var.getType());
               ref && isa<fir::BaseBoxType>(ref.getEleTy())) {
      // An allocatable or pointer descriptor: flang's map-info-finalization
      // splits it into descriptor and data (base_addr) entries.
      varType = ref.getEleTy();
      if (bounds.empty()) {
        Value box = fir::LoadOp::create(b, loc, var);
        bounds = boundsFromBox(b, loc, box);
      }
    } else {
      varType = fir::unwrapRefType(var.getType());
      // A whole character array gets bounds over its elements, as flang
      // gives an OpenMP map of one: LLVM 22 sizes a map by its bounds and
      // the innermost element, one byte here, and flang adds only the
      // length's bound (`character(4) :: names(4)` moved 4 bytes of 16).
      auto seq = dyn_cast<fir::SequenceType>(varType);
      if (bounds.empty() && seq && !seq.hasDynamicExtents() &&
          isa<fir::CharacterType>(seq.getEleTy()))
        bounds = wholeArrayBounds(b, loc, seq);
    }
    m.argType = ptr.getType();
    m.info = omp::MapInfoOp::create(
        b, loc, ptr.getType(), ptr, TypeAttr::get(varType),
        omp::ClauseMapFlagsAttr::get(ctx, flags),
        omp::VariableCaptureKindAttr::get(ctx, capture), Value(), ValueRange(),
        ArrayAttr(), bounds, FlatSymbolRefAttr(), b.getStringAttr(name));
    return m;
  }

  /// Whether an update moves the data of a descriptor of type `box` (an
  /// allocatable or a pointer) by its base address: not CLASS (the dynamic
  /// type's size), not CHARACTER (its length), not a record (its
  /// components' descriptors).
  static bool updateByData(Type box) {
    auto boxTy = dyn_cast<fir::BoxType>(box);
    return boxTy && fir::isa_trivial(fir::unwrapSequenceType(
                        fir::unwrapRefType(boxTy.getEleTy())));
  }

  /// The value standing for the clause's result inside the region, from the
  /// block argument of its map entry.
  Value inRegionValue(OpBuilder &b, Location loc, const Mapped &m, Value arg,
                      IRMapping &hostToRegion) {
    if (m.loadBox)
      return fir::LoadOp::create(b, loc, arg);
    if (!m.boxType)
      return arg;
    SmallVector<Value> pairs;
    for (auto [lb, ext] : llvm::zip(m.lbs, m.extents)) {
      pairs.push_back(hostToRegion.lookupOrDefault(lb));
      pairs.push_back(hostToRegion.lookupOrDefault(ext));
    }
    Value shape = fir::ShapeShiftOp::create(
        b, loc, fir::ShapeShiftType::get(ctx, m.lbs.size()), pairs);
    return fir::EmboxOp::create(b, loc, m.boxType, arg, shape);
  }

  /// create(zero:) / copyout(zero:): OpenMP maps never zero memory; a
  /// variable accZeroable is zeroed by zeroNewCopies (remembered here).
  bool refuseZero(Operation *entry) {
    if (!ompx::accZeroModifier(entry))
      return false;
    if (ompx::accZeroable(entry)) {
      zeroed.push_back(entry);
      return false;
    }
    zeroError(entry);
    return true;
  }

  /// A function `name` of `type` in the module (declared if missing).
  func::FuncOp runtimeFunction(StringRef name, FunctionType type) {
    if (auto f = module.lookupSymbol<func::FuncOp>(name))
      return f;
    OpBuilder mb(module.getBodyRegion());
    auto f = func::FuncOp::create(mb, module.getLoc(), name, type);
    f.setPrivate();
    return f;
  }

  /// The zero clauses of the data op or construct `omp` was made of
  /// (`zeroed`): a copy the clause creates, not one already present, is
  /// zeroed by a kernel of its own before anything uses it. The presence is
  /// asked before the clause maps it (omp_target_is_present). For a
  /// construct or data region (`structured`) the zeroing kernel runs before
  /// it, after an enter data of the variable that keeps the copy until a
  /// matching exit data after it (copyout: from, which then copies back);
  /// for enter data, after it.
  void zeroNewCopies(Operation *omp, bool structured) {
    SmallVector<Operation *> entries = std::exchange(zeroed, {});
    if (entries.empty())
      return;
    Location loc = omp->getLoc();
    OpBuilder b(omp);
    Type i32 = b.getI32Type();
    auto isPresent = runtimeFunction(
        "omp_target_is_present",
        b.getFunctionType({fir::ReferenceType::get(b.getI8Type()), i32},
                          {i32}));
    auto device =
        runtimeFunction("omp_get_default_device", b.getFunctionType({}, {i32}));
    for (Operation *e : entries) {
      Value var = hostVar(e);
      Value dev = func::CallOp::create(b, loc, device).getResult(0);
      Value addr = fir::ConvertOp::create(
          b, loc, fir::ReferenceType::get(b.getI8Type()), var);
      Value present =
          func::CallOp::create(b, loc, isPresent, ValueRange{addr, dev})
              .getResult(0);
      Value isNew =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, present,
                                arith::ConstantIntOp::create(b, loc, i32, 0));
      OpBuilder zb(ctx);
      if (structured) {
        std::optional<Mapped> keep = mapClause(b, e, Flags::storage);
        if (!keep)
          return;
        omp::TargetEnterDataOperands enter;
        enter.mapVars.push_back(keep->info);
        omp::TargetEnterDataOp::create(b, loc, enter);
        zb.setInsertionPoint(omp);
      } else {
        zb.setInsertionPointAfter(omp);
      }
      auto ifOp = fir::IfOp::create(zb, loc, isNew, /*withElseRegion=*/false);
      zb.setInsertionPointToStart(&ifOp.getThenRegion().front());
      std::optional<Mapped> m =
          mapClause(zb, e, Flags::present | Flags::storage);
      if (!m)
        return;
      omp::TargetOperands kernel;
      kernel.mapVars.push_back(m->info);
      auto target = omp::TargetOp::create(zb, loc, kernel);
      Block *body = zb.createBlock(&target.getRegion());
      Value copy = body->addArgument(m->argType, loc);
      Type elem = fir::unwrapSequenceType(fir::unwrapRefType(m->argType));
      Value zero = isa<FloatType>(elem)
                       ? Value(arith::ConstantOp::create(
                             zb, loc, zb.getFloatAttr(elem, 0.0)))
                       : Value(arith::ConstantIntOp::create(zb, loc, elem, 0));
      hlfir::AssignOp::create(zb, loc, zero, copy);
      omp::TerminatorOp::create(zb, loc);
      if (!structured)
        continue;
      OpBuilder after(ctx);
      after.setInsertionPointAfter(omp);
      bool copyout =
          *acc::getDataClause(e) == acc::DataClause::acc_copyout_zero;
      std::optional<Mapped> release =
          mapClause(after, e, copyout ? Flags::from : Flags::storage);
      if (!release)
        return;
      omp::TargetExitDataOperands exit;
      exit.mapVars.push_back(release->info);
      omp::TargetExitDataOp::create(after, loc, exit);
    }
  }

  void zeroError(Operation *entry) {
    error(entry, "the zero modifier of '")
        << acc::getVarName(entry).value_or("")
        << "' is lowered only for a whole variable of integer or real type, "
           "scalar or of constant shape (ompx zeroes its new device copy)";
  }

  std::optional<Flags> structuredFlags(Operation *entry) {
    if (!entry) {
      hadError = true;
      return std::nullopt;
    }
    if (refuseZero(entry))
      return std::nullopt;
    std::optional<Flags> f = ompx::accStructuredMapFlags(entry);
    if (!f)
      error(entry, "unsupported data clause ")
          << entry->getName() << " (no OpenMP map type expresses it)";
    return f;
  }

  /// Erases the exit ops (copyout, delete) that end the clauses of a
  /// construct, then the entry ops.
  void eraseClauses(ArrayRef<Operation *> entries) {
    for (Operation *entry : entries)
      for (Operation *user : llvm::make_early_inc_range(entry->getUsers()))
        if (isa<acc::CopyoutOp, acc::DeleteOp, acc::DetachOp,
                acc::UpdateHostOp>(user))
          user->erase();
    for (Operation *entry : entries)
      if (entry->use_empty())
        entry->erase();
  }

  //===--------------------------------------------------------------------===//
  // Privates
  //===--------------------------------------------------------------------===//

  /// Replaces `priv` (an acc.private) by its recipe's init region cloned at
  /// `b`; each execution of that point gets its own copy, and the recipe's
  /// destroy (an automatic array's heap copy freed) runs at each exit of
  /// the region holding that point. With `scope`, only the uses inside it:
  /// acc-loop-tiling gives every loop of a tile nest the same acc.private,
  /// and the other loops still use it (erased with its last use).
  void inlinePrivate(OpBuilder &b, acc::PrivateOp priv,
                     Region *scope = nullptr) {
    Block *init = ompx::accPrivateInit(priv);
    if (!init) {
      // flang makes an allocatable's or a pointer's copy with control flow
      // (allocated or not), which is not cloned into the region here; a
      // character array's needs its length, which the region has not.
      std::optional<StringRef> name = priv.getName();
      Type var = priv.getVar().getType();
      bool handle = fir::isa_ref_type(var) &&
                    isa<fir::BaseBoxType>(fir::unwrapRefType(var));
      error(priv, "private(")
          << (name ? *name : StringRef("?")) << ") of "
          << (handle ? "an allocatable or pointer"
                     : "this kind of variable (a character or derived-type "
                       "array of run-time size)")
          << " is not supported on the device: its private copy (recipe "
          << priv.getRecipeAttr()
          << ") is not one acc-to-omp can make in the region; use a "
             "fixed-size or automatic array of intrinsic type as the "
             "private variable";
      return;
    }
    bool usedInScope =
        !scope || llvm::any_of(priv->getUses(), [&](OpOperand &use) {
          return scope->isAncestor(use.getOwner()->getParentRegion());
        });
    if (usedInScope) {
      SmallVector<Value> args{shapeOnlyBox(b, priv.getVar())};
      llvm::append_range(args, priv.getBounds());
      Value copy = ompx::passes::cloneRecipeBlock(b, *init, args).front();
      if (Block *destroy = ompx::accPrivateDestroy(priv))
        for (Block &exit : *b.getInsertionBlock()->getParent())
          if (Operation *term = exit.getTerminator();
              term && term->getNumSuccessors() == 0) {
            OpBuilder end(term);
            ompx::passes::cloneRecipeBlock(end, *destroy,
                                           {priv.getVar(), copy});
          }
      if (scope)
        replaceAllUsesInRegionWith(priv.getResult(), copy, *scope);
      else
        priv.getResult().replaceAllUsesWith(copy);
    }
    if (priv->use_empty())
      priv.erase();
  }

  /// For the init of an explicit-shape array's private copy (an automatic
  /// array), which reads only the dimensions of the host's box: a box of
  /// the same shape made in the region, as the host's box is not mapped.
  /// `var` itself otherwise.
  Value shapeOnlyBox(OpBuilder &b, Value var) {
    auto decl = var.getDefiningOp<hlfir::DeclareOp>();
    auto boxType = dyn_cast<fir::BoxType>(var.getType());
    Operation *shape = decl ? decl.getShape().getDefiningOp() : nullptr;
    if (!boxType || !isa_and_nonnull<fir::ShapeOp, fir::ShapeShiftOp>(shape) ||
        !isa<fir::SequenceType>(boxType.getEleTy()) || decl.getResult(0) != var)
      return var;
    // The extents are scalars, which the region is passed.
    Location loc = var.getLoc();
    Value none = fir::ZeroOp::create(
        b, loc, fir::ReferenceType::get(boxType.getEleTy()));
    return fir::EmboxOp::create(b, loc, boxType, none,
                                b.clone(*shape)->getResult(0));
  }

  /// A firstprivate the region copies itself (LLVM 22 passes a ByCopy
  /// entry in 64 bits): the mapped original and the recipe that copies it.
  struct Firstprivate {
    Value orig; // the map entry's value in the region
    acc::FirstprivateRecipeOp recipe;
  };

  /// The recipe of `fp` when the region can copy it: a scalar or an array
  /// of constant size with intrinsic elements, a single-block init and
  /// copy, no bounds and no destroy region. Null (after an error) if not.
  acc::FirstprivateRecipeOp copyableFirstprivate(acc::FirstprivateOp fp) {
    auto recipe =
        SymbolTable::lookupNearestSymbolFrom<acc::FirstprivateRecipeOp>(
            fp, fp.getRecipeAttr());
    Type t = fir::unwrapRefType(fp.getVar().getType());
    Type elem = t;
    if (auto seq = dyn_cast<fir::SequenceType>(t))
      elem = seq.getEleTy();
    bool ok = isa<fir::ReferenceType>(fp.getVar().getType()) &&
              fir::isa_trivial(elem) && !fir::hasDynamicSize(t) &&
              fp.getBounds().empty() &&
              ompx::passes::isSimpleFirstprivateRecipe(recipe);
    if (!ok) {
      StringRef name = acc::getVarName(fp).value_or("");
      error(fp, "firstprivate of ")
          << (name.empty() ? std::string("a variable") : "'" + name.str() + "'")
          << " of type " << t
          << " is not lowered yet (intrinsic scalars and whole arrays of "
             "constant size are)";
      return {};
    }
    return recipe;
  }

  /// Copies the array at `from` into `to` element by element (fir.do_loop
  /// over constant extents). flang's alias analysis cannot tell a map
  /// entry from a local copy, so the recipe's `hlfir.assign` would stay a
  /// _FortranAAssignTemporary call, which no GPU can link.
  static void copyElements(OpBuilder &b, Location loc, Value from, Value to,
                           fir::SequenceType seq) {
    SmallVector<Value> indices(seq.getDimension());
    std::function<void(unsigned)> nest = [&](unsigned dim) {
      if (dim == 0) {
        Type ref = fir::ReferenceType::get(seq.getEleTy());
        Value src = fir::CoordinateOp::create(b, loc, ref, from, indices);
        Value dst = fir::CoordinateOp::create(b, loc, ref, to, indices);
        fir::StoreOp::create(b, loc, fir::LoadOp::create(b, loc, src), dst);
        return;
      }
      // The last dimension outermost: Fortran's column-major order.
      Value zero = arith::ConstantIndexOp::create(b, loc, 0);
      Value last =
          arith::ConstantIndexOp::create(b, loc, seq.getShape()[dim - 1] - 1);
      Value one = arith::ConstantIndexOp::create(b, loc, 1);
      auto loop = fir::DoLoopOp::create(b, loc, zero, last, one);
      OpBuilder::InsertionGuard guard(b);
      b.setInsertionPointToStart(loop.getBody());
      indices[dim - 1] = loop.getInductionVar();
      nest(dim - 1);
    };
    nest(seq.getDimension());
  }

  /// The recipe's copy from `orig` to `copy` at `b`; arrays are copied by
  /// element instead (copyElements).
  void copyInRegion(OpBuilder &b, acc::FirstprivateRecipeOp recipe, Value orig,
                    Value copy) {
    if (auto seq =
            dyn_cast<fir::SequenceType>(fir::unwrapRefType(orig.getType()))) {
      copyElements(b, recipe.getLoc(), orig, copy, seq);
      return;
    }
    ompx::passes::cloneRecipeBlock(b, recipe.getCopyRegion().front(),
                                   {orig, copy});
  }

  /// A firstprivate copy of `fp.orig` made before `at`, which `scope` uses
  /// instead of the original (except the copy itself, which reads it).
  void copyFirstprivate(Operation *at, Firstprivate fp, Region &scope) {
    Block *block = at->getBlock();
    Operation *before = at->getPrevNode();
    OpBuilder b(at);
    Value copy = ompx::passes::initWithRecipe(b, fp.recipe, fp.orig);
    copyInRegion(b, fp.recipe, fp.orig, copy);
    llvm::SmallPtrSet<Operation *, 8> made;
    for (Operation *o = before ? before->getNextNode() : &block->front();
         o != at; o = o->getNextNode())
      made.insert(o);
    fp.orig.replaceUsesWithIf(copy, [&](OpOperand &use) {
      Operation *owner = use.getOwner();
      return scope.isAncestor(owner->getParentRegion()) &&
             !made.contains(block->findAncestorOpInBlock(*owner));
    });
  }

  /// The omp.private (firstprivate) made from `recipe`'s copy region, once
  /// per recipe: each thread of a parallel loop gets its own copy.
  FlatSymbolRefAttr declareFirstprivate(acc::FirstprivateRecipeOp recipe) {
    std::string name = ("ompx_acc_" + recipe.getSymName()).str();
    if (auto known = module.lookupSymbol<omp::PrivateClauseOp>(name))
      return FlatSymbolRefAttr::get(known.getSymNameAttr());
    Block &src = recipe.getCopyRegion().front();
    Type ref = src.getArgument(0).getType();
    Location loc = recipe.getLoc();
    OpBuilder b(ctx);
    b.setInsertionPointToStart(module.getBody());
    auto priv =
        omp::PrivateClauseOp::create(b, loc, name, fir::unwrapRefType(ref),
                                     omp::DataSharingClauseType::FirstPrivate);
    Block *copy =
        b.createBlock(&priv.getCopyRegion(), {}, {ref, ref}, {loc, loc});
    copyInRegion(b, recipe, copy->getArgument(0), copy->getArgument(1));
    omp::YieldOp::create(b, loc, copy->getArgument(1));
    return FlatSymbolRefAttr::get(priv.getSymNameAttr());
  }

  //===--------------------------------------------------------------------===//
  // Reductions
  //===--------------------------------------------------------------------===//

  /// The identity of `op` on `t` (ours, not the recipe's).
  static Value reductionIdentity(OpBuilder &b, Location loc, RedKind kind,
                                 RO op, Type t) {
    bool ordered = op == RO::AccMax || op == RO::AccMin;
    auto realConstant = [&](FloatType ft, bool one) -> Value {
      const llvm::fltSemantics &sem = ft.getFloatSemantics();
      return arith::ConstantFloatOp::create(b, loc, ft,
                                            one ? llvm::APFloat::getOne(sem)
                                                : llvm::APFloat::getZero(sem));
    };
    Value identity;
    switch (kind) {
    case RedKind::Real: {
      auto ft = cast<FloatType>(t);
      const llvm::fltSemantics &sem = ft.getFloatSemantics();
      if (ordered)
        identity = arith::ConstantFloatOp::create(
            b, loc, ft, llvm::APFloat::getLargest(sem, op == RO::AccMax));
      else
        identity = realConstant(ft, op == RO::AccMul);
      break;
    }
    case RedKind::Int: {
      unsigned w = t.getIntOrFloatBitWidth();
      llvm::APInt v(w, 0);
      if (op == RO::AccMul)
        v = llvm::APInt(w, 1);
      else if (op == RO::AccMax)
        v = llvm::APInt::getSignedMinValue(w);
      else if (op == RO::AccMin)
        v = llvm::APInt::getSignedMaxValue(w);
      else if (op == RO::AccIand)
        v = llvm::APInt::getAllOnes(w);
      identity = arith::ConstantOp::create(b, loc, b.getIntegerAttr(t, v));
      break;
    }
    case RedKind::Logical: {
      bool truth = op == RO::AccLand || op == RO::AccEqv;
      identity = fir::ConvertOp::create(
          b, loc, t, arith::ConstantIntOp::create(b, loc, truth, 1));
      break;
    }
    case RedKind::Complex: {
      auto ft = cast<FloatType>(cast<ComplexType>(t).getElementType());
      Value parts[] = {realConstant(ft, op == RO::AccMul),
                       realConstant(ft, false)};
      identity = fir::UndefOp::create(b, loc, t);
      for (int64_t i = 0; i < 2; ++i)
        identity = fir::InsertValueOp::create(
            b, loc, t, identity, parts[i], b.getArrayAttr({b.getIndexAttr(i)}));
      break;
    }
    }
    return identity;
  }

  /// `x op y` on `t`.
  static Value reductionCombiner(OpBuilder &b, Location loc, RedKind kind,
                                 RO op, Type t, Value x, Value y) {
    Value r;
    bool fp = kind == RedKind::Real;
    switch (kind) {
    case RedKind::Logical: {
      Type i1 = b.getI1Type();
      Value xi = fir::ConvertOp::create(b, loc, i1, x);
      Value yi = fir::ConvertOp::create(b, loc, i1, y);
      Value ri;
      if (op == RO::AccLand)
        ri = arith::AndIOp::create(b, loc, xi, yi);
      else if (op == RO::AccLor)
        ri = arith::OrIOp::create(b, loc, xi, yi);
      else
        ri = arith::CmpIOp::create(b, loc,
                                   op == RO::AccEqv ? arith::CmpIPredicate::eq
                                                    : arith::CmpIPredicate::ne,
                                   xi, yi);
      r = fir::ConvertOp::create(b, loc, t, ri);
      break;
    }
    case RedKind::Complex:
      r = op == RO::AccAdd ? Value(fir::AddcOp::create(b, loc, x, y, {}))
                           : Value(fir::MulcOp::create(b, loc, x, y, {}));
      break;
    default:
      switch (op) {
      case RO::AccAdd:
        r = fp ? Value(arith::AddFOp::create(b, loc, x, y))
               : Value(arith::AddIOp::create(b, loc, x, y));
        break;
      case RO::AccMul:
        r = fp ? Value(arith::MulFOp::create(b, loc, x, y))
               : Value(arith::MulIOp::create(b, loc, x, y));
        break;
      case RO::AccMax:
        r = fp ? Value(arith::MaxNumFOp::create(b, loc, x, y))
               : Value(arith::MaxSIOp::create(b, loc, x, y));
        break;
      case RO::AccMin:
        r = fp ? Value(arith::MinNumFOp::create(b, loc, x, y))
               : Value(arith::MinSIOp::create(b, loc, x, y));
        break;
      case RO::AccIand:
        r = arith::AndIOp::create(b, loc, x, y);
        break;
      case RO::AccIor:
        r = arith::OrIOp::create(b, loc, x, y);
        break;
      default:
        r = arith::XOrIOp::create(b, loc, x, y);
        break;
      }
    }
    return r;
  }

  /// A by-value omp.declare_reduction for `recipe`'s operator on a scalar
  /// (as flang declares them), made once per operator and type. The
  /// identities are ours, not the recipe's: flang-22's real `max` recipe
  /// starts from -denorm_min, which is wrong for all-negative data.
  FlatSymbolRefAttr declareReduction(acc::ReductionOp red) {
    auto recipe = SymbolTable::lookupNearestSymbolFrom<acc::ReductionRecipeOp>(
        red, red.getRecipeAttr());
    Type t = fir::unwrapRefType(red.getVar().getType());
    RedKind kind;
    if (t.isSignlessInteger())
      kind = RedKind::Int;
    else if (isa<FloatType>(t))
      kind = RedKind::Real;
    else if (isa<fir::LogicalType>(t))
      kind = RedKind::Logical;
    else if (isa<ComplexType>(t))
      kind = RedKind::Complex;
    else
      recipe = nullptr;
    if (!recipe) {
      std::string name = acc::getVarName(red.getOperation()).value_or("").str();
      auto diag = error(red, "reduction on ");
      if (name.empty())
        diag << red.getVar().getType();
      else
        diag << "'" << name << "'"
             << (isa<fir::SequenceType>(t) ? " (an array)" : "");
      diag << " is not lowered yet (integer, real, complex and logical "
              "scalars are; for an array, reduce into scalars, one per "
              "element, or use atomic updates)";
      return {};
    }
    RO op = recipe.getReductionOperator();
    bool arithmetic = op == RO::AccAdd || op == RO::AccMul;
    bool ordered = op == RO::AccMax || op == RO::AccMin;
    bool bitwise = op == RO::AccIand || op == RO::AccIor || op == RO::AccXor;
    bool logical = op == RO::AccLand || op == RO::AccLor || op == RO::AccEqv ||
                   op == RO::AccNeqv;
    bool valid = false;
    switch (kind) {
    case RedKind::Int:
      valid = arithmetic || ordered || bitwise;
      break;
    case RedKind::Real:
      valid = arithmetic || ordered;
      break;
    case RedKind::Logical:
      valid = logical;
      break;
    case RedKind::Complex:
      valid = arithmetic;
      break;
    }
    if (!valid) {
      error(red, "reduction operator ") << acc::stringifyReductionOperator(op)
                                        << " on " << t << " is not lowered yet";
      return {};
    }
    std::string typeName;
    llvm::raw_string_ostream(typeName) << t;
    // A plain identifier (`!fir.logical<4>` -> `_fir_logical_4_`).
    for (char &c : typeName)
      if (!llvm::isAlnum(c))
        c = '_';
    std::string name =
        ("ompx_acc_" + acc::stringifyReductionOperator(op) + "_" + typeName)
            .str();
    if (auto known = module.lookupSymbol<omp::DeclareReductionOp>(name))
      return FlatSymbolRefAttr::get(known.getSymNameAttr());
    OpBuilder b(ctx);
    b.setInsertionPointToStart(module.getBody());
    Location loc = red.getLoc();
    auto decl = omp::DeclareReductionOp::create(b, loc, name, t, TypeAttr());
    // Identity.
    Block *init = b.createBlock(&decl.getInitializerRegion(), {}, {t}, {loc});
    b.setInsertionPointToStart(init);
    omp::YieldOp::create(b, loc, reductionIdentity(b, loc, kind, op, t));
    // Combiner.
    Block *comb =
        b.createBlock(&decl.getReductionRegion(), {}, {t, t}, {loc, loc});
    omp::YieldOp::create(b, loc,
                         reductionCombiner(b, loc, kind, op, t,
                                           comb->getArgument(0),
                                           comb->getArgument(1)));
    return FlatSymbolRefAttr::get(decl.getSymNameAttr());
  }

  /// Takes the reductions off `loop` (the caller puts them on omp ops):
  /// their acc.reduction ops and the omp.declare_reduction of each.
  LogicalResult takeReductions(acc::LoopOp loop,
                               SmallVectorImpl<acc::ReductionOp> &reductions,
                               SmallVectorImpl<Attribute> &syms) {
    for (Value v : loop.getReductionOperands()) {
      auto red = v.getDefiningOp<acc::ReductionOp>();
      FlatSymbolRefAttr sym = red ? declareReduction(red) : nullptr;
      if (!sym) {
        if (!red)
          error(loop, "reduction operand not from acc.reduction");
        return failure();
      }
      reductions.push_back(red);
      syms.push_back(sym);
    }
    loop.getReductionOperandsMutable().clear();
    // acc-loop-tiling gives the element loops of a tile nest the same
    // reduction operands: they are this loop's reduction, whose uses in
    // the body become the thread's copy. Left there, the nested loop's
    // sequential lowering would redirect them to the shared variable.
    llvm::SmallPtrSet<Value, 4> taken;
    for (acc::ReductionOp red : reductions)
      taken.insert(red.getResult());
    loop.getRegion().walk([&](acc::LoopOp inner) {
      SmallVector<Value> kept;
      for (Value v : inner.getReductionOperands())
        if (!taken.contains(v))
          kept.push_back(v);
      inner.getReductionOperandsMutable().assign(kept);
    });
    return success();
  }

  /// Clones the address computation of `v` (declares and pure ops over the
  /// target's block arguments) before `before`.
  Value cloneAddressBefore(Value v, Operation *before, IRMapping &map,
                           unsigned depth = 0) {
    if (Value known = map.lookupOrNull(v))
      return known;
    if (isa<BlockArgument>(v) || (before->getBlock() == v.getParentBlock() &&
                                  v.getDefiningOp()->isBeforeInBlock(before)))
      return v;
    Operation *def = v.getDefiningOp();
    if (!def || depth > 16 || !accIsDeclarative(def))
      return {};
    for (Value operand : def->getOperands())
      if (!cloneAddressBefore(operand, before, map, depth + 1))
        return {};
    OpBuilder b(before);
    Operation *copy = b.clone(*def, map);
    return copy->getResult(cast<OpResult>(v).getResultNumber());
  }

  //===--------------------------------------------------------------------===//
  // Loops
  //===--------------------------------------------------------------------===//

  /// Privates of a loop: a fresh copy at the start of each iteration.
  void inlineLoopPrivates(acc::LoopOp loop) {
    OpBuilder b(ctx);
    b.setInsertionPointToStart(&loop.getBody());
    SmallVector<Value> privs(loop.getPrivateOperands());
    loop.getPrivateOperandsMutable().clear();
    for (Value v : privs)
      if (auto priv = v.getDefiningOp<acc::PrivateOp>())
        inlinePrivate(b, priv, &loop.getRegion());
  }

  LogicalResult checkLoop(acc::LoopOp loop) {
    if (!loop.getReductionOperands().empty())
      return error(loop, "a reduction on this loop is not lowered yet"),
             failure();
    if (!loop.getFirstprivateOperands().empty())
      return error(loop, "loop firstprivate is not lowered yet"), failure();
    if (loop.getGangValue(acc::GangArgType::Dim))
      return error(loop, "gang(dim:) has no OpenMP equivalent (OpenMP teams "
                         "are one-dimensional)"),
             failure();
    if (!loop.getTileValues().empty())
      return error(loop, "tile must be lowered by acc-loop-tiling first"),
             failure();
    if (loop->getNumResults())
      return error(loop, "acc.loop with results"), failure();
    return success();
  }

  /// Drops `loop`'s reductions: one thread runs every iteration, so the
  /// reduction variable itself accumulates, which is what combining one
  /// private copy gives.
  void reduceInPlace(acc::LoopOp loop) {
    for (Value v : llvm::to_vector(loop.getReductionOperands()))
      if (auto red = v.getDefiningOp<acc::ReductionOp>()) {
        red.getResult().replaceAllUsesWith(red.getVar());
        if (red->use_empty())
          red.erase();
      }
    loop.getReductionOperandsMutable().clear();
  }

  /// Runs `loop` sequentially (seq, auto, serial constructs, loops nested in
  /// a partitioned loop): privates become per-iteration locals.
  void toSequential(acc::LoopOp loop) {
    reduceInPlace(loop);
    if (failed(checkLoop(loop)))
      return;
    inlineLoopPrivates(loop);
    // scf.for runs no iteration with a negative step.
    if (failed(ompx::passes::normalizeAccLoopSteps(loop))) {
      hadError = true;
      return;
    }
    IRRewriter rewriter(ctx);
    rewriter.setInsertionPoint(loop);
    // Both clone the loop's body; the loop itself is left to the caller.
    bool done =
        loop.getUnstructured()
            ? bool(acc::convertUnstructuredACCLoopToSCFExecuteRegion(loop,
                                                                     rewriter))
            : bool(acc::convertACCLoopToSCFFor(loop, rewriter,
                                               /*enableCollapse=*/false));
    if (done)
      rewriter.eraseOp(loop);
    else
      hadError = true;
  }

  /// Loops nested in `root` (not `root` itself) run sequentially.
  void sequentialize(Operation *root) {
    SmallVector<acc::LoopOp> loops;
    root->walk([&](acc::LoopOp l) {
      if (l != root)
        loops.push_back(l);
    });
    // Post-order walk: inner loops first, so each sees plain bodies.
    for (acc::LoopOp l : loops)
      toSequential(l);
  }

  /// The level an acc.loop runs at in a parallel construct, when it is not
  /// nested in another partitioned loop (the plan's,
  /// pipeline/passes/AccPlan.h).
  static Level levelOf(acc::LoopOp loop, bool kernels) {
    return ompx::accLoopLevel(loop, kernels);
  }

  /// Builds `wrappers { loop_nest { body } }` in place of `loop`; returns the
  /// loop_nest.
  omp::LoopNestOp buildLoopNest(OpBuilder &b, acc::LoopOp loop, ValueRange lbs,
                                ValueRange ubs, ValueRange steps) {
    omp::LoopNestOperands ops;
    ops.loopLowerBounds.assign(lbs.begin(), lbs.end());
    ops.loopUpperBounds.assign(ubs.begin(), ubs.end());
    ops.loopSteps.assign(steps.begin(), steps.end());
    if (auto incl = loop.getInclusiveUpperbound()) {
      if (llvm::all_of(*incl, [](bool x) { return x; }))
        ops.loopInclusive = b.getUnitAttr();
      else if (llvm::any_of(*incl, [](bool x) { return x; }))
        error(loop, "loop mixes inclusive and exclusive upper bounds");
    }
    if (lbs.size() > 1)
      ops.collapseNumLoops = b.getI64IntegerAttr(lbs.size());
    auto nest = omp::LoopNestOp::create(b, loop.getLoc(), ops);
    nest.getRegion().takeBody(loop.getRegion());
    Block &body = nest.getRegion().front();
    auto yield = cast<acc::YieldOp>(body.getTerminator());
    OpBuilder yb(yield);
    omp::YieldOp::create(yb, yield.getLoc(), ValueRange());
    yield.erase();
    return nest;
  }

  //===--------------------------------------------------------------------===//
  // Region isolation
  //===--------------------------------------------------------------------===//

  /// Clones the computation of `v` (defined above `target`) at `b`, if it is
  /// made of cloneable ops only.
  Value remat(Value v, OpBuilder &b, IRMapping &map, unsigned depth = 0) {
    if (Value known = map.lookupOrNull(v))
      return known;
    Operation *def = v.getDefiningOp();
    if (!def || depth > 32 || !accIsCloneable(def))
      return {};
    for (Value operand : def->getOperands())
      if (!remat(operand, b, map, depth + 1))
        return {};
    Operation *copy = b.clone(*def, map);
    return copy->getResult(cast<OpResult>(v).getResultNumber());
  }

  /// Makes the target region isolated from above: cheap values are
  /// recomputed inside, scalars are passed by copy, anything else is an
  /// error at its use.
  void isolate(omp::TargetOp target) {
    Region &region = target.getRegion();
    Block &entry = region.front();
    llvm::SetVector<Value> liveIns;
    getUsedValuesDefinedAbove(region, liveIns);
    OpBuilder b(ctx);
    b.setInsertionPointToStart(&entry);
    IRMapping map;
    auto func = target->getParentOfType<func::FuncOp>();
    for (Value v : liveIns) {
      Value inside = remat(v, b, map);
      if (!inside && isTrivialScalar(v.getType()) && func) {
        Location loc = v.getLoc();
        OpBuilder hb(&func.getBody().front(), func.getBody().front().begin());
        Value tmp = fir::AllocaOp::create(hb, loc, v.getType());
        hb.setInsertionPoint(target);
        fir::StoreOp::create(hb, loc, v, tmp);
        // The region only reads it: a wide one can share one device copy.
        auto capture = fitsByCopy(v.getType())
                           ? omp::VariableCaptureKind::ByCopy
                           : omp::VariableCaptureKind::ByRef;
        auto info = omp::MapInfoOp::create(
            hb, loc, tmp.getType(), tmp, TypeAttr::get(v.getType()),
            omp::ClauseMapFlagsAttr::get(ctx, Flags::implicit | Flags::to),
            omp::VariableCaptureKindAttr::get(ctx, capture),
            Value(), ValueRange(), ArrayAttr(), ValueRange(),
            FlatSymbolRefAttr(), hb.getStringAttr(""));
        BlockArgument arg =
            ompx::passes::appendMapEntry(target, info.getResult());
        inside = fir::LoadOp::create(b, loc, arg);
        map.map(v, inside);
      }
      if (!inside) {
        Operation *user = nullptr;
        for (OpOperand &use : v.getUses())
          if (target->isAncestor(use.getOwner()))
            user = use.getOwner();
        error(user ? user : target.getOperation(),
              "the compute region reads a host value of type ")
            << v.getType()
            << " that is neither a data clause nor a scalar; it cannot be "
               "passed to the device";
        continue;
      }
      replaceAllUsesInRegionWith(v, inside, region);
    }
  }

  //===--------------------------------------------------------------------===//
  // host_eval
  //===--------------------------------------------------------------------===//

  /// The host computation of `v` (defined in `target`'s region): constants,
  /// pure ops, values from above, and loads of mapped variables (read on the
  /// host before the kernel starts, as the device would read them first).
  Value hoist(Value v, omp::TargetOp target, OpBuilder &hb, IRMapping &map,
              unsigned depth = 0) {
    if (Value known = map.lookupOrNull(v))
      return known;
    if (!target->isAncestor(v.getParentRegion()->getParentOp()) &&
        v.getParentRegion() != &target.getRegion())
      return v; // defined above
    auto iface = cast<omp::BlockArgOpenMPOpInterface>(target.getOperation());
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      for (auto [hostVal, a] :
           llvm::zip(target.getHostEvalVars(), iface.getHostEvalBlockArgs()))
        if (a == arg)
          return hostVal;
      // A mapped variable's address: the host reads the host copy, which
      // the device copy equals when the kernel starts unless it is present
      // (ompx-host-eval-device-values then reads the device's).
      for (auto [info, a] :
           llvm::zip(target.getMapVars(), iface.getMapBlockArgs()))
        if (a == arg)
          return info.getDefiningOp<omp::MapInfoOp>().getVarPtr();
      return {};
    }
    Operation *def = v.getDefiningOp();
    if (depth > 32)
      return {};
    // Loads and variable declarations/designators are hoisted only in the
    // prologue before the loop (checked by the caller: nothing there
    // writes memory).
    if (!accIsCloneable(def) && !isa<fir::LoadOp, hlfir::DeclareOp, fir::DeclareOp,
                                  fir::DummyScopeOp, hlfir::DesignateOp>(def))
      return {};
    for (Value operand : def->getOperands()) {
      Value host = hoist(operand, target, hb, map, depth + 1);
      if (!host)
        return {};
      if (host != operand)
        map.map(operand, host);
    }
    Operation *copy = hb.clone(*def, map);
    return copy->getResult(cast<OpResult>(v).getResultNumber());
  }

  /// Evaluates the bounds of `nest` on the host and passes them through
  /// host_eval (LLVM 22 needs them there for teams loops).
  LogicalResult hostEvalBounds(omp::TargetOp target, omp::LoopNestOp nest) {
    OpBuilder hb(target);
    IRMapping map;
    for (OpOperand &operand : nest->getOpOperands()) {
      Value host = hoist(operand.get(), target, hb, map);
      if (!host) {
        error(nest, "the loop bounds are computed inside the compute region "
                    "and cannot be evaluated before it (LLVM 22 needs them "
                    "on the host for a gang loop): compute them into "
                    "scalars before the construct (`n = size(x)`, then `do "
                    "i = 1, n`)");
        return failure();
      }
      operand.set(ompx::passes::appendHostEval(target, host, nest.getLoc()));
    }
    return success();
  }

  //===--------------------------------------------------------------------===//
  // Compute constructs
  //===--------------------------------------------------------------------===//

  /// The map entries of a compute construct's clauses (deviceptr, data
  /// clauses, reductions, firstprivates) and what the region needs of them.
  struct ComputeClauses {
    omp::TargetOperands targetOps;
    SmallVector<Operation *> entries;
    SmallVector<std::pair<Mapped, Value>> mapped; // entry result -> map
    // deviceptr: the variable already holds device addresses, as
    // has_device_addr says (flang lowers it with the same map entry).
    SmallVector<std::pair<Mapped, Value>> deviceAddrs;
    SmallVector<Attribute> computeSyms;
    SmallVector<Value> computeReds;
    SmallVector<std::pair<Value, acc::FirstprivateRecipeOp>> byRecipe;
  };

  /// Fills `c` for `op` at `b`; false after an error.
  template <typename ComputeOp>
  bool mapComputeClauses(OpBuilder &b, ComputeOp op, ComputeClauses &c) {
    constexpr bool isKernels = std::is_same_v<ComputeOp, acc::KernelsOp>;
    // deviceptr: the variable already holds device addresses, as
    // has_device_addr says (flang lowers it with the same map entry).
    for (Value v : op.getDataClauseOperands()) {
      Operation *entry = v.getDefiningOp();
      if (!isa_and_nonnull<acc::DevicePtrOp>(entry))
        continue;
      auto m = mapClause(b, entry, Flags::implicit | Flags::to);
      if (!m)
        return false;
      c.entries.push_back(entry);
      c.deviceAddrs.push_back({*m, v});
      c.targetOps.hasDeviceAddrVars.push_back(m->info);
    }
    for (Value v : op.getDataClauseOperands()) {
      Operation *entry = v.getDefiningOp();
      if (isa_and_nonnull<acc::DevicePtrOp>(entry))
        continue;
      auto flags = structuredFlags(entry);
      if (!flags) {
        if (!entry)
          error(op, "data operand without a clause op");
        return false;
      }
      auto m = mapClause(b, entry, *flags);
      if (!m)
        return false;
      c.entries.push_back(entry);
      c.mapped.push_back({*m, v});
      c.targetOps.mapVars.push_back(m->info);
    }
    // Reductions of the construct: the variable is mapped tofrom, and each
    // team (gang) reduces into it (omp.teams reduction; serial: the one
    // gang updates it).
    for (Value v : op.getReductionOperands()) {
      auto red = v.getDefiningOp<acc::ReductionOp>();
      FlatSymbolRefAttr sym = red ? declareReduction(red) : nullptr;
      if (!sym) {
        if (!red)
          error(op, "reduction operand not from acc.reduction");
        return false;
      }
      auto m = mapClause(b, red, Flags::to | Flags::from | Flags::ompx_hold);
      if (!m)
        return false;
      c.entries.push_back(red);
      c.mapped.push_back({*m, v});
      c.targetOps.mapVars.push_back(m->info);
      c.computeSyms.push_back(sym);
      c.computeReds.push_back(v);
    }
    // Firstprivate scalars of 64 bits at most are captured ByCopy (a copy
    // per kernel thread); the others are mapped `to` and copied in the
    // region, by the recipe: per team, or per thread of a parallel loop.
    for (Value v : op.getFirstprivateOperands()) {
      auto fp = v.getDefiningOp<acc::FirstprivateOp>();
      Type t = fp ? fir::unwrapRefType(fp.getVar().getType()) : Type();
      if (!fp) {
        error(op, "firstprivate operand not from acc.firstprivate");
        return false;
      }
      bool byCopy =
          ompx::accFirstprivateRoute(t) == ompx::AccFirstprivateRoute::ByCopy;
      acc::FirstprivateRecipeOp recipe;
      if (!byCopy) {
        if (isKernels) {
          error(fp, "firstprivate of a non-scalar in kernels is not lowered");
          return false;
        }
        if (!(recipe = copyableFirstprivate(fp)))
          return false;
      }
      // The copies start from the host's value when the construct is met
      // (as a ByCopy scalar does), even where the variable is present on
      // the device: the region gets a host copy made here, never present.
      auto m =
          byCopy
              ? mapClause(b, fp, Flags::to, omp::VariableCaptureKind::ByCopy)
              : mapClause(b, fp, Flags::to, omp::VariableCaptureKind::ByRef,
                          ompx::passes::copyWithRecipe(b, recipe, hostVar(fp)));
      if (!m)
        return false;
      c.entries.push_back(fp);
      c.mapped.push_back({*m, v});
      c.targetOps.mapVars.push_back(m->info);
      if (recipe)
        c.byRecipe.push_back({v, recipe});
    }

    return true;
  }

  /// The construct refusals convertCompute reports before anything moves.
  bool refusedConstruct(Operation *op, const ompx::AccPlan &plan) {
    if (plan.refusal == ompx::AccRefusal::NumGangsDims)
      return error(op, "num_gangs with more than one value around "
                       "gang-redundant code or a reduction has no OpenMP "
                       "equivalent"),
             true;
    if (plan.refusal == ompx::AccRefusal::RedundantGangRoutine)
      return error(op, "a call to gang routine `" + plan.detail +
                           "` inside gang-redundant code of a construct with "
                           "num_gangs is not lowered yet (each gang would run "
                           "its gang loops whole)"),
             true;
    return false;
  }

  template <typename ComputeOp> void convertCompute(ComputeOp op) {
    zeroed.clear();
    constexpr bool isSerial = std::is_same_v<ComputeOp, acc::SerialOp>;
    constexpr bool isKernels = std::is_same_v<ComputeOp, acc::KernelsOp>;
    Location loc = op.getLoc();
    // The plan, made before anything moves: the construct's and its loops'.
    ompx::AccPlan plan = ompx::planAccToOmp(op);
    op.walk([&](acc::LoopOp l) {
      loopRefusals[l] = ompx::planAccToOmp(l).refusal;
    });
    if (op.getIfCond())
      return (void)error(op, "if must be lowered by acc-if-clause-lowering "
                             "first");
    if (refusedConstruct(op, plan))
      return;
    // A loop's private or reduction op written before the construct (flang
    // puts them inside) moves into it, so the region sees the copy.
    op.walk([&](acc::LoopOp loop) {
      for (Value v : llvm::concat<Value>(loop.getPrivateOperands(),
                                         loop.getReductionOperands()))
        if (Operation *def = v.getDefiningOp();
            def && !op->isAncestor(def) &&
            isa<acc::PrivateOp, acc::ReductionOp>(def) &&
            llvm::all_of(def->getUsers(),
                         [&](Operation *u) { return op->isAncestor(u); }))
          def->moveBefore(&op.getRegion().front().front());
    });
    OpBuilder b(op);
    ComputeClauses clauses;
    if (!mapComputeClauses(b, op, clauses))
      return;
    SmallVector<std::pair<Mapped, Value>> &mapped = clauses.mapped;
    auto target = omp::TargetOp::create(b, loc, clauses.targetOps);
    zeroNewCopies(target, /*structured=*/true);
    Block *entry = b.createBlock(&target.getRegion());
    // Block arguments: has_device_addr first, then map_entries.
    mapped.insert(mapped.begin(), clauses.deviceAddrs.begin(),
                  clauses.deviceAddrs.end());
    for (auto &[m, v] : mapped)
      entry->addArgument(m.argType, loc);
    b.setInsertionPointToStart(entry);
    IRMapping hostToRegion;
    SmallVector<std::pair<Value, Value>> replace;
    for (auto [i, mv] : llvm::enumerate(mapped)) {
      auto &[m, v] = mv;
      replace.push_back(
          {v, inRegionValue(b, loc, m, entry->getArgument(i), hostToRegion)});
    }
    Block *body = entry;
    omp::TeamsOp teams;
    if constexpr (!isSerial)
      teams = buildTeams(b, op, body);
    omp::TerminatorOp::create(b, loc);

    // Move the construct's body (it has a single block: flang's compute
    // regions are structured) in front of the innermost terminator.
    Block &accBody = op.getRegion().front();
    if (!llvm::hasSingleElement(op.getRegion()))
      return (void)error(op, "compute region with several blocks");
    accBody.getTerminator()->erase();
    Operation *firstBodyOp = accBody.empty() ? nullptr : &accBody.front();
    body->getOperations().splice(body->getTerminator()->getIterator(),
                                 accBody.getOperations());
    for (auto [from, to] : replace)
      replaceAllUsesInRegionWith(from, to, target.getRegion());
    SmallVector<Firstprivate> firstprivates;
    for (auto [v, recipe] : clauses.byRecipe)
      for (auto [from, to] : replace)
        if (from == v)
          firstprivates.push_back({to, recipe});

    // Gang-private copies: one per team (per kernel for serial).
    inlineGangPrivates(op, body);

    // Loops: the SPMD nest (one loop alone) or gang-redundant code.
    SmallVector<acc::LoopOp> top;
    for (Operation &o : *body)
      if (auto l = dyn_cast<acc::LoopOp>(o))
        top.push_back(l);
    bool explicitGangs = plan.numGangs, spmd = plan.spmd;
    // Firstprivate copies: one per team (per kernel for serial), made
    // where the construct's code starts; a parallel loop alone gives one
    // per thread (omp.private on the nest, as flang privatizes
    // `teams distribute parallel do firstprivate`).
    if (!spmd && firstBodyOp)
      for (const Firstprivate &fp : firstprivates)
        copyFirstprivate(firstBodyOp, fp, *body->getParent());
    if (!clauses.computeReds.empty() && teams)
      reduceOverTeams(teams, clauses.computeReds, clauses.computeSyms, replace);
    if (spmd)
      convertSpmdLoop(target, teams, top.front(), isKernels, firstprivates);
    else if (isSerial || isKernels) {
      // One thread runs the construct: exact for serial; for kernels the
      // loops lose their parallelism but keep their meaning. A kernels
      // stretch drops its teams, as serial has none: flang's alias analysis
      // follows map entries only from declarations directly in the target
      // (inside teams, an array assignment stays a _FortranAAssign call,
      // which no GPU can link).
      if (teams) {
        Block &tb = teams.getRegion().front();
        tb.getTerminator()->erase();
        teams->getBlock()->getOperations().splice(teams->getIterator(),
                                                  tb.getOperations());
        teams.erase();
      }
      sequentialize(target);
    } else {
      convertGangRedundant(teams, body, explicitGangs);
    }
    if (hadError)
      return;

    isolate(target);
    op.erase();
    eraseClauses(clauses.entries);
  }

  /// A num_gangs value known only at run time, evaluated on the host
  /// (host_eval): LLVM 22 launches the kernel with the teams its host_eval
  /// values ask for, and a value the region reads from a map is not seen by
  /// the launch (one team ran on host-offload; a GPU launches its default).
  void hostEvalNumTeams(omp::TargetOp target, omp::TeamsOp teams) {
    Value upper = teams.getNumTeamsUpper();
    if (!upper || matchPattern(upper, m_Constant()) ||
        target.getRegion().isAncestor(upper.getParentRegion()))
      return;
    // Computed after the target was made (the product of several values):
    // before it now, operands first.
    std::function<void(Value)> hoist = [&](Value v) {
      Operation *def = v.getDefiningOp();
      if (!def || def->getBlock() != target->getBlock() ||
          def->isBeforeInBlock(target))
        return;
      for (Value operand : def->getOperands())
        hoist(operand);
      def->moveBefore(target);
    };
    hoist(upper);
    Value lower = teams.getNumTeamsLower();
    BlockArgument arg =
        ompx::passes::appendHostEval(target, upper, teams.getLoc());
    teams.getNumTeamsUpperMutable().assign(arg);
    // The upper bound alone, as flang writes num_teams(n): LLVM 22 passes
    // no host_eval value to the launch for a bounded range.
    if (lower == upper)
      teams.getNumTeamsLowerMutable().clear();
  }

  /// omp.teams at `b` (num_gangs teams when given); `body` becomes its block.
  template <typename ComputeOp>
  omp::TeamsOp buildTeams(OpBuilder &b, ComputeOp op, Block *&body) {
    omp::TeamsOperands teamsOps;
    if constexpr (!std::is_same_v<ComputeOp, acc::KernelsOp>) {
      if (!op.getNumGangs().empty()) {
        // Several values (one partitioned nest alone, as the plan allows):
        // their product, evaluated on the host before the construct.
        Value gangs = op.getNumGangs().front();
        OpBuilder host(op);
        for (Value v : op.getNumGangs().drop_front())
          gangs = arith::MulIOp::create(
              host, op.getLoc(), gangs,
              fir::ConvertOp::create(host, op.getLoc(), gangs.getType(), v));
        teamsOps.numTeamsUpper = gangs;
        teamsOps.numTeamsLower = gangs;
      }
    }
    omp::TeamsOp teams = omp::TeamsOp::create(b, op.getLoc(), teamsOps);
    if (auto target = teams->getParentOfType<omp::TargetOp>())
      hostEvalNumTeams(target, teams);
    body = b.createBlock(&teams.getRegion());
    b.setInsertionPointToEnd(body);
    omp::TerminatorOp::create(b, op.getLoc());
    b.setInsertionPointAfter(teams);
    return teams;
  }

  /// The private clauses of compute construct `op`: one copy per team (per
  /// kernel for serial), made at the start of `body`.
  template <typename ComputeOp>
  void inlineGangPrivates(ComputeOp op, Block *body) {
    OpBuilder pb(ctx);
    pb.setInsertionPointToStart(body);
    SmallVector<Value> privs(op.getPrivateOperands());
    op.getPrivateOperandsMutable().clear();
    for (Value v : privs)
      if (auto priv = v.getDefiningOp<acc::PrivateOp>())
        inlinePrivate(pb, priv);
  }

  /// The construct's reductions (`vars`, host values in `replace`) reduce
  /// over the teams: each team's copy is a teams block argument.
  void reduceOverTeams(omp::TeamsOp teams, ArrayRef<Value> reds,
                       ArrayRef<Attribute> syms,
                       ArrayRef<std::pair<Value, Value>> replace) {
    SmallVector<Value> vars;
    for (Value v : reds)
      for (auto [from, to] : replace)
        if (from == v)
          vars.push_back(to);
    teams.getReductionVarsMutable().append(vars);
    teams.setReductionSymsAttr(ArrayAttr::get(ctx, syms));
    teams.setReductionByrefAttr(
        DenseBoolArrayAttr::get(ctx, SmallVector<bool>(vars.size(), false)));
    Block &tb = teams.getRegion().front();
    for (Value var : vars) {
      BlockArgument copy = tb.addArgument(var.getType(), var.getLoc());
      replaceAllUsesInRegionWith(var, copy, teams.getRegion());
    }
  }

  /// The reductions of an SPMD nest's loop, and the teams' side of them.
  struct SpmdReductions {
    SmallVector<BlockArgument> constructArgs; ///< the construct's, first
    SmallVector<Attribute> teamsSyms;         ///< per teams reduction
    /// Per loop reduction: the value the loop body uses, the team's copy
    /// its threads combine into, its declaration.
    SmallVector<Value> fromVals, teamsArgs;
    SmallVector<Attribute> wsSyms;
    /// The construct's own copies that a loop reduction combines into.
    llvm::SmallPtrSet<Value, 4> merged;
  };

  /// Adds loop reductions `reductions` (declared by `syms`) to `teams`.
  LogicalResult teamsReductions(omp::TeamsOp teams,
                                MutableArrayRef<acc::ReductionOp> reductions,
                                ArrayRef<Attribute> syms, SpmdReductions &r) {
    // Each reduction: what the loop body uses, the team's copy the
    // threads combine into (a teams block argument), its declaration.
    // The construct's own reductions are teams arguments already: a loop
    // reduction of the same variable combines into the team's copy.
    Block &tb = teams.getRegion().front();
    r.constructArgs.assign(tb.args_begin(), tb.args_end());
    if (ArrayAttr known = teams.getReductionSymsAttr())
      r.teamsSyms.assign(known.begin(), known.end());
    IRMapping map;
    SmallVector<Value> vars;
    for (auto [red, sym] : llvm::zip(reductions, syms)) {
      Value root = rootOf(red.getVar());
      if (auto it = llvm::find(r.constructArgs, root);
          root && it != r.constructArgs.end()) {
        if (r.teamsSyms[it - r.constructArgs.begin()] != sym)
          return error(red, "a loop reduction with another operator "
                            "than its construct's reduction of the "
                            "same variable");
        r.merged.insert(root);
        r.fromVals.push_back(red.getResult());
        r.teamsArgs.push_back(root);
        r.wsSyms.push_back(sym);
        continue;
      }
      Value var = cloneAddressBefore(red.getVar(), teams, map);
      if (!var)
        return error(red, "reduction variable is not a mapped "
                          "variable of the compute construct");
      vars.push_back(var);
      r.teamsSyms.push_back(sym);
      r.fromVals.push_back(red.getResult());
      r.teamsArgs.push_back(tb.addArgument(var.getType(), var.getLoc()));
      r.wsSyms.push_back(sym);
    }
    if (!vars.empty()) {
      teams.getReductionVarsMutable().append(vars);
      teams.setReductionSymsAttr(ArrayAttr::get(ctx, r.teamsSyms));
      teams.setReductionByrefAttr(DenseBoolArrayAttr::get(
          ctx, SmallVector<bool>(r.teamsSyms.size(), false)));
    }
    return success();
  }

  /// Clones into loop `loop`'s body what it uses of the code before it in
  /// `teamsBody` (private copies inlined); returns that code, left in
  /// place for finishSpmdTeams.
  SmallVector<Operation *> movePrologueIntoLoop(Block *teamsBody,
                                                acc::LoopOp loop) {
    Block &loopBody = loop.getBody();
    OpBuilder lb(ctx);
    lb.setInsertionPointToStart(&loopBody);
    SmallVector<Operation *> prologue;
    for (Operation &o : *teamsBody)
      if (&o != loop.getOperation() && !isa<omp::TerminatorOp>(o))
        prologue.push_back(&o);
    // Needed: used in the loop body, or by a needed prologue op.
    llvm::SmallPtrSet<Operation *, 16> needed;
    for (Operation *o : llvm::reverse(prologue))
      if (llvm::any_of(o->getUsers(), [&](Operation *u) {
            return (loop->isAncestor(u) && u != loop.getOperation()) ||
                   needed.contains(u);
          }))
        needed.insert(o);
    IRMapping inBody;
    for (Operation *o : prologue) {
      if (!needed.contains(o) || isa<acc::ReductionOp>(o))
        continue;
      if (auto priv = dyn_cast<acc::PrivateOp>(o)) {
        OpBuilder pb(ctx);
        pb.setInsertionPointToStart(&loopBody);
        inlinePrivate(pb, priv);
        continue;
      }
      Operation *copy = lb.clone(*o, inBody);
      for (auto [from, to] : llvm::zip(o->getResults(), copy->getResults()))
        replaceAllUsesInRegionWith(from, to, loop.getRegion());
    }
    return prologue;
  }

  /// Once the nest is built: erases the prologue the nest made dead, and
  /// refuses code left beside the nest in `teamsBody`.
  void finishSpmdTeams(Block *teamsBody, ArrayRef<Operation *> prologue) {
    // What fed only the bounds is dead now; the rest of the prologue moved.
    for (Operation *o : llvm::reverse(prologue))
      if (o->use_empty() &&
          (accIsDeclarative(o) ||
           isa<fir::LoadOp, fir::AllocaOp, acc::ReductionOp>(o)))
        o->erase();
    for (Operation &o : *teamsBody)
      if (!isa<omp::ParallelOp, omp::DistributeOp, omp::TerminatorOp>(o)) {
        error(&o, "this op would run before the loop in every gang "
                  "(gang-redundant code next to a parallel loop)");
        return;
      }
  }

  /// `parallel loop` (or a kernels region that is one independent loop):
  /// target teams distribute parallel do with host-evaluated bounds.
  void convertSpmdLoop(omp::TargetOp target, omp::TeamsOp teams,
                       acc::LoopOp loop, bool kernels,
                       ArrayRef<Firstprivate> firstprivates = {}) {
    // Reductions: each team combines its threads' copies (wsloop), the
    // teams combine into the variable (teams), as flang lowers
    // `target teams distribute parallel do reduction`.
    SmallVector<acc::ReductionOp> reductions;
    SmallVector<Attribute> syms;
    if (failed(takeReductions(loop, reductions, syms)) ||
        failed(checkLoop(loop)))
      return;
    SpmdReductions r;
    if (failed(teamsReductions(teams, reductions, syms, r)))
      return;
    Level level = levelOf(loop, kernels);
    // Inner loops run sequentially in each thread of the nest.
    sequentialize(loop);
    inlineLoopPrivates(loop);
    // The region's prologue (declares of mapped arrays, private copies)
    // moves into the loop body, so teams holds only the loop nest.
    Block *teamsBody = &teams.getRegion().front();
    SmallVector<Operation *> prologue = movePrologueIntoLoop(teamsBody, loop);

    OpBuilder b(loop);
    Location loc = loop.getLoc();
    auto composite = [&](Operation *o) {
      cast<omp::ComposableOpInterface>(o).setComposite(true);
    };
    Block *nestParent;
    SmallVector<Value> privateCopies(r.teamsArgs);
    // The firstprivates: one copy per thread running iterations.
    SmallVector<Attribute> fpSyms;
    SmallVector<Value> fpVars;
    SmallVector<Type> fpTypes;
    SmallVector<Location> fpLocs;
    for (const Firstprivate &fp : firstprivates) {
      fpSyms.push_back(declareFirstprivate(fp.recipe));
      fpVars.push_back(fp.orig);
      fpTypes.push_back(fp.orig.getType());
      fpLocs.push_back(fp.orig.getLoc());
    }
    Region *fpScope;
    auto withPrivates = [&](auto &ops) {
      ops.privateVars.assign(fpVars.begin(), fpVars.end());
      ops.privateSyms.assign(fpSyms.begin(), fpSyms.end());
    };
    if (level == Level::Gang) {
      omp::DistributeOperands distOps;
      withPrivates(distOps);
      auto dist = omp::DistributeOp::create(b, loc, distOps);
      nestParent = b.createBlock(&dist.getRegion(), {}, fpTypes, fpLocs);
      fpScope = &dist.getRegion();
    } else {
      omp::ParallelOperands parOps;
      withPrivates(parOps);
      auto par = omp::ParallelOp::create(b, loc, parOps);
      composite(par);
      b.createBlock(&par.getRegion(), {}, fpTypes, fpLocs);
      fpScope = &par.getRegion();
      auto dist = omp::DistributeOp::create(b, loc, omp::DistributeOperands{});
      composite(dist);
      omp::TerminatorOp::create(b, loc);
      b.setInsertionPointToStart(b.createBlock(&dist.getRegion()));
      // A reduction of the construct alone: its team's copy is shared by
      // the team's threads, which combine into it like a loop reduction
      // (OpenACC would race there; a reduction is what was meant).
      for (auto [arg, sym] : llvm::zip(r.constructArgs, r.teamsSyms))
        if (!r.merged.contains(arg) &&
            llvm::any_of(arg.getUsers(),
                         [&](Operation *u) { return loop->isAncestor(u); })) {
          r.fromVals.push_back(arg);
          r.teamsArgs.push_back(arg);
          r.wsSyms.push_back(sym);
        }
      omp::WsloopOperands wsOps;
      wsOps.reductionVars.assign(r.teamsArgs.begin(), r.teamsArgs.end());
      wsOps.reductionSyms.assign(r.wsSyms.begin(), r.wsSyms.end());
      wsOps.reductionByref.assign(r.teamsArgs.size(), false);
      auto ws = omp::WsloopOp::create(b, loc, wsOps);
      composite(ws);
      SmallVector<Type> types;
      SmallVector<Location> locs;
      for (Value v : r.teamsArgs)
        types.push_back(v.getType()), locs.push_back(loc);
      nestParent = b.createBlock(&ws.getRegion(), {}, types, locs);
      privateCopies.assign(nestParent->args_begin(), nestParent->args_end());
    }
    for (auto [from, copy] : llvm::zip(r.fromVals, privateCopies))
      replaceAllUsesInRegionWith(from, copy, loop.getRegion());
    for (auto [fp, arg] : llvm::zip(firstprivates, fpScope->getArguments()))
      replaceAllUsesInRegionWith(fp.orig, arg, loop.getRegion());
    b.setInsertionPointToStart(nestParent);
    omp::LoopNestOp nest = buildLoopNest(b, loop, loop.getLowerbound(),
                                         loop.getUpperbound(), loop.getStep());
    loop.erase();
    if (hadError)
      return;
    if (failed(hostEvalBounds(target, nest)))
      return;
    finishSpmdTeams(teamsBody, prologue);
  }

  /// A parallel construct with code around its loops: every gang runs that
  /// code (gang-redundant). Without num_gangs the implementation picks the
  /// number of gangs: one, so its code runs once, a gang loop is shared by
  /// the gang's threads like a worker/vector loop, and the sequential loops
  /// (with their nested gang loops, reductions and gang routine calls) run
  /// once. With num_gangs(n), each of the n teams runs the code; only
  /// worker/vector loops are lowered then.
  /// An omp.wsloop at `b` whose threads reduce into the variables of
  /// `reductions` (each team's copies, by value); `loop`'s body uses the
  /// threads' copies instead of the reductions' results. `b` is left at
  /// the start of the wsloop's body.
  omp::WsloopOp reducingWsloop(OpBuilder &b, acc::LoopOp loop,
                               MutableArrayRef<acc::ReductionOp> reductions,
                               ArrayRef<Attribute> syms) {
    Location loc = loop.getLoc();
    omp::WsloopOperands wsOps;
    SmallVector<Type> types;
    SmallVector<Location> locs;
    for (acc::ReductionOp red : reductions) {
      wsOps.reductionVars.push_back(red.getVar());
      types.push_back(red.getVar().getType());
      locs.push_back(loc);
    }
    wsOps.reductionSyms.assign(syms.begin(), syms.end());
    wsOps.reductionByref.assign(reductions.size(), false);
    auto ws = omp::WsloopOp::create(b, loc, wsOps);
    Block *body = b.createBlock(&ws.getRegion(), {}, types, locs);
    for (auto [red, arg] : llvm::zip(reductions, body->getArguments()))
      replaceAllUsesInRegionWith(red.getResult(), arg, loop.getRegion());
    b.setInsertionPointToStart(body);
    return ws;
  }

  /// Before gang-redundant code runs: one team when num_gangs is not
  /// given, else the refusals of what would run in every team but means
  /// once per construct. False after an error.
  bool prepareGangRedundant(omp::TeamsOp teams, Block *body,
                            bool explicitGangs) {
    if (!explicitGangs) {
      OpBuilder tb(teams);
      auto one = arith::ConstantIntOp::create(tb, teams.getLoc(), 1, 32);
      teams.getNumTeamsUpperMutable().assign(one);
      teams.getNumTeamsLowerMutable().assign(one);
    } else {
      // What would run in every team but means once per construct (the
      // plan's refusals).
      WalkResult r = teams->walk([&](acc::LoopOp loop) {
        switch (loopRefusals.lookup(loop)) {
        case ompx::AccRefusal::RedundantGangLoop:
          return error(loop, "a gang loop inside gang-redundant code of a "
                             "construct with num_gangs is not lowered yet"),
                 WalkResult::interrupt();
        case ompx::AccRefusal::SharedReduction:
          // Each gang may combine into its own copy (the construct's
          // reduction or private copy), not into a variable they share.
          return error(loop, "a reduction in gang-redundant code of a "
                             "construct with num_gangs into a variable the "
                             "gangs share is not lowered (each gang would "
                             "combine into it); reduce into the construct's "
                             "reduction or private copy"),
                 WalkResult::interrupt();
        default:
          return WalkResult::advance();
        }
      });
      if (r.wasInterrupted())
        return false;
    }
    return true;
  }

  /// Gang-redundant code before `loop` that uses the construct's reduction
  /// copy (`s = s + 1` then a gang loop): LLVM 22's verifier rejected the
  /// loop's host-evaluated bounds ("host_eval argument only legal as loop
  /// bounds", at [lower host], no program). An error at the use.
  LogicalResult refuseReductionBeforeDistribute(omp::TeamsOp teams,
                                                acc::LoopOp loop) {
    auto iface = cast<omp::BlockArgOpenMPOpInterface>(teams.getOperation());
    Block *block = loop->getBlock();
    SmallVector<Value> work(iface.getReductionBlockArgs().begin(),
                            iface.getReductionBlockArgs().end());
    while (!work.empty())
      for (Operation *user : work.pop_back_val().getUsers()) {
        if (isa<hlfir::DeclareOp, fir::DeclareOp, fir::ConvertOp>(user)) {
          llvm::append_range(work, user->getResults());
          continue;
        }
        // The loop's own clauses (a reduction into the copy) are no code.
        Operation *top = block->findAncestorOpInBlock(*user);
        if (!top || top == loop.getOperation() || !top->isBeforeInBlock(loop) ||
            isa<acc::ReductionOp, acc::PrivateOp, acc::FirstprivateOp>(user))
          continue;
        return error(user, "gang-redundant code that uses the construct's "
                           "reduction variable before a gang loop, with "
                           "num_gangs, is not lowered (LLVM 22 cannot "
                           "evaluate the loop's bounds on the host there); "
                           "update the variable inside the loop, or in a "
                           "construct of its own");
      }
    return success();
  }

  /// A gang (gang vector) loop after other code of a construct with
  /// num_gangs: teams { code; distribute { loop } }. False after an error.
  bool distributeAfterCode(omp::TeamsOp teams, acc::LoopOp loop, Level level) {
    // teams { code; distribute { loop } } (gang vector: the composite
    // distribute parallel do): LLVM 22 translates a distribute after
    // other code only with its bounds on the host. Its reductions are
    // into each team's own copy (the walk above refused the others):
    // one thread of the team runs a gang loop's iterations, so the
    // copy itself accumulates; a gang vector loop's threads reduce
    // into it (wsloop).
    bool threads = level == Level::GangVector;
    if (failed(refuseReductionBeforeDistribute(teams, loop)))
      return false;
    SmallVector<acc::ReductionOp> reductions;
    SmallVector<Attribute> syms;
    if (threads) {
      if (failed(takeReductions(loop, reductions, syms)))
        return false;
    } else {
      reduceInPlace(loop);
    }
    if (failed(checkLoop(loop)))
      return false;
    if (loopRefusals.lookup(loop) == ompx::AccRefusal::BoundsAfterWrites) {
      error(loop, "the bounds of a gang loop after gang-redundant code "
                  "that writes memory cannot be evaluated on the host "
                  "(LLVM 22 needs them there)");
      return false;
    }
    sequentialize(loop);
    inlineLoopPrivates(loop);
    OpBuilder b(loop);
    Location loc = loop.getLoc();
    auto composite = [&](Operation *o) {
      if (threads)
        cast<omp::ComposableOpInterface>(o).setComposite(true);
    };
    if (threads) {
      auto par = omp::ParallelOp::create(b, loc, omp::ParallelOperands{});
      composite(par);
      b.createBlock(&par.getRegion());
    }
    auto dist = omp::DistributeOp::create(b, loc, omp::DistributeOperands{});
    composite(dist);
    if (threads)
      omp::TerminatorOp::create(b, loc);
    b.setInsertionPointToStart(b.createBlock(&dist.getRegion()));
    if (threads)
      composite(reducingWsloop(b, loop, reductions, syms));
    omp::LoopNestOp nest = buildLoopNest(b, loop, loop.getLowerbound(),
                                         loop.getUpperbound(), loop.getStep());
    loop.erase();
    for (acc::ReductionOp red : reductions)
      if (red->use_empty())
        red.erase();
    auto target = teams->getParentOfType<omp::TargetOp>();
    return succeeded(hostEvalBounds(target, nest));
  }

  /// A worker/vector loop in gang-redundant code: the gang's threads share
  /// the iterations (omp.parallel + omp.wsloop). False after an error.
  bool shareInTeam(acc::LoopOp loop) {
    // The gang's threads share the iterations (all of them: one gang).
    SmallVector<acc::ReductionOp> reductions;
    SmallVector<Attribute> syms;
    if (failed(takeReductions(loop, reductions, syms)) ||
        failed(checkLoop(loop)))
      return false;
    sequentialize(loop);
    inlineLoopPrivates(loop);
    OpBuilder b(loop);
    Location loc = loop.getLoc();
    auto par = omp::ParallelOp::create(b, loc, omp::ParallelOperands{});
    b.setInsertionPointToStart(b.createBlock(&par.getRegion()));
    omp::TerminatorOp::create(b, loc);
    b.setInsertionPointToStart(&par.getRegion().front());
    reducingWsloop(b, loop, reductions, syms);
    buildLoopNest(b, loop, loop.getLowerbound(), loop.getUpperbound(),
                  loop.getStep());
    loop.erase();
    for (acc::ReductionOp red : reductions)
      if (red->use_empty())
        red.erase();
    return true;
  }

  void convertGangRedundant(omp::TeamsOp teams, Block *body,
                            bool explicitGangs) {
    if (!prepareGangRedundant(teams, body, explicitGangs))
      return;
    SmallVector<acc::LoopOp> loops;
    for (Operation &o : *body)
      if (auto l = dyn_cast<acc::LoopOp>(o))
        loops.push_back(l);
    for (acc::LoopOp loop : loops) {
      Level level = levelOf(loop, /*kernels=*/false);
      if (level == Level::Seq) {
        sequentialize(loop);
        toSequential(loop);
        continue;
      }
      bool ok =
          explicitGangs && (level == Level::Gang || level == Level::GangVector)
              ? distributeAfterCode(teams, loop, level)
              : shareInTeam(loop);
      if (!ok)
        return;
    }
  }

  //===--------------------------------------------------------------------===//
  // Atomics
  //===--------------------------------------------------------------------===//

  /// acc.atomic.{read,write,update,capture} are the omp ones with another
  /// name (both dialects share the atomic op interfaces): the same operands,
  /// element type and region, with omp terminators. Memory order stays the
  /// default (relaxed), as OpenACC specifies none.
  void convertAtomics() {
    SmallVector<Operation *> atomics;
    module.walk([&](Operation *op) {
      if (isa<acc::AtomicReadOp, acc::AtomicWriteOp, acc::AtomicUpdateOp,
              acc::AtomicCaptureOp>(op))
        atomics.push_back(op);
    });
    // Inner ops first: a capture holds an update and a read.
    for (Operation *op : llvm::reverse(atomics)) {
      StringRef kind =
          op->getName().getStringRef().drop_front(StringRef("acc.").size());
      Value ifCond = op->getNumOperands() ? op->getOperands().back() : Value();
      unsigned fixed = isa<acc::AtomicCaptureOp>(op)  ? 0
                       : isa<acc::AtomicUpdateOp>(op) ? 1
                                                      : 2;
      if (op->getNumOperands() > fixed && ifCond)
        return (void)error(op, "if on an atomic is not lowered");
      OperationState state(op->getLoc(), ("omp." + kind).str());
      state.addOperands(op->getOperands().take_front(fixed));
      if (auto type = op->getAttrOfType<TypeAttr>("element_type"))
        state.addAttribute("element_type", type);
      state.addTypes(op->getResultTypes());
      for (Region &r : op->getRegions())
        state.addRegion()->takeBody(r);
      OpBuilder b(op);
      Operation *omp = b.create(state);
      for (Region &r : omp->getRegions())
        for (Block &block : r) {
          Operation *term = block.getTerminator();
          OpBuilder tb(term);
          if (isa<acc::YieldOp>(term))
            omp::YieldOp::create(tb, term->getLoc(), term->getOperands());
          else if (isa<acc::TerminatorOp>(term))
            omp::TerminatorOp::create(tb, term->getLoc());
          else
            continue;
          term->erase();
        }
      op->replaceAllUsesWith(omp);
      op->erase();
    }
  }

  //===--------------------------------------------------------------------===//
  // kernels
  //===--------------------------------------------------------------------===//

  /// A kernels region with several loop nests (or code between them)
  /// becomes one kernels construct per loop nest and per stretch of code
  /// between them, in order, inside a target data region that holds the
  /// kernels' data: the parts find it present, so it moves once. Each part
  /// is then lowered alone (an independent loop as a parallel loop, the
  /// rest by one thread). Declarations and loads the parts share are
  /// repeated in each.
  void splitKernels(acc::KernelsOp k) {
    if (!llvm::hasSingleElement(k.getRegion()))
      return;
    SmallVector<Operation *> top;
    SmallVector<int> groupOf;
    int groups = ompx::accKernelsParts(k.getRegion().front(), top, groupOf);
    if (groups <= 1)
      return;
    // The kernels' clauses (deviceptr aside: each part passes it).
    SmallVector<Value> clauses;
    for (Value v : k.getDataClauseOperands())
      if (!v.getDefiningOp<acc::DevicePtrOp>())
        clauses.push_back(v);
    omp::TargetDataOperands dataOps;
    SmallVector<Operation *> entries; // erased with the parts' clauses
    if (!mapOperands(
            k, clauses, [&](Operation *e) { return structuredFlags(e); },
            dataOps.mapVars, entries))
      return;
    OpBuilder b(k);
    auto data = omp::TargetDataOp::create(b, k.getLoc(), dataOps);
    Block *dataBody = b.createBlock(&data.getRegion());
    b.setInsertionPointToStart(dataBody);
    auto term = omp::TerminatorOp::create(b, k.getLoc());
    for (int g = 0; g < groups; ++g) {
      b.setInsertionPoint(term);
      auto part = cast<acc::KernelsOp>(b.clone(*k));
      Block &partBody = part.getRegion().front();
      SmallVector<Operation *> partTop;
      for (Operation &o : partBody.without_terminator())
        partTop.push_back(&o);
      // Drop the other parts' ops, last first; then shared ops left unused.
      for (int i = partTop.size() - 1; i >= 0; --i) {
        if (groupOf[i] == g || groupOf[i] == -1)
          continue;
        if (!partTop[i]->use_empty()) {
          error(top[i], "a value computed here is used by another loop nest "
                        "of the kernels region; acc-to-omp runs each nest "
                        "as its own kernel");
          return;
        }
        partTop[i]->erase();
      }
      for (int i = partTop.size() - 1; i >= 0; --i)
        if (groupOf[i] == -1 && partTop[i]->use_empty())
          partTop[i]->erase();
    }
    k.erase();
  }

  //===--------------------------------------------------------------------===//
  // Data constructs
  //===--------------------------------------------------------------------===//

  void convertData(acc::DataOp op) {
    zeroed.clear();
    // async/wait: synchronous.
    omp::TargetDataOperands ops;
    ops.ifExpr = op.getIfCond();
    SmallVector<Operation *> entries;
    if (!mapOperands(
            op, op.getDataClauseOperands(),
            [&](Operation *e) { return structuredFlags(e); }, ops.mapVars,
            entries))
      return;
    OpBuilder b(op);
    auto data = omp::TargetDataOp::create(b, op.getLoc(), ops);
    zeroNewCopies(data, /*structured=*/true);
    data.getRegion().takeBody(op.getRegion());
    replaceTerminators(data.getRegion());
    op.erase();
    eraseClauses(entries);
  }

  /// host_data use_device(x): the body sees x's device address, as
  /// target data use_device_addr gives it.
  void convertHostData(acc::HostDataOp op) {
    if (op.getIfCond())
      return (void)error(op, "if on host_data is not lowered yet");
    OpBuilder b(op);
    omp::TargetDataOperands ops;
    SmallVector<Operation *> entries;
    SmallVector<std::pair<Mapped, Value>> mapped;
    for (Value v : op.getDataClauseOperands()) {
      Operation *entry = v.getDefiningOp();
      if (!isa_and_nonnull<acc::UseDeviceOp>(entry))
        return (void)error(entry ? entry : op.getOperation(),
                           "host_data operand is not use_device");
      auto m = mapClause(b, entry, Flags::return_param);
      if (!m)
        return;
      entries.push_back(entry);
      mapped.push_back({*m, v});
      ops.useDeviceAddrVars.push_back(m->info);
    }
    auto data = omp::TargetDataOp::create(b, op.getLoc(), ops);
    data.getRegion().takeBody(op.getRegion());
    Block &entry = data.getRegion().front();
    OpBuilder ib(ctx);
    ib.setInsertionPointToStart(&entry);
    IRMapping none;
    for (auto &[m, v] : mapped) {
      BlockArgument arg = entry.addArgument(m.argType, op.getLoc());
      replaceAllUsesInRegionWith(
          v, inRegionValue(ib, op.getLoc(), m, arg, none), data.getRegion());
    }
    replaceTerminators(data.getRegion());
    op.erase();
    eraseClauses(entries);
  }

  static void replaceTerminators(Region &region) {
    for (Block &block : region)
      if (auto term = dyn_cast<acc::TerminatorOp>(block.getTerminator())) {
        OpBuilder tb(term);
        omp::TerminatorOp::create(tb, term.getLoc());
        term.erase();
      }
  }

  /// The flags a standalone data op gives the clause `entry` (its exit ops
  /// included); none after an error at it.
  using FlagsOf = llvm::function_ref<std::optional<Flags>(Operation *entry)>;

  /// Map entries for `operands`, the clauses of the standalone data op
  /// `op`, built before it; the clause ops go to `entries`. False after an
  /// error.
  bool mapOperands(Operation *op, ValueRange operands, FlagsOf flagsOf,
                   SmallVectorImpl<Value> &maps,
                   SmallVectorImpl<Operation *> &entries) {
    OpBuilder b(op);
    for (Value v : operands) {
      Operation *entry = v.getDefiningOp();
      if (!entry) {
        error(op, "data operand without a clause op");
        return false;
      }
      std::optional<Flags> f = flagsOf(entry);
      if (!f)
        return false;
      auto m = mapClause(b, entry, *f, omp::VariableCaptureKind::ByRef, {},
                         /*byData=*/isa<acc::UpdateOp>(op));
      if (!m)
        return false;
      entries.push_back(entry);
      maps.push_back(m->info);
    }
    return true;
  }

  /// Replaces the standalone data op `op` by the omp op `OmpOp` with `ops`
  /// and the map entries of its clauses, and erases the clauses.
  template <typename OmpOp, typename Operands>
  void toDataOp(Operation *op, ValueRange operands, Operands ops,
                FlagsOf flagsOf) {
    zeroed.clear();
    SmallVector<Operation *> entries;
    if (!mapOperands(op, operands, flagsOf, ops.mapVars, entries))
      return;
    OpBuilder b(op);
    Operation *made = OmpOp::create(b, op->getLoc(), ops);
    zeroNewCopies(made, /*structured=*/false);
    op->erase();
    eraseClauses(entries);
  }

  /// The map flags the plan gives data entry `entry` as a clause of the
  /// standalone data op `op` (`what` names it); none after its refusal.
  std::optional<Flags> dataOpFlags(Operation *entry, Operation *op,
                                   StringRef what) {
    ompx::AccPlan p = ompx::planAccDataUse(entry, op);
    switch (p.refusal) {
    case ompx::AccRefusal::None:
      if (ompx::accZeroModifier(entry))
        zeroed.push_back(entry);
      return static_cast<Flags>(p.mapFlags);
    case ompx::AccRefusal::ZeroModifier:
      zeroError(entry);
      break;
    case ompx::AccRefusal::ExitDataClause:
      error(entry, "exit data operand not from acc.getdeviceptr");
      break;
    case ompx::AccRefusal::ExitDataNoRelease:
      error(entry, "exit data clause without copyout/delete");
      break;
    case ompx::AccRefusal::UnpairedDetach:
      error(entry, "exit data detach(")
          << p.detail
          << ") without an enter data attach of it in this procedure is not "
             "lowered: OpenMP counts attachments with the reference count, "
             "so the detach would release the data its copyin/create "
             "mapped; pair it with `enter data attach`, or drop it and let "
             "copyout/delete detach";
      break;
    default: {
      // The clause and variable by name: `acc.present` of 'r'.
      StringRef clause = entry->getName().getStringRef();
      clause.consume_front("acc.");
      std::string var = acc::getVarName(entry).value_or("").str();
      error(entry, "the ") << clause << " clause"
                           << (var.empty() ? "" : " of '") << var
                           << (var.empty() ? "" : "'") << " on " << what
                           << " is not lowered yet";
      break;
    }
    }
    return std::nullopt;
  }

  void convertEnterData(acc::EnterDataOp op) {
    omp::TargetEnterDataOperands ops;
    ops.ifExpr = op.getIfCond();
    toDataOp<omp::TargetEnterDataOp>(
        op, op.getDataClauseOperands(), ops,
        [&](Operation *e) { return dataOpFlags(e, op, "enter data"); });
  }


  void convertExitData(acc::ExitDataOp op) {
    omp::TargetExitDataOperands ops;
    ops.ifExpr = op.getIfCond();
    toDataOp<omp::TargetExitDataOp>(
        op, op.getDataClauseOperands(), ops,
        [&](Operation *e) { return dataOpFlags(e, op, "exit data"); });
  }

  void convertUpdate(acc::UpdateOp op) {
    omp::TargetUpdateOperands ops;
    ops.ifExpr = op.getIfCond();
    toDataOp<omp::TargetUpdateOp>(
        op, op.getDataClauseOperands(), ops,
        [&](Operation *e) { return dataOpFlags(e, op, "update"); });
  }

  //===--------------------------------------------------------------------===//
  // declare
  //===--------------------------------------------------------------------===//

  /// Module variables with `declare` live in the device image: declare
  /// target (enter; link for `declare link`). Their constructors and
  /// destructors only entered them into the present table, which declare
  /// target does when the image loads.
  void convertDeclareGlobals() {
    auto dt = omp::DeclareTargetAttr::get(
        ctx,
        omp::DeclareTargetDeviceTypeAttr::get(
            ctx, omp::DeclareTargetDeviceType::any),
        omp::DeclareTargetCaptureClauseAttr::get(
            ctx, omp::DeclareTargetCaptureClause::to),
        BoolAttr::get(ctx, false));
    auto link = omp::DeclareTargetAttr::get(
        ctx, dt.getDeviceType(),
        omp::DeclareTargetCaptureClauseAttr::get(
            ctx, omp::DeclareTargetCaptureClause::link),
        BoolAttr::get(ctx, false));
    for (auto global : module.getOps<fir::GlobalOp>()) {
      auto attr =
          global->getAttrOfType<acc::DeclareAttr>(acc::getDeclareAttrName());
      if (!attr)
        continue;
      bool isLink =
          attr.getDataClause().getValue() == acc::DataClause::acc_declare_link;
      global->setAttr("omp.declare_target", isLink ? link : dt);
    }
    SmallVector<Operation *> dead;
    module.walk([&](Operation *op) {
      if (isa<acc::GlobalConstructorOp, acc::GlobalDestructorOp>(op))
        dead.push_back(op);
      op->removeAttr(acc::getDeclareAttrName());
    });
    for (Operation *op : dead)
      op->erase();
  }

  /// flang marks allocate/deallocate of a declared allocatable with hooks
  /// that enter or exit its data; they become calls before (pre) or after
  /// (post) the marked op. A hook flang did not emit is skipped.
  void convertDeclareActions() {
    // The hooks flang defines, private, beside a declare'd allocatable
    // (`<var>_acc_declare_post_alloc`, ...): a unit of another file that
    // allocates a module's variable calls its module's, so they are public.
    for (auto func : module.getOps<func::FuncOp>())
      if (!func.isExternal() && func.isPrivate() &&
          llvm::any_of(kDeclareHookSuffixes, [&](StringRef suffix) {
            return func.getSymName().ends_with(suffix);
          }))
        func.setPublic();
    StringRef name = acc::getDeclareActionAttrName();
    SmallVector<Operation *> marked;
    module.walk([&](Operation *op) {
      if (op->hasAttr(name))
        marked.push_back(op);
    });
    for (Operation *op : marked) {
      auto action = op->getAttrOfType<acc::DeclareActionAttr>(name);
      op->removeAttr(name);
      if (!action)
        continue;
      auto call = [&](SymbolRefAttr sym, bool after) {
        if (!sym)
          return;
        auto hook = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
            module, sym.getLeafReference());
        // A module variable allocated in another unit than its module's:
        // the hook is there (made public above), so declare it here. It
        // was skipped: the allocation made no device copy, and a later
        // `present` or `update device` aborted. flang-22 defines the
        // post-allocate and post-deallocate hooks only (it names the
        // pre-deallocate one but never makes it).
        StringRef hookName = sym.getLeafReference().getValue();
        if (!hook && (hookName.ends_with("_acc_declare_post_alloc") ||
                      hookName.ends_with("_acc_declare_post_dealloc"))) {
          OpBuilder mb = OpBuilder::atBlockEnd(module.getBody());
          hook = func::FuncOp::create(mb, op->getLoc(), hookName,
                                      mb.getFunctionType({}, {}));
          hook.setPrivate();
        }
        if (!hook)
          return;
        SmallVector<Value> args;
        if (hook.getNumArguments() == 1)
          if (auto store = dyn_cast<fir::StoreOp>(op);
              store &&
              store.getMemref().getType() == hook.getArgumentTypes()[0])
            args.push_back(store.getMemref());
        if (args.size() != hook.getNumArguments())
          return;
        OpBuilder b(op);
        if (after)
          b.setInsertionPointAfter(op);
        func::CallOp::create(b, op->getLoc(), hook, args);
      };
      call(action.getPreAlloc(), false);
      call(action.getPostAlloc(), true);
      call(action.getPreDealloc(), false);
      call(action.getPostDealloc(), true);
    }
  }

  /// declare on locals: enter data at the declaration, exit data where
  /// flang ends it (the procedure's end).
  void convertDeclareEnter(acc::DeclareEnterOp op) {
    if (!op->use_empty())
      return (void)error(op, "declare token still in use");
    // declare_exit, converted first, already dropped the exit ops.
    toDataOp<omp::TargetEnterDataOp>(
        op, op.getDataClauseOperands(), omp::TargetEnterDataOperands{},
        [&](Operation *e) { return dataOpFlags(e, op, "declare"); });
  }


  void convertDeclareExit(acc::DeclareExitOp op) {
    // An entry its declare_enter still uses stays for it.
    toDataOp<omp::TargetExitDataOp>(
        op, op.getDataClauseOperands(), omp::TargetExitDataOperands{},
        [&](Operation *e) { return dataOpFlags(e, op, "declare"); });
  }


  /// `set device_num(n)` selects the default device, as
  /// omp_set_default_device does; a device type alone changes nothing
  /// (the launch picked the device).
  void convertSet(acc::SetOp op) {
    // default_async: async work runs synchronously, so no queue is chosen.
    if (Value num = op.getDeviceNum()) {
      OpBuilder b(op);
      func::FuncOp callee = runtimeFunction(
          "omp_set_default_device", b.getFunctionType({b.getI32Type()}, {}));
      if (!num.getType().isInteger(32))
        num = fir::ConvertOp::create(b, op.getLoc(), b.getI32Type(), num);
      func::CallOp::create(b, op.getLoc(), callee, ValueRange{num});
    }
    op.erase();
  }

  //===--------------------------------------------------------------------===//
  // Driver
  //===--------------------------------------------------------------------===//

  /// `routine bind(name)`: device code calls `name` where it calls the
  /// routine; `name` is declared like it and compiled for the device.
  LogicalResult bindCalls(acc::RoutineOp routine, func::FuncOp func) {
    std::string name;
    if (auto ids = routine.getBindIdName(); ids && !ids->empty())
      name = cast<SymbolRefAttr>((*ids)[0]).getLeafReference().str();
    else if (auto strs = routine.getBindStrName(); strs && !strs->empty())
      name = cast<StringAttr>((*strs)[0]).str();
    if (name.empty())
      return success();
    auto bound = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
        module, StringAttr::get(ctx, name));
    if (!bound) {
      OpBuilder mb(func);
      bound =
          func::FuncOp::create(mb, func.getLoc(), name, func.getFunctionType());
      bound.setPrivate();
    } else if (bound.getFunctionType() != func.getFunctionType()) {
      error(routine, "bind name '") << name << "' has another type";
      return failure();
    }
    cast<omp::DeclareTargetInterface>(bound.getOperation())
        .setDeclareTarget(omp::DeclareTargetDeviceType::any,
                          omp::DeclareTargetCaptureClause::to,
                          /*automap=*/false);
    // Only the device code calls it: ompx-acc-bind-device renames the calls
    // in the device copy, the host keeps calling the host procedure.
    func->setAttr(ompx::passes::kAccBindAttrName,
                  FlatSymbolRefAttr::get(bound.getSymNameAttr()));
    return success();
  }

  void convertRoutines() {
    SmallVector<Operation *> routines;
    module.walk([&](acc::RoutineOp r) { routines.push_back(r); });
    for (Operation *r : routines) {
      auto routine = cast<acc::RoutineOp>(r);
      auto func = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
          module, routine.getFuncName());
      if (!func)
        continue;
      if (failed(bindCalls(routine, func)))
        continue;
      auto dt = routine.getNohost() ? omp::DeclareTargetDeviceType::nohost
                                    : omp::DeclareTargetDeviceType::any;
      cast<omp::DeclareTargetInterface>(func.getOperation())
          .setDeclareTarget(dt, omp::DeclareTargetCaptureClause::to,
                            /*automap=*/false);
      func->removeAttr(acc::getRoutineInfoAttrName());
      // Orphan loops in a routine run sequentially in the calling thread.
      sequentialize(func);
    }
    for (Operation *r : routines)
      if (SymbolTable::symbolKnownUseEmpty(cast<acc::RoutineOp>(r), module))
        r->erase();
  }

  void run() {
    // Compute constructs first (inner data clauses name outer ones), then
    // the data constructs around them, outermost last.
    convertAtomics();
    if (hadError)
      return;
    SmallVector<acc::KernelsOp> kernels;
    module.walk([&](acc::KernelsOp k) { kernels.push_back(k); });
    for (acc::KernelsOp k : kernels)
      splitKernels(k);
    if (hadError)
      return;
    SmallVector<Operation *> compute;
    module.walk([&](Operation *op) {
      if (isa<acc::ParallelOp, acc::SerialOp, acc::KernelsOp>(op))
        compute.push_back(op);
    });
    for (Operation *op : compute) {
      if (auto p = dyn_cast<acc::ParallelOp>(op))
        convertCompute(p);
      else if (auto s = dyn_cast<acc::SerialOp>(op))
        convertCompute(s);
      else
        convertCompute(cast<acc::KernelsOp>(op));
      if (hadError)
        return;
    }
    convertDeclareGlobals();
    convertDeclareActions();
    SmallVector<acc::DeclareExitOp> declareExits;
    module.walk([&](acc::DeclareExitOp op) { declareExits.push_back(op); });
    for (acc::DeclareExitOp op : declareExits)
      convertDeclareExit(op);
    SmallVector<acc::DeclareEnterOp> declareEnters;
    module.walk([&](acc::DeclareEnterOp op) { declareEnters.push_back(op); });
    for (acc::DeclareEnterOp op : declareEnters)
      convertDeclareEnter(op);
    if (hadError)
      return;
    SmallVector<Operation *> rest;
    module.walk([&](Operation *op) {
      if (isa<acc::DataOp, acc::EnterDataOp, acc::ExitDataOp, acc::UpdateOp,
              acc::WaitOp, acc::InitOp, acc::ShutdownOp, acc::SetOp,
              acc::HostDataOp>(op))
        rest.push_back(op);
    });
    for (Operation *op : rest) {
      if (auto d = dyn_cast<acc::DataOp>(op))
        convertData(d);
      else if (auto e = dyn_cast<acc::EnterDataOp>(op))
        convertEnterData(e);
      else if (auto x = dyn_cast<acc::ExitDataOp>(op))
        convertExitData(x);
      else if (auto u = dyn_cast<acc::UpdateOp>(op))
        convertUpdate(u);
      else if (auto hd = dyn_cast<acc::HostDataOp>(op))
        convertHostData(hd);
      else if (auto set = dyn_cast<acc::SetOp>(op))
        convertSet(set);
      else
        op->erase(); // wait, init, shutdown: nothing to do synchronously
      if (hadError)
        return;
    }
    convertRoutines();
    if (hadError)
      return;
    eraseUnusedRecipes();
    // Bounds of the clauses that became map entries.
    module.walk([](acc::DataBoundsOp bounds) {
      if (bounds->use_empty())
        bounds->erase();
    });
  }

  /// After the host part (what acc-if-clause-lowering left for `if(false)`)
  /// ran as host fallback: anything left is an error.
  void checkNoneLeft() {
    eraseUnusedRecipes();
    module.walk([&](Operation *op) {
      if (!isAcc(op) || hadError)
        return WalkResult::advance();
      error(op, "no OpenMP lowering for ") << op->getName();
      return WalkResult::interrupt();
    });
  }

  void eraseUnusedRecipes() {
    SmallVector<Operation *> recipes;
    for (Operation &op : module.getBody()->getOperations())
      if (isa<acc::PrivateRecipeOp, acc::FirstprivateRecipeOp,
              acc::ReductionRecipeOp>(op))
        recipes.push_back(&op);
    for (Operation *r : recipes)
      if (SymbolTable::symbolKnownUseEmpty(cast<SymbolOpInterface>(r), module))
        r->erase();
  }
};

/// `self(c)` runs compute construct `op` on the host when `c` holds, as
/// `if(!c)` does (and `self` alone as `if(false)`): folded into the `if`
/// that acc-if-clause-lowering splits on, with any `if` already there.
template <typename ComputeOp> void foldSelfIntoIf(ComputeOp op) {
  Value self = op.getSelfCond();
  if (!self && !op.getSelfAttr())
    return;
  OpBuilder b(op);
  Location loc = op.getLoc();
  auto constant = [&](bool v) -> Value {
    return arith::ConstantOp::create(b, loc,
                                     b.getIntegerAttr(b.getI1Type(), v));
  };
  // flang-22 lowers `self(c)` of a variable to a convert of its address,
  // not its value (`if(c)` loads it): the region's placement followed an
  // address bit. Read the variable here.
  if (auto cvt = self ? self.getDefiningOp<fir::ConvertOp>() : nullptr)
    if (llvm::isa<fir::ReferenceType>(cvt.getValue().getType()))
      self = fir::ConvertOp::create(
          b, loc, b.getI1Type(), fir::LoadOp::create(b, loc, cvt.getValue()));
  Value onDevice = self ? arith::XOrIOp::create(b, loc, self, constant(true))
                        : constant(false);
  if (Value cond = op.getIfCond())
    onDevice = arith::AndIOp::create(b, loc, cond, onDevice);
  op.getIfCondMutable().assign(onDevice);
  op.getSelfCondMutable().clear();
  op.removeSelfAttrAttr();
}

/// ompx's openacc module (pipeline/runtime/openacc.f90) has no device
/// copy, but OpenACC lets compute regions call acc_on_device: each call
/// becomes the module's own test, made on omp_is_initial_device, which the
/// host's libomp and every device runtime define. The same test on the
/// host gives the module's answer, so calls in host code are replaced too.
static void inlineAccOnDevice(ModuleOp module) {
  // The device kinds of runtime/openacc.f90, which must agree.
  enum : int32_t { Host = 2, NotHost = 4, Nvidia = 5, Radeon = 8 };
  SmallVector<fir::CallOp> calls;
  module.walk([&](fir::CallOp call) {
    if (auto callee = call.getCallee();
        callee && callee->getRootReference() == "_QMopenaccPacc_on_device" &&
        call.getNumOperands() == 1 && call.getNumResults() == 1 &&
        call.getOperand(0).getType().isInteger(32))
      calls.push_back(call);
  });
  if (calls.empty())
    return;
  // omp_lib declares it returning logical(4), by its C binding an int.
  func::FuncOp initial =
      module.lookupSymbol<func::FuncOp>("omp_is_initial_device");
  if (!initial) {
    OpBuilder mb(module.getBodyRegion());
    initial = func::FuncOp::create(mb, module.getLoc(), "omp_is_initial_device",
                                   mb.getFunctionType({}, {mb.getI32Type()}));
    initial.setPrivate();
  }
  for (fir::CallOp call : calls) {
    OpBuilder b(call);
    Location loc = call.getLoc();
    Value kind = call.getOperand(0);
    auto is = [&](int32_t k) -> Value {
      Value c = arith::ConstantIntOp::create(b, loc, b.getI32Type(), k);
      return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, kind, c);
    };
    Value init = func::CallOp::create(b, loc, initial).getResult(0);
    if (isa<fir::LogicalType>(init.getType()))
      init = fir::ConvertOp::create(b, loc, b.getI1Type(), init);
    else if (!init.getType().isInteger(1))
      init = arith::CmpIOp::create(
          b, loc, arith::CmpIPredicate::ne, init,
          arith::ConstantIntOp::create(b, loc, init.getType(), 0));
    Value device = arith::OrIOp::create(
        b, loc, arith::OrIOp::create(b, loc, is(NotHost), is(Nvidia)),
        is(Radeon));
    Value on = arith::SelectOp::create(b, loc, init, is(Host), device);
    call.getResult(0).replaceAllUsesWith(
        fir::ConvertOp::create(b, loc, call.getResult(0).getType(), on));
    call.erase();
  }
}

/// `tile` on a loop whose step is negative or known only at run time:
/// LLVM 22's acc-loop-tiling ends such a tile at the loop's last iteration
/// (smin where smax is due), and every tile runs to the loop's end
/// (`tile(8)` over 100..1 by -1 ran 682 iterations; crashes too).
static LogicalResult refuseDescendingTiles(ModuleOp module) {
  bool failed = false;
  module.walk([&](acc::LoopOp loop) {
    size_t tiled = loop.getTileValues().size();
    for (auto [k, step] : llvm::enumerate(loop.getStep())) {
      if (k >= tiled)
        break;
      Value v = step;
      while (auto convert = v.getDefiningOp<fir::ConvertOp>())
        v = convert.getValue();
      llvm::APInt value;
      if (matchPattern(v, m_ConstantInt(&value)) && value.isStrictlyPositive())
        continue;
      loop.emitError()
          << "tile on a loop whose step is negative or known only at run "
             "time is refused: LLVM 22's acc-loop-tiling runs each such tile "
             "to the loop's end (iterations run many times over); write the "
             "loop with a positive step, or drop tile";
      failed = true;
      return;
    }
  });
  return failure(failed);
}

/// Whether `var` is the address of a named constant's global (a PARAMETER
/// array flang keeps in read-only memory).
bool isConstantGlobal(Value var) {
  while (Operation *def = var.getDefiningOp()) {
    if (auto addr = dyn_cast<fir::AddrOfOp>(def)) {
      auto global = SymbolTable::lookupNearestSymbolFrom<fir::GlobalOp>(
          def, addr.getSymbol());
      return global && global.getConstant();
    }
    if (!isa<hlfir::DeclareOp, fir::DeclareOp, fir::ConvertOp, fir::BoxAddrOp>(
            def))
      return false;
    var = def->getOperand(0);
  }
  return false;
}

/// A named constant is no variable (OpenACC 3.3, 2.6): acc-implicit-data
/// gives a PARAMETER array read in a compute construct `copy`, whose copy
/// back wrote into read-only memory (a segfault on host-offload). It is
/// copied in only.
void copyInConstants(ModuleOp module) {
  module.walk([](acc::CopyoutOp out) {
    if (!isConstantGlobal(out.getVar()))
      return;
    // An explicit `exit data copyout` of one (non-conforming, and flang-22
    // takes it) is a delete too: nothing may be written back.
    auto in = out.getAccVar().getDefiningOp<acc::CopyinOp>();
    if (in)
      in.setDataClause(acc::DataClause::acc_copyin);
    OpBuilder b(out);
    acc::DeleteOp::create(
        b, out.getLoc(), out.getAccVar(), out.getBounds(),
        out.getAsyncOperands(), out.getAsyncOperandsDeviceTypeAttr(),
        out.getAsyncOnlyAttr(),
        in ? acc::DataClause::acc_copyin : acc::DataClause::acc_delete,
        out.getStructured(), out.getImplicit(), out.getNameAttr());
    out.erase();
  });
  // `update self(cx)` of one: nothing may be written back either.
  // (Its operand is the clause's acc.getdeviceptr, which the
  // acc.update_host after it copies back from.)
  llvm::SmallVector<acc::UpdateOp> updates;
  module.walk([&](acc::UpdateOp update) { updates.push_back(update); });
  for (acc::UpdateOp update : updates) {
    llvm::SmallVector<Value> kept;
    llvm::SmallVector<Operation *> dropped;
    for (Value v : update.getDataClauseOperands()) {
      Operation *def = v.getDefiningOp();
      Value var = def ? acc::getVar(def) : Value();
      if (!def || !var || !isConstantGlobal(var)) {
        kept.push_back(v);
        continue;
      }
      for (Operation *user : v.getUsers())
        if (isa<acc::UpdateHostOp>(user))
          dropped.push_back(user);
      dropped.push_back(def);
    }
    if (dropped.empty())
      continue;
    update.getDataClauseOperandsMutable().assign(kept);
    if (kept.empty())
      update.erase();
    for (Operation *op : dropped)
      op->erase();
  }
}

struct AccToOmpPass : ompx::passes::impl::AccToOmpPassBase<AccToOmpPass> {
  using Base::Base;

  static void buildPreparePipeline(OpPassManager &pm) {
    pm.addPass(acc::createACCImplicitData());
    pm.addNestedPass<func::FuncOp>(acc::createLegalizeDataValuesInRegion());
    pm.addNestedPass<func::FuncOp>(acc::createACCIfClauseLowering());
    pm.addNestedPass<func::FuncOp>(acc::createACCLoopTiling());
    pm.addNestedPass<func::FuncOp>(
        acc::createOffloadLiveInValueCanonicalization());
  }
  void getDependentDialects(DialectRegistry &registry) const final {
    // hlfir: acc-implicit-data's FIR recipes declare their copies with
    // hlfir.declare, also in FIR-form input (which never loads hlfir).
    registry.insert<omp::OpenMPDialect, fir::FIROpsDialect, hlfir::hlfirDialect,
                    scf::SCFDialect, arith::ArithDialect, func::FuncDialect>();
    OpPassManager pm(ModuleOp::getOperationName());
    buildPreparePipeline(pm);
    acc::ACCSpecializeForHostOptions opts;
    opts.enableHostFallback = true;
    pm.addNestedPass<func::FuncOp>(acc::createACCSpecializeForHost(opts));
    pm.getDependentDialects(registry);
  }

  void runOnOperation() final {
    ModuleOp module = getOperation();
    // An ALLOCATE of another module's `acc declare`d allocatable is no acc
    // op, only a hook flang marks: its device copy is made there.
    bool any = false;
    module.walk([&](Operation *op) {
      any = isAcc(op) || op->hasAttr(acc::getDeclareActionAttrName());
      return any ? WalkResult::interrupt() : WalkResult::advance();
    });
    if (!any)
      return;
    inlineAccOnDevice(module);
    // Constructs with unstructured code become one block, for the
    // preparation, this pass and the host part alike.
    if (failed(ompx::passes::prepareAccInput(module, "acc-to-omp")))
      return signalPassFailure();
    module.walk([](Operation *op) {
      llvm::TypeSwitch<Operation *>(op)
          .Case<acc::ParallelOp, acc::SerialOp, acc::KernelsOp>(
              [](auto c) { foldSelfIntoIf(c); });
    });
    if (prepare) {
      if (failed(refuseDescendingTiles(module)))
        return signalPassFailure();
      ompx::passes::tagPrivateUses(module);
      OpPassManager pm(ModuleOp::getOperationName());
      buildPreparePipeline(pm);
      if (failed(runPipeline(pm, module)))
        return signalPassFailure();
      copyInConstants(module);
      ompx::passes::copyTaggedPrivatesForHost(module);
    }
    Converter converter(module);
    converter.run();
    if (converter.hadError)
      return signalPassFailure();
    // The device constructs are omp now. What acc is left runs on the host:
    // the branch `if(false)` takes (acc-if-clause-lowering keeps the
    // clauses there; each private and firstprivate gets its copy). Host
    // fallback lowers it as a --device=host launch would.
    bool left = false;
    module.walk([&](Operation *op) {
      left = isAcc(op) && !isa<acc::PrivateRecipeOp, acc::FirstprivateRecipeOp,
                               acc::ReductionRecipeOp>(op);
      return left ? WalkResult::interrupt() : WalkResult::advance();
    });
    if (left) {
      ompx::passes::copyFirstprivatesForHost(module);
      ompx::passes::copyPrivatesForHost(module);
      if (failed(ompx::passes::lowerAccAtomicsForHost(module)))
        return signalPassFailure();
      OpPassManager pm(ModuleOp::getOperationName());
      acc::ACCSpecializeForHostOptions opts;
      opts.enableHostFallback = true;
      pm.addNestedPass<func::FuncOp>(acc::createACCSpecializeForHost(opts));
      if (failed(runPipeline(pm, module)))
        return signalPassFailure();
    }
    converter.checkNoneLeft();
    if (converter.hadError)
      signalPassFailure();
  }
};
} // namespace
