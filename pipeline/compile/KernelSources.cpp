//===- KernelSources.cpp - Kernel launches named by their source ----------===//

#include "pipeline/compile/KernelSources.h"
#include "pipeline/compile/FileLocations.h"

#include "flang/Optimizer/Support/InternalNames.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/Location.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <algorithm>

using namespace ompx::pipeline;
using llvm::StringRef;

namespace {
/// "FUNCTION:LINE" from `.__omp_offloading_<dev>_<file>_<function>_l<line>
/// .region_id` (hex device and file IDs), or "".
std::string keyOfRegionId(StringRef name) {
  if (!name.consume_front(".__omp_offloading_") ||
      !name.consume_back(".region_id"))
    return "";
  for (int field = 0; field < 2; ++field) {
    auto [id, rest] = name.split('_');
    if (id.empty() || !llvm::all_of(id, llvm::isHexDigit))
      return "";
    name = rest;
  }
  size_t l = name.rfind("_l");
  unsigned line;
  if (l == StringRef::npos || name.drop_front(l + 2).getAsInteger(10, line))
    return "";
  return (name.take_front(l) + ":" + llvm::Twine(line)).str();
}

/// The source string of ident `ident` (an ident_t constant whose last field
/// points at a string), or "".
StringRef identSource(llvm::GlobalVariable *ident) {
  auto *init =
      ident && ident->hasInitializer()
          ? llvm::dyn_cast<llvm::ConstantStruct>(ident->getInitializer())
          : nullptr;
  if (!init || init->getNumOperands() != 5)
    return "";
  auto *str = llvm::dyn_cast<llvm::GlobalVariable>(
      init->getOperand(4)->stripPointerCasts());
  auto *data =
      str && str->hasInitializer()
          ? llvm::dyn_cast<llvm::ConstantDataArray>(str->getInitializer())
          : nullptr;
  return data && data->isCString() ? data->getAsCString() : "";
}
} // namespace

/// A file name as the runtime's source strings may hold it: libomptarget
/// splits them at ';' (and aborts in std::stoi on what follows when a file
/// name holds one), so ';' is spelt ','.
static std::string runtimeFileName(StringRef file) {
  std::string out = file.str();
  std::replace(out.begin(), out.end(), ';', ',');
  return out;
}

KernelSourceTable ompx::pipeline::collectKernelSources(mlir::ModuleOp module) {
  KernelSourceTable table;
  module.walk([&](mlir::omp::TargetOp target) {
    // The first file location, as the translation picks a kernel name's line.
    auto fn = target->getParentOfType<mlir::FunctionOpInterface>();
    std::optional<mlir::FileLineColLoc> at = firstFileLoc(target.getLoc());
    if (!fn || !at)
      return;
    StringRef function = fn.getName();
    std::string source =
        (";" + runtimeFileName(at->getFilename()) + ";" + function + ";" +
         llvm::Twine(at->getLine()) + ";" + llvm::Twine(at->getColumn()) + ";;")
            .str();
    table.try_emplace((function + ":" + llvm::Twine(at->getLine())).str(),
                      source);
    // An external procedure's kernel is named after its linker name
    // (`_QPsub` -> `sub_`, flang's external name conversion, which runs
    // after this).
    if (fir::NameUniquer::needExternalNameMangling(function)) {
      auto parts = fir::NameUniquer::deconstruct(function);
      if (fir::NameUniquer::isExternalFacingUniquedName(parts) &&
          parts.first == fir::NameUniquer::NameKind::PROCEDURE)
        table.try_emplace(
            (parts.second.name + "_:" + llvm::Twine(at->getLine())).str(),
            source);
    }
  });
  return table;
}

namespace {
/// The first file location in `loc`.
std::optional<mlir::FileLineColLoc> fileOf(mlir::Location loc) {
  std::optional<mlir::FileLineColLoc> found;
  loc->walk([&](mlir::Location inner) {
    auto file = llvm::dyn_cast<mlir::FileLineColLoc>(inner);
    if (!file)
      return mlir::WalkResult::advance();
    found = file;
    return mlir::WalkResult::interrupt();
  });
  return found;
}

/// The location of the construct that uses `map` (through the maps whose
/// members it is), else its own.
mlir::Location constructOf(mlir::omp::MapInfoOp map) {
  for (mlir::Operation *user : map->getUsers()) {
    if (auto parent = llvm::dyn_cast<mlir::omp::MapInfoOp>(user))
      return constructOf(parent);
    return user->getLoc();
  }
  return map.getLoc();
}

/// Whether `map`'s location is neither a clause nor a declaration in the
/// user's source: flang places an implicit map of another file's module
/// variable at its declaration in the `.mod` file it read, or at the
/// statement of the procedure holding the construct.
bool awayFromSource(mlir::omp::MapInfoOp map) {
  std::optional<mlir::FileLineColLoc> at = fileOf(map.getLoc());
  if (!at)
    return false;
  if (at->getFilename().getValue().ends_with(".mod"))
    return true;
  auto func = map->getParentOfType<mlir::FunctionOpInterface>();
  std::optional<mlir::FileLineColLoc> procedure =
      func ? fileOf(func->getLoc()) : std::nullopt;
  return procedure && *procedure == *at;
}
} // namespace

void ompx::pipeline::nameMapLocations(mlir::ModuleOp module) {
  module.walk([](mlir::omp::MapInfoOp map) {
    // A user's reports belong in their source, at the construct.
    if (awayFromSource(map))
      map->setLoc(constructOf(map));
    std::optional<StringRef> name = map.getName();
    if (!name || name->empty() || llvm::isa<mlir::NameLoc>(map.getLoc()))
      return;
    // flang names an implicit map of a component `gr.v.implicit_map`
    // (a checked build's tags after it: MapSites.h).
    auto [text, tags] = name->split('#');
    std::string shown = text.str();
    if (text.consume_back(".implicit_map")) {
      shown = text.str();
      std::replace(shown.begin(), shown.end(), '.', '%');
    }
    if (name->contains('#'))
      shown += "#" + tags.str();
    map->setLoc(mlir::NameLoc::get(
        mlir::StringAttr::get(map.getContext(), shown), map.getLoc()));
  });
}

unsigned ompx::pipeline::nameKernelLaunches(llvm::Module &m,
                                            const KernelSourceTable &table) {
  llvm::Function *launch = m.getFunction("__tgt_target_kernel");
  if (!launch || table.empty())
    return 0;
  unsigned named = 0;
  for (llvm::User *user : launch->users()) {
    auto *call = llvm::dyn_cast<llvm::CallInst>(user);
    if (!call || call->getCalledFunction() != launch || call->arg_size() < 5)
      continue;
    auto *ident = llvm::dyn_cast<llvm::GlobalVariable>(
        call->getArgOperand(0)->stripPointerCasts());
    auto *region = llvm::dyn_cast<llvm::GlobalValue>(
        call->getArgOperand(4)->stripPointerCasts());
    if (!region || !identSource(ident).contains(";unknown;unknown;0;0;"))
      continue;
    auto it = table.find(keyOfRegionId(region->getName()));
    if (it == table.end())
      continue;
    llvm::Constant *text = llvm::ConstantDataArray::getString(
        m.getContext(), it->second, /*AddNull=*/true);
    auto *str = new llvm::GlobalVariable(m, text->getType(), true,
                                         llvm::GlobalValue::PrivateLinkage,
                                         text, ".ompx.kernel_source");
    str->setUnnamedAddr(llvm::GlobalValue::UnnamedAddr::Global);
    auto *old = llvm::cast<llvm::ConstantStruct>(ident->getInitializer());
    llvm::SmallVector<llvm::Constant *, 5> fields;
    for (unsigned i = 0; i < old->getNumOperands(); ++i)
      fields.push_back(old->getOperand(i));
    // ident_t {reserved, flags, reserved, source size, source}.
    fields[3] = llvm::ConstantInt::get(fields[3]->getType(), it->second.size());
    fields[4] = str;
    auto *copy = new llvm::GlobalVariable(
        m, old->getType(), true, llvm::GlobalValue::PrivateLinkage,
        llvm::ConstantStruct::get(old->getType(), fields),
        ".ompx.kernel_ident");
    copy->setUnnamedAddr(llvm::GlobalValue::UnnamedAddr::Global);
    copy->setAlignment(ident->getAlign());
    call->setArgOperand(0, copy);
    ++named;
  }
  return named;
}

unsigned ompx::pipeline::nameMapEntries(llvm::Module &m) {
  llvm::SmallPtrSet<llvm::GlobalVariable *, 16> done;
  unsigned swapped = 0;
  for (llvm::GlobalVariable &names : m.globals()) {
    if (!names.getName().starts_with(".offload_mapnames") ||
        !names.hasInitializer())
      continue;
    auto *list = llvm::dyn_cast<llvm::ConstantArray>(names.getInitializer());
    if (!list)
      continue;
    for (llvm::Value *entry : list->operand_values()) {
      auto *str =
          llvm::dyn_cast<llvm::GlobalVariable>(entry->stripPointerCasts());
      if (!str || !done.insert(str).second || !str->hasInitializer())
        continue;
      auto *data =
          llvm::dyn_cast<llvm::ConstantDataArray>(str->getInitializer());
      if (!data || !data->isCString())
        continue;
      // ";FILE;NAME;LINE;COL;;" -> ";NAME;FILE;LINE;COL;;", the fields
      // taken from the end (FILE may hold ';', which becomes ',').
      StringRef text = data->getAsCString();
      if (!text.consume_front(";") || !text.consume_back(";;"))
        continue;
      auto [rest, column] = text.rsplit(';');
      auto [rest2, line] = rest.rsplit(';');
      auto [file, name] = rest2.rsplit(';');
      if (rest2 == file)
        continue;
      str->setInitializer(llvm::ConstantDataArray::getString(
          m.getContext(),
          (";" + name + ";" + runtimeFileName(file) + ";" + line + ";" +
           column + ";;")
              .str(),
          /*AddNull=*/true));
      ++swapped;
    }
  }
  return swapped;
}
