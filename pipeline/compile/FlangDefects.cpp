//===- FlangDefects.cpp - Lowerings that are another program --------------===//
//
// See FlangDefects.h.
//
//===----------------------------------------------------------------------===//

#include "pipeline/compile/FlangDefects.h"
#include "pipeline/passes/GlobalOf.h"
#include "pipeline/passes/MapValues.h"
#include "pipeline/passes/RuntimeCalls.h"

#include "flang/Optimizer/Builder/FIRBuilder.h"
#include "flang/Optimizer/Dialect/FIROps.h"
#include "flang/Optimizer/Dialect/FIRType.h"
#include "flang/Optimizer/Dialect/Support/KindMapping.h"
#include "flang/Optimizer/HLFIR/HLFIROps.h"
#include "flang/Optimizer/Support/InternalNames.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/OpenACC/OpenACC.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <string>

/// The Fortran name of the variable `v` declares (hlfir/fir.declare's
/// uniq_name), or "".
static std::string declaredName(mlir::Value v) {
  mlir::Operation *def = v.getDefiningOp();
  auto uniq = def ? def->getAttrOfType<mlir::StringAttr>("uniq_name")
                  : mlir::StringAttr();
  if (!uniq)
    return "";
  return fir::NameUniquer::deconstruct(uniq.getValue()).second.name;
}

bool ompx::pipeline::refuseLinearPrivates(mlir::ModuleOp module) {
  bool ok = true;
  module.walk([&](mlir::omp::SimdOp simd) {
    for (mlir::Value var : simd.getLinearVars()) {
      if (!llvm::is_contained(simd.getPrivateVars(), var))
        continue;
      ok = false;
      mlir::InFlightDiagnostic d = mlir::emitError(simd.getLoc());
      d << "this simd loop's ";
      if (std::string name = declaredName(var); !name.empty())
        d << "variable '" << name << "'";
      else
        d << "loop variable";
      d << " is both linear and private in flang-22's lowering for OpenMP "
           "before 5.0 (its -fopenmp-version default is 3.1): its value "
           "after the loop is lost (a linear variable, the loop's "
           "included, must leave the loop with its last value); compile "
           "with -fopenmp-version=50 or later (ompx's own default is 5.2)";
      return;
    }
  });
  // linear on a worksharing loop whose chunks are not dealt statically:
  // LLVM 22's translation leaves the variable without its last value
  // (llvm-project#211439; static schedules are right).
  module.walk([&](mlir::omp::WsloopOp loop) {
    std::optional<mlir::omp::ClauseScheduleKind> kind = loop.getScheduleKind();
    if (loop.getLinearVars().empty() || !kind ||
        *kind == mlir::omp::ClauseScheduleKind::Static)
      return;
    ok = false;
    mlir::Value var = loop.getLinearVars().front();
    mlir::InFlightDiagnostic d = mlir::emitError(loop.getLoc());
    d << "linear";
    if (std::string name = declaredName(var); !name.empty())
      d << "(" << name << ")";
    d << " on a worksharing loop with schedule("
      << mlir::omp::stringifyClauseScheduleKind(*kind)
      << ") is refused: LLVM 22 leaves the variable without its value of "
         "the last iteration (the iterations' own values are right); use "
         "schedule(static) with linear, or compute the variable from the "
         "loop's index";
  });
  return ok;
}

bool ompx::pipeline::refuseDescriptorUseDevice(mlir::ModuleOp module) {
  bool ok = true;
  module.walk([&](mlir::omp::TargetDataOp data) {
    auto check = [&](mlir::ValueRange vars) {
      for (mlir::Value v : vars) {
        auto map = v.getDefiningOp<mlir::omp::MapInfoOp>();
        if (!map || !mlir::isa<fir::BaseBoxType>(
                        fir::unwrapRefType(map.getVarPtr().getType())))
          continue;
        ok = false;
        mlir::emitError(data.getLoc())
            << "use_device_addr/use_device_ptr of '"
            << map.getName().value_or("")
            << "' (an allocatable, pointer or assumed-shape array; OpenACC's "
               "host_data use_device too) is refused on a device: LLVM 22 "
               "gives the construct a garbage descriptor for it (the data's "
               "first value read as an address); take its address before "
               "the construct and translate that (p = c_loc(a), then "
               "use_device_ptr(p) with p a type(c_ptr); OpenACC: "
               "acc_deviceptr(a))";
      }
    };
    check(data.getUseDeviceAddrVars());
    check(data.getUseDevicePtrVars());
  });
  return ok;
}

/// Whether `type` (a derived type) has an allocatable or pointer component,
/// directly or in a component of derived type.
static bool hasDescriptorComponent(mlir::Type type) {
  auto record = mlir::dyn_cast<fir::RecordType>(type);
  if (!record)
    return false;
  return llvm::any_of(record.getTypeList(), [](const auto &field) {
    mlir::Type t = field.second;
    if (auto seq = mlir::dyn_cast<fir::SequenceType>(t))
      t = seq.getElementType();
    return mlir::isa<fir::BaseBoxType>(t) || hasDescriptorComponent(t);
  });
}

bool ompx::pipeline::refuseRecordUpdates(mlir::ModuleOp module) {
  bool ok = true;
  module.walk([&](mlir::omp::TargetUpdateOp update) {
    for (mlir::Value v : update.getMapVars()) {
      auto map = v.getDefiningOp<mlir::omp::MapInfoOp>();
      // An array of such records, or an element or section of one, too;
      // of an allocatable or pointer array or an assumed-shape dummy, the
      // data member of its descriptor's map (var_ptr is the descriptor, the
      // var type the record: `update from(xs)` moved the records only).
      mlir::Type stored = fir::unwrapPassByRefType(
          map ? map.getVarPtr().getType() : mlir::Type());
      // (Only when it is the descriptor map's one member: with members of
      // its own components, `update from(xs(2)%v)`, the records' data map
      // is the path to the component, which does move.)
      bool dataOfDescriptor =
          map && map.getVarPtrPtr() &&
          mlir::isa_and_present<fir::BaseBoxType>(stored) &&
          llvm::all_of(map->getUsers(), [&](mlir::Operation *user) {
            auto parent = mlir::dyn_cast<mlir::omp::MapInfoOp>(user);
            return !parent || parent.getMembers().size() == 1;
          });
      if (!map || !map.getMembers().empty() || map.getMapperIdAttr() ||
          !hasDescriptorComponent(fir::unwrapSequenceType(
              dataOfDescriptor ? map.getVarType() : stored)))
        continue;
      ok = false;
      std::string name = map.getName().value_or("").str();
      if (dataOfDescriptor)
        for (mlir::Operation *user : map->getUsers())
          if (auto parent = mlir::dyn_cast<mlir::omp::MapInfoOp>(user))
            if (name.empty() && parent.getName())
              name = parent.getName()->str();
      // Of an array: each element's components (`xs%v` is no designator
      // for an allocatable v).
      std::string item = name;
      if ((dataOfDescriptor || mlir::isa<fir::SequenceType>(stored)) &&
          (name.find('(') == std::string::npos ||
           name.find(':') != std::string::npos))
        item = name.substr(0, name.find('(')) + "(i)";
      // OpenACC's update device/self arrive here as target update to/from.
      bool to = mlir::omp::bitEnumContainsAny(map.getMapType(),
                                              mlir::omp::ClauseMapFlags::to);
      mlir::emitError(update.getLoc())
          << "target update of '" << name
          << "', of a derived type with allocatable or pointer components, "
             "is refused: LLVM 22 moves the variable's own storage and not "
             "the components' data, which stays stale; update the "
             "components, each allocated component v and each other "
             "component n the "
          << (to ? "device" : "host") << " reads (OpenMP `target update "
          << (to ? "to(" : "from(") << item << "%v, " << item
          << "%n)`, OpenACC `update " << (to ? "device(" : "self(") << item
          << "%v, " << item << "%n)`)";
    }
  });
  return ok;
}

bool ompx::pipeline::refuseDeclareTargetArguments(mlir::ModuleOp module) {
  bool ok = true;
  mlir::SymbolTable symbols(module);
  module.walk([&](mlir::omp::TargetOp target) {
    llvm::SmallPtrSet<mlir::Value, 8> members;
    for (mlir::Value v : target.getMapVars())
      if (auto map = v.getDefiningOp<mlir::omp::MapInfoOp>())
        members.insert(map.getMembers().begin(), map.getMembers().end());
    for (mlir::Value v : target.getMapVars()) {
      auto map = v.getDefiningOp<mlir::omp::MapInfoOp>();
      if (!map || !map.getVarPtrPtr() || members.contains(v))
        continue;
      llvm::StringRef symbol = ompx::passes::globalSymbolOf(map.getVarPtr());
      mlir::Operation *global = symbols.lookup(symbol);
      if (!global || !global->hasAttr("omp.declare_target"))
        continue;
      ok = false;
      std::string name = fir::NameUniquer::deconstruct(symbol).second.name;
      mlir::emitError(target.getLoc())
          << "this construct's map of declare target variable '" << name
          << "' is refused: a map of its data by its descriptor's address "
             "(var_ptr_ptr) that is no member of the descriptor's map makes "
             "LLVM 22 pass the variable's address as a kernel argument, "
             "and the kernel then read '"
          << name
          << "' from that argument instead of its device copy (a garbage "
             "descriptor); an ompx pass made this map, please report it";
    }
  });
  return ok;
}

/// Whether the descriptor stored in temporary `box` is of a component of
/// a whole array (or section) of records (`qs%x`): every element's `x`, a
/// strided run of the records' storage.
static bool holdsComponentOfArray(mlir::Value box) {
  for (mlir::Operation *user : box.getUsers()) {
    auto store = mlir::dyn_cast<fir::StoreOp>(user);
    if (!store || store.getMemref() != box)
      continue;
    mlir::Value v = store.getValue();
    while (auto c = v.getDefiningOp<fir::ConvertOp>())
      v = c.getValue();
    if (auto d = v.getDefiningOp<hlfir::DesignateOp>())
      return d.getComponent() &&
             mlir::isa<fir::SequenceType>(
                 fir::unwrapPassByRefType(d.getMemref().getType()));
  }
  return false;
}

bool ompx::pipeline::refuseTemporaryMembers(mlir::ModuleOp module) {
  bool ok = true;
  module.walk([&](mlir::omp::MapInfoOp parent) {
    // A record, or an array of records (`rs(2)%x`, `qs%x`).
    if (parent.getMembers().empty() ||
        !mlir::isa<fir::RecordType>(fir::unwrapSequenceType(
            fir::unwrapRefType(parent.getVarPtr().getType()))))
      return;
    for (mlir::Value v : parent.getMembers()) {
      auto member = v.getDefiningOp<mlir::omp::MapInfoOp>();
      // A component flang reaches through a descriptor it made for the
      // clause (an array component of lower bound other than 1, a
      // component of every element): the member is that temporary, not
      // the record's storage.
      if (!member || !member.getVarPtr().getDefiningOp<fir::AllocaOp>())
        continue;
      ok = false;
      std::string name = member.getName().value_or("").str();
      mlir::Operation *at = parent;
      for (mlir::Operation *user : parent->getUsers())
        at = user;
      std::string whole = parent.getName().value_or("").str();
      whole = whole.substr(0, whole.find('('));
      if (holdsComponentOfArray(member.getVarPtr()))
        mlir::emitError(at->getLoc())
            << "the map of '" << name
            << "' is refused: a component of every element of an array "
               "of derived type is not contiguous storage, which a map "
               "item must be (OpenMP 5.2, 5.8.3); flang-22 moves one "
               "contiguous run from its first element (other components' "
               "values overwritten, later elements' lost, or a crash); map "
               "the array ('"
            << whole
            << "'), or each element's component on a directive of its own";
      else
        mlir::emitError(at->getLoc())
            << "the map of component '" << name
            << "' is refused on a device: flang-22 maps an array component "
               "whose lower bound is not 1 through a temporary descriptor "
               "of its own, and the kernel reaches freed or unmapped memory "
               "(a crash); map the whole variable ('"
            << whole << "')";
      return;
    }
  });
  return ok;
}

/// The subscripts of the element of an array of derived type through which
/// `address` reaches a component (`ts(3)` of `ts(3)%a`); empty if none.
static llvm::SmallVector<mlir::Value> elementSubscripts(mlir::Value address) {
  // Every element selection of an array of records on the way (`ts(3)`,
  // `s%c(3)`, a designate whose result is a record), outermost last.
  llvm::SmallVector<mlir::Value> out;
  for (unsigned depth = 0; address && depth < 8; ++depth) {
    auto d = address.getDefiningOp<hlfir::DesignateOp>();
    if (!d)
      break;
    if (!d.getIndices().empty() &&
        mlir::isa<fir::RecordType>(
            fir::unwrapPassByRefType(d.getResult().getType())))
      llvm::append_range(out, d.getIndices());
    address = d.getMemref();
  }
  return out;
}

/// Whether every value of `values` is a constant integer.
static bool allConstant(llvm::ArrayRef<mlir::Value> values) {
  return llvm::all_of(values, [](mlir::Value v) {
    llvm::APInt c;
    return mlir::matchPattern(v, mlir::m_ConstantInt(&c));
  });
}

bool ompx::pipeline::refuseElementMembers(mlir::ModuleOp module) {
  bool ok = true;
  // Subscripts known only at run time (`ts(3)%a` and `ts(i)%b`): compared
  // before the directive, which stops the program only when they differ.
  struct Pending {
    mlir::Operation *at;
    llvm::SmallVector<mlir::Value> a, b;
    std::string message;
  };
  llvm::SmallVector<Pending> pending;
  module.walk([&](mlir::omp::MapInfoOp parent) {
    // An array of records (`ts(1)%a, ts(3)%a`), or a record holding one
    // (`s%c(1)%a, s%c(3)%a`: flang gives both the member index [0, 0]).
    mlir::Type type = fir::unwrapRefType(parent.getVarPtr().getType());
    bool array = mlir::isa<fir::RecordType>(fir::unwrapSequenceType(type)) &&
                 mlir::isa<fir::SequenceType>(type);
    if (parent.getMembers().size() < 2 ||
        !mlir::isa<fir::RecordType>(fir::unwrapSequenceType(type)))
      return;
    mlir::ArrayAttr paths = parent.getMembersIndexAttr();
    auto pathOf = [&](size_t i) {
      return paths && i < paths.size() ? paths[i] : mlir::Attribute();
    };
    mlir::omp::MapInfoOp first;
    size_t firstAt = 0;
    for (auto [i, v] : llvm::enumerate(parent.getMembers())) {
      auto member = v.getDefiningOp<mlir::omp::MapInfoOp>();
      if (!member)
        continue;
      if (!first) {
        first = member;
        firstAt = i;
        continue;
      }
      llvm::SmallVector<mlir::Value> a = elementSubscripts(first.getVarPtr()),
                                     b = elementSubscripts(member.getVarPtr());
      // In a record, only the same component's elements are compared.
      if (!array && (a.empty() || pathOf(i) != pathOf(firstAt)))
        continue;
      bool same =
          a.size() == b.size() && llvm::all_of(llvm::zip(a, b), [](auto p) {
            return ompx::passes::sameValue(std::get<0>(p), std::get<1>(p),
                                           /*addressOnly=*/false);
          });
      if (same)
        continue;
      mlir::Operation *at = parent;
      for (mlir::Operation *user : parent->getUsers())
        at = user;
      // The array the elements are of: the first member's name without its
      // last component and that element's subscript (`s%c(1_8)%a`: s%c).
      std::string array = first.getName().value_or("").str();
      array = array.substr(0, array.rfind('%'));
      array = array.substr(0, array.rfind('('));
      std::string message =
          "the maps of '" + first.getName().value_or("").str() + "' and '" +
          member.getName().value_or("").str() +
          "', components of different elements of the array '" + array +
          "' on one directive, are refused on a device: flang-22 maps them "
          "as members of one element's device copy, and the others are read "
          "and written outside it (wrong results or a crash); map the "
          "elements whole: '" +
          array + "(lo:hi)' or '" + array + "'";
      if (a.size() == b.size() && !(allConstant(a) && allConstant(b))) {
        pending.push_back({at, a, b, "ompx: " + message});
        continue;
      }
      ok = false;
      mlir::emitError(at->getLoc()) << message;
      return;
    }
  });
  fir::KindMapping kinds = fir::getKindMapping(module);
  for (Pending &p : pending) {
    fir::FirOpBuilder b(p.at, kinds);
    mlir::Location loc = p.at->getLoc();
    mlir::Value differ = b.createBool(loc, false);
    for (auto [x, y] : llvm::zip(p.a, p.b))
      differ = mlir::arith::OrIOp::create(
          b, loc, differ,
          mlir::arith::CmpIOp::create(
              b, loc, mlir::arith::CmpIPredicate::ne,
              b.createConvert(loc, b.getIndexType(), x),
              b.createConvert(loc, b.getIndexType(), y)));
    b.genIfThen(loc, differ)
        .genThen([&] { ompx::passes::reportFatal(b, loc, p.message); })
        .end();
  }
  return ok;
}

/// Whether `op` runs once in its parallel region rather than on every
/// thread of it (a single, masked, critical, ordered region or a section).
static bool runsOnce(mlir::Operation *op, mlir::Operation *region) {
  for (mlir::Operation *p = op->getParentOp(); p && p != region;
       p = p->getParentOp())
    if (mlir::isa<mlir::omp::SingleOp, mlir::omp::MaskedOp, mlir::omp::MasterOp,
                  mlir::omp::CriticalOp, mlir::omp::OrderedRegionOp,
                  mlir::omp::SectionOp>(p))
      return true;
  return false;
}

bool ompx::pipeline::refuseIndirectDeviceCalls(mlir::ModuleOp module) {
  bool ok = true;
  auto check = [&](mlir::Operation *code) {
    code->walk([&](fir::CallOp call) {
      if (call.getCallee())
        return;
      ok = false;
      mlir::emitError(call.getLoc())
          << "a call through a procedure pointer in device code is refused: "
             "the device would call the host's procedure (on host-offload it "
             "runs the host's copy, with the host's data; a GPU cannot run "
             "it), and flang-22 does not implement `declare target "
             "indirect`; call the procedure by its name (a `select case` on "
             "which one to call)";
    });
  };
  module.walk([&](mlir::Operation *op) {
    if (mlir::isa<mlir::omp::TargetOp>(op)) {
      check(op);
      return mlir::WalkResult::skip();
    }
    auto fn = mlir::dyn_cast<mlir::func::FuncOp>(op);
    auto attr = fn ? fn->getAttrOfType<mlir::omp::DeclareTargetAttr>(
                         "omp.declare_target")
                   : nullptr;
    if (attr && attr.getDeviceType().getValue() !=
                    mlir::omp::DeclareTargetDeviceType::host) {
      check(op);
      return mlir::WalkResult::skip();
    }
    return mlir::WalkResult::advance();
  });
  return ok;
}

/// Whether `op` runs on a device when offloading: in a target region or a
/// declare target procedure (not one for the host only).
static bool deviceCode(mlir::Operation *op) {
  if (op->getParentOfType<mlir::omp::TargetOp>())
    return true;
  auto fn = op->getParentOfType<mlir::FunctionOpInterface>();
  auto attr =
      fn ? fn->getAttrOfType<mlir::omp::DeclareTargetAttr>("omp.declare_target")
         : nullptr;
  return attr && attr.getDeviceType().getValue() !=
                     mlir::omp::DeclareTargetDeviceType::host;
}

bool ompx::pipeline::refuseDeviceTypeInquiry(mlir::ModuleOp module) {
  bool ok = true;
  auto refuse = [&](mlir::Operation *op, llvm::StringRef what) {
    ok = false;
    mlir::emitError(op->getLoc())
        << what
        << " in device code is refused: the device reads a polymorphic "
           "object's dynamic type from the host's type descriptor, which "
           "no type of the device image matches (every SELECT TYPE took "
           "`class default`, SAME_TYPE_AS and EXTENDS_TYPE_OF gave .false.); "
           "decide the type on the host and pass the region what it "
           "selects (a type code, or the object as its type)";
  };
  module.walk([&](mlir::Operation *op) {
    if (auto select = mlir::dyn_cast<fir::SelectTypeOp>(op)) {
      bool derived = llvm::any_of(select.getCases(), [](mlir::Attribute a) {
        mlir::Type t;
        if (auto exact = mlir::dyn_cast<fir::ExactTypeAttr>(a))
          t = exact.getType();
        else if (auto sub = mlir::dyn_cast<fir::SubclassAttr>(a))
          t = sub.getType();
        return t && mlir::isa<fir::RecordType>(t);
      });
      if (derived && deviceCode(op))
        refuse(op, "SELECT TYPE with a derived type's guard");
    } else if (auto call = mlir::dyn_cast<fir::CallOp>(op)) {
      std::optional<mlir::SymbolRefAttr> callee = call.getCallee();
      llvm::StringRef name =
          callee ? callee->getRootReference().getValue() : "";
      if ((name == "_FortranASameTypeAs" || name == "_FortranAExtendsTypeOf") &&
          deviceCode(op))
        refuse(op, name == "_FortranASameTypeAs" ? "SAME_TYPE_AS"
                                                 : "EXTENDS_TYPE_OF");
    }
  });
  return ok;
}

bool ompx::pipeline::refuseWideAtomics(mlir::ModuleOp module, bool offload) {
  bool ok = true;
  // One update (OpenMP's or OpenACC's): `x` is its variable, `capture`
  // whether a capture holds it.
  auto judge = [&](mlir::Operation *update, mlir::Value x, bool capture) {
    mlir::Type t = fir::unwrapRefType(x.getType());
    auto complex = mlir::dyn_cast<mlir::ComplexType>(t);
    mlir::Type part = complex ? complex.getElementType() : t;
    auto real = mlir::dyn_cast<mlir::FloatType>(part);
    unsigned bytes = real ? (complex ? 2 : 1) * real.getWidth() / 8 : 0;
    // On a device LLVM 22 makes a complex atomic a libatomic call
    // (__atomic_load) no device runtime has: the link failed naming it.
    bool device = complex && offload && deviceCode(update);
    if (!real || (bytes <= 8 && !device))
      return;
    ok = false;
    mlir::Operation *at = capture ? update->getParentOp() : update;
    mlir::InFlightDiagnostic d = mlir::emitError(at->getLoc());
    d << "atomic " << (capture ? "capture" : "update") << " of a "
      << (complex ? "complex" : "real") << " variable of " << bytes << " bytes";
    if (std::string name = declaredName(x); !name.empty())
      d << " ('" << name << "')";
    d << " is refused: "
      << (real.getWidth() > 64 ? "LLVM 22 cannot translate it (its atomic "
                                 "compare-exchange needs a power-of-two size)"
          : bytes > 8          ? "LLVM 22 exchanges only its first 8 bytes "
                                 "atomically, so the imaginary part of the result is "
                                 "lost (flang-22 alone gives the same wrong value)"
                      : "in device code LLVM 22 makes it a call of libatomic "
                        "(__atomic_load), which no device runtime has")
      << "; guard the update with a critical construct"
      << (complex ? ", or update the real and imaginary parts as atomics "
                    "of their own"
                  : "");
  };
  module.walk([&](mlir::Operation *op) {
    if (auto u = mlir::dyn_cast<mlir::omp::AtomicUpdateOp>(op))
      judge(u, u.getX(),
            mlir::isa<mlir::omp::AtomicCaptureOp>(u->getParentOp()));
    else if (auto u = mlir::dyn_cast<mlir::acc::AtomicUpdateOp>(op))
      judge(u, u.getX(),
            mlir::isa<mlir::acc::AtomicCaptureOp>(u->getParentOp()));
  });
  return ok;
}

bool ompx::pipeline::refuseSharedImpliedDo(mlir::ModuleOp module) {
  bool ok = true;
  module.walk([&](fir::DoLoopOp loop) {
    auto region = loop->getParentOfType<mlir::omp::ParallelOp>();
    if (!region || runsOnce(loop, region))
      return;
    // An I/O list's implied DO: the loop calls the I/O runtime.
    bool io = false;
    loop.getBody()->walk([&](fir::CallOp call) {
      if (auto callee = call.getCallee())
        io |= callee->getRootReference().getValue().starts_with("_FortranAio");
    });
    if (!io)
      return;
    for (mlir::Operation *user : loop.getInductionVar().getUsers()) {
      auto convert = mlir::dyn_cast<fir::ConvertOp>(user);
      if (!convert)
        continue;
      for (mlir::Operation *u : convert->getUsers()) {
        auto store = mlir::dyn_cast<fir::StoreOp>(u);
        if (!store || store.getValue() != convert.getResult())
          continue;
        // A variable of the enclosing scope: shared in the region.
        mlir::Value var = store.getMemref();
        mlir::Operation *def = var.getDefiningOp();
        if (def ? region->isAncestor(def)
                : region->isAncestor(mlir::cast<mlir::BlockArgument>(var)
                                         .getOwner()
                                         ->getParentOp()))
          continue;
        ok = false;
        std::string name = declaredName(var);
        mlir::emitError(store.getLoc())
            << "the implied-DO variable '" << name
            << "' of this I/O statement is shared among the threads of the "
               "parallel region in flang-22's lowering (OpenMP makes it "
               "private: the threads race on it, garble each other's "
               "output and change the original); declare it private("
            << name << ") on the parallel construct";
        return;
      }
    }
  });
  return ok;
}

bool ompx::pipeline::refuseCharacterMaps(mlir::ModuleOp module) {
  bool ok = true;
  module.walk([&](mlir::omp::MapInfoOp map) {
    mlir::Type type = map.getVarType();
    bool descriptor = mlir::isa<fir::BaseBoxType>(type);
    type = fir::unwrapSequenceType(fir::unwrapPassByRefType(type));
    auto chars = mlir::dyn_cast<fir::CharacterType>(type);
    if (!chars || map->getParentOfType<mlir::omp::DeclareMapperOp>())
      return;
    const char *why = nullptr;
    // A descriptor's data (character(:) allocatable, a len=* array; the
    // descriptor itself before flang expands it): one byte an element. (A
    // len=* scalar's map, and its boxchar's, carry the length as bounds.)
    bool boxchar = mlir::isa<fir::BoxCharType>(
        fir::unwrapRefType(map.getVarPtr().getType()));
    // An explicit-shape array of such elements (`character(len=n) ::
    // c(3)`): a reference whose type has no length either.
    bool lenlessArray = mlir::isa<fir::SequenceType>(
        fir::unwrapRefType(map.getVarPtr().getType()));
    if (!chars.hasConstantLen() && !boxchar &&
        (map.getVarPtrPtr() || (descriptor && map.getMembers().empty()) ||
         lenlessArray))
      why = "of a length known only at run time (character(:), a len=* or "
            "len=n array): LLVM 22 maps one character of each element";
    else if (chars.getLen() > 1 && !map.getBounds().empty() &&
             llvm::any_of(map.getBounds(), [](mlir::Value v) {
               auto b = v.getDefiningOp<mlir::omp::MapBoundsOp>();
               llvm::APInt lb;
               return !b || !b.getLowerBound() ||
                      !mlir::matchPattern(b.getLowerBound(),
                                          mlir::m_ConstantInt(&lb)) ||
                      !lb.isZero();
             }))
      why = "a section of a character array: LLVM 22 offsets it by the "
            "character's byte, not the element's length";
    if (!why)
      return;
    ok = false;
    // The construct's line, and the descriptor's name for its data.
    mlir::Operation *at = map;
    std::string name = map.getName().value_or("").str();
    for (mlir::Operation *user : map->getUsers()) {
      auto parent = mlir::dyn_cast<mlir::omp::MapInfoOp>(user);
      if (!parent) {
        at = user;
        continue;
      }
      if (name.empty())
        name = parent.getName().value_or("").str();
      for (mlir::Operation *u : parent->getUsers())
        if (!mlir::isa<mlir::omp::MapInfoOp>(u))
          at = u;
    }
    mlir::emitError(at->getLoc())
        << "the map of '" << name << "' is refused on a device, " << why
        << " (the rest of the data is not moved); map a character variable "
           "of a constant length, whole";
  });
  return ok;
}

void ompx::pipeline::unmarkMainProgram(mlir::ModuleOp module) {
  if (auto main = module.lookupSymbol<mlir::func::FuncOp>(
          fir::NameUniquer::doProgramEntry()))
    main->removeAttr("omp.declare_target");
}
