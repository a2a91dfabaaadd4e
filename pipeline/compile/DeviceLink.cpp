//===- DeviceLink.cpp - A program's device code, from all its units -------===//

#include "pipeline/compile/DeviceLink.h"
#include "pipeline/compile/Codegen.h"
#include "pipeline/compile/DeviceFixes.h"
#include "pipeline/compile/Devices.h"
#include "pipeline/compile/HostCopies.h"
#include "pipeline/compile/HostOffloadCheck.h"
#include "pipeline/compile/Lowering.h"

#include "flang/Optimizer/Support/InternalNames.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Linker/Linker.h"
#include "llvm/Object/Archive.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Object/OffloadBinary.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

#include <set>

using namespace ompx::pipeline;
using llvm::StringRef;
using llvm::object::OffloadBinary;
using llvm::object::OffloadFile;

/// The offload binaries `input` carries (none for a plain object).
static bool offloadFilesOf(const std::string &input,
                           llvm::SmallVectorImpl<OffloadFile> &files,
                           std::string &error) {
  auto buffer = llvm::MemoryBuffer::getFile(input);
  if (!buffer) {
    error = "cannot read " + input + ": " + buffer.getError().message();
    return false;
  }
  if (llvm::Error err = llvm::object::extractOffloadBinaries(
          (*buffer)->getMemBufferRef(), files)) {
    error = "cannot read the offload sections of " + input + ": " +
            llvm::toString(std::move(err));
    return false;
  }
  return true;
}

static bool isOmpxBitcode(const OffloadBinary &binary) {
  return binary.getString(kProducerKey) == "ompx" &&
         binary.getImageKind() == llvm::object::IMG_Bitcode;
}

bool ompx::pipeline::sameOffloadTriple(StringRef a, StringRef b) {
  if (a == b)
    return true;
  // Normalized first: `x86_64-linux-gnu` (Debian's) has no vendor field.
  llvm::Triple x(llvm::Triple::normalize(a)), y(llvm::Triple::normalize(b));
  return x.getArch() != llvm::Triple::UnknownArch &&
         x.getArch() == y.getArch() && x.getOS() == y.getOS() &&
         x.getEnvironment() == y.getEnvironment();
}

/// The contents of `object`'s section `name`, if it has one.
static std::optional<StringRef>
sectionContents(const llvm::object::ObjectFile &object, StringRef name) {
  for (const llvm::object::SectionRef &section : object.sections()) {
    llvm::Expected<StringRef> found = section.getName();
    if (!found || *found != name) {
      llvm::consumeError(found.takeError());
      continue;
    }
    llvm::Expected<StringRef> contents = section.getContents();
    if (contents)
      return *contents;
    llvm::consumeError(contents.takeError());
    return StringRef();
  }
  return std::nullopt;
}

static bool hasSection(const llvm::object::ObjectFile &object, StringRef name) {
  return sectionContents(object, name).has_value();
}

/// Whether `object` has offload entries (kernels, declare target
/// variables) for libomptarget to register.
static bool hasOffloadEntries(const llvm::object::ObjectFile &object) {
  return hasSection(object, "llvm_offload_entries") ||
         hasSection(object, "omp_offloading_entries");
}

/// The same for the object in `data`; one that does not read counts as
/// having them.
static bool hasOffloadEntries(llvm::MemoryBufferRef data) {
  auto object = llvm::object::ObjectFile::createObjectFile(data);
  if (!object) {
    llvm::consumeError(object.takeError());
    return true;
  }
  return hasOffloadEntries(**object);
}

/// A symbol's name and flags (empty and 0 where they cannot be read).
static std::pair<std::string, uint32_t>
nameAndFlags(const llvm::object::BasicSymbolRef &sym) {
  std::string name;
  llvm::raw_string_ostream os(name);
  llvm::Expected<uint32_t> flags = sym.getFlags();
  if (!flags) {
    llvm::consumeError(flags.takeError());
    return {};
  }
  if (llvm::Error e = sym.printName(os)) {
    llvm::consumeError(std::move(e));
    return {};
  }
  return {name, *flags};
}

/// Whether `binary`'s image (an object or LLVM bitcode) defines a symbol
/// other than the device runtime's settings (`__omp_rtl_*`); an image it
/// cannot read (PTX text) counts as defining one.
static bool imageDefinesCode(const OffloadBinary &binary,
                             llvm::LLVMContext &context) {
  llvm::MemoryBufferRef image(binary.getImage(), "device image");
  auto file = llvm::object::SymbolicFile::createSymbolicFile(
      image, llvm::file_magic::unknown, &context);
  if (!file) {
    llvm::consumeError(file.takeError());
    return true;
  }
  for (const llvm::object::BasicSymbolRef &sym : (*file)->symbols())
    if (auto [name, flags] = nameAndFlags(sym);
        (flags & llvm::object::SymbolRef::SF_Global) &&
        !(flags & llvm::object::SymbolRef::SF_Undefined) &&
        !StringRef(name).starts_with("__omp_rtl_"))
      return true;
  return false;
}

std::optional<std::vector<DeviceTarget>>
ompx::pipeline::deviceTargetsIn(const LinkedInputs &linked,
                                std::string &error) {
  std::vector<DeviceTarget> targets;
  llvm::LLVMContext context; // reads bitcode images
  for (const LinkedInputs::Unit &unit : linked.units()) {
    const std::string &input = unit.name;
    llvm::SmallVector<OffloadFile> files;
    if (llvm::Error err =
            llvm::object::extractOffloadBinaries(unit.data, files)) {
      error = "cannot read the offload sections of " + input + ": " +
              llvm::toString(std::move(err));
      return std::nullopt;
    }
    for (const OffloadFile &file : files) {
      const OffloadBinary &binary = *file.getBinary();
      if (binary.getOffloadKind() != llvm::object::OFK_OpenMP)
        continue;
      if (!isOmpxBitcode(binary)) {
        // A unit without offload entries (no kernel, no declare target
        // variable) whose image defines nothing: clang embeds an image in
        // every object its offload flags compile, a C file without OpenMP
        // too. One defining a declare target procedure is refused: another
        // unit's kernel may call it.
        if (!hasOffloadEntries(unit.data) && !imageDefinesCode(binary, context))
          continue;
        // flang-22's own objects hold finished code; clang's (C, C++) hold
        // code or, with -foffload-lto, IR built for LLVM 22's device
        // runtime, which ompx's images do not carry.
        bool ir = binary.getImageKind() == llvm::object::IMG_Bitcode;
        error = input + " carries a " + binary.getTriple().str() +
                " device image that ompx did not make (" +
                (ir ? "LLVM IR for LLVM 22's own device runtime"
                    : "finished device code") +
                ", from flang-22's or clang's -fopenmp-targets), which "
                "cannot join ompx's device link: compile a Fortran file with "
                "ompx-flang; a C or C++ file for the host (without "
                "-fopenmp-targets: its target regions run on the host), "
                "moving its device code to Fortran";
        return std::nullopt;
      }
      DeviceTarget t{binary.getTriple().str(), binary.getArch().str()};
      if (!llvm::is_contained(targets, t))
        targets.push_back(t);
    }
  }
  return targets;
}

std::optional<std::vector<DeviceTarget>>
ompx::pipeline::deviceTargetsIn(llvm::ArrayRef<std::string> objects,
                                std::string &error) {
  return deviceTargetsIn(LinkedInputs(objects, /*wholeArchives=*/false), error);
}

std::vector<DeviceTarget>
ompx::pipeline::libraryImageTargets(llvm::ArrayRef<std::string> libraries) {
  std::vector<DeviceTarget> targets;
  for (const std::string &library : libraries) {
    llvm::SmallVector<OffloadFile> files;
    std::string error;
    if (!offloadFilesOf(library, files, error))
      continue;
    for (const OffloadFile &file : files) {
      const OffloadBinary &binary = *file.getBinary();
      DeviceTarget t{binary.getTriple().str(), binary.getArch().str()};
      if (binary.getOffloadKind() == llvm::object::OFK_OpenMP &&
          !llvm::is_contained(targets, t))
        targets.push_back(t);
    }
  }
  return targets;
}

/// Whether `object`'s `.comment` names flang as its producer.
static bool producedByFlang(const llvm::object::ObjectFile &object) {
  std::optional<StringRef> comment = sectionContents(object, ".comment");
  return comment && comment->contains("flang version");
}

/// The first target region of a relocatable object that flang compiled
/// without offload targets (not through ompx-flang, so unmarked): its
/// regions are host functions `__omp_offloading_<dev>_<file>_<proc>_l<line>`
/// (at -O0; optimized, the outlined parallel regions inside them) and it
/// carries no device code. A region optimized into its procedure leaves
/// no trace. Clang's objects are left alone: ompx
/// advises building C and C++ for the host.
static std::optional<HostOnlyUnit>
flangHostOnlyUnit(const llvm::object::ObjectFile &object,
                  const std::string &name) {
  // A shared library too (its symbol table keeps the local symbols), whose
  // link made offload entries of an image flang built for it.
  auto *elf = llvm::dyn_cast<llvm::object::ELFObjectFileBase>(&object);
  bool shared = elf && elf->getEType() == llvm::ELF::ET_DYN;
  if (!(object.isRelocatableObject() || shared) || !producedByFlang(object))
    return std::nullopt;
  std::optional<std::pair<unsigned, std::string>> first;
  if (hasSection(object, ".llvm.offloading") ||
      (shared && hasOffloadEntries(object)))
    return std::nullopt;
  for (const llvm::object::SymbolRef &sym : object.symbols()) {
    llvm::Expected<StringRef> symName = sym.getName();
    if (!symName) {
      llvm::consumeError(symName.takeError());
      continue;
    }
    StringRef rest = *symName;
    StringRef dev, file;
    unsigned line = 0;
    if (!rest.consume_front("__omp_offloading_"))
      continue;
    // At -O1 and up flang inlines a region into its procedure; its
    // parallel regions stay (`<region>..omp_par`).
    rest = rest.take_until([](char c) { return c == '.'; });
    std::tie(dev, rest) = rest.split('_');
    std::tie(file, rest) = rest.split('_');
    size_t at = rest.rfind("_l");
    if (dev.empty() || file.empty() || at == StringRef::npos ||
        rest.substr(at + 2).getAsInteger(10, line))
      continue;
    StringRef proc = rest.take_front(at);
    std::string shown = proc.str();
    auto [kind, parts] = fir::NameUniquer::deconstruct(proc);
    if (kind != fir::NameUniquer::NameKind::NOT_UNIQUED) {
      shown.clear();
      for (const std::string &m : parts.modules)
        shown += m + "::";
      for (const std::string &h : parts.procs)
        shown += h + "::";
      shown += parts.name;
    } else {
      shown = proc.rtrim('_').str();
    }
    if (!first || line < first->first)
      first = {line, "line " + std::to_string(line) + " of " + shown};
  }
  if (!first)
    return std::nullopt;
  return HostOnlyUnit{name, first->second, /*unmarked=*/true};
}

/// The host-only construct lines of `object`'s kHostOnlySection, if any,
/// else its first target region when flang built it without ompx.
static void hostOnlyUnitOf(const llvm::object::ObjectFile &object,
                           const std::string &name,
                           std::vector<HostOnlyUnit> &units) {
  if (std::optional<StringRef> mark =
          sectionContents(object, kHostOnlySection)) {
    units.push_back({name, mark->rtrim('\0').str()});
    return;
  }
  if (std::optional<HostOnlyUnit> unit = flangHostOnlyUnit(object, name))
    units.push_back(std::move(*unit));
}

namespace {
/// The archive members a link of objects and archives pulls in, as `ld`
/// does: a member that defines a symbol undefined so far, each archive
/// scanned again while that pulls more, and all of them again at the end
/// (as a `--start-group` would; without one `ld` would have failed).
struct ArchivePulls {
  llvm::LLVMContext *context; ///< to read LLVM bitcode members
  llvm::StringSet<> defined, undefined;
  /// Members, by their archive's index among the inputs and their offset.
  std::set<std::pair<size_t, uint64_t>> pulled;

  /// An object's symbols (an ELF object's, or an LLVM bitcode one's).
  void add(const llvm::object::SymbolicFile &file) {
    for (const llvm::object::BasicSymbolRef &sym : file.symbols()) {
      auto [name, flags] = nameAndFlags(sym);
      if (name.empty() || !(flags & llvm::object::SymbolRef::SF_Global))
        continue;
      if (!(flags & llvm::object::SymbolRef::SF_Undefined)) {
        defined.insert(name);
        undefined.erase(name);
      } else if (!(flags & llvm::object::SymbolRef::SF_Weak) &&
                 !defined.contains(name)) {
        undefined.insert(name);
      }
    }
  }

  /// A shared library's dynamic symbols.
  void addDynamic(const llvm::object::ELFObjectFileBase &library) {
    for (const llvm::object::ELFSymbolRef &sym :
         library.getDynamicSymbolIterators()) {
      llvm::Expected<uint32_t> flags = sym.getFlags();
      llvm::Expected<StringRef> name = sym.getName();
      if (flags && name && !name->empty() &&
          (*flags & llvm::object::SymbolRef::SF_Global)) {
        if (!(*flags & llvm::object::SymbolRef::SF_Undefined)) {
          defined.insert(*name);
          undefined.erase(*name);
        } else if (!(*flags & llvm::object::SymbolRef::SF_Weak) &&
                   !defined.contains(*name)) {
          undefined.insert(*name);
        }
      }
      if (!flags)
        llvm::consumeError(flags.takeError());
      if (!name)
        llvm::consumeError(name.takeError());
    }
  }

  /// Pulls what `archive` (input `index`) defines of the undefined
  /// symbols; whether it pulled any.
  bool scan(const llvm::object::Archive &archive, size_t index) {
    bool any = false;
    for (bool more = true; more;) {
      more = false;
      for (const llvm::object::Archive::Symbol &sym : archive.symbols()) {
        if (!undefined.contains(sym.getName()))
          continue;
        llvm::Expected<llvm::object::Archive::Child> child = sym.getMember();
        if (!child) {
          llvm::consumeError(child.takeError());
          continue;
        }
        if (!pulled.insert({index, child->getChildOffset()}).second)
          continue;
        llvm::Expected<llvm::MemoryBufferRef> data =
            child->getMemoryBufferRef();
        auto object = data ? llvm::object::SymbolicFile::createSymbolicFile(
                                 *data, llvm::file_magic::unknown, context)
                           : data.takeError();
        if (!object) {
          llvm::consumeError(object.takeError());
          continue;
        }
        add(**object);
        more = any = true;
      }
    }
    return any;
  }
};

} // namespace

LinkedInputs::LinkedInputs(llvm::ArrayRef<std::string> inputs,
                           bool wholeArchives,
                           llvm::ArrayRef<std::string> sharedLibraries)
    : context(std::make_unique<llvm::LLVMContext>()) {
  for (const std::string &input : inputs) {
    auto buffer = llvm::MemoryBuffer::getFile(input);
    if (!buffer)
      continue;
    auto binary =
        llvm::object::createBinary((*buffer)->getMemBufferRef(), context.get());
    if (!binary) {
      // Read as it is: its device code may still be found.
      llvm::consumeError(binary.takeError());
      unitList.push_back({input, (*buffer)->getMemBufferRef()});
      buffers.push_back(std::move(*buffer));
      continue;
    }
    buffers.push_back(std::move(*buffer));
    binaries.emplace_back(input, std::move(*binary));
  }
  ArchivePulls pulls{context.get()};
  // What the shared libraries use, `ld` pulls from the archives too.
  for (const std::string &library : sharedLibraries) {
    auto file = llvm::object::ObjectFile::createObjectFile(library);
    if (!file) {
      llvm::consumeError(file.takeError());
      continue;
    }
    if (auto *elf =
            llvm::dyn_cast<llvm::object::ELFObjectFileBase>(file->getBinary()))
      pulls.addDynamic(*elf);
  }
  for (auto [i, in] : llvm::enumerate(binaries))
    if (auto *object =
            llvm::dyn_cast<llvm::object::SymbolicFile>(in.second.get()))
      pulls.add(*object);
    else if (auto *archive =
                 llvm::dyn_cast<llvm::object::Archive>(in.second.get()))
      pulls.scan(*archive, i);
  for (bool more = true; more;) {
    more = false;
    for (auto [i, in] : llvm::enumerate(binaries))
      if (auto *archive =
              llvm::dyn_cast<llvm::object::Archive>(in.second.get()))
        more |= pulls.scan(*archive, i);
  }
  for (auto [i, in] : llvm::enumerate(binaries)) {
    auto *archive = llvm::dyn_cast<llvm::object::Archive>(in.second.get());
    if (!archive) {
      unitList.push_back({in.first, in.second->getMemoryBufferRef()});
      continue;
    }
    // Without a symbol index (`ld` refuses it) every member counts.
    bool all = wholeArchives || !archive->hasSymbolTable();
    llvm::Error err = llvm::Error::success();
    for (const llvm::object::Archive::Child &child : archive->children(err)) {
      if (!all && !pulls.pulled.count({i, child.getChildOffset()}))
        continue;
      auto data = child.getMemoryBufferRef();
      auto name = child.getName();
      if (data && name)
        unitList.push_back({in.first + "(" + name->str() + ")", *data});
      if (!data)
        llvm::consumeError(data.takeError());
      if (!name)
        llvm::consumeError(name.takeError());
    }
    llvm::consumeError(std::move(err));
  }
}

LinkedInputs::~LinkedInputs() = default;

std::vector<HostOnlyUnit>
ompx::pipeline::hostOnlyUnitsIn(const LinkedInputs &linked) {
  std::vector<HostOnlyUnit> units;
  for (const LinkedInputs::Unit &unit : linked.units()) {
    auto object = llvm::object::ObjectFile::createObjectFile(unit.data);
    if (object)
      hostOnlyUnitOf(**object, unit.name, units);
    else
      llvm::consumeError(object.takeError());
  }
  return units;
}

namespace {
class UnitLinker {
public:
  UnitLinker(const DeviceLinkJob &job,
             const std::function<void(const std::string &)> &log)
      : job(job), log(log) {
    context.setDiagnosticHandlerCallBack(
        [](const llvm::DiagnosticInfo *diag, void *self) {
          const llvm::DiagnosticInfo &info = *diag;
          // Code generation's remarks (instruction counts, FastISel misses,
          // loops not vectorized) have no place and bury -v's steps.
          if (info.getSeverity() == llvm::DS_Remark ||
              info.getKind() == llvm::DK_OptimizationFailure)
            return;
          std::string text;
          llvm::raw_string_ostream os(text);
          llvm::DiagnosticPrinterRawOStream printer(os);
          info.print(printer);
          auto *linker = static_cast<UnitLinker *>(self);
          if (info.getSeverity() == llvm::DS_Error)
            linker->errors += (linker->errors.empty() ? "" : "\n") + text;
          else
            linker->log("device link: " + text);
        },
        this);
  }
  DeviceLinkOutcome run();

private:
  bool linkUnits(DeviceLinkOutcome &out);
  bool addUnit(const std::string &input, const OffloadBinary &binary,
               DeviceLinkOutcome &out);
  bool linkPending(DeviceLinkOutcome &out);
  bool checkSharedLibraries(DeviceLinkOutcome &out);
  bool checkModuleVariables(DeviceLinkOutcome &out);
  bool finishHostOffload(DeviceLinkOutcome &out);
  /// A procedure the device code calls, the Fortran unit defining it for
  /// the host, and whether that unit carries device code (ompx built it).
  struct HostCallee {
    std::string callee, unit;
    bool offloads = false;
  };
  HostCallee hostFortranCallee(
      const llvm::SetVector<llvm::Function *> *live = nullptr) const;
  bool checkGpuCallees(DeviceLinkOutcome &out);
  bool finishImage(DeviceLinkOutcome &out);
  bool registerImage(DeviceLinkOutcome &out);
  bool fail(DeviceLinkOutcome &out, std::string message,
            std::optional<SourceLocation> at = std::nullopt) {
    out.message = std::move(message);
    out.location = std::move(at);
    return false;
  }
  std::optional<SourceLocation> kernelLocation(StringRef function) const;
  std::optional<SourceLocation> kernelUsing(llvm::GlobalValue &value) const;

  const DeviceLinkJob &job;
  const std::function<void(const std::string &)> &log;
  llvm::LLVMContext context;
  std::unique_ptr<llvm::Module> module;
  /// The units read, linked once all are (preferCompleteCopies).
  struct PendingUnit {
    std::string input;
    std::unique_ptr<llvm::Module> module;
  };
  std::vector<PendingUnit> pending;
  std::string errors;
  /// Kernel name -> where its omp.target is, from every unit.
  llvm::StringMap<SourceLocation> kernels;
  /// Each unit and the module variables it copies in (kHostCopiesKey).
  struct UnitCopies {
    std::string input, copies;
    size_t unit; ///< its place in declaredBy (an archive holds several)
  };
  std::vector<UnitCopies> hostCopies;
  /// The globals each unit's own device code declares target.
  std::vector<llvm::StringSet<>> declaredBy;
};
} // namespace

/// The location of the kernel that `function` is or was outlined from
/// (`<kernel>..omp_par...`, `<kernel>_omp_outlined...`).
std::optional<SourceLocation>
UnitLinker::kernelLocation(StringRef function) const {
  std::optional<SourceLocation> best;
  size_t bestLength = 0;
  for (const auto &entry : kernels)
    if (function.starts_with(entry.getKey()) &&
        entry.getKey().size() > bestLength) {
      best = entry.getValue();
      bestLength = entry.getKey().size();
    }
  return best;
}

bool UnitLinker::addUnit(const std::string &input, const OffloadBinary &binary,
                         DeviceLinkOutcome &out) {
  llvm::SmallVector<StringRef> lines;
  binary.getString(kKernelLocationsKey).split(lines, '\n', -1, false);
  for (StringRef line : lines) {
    auto [kernel, where] = line.split('\t');
    auto [fileLine, column] = where.rsplit(':');
    auto [file, lineNo] = fileLine.rsplit(':');
    SourceLocation at{file.str(), 0, 0};
    lineNo.getAsInteger(10, at.line);
    column.getAsInteger(10, at.column);
    kernels[kernel] = at;
    out.kernels.push_back(kernel.str());
  }
  if (StringRef copies = binary.getString(kHostCopiesKey); !copies.empty())
    hostCopies.push_back({input, copies.str(), declaredBy.size()});
  auto unit = llvm::parseBitcodeFile(
      llvm::MemoryBufferRef(binary.getImage(), input), context);
  if (!unit)
    return fail(out, "the device code in " + input +
                         " does not read: " + llvm::toString(unit.takeError()));
  ++out.units;
  // What the unit declares itself: one using another unit's link variable
  // makes a (weak) reference pointer of its own, which declares nothing.
  llvm::StringSet<> declared = declareTargetGlobals(**unit);
  for (StringRef var : takenAsTarget(binary.getString(kHostCopiesKey))) {
    declared.erase(var);
    declared.erase((var + "_decl_tgt_ref_ptr").str());
  }
  declaredBy.push_back(std::move(declared));
  pending.push_back({input, std::move(*unit)});
  return true;
}

/// Whether `c` holds an undef or poison value (not through a global).
static bool holdsUndef(const llvm::Constant *c) {
  if (llvm::isa<llvm::UndefValue>(c))
    return true;
  if (llvm::isa<llvm::GlobalValue>(c))
    return false;
  return llvm::any_of(c->operands(), [](const llvm::Use &u) {
    auto *op = llvm::dyn_cast<llvm::Constant>(u.get());
    return op && holdsUndef(op);
  });
}

/// flang-22 gives a unit's copy of another unit's derived-type tables
/// (linkonce_odr) an undef binding for each type-bound procedure the unit
/// does not build for the device; the defining unit's copy has them. The
/// IR linker keeps the first copy a unit references, and links an
/// unreferenced linkonce one lazily: a kernel of one file dispatching a
/// type-bound call of another file's type called address 0 (a segfault on
/// host-offload; a GPU build dropped the kernel's body). Copies with undef
/// become declarations where a complete copy exists, and complete copies
/// weak_odr outside comdats, so the link keeps one of them whatever the
/// order.
static void
preferCompleteCopies(llvm::ArrayRef<std::unique_ptr<llvm::Module>> units) {
  llvm::StringSet<> complete, partial;
  for (const std::unique_ptr<llvm::Module> &unit : units)
    for (const llvm::GlobalVariable &g : unit->globals())
      if (g.hasLinkOnceODRLinkage() || g.hasWeakODRLinkage())
        if (g.hasInitializer())
          (holdsUndef(g.getInitializer()) ? partial : complete)
              .insert(g.getName());
  for (const std::unique_ptr<llvm::Module> &unit : units)
    for (llvm::GlobalVariable &g : unit->globals()) {
      if (!(g.hasLinkOnceODRLinkage() || g.hasWeakODRLinkage()) ||
          !g.hasInitializer() || !partial.contains(g.getName()) ||
          !complete.contains(g.getName()))
        continue;
      if (holdsUndef(g.getInitializer())) {
        g.setInitializer(nullptr);
        g.setComdat(nullptr);
        g.setLinkage(llvm::GlobalValue::ExternalLinkage);
      } else {
        // Out of its comdat too: a unit whose copy became a declaration
        // may still hold the comdat, which would win the link.
        g.setComdat(nullptr);
        g.setLinkage(llvm::GlobalValue::WeakODRLinkage);
      }
    }
}

/// Links the units addUnit read, in their order.
bool UnitLinker::linkPending(DeviceLinkOutcome &out) {
  std::vector<std::unique_ptr<llvm::Module>> units;
  for (PendingUnit &p : pending)
    units.push_back(std::move(p.module));
  preferCompleteCopies(units);
  for (size_t i = 0; i < units.size(); ++i) {
    if (!module) {
      module = std::move(units[i]);
      continue;
    }
    if (llvm::Linker::linkModules(*module, std::move(units[i])))
      return fail(out, "linking the device code of " + pending[i].input +
                           " for " + job.image.arch + " failed: " + errors);
  }
  pending.clear();
  return true;
}

/// The dynamic symbols `object` (a shared library) defines: its exports.
static std::set<std::string>
exportedSymbols(const llvm::object::ObjectFile &object) {
  auto *elf = llvm::dyn_cast<llvm::object::ELFObjectFileBase>(&object);
  if (!elf)
    return {};
  return definedSymbolNames(elf->getDynamicSymbolIterators(),
                            /*globalOnly=*/false);
}

/// The procedures and variables of `library`, a shared library with a
/// device image for `triple` (its exports, less the runtimes'); none for a
/// library without one.
static std::set<std::string> libraryWithImageSymbols(const std::string &library,
                                                     StringRef triple) {
  llvm::SmallVector<OffloadFile> files;
  std::string error;
  auto buffer = llvm::MemoryBuffer::getFile(library);
  if (!buffer || !offloadFilesOf(library, files, error))
    return {};
  if (llvm::none_of(files, [&](const OffloadFile &file) {
        return sameOffloadTriple(file.getBinary()->getTriple(), triple) &&
               file.getBinary()->getImageKind() != llvm::object::IMG_Bitcode;
      }))
    return {};
  auto host =
      llvm::object::ObjectFile::createObjectFile((*buffer)->getMemBufferRef());
  if (!host) {
    llvm::consumeError(host.takeError());
    return {};
  }
  // The runtimes linked into the library (flang_rt's archive) are exported
  // too: the program's device code may call those itself.
  std::set<std::string> own;
  for (const std::string &name : exportedSymbols(**host)) {
    StringRef n(name);
    if (!n.starts_with("_Fortran") && !n.starts_with("__kmpc") &&
        !n.starts_with("__tgt") && !n.starts_with("omp_") &&
        !n.starts_with("__omp") && !n.starts_with("ompx") &&
        !n.starts_with("__ompx") && !n.starts_with("."))
      own.insert(name);
  }
  return own;
}

/// What a stale unit's use of a module variable is, and what to do.
static std::string
staleMessage(const StaleHostCopy &stale, const std::string &input,
             llvm::function_ref<bool(StringRef, StringRef)> elsewhere) {
  std::string unit = llvm::sys::path::filename(input).str();
  // Declared target with the other kind: the module changed `to` and
  // `link`, and the unit's device code uses the variable the old way.
  std::string other = stale.kind == "link" ? "to" : "link";
  bool changedKind = stale.declaredTarget && !stale.kind.empty() &&
                     elsewhere(stale.symbol, other);
  std::string what =
      changedKind
          ? unit + " uses module variable '" + stale.name + "' (" +
                stale.symbol + ") on the device as declare target " +
                stale.kind + ", but its module now declares it " + other +
                " (flang-22's .mod files do not record declare target, so "
                "the build did not recompile " +
                unit +
                "; its device code would use the variable the old "
                "way): recompile " +
                unit
      : stale.declaredTarget
          ? unit + " uses " +
                (StringRef(stale.symbol).starts_with("_Q")
                     ? "module variable '" + stale.name + "' (" + stale.symbol +
                           ")"
                     : "common block /" +
                           StringRef(stale.symbol).drop_back().str() +
                           "/ of a module (through '" + stale.name + "')") +
                " on the device as declare target, but no other device "
                "code of the program declares it target: its module no "
                "longer "
                "does (flang-22's .mod files do not record declare "
                "target, so the build did not recompile " +
                unit +
                "), or the module's file was compiled without "
                "-fopenmp-targets: recompile " +
                unit + " (and the module with the same offload flags)"
      : !StringRef(stale.symbol).starts_with("_Q")
          ? unit + " copies '" + stale.name + "' of common block /" +
                StringRef(stale.symbol).drop_back().str() +
                "/ into this target region as a host scalar, but another "
                "unit declares /" +
                StringRef(stale.symbol).drop_back().str() +
                "/ target: declare it target in " + unit +
                "'s source too (OpenMP asks it of every unit naming the "
                "common block), or, if it comes from a module that now "
                "declares it, recompile " +
                unit
          : unit + " copies module variable '" + stale.name + "' (" +
                stale.symbol +
                ") into this target region as a host scalar, but the "
                "program's device code declares it target: " +
                unit +
                " was compiled before its module declared it (flang-22's "
                ".mod files do not record declare target, so the build "
                "did not recompile it), or against another build's "
                "module: recompile it";
  return what;
}

bool UnitLinker::linkUnits(DeviceLinkOutcome &out) {
  // Objects, and the archive members the host link pulls in: another
  // member's device code would only add what the program never runs, or
  // stop the link on what it never calls.
  for (const LinkedInputs::Unit &unit : job.linked->units()) {
    const std::string &input = unit.name;
    llvm::SmallVector<OffloadFile> files;
    if (llvm::Error err =
            llvm::object::extractOffloadBinaries(unit.data, files))
      return fail(out, "cannot read the offload sections of " + input + ": " +
                           llvm::toString(std::move(err)));
    // A unit compiled for several archs of this triple carries one binary
    // each: this arch's joins; one with only other archs is refused.
    std::string otherArch;
    bool found = false;
    for (const OffloadFile &file : files) {
      const OffloadBinary &binary = *file.getBinary();
      if (!isOmpxBitcode(binary) ||
          !sameOffloadTriple(binary.getTriple(), job.image.triple))
        continue;
      if (binary.getArch() != job.image.arch) {
        otherArch = binary.getArch().str();
        continue;
      }
      found = true;
      if (!addUnit(input, binary, out))
        return false;
    }
    if (!found && !otherArch.empty())
      return fail(out, input + " holds device code for " + otherArch +
                           ", not " + job.image.arch +
                           ": compile every file with the same "
                           "--offload-arch");
  }
  if (!linkPending(out))
    return false;
  if (!module)
    return fail(out, "no input carries device code for " + job.image.triple);
  // The variables of shared libraries with a device image of their own,
  // read once a unit needs them.
  std::optional<std::set<std::string>> libraries;
  auto inLibrary = [&](StringRef symbol) {
    if (!libraries) {
      libraries.emplace();
      for (const std::string &library : job.sharedLibraries)
        libraries->merge(libraryWithImageSymbols(library, job.image.triple));
    }
    return libraries->count(symbol.str()) != 0;
  };
  for (const UnitCopies &u : hostCopies) {
    const std::string &input = u.input;
    // Declared target by a unit other than this one (a module's common
    // block is declared by each unit naming it) or a library's image.
    auto elsewhere = [&](StringRef symbol, StringRef kind) {
      // A link variable's entry is its reference pointer.
      std::string ref = (symbol + "_decl_tgt_ref_ptr").str();
      for (size_t i = 0; i < declaredBy.size(); ++i)
        if (i != u.unit && (kind == "link" ? declaredBy[i].contains(ref)
                                           : declaredBy[i].contains(symbol) ||
                                                 (kind.empty() &&
                                                  declaredBy[i].contains(ref))))
          return true;
      return inLibrary(symbol);
    };
    std::optional<StaleHostCopy> stale =
        findStaleHostCopy(*module, u.copies, elsewhere);
    if (!stale)
      continue;
    std::string what = staleMessage(*stale, input, elsewhere);
    return fail(out, what,
                stale->at.file.empty()
                    ? std::nullopt
                    : std::optional<SourceLocation>(stale->at));
  }
  log("device link: " + std::to_string(out.units) + " unit(s) for " +
      job.image.triple + " (" + job.image.arch + ")");
  return true;
}

/// The kernel `value` is reached from, through the device procedures
/// between.
std::optional<SourceLocation>
UnitLinker::kernelUsing(llvm::GlobalValue &value) const {
  std::optional<SourceLocation> at;
  llvm::SmallVector<llvm::Value *> work(value.users());
  llvm::SmallPtrSet<llvm::Value *, 16> seen;
  while (!work.empty() && !at) {
    llvm::Value *v = work.pop_back_val();
    if (!seen.insert(v).second)
      continue;
    llvm::Function *fn = nullptr;
    if (auto *inst = llvm::dyn_cast<llvm::Instruction>(v))
      fn = inst->getFunction();
    else if (llvm::isa<llvm::Constant>(v))
      llvm::append_range(work, v->users());
    if (!fn)
      continue;
    at = kernelLocation(fn->getName());
    if (!at)
      llvm::append_range(work, fn->users());
  }
  return at;
}

/// Device code that uses a procedure or variable of a shared library's
/// device image: each image is loaded on its own, so a GPU image cannot
/// reach it and a host-offload one would get the host's copy (the
/// library's host procedure reading host data), a wrong answer. Refused at
/// the kernel that uses it.
bool UnitLinker::checkSharedLibraries(DeviceLinkOutcome &out) {
  for (const std::string &library : job.sharedLibraries) {
    std::set<std::string> defined =
        libraryWithImageSymbols(library, job.image.triple);
    if (defined.empty())
      continue;
    // The first one a kernel uses (a variable may also be named only by the
    // unit's offload entry of an `acc declare`), else the first.
    llvm::GlobalValue *found = nullptr;
    std::optional<SourceLocation> at;
    for (llvm::GlobalValue &value : module->global_values()) {
      if (!value.isDeclaration() || value.use_empty() ||
          !defined.count(value.getName().str()))
        continue;
      if (!found)
        found = &value;
      if ((at = kernelUsing(value))) {
        found = &value;
        break;
      }
    }
    if (!found)
      continue;
    bool isFunction = llvm::isa<llvm::Function>(found);
    return fail(out,
                std::string("the device code ") +
                    (isFunction ? "calls " : "uses ") +
                    spelledFortranName(found->getName()) +
                    " of the shared library " + library +
                    ", which has a device image of its own: the program's "
                    "cannot reach its " +
                    (isFunction ? "procedures" : "variables") +
                    " (on host-offload it would get the host's copy); "
                    "link the library's objects or a static archive of "
                    "them into the program",
                at);
  }
  return true;
}

/// Device code that uses a module variable or named constant no unit
/// defines for the device: its module's file had no directive, so
/// ompx-flang built it for the host alone (flang-22 makes the device copy
/// only in the file that defines the module). The image failed to load
/// ("undefined symbol"), and a GPU's kept an unresolved extern.
/// The functions device code can run: the kernels and what they run.
static llvm::SetVector<llvm::Function *> reachableFromKernels(llvm::Module &m) {
  llvm::SmallVector<llvm::Function *> kernels;
  for (llvm::Function &f : m)
    if (f.getName().starts_with("__omp_offloading_") && !f.isDeclaration())
      kernels.push_back(&f);
  return reachableFrom(kernels);
}

/// Whether an instruction of one of `in` uses `g` (through constant
/// expressions too).
static bool usedIn(llvm::GlobalValue &g,
                   const llvm::SetVector<llvm::Function *> &in) {
  llvm::SmallVector<llvm::User *> work(g.users());
  llvm::SmallPtrSet<llvm::User *, 16> seen;
  while (!work.empty()) {
    llvm::User *u = work.pop_back_val();
    if (!seen.insert(u).second)
      continue;
    if (auto *i = llvm::dyn_cast<llvm::Instruction>(u)) {
      if (in.contains(i->getFunction()))
        return true;
    } else if (llvm::isa<llvm::ConstantExpr>(u)) {
      llvm::append_range(work, u->users());
    }
  }
  return false;
}

/// Device code that uses a module variable or named constant no unit
/// defines for the device: its module's file had no directive, so
/// ompx-flang built it for the host alone (flang-22 makes the device copy
/// only in the file that defines the module). The image failed to load
/// ("undefined symbol"), and a GPU's kept an unresolved extern. On a GPU,
/// uses only from code no kernel reaches are left (its optimization drops
/// that code).
bool UnitLinker::checkModuleVariables(DeviceLinkOutcome &out) {
  std::optional<llvm::SetVector<llvm::Function *>> live;
  for (llvm::GlobalVariable &g : module->globals()) {
    if (!g.isDeclaration() || g.use_empty() || !g.getName().starts_with("_Q"))
      continue;
    auto [kind, parts] = fir::NameUniquer::deconstruct(g.getName());
    bool constant = kind == fir::NameUniquer::NameKind::CONSTANT;
    if ((!constant && kind != fir::NameUniquer::NameKind::VARIABLE) ||
        parts.modules.empty())
      continue;
    // The Fortran runtime's, in the program: a host-offload image reaches
    // it when the program exports it, as its procedures.
    if (isIntrinsicModule(parts.modules.front())) {
      if (job.image.device == DeviceKind::HostOffload &&
          !llvm::is_contained(out.exports, g.getName().str()))
        out.exports.push_back(g.getName().str());
      continue;
    }
    // host-offload's image keeps such code, and would not load.
    if (job.image.device != DeviceKind::HostOffload) {
      if (!live)
        live = reachableFromKernels(*module);
      if (!usedIn(g, *live))
        continue;
    }
    const std::string &mod = parts.modules.back();
    return fail(
        out,
        "the device code uses " + spelledFortranName(g.getName()) +
            ", which no unit compiles for the device: module " + mod +
            "'s file has no OpenMP or OpenACC directive, so it was built for "
            "the host alone (flang-22 makes a device copy only in the file "
            "defining the module). " +
            (constant ? "Give module " + mod +
                            " a declare target variable (OpenACC: a declare "
                            "create one; or move the named constant into the "
                            "module of the procedure that uses it), so that "
                            "its file is built for the device too"
                      : "Add `!$omp declare target(" + parts.name +
                            ")` to module " + mod + " (OpenACC: `!$acc " +
                            "declare create(" + parts.name + ")`)"),
        kernelUsing(g));
  }
  return true;
}

/// host-offload: what the serial runtime cannot run is refused at its
/// kernel; the image leaves the Fortran runtime and host procedures to the
/// program (exported by the host link) and is linked into a shared object
/// with the runtime, the form libomptarget's x86_64 plugin loads.
bool UnitLinker::finishHostOffload(DeviceLinkOutcome &out) {
  auto locate = [&](StringRef fn, StringRef) -> std::optional<SourceLocation> {
    if (llvm::Function *f = module->getFunction(fn))
      for (llvm::User *user : f->users())
        if (auto *inst = llvm::dyn_cast<llvm::Instruction>(user))
          if (auto at = kernelLocation(inst->getFunction()->getName()))
            return at;
    return std::nullopt;
  };
  if (auto f = checkHostOffloadSupport(*module, job.hostDevRuntime, locate,
                                       out.exports))
    return fail(out, f->message, f->location);
  if (auto [callee, unit, offloads] = hostFortranCallee(); !callee.empty())
    return fail(
        out,
        "the device code calls " + callee + ", which " + unit +
            " defines for the host alone (" +
            (offloads ? "it is not declare target there"
                      : "its object carries no device code: the procedure "
                        "is not declare target, or flang compiled the file "
                        "without ompx-flang's offload targets") +
            "): the image would run the host's copy of it, on the host's "
            "variables, where a GPU's link refuses the program; add `!$omp "
            "declare target` to the procedure" +
            (offloads ? ""
                      : " and compile its file with ompx-flang and the "
                        "program's offload flags"),
        locate(callee, ""));
  return true;
}

/// host-offload: a procedure the device code calls that no unit builds for
/// the device while a Fortran object of the link defines it for the host
/// (flang-22's own object, even with `-fopenmp-targets`: its device code
/// cannot join; or one ompx built whose procedure is not declare target):
/// the image would take the host's copy from the program, as it takes a C
/// function's. Empty when there is none.
/// With `live`, only a procedure that code of `live` calls.
UnitLinker::HostCallee UnitLinker::hostFortranCallee(
    const llvm::SetVector<llvm::Function *> *live) const {
  llvm::StringSet<> wanted;
  for (llvm::Function &f : *module) {
    StringRef name = f.getName();
    if (f.isDeclaration() && !f.isIntrinsic() && !f.use_empty() &&
        !name.starts_with("_Fortran") && !name.starts_with("__") &&
        !name.starts_with("omp_") && !name.starts_with("ompx") &&
        !hostOnlyProcedure(name) && (!live || usedIn(f, *live)))
      wanted.insert(name);
  }
  if (wanted.empty() || !job.linked)
    return {};
  for (const LinkedInputs::Unit &unit : job.linked->units()) {
    auto object = llvm::object::ObjectFile::createObjectFile(unit.data);
    if (!object) {
      llvm::consumeError(object.takeError());
      continue;
    }
    if (!(*object)->isRelocatableObject() || !producedByFlang(**object))
      continue;
    for (const llvm::object::SymbolRef &sym : (*object)->symbols()) {
      llvm::Expected<uint32_t> flags = sym.getFlags();
      llvm::Expected<StringRef> name = sym.getName();
      bool defined = flags && (*flags & llvm::object::SymbolRef::SF_Global) &&
                     !(*flags & llvm::object::SymbolRef::SF_Undefined);
      if (defined && name && wanted.contains(*name))
        return {name->str(), unit.name,
                hasSection(**object, ".llvm.offloading")};
      if (!flags)
        llvm::consumeError(flags.takeError());
      if (!name)
        llvm::consumeError(name.takeError());
    }
  }
  return {};
}

/// A GPU: a Fortran procedure a kernel calls that no unit compiles for the
/// device (not declare target, or its file built for the host alone). The
/// device runtime's link would name it mangled and blame the runtime; this
/// says why, as host-offload's link does, and names the others too, so that
/// one rebuild fixes them all. Code no kernel reaches is left (the
/// device's optimization drops it).
bool UnitLinker::checkGpuCallees(DeviceLinkOutcome &out) {
  llvm::SetVector<llvm::Function *> live = reachableFromKernels(*module);
  std::vector<llvm::Function *> fortran;
  for (llvm::Function &f : *module)
    if (f.isDeclaration() && !f.isIntrinsic() && usedIn(f, live) &&
        hostOnlyProcedure(f.getName()))
      fortran.push_back(&f);
  HostCallee external = hostFortranCallee(&live);
  if (fortran.empty() && external.callee.empty())
    return true;
  // The one explained first, then every other one by name.
  std::string message;
  std::optional<SourceLocation> at;
  std::vector<std::string> others;
  for (llvm::Function *f : fortran) {
    if (message.empty()) {
      message = *hostOnlyProcedure(f->getName());
      at = kernelUsing(*f);
    } else {
      others.push_back(spelledFortranName(f->getName()));
    }
  }
  if (!external.callee.empty() && !message.empty()) {
    others.push_back(external.callee + " (" + external.unit +
                     " defines it for the host alone)");
  } else if (!external.callee.empty()) {
    message =
        "the device code calls " + external.callee + ", which " +
        external.unit + " defines for the host alone (" +
        (external.offloads ? "it is not declare target there"
                           : "its object carries no device code: the "
                             "procedure is not declare target, or flang "
                             "compiled the file without ompx-flang's "
                             "offload targets") +
        "): a GPU's link refuses the program; add `!$omp declare target` to "
        "the procedure" +
        (external.offloads ? ""
                           : " and compile its file with ompx-flang and the "
                             "program's offload flags");
    if (llvm::Function *f = module->getFunction(external.callee))
      at = kernelUsing(*f);
  }
  if (!others.empty())
    message += "; the device code also calls " + llvm::join(others, ", ") +
               ", which no unit compiles for the device either";
  return fail(out, message, at);
}

/// host-offload: the image as libomptarget's x86_64 plugin loads it, a
/// shared object with the runtime.
bool UnitLinker::finishImage(DeviceLinkOutcome &out) {
  if (job.image.device != DeviceKind::HostOffload)
    return true;
  std::string object = out.deviceImage;
  out.deviceImage = joinPath(job.image.workDir, "device.so");
  ToolRun run = runTool(
      job.ldLld, {"-shared", object, job.hostDevRuntime, "-o", out.deviceImage},
      300);
  if (run.exitCode != 0)
    return fail(out, "ld.lld cannot link the x86_64 device image: " +
                         StringRef(run.output).trim().str() + run.error);
  return true;
}

bool UnitLinker::registerImage(DeviceLinkOutcome &out) {
  std::string error;
  out.registrationObject =
      joinPath(job.image.workDir, "offload-registration.o");
  LinkedImage image{out.deviceImage, job.image.device, job.image.triple,
                    job.image.arch};
  if (!writeRegistration(image, job.cudaSetup, out.registrationObject, error))
    return fail(out, error);
  return true;
}

bool ompx::pipeline::writeRegistration(llvm::ArrayRef<LinkedImage> images,
                                       const std::string &cudaSetup,
                                       const std::string &path,
                                       std::string &error) {
  std::vector<ImageToRegister> toRegister;
  bool nvptx = false;
  for (const LinkedImage &i : images) {
    auto buffer = llvm::MemoryBuffer::getFile(i.path);
    if (!buffer) {
      error = "cannot read " + i.path;
      return false;
    }
    nvptx |= i.device == DeviceKind::NVPTX;
    toRegister.push_back(
        {std::move(*buffer), i.device == DeviceKind::NVPTX, i.triple, i.arch});
  }
  llvm::LLVMContext regContext;
  llvm::Module reg("ompx.offload.registration", regContext);
  auto tm = makeTargetMachine(kHostTriple, "x86-64", true, OptLevel::O0, error);
  if (!tm)
    return false;
  reg.setTargetTriple(tm->getTargetTriple());
  reg.setDataLayout(tm->createDataLayout());
  if (!registerOffloadImages(
          reg, std::move(toRegister),
          nvptx && !cudaSetup.empty() ? kCudaSetupFunction : "", error))
    return false;
  llvm::SmallString<0> code;
  return emitCode(reg, *tm, llvm::CodeGenFileType::ObjectFile, code, error) &&
         writeFile(path, code, error);
}

bool ompx::pipeline::mergeDeviceCode(const std::string &hostObject,
                                     llvm::ArrayRef<std::string> others,
                                     const std::string &ldLld,
                                     const std::string &workDir,
                                     const std::string &output,
                                     std::string &error) {
  llvm::LLVMContext context;
  llvm::Module sections("ompx.device.code", context);
  auto tm = makeTargetMachine(kHostTriple, "x86-64", true, OptLevel::O0, error);
  if (!tm)
    return false;
  sections.setTargetTriple(tm->getTargetTriple());
  sections.setDataLayout(tm->createDataLayout());
  // The other compiles' host code is the same; only their device bitcode
  // joins, each OffloadBinary whole, in the section the link reads.
  for (const std::string &other : others) {
    llvm::SmallVector<OffloadFile> files;
    if (!offloadFilesOf(other, files, error))
      return false;
    for (const OffloadFile &file : files)
      if (isOmpxBitcode(*file.getBinary()))
        llvm::embedBufferInModule(
            sections, file.getBinary()->getMemoryBufferRef(),
            ".llvm.offloading", llvm::Align(OffloadBinary::getAlignment()));
  }
  llvm::SmallString<0> code;
  std::string extra = joinPath(workDir, "device-code.o");
  if (!emitCode(sections, *tm, llvm::CodeGenFileType::ObjectFile, code,
                error) ||
      !writeFile(extra, code, error))
    return false;
  ToolRun run = runTool(ldLld, {"-r", hostObject, extra, "-o", output}, 300);
  if (run.exitCode != 0) {
    error = "ld.lld -r cannot join the device code of " + hostObject + ": " +
            StringRef(run.output).trim().str() + run.error;
    return false;
  }
  return true;
}

DeviceLinkOutcome UnitLinker::run() {
  DeviceLinkOutcome out;
  if (!linkUnits(out))
    return out;
  // Before the checks: a binding table's procedure is no call.
  std::vector<std::string> guarded = guardUnbuiltBindings(*module);
  if (!guarded.empty())
    log("device link: type-bound procedures no unit builds for the device "
        "(not declare target), which trap if a kernel calls them: " +
        llvm::join(guarded, ", "));
  if (!checkSharedLibraries(out))
    return out;
  // A declare target procedure of one unit that uses a `declare target
  // link` variable of another's module (whose .mod file does not say so)
  // wrote the device's own copy, not the mapped one: only the variable's
  // unit holds its reference pointer, which the linked module now joins.
  if (unsigned n = routeLinkReferences(*module))
    log("device link: " + std::to_string(n) +
        " use(s) of declare target link variables of other units read "
        "through their reference pointers");
  if (!checkModuleVariables(out))
    return out;
  if (job.image.device == DeviceKind::HostOffload ? !finishHostOffload(out)
                                                  : !checkGpuCallees(out))
    return out;
  DeviceImage image;
  auto locate = [&](StringRef kernel, StringRef) {
    return kernelLocation(kernel);
  };
  if (auto f = buildDeviceImage(*module, job.image, locate, log, image)) {
    fail(out, f->message, f->location);
    return out;
  }
  out.deviceImage = image.path;
  out.kernelModes = image.kernelModes;
  if (!finishImage(out) || (job.registerImage && !registerImage(out)))
    return out;
  out.ok = true;
  return out;
}

DeviceLinkOutcome ompx::pipeline::linkDeviceCode(
    const DeviceLinkJob &job,
    const std::function<void(const std::string &)> &log) {
  initializeTargets();
  UnitLinker linker(job, log);
  return linker.run();
}
