//===- MapSites.cpp - The map clauses a checked launch reports at ---------===//

#include "pipeline/compile/MapSites.h"
#include "pipeline/compile/DeviceFixes.h"
#include "pipeline/compile/FileLocations.h"
#include "support/FlangNames.h"

#include "flang/Optimizer/Dialect/FIROps.h"
#include "flang/Optimizer/Dialect/FIRType.h"
#include "flang/Optimizer/HLFIR/HLFIROps.h"
#include "flang/Optimizer/Support/InternalNames.h"
#include "mlir/AsmParser/AsmParserState.h"
#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "mlir/Dialect/OpenACC/OpenACC.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <optional>

using namespace ompx::pipeline;
using llvm::StringRef;

/// The variable an op maps: omp.map.info's and the acc clauses' `name`, as
/// the program wrote it (the input passes respell flang's `a(2:n-1_4)`; the
/// parsed module, recorded here first, still has flang's).
static std::string variableOf(mlir::Operation *op) {
  if (auto name = op->getAttrOfType<mlir::StringAttr>("name"))
    return ompx::sourceName(name.getValue());
  return "";
}

/// A map op of a `declare mapper` that names no variable (flang's implicit
/// default mapper of a record with allocatable components names none of its
/// maps; an explicit mapper's base address of `l%w(1:l%n)` is unnamed too):
/// the component its index path in the mapper's parent map reaches, after
/// the mapper's variable where the parent has a name, else after the
/// record's type (`field%w`); a descriptor's base address is its `(data)`.
/// Empty where it is not such a map.
static std::string mapperMemberName(mlir::omp::MapInfoOp info) {
  auto mapper = info->getParentOfType<mlir::omp::DeclareMapperOp>();
  if (!mapper)
    return "";
  for (mlir::Operation *user : info->getUsers()) {
    auto parent = mlir::dyn_cast<mlir::omp::MapInfoOp>(user);
    std::optional<mlir::ArrayAttr> paths =
        parent ? parent.getMembersIndex() : std::nullopt;
    if (!paths || paths->size() != parent.getMembers().size())
      continue;
    for (auto [member, path] : llvm::zip(parent.getMembers(), *paths)) {
      if (member != info.getResult())
        continue;
      llvm::SmallVector<int64_t> steps;
      if (auto list = mlir::dyn_cast<mlir::ArrayAttr>(path)) {
        for (mlir::Attribute a : list)
          if (auto i = mlir::dyn_cast<mlir::IntegerAttr>(a))
            steps.push_back(i.getInt());
      } else if (auto dense = mlir::dyn_cast<mlir::DenseI64ArrayAttr>(path)) {
        llvm::append_range(steps, dense.asArrayRef());
      }
      std::string name = variableOf(parent);
      auto record = mlir::dyn_cast<fir::RecordType>(mapper.getType());
      if (name.empty() && record)
        name = fir::NameUniquer::deconstruct(record.getName()).second.name;
      if (name.empty())
        name = "?";
      // Down the record's components: the last step inside a descriptor is
      // its base address.
      mlir::Type type = record;
      bool data = false;
      for (int64_t step : steps) {
        auto r = mlir::dyn_cast_or_null<fir::RecordType>(type);
        if (!r) {
          data = true;
          break;
        }
        if (step < 0 || step >= (int64_t)r.getTypeList().size())
          return "";
        name += "%" + r.getTypeList()[step].first;
        type = fir::unwrapPassByRefType(r.getTypeList()[step].second);
        if (auto box = mlir::dyn_cast<fir::BaseBoxType>(type))
          type = fir::unwrapPassByRefType(box.getEleTy());
        type = fir::unwrapSequenceType(type);
      }
      return data ? name + " (data)" : name;
    }
  }
  return "";
}

/// omp.map.info, or an acc data clause (acc.copyin, acc.create, ...: acc
/// ops that name a variable).
static bool isMapOp(mlir::Operation *op) {
  if (mlir::isa<mlir::omp::MapInfoOp>(op))
    return true;
  return op->getName().getDialectNamespace() == "acc" &&
         op->getAttrOfType<mlir::StringAttr>("name");
}

void MapSiteIndex::record(const mlir::AsmParserState &state,
                          const llvm::SourceMgr &sm) {
  for (const mlir::AsmParserState::OperationDefinition &def :
       state.getOpDefs()) {
    mlir::Operation *op = def.op;
    if (mlir::isa<mlir::omp::TargetOp, mlir::acc::ParallelOp,
                  mlir::acc::KernelsOp, mlir::acc::SerialOp>(op)) {
      auto [line, column] = sm.getLineAndColumn(def.loc.Start);
      kernelOps.try_emplace(
          op->getLoc().getAsOpaquePointer(),
          Position{line, column, op->getName().getStringRef().str(), ""});
      continue;
    }
    if (!isMapOp(op))
      continue;
    auto [line, column] = sm.getLineAndColumn(def.loc.Start);
    Position at{line, column, op->getName().getStringRef().str(),
                variableOf(op)};
    // flang gives the map entries of one variable one location: the op
    // itself first (the host copy is the parsed module). An acc clause and
    // the omp.map.info made of it share a location.
    if (mlir::isa<mlir::omp::MapInfoOp>(op))
      parsedOps.try_emplace(op, at);
    const void *loc = op->getLoc().getAsOpaquePointer();
    positions.try_emplace({loc, variableOf(op)}, at);
    positions.try_emplace({loc, ""}, at);
  }
}

/// The first file location of `loc` in `file` (inside == true) or in
/// another file.
static std::optional<mlir::FileLineColLoc>
fileLocation(mlir::Location loc, StringRef file, bool inside) {
  return firstFileLoc(loc, [&](mlir::FileLineColLoc f) {
    return (f.getFilename() == file) == inside;
  });
}

/// The construct whose map entry `info` is (through the parents of a
/// member map).
static mlir::Operation *constructOf(mlir::Operation *info) {
  for (int depth = 0; info && depth < 16; ++depth) {
    mlir::Operation *parent = nullptr;
    for (mlir::Operation *user : info->getUsers()) {
      if (!mlir::isa<mlir::omp::MapInfoOp>(user))
        return user;
      parent = user;
    }
    info = parent;
  }
  return nullptr;
}

/// The map clause's place in the Fortran source. flang gives an
/// omp.map.info the location of the variable's declaration (under its
/// name), or for an implicit map that of some statement before: its
/// directive's stands for it. An acc clause, and the map entry acc-to-omp
/// made of it, has the clause's own.
static std::optional<mlir::FileLineColLoc>
sourceOf(mlir::omp::MapInfoOp info, StringRef op, StringRef inputPath) {
  mlir::Location loc = info.getLoc();
  if (!op.starts_with("acc."))
    if (mlir::Operation *construct = constructOf(info))
      loc = construct->getLoc();
  return fileLocation(loc, inputPath, /*inside=*/false);
}

/// `#f4`/`#f8` when `info` maps real or double precision data (the checker
/// poisons it as such), else "".
static StringRef realSuffix(mlir::omp::MapInfoOp info) {
  mlir::Type t = info.getVarType();
  while (true) {
    if (auto seq = mlir::dyn_cast<fir::SequenceType>(t))
      t = seq.getElementType();
    else if (auto box = mlir::dyn_cast<fir::BaseBoxType>(t))
      t = box.getEleTy();
    else if (mlir::isa<fir::ReferenceType, fir::HeapType, fir::PointerType>(t))
      t = fir::dyn_cast_ptrEleTy(t);
    else if (auto array = mlir::dyn_cast<mlir::LLVM::LLVMArrayType>(t))
      t = array.getElementType();
    else
      break;
  }
  return t.isF32() ? "#f4" : t.isF64() ? "#f8" : "";
}

/// Whether nothing on the host reads the variable `info` maps after its
/// construct: a local of the function (no pointer or target), its construct
/// at the function's top level or under conditions only (no loop, one
/// block), and every use of it outside the construct, through views of it,
/// before the construct. The checker's not-copied-back then drops nothing
/// the program uses (a device-only accumulator copied in).
static bool unreadAfter(mlir::omp::MapInfoOp info) {
  mlir::Operation *construct = constructOf(info);
  auto fn = construct ? construct->getParentOfType<mlir::FunctionOpInterface>()
                      : nullptr;
  if (!fn || fn.getFunctionBody().getBlocks().size() != 1)
    return false;
  for (mlir::Operation *p = construct->getParentOp(); p != fn.getOperation();
       p = p->getParentOp())
    if (!mlir::isa<fir::IfOp>(p) || p->getRegion(0).getBlocks().size() != 1)
      return false;
  mlir::Value root = info.getVarPtr();
  while (mlir::Operation *def = root.getDefiningOp()) {
    if (auto d = mlir::dyn_cast<hlfir::DeclareOp>(def)) {
      if (d.getFortranAttrs() &&
          bitEnumContainsAny(*d.getFortranAttrs(),
                             fir::FortranVariableFlagsEnum::pointer |
                                 fir::FortranVariableFlagsEnum::target))
        return false;
      root = d.getMemref();
    } else if (mlir::isa<fir::DeclareOp, fir::ConvertOp>(def)) {
      root = def->getOperand(0);
    } else {
      break;
    }
  }
  // Its own storage, not a descriptor (or a copy of one) of data elsewhere:
  // a local, or a main program's variable (_QFE..., which flang makes a
  // global) that no other procedure names (an internal one, or a global's
  // initializer), as mapping::hostMayReadAfter takes it. All the
  // function's addresses of such a global are followed.
  llvm::SmallVector<mlir::Value> work{root};
  mlir::Type storage;
  if (auto alloca = root.getDefiningOp<fir::AllocaOp>()) {
    storage = alloca.getInType();
  } else if (auto global = root.getDefiningOp<fir::AddrOfOp>()) {
    mlir::StringAttr name = global.getSymbol().getRootReference();
    auto module = global->getParentOfType<mlir::ModuleOp>();
    auto uses =
        module ? mlir::SymbolTable::getSymbolUses(name, module) : std::nullopt;
    if (!name.getValue().starts_with("_QFE") || !uses)
      return false;
    for (const mlir::SymbolTable::SymbolUse &u : *uses) {
      // The global itself names its symbol (fir.global's `symref`).
      if (auto own = mlir::dyn_cast<fir::GlobalOp>(u.getUser());
          own && own.getSymName() == name.getValue())
        continue;
      auto addr = mlir::dyn_cast<fir::AddrOfOp>(u.getUser());
      if (!addr ||
          addr->getParentOfType<mlir::FunctionOpInterface>().getOperation() !=
              fn.getOperation())
        return false;
      work.push_back(addr.getResult());
    }
    storage = fir::dyn_cast_ptrEleTy(global.getType());
  }
  if (!storage || info.getVarPtrPtr() || !info.getMembers().empty() ||
      mlir::isa<fir::BaseBoxType, fir::ReferenceType, fir::PointerType,
                fir::HeapType, fir::LLVMPointerType>(storage))
    return false;
  for (mlir::Operation *user : info->getUsers())
    if (mlir::isa<mlir::omp::MapInfoOp>(user))
      return false;
  mlir::Block *block = construct->getBlock();
  llvm::SmallPtrSet<mlir::Value, 8> seen;
  while (!work.empty()) {
    mlir::Value v = work.pop_back_val();
    if (!seen.insert(v).second)
      continue;
    for (mlir::Operation *user : v.getUsers()) {
      if (construct->isAncestor(user) || mlir::isa<mlir::omp::MapInfoOp>(user))
        continue;
      if (mlir::isa<hlfir::DeclareOp, fir::DeclareOp, fir::ConvertOp,
                    hlfir::DesignateOp, fir::CoordinateOp, fir::BoxAddrOp,
                    fir::EmboxOp, fir::ReboxOp>(user)) {
        llvm::append_range(work, user->getResults());
        continue;
      }
      mlir::Operation *at = block->findAncestorOpInBlock(*user);
      if (!at || !at->isBeforeInBlock(construct))
        return false;
    }
  }
  return true;
}

/// Tabs and newlines would split the sidecar's fields.
static std::string field(StringRef text) {
  std::string out = text.str();
  for (char &c : out)
    if (c == '\t' || c == '\n')
      c = ' ';
  return out;
}

llvm::Error MapSiteIndex::tag(mlir::ModuleOp host, StringRef inputPath,
                              StringRef sidecar) const {
  std::error_code ec;
  llvm::raw_fd_ostream out(sidecar, ec, llvm::sys::fs::OF_Text);
  if (ec)
    return llvm::createStringError(ec, "cannot write %s: %s",
                                   sidecar.str().c_str(), ec.message().c_str());
  llvm::StringSet<> written;
  mlir::MLIRContext *ctx = host.getContext();
  host.walk([&](mlir::omp::MapInfoOp info) {
    mlir::Location loc = info.getLoc();
    std::string own = variableOf(info), var = own;
    // A mapper's unnamed map: the component it maps (not '?', nor the
    // mapper's variable for its data).
    if (var.empty())
      var = mapperMemberName(info);
    // A member (an allocatable's data) is its parent's variable.
    for (mlir::Operation *user : info->getUsers())
      if (auto parent = mlir::dyn_cast<mlir::omp::MapInfoOp>(user);
          parent && var.empty())
        var = variableOf(parent);
    std::optional<Position> at;
    // The same op, unless one made later took its address.
    if (auto it = parsedOps.find(info.getOperation());
        it != parsedOps.end() && it->second.variable == own)
      at = it->second;
    // A checked launch's own entries for a firstprivate scalar
    // (FirstprivateWatch.cpp), an array's accessed span (SectionWatch.cpp)
    // or its stale watch (StaleWatch.cpp) are named at the variable's
    // entry, and are no map clause of the program (no sidecar line).
    size_t tagAt =
        std::min({own.find("#fp"), own.find("#span"), own.find("#reads")});
    if (tagAt != std::string::npos) {
      var = own;
      if (mlir::Operation *construct = constructOf(info))
        for (mlir::Value v : construct->getOperands())
          if (auto m = v.getDefiningOp<mlir::omp::MapInfoOp>())
            if (auto it = parsedOps.find(m.getOperation());
                it != parsedOps.end() &&
                it->second.variable == own.substr(0, tagAt))
              at = it->second;
      if (at)
        info->setLoc(mlir::NameLoc::get(
            mlir::StringAttr::get(ctx, var + realSuffix(info).str()),
            mlir::FileLineColLoc::get(ctx, inputPath, at->line, at->column)));
      return;
    }
    // By location alone only where that op maps no other variable (flang
    // gives a construct's implicit clauses and its private copies one).
    for (const Key &key : {Key{loc.getAsOpaquePointer(), own},
                           Key{loc.getAsOpaquePointer(), ""}})
      if (auto it = positions.find(key);
          !at && it != positions.end() &&
          (own.empty() || it->second.variable.empty() ||
           it->second.variable == own))
        at = it->second;
    // Made by a pass from an op at this position of the input.
    if (!at)
      if (auto own = fileLocation(loc, inputPath, /*inside=*/true))
        at = Position{own->getLine(), own->getColumn(), "omp.map.info"};
    if (!at)
      return;
    std::optional<mlir::FileLineColLoc> src = sourceOf(info, at->op, inputPath);
    info->setLoc(mlir::NameLoc::get(
        mlir::StringAttr::get(ctx, (var.empty() ? "?" : var) +
                                       realSuffix(info).str()),
        mlir::FileLineColLoc::get(ctx, inputPath, at->line, at->column)));
    std::string line = std::to_string(at->line) + "\t" +
                       std::to_string(at->column) + "\t" + at->op + "\t" +
                       field(var) + "\t" +
                       (src ? field(src->getFilename()) + "\t" +
                                  std::to_string(src->getLine()) + "\t" +
                                  std::to_string(src->getColumn())
                            : "\t\t") +
                       "\t" + (unreadAfter(info) ? "1" : "0");
    if (written.insert(line).second)
      out << line << "\n";
  });
  out.close();
  if (out.has_error())
    return llvm::createStringError(out.error(), "cannot write %s",
                                   sidecar.str().c_str());
  return llvm::Error::success();
}

void MapSiteIndex::tagFlangNames(mlir::ModuleOp host) {
  mlir::MLIRContext *ctx = host.getContext();
  host.walk([&](mlir::omp::MapInfoOp info) {
    auto loc = mlir::dyn_cast<mlir::NameLoc>(info.getLoc());
    std::optional<StringRef> attr = info.getName();
    if ((loc && loc.getName().getValue().contains('#')) ||
        (attr && attr->contains('#')))
      return;
    std::string tags =
        (unreadAfter(info) ? kUnreadAfterTag : "") + realSuffix(info).str();
    if (tags.empty())
      return;
    // The translation names the entry by its NameLoc, which flang gives
    // most maps; the others get one from the name (nameMapLocations), as
    // do maps placed at their construct later.
    if (loc)
      info->setLoc(mlir::NameLoc::get(
          mlir::StringAttr::get(ctx, loc.getName().getValue() + tags),
          loc.getChildLoc()));
    if (attr && !attr->empty())
      info.setNameAttr(mlir::StringAttr::get(ctx, *attr + tags));
  });
}

void MapSiteIndex::tagDerived(mlir::ModuleOp host, StringRef inputPath) {
  auto tagged = [&](mlir::Operation *op) {
    auto name = mlir::dyn_cast<mlir::NameLoc>(op->getLoc());
    auto file = name ? mlir::dyn_cast<mlir::FileLineColLoc>(name.getChildLoc())
                     : nullptr;
    return file && file.getFilename() == inputPath;
  };
  host.walk([&](mlir::Operation *op) {
    if (!mlir::isa<mlir::omp::MapInfoOp>(op) || tagged(op))
      return;
    // Its parent (a member), else a member of it (a new parent).
    llvm::SmallVector<mlir::Operation *> related(op->getUsers());
    for (mlir::Value member : mlir::cast<mlir::omp::MapInfoOp>(op).getMembers())
      related.push_back(member.getDefiningOp());
    for (mlir::Operation *other : related)
      if (other && mlir::isa<mlir::omp::MapInfoOp>(other) && tagged(other)) {
        op->setLoc(other->getLoc());
        return;
      }
  });
}

llvm::Error MapSiteIndex::writeKernels(
    mlir::ModuleOp deviceMlir,
    llvm::ArrayRef<std::pair<std::string, std::string>> modes,
    StringRef inputPath, StringRef sidecar) const {
  std::error_code ec;
  llvm::raw_fd_ostream out(sidecar, ec, llvm::sys::fs::OF_Text);
  if (ec)
    return llvm::createStringError(ec, "cannot write %s: %s",
                                   sidecar.str().c_str(), ec.message().c_str());
  for (const auto &[kernel, mode] : modes) {
    mlir::Operation *target = findTargetForKernel(deviceMlir, kernel);
    if (!target)
      continue;
    mlir::Location loc = target->getLoc();
    std::optional<Position> at;
    if (auto it = kernelOps.find(loc.getAsOpaquePointer());
        it != kernelOps.end())
      at = it->second;
    // Made by a pass from an op at this position of the input.
    else if (auto own = fileLocation(loc, inputPath, /*inside=*/true))
      at = Position{own->getLine(), own->getColumn(), "omp.target"};
    if (!at)
      continue;
    std::optional<mlir::FileLineColLoc> src =
        fileLocation(loc, inputPath, /*inside=*/false);
    out << field(kernel) << "\t" << field(mode) << "\t" << at->line << "\t"
        << at->column << "\t" << at->op << "\t";
    if (src)
      out << field(src->getFilename()) << "\t" << src->getLine() << "\t"
          << src->getColumn();
    else
      out << "\t\t";
    out << "\n";
  }
  out.close();
  if (out.has_error())
    return llvm::createStringError(out.error(), "cannot write %s",
                                   sidecar.str().c_str());
  return llvm::Error::success();
}
