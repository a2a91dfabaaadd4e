//===- MappingFlow.cpp - Data-state walk of the mapping checks ------------===//
//
// One walk per function over its host code in program order. Each variable a
// data op names (by the storage its declares, converts and box addresses come
// from) has a state: how many device copies are live (enter data, data
// regions and kernels add one, their exits drop one, `delete` all), the
// kernel whose device write the host has not seen yet, the exit that dropped
// such a write, and the host write the device copy has not seen. Host reads
// and kernels are judged against it. Whatever the walk cannot follow (a call
// that may reach the variable, a transfer or kernel under a condition, a
// pointer or target variable, a component map) makes the variable unknown:
// no finding for it from there on.
//
//===----------------------------------------------------------------------===//

#include "server/analysis/MappingFlow.h"
#include "dialects/ir/ClauseModelBuilder.h"
#include "pipeline/compile/DeclareRecords.h"
#include "server/analysis/ArraySections.h"
#include "server/analysis/MappingCheckNames.h"
#include "support/FlangNames.h"

#include "flang/Optimizer/Dialect/FIRAttr.h"
#include "flang/Optimizer/Dialect/FIROps.h"
#include "flang/Optimizer/Dialect/FIRType.h"
#include "flang/Optimizer/HLFIR/HLFIROps.h"
#include "flang/Optimizer/Support/InternalNames.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/OpenACC/OpenACC.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"

#include <tuple>

using namespace ompx;
using namespace ompx::mapping;
using llvm::StringRef;

namespace {

bool isKernel(mlir::Operation *op) {
  return llvm::isa<mlir::omp::TargetOp, mlir::acc::ParallelOp,
                   mlir::acc::SerialOp, mlir::acc::KernelsOp>(op);
}

/// Why a program with such a race gives the right answer when ompx builds it.
constexpr const char *kAsyncHere =
    " (ompx's own build runs `async` work synchronously; OpenACC compilers "
    "that overlap it give whatever the host saw first)";

/// Whether `op` calls the OpenACC API's host wait (`acc_wait(q)`,
/// `acc_wait_all()`, their `_device` and old `acc_async_wait` forms; not
/// the `_async` ones, which only queue a wait).
bool callsAccWait(mlir::Operation *op) {
  auto call = llvm::dyn_cast<fir::CallOp>(op);
  std::optional<mlir::SymbolRefAttr> callee =
      call ? call.getCallee() : std::nullopt;
  if (!callee)
    return false;
  StringRef name = callee->getRootReference().getValue();
  name.consume_front("_QMopenaccP");
  // acc_async_test: a program polls it until the work is done.
  return llvm::is_contained({"acc_wait", "acc_wait_all", "acc_wait_device",
                             "acc_wait_all_device", "acc_async_wait",
                             "acc_async_wait_all", "acc_async_test",
                             "acc_async_test_all"},
                            name);
}

/// Whether OpenACC `op` (a construct, a directive, or a data clause's
/// copy) is queued with `async`: the host goes on without waiting for it.
bool accAsync(mlir::Operation *op) {
  auto async = [](auto o) {
    return o.hasAsyncOnly() || !o.getAsyncOperands().empty();
  };
  return llvm::TypeSwitch<mlir::Operation *, bool>(op)
      .Case<mlir::acc::ParallelOp, mlir::acc::SerialOp, mlir::acc::KernelsOp,
            mlir::acc::UpdateOp, mlir::acc::CopyinOp, mlir::acc::CopyoutOp,
            mlir::acc::UpdateHostOp, mlir::acc::UpdateDeviceOp>(async)
      .Case<mlir::acc::EnterDataOp, mlir::acc::ExitDataOp>(
          [](auto o) { return o.getAsync() || o.getAsyncOperand(); })
      .Default([](mlir::Operation *) { return false; });
}

/// Whether OpenACC `op`, run synchronously, waits for queues first (a
/// `wait` clause): the host has waited for them when it goes on.
bool accWaitsFirst(mlir::Operation *op) {
  auto compute = [](auto o) {
    return o.hasWaitOnly() || !o.getWaitOperands().empty();
  };
  auto data = [](auto o) {
    return o.getWait() || !o.getWaitOperands().empty();
  };
  return llvm::TypeSwitch<mlir::Operation *, bool>(op)
             .Case<mlir::acc::ParallelOp, mlir::acc::SerialOp,
                   mlir::acc::KernelsOp, mlir::acc::UpdateOp>(compute)
             .Case<mlir::acc::EnterDataOp, mlir::acc::ExitDataOp>(data)
             .Default([](mlir::Operation *) { return false; }) &&
         !accAsync(op);
}

/// Each map entry of `target` with the region's block argument it binds
/// (none for a target without a region).
llvm::SmallVector<std::pair<mlir::omp::MapInfoOp, mlir::BlockArgument>>
mapEntries(mlir::omp::TargetOp target) {
  llvm::SmallVector<std::pair<mlir::omp::MapInfoOp, mlir::BlockArgument>> out;
  auto iface =
      llvm::cast<mlir::omp::BlockArgOpenMPOpInterface>(target.getOperation());
  if (target.getRegion().empty())
    return out;
  mlir::Block &body = target.getRegion().front();
  unsigned start = iface.getMapBlockArgsStart();
  for (auto [i, v] : llvm::enumerate(iface.getMapVars()))
    if (auto m = v.getDefiningOp<mlir::omp::MapInfoOp>())
      if (start + i < body.getNumArguments())
        out.push_back({m, body.getArgument(start + i)});
  return out;
}

/// The storage `v` is a view of, and whether it is one variable as a whole
/// (not a component or element of one).
std::pair<mlir::Value, bool> rootOf(mlir::Value v) {
  bool whole = true;
  while (mlir::Operation *def = v.getDefiningOp()) {
    if (llvm::isa<hlfir::DesignateOp, fir::CoordinateOp, fir::ArrayCoorOp>(def))
      whole = false;
    else if (!llvm::isa<hlfir::DeclareOp, fir::DeclareOp, fir::ConvertOp,
                        fir::BoxAddrOp, fir::ReboxOp, fir::EmboxOp>(def))
      break;
    v = def->getOperand(0);
  }
  return {v, whole};
}

/// A pointer or target variable: other names may reach its storage.
bool mayAlias(mlir::Value root) {
  for (mlir::Operation *user : root.getUsers()) {
    std::optional<fir::FortranVariableFlagsEnum> attrs;
    if (auto d = llvm::dyn_cast<hlfir::DeclareOp>(user))
      attrs = d.getFortranAttrs();
    else if (auto d = llvm::dyn_cast<fir::DeclareOp>(user))
      attrs = d.getFortranAttrs();
    if (attrs &&
        bitEnumContainsAny(*attrs, fir::FortranVariableFlagsEnum::pointer |
                                       fir::FortranVariableFlagsEnum::target))
      return true;
  }
  return false;
}

/// A Fortran dummy argument passed by reference: the caller sees its
/// writes (not a `value` dummy, not a bare pointer argument).
bool isFortranDummy(mlir::Value root) {
  if (!llvm::isa<mlir::BlockArgument>(root))
    return false;
  return llvm::any_of(root.getUsers(), [](mlir::Operation *user) {
    auto d = llvm::dyn_cast<hlfir::DeclareOp>(user);
    return d && d.getDummyScope() &&
           !(d.getFortranAttrs() &&
             bitEnumContainsAny(*d.getFortranAttrs(),
                                fir::FortranVariableFlagsEnum::value));
  });
}

/// Whether `op`'s results reach only map entries and their bounds (through
/// ops without memory effects): the host reading an allocatable member's
/// descriptor to size `update from(t%a)` is part of that data op, not a
/// read of data a kernel wrote.
bool feedsOnlyMaps(mlir::Operation *op) {
  if (op->getNumResults() == 0)
    return false;
  llvm::SmallVector<mlir::Operation *> work{op};
  llvm::SmallPtrSet<mlir::Operation *, 8> seen{op};
  bool reached = false;
  while (!work.empty()) {
    mlir::Operation *at = work.pop_back_val();
    for (mlir::Operation *user : at->getUsers()) {
      if (llvm::isa<mlir::omp::MapInfoOp, mlir::omp::MapBoundsOp>(user)) {
        reached = true;
        continue;
      }
      if (user->getNumRegions() != 0 || user->getNumResults() == 0 ||
          !mlir::isMemoryEffectFree(user))
        return false;
      if (seen.insert(user).second)
        work.push_back(user);
    }
  }
  return reached;
}

/// The component of the derived type `root` that `op` uses it through: the
/// outermost component designated on the way from `root` (through loads of
/// an allocatable component's descriptor), or null when `op` uses `root`
/// whole or in a way this does not follow.
mlir::StringAttr componentOf(mlir::Operation *op, mlir::Value root) {
  mlir::StringAttr found;
  for (mlir::Value v : op->getOperands()) {
    mlir::StringAttr comp;
    bool reaches = false;
    for (mlir::Value at = v; at;) {
      if (at == root) {
        reaches = true;
        break;
      }
      mlir::Operation *def = at.getDefiningOp();
      if (auto d = llvm::dyn_cast_or_null<hlfir::DesignateOp>(def)) {
        if (d.getComponent())
          comp = d.getComponentAttr();
        at = d.getMemref();
      } else if (llvm::isa_and_nonnull<hlfir::DeclareOp, fir::DeclareOp,
                                       fir::ConvertOp, fir::BoxAddrOp,
                                       fir::ReboxOp, fir::EmboxOp, fir::LoadOp>(
                     def)) {
        at = def->getOperand(0);
      } else {
        at = nullptr;
      }
    }
    if (!reaches)
      continue;
    if (!comp || (found && comp != found))
      return {};
    found = comp;
  }
  return found;
}

/// The flags of an omp map entry.
struct Flags {
  bool to = false, from = false, del = false, always = false, implicit = false,
       byCopy = false;
};

Flags flagsOf(mlir::omp::MapInfoOp map) {
  Flags f;
  for (const std::string &word : mapClauseWords(map.getMapType())) {
    StringRef w = word;
    f.to |= w == "to";
    f.from |= w == "from";
    f.del |= w == "delete";
    f.always |= w == "always";
    f.implicit |= w == "implicit";
  }
  f.byCopy = map.getMapCaptureType() != mlir::omp::VariableCaptureKind::ByRef;
  // flang maps a descriptor `always, to` at every construct and its data
  // by a member entry: that `always` copies none of the data (a host write
  // of an allocatable's data was taken as copied in again).
  if (!map.getMembers().empty() &&
      mlir::isa<fir::BaseBoxType>(
          fir::unwrapRefType(map.getVarPtr().getType()))) {
    f.always = false;
    // Nor its `to` (`enter data map(alloc: w)` of an allocatable is a
    // descriptor `always, to` with a data member `storage`): the data's
    // copies are its member's.
    for (mlir::Value v : map.getMembers())
      if (auto data = v.getDefiningOp<mlir::omp::MapInfoOp>();
          data && data.getVarPtrPtr() && data.getVarPtr() == map.getVarPtr() &&
          data.getMembers().empty()) {
        Flags d = flagsOf(data);
        f.to = d.to;
        f.from = d.from;
      }
  }
  // The build maps these tofrom, as OpenMP says (ompx-implicit-map-rules).
  if (implicitCaptureMapsTofrom(map)) {
    f.to = f.from = true;
    f.byCopy = false;
  }
  return f;
}

/// Whether `addr` names a declare target (`to`/`enter`) variable: this unit
/// declares it, or its module does (ompx.declare_target_elsewhere, which
/// emit sets from the module's record; "link" for a link one). Its device
/// copy lives as long as the program: maps neither make nor drop it.
bool declaredTarget(fir::AddrOfOp addr) {
  auto global = mlir::SymbolTable::lookupNearestSymbolFrom<fir::GlobalOp>(
      addr, addr.getSymbol());
  if (!global)
    return false;
  if (mlir::Attribute elsewhere =
          global->getAttr("ompx.declare_target_elsewhere")) {
    auto kind = llvm::dyn_cast<mlir::StringAttr>(elsewhere);
    return !kind || kind.getValue() != "link";
  }
  auto dt =
      llvm::dyn_cast<mlir::omp::DeclareTargetInterface>(global.getOperation());
  return dt && dt.isDeclareTarget() &&
         dt.getDeclareTargetCaptureClause() !=
             mlir::omp::DeclareTargetCaptureClause::link &&
         dt.getDeclareTargetDeviceType() !=
             mlir::omp::DeclareTargetDeviceType::host;
}

} // namespace

std::vector<Access> ompx::mapping::dataAccesses(mlir::Value v) {
  std::vector<Access> list = accessesOf(v, /*followLoads=*/true);
  mlir::Type element = fir::dyn_cast_ptrEleTy(v.getType());
  if (llvm::isa<fir::BaseBoxType>(v.getType()) ||
      (element && llvm::isa<fir::BaseBoxType>(element)))
    llvm::erase_if(list, [](const Access &a) {
      return !a.indirect && !a.unknown && !a.write;
    });
  return list;
}

mlir::Value ompx::mapping::storageOf(mlir::Value v) { return rootOf(v).first; }

bool ompx::mapping::isDeclareTargetStorage(mlir::Value v) {
  auto global = rootOf(v).first.getDefiningOp<fir::AddrOfOp>();
  return global && declaredTarget(global);
}

/// The procedure a call in device code calls, when the module defines it.
static mlir::func::FuncOp definedCallee(fir::CallOp call) {
  std::optional<mlir::SymbolRefAttr> callee = call.getCallee();
  if (!callee)
    return {};
  auto f = mlir::SymbolTable::lookupNearestSymbolFrom<mlir::func::FuncOp>(
      call, *callee);
  return f && !f.isExternal() ? f : mlir::func::FuncOp();
}

/// The declare target module variables `f` reads for certain: an
/// unconditional read in it, or in a procedure it calls unconditionally.
static void certainReads(
    mlir::func::FuncOp f,
    llvm::DenseMap<mlir::Operation *, llvm::DenseSet<mlir::StringAttr>> &memo,
    llvm::DenseSet<mlir::StringAttr> &out) {
  auto [it, fresh] = memo.try_emplace(f);
  if (!fresh) { // done, or on the call stack (recursion: nothing more)
    out.insert(it->second.begin(), it->second.end());
    return;
  }
  llvm::DenseSet<mlir::StringAttr> reads;
  f.walk([&](mlir::Operation *op) {
    if (auto addr = llvm::dyn_cast<fir::AddrOfOp>(op)) {
      // Module variables only: a common block is one global for all its
      // members, which one read does not say.
      auto [kind, parts] = fir::NameUniquer::deconstruct(
          addr.getSymbol().getRootReference().getValue());
      if (kind == fir::NameUniquer::NameKind::VARIABLE &&
          !parts.modules.empty() && declaredTarget(addr) &&
          llvm::any_of(accessesOf(addr.getResult(), false),
                       [&](const Access &a) {
                         return a.read && !underCondition(a.op, f);
                       }))
        reads.insert(addr.getSymbol().getRootReference());
    } else if (auto call = llvm::dyn_cast<fir::CallOp>(op)) {
      if (mlir::func::FuncOp callee = definedCallee(call);
          callee && !underCondition(call, f))
        certainReads(callee, memo, reads);
    }
  });
  memo[f] = reads;
  out.insert(reads.begin(), reads.end());
}

/// The declare target module variables that the procedures `kernel` calls
/// read for certain (certainReads), with the call, where nothing the kernel
/// reaches writes them: the kernel reads the device's copy, which none of
/// its map entries may name.
static llvm::SmallVector<std::pair<mlir::StringAttr, mlir::Operation *>>
calledDeviceReads(mlir::Operation *kernel) {
  llvm::DenseSet<mlir::StringAttr> written;
  llvm::SmallPtrSet<mlir::Operation *, 8> seen;
  llvm::SmallVector<mlir::Operation *> work{kernel};
  while (!work.empty())
    work.pop_back_val()->walk([&](mlir::Operation *op) {
      if (auto addr = llvm::dyn_cast<fir::AddrOfOp>(op))
        for (const Access &a : accessesOf(addr.getResult(), false))
          if (a.write || a.unknown)
            written.insert(addr.getSymbol().getRootReference());
      if (auto call = llvm::dyn_cast<fir::CallOp>(op))
        if (mlir::func::FuncOp f = definedCallee(call);
            f && seen.insert(f).second)
          work.push_back(f);
    });
  llvm::SmallVector<std::pair<mlir::StringAttr, mlir::Operation *>> reads;
  llvm::DenseMap<mlir::Operation *, llvm::DenseSet<mlir::StringAttr>> memo;
  kernel->walk([&](fir::CallOp call) {
    mlir::func::FuncOp f = definedCallee(call);
    if (!f)
      return;
    llvm::DenseSet<mlir::StringAttr> globals;
    certainReads(f, memo, globals);
    for (mlir::StringAttr g : globals)
      if (!written.contains(g))
        reads.push_back({g, call});
  });
  return reads;
}

namespace {

std::string nameOf(StringRef name) {
  return name.empty() ? "the variable" : "`" + name.str() + "`";
}

struct VarState {
  std::string name;
  bool unknown = false, reported = false;
  bool escapes = false; ///< a dummy or module variable: its caller sees it
  bool global = false;  ///< static storage: a called procedure may reach it
  int refs = 0;         ///< live device copies
  /// Declare target: one device copy for the whole program (refs stays 1).
  bool permanent = false;
  /// The kernel whose device write the host has not seen, and its entry.
  mlir::Operation *devWriter = nullptr, *devWriterMap = nullptr;
  /// The components of a derived type those kernels wrote, when every
  /// write went through one (else the whole variable): a host read of
  /// another component reads nothing they changed.
  llvm::SmallVector<mlir::StringAttr, 2> devParts;
  bool devWhole = false;
  /// The exit that dropped such a write, and the check that judges it.
  mlir::Operation *lostExit = nullptr, *lostWriter = nullptr;
  const char *lostCheck = nullptr;
  std::string fixFrom;
  /// The host write the device copy has not seen, and the certain ones
  /// before it since the last copy in (an `update to` of a section must
  /// hold each).
  mlir::Operation *hostWriter = nullptr;
  llvm::SmallVector<mlir::Operation *, 2> earlierHostWriters;
  /// Since devWriter: single elements the host set itself (a boundary
  /// value); a read of one of them reads the host's own value.
  llvm::SmallVector<Section, 2> hostOwn;
  /// Since devWriter: the sections `update from`/`update self` copied back
  /// (1-d, constant Fortran bounds); a host read of an element outside them
  /// still reads the old value. The last such update, for the note.
  llvm::SmallVector<Section, 2> copiedBack;
  mlir::Operation *partialFrom = nullptr;
  /// The elements those kernels wrote, when known (1-d, constant loop
  /// bounds: ArraySections.h); empty when not: all of it.
  llvm::SmallVector<Section, 2> devWritten;
  /// An `update to` of a section that left the host write out.
  mlir::Operation *partialTo = nullptr;
  /// The map entry that made the device copy without `to` (a data region's
  /// `alloc`), while nothing has written or copied into it.
  mlir::Operation *uninitAt = nullptr;
  /// A nowait kernel the host has not waited for, and its entry; whether
  /// it writes and reads the device copy (a kernel's accesses; an update's
  /// `to` writes it, its `from` reads it).
  mlir::Operation *nowait = nullptr, *nowaitMap = nullptr;
  bool nowaitWrites = false, nowaitReads = false;
  /// Another procedure's `enter data` that keeps it present (refs 1).
  mlir::Operation *enteredAt = nullptr;
  /// The entry (a map or acc data clause) that made the live device copy.
  mlir::Operation *madeBy = nullptr;
  /// A kernel that wrote its firstprivate copy, and the implicit entry.
  mlir::Operation *privWriter = nullptr, *privMap = nullptr;
  /// For --explain-maps: its first data op, the transfers and kernels
  /// followed, and why the walk stopped judging it.
  mlir::Operation *first = nullptr, *stopAt = nullptr;
  unsigned events = 0;
  const char *why = nullptr;
};

/// What the functions of one module do to its global variables: which
/// are entered (enter data), written by a kernel (with that kernel's entry)
/// and copied back by an exit, update or data region. An `exit data` that
/// drops a global another function entered and a kernel wrote, never copied
/// back anywhere, loses that write.
struct ModuleSummary {
  llvm::DenseSet<mlir::StringAttr> entered, copiedBack;
  /// The first `enter data` of each global.
  llvm::DenseMap<mlir::StringAttr, mlir::Operation *> enteredBy;
  llvm::DenseMap<mlir::StringAttr, mlir::Operation *> written;

  static mlir::StringAttr globalOf(mlir::Value v) {
    auto global = rootOf(v).first.getDefiningOp<fir::AddrOfOp>();
    return global ? global.getSymbol().getRootReference() : mlir::StringAttr();
  }

  void collect(mlir::Operation *top) {
    top->walk([&](mlir::Operation *op) {
      if (auto target = llvm::dyn_cast<mlir::omp::TargetOp>(op))
        return kernel(target);
      auto maps = [&](mlir::OperandRange r, bool enter, bool anyFrom) {
        for (mlir::Value v : r)
          if (auto m = v.getDefiningOp<mlir::omp::MapInfoOp>())
            if (mlir::StringAttr g = globalOf(m.getVarPtr())) {
              if (enter) {
                entered.insert(g);
                enteredBy.try_emplace(g, op);
              }
              if (anyFrom && flagsOf(m).from)
                copiedBack.insert(g);
            }
      };
      if (auto e = llvm::dyn_cast<mlir::omp::TargetEnterDataOp>(op))
        maps(e.getMapVars(), true, false);
      else if (auto e = llvm::dyn_cast<mlir::omp::TargetExitDataOp>(op))
        maps(e.getMapVars(), false, true);
      else if (auto u = llvm::dyn_cast<mlir::omp::TargetUpdateOp>(op))
        maps(u.getMapVars(), false, true);
      else if (auto d = llvm::dyn_cast<mlir::omp::TargetDataOp>(op))
        maps(d.getMapVars(), false, true);
    });
  }

  void kernel(mlir::omp::TargetOp target) {
    for (auto [m, arg] : mapEntries(target)) {
      mlir::StringAttr g = globalOf(m.getVarPtr());
      if (!g || flagsOf(m).byCopy)
        continue;
      if (llvm::any_of(dataAccesses(arg),
                       [](const Access &a) { return a.write; }))
        written.try_emplace(g, target.getOperation());
    }
  }
};

/// Whether `a` is `b` or comes before it in their region.
static bool atOrBefore(mlir::Block *a, mlir::Block *b) {
  for (mlir::Block *at = b; at; at = at->getPrevNode())
    if (at == a)
      return true;
  return false;
}

/// A depend clause's item: the variable's storage, whether it is `in`, and
/// the item itself (a whole variable or an element, `d(1)`).
struct DependItem {
  mlir::Value root;
  bool in;
  mlir::Value item;
};

/// What a procedure of this file does to module variables on the host,
/// when that is all it does (Walk::hostEffectsOf), per procedure.
struct HostEffects {
  llvm::DenseSet<mlir::StringAttr> reads, writes, certainWrites;
};
using CalleeEffects =
    llvm::DenseMap<mlir::Operation *, std::optional<HostEffects>>;

class Walk {
public:
  Walk(std::vector<FlowFinding> &out, bool explain, const ModuleSummary &module,
       CalleeEffects &effects)
      : out(out), explain(explain), module(module), effects(effects) {}

  void function(mlir::FunctionOpInterface func) {
    if (func.isExternal())
      return;
    collect(func);
    if (vars.empty())
      return;
    // Blocks in order, state carried; a back edge (a `do while` or `goto`
    // loop) is followed once more from where its block ended.
    for (mlir::Region &r : func->getRegions())
      for (mlir::Block &b : r) {
        for (mlir::Operation &op : b)
          visit(&op, /*conditional=*/false);
        for (mlir::Block *succ : b.getSuccessors())
          if (atOrBefore(succ, &b))
            probe(*succ);
      }
    // A firstprivate write the caller would have read.
    for (auto &[root, s] : vars)
      if (s.privWriter && s.escapes && !s.unknown && !s.reported)
        reportPrivate(s, nullptr);
    for (auto &[root, s] : vars)
      leftMapped(func, root, s);
    if (explain)
      for (auto &[root, s] : vars)
        explainVar(s);
  }

private:
  /// Stops judging `s` (the first reason is kept for --explain-maps).
  static void stop(VarState &s, mlir::Operation *at, const char *why) {
    if (s.unknown)
      return;
    s.unknown = true;
    s.stopAt = at;
    s.why = why;
  }

  /// Walks `succ` from the state the block before it ended with, keeping
  /// only the findings: the host read at the top of a loop's next
  /// iteration (`do while (.not. done)`) of what the body's kernel wrote.
  void probe(mlir::Block &succ) {
    std::vector<VarState> saved;
    for (auto &[root, s] : vars)
      saved.push_back(s);
    for (mlir::Operation &op : succ)
      visit(&op, /*conditional=*/false);
    for (auto [i, entry] : llvm::enumerate(vars)) {
      bool reported = entry.second.reported;
      entry.second = saved[i];
      entry.second.reported |= reported;
    }
  }

  /// At the end of `func`: a local (stack storage, not the main
  /// program's) whose device copy an `enter data` of `func` made and
  /// nothing released. The copy outlives the call: the runtime keeps it
  /// under the local's address, where a later call's local lies, so that
  /// call's maps find it present and copy nothing in (its kernel computed
  /// with the first call's values, silently).
  void leftMapped(mlir::FunctionOpInterface func, mlir::Value root,
                  VarState &s) {
    if (s.unknown || s.reported || s.escapes || s.global || s.refs <= 0 ||
        !s.madeBy || !root.getDefiningOp<fir::AllocaOp>() ||
        func.getName() == "_QQmain")
      return;
    mlir::Operation *directive = nullptr;
    for (mlir::Operation *user : s.madeBy->getUsers())
      if (llvm::isa<mlir::omp::TargetEnterDataOp, mlir::acc::EnterDataOp>(user))
        directive = user;
    if (!directive)
      return;
    bool acc = llvm::isa<mlir::acc::EnterDataOp>(directive);
    std::string procedure = func.getName().str();
    auto [kind, parts] = fir::NameUniquer::deconstruct(procedure);
    if (!parts.name.empty())
      procedure = parts.name;
    // An allocatable's data is freed at the return (or before): its copy
    // stays under the heap address, which a later allocation may take.
    bool allocatable =
        mlir::isa<fir::BaseBoxType>(fir::unwrapRefType(root.getType()));
    report(s, kLocalLeftMapped, s.madeBy,
           nameOf(s.name) + " is a local of " + procedure +
               ", entered on the device here and never released in it: "
               "its device copy outlives the call, kept under " +
               (allocatable ? "its data's address, which a later "
                              "allocation may take; that allocation's"
                            : "the local's address, which a later call's "
                              "local takes; that call's") +
               " maps find it present and copy nothing in (" +
               (acc ? "`!$acc exit data delete(...)`"
                    : "`!$omp target exit data map(delete: ...)`") +
               " before the procedure returns)");
  }

  void explainVar(VarState &s) {
    // Nothing followed (only by-copy entries): the entry's own says it.
    if (s.reported || !s.first || (!s.unknown && s.events == 0))
      return;
    std::string text = nameOf(s.name);
    if (s.unknown)
      text += ": the data-state walk stopped judging it (" +
              std::string(s.why ? s.why : "not followed") + ")";
    else
      text += ": followed through " + std::to_string(s.events) +
              " transfer(s) and kernel(s) in program order: no host read "
              "of a device write, no kernel read of a host change";
    FlowFinding f{"explain-maps", s.first, text, {}, "", ""};
    if (s.stopAt && s.stopAt != s.first)
      f.notes.push_back({s.stopAt, "here"});
    out.push_back(std::move(f));
  }

  VarState *state(mlir::Value v) {
    auto [root, whole] = rootOf(v);
    auto it = vars.find(root);
    if (it == vars.end())
      return nullptr;
    if (!whole) // a component map: the member checks judge it
      stop(it->second, v.getDefiningOp(),
           "mapped by component or element: the member checks judge it");
    return it->second.unknown || it->second.reported ? nullptr : &it->second;
  }

  /// The variables the function's data ops name, and their host accesses.
  void collect(mlir::FunctionOpInterface func) {
    llvm::SmallVector<std::tuple<mlir::Value, std::string, mlir::Operation *>>
        named;
    func->walk([&](mlir::Operation *op) {
      if (auto map = llvm::dyn_cast<mlir::omp::MapInfoOp>(op))
        named.push_back({map.getVarPtr(),
                         ompx::sourceName(map.getName().value_or("")), op});
      else if (mlir::Value var = mlir::acc::getVar(op))
        named.push_back(
            {var, mlir::acc::getVarName(op).value_or("").str(), op});
    });
    // A declare target variable the host accesses that the procedures a
    // kernel calls read (calledDeviceReads): followed as if mapped.
    llvm::DenseMap<mlir::StringAttr, mlir::Value> hostAddress;
    func->walk([&](fir::AddrOfOp addr) {
      if (!enclosingKernel(addr) && declaredTarget(addr))
        hostAddress.try_emplace(addr.getSymbol().getRootReference(),
                                addr.getResult());
    });
    llvm::SmallVector<
        std::tuple<mlir::Operation *, mlir::Value, mlir::Operation *>>
        calledReads;
    func->walk([&](mlir::omp::TargetOp target) {
      for (auto [global, call] : calledDeviceReads(target))
        if (mlir::Value root = hostAddress.lookup(global)) {
          calledReads.push_back({target, root, call});
          auto [kind, parts] = fir::NameUniquer::deconstruct(global.getValue());
          named.push_back({root, parts.name, root.getDefiningOp()});
        }
    });
    for (auto &[v, name, op] : named) {
      mlir::Value root = rootOf(v).first;
      if (auto it = vars.find(root); it != vars.end()) {
        if (it->second.name.empty())
          it->second.name = name;
        continue;
      }
      VarState &s = vars[root];
      s.name = name;
      s.first = op;
      if (mayAlias(root))
        stop(s, op,
             "a pointer or target variable: other names may reach "
             "its storage");
      auto global = root.getDefiningOp<fir::AddrOfOp>();
      s.global = bool(global);
      s.permanent = global && declaredTarget(global);
      s.refs = s.permanent ? 1 : 0;
      // A module variable another procedure of the file enters (its
      // set-up) is present when this one runs, as the per-construct checks
      // take it: a kernel's maps of it then move nothing.
      if (global && !s.permanent)
        if (mlir::Operation *enter =
                module.enteredBy.lookup(global.getSymbol().getRootReference());
            enter && enter->getParentOfType<mlir::FunctionOpInterface>() !=
                         func.getOperation()) {
          s.refs = 1;
          s.enteredAt = enter;
        }
      // A main program's variables (_QFE...) die with it; a procedure's
      // saved ones (_QF<proc>E...) are its own.
      s.escapes =
          isFortranDummy(root) ||
          (global &&
           !global.getSymbol().getRootReference().getValue().starts_with(
               "_QF"));
      for (const Access &a : dataAccesses(root)) {
        StringRef dialect = a.op->getDialect()
                                ? a.op->getDialect()->getNamespace()
                                : StringRef();
        if (dialect == "omp" || dialect == "acc")
          continue; // data ops and constructs: events of the walk
        if (mlir::Operation *kernel = enclosingKernel(a.op))
          deviceUses[{kernel, root}].push_back(a);
        else if (!(a.read && !a.write && !a.unknown && feedsOnlyMaps(a.op)))
          hostUses[a.op].push_back({root, a});
      }
    }
    for (auto &[kernel, root, call] : calledReads)
      deviceUses[{kernel, root}].push_back(Access{call, /*read=*/true});
  }

public:
  static mlir::Operation *enclosingKernel(mlir::Operation *op) {
    for (mlir::Operation *at = op->getParentOp(); at; at = at->getParentOp())
      if (isKernel(at))
        return at;
    return nullptr;
  }

private:
  static bool conditionalRegion(mlir::Operation *op) {
    // WHERE and FORALL statements (hlfir.where, hlfir.forall,
    // hlfir.region_assign): their regions all run, a write to the array
    // they assign, as `a = max(a, 0.0)` is.
    if (llvm::isa<hlfir::OrderedAssignmentTreeOpInterface,
                  hlfir::RegionAssignOp>(op))
      return false;
    if (op->getNumRegions() > 1)
      return true;
    return llvm::any_of(op->getRegions(), [](mlir::Region &r) {
      return !r.empty() && !r.hasOneBlock();
    });
  }

  void visit(mlir::Operation *op, bool conditional);
  void update(mlir::omp::TargetUpdateOp u, bool conditional);
  void deallocated(fir::FreeMemOp free, bool conditional);
  void movedAlloc(fir::CallOp call, bool conditional);
  void probeLoop(mlir::Operation *loop);
  /// While a loop's next iteration is probed: the loop, and the nowait
  /// constructs still running from the iterations before.
  mlir::Operation *probedLoop = nullptr;
  llvm::SmallPtrSet<mlir::Operation *, 4> carriedNowaits;
  static void copiedBack(VarState &s, std::optional<Section> section,
                         mlir::Operation *update);
  void copiedIn(VarState &s, std::optional<Section> section,
                mlir::Operation *update);
  void blockWise(mlir::Region &region, mlir::Operation *op);
  void hostAccess(mlir::Operation *op, bool conditional);
  void call(mlir::Operation *op, bool conditional);
  const std::optional<HostEffects> &hostEffectsOf(mlir::Operation *call);
  void enter(mlir::Value var, Flags f, mlir::Operation *at, bool conditional);
  void exit(mlir::Value var, Flags f, mlir::Operation *exitOp,
            const char *lostCheck, bool conditional);
  void exitGlobal(VarState &s, mlir::Value var, mlir::Operation *exitOp);
  void ompKernel(mlir::omp::TargetOp target, bool conditional);
  void ompTask(mlir::omp::TaskOp task, bool conditional);
  template <typename OpT> void undeferred(OpT op);
  void unordered(VarState &s, mlir::Operation *op, mlir::Operation *entry,
                 mlir::Operation *map, bool writes, bool reads);
  bool orderedAfter(llvm::ArrayRef<DependItem> mine, mlir::Operation *other);
  void chainDepends(mlir::Operation *op);
  void nowaitData(mlir::Operation *op, mlir::omp::MapInfoOp m, bool nowait);
  bool nowaitHostAccess(VarState &s, mlir::Operation *op, const Access &a,
                        mlir::Value root);
  /// An OpenACC data clause's copy `op` queued with `async`: its variable's
  /// copies are the host's again only after a `wait`.
  void asyncCopy(mlir::Operation *op, VarState *s, bool in, bool out) {
    if (!s || !accAsync(op))
      return;
    s->nowait = s->nowaitMap = op;
    s->nowaitWrites = in;
    s->nowaitReads = out;
  }
  void asyncCopy(mlir::Operation *op, mlir::Value var, bool in, bool out) {
    asyncCopy(op, var ? state(var) : nullptr, in, out);
  }
  void accKernel(mlir::Operation *kernel, bool conditional);
  void deviceAccess(mlir::Operation *kernel, mlir::Operation *entry,
                    VarState &s, llvm::ArrayRef<Access> uses, bool wasPresent,
                    mlir::Value devRoot = {});
  void reportPrivate(VarState &s, mlir::Operation *read);
  bool readsOtherPart(VarState &s, mlir::Operation *op, mlir::Value root);
  void hostWrote(VarState &s, mlir::Operation *op, mlir::Value root,
                 bool conditional);

  FlowFinding &report(VarState &s, const char *check, mlir::Operation *at,
                      std::string message) {
    s.reported = true;
    out.push_back({check, at, std::move(message), {}, "", ""});
    return out.back();
  }

  std::vector<FlowFinding> &out;
  bool explain;
  const ModuleSummary &module;
  /// The callees' effects, shared by the walks of the file's functions.
  CalleeEffects &effects;
  llvm::MapVector<mlir::Value, VarState> vars;
  llvm::DenseMap<mlir::Operation *,
                 llvm::SmallVector<std::pair<mlir::Value, Access>, 1>>
      hostUses;
  llvm::DenseMap<std::pair<mlir::Operation *, mlir::Value>,
                 llvm::SmallVector<Access, 2>>
      deviceUses;
  /// For a nowait construct not waited for, the depend items of the
  /// constructs ordered after it (depend chains: a construct ordered after
  /// one of those is ordered after it too).
  llvm::DenseMap<mlir::Operation *, llvm::SmallVector<DependItem, 2>> after;
};

/// A `nowait` data directive `op`'s copies of `m` are the host's only at
/// the synchronization that completes it.
void Walk::nowaitData(mlir::Operation *op, mlir::omp::MapInfoOp m,
                      bool nowait) {
  Flags f = flagsOf(m);
  if (VarState *s = state(m.getVarPtr()); s && nowait && (f.to || f.from)) {
    s->nowait = op;
    s->nowaitMap = m;
    s->nowaitWrites = f.to;
    s->nowaitReads = f.from;
  }
}

/// Whether the end of `op` completes the nowait regions and directives
/// before it: the end of a taskgroup, of a parallel region, and the
/// implicit barrier at the end of a single, loop or sections construct
/// without nowait.
static bool completesNowait(mlir::Operation *op) {
  if (auto single = llvm::dyn_cast<mlir::omp::SingleOp>(op))
    return !single.getNowait();
  if (auto loop = llvm::dyn_cast<mlir::omp::WsloopOp>(op))
    return !loop.getNowait();
  if (auto sections = llvm::dyn_cast<mlir::omp::SectionsOp>(op))
    return !sections.getNowait();
  return llvm::isa<mlir::omp::TaskgroupOp, mlir::omp::ParallelOp>(op);
}

/// An update copying the device's data (or `section` of it) to the host.
void Walk::copiedBack(VarState &s, std::optional<Section> section,
                      mlir::Operation *update) {
  if (!section || !s.devWriter) {
    s.devWriter = nullptr;
    s.copiedBack.clear();
    s.partialFrom = nullptr;
    return;
  }
  s.copiedBack = merged(s.copiedBack, {*section});
  s.partialFrom = update;
  // Every element the kernels wrote is back.
  if (!s.devWritten.empty() &&
      llvm::all_of(s.devWritten, [&](const Section &w) {
        return uncovered(w, s.copiedBack).empty();
      })) {
    s.devWriter = s.partialFrom = nullptr;
    s.copiedBack.clear();
  }
}

/// An update copying the host's data (or `section` of it) to the device:
/// the host write is copied unless it lies outside the section for certain
/// (a constant element outside it, or the whole array).
void Walk::copiedIn(VarState &s, std::optional<Section> section,
                    mlir::Operation *update) {
  s.uninitAt = nullptr;
  if (section && s.hostWriter && !s.unknown) {
    llvm::SmallVector<mlir::Operation *, 3> writers(
        s.earlierHostWriters.begin(), s.earlierHostWriters.end());
    writers.push_back(s.hostWriter);
    // The writes the section leaves out stay unseen, each of them.
    llvm::SmallVector<mlir::Operation *, 3> left;
    for (mlir::Operation *writer : writers)
      for (auto &[root, a] : hostUses.lookup(writer))
        if (auto it = vars.find(root);
            a.write && it != vars.end() && &it->second == &s)
          if (std::optional<ElementUse> use = elementUse(writer, root);
              use && !inSections(*use, {*section}) &&
              !llvm::is_contained(left, writer))
            left.push_back(writer);
    if (!left.empty()) {
      s.hostWriter = left.back();
      s.earlierHostWriters.assign(left.begin(), left.end() - 1);
      s.partialTo = update;
      return;
    }
  }
  s.hostWriter = s.partialTo = nullptr;
  s.earlierHostWriters.clear();
}

/// A host DO loop (`fir.do_loop`, `fir.iterate_while`) whose body may run
/// more than once: not a constant trip count of one or none.
static bool runsAgain(mlir::Operation *op) {
  if (llvm::isa<fir::IterWhileOp>(op))
    return true;
  auto loop = llvm::dyn_cast<fir::DoLoopOp>(op);
  if (!loop || loop.getRegion().empty())
    return false;
  std::optional<int64_t> lo = constantOf(loop.getLowerBound()),
                         hi = constantOf(loop.getUpperBound()),
                         step = constantOf(loop.getStep());
  if (lo && hi && step && *step != 0)
    return (*hi - *lo) / *step >= 1;
  return true;
}

/// A `target update`: the sections it copies each way.
void Walk::update(mlir::omp::TargetUpdateOp u, bool conditional) {
  undeferred(u);
  chainDepends(u);
  for (mlir::Value v : u.getMapVars()) {
    auto m = v.getDefiningOp<mlir::omp::MapInfoOp>();
    VarState *s = m ? state(m.getVarPtr()) : nullptr;
    if (!s)
      continue;
    ++s->events;
    if (conditional) {
      stop(*s, u, "an update under a condition");
      continue;
    }
    Flags f = flagsOf(m);
    unordered(*s, u, m, m, f.to, f.from);
    if (s->reported)
      continue;
    std::optional<Section> section = sectionOf(m);
    if (f.from)
      copiedBack(*s, section, u);
    if (f.to)
      copiedIn(*s, section, u);
    nowaitData(u, m, u.getNowait());
  }
}

/// `deallocate` of an allocatable whose device copy is still live (entered,
/// never exited) while the procedure allocates it again after: the runtime
/// keeps that copy under the old address, a new allocation there is found
/// present, and its maps copy nothing in (nor out).
void Walk::deallocated(fir::FreeMemOp free, bool conditional) {
  mlir::Value v = free.getHeapref();
  if (auto addr = v.getDefiningOp<fir::BoxAddrOp>())
    v = addr.getVal();
  auto load = v.getDefiningOp<fir::LoadOp>();
  auto it = load ? vars.find(rootOf(load.getMemref()).first) : vars.end();
  if (it == vars.end() || conditional)
    return;
  VarState &s = it->second;
  if (s.unknown || s.reported || s.permanent || s.refs <= 0)
    return;
  // Allocated again after (flang names the allocation `NAME.alloc`).
  auto declare = llvm::find_if(it->first.getUsers(), [](mlir::Operation *u) {
    return llvm::isa<hlfir::DeclareOp>(u);
  });
  if (declare == it->first.getUsers().end())
    return;
  std::string name =
      llvm::cast<hlfir::DeclareOp>(*declare).getUniqName().str() + ".alloc";
  mlir::Operation *again = nullptr;
  free->getParentOfType<mlir::FunctionOpInterface>()->walk(
      [&](fir::AllocMemOp a) {
        if (!again && a.getUniqName() == name && mayRunAfter(a, free))
          again = a;
      });
  if (!again)
    return;
  FlowFinding &f = report(
      s, kDeallocatedMapped, free,
      nameOf(s.name) +
          " is deallocated while its device copy is live (entered, no `exit "
          "data`): the runtime keeps that copy under the old address, so "
          "when an allocation lands there again its maps find it present and "
          "copy nothing (`exit data map(delete:)` or `release` first)");
  f.notes.push_back({again, "allocated again here"});
}

/// `move_alloc` of an allocatable whose device copy is live (entered, never
/// exited) and mapped again after: the copy (its descriptor's too) stays
/// with the memory it was made for, so a later map of the variable finds
/// another array's copy present, or one whose pointer still names the old
/// memory (a swap of two entered arrays computes with stale data).
void Walk::movedAlloc(fir::CallOp call, bool conditional) {
  std::optional<mlir::SymbolRefAttr> callee = call.getCallee();
  if (conditional || !callee ||
      callee->getRootReference().getValue() != "_FortranAMoveAlloc" ||
      call.getArgs().size() < 2)
    return;
  for (mlir::Value arg : call.getArgs().take_front(2)) {
    mlir::Value root = rootOf(arg).first;
    auto it = vars.find(root);
    if (it == vars.end())
      continue;
    VarState &s = it->second;
    if (s.unknown || s.reported || s.permanent || s.refs <= 0)
      continue;
    // A map of it, or an OpenACC data clause (`present(u)`), after.
    mlir::Operation *again = nullptr;
    call->getParentOfType<mlir::FunctionOpInterface>()->walk(
        [&](mlir::Operation *op) {
          mlir::Value var;
          if (auto m = llvm::dyn_cast<mlir::omp::MapInfoOp>(op))
            var = m.getVarPtr();
          else if (llvm::isa<mlir::acc::CopyinOp, mlir::acc::CreateOp,
                             mlir::acc::PresentOp, mlir::acc::NoCreateOp,
                             mlir::acc::AttachOp, mlir::acc::UpdateDeviceOp>(
                       op))
            var = mlir::acc::getVar(op);
          if (!again && var && rootOf(var).first == root &&
              mayRunAfter(op, call))
            again = op;
        });
    if (!again)
      continue;
    // The construct the map belongs to (an implicit map's own location is
    // the variable's declaration).
    for (mlir::Operation *user : again->getUsers())
      if (!llvm::isa<mlir::omp::MapInfoOp>(user)) {
        again = user;
        break;
      }
    FlowFinding &f = report(
        s, kDeallocatedMapped, call,
        nameOf(s.name) +
            " changes its allocation (`move_alloc`) while its device copy is "
            "live (entered, no `exit data`): that copy stays with the old "
            "memory, so its maps after this find another array's copy or a "
            "stale one (`exit data` before the `move_alloc`, `enter data` "
            "after it)");
    f.notes.push_back({again, "mapped again here"});
  }
}

/// A counted DO's body runs again from where it ended: a host read at its
/// top of what a kernel later in it wrote is the next iteration's.
void Walk::probeLoop(mlir::Operation *loop) {
  size_t before = out.size();
  mlir::Operation *outerLoop = probedLoop;
  llvm::SmallPtrSet<mlir::Operation *, 4> outerCarried = carriedNowaits;
  probedLoop = loop;
  carriedNowaits.clear();
  for (auto &[root, s] : vars)
    if (s.nowait)
      carriedNowaits.insert(s.nowait);
  probe(loop->getRegion(0).front());
  probedLoop = outerLoop;
  carriedNowaits = std::move(outerCarried);
  for (size_t i = before; i < out.size(); ++i)
    out[i].notes.push_back({loop, "in this loop: found in its next iteration"});
}

void Walk::visit(mlir::Operation *op, bool conditional) {
  if (auto target = llvm::dyn_cast<mlir::omp::TargetOp>(op))
    return ompKernel(target, conditional);
  if (isKernel(op))
    return accKernel(op, conditional);
  auto mapsOf = [](mlir::OperandRange r) {
    llvm::SmallVector<mlir::omp::MapInfoOp> maps;
    for (mlir::Value v : r)
      if (auto m = v.getDefiningOp<mlir::omp::MapInfoOp>())
        maps.push_back(m);
    return maps;
  };
  if (auto e = llvm::dyn_cast<mlir::omp::TargetEnterDataOp>(op)) {
    undeferred(e);
    chainDepends(e);
    for (mlir::omp::MapInfoOp m : mapsOf(e.getMapVars())) {
      enter(m.getVarPtr(), flagsOf(m), m, conditional);
      nowaitData(op, m, e.getNowait());
    }
    return;
  }
  if (auto e = llvm::dyn_cast<mlir::omp::TargetExitDataOp>(op)) {
    undeferred(e);
    chainDepends(e);
    for (mlir::omp::MapInfoOp m : mapsOf(e.getMapVars())) {
      Flags f = flagsOf(m);
      exit(m.getVarPtr(), f, m, kStaleHostRead, conditional);
      nowaitData(op, m, e.getNowait());
    }
    return;
  }
  if (auto u = llvm::dyn_cast<mlir::omp::TargetUpdateOp>(op))
    return update(u, conditional);
  if (auto task = llvm::dyn_cast<mlir::omp::TaskOp>(op))
    return ompTask(task, conditional);
  auto wait = llvm::dyn_cast<mlir::acc::WaitOp>(op);
  if (llvm::isa<mlir::omp::TaskwaitOp, mlir::omp::BarrierOp>(op) ||
      (wait && !wait.getAsync() && !wait.getAsyncOperand()) ||
      callsAccWait(op) || accWaitsFirst(op)) {
    for (auto &[root, s] : vars)
      s.nowait = nullptr;
    return;
  }
  if (llvm::isa<mlir::acc::CopyinOp, mlir::acc::CreateOp>(op)) {
    Flags f;
    f.to = llvm::isa<mlir::acc::CopyinOp>(op);
    enter(mlir::acc::getVar(op), f, op, conditional);
    asyncCopy(op, mlir::acc::getVar(op), f.to, false);
    return;
  }
  if (auto del = llvm::dyn_cast<mlir::acc::DeleteOp>(op)) {
    mlir::Operation *from = del.getAccVar().getDefiningOp();
    std::optional<mlir::acc::DataClause> clause =
        from ? mlir::acc::getDataClause(from) : std::nullopt;
    if (!from || !mlir::acc::getVar(from) ||
        (clause && *clause == mlir::acc::DataClause::acc_present))
      return;
    // Structured ends are acc-write-not-copied-out's to judge.
    exit(mlir::acc::getVar(from), Flags{}, op,
         del.getStructured() ? nullptr : kStaleHostRead, conditional);
    return;
  }
  if (auto copyout = llvm::dyn_cast<mlir::acc::CopyoutOp>(op)) {
    Flags f;
    f.from = true;
    exit(copyout.getVar(), f, op, nullptr, conditional);
    asyncCopy(op, copyout.getVar(), false, true);
    return;
  }
  if (llvm::isa<mlir::acc::UpdateHostOp, mlir::acc::UpdateDeviceOp>(op)) {
    auto host = llvm::dyn_cast<mlir::acc::UpdateHostOp>(op);
    VarState *s =
        state(host ? host.getVar()
                   : llvm::cast<mlir::acc::UpdateDeviceOp>(op).getVar());
    if (s && conditional)
      stop(*s, op, "an update under a condition");
    else if (s && host) // the side it copies to has the other's writes now
      copiedBack(*s, sectionOf(op), op);
    else if (s)
      copiedIn(*s, sectionOf(op), op);
    if (s)
      asyncCopy(op, s, !host, bool(host));
    return;
  }
  if (auto c = llvm::dyn_cast<fir::CallOp>(op)) {
    movedAlloc(c, conditional);
    call(op, conditional);
  }
  if (auto free = llvm::dyn_cast<fir::FreeMemOp>(op))
    deallocated(free, conditional);
  hostAccess(op, conditional);
  auto data = llvm::dyn_cast<mlir::omp::TargetDataOp>(op);
  if (data)
    for (mlir::omp::MapInfoOp m : mapsOf(data.getMapVars()))
      enter(m.getVarPtr(), flagsOf(m), m, conditional);
  bool inner = conditional || conditionalRegion(op);
  if (inner && !conditional &&
      llvm::isa<mlir::omp::TargetDataOp, mlir::acc::DataOp>(op))
    blockWise(op->getRegion(0), op);
  else
    for (mlir::Region &r : op->getRegions())
      for (mlir::Block &b : r)
        for (mlir::Operation &nested : b)
          visit(&nested, inner);
  if (!inner && runsAgain(op))
    probeLoop(op);
  if (completesNowait(op))
    for (auto &[root, s] : vars)
      s.nowait = nullptr;
  if (data)
    for (mlir::omp::MapInfoOp m : mapsOf(data.getMapVars()))
      exit(m.getVarPtr(), flagsOf(m), m, kWriteNotFrom, conditional);
}

/// The device copies each data op inside `block` adds (enter data, and
/// OpenACC's clause entries) or drops (exit data, clause exits), by variable;
/// a `delete` or `finalize` drops an unknown number.
static void netRefs(mlir::Block &block, llvm::DenseMap<mlir::Value, int> &net,
                    llvm::DenseSet<mlir::Value> &unknown) {
  auto add = [&](mlir::Value var, int delta) {
    net[rootOf(var).first] += delta;
  };
  auto maps = [&](mlir::OperandRange vars, int delta) {
    for (mlir::Value v : vars)
      if (auto m = v.getDefiningOp<mlir::omp::MapInfoOp>()) {
        if (delta < 0 && flagsOf(m).del)
          unknown.insert(rootOf(m.getVarPtr()).first);
        add(m.getVarPtr(), delta);
      }
  };
  block.walk([&](mlir::Operation *op) {
    if (auto e = llvm::dyn_cast<mlir::omp::TargetEnterDataOp>(op))
      maps(e.getMapVars(), 1);
    else if (auto e = llvm::dyn_cast<mlir::omp::TargetExitDataOp>(op))
      maps(e.getMapVars(), -1);
    else if (llvm::isa<mlir::acc::CopyinOp, mlir::acc::CreateOp>(op))
      add(mlir::acc::getVar(op), 1);
    else if (auto c = llvm::dyn_cast<mlir::acc::CopyoutOp>(op))
      add(c.getVar(), -1);
    else if (auto del = llvm::dyn_cast<mlir::acc::DeleteOp>(op)) {
      mlir::Operation *from = del.getAccVar().getDefiningOp();
      std::optional<mlir::acc::DataClause> clause =
          from ? mlir::acc::getDataClause(from) : std::nullopt;
      if (from && mlir::acc::getVar(from) &&
          !(clause && *clause == mlir::acc::DataClause::acc_present))
        add(mlir::acc::getVar(from), -1);
    } else if (auto exit = llvm::dyn_cast<mlir::acc::ExitDataOp>(op)) {
      if (exit.getFinalize())
        for (mlir::Value v : exit.getDataClauseOperands())
          if (mlir::Operation *from = v.getDefiningOp())
            if (mlir::Value var = mlir::acc::getVar(from))
              unknown.insert(rootOf(var).first);
    }
  });
}

/// A data region whose body has branches or a loop (`do while`, `exit`,
/// `cycle`, `goto`): which blocks run, in what order, is not followed, but
/// each block runs straight through, so a kernel's write and a host read
/// after it in one block are judged as in straight-line code (the most
/// common shape: a `do while` convergence loop), and so is each edge: a
/// block's end state walked through the block it branches to (the loop's
/// test of what its body's kernel wrote). A block starts knowing
/// only how many device copies are live; that holds when every block adds
/// as many as it drops. What changed in the region is not followed after it.
void Walk::blockWise(mlir::Region &region, mlir::Operation *op) {
  llvm::DenseSet<mlir::Value> unbalanced;
  for (mlir::Block &b : region) {
    llvm::DenseMap<mlir::Value, int> net;
    netRefs(b, net, unbalanced);
    for (auto [root, delta] : net)
      if (delta != 0)
        unbalanced.insert(root);
  }
  for (mlir::Value root : unbalanced)
    if (auto it = vars.find(root); it != vars.end())
      stop(it->second, op, "an enter or exit data in a loop or branch");
  std::vector<VarState> before;
  for (auto &[root, s] : vars)
    before.push_back(s);
  for (mlir::Block &b : region) {
    for (auto [i, entry] : llvm::enumerate(vars)) {
      VarState &s = entry.second;
      s.refs = before[i].refs;
      s.devWriter = s.devWriterMap = s.hostWriter = s.uninitAt = nullptr;
      s.earlierHostWriters.clear();
      s.lostExit = s.lostWriter = s.nowait = s.nowaitMap = nullptr;
      s.lostCheck = nullptr;
      s.devParts.clear();
      s.devWhole = false;
      s.fixFrom.clear();
    }
    for (mlir::Operation &nested : b)
      visit(&nested, /*conditional=*/false);
    for (mlir::Block *succ : b.getSuccessors())
      probe(*succ);
  }
  for (auto [i, entry] : llvm::enumerate(vars)) {
    VarState &s = entry.second;
    const VarState &old = before[i];
    if (s.events != old.events || s.hostWriter || s.unknown || s.reported) {
      stop(s, op, "a transfer or kernel in a loop or branch");
      continue;
    }
    mlir::Operation *privWriter = s.privWriter, *privMap = s.privMap;
    s = old;
    s.privWriter = privWriter;
    s.privMap = privMap;
  }
}

/// A call to anything but flang's runtime may reach every global (and the
/// variables of the program an internal procedure sees through the host
/// association tuple, which show up as stored addresses: unknown accesses).
/// The module variables `call`'s callee reads and writes, when it is a
/// procedure of this file that calls nothing but the Fortran runtime and
/// has no directive or construct (a set-up routine filling module
/// arrays); nullopt when it may do anything.
const std::optional<HostEffects> &Walk::hostEffectsOf(mlir::Operation *call) {
  auto callee = llvm::cast<fir::CallOp>(call).getCallee();
  mlir::Operation *f =
      callee ? mlir::SymbolTable::lookupNearestSymbolFrom(call, *callee)
             : nullptr;
  auto [it, added] = effects.try_emplace(f);
  auto func = llvm::dyn_cast_or_null<mlir::FunctionOpInterface>(f);
  if (!added || !func || func.isExternal())
    return it->second;
  HostEffects fx;
  bool opaque = false;
  func->walk([&](mlir::Operation *op) {
    llvm::StringRef dialect =
        op->getDialect() ? op->getDialect()->getNamespace() : "";
    auto inner = llvm::dyn_cast<fir::CallOp>(op);
    if (dialect == "omp" || dialect == "acc" ||
        (inner &&
         (!inner.getCallee() ||
          !inner.getCallee()->getRootReference().getValue().starts_with(
              "_Fortran")))) {
      opaque = true;
      return mlir::WalkResult::interrupt();
    }
    auto addr = llvm::dyn_cast<fir::AddrOfOp>(op);
    if (!addr)
      return mlir::WalkResult::advance();
    mlir::StringAttr g = addr.getSymbol().getRootReference();
    for (const Access &a : accessesOf(addr.getResult(), /*followLoads=*/true)) {
      if (a.unknown || a.indirect)
        fx.reads.insert(g);
      if (a.read)
        fx.reads.insert(g);
      if (a.write) {
        fx.writes.insert(g);
        if (!underCondition(a.op, func))
          fx.certainWrites.insert(g);
      }
    }
    return mlir::WalkResult::advance();
  });
  if (!opaque)
    it->second = std::move(fx);
  return it->second;
}

void Walk::call(mlir::Operation *op, bool conditional) {
  auto callee = llvm::cast<fir::CallOp>(op).getCallee();
  if (callee && callee->getRootReference().getValue().starts_with("_Fortran"))
    return;
  const std::optional<HostEffects> &fx = hostEffectsOf(op);
  for (auto &[root, s] : vars) {
    if (!s.global || s.unknown || s.reported)
      continue;
    auto addr = root.getDefiningOp<fir::AddrOfOp>();
    mlir::StringAttr g =
        addr ? addr.getSymbol().getRootReference() : mlir::StringAttr();
    if (!fx || !g || fx->reads.contains(g)) {
      stop(s, op, "a call that may reach it: it has static storage");
      continue;
    }
    // A set-up routine's writes: the host's, which the device has not seen.
    if (fx->writes.contains(g))
      hostWrote(s, op, root, conditional || !fx->certainWrites.contains(g));
  }
}

/// The host's access `a` by `op` to `s` while a deferred construct or
/// copy (`s.nowait`) may still run: reported unless it is no race.
bool Walk::nowaitHostAccess(VarState &s, mlir::Operation *op, const Access &a,
                            mlir::Value root) {
  // Reading what an async copy to the device reads too is no race.
  if (llvm::isa<mlir::acc::CopyinOp, mlir::acc::UpdateDeviceOp>(s.nowait) &&
      a.read && !a.write && !a.unknown)
    return false;
  // A pipeline of chunks: the host's chunk of this iteration lies apart
  // from those the constructs of the iterations before still hold.
  if (!a.unknown && carriedNowaits.contains(s.nowait) &&
      apartInLaterIterations(probedLoop, s.nowaitMap, op, root))
    return false;
  std::string message;
  const char *what;
  if (llvm::isa<mlir::omp::OpenMPDialect>(s.nowait->getDialect())) {
    bool region = llvm::isa<mlir::omp::TargetOp>(s.nowait);
    message = nameOf(s.name) +
              (region ? " is mapped by a `nowait` target region and the host "
                        "touches it before a `taskwait`: the region may not "
                        "have finished (or copied it back) yet"
                      : " is copied by a `nowait` data directive and the host "
                        "touches it before a `taskwait`: the copy may not "
                        "have happened yet");
    what = region ? "the nowait target region" : "the nowait data directive";
  } else {
    // OpenACC: only a data clause's copy is followed (asyncCopy).
    message = nameOf(s.name) +
              " is copied by an `async` data clause and the host touches it "
              "before a `wait`: the copy may not have happened yet" +
              kAsyncHere;
    what = "the async copy";
  }
  FlowFinding &f = report(s, kNowaitHostAccess, s.nowaitMap, message);
  f.notes.push_back({op, "touched on the host here"});
  f.notes.push_back({s.nowait, what});
  return true;
}

void Walk::hostAccess(mlir::Operation *op, bool conditional) {
  auto it = hostUses.find(op);
  if (it == hostUses.end())
    return;
  for (auto &[root, a] : it->second) {
    VarState &s = vars[root];
    if (s.unknown || s.reported)
      continue;
    // flang stores an assumed-shape dummy's descriptor into a temporary for
    // each construct mapping it: the descriptor, not the data.
    if (auto store = llvm::dyn_cast<fir::StoreOp>(op);
        store && llvm::isa<fir::BaseBoxType>(store.getValue().getType()) &&
        store.getMemref().getDefiningOp<fir::AllocaOp>())
      continue;
    if (s.nowait && nowaitHostAccess(s, op, a, root))
      continue;
    if (a.unknown) {
      stop(s, op,
           "an op that may do anything with it: a call taking it, "
           "its address stored");
      continue;
    }
    bool otherPart = a.read && readsOtherPart(s, op, root);
    if (a.read && !otherPart) {
      if (s.devWriter && s.refs > 0) {
        FlowFinding &f = report(
            s, kStaleHostRead, s.devWriterMap,
            nameOf(s.name) + " is written on the device here and read on the "
                             "host before it is copied back " +
                (s.partialFrom ? "(the update in between copies back a "
                                 "section without the element read)"
                               : "(no `target update from`/`update self` in "
                                 "between)") +
                ": the host reads its old value");
        f.notes.push_back({op, "read on the host here"});
        if (s.partialFrom)
          f.notes.push_back({s.partialFrom,
                             "this update copies back only a section, "
                             "without the element read"});
        if (s.enteredAt)
          f.notes.push_back({s.enteredAt,
                             "present on the device since this enter data in "
                             "another procedure: the kernel's maps copy "
                             "nothing back"});
        continue;
      }
      if (s.lostExit) {
        bool region = s.lostCheck == kWriteNotFrom;
        FlowFinding &f = report(
            s, s.lostCheck, s.lostExit,
            region ? nameOf(s.name) +
                         (s.partialFrom == s.lostExit
                              ? " is written on the device outside the "
                                "section this map copies back, and the host "
                                "reads it afterwards: the host never sees "
                                "the write (which lands outside the device "
                                "copy: memory of something else)"
                              : " is written on the device but this map has "
                                "no `from`, and the host reads it "
                                "afterwards: the host never sees the write")
                   : nameOf(s.name) +
                         (s.partialFrom == s.lostExit
                              ? " leaves the device here copying back a "
                                "section without the element the host "
                                "reads later, which a kernel wrote: the "
                                "write is lost"
                              : " leaves the device here without a copy "
                                "back, but a kernel wrote it and the host "
                                "reads it later: the write is lost"));
        f.notes.push_back({op, "read on the host here"});
        f.notes.push_back({s.lostWriter, "written on the device here"});
        if (!region && !s.fixFrom.empty()) {
          f.fixFrom = s.fixFrom;
          f.fixTo = "from";
        }
        continue;
      }
      if (s.privWriter) {
        reportPrivate(s, op);
        continue;
      }
    }
    if (a.write)
      hostWrote(s, op, root, conditional);
  }
}

/// Whether a host read of `s` by `op` reads nothing a kernel wrote that
/// the host has not seen: another component, an element a section's copy
/// back brought, one no kernel wrote, or one the host set itself since.
bool Walk::readsOtherPart(VarState &s, mlir::Operation *op, mlir::Value root) {
  bool otherPart = false;
  if (!s.devWhole && (s.devWriter || s.lostExit))
    if (mlir::StringAttr part = componentOf(op, root))
      otherPart = !llvm::is_contained(s.devParts, part);
  // After an update (or the release) of a section: only a read outside
  // it for certain.
  if ((s.devWriter || s.lostExit) && !s.copiedBack.empty()) {
    std::optional<ElementUse> use = elementUse(op, root);
    if (!use || inSections(*use, s.copiedBack))
      otherPart = true;
  }
  // An element no kernel wrote (a boundary cell of a kernel's interior
  // loop) is the host's own.
  if ((s.devWriter || s.lostExit) && !s.devWritten.empty())
    if (std::optional<ElementUse> use = elementUse(op, root);
        use && !overlaps(*use, s.devWritten))
      otherPart = true;
  // An element the host set since, or all a kernel wrote set so.
  if ((s.devWriter || s.lostExit) && !s.hostOwn.empty()) {
    std::optional<ElementUse> use = elementUse(op, root);
    if (use && !use->whole && inSections(*use, s.hostOwn))
      otherPart = true;
    if (!s.devWritten.empty() &&
        llvm::all_of(s.devWritten, [&](const Section &w) {
          return uncovered(w, s.hostOwn).empty();
        }))
      otherPart = true;
  }
  return otherPart;
}

/// A host write of `s` by `op`.
void Walk::hostWrote(VarState &s, mlir::Operation *op, mlir::Value root,
                     bool conditional) {
  // One element the host sets (a boundary value) leaves a kernel's
  // write to the others unseen: a later read of all of it, or of
  // another element, still reads old values.
  std::optional<ElementUse> use;
  if ((s.devWriter || s.lostExit) && !conditional)
    use = elementUse(op, root);
  if (use && !use->whole && use->range &&
      use->range->first == use->range->second) {
    s.hostOwn = merged(s.hostOwn, {*use->range});
  } else {
    s.devWriter = s.lostExit = s.privWriter = s.partialFrom = nullptr;
    s.copiedBack.clear();
    s.hostOwn.clear();
  }
  // A write under a condition leaves an earlier certain one standing.
  if (s.refs > 0 && !conditional) {
    if (s.hostWriter)
      s.earlierHostWriters.push_back(s.hostWriter);
    s.hostWriter = op;
  }
  if (s.refs > 0)
    s.partialTo = nullptr;
}

void Walk::reportPrivate(VarState &s, mlir::Operation *read) {
  FlowFinding &f =
      report(s, kImplicitScalarWrite, s.privMap,
             "scalar " + nameOf(s.name) +
                 " is written in the target region without a map: it is "
                 "firstprivate there, so the host never sees the write; map it "
                 "`tofrom`");
  if (read)
    f.notes.push_back({read, "read on the host here"});
  else
    f.notes.push_back({s.privWriter, "the caller sees its old value"});
}

void Walk::enter(mlir::Value var, Flags f, mlir::Operation *at,
                 bool conditional) {
  VarState *s = state(var);
  if (!s)
    return;
  ++s->events;
  if (conditional) {
    stop(*s, at, "a transfer or kernel under a condition");
    return;
  }
  if (s->refs++ == 0) {
    s->madeBy = at;
    // A new device copy: a copy of the host's with `to`, garbage without
    // (a kernel's own entry is read-before-write's; a data region's, a
    // kernel inside it reading it).
    s->hostWriter = s->devWriter = s->lostExit = s->partialFrom = nullptr;
    s->earlierHostWriters.clear();
    s->copiedBack.clear();
    s->uninitAt = !f.to && !s->permanent && !s->escapes &&
                          llvm::isa<mlir::omp::MapInfoOp>(at)
                      ? at
                      : nullptr;
  } else if (f.to && f.always) {
    s->hostWriter = s->uninitAt = nullptr;
    s->earlierHostWriters.clear();
  }
}

void Walk::exit(mlir::Value var, Flags f, mlir::Operation *exitOp,
                const char *lostCheck, bool conditional) {
  VarState *s = state(var);
  if (s && s->refs == 0 && !conditional && !f.from &&
      lostCheck == kStaleHostRead)
    exitGlobal(*s, var, exitOp);
  if (!s || s->refs == 0)
    return;
  if (conditional) {
    stop(*s, exitOp, "a transfer or kernel under a condition");
    return;
  }
  if (s->permanent) {
    // Only `always` moves data; the device copy stays.
    if (f.from && f.always)
      s->devWriter = nullptr;
    return;
  }
  s->refs = f.del ? 0 : s->refs - 1;
  if (s->refs > 0) {
    if (f.from && f.always)
      s->devWriter = nullptr;
    return;
  }
  // The last release copying back a section (`exit data map(from:
  // u(1:n/2))`): the rest of a kernel's write is lost with the copy.
  // (An allocatable's section is its data member's bounds.)
  std::optional<Section> section;
  if (auto map = llvm::dyn_cast<mlir::omp::MapInfoOp>(exitOp)) {
    section = sectionOf(map);
    for (mlir::Value v : map.getMembers())
      if (auto data = v.getDefiningOp<mlir::omp::MapInfoOp>();
          !section && data && data.getVarPtrPtr() &&
          data.getVarPtr() == map.getVarPtr())
        section = sectionOf(data);
  }
  if (f.from && section && s->devWriter && lostCheck) {
    copiedBack(*s, section, exitOp);
    // Only the elements a kernel wrote for certain are lost outside the
    // section (a loop to a run-time bound may have left the host's own
    // boundary cells alone).
    if (s->devWriter && !s->devWritten.empty()) {
      s->lostExit = exitOp;
      s->lostWriter = s->devWriter;
      s->lostCheck = lostCheck;
      s->fixFrom.clear();
    }
  } else if (!f.from && s->devWriter && lostCheck) {
    s->lostExit = exitOp;
    s->lostWriter = s->devWriter;
    s->lostCheck = lostCheck;
    s->fixFrom = f.del ? "delete" : "storage";
  }
  s->devWriter = s->hostWriter = s->uninitAt = nullptr;
  s->earlierHostWriters.clear();
}

/// An exit without a copy back of a global this function never entered:
/// another function entered it and a kernel (elsewhere) wrote it, and no
/// function of the module copies it back.
void Walk::exitGlobal(VarState &s, mlir::Value var, mlir::Operation *exitOp) {
  mlir::StringAttr g = ModuleSummary::globalOf(var);
  auto writer = g ? module.written.find(g) : module.written.end();
  // A module's variable may be copied back by a procedure of another file
  // (a project's sync or I/O module): this file cannot tell it is lost.
  if (g && pipeline::moduleOfGlobal(g.getValue()))
    return;
  if (!g || writer == module.written.end() || !module.entered.contains(g) ||
      module.copiedBack.contains(g) ||
      exitOp->getParentOfType<mlir::FunctionOpInterface>() ==
          writer->second->getParentOfType<mlir::FunctionOpInterface>())
    return;
  s.lostExit = exitOp;
  s.lostWriter = writer->second;
  s.devWhole = true; // what the other function's kernel wrote is not known
  s.lostCheck = kStaleHostRead;
  s.fixFrom = "";
}

/// A kernel's accesses to `s` (entry `entry`): a read of a device copy the
/// host changed since it was made, and the write the host must see later.
/// The first read in `uses` (a kernel's accesses to the entry `entry`
/// binds as `devRoot`) when the kernel reads for certain an element the
/// host changed (`s`'s host writers, each of known elements) that it never
/// writes: the device's old value of it. Null when not so for certain
/// (any access or write not told, a host write of unknown elements).
static mlir::Operation *staleElementRead(mlir::Operation *kernel,
                                         mlir::Operation *entry,
                                         const VarState &s,
                                         llvm::ArrayRef<Access> uses,
                                         mlir::Value devRoot) {
  auto map = llvm::dyn_cast<mlir::omp::MapInfoOp>(entry);
  if (!map)
    return nullptr;
  mlir::Value root = storageOf(map.getVarPtr());
  llvm::SmallVector<Section, 2> changed;
  llvm::SmallVector<mlir::Operation *, 4> writers(s.earlierHostWriters.begin(),
                                                   s.earlierHostWriters.end());
  writers.push_back(s.hostWriter);
  for (mlir::Operation *w : writers) {
    std::optional<ElementUse> use = elementUse(w, root);
    if (!use || use->whole || !use->range)
      return nullptr;
    changed = merged(changed, {*use->range});
  }
  std::optional<llvm::SmallVector<Section, 2>> read = touchedElements(
                                                   devRoot, uses, kernel,
                                                   /*reads=*/true),
                                               written = touchedElements(
                                                   devRoot, uses, kernel);
  if (!read || !written)
    return nullptr;
  // The elements read, changed on the host and not written.
  llvm::SmallVector<Section, 2> stale;
  for (const Section &r : *read)
    for (const Section &c : changed) {
      Section both{std::max(r.first, c.first), std::min(r.second, c.second)};
      if (both.first <= both.second)
        stale = merged(stale, uncovered(both, *written));
    }
  // The read of one of them.
  for (const Access &a : uses) {
    std::optional<llvm::SmallVector<Section, 2>> one =
        a.read ? touchedElements(devRoot, a, kernel, /*reads=*/true)
               : std::nullopt;
    if (one && llvm::any_of(*one, [&](const Section &r) {
          return overlaps(ElementUse{false, r}, stale);
        }))
      return a.op;
  }
  return nullptr;
}

void Walk::deviceAccess(mlir::Operation *kernel, mlir::Operation *entry,
                        VarState &s, llvm::ArrayRef<Access> uses,
                        bool wasPresent, mlir::Value devRoot) {
  bool write = false;
  llvm::SmallVector<mlir::StringAttr, 2> parts;
  bool whole = !devRoot;
  for (const Access &a : uses) {
    if (a.unknown) {
      stop(s, a.op, "an op in the kernel that may do anything with it");
      return;
    }
    write |= a.write;
    if (a.write && !whole) {
      mlir::StringAttr part = componentOf(a.op, devRoot);
      whole = !part;
      if (part && !llvm::is_contained(parts, part))
        parts.push_back(part);
    }
  }
  if (wasPresent && s.uninitAt)
    if (mlir::Operation *read = firstRead(kernel, uses)) {
      FlowFinding &f = report(
          s, kReadBeforeWrite, entry,
          nameOf(s.name) +
              " is read in the target region before anything writes it, "
              "and its device copy was made without `to`: it is present, so "
              "this map copies nothing in, and the device reads "
              "uninitialized memory");
      // At the data op: flang locates a map entry at the declaration.
      mlir::Operation *made = s.uninitAt;
      for (mlir::Operation *user : s.uninitAt->getUsers())
        if (!llvm::isa<mlir::omp::MapInfoOp>(user))
          made = user;
      f.notes.push_back({made, "its device copy made here, without `to`"});
      f.notes.push_back({read, "read on the device here"});
      return;
    }
  // The kernel's first access may write; it still reads the old value of
  // an element the host changed that it never writes (`a(1) = 0.0; s =
  // a(2)` after the host set a(2)).
  mlir::Operation *staleRead = nullptr;
  if (wasPresent && s.hostWriter) {
    staleRead = firstRead(kernel, uses);
    if (!staleRead && devRoot)
      staleRead = staleElementRead(kernel, entry, s, uses, devRoot);
  }
  if (mlir::Operation *read = staleRead) {
    FlowFinding &f =
        report(s, kStaleDeviceRead, entry,
               nameOf(s.name) +
                   " changed on the host after it was copied to the "
                   "device, and this kernel reads the old device "
                   "copy " +
                   (s.partialTo ? "(the update in between copies a section "
                                  "without the element changed)"
                                : "(no `target update to`/`update device` in "
                                  "between)"));
    f.notes.push_back({s.hostWriter, "changed on the host here"});
    if (s.partialTo)
      f.notes.push_back({s.partialTo, "this update copies only a section, "
                                      "without the element changed"});
    f.notes.push_back({read, "read on the device here"});
    return;
  }
  if (write) {
    std::optional<llvm::SmallVector<Section, 2>> written =
        devRoot ? touchedElements(devRoot, uses, kernel) : std::nullopt;
    // A kernel writing every element for certain: the host's change the
    // device had not seen is gone.
    if (std::optional<Section> all = extentOf(entry);
        written && all && uncovered(*all, *written).empty()) {
      s.hostWriter = s.partialTo = nullptr;
      s.earlierHostWriters.clear();
    }
    // The elements written add up until the host sees the writes.
    if (!written || (s.devWriter && s.devWritten.empty()))
      s.devWritten.clear();
    else if (!s.devWriter)
      s.devWritten = *written;
    else
      s.devWritten = merged(s.devWritten, *written);
    // Parts add up until the host sees the writes (devWriter cleared).
    if (!s.devWriter && !s.lostExit) {
      s.devParts.clear();
      s.devWhole = false;
    }
    s.devWhole |= whole;
    for (mlir::StringAttr part : parts)
      if (!llvm::is_contained(s.devParts, part))
        s.devParts.push_back(part);
    s.devWriter = kernel;
    s.devWriterMap = entry;
    s.uninitAt = s.partialFrom = nullptr;
    s.copiedBack.clear();
    s.hostOwn.clear();
  }
  }

void Walk::ompKernel(mlir::omp::TargetOp target, bool conditional) {
  struct Entry {
    mlir::omp::MapInfoOp map;
    Flags flags;
    mlir::Value arg;
  };
  undeferred(target);
  chainDepends(target);
  llvm::SmallVector<Entry> entries;
  for (auto [m, arg] : mapEntries(target)) {
    entries.push_back({m, flagsOf(m), arg});
    // A declare target variable another unit declares: emit's MLIR keeps
    // flang's by-copy capture, the build captures it by reference.
    if (VarState *s = state(m.getVarPtr()); s && s->permanent)
      entries.back().flags.byCopy = false;
  }
  // By-copy entries are firstprivate: the host never sees their writes.
  llvm::DenseMap<VarState *, bool> present;
  for (Entry &e : entries) {
    VarState *s = state(e.map.getVarPtr());
    if (!s)
      continue;
    if (e.flags.byCopy) {
      if (!e.flags.implicit)
        continue;
      bool write = false, unknown = false;
      for (const Access &a : accessesOf(e.arg, /*followLoads=*/false)) {
        write |= a.write;
        unknown |= a.unknown;
      }
      if (write && !unknown && !conditional) {
        s->privWriter = target;
        s->privMap = e.map;
      }
      continue;
    }
    present.try_emplace(s, s->refs > 0);
    enter(e.map.getVarPtr(), e.flags, e.map, conditional);
  }
  // What each variable's entries do on the device, for the order with a
  // nowait construct before it and, when this one is nowait, after it.
  llvm::MapVector<VarState *, std::pair<bool, bool>> effects;
  llvm::DenseMap<VarState *, mlir::Operation *> firstMap;
  for (Entry &e : entries) {
    VarState *s = state(e.map.getVarPtr());
    if (!s || e.flags.byCopy)
      continue;
    firstMap.try_emplace(s, e.map);
    auto &[writes, reads] = effects[s];
    for (const Access &a : dataAccesses(e.arg)) {
      writes |= a.write || a.unknown;
      reads |= a.read || a.unknown;
    }
  }
  for (auto &[s, rw] : effects)
    unordered(*s, target, target, firstMap.lookup(s), rw.first, rw.second);
  for (Entry &e : entries) {
    VarState *s = state(e.map.getVarPtr());
    if (!s || e.flags.byCopy || e.map.getVarPtrPtr())
      continue;
    deviceAccess(target, e.map, *s, dataAccesses(e.arg), present.lookup(s),
                 e.arg);
  }
  // Declare target variables that the procedures it calls read (an entry
  // naming one moves nothing): their one device copy, present since the
  // program began.
  for (auto &[root, s] : vars) {
    auto it = deviceUses.find({target.getOperation(), root});
    if (it == deviceUses.end() || !s.permanent || s.unknown || s.reported)
      continue;
    ++s.events;
    if (conditional) {
      stop(s, target, "a transfer or kernel under a condition");
      continue;
    }
    deviceAccess(target, target, s, it->second, /*wasPresent=*/true,
                 mlir::Value());
  }
  // A `to` entry written is map-write-not-from's whatever the host does
  // next; an `alloc`/`storage` one only when the host reads it after.
  for (Entry &e : entries)
    if (!e.flags.byCopy)
      exit(e.map.getVarPtr(), e.flags, e.map,
           e.flags.to ? nullptr : kWriteNotFrom, conditional);
  if (target.getNowait())
    for (Entry &e : entries)
      if (VarState *s = state(e.map.getVarPtr()); s && !e.flags.byCopy) {
        s->nowait = target;
        s->nowaitMap = e.map;
        std::tie(s->nowaitWrites, s->nowaitReads) = effects.lookup(s);
      }
}

/// The items of `op`'s depend clauses.
static llvm::SmallVector<DependItem>
dependRoots(mlir::OperandRange vars, std::optional<mlir::ArrayAttr> kinds) {
  llvm::SmallVector<DependItem> out;
  for (auto [i, v] : llvm::enumerate(vars)) {
    bool in = false;
    if (kinds && i < kinds->size())
      if (auto k = llvm::dyn_cast<mlir::omp::ClauseTaskDependAttr>((*kinds)[i]))
        in = k.getValue() == mlir::omp::ClauseTaskDepend::taskdependin;
    // An allocatable's item is its data, through a load of its descriptor
    // (each item loads it anew).
    mlir::Value root = rootOf(v).first;
    if (auto load = root.getDefiningOp<fir::LoadOp>())
      root = rootOf(load.getMemref()).first;
    out.push_back({root, in, v});
  }
  return out;
}

/// Whether two depend items may name overlapping storage: one variable,
/// unless both are elements at constant indices that differ (`d(1)` and
/// `d(2)` order nothing).
static bool mayOverlap(const DependItem &a, const DependItem &b) {
  if (a.root != b.root)
    return false;
  auto da = a.item.getDefiningOp<hlfir::DesignateOp>();
  auto db = b.item.getDefiningOp<hlfir::DesignateOp>();
  if (!da || !db || da.getIndices().size() != db.getIndices().size() ||
      da.getComponent() || db.getComponent())
    return true;
  for (auto [x, y] : llvm::zip(da.getIndices(), db.getIndices())) {
    llvm::APInt cx, cy;
    if (mlir::matchPattern(x, mlir::m_ConstantInt(&cx)) &&
        mlir::matchPattern(y, mlir::m_ConstantInt(&cy)) &&
        cx.getSExtValue() != cy.getSExtValue())
      return false;
  }
  return true;
}

/// The depend items of a target region, update, enter or exit data.
static llvm::SmallVector<DependItem> dependsOf(mlir::Operation *op) {
  llvm::SmallVector<DependItem> mine;
  llvm::TypeSwitch<mlir::Operation *>(op)
      .Case<mlir::omp::TargetOp, mlir::omp::TargetUpdateOp,
            mlir::omp::TargetEnterDataOp, mlir::omp::TargetExitDataOp>(
          [&](auto c) {
            mine = dependRoots(c.getDependVars(), c.getDependKinds());
          });
  return mine;
}

/// Whether a construct whose depend clauses are `mine` runs after `other`
/// (a nowait target region or data directive) ends: their depend clauses
/// name overlapping storage, not both `in`.
static bool dependsOn(llvm::ArrayRef<DependItem> mine, mlir::Operation *other) {
  llvm::SmallVector<DependItem> theirs = dependsOf(other);
  return llvm::any_of(mine, [&](const DependItem &a) {
    return llvm::any_of(theirs, [&](const DependItem &b) {
      return mayOverlap(a, b) && !(a.in && b.in);
    });
  });
}

/// A target construct without `nowait` whose depend clauses order it after
/// a nowait one: the host waits for it, so for that one too.
template <typename OpT> void Walk::undeferred(OpT op) {
  if (op.getNowait() || op.getDependVars().empty())
    return;
  auto mine = dependRoots(op.getDependVars(), op.getDependKinds());
  for (auto &[root, s] : vars)
    if (s.nowait && dependsOn(mine, s.nowait))
      s.nowait = nullptr;
}

/// Whether a construct whose depend items are `mine` runs after the nowait
/// construct `other`: directly, or after a construct ordered after it.
bool Walk::orderedAfter(llvm::ArrayRef<DependItem> mine,
                        mlir::Operation *other) {
  if (dependsOn(mine, other))
    return true;
  auto it = after.find(other);
  return it != after.end() && llvm::any_of(mine, [&](const DependItem &a) {
           return llvm::any_of(it->second, [&](const DependItem &b) {
             return mayOverlap(a, b) && !(a.in && b.in);
           });
         });
}

/// `op`'s depend items join the chains of the nowait constructs it is
/// ordered after.
void Walk::chainDepends(mlir::Operation *op) {
  llvm::SmallVector<DependItem> mine = dependsOf(op);
  if (mine.empty())
    return;
  llvm::SmallPtrSet<mlir::Operation *, 4> pending;
  for (auto &[root, s] : vars)
    if (s.nowait && s.nowait != op)
      pending.insert(s.nowait);
  for (mlir::Operation *other : pending)
    if (orderedAfter(mine, other))
      llvm::append_range(after[other], mine);
}

/// `op` (a target region or update) uses `s`'s device copy while a
/// `nowait` construct before it that the host has not waited for does too,
/// with no depend clause ordering them: they may run in either order or at
/// once, and one of them writes it.
void Walk::unordered(VarState &s, mlir::Operation *op, mlir::Operation *entry,
                     mlir::Operation *map, bool writes, bool reads) {
  if (!s.nowait || s.nowait == op || s.unknown || s.reported ||
      !((writes && (s.nowaitWrites || s.nowaitReads)) ||
        (reads && s.nowaitWrites)))
    return;
  llvm::SmallVector<DependItem> mine = dependsOf(op);
  if (orderedAfter(mine, s.nowait))
    return;
  // Two constant sections that do not meet (each construct maps its own
  // part): no device copy in common.
  std::optional<Section> here = sectionOf(map),
                         there = s.nowaitMap ? sectionOf(s.nowaitMap)
                                             : std::nullopt;
  if (here && there &&
      (here->second < there->first || there->second < here->first))
    return;
  FlowFinding &f = report(
      s, kNowaitUnordered, entry,
      nameOf(StringRef(s.name).take_until([](char c) { return c == '('; })) +
          " is used here and by a `nowait` construct before it that nothing "
          "orders this after (no `depend` clause naming it on both, no "
          "`taskwait`): the two may run in either order or at once, and " +
          (writes ? "this one writes" : "that one writes") +
          " its device copy");
  f.notes.push_back({s.nowait, "the nowait construct"});
}

/// A host task: its body is host code, but one whose depend clause meets a
/// nowait target region's on a variable (not both `in`) runs after that
/// region ends, so the region is complete for the accesses inside it.
void Walk::ompTask(mlir::omp::TaskOp task, bool conditional) {
  auto mine = dependRoots(task.getDependVars(), task.getDependKinds());
  llvm::SmallVector<std::pair<VarState *, mlir::Operation *>> waited;
  for (auto &[root, s] : vars)
    if (s.nowait && dependsOn(mine, s.nowait)) {
      waited.push_back({&s, s.nowait});
      s.nowait = nullptr;
    }
  hostAccess(task, conditional);
  bool inner = conditional || conditionalRegion(task);
  for (mlir::Region &r : task->getRegions())
    for (mlir::Block &b : r)
      for (mlir::Operation &nested : b)
        visit(&nested, inner);
  // After the task the host has waited for nothing.
  for (auto [s, target] : waited)
    if (!s->nowait)
      s->nowait = target;
}

/// An OpenACC compute construct: its clauses' entries and exits are ops of
/// their own before and after it; inside, the device copy is used through
/// those entries' results or (inside a data region) the host value itself.
void Walk::accKernel(mlir::Operation *kernel, bool conditional) {
  // A synchronous construct with a `wait` clause: the host waited too.
  if (accWaitsFirst(kernel))
    for (auto &[root, s] : vars)
      s.nowait = nullptr;
  llvm::MapVector<VarState *, llvm::SmallVector<Access, 2>> uses;
  llvm::DenseMap<VarState *, mlir::Operation *> entryOf;
  llvm::SmallPtrSet<VarState *, 4> own;
  for (mlir::Value v : kernel->getOperands()) {
    mlir::Operation *clause = v.getDefiningOp();
    mlir::Value var = clause ? mlir::acc::getVar(clause) : mlir::Value();
    if (!var)
      continue;
    // A private, firstprivate or reduction copy is the construct's own.
    if (!llvm::isa<mlir::acc::CopyinOp, mlir::acc::CreateOp,
                   mlir::acc::PresentOp, mlir::acc::NoCreateOp>(clause)) {
      if (VarState *s = state(var))
        own.insert(s);
      continue;
    }
    if (VarState *s = state(var)) {
      entryOf[s] = clause;
      for (const Access &a : dataAccesses(v))
        if (kernel->isProperAncestor(a.op))
          uses[s].push_back(a);
    }
  }
  for (auto &[root, s] : vars) {
    auto it = deviceUses.find({kernel, root});
    if (it != deviceUses.end() && !s.unknown && !s.reported)
      llvm::append_range(uses[&s], it->second);
  }
  for (auto &[s, list] : uses) {
    if (s->unknown || s->reported || s->refs == 0 || own.contains(s))
      continue;
    ++s->events;
    if (conditional) {
      stop(*s, kernel, "a transfer or kernel under a condition");
      continue;
    }
    mlir::Operation *entry = entryOf.lookup(s);
    deviceAccess(
        kernel, entry ? entry : kernel, *s, list, /*wasPresent=*/
        entry ? !llvm::isa<mlir::acc::CopyinOp, mlir::acc::CreateOp>(entry) ||
                    s->refs > 1
              : true);
  }
}

} // namespace

bool ompx::mapping::mayRunAfter(mlir::Operation *later,
                                mlir::Operation *first) {
  for (mlir::Operation *at = later; at; at = at->getParentOp()) {
    mlir::Block *block = at->getBlock();
    mlir::Operation *other =
        block ? block->findAncestorOpInBlock(*first) : nullptr;
    if (!other)
      continue;
    if (other == at) {
      // `later` holds `first`, or `at` holds both in other regions or
      // blocks: branches of an if (one runs, not both) or of a CFG.
      if (at == later || llvm::any_of(at->getRegions(), [](mlir::Region &r) {
            return !r.empty() && !r.hasOneBlock();
          }))
        return true;
    } else if (other->isBeforeInBlock(at)) {
      return true;
    }
    // `later` comes first in this block, or beside `first` in another
    // branch: only a loop around both (or branches between blocks) runs it
    // after.
    for (mlir::Region *r = at->getParentRegion(); r; r = r->getParentRegion())
      if (!r->hasOneBlock() ||
          llvm::isa<mlir::LoopLikeOpInterface>(r->getParentOp()))
        return true;
    return false;
  }
  return true;
}

bool ompx::mapping::hostMayReadAfter(mlir::Operation *construct,
                                     mlir::Value var) {
  mlir::Value root = rootOf(var).first;
  // Other names may reach a pointer's or target's storage.
  if (mayAlias(root))
    return true;
  if (auto global = root.getDefiningOp<fir::AddrOfOp>()) {
    mlir::StringAttr name = global.getSymbol().getRootReference();
    // A module's variable, or a procedure's saved one (its next call reads
    // it): a main program's (_QFE...) only where another procedure of the
    // file (an internal one) names it.
    if (!name.getValue().starts_with("_QFE"))
      return true;
    auto module = global->getParentOfType<mlir::ModuleOp>();
    auto uses =
        module ? mlir::SymbolTable::getSymbolUses(name, module) : std::nullopt;
    auto own = global->getParentOfType<mlir::FunctionOpInterface>();
    if (!uses ||
        llvm::any_of(*uses, [&](const mlir::SymbolTable::SymbolUse &u) {
          // The global itself names its symbol (fir.global's `symref`).
          if (auto g = llvm::dyn_cast<fir::GlobalOp>(u.getUser());
              g && g.getSymName() == name.getValue())
            return false;
          return u.getUser()->getParentOfType<mlir::FunctionOpInterface>() !=
                 own;
        }))
      return true;
  } else if (llvm::isa<mlir::BlockArgument>(root)) {
    // A dummy (or a bare MLIR argument), unless passed by value.
    bool byValue = llvm::any_of(root.getUsers(), [](mlir::Operation *user) {
      auto d = llvm::dyn_cast<hlfir::DeclareOp>(user);
      return d && d.getFortranAttrs() &&
             bitEnumContainsAny(*d.getFortranAttrs(),
                                fir::FortranVariableFlagsEnum::value);
    });
    if (!byValue)
      return true;
  }
  auto func = construct->getParentOfType<mlir::FunctionOpInterface>();
  if (!func)
    return true;
  return llvm::any_of(dataAccesses(root), [&](const Access &a) {
    StringRef dialect =
        a.op->getDialect() ? a.op->getDialect()->getNamespace() : "";
    if (dialect == "omp" || dialect == "acc" || construct->isAncestor(a.op) ||
        Walk::enclosingKernel(a.op))
      return false;
    // Its address stored or passed anywhere (an internal procedure's host
    // association): it may be read anywhere after.
    return a.unknown || (a.read && mayRunAfter(a.op, construct));
  });
}

std::vector<FlowFinding> ompx::mapping::walkDataFlow(mlir::Block &module,
                                                     bool explain) {
  std::vector<FlowFinding> out;
  ModuleSummary summary;
  for (mlir::Operation &top : module)
    summary.collect(&top);
  CalleeEffects effects;
  module.walk([&](mlir::FunctionOpInterface func) {
    Walk walk(out, explain, summary, effects);
    walk.function(func);
  });
  return out;
}

bool ompx::mapping::callerMayHold(mlir::Value var) {
  mlir::Value root = rootOf(var).first;
  // A main program's variables (_QFE...) and a procedure's saved ones
  // (_QF<proc>E...) are its own; a module's are anyone's.
  auto global = root.getDefiningOp<fir::AddrOfOp>();
  return isFortranDummy(root) ||
         (global &&
          !global.getSymbol().getRootReference().getValue().starts_with("_QF"));
}

bool ompx::mapping::gapsReadAfter(mlir::Operation *construct, mlir::Value var,
                                  llvm::ArrayRef<Section> gaps) {
  mlir::Value root = rootOf(var).first;
  auto func = construct->getParentOfType<mlir::FunctionOpInterface>();
  if (!func)
    return false;
  llvm::DenseMap<mlir::Operation *, Access> host;
  for (const Access &a : accessesOf(root, /*followLoads=*/false))
    if (!Walk::enclosingKernel(a.op))
      host.try_emplace(a.op, a);
  llvm::SmallVector<Section, 2> left(gaps.begin(), gaps.end());
  bool seen = false, read = false;
  func->walk<mlir::WalkOrder::PreOrder>([&](mlir::Operation *op) {
    if (op == construct) {
      seen = true;
      return mlir::WalkResult::skip();
    }
    if (!seen)
      return mlir::WalkResult::advance();
    // Another device construct using it (a boundary kernel mapping it
    // tofrom): what it copies is not judged here.
    if (isKernel(op) ||
        llvm::isa<mlir::omp::TargetDataOp, mlir::omp::TargetEnterDataOp,
                  mlir::omp::TargetExitDataOp, mlir::omp::TargetUpdateOp>(op)) {
      bool uses = llvm::any_of(op->getOperands(), [&](mlir::Value v) {
        auto m = v.getDefiningOp<mlir::omp::MapInfoOp>();
        return m && rootOf(m.getVarPtr()).first == root;
      });
      if (uses || isKernel(op))
        return uses ? mlir::WalkResult::interrupt() : mlir::WalkResult::skip();
    }
    auto it = host.find(op);
    if (it == host.end())
      return mlir::WalkResult::advance();
    const Access &a = it->second;
    std::optional<ElementUse> use = elementUse(op, root);
    if (a.unknown || !use || underCondition(op, func))
      return mlir::WalkResult::interrupt(); // not told: no finding
    if (a.read && overlaps(*use, left)) {
      read = true;
      return mlir::WalkResult::interrupt();
    }
    if (a.write) {
      if (use->whole)
        return mlir::WalkResult::interrupt();
      // The element written is the host's own again.
      llvm::SmallVector<Section, 2> rest;
      for (const Section &g : left)
        for (const Section &r : uncovered(g, {*use->range}))
          rest.push_back(r);
      left = std::move(rest);
      if (left.empty())
        return mlir::WalkResult::interrupt();
    }
    return mlir::WalkResult::advance();
  });
  return read;
}
