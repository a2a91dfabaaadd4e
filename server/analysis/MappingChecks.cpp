//===- MappingChecks.cpp - Data-mapping checks over parsed IR -------------===//
//
// Accesses to mapped data are found by following a value through the ops
// that only make views of it (declares, converts, designates, coordinates,
// box addresses, GEPs, and any op free of memory effects) and asking every
// other user for its MemoryEffectOpInterface effects on that value. An op
// without the interface (fir.call, ...) may read and write anything it is
// given. A warning needs a certain write (or read); staying silent needs
// only a possible one.
//
//===----------------------------------------------------------------------===//

#include "server/analysis/MappingChecks.h"
#include "dialects/OdsTables.h"
#include "dialects/ir/ClauseModelBuilder.h"
#include "pipeline/compile/DeclareRecords.h"
#include "pipeline/passes/MapValues.h"
#include "server/analysis/ArraySections.h"
#include "server/analysis/MappingCheckNames.h"
#include "server/analysis/MappingFlow.h"
#include "server/model/Suppression.h"
#include "server/syntax/Lexer.h"
#include "support/FlangNames.h"

#include "flang/Optimizer/Dialect/FIROps.h"
#include "flang/Optimizer/Dialect/FIRType.h"
#include "flang/Optimizer/HLFIR/HLFIROps.h"

#include "mlir/Dialect/OpenACC/OpenACC.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/Block.h"
#include "mlir/IR/Operation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>
#include <optional>

using namespace ompx;
using llvm::StringRef;

using ompx::mapping::Access;
using ompx::mapping::accessesOf;

/// A map entry's name as the program wrote it (`ys(3)%v`, not flang-22's
/// `ys(3_8)%v`). flang-22 leaves the member for a descriptor's data
/// unnamed: it takes its parent's name.
static std::string entryName(mlir::omp::MapInfoOp map) {
  StringRef name = map.getName().value_or("");
  if (!name.empty())
    return ompx::sourceName(name);
  for (mlir::Operation *user : map->getUsers())
    if (auto parent = llvm::dyn_cast<mlir::omp::MapInfoOp>(user))
      if (llvm::is_contained(parent.getMembers(), map.getResult()))
        return entryName(parent);
  return "";
}

namespace {

/// Ops that only make another view of the same memory.
bool isView(mlir::Operation *op) {
  static const StringRef names[] = {
      "hlfir.declare",      "fir.declare",       "fir.convert",
      "hlfir.designate",    "fir.coordinate_of", "fir.box_addr",
      "fir.array_coor",     "fir.embox",         "fir.rebox",
      "llvm.getelementptr", "fir.box_offset",    "hlfir.parent_comp"};
  return llvm::is_contained(names, op->getName().getStringRef()) ||
         mlir::isMemoryEffectFree(op);
}

/// For an hlfir.yield of a variable in an ordered assignment (FORALL,
/// WHERE: hlfir.region_assign), whether the assignment writes it: the
/// yield ends the left-hand side region, directly or in the body of an
/// hlfir.elemental_addr (a vector-subscripted left-hand side). Any other
/// such yield (right-hand side, mask) hands the variable to be read.
bool yieldsAssignedVariable(hlfir::YieldOp yield) {
  mlir::Region *region = yield->getParentRegion();
  mlir::Operation *parent = yield->getParentOp();
  if (llvm::isa<hlfir::ElementalAddrOp>(parent)) {
    region = parent->getParentRegion();
    parent = parent->getParentOp();
  }
  auto assign = llvm::dyn_cast_if_present<hlfir::RegionAssignOp>(parent);
  return assign && region == &assign.getLhsRegion();
}

/// flang's runtime entries of array intrinsics (flang-22 calls them for
/// NORM2, FINDLOC, SPREAD, TRANSFER, IPARITY, ... where it has no HLFIR op,
/// and for the others under some options): pure functions of their
/// arguments.
bool readsItsArrays(StringRef callee) {
  static constexpr StringRef kFamilies[] = {
      "Norm2",  "Findloc", "Spread",     "Transfer", "IParity",
      "IAll",   "IAny",    "Parity",     "Count",    "All",
      "Any",    "Sum",     "Product",    "Maxval",   "Minval",
      "Maxloc", "Minloc",  "DotProduct", "Matmul",   "Transpose",
      "Cshift", "Eoshift", "Pack",       "Unpack",   "Reshape"};
  if (!callee.consume_front("_FortranA"))
    return false;
  return llvm::any_of(kFamilies, [&](StringRef f) {
    if (!callee.starts_with(f))
      return false;
    // The family's name ends there (`Sum`, `SumReal8`, `SumDim`; not `Sumx`
    // of another family).
    StringRef rest = callee.drop_front(f.size());
    return rest.empty() || !llvm::isLower(rest.front());
  });
}

/// What a call of flang's runtime does with its operand `use`, into `a`
/// (nothing: neither read nor write): false when the call is none it knows.
bool runtimeAccess(fir::CallOp call, mlir::OpOperand &use, Access &a) {
  StringRef callee = call.getCallee()
                         ? call.getCallee()->getRootReference().getValue()
                         : StringRef();
  // List-directed and formatted I/O: an output item is read, an input
  // item written.
  if (callee.starts_with("_FortranAioOutput") ||
      callee.starts_with("_FortranAioInput")) {
    a.read = callee.starts_with("_FortranAioOutput");
    a.write = !a.read;
    return true;
  }
  // An internal file: `write(s, ...)` writes its buffer, `read(s, ...)`
  // reads it.
  if (callee.starts_with("_FortranAioBeginInternal") &&
      use.getOperandNumber() == 0) {
    a.write = callee.contains("Output");
    a.read = !a.write;
    return true;
  }
  // RANDOM_NUMBER fills its argument.
  if (callee.starts_with("_FortranARandomNumber")) {
    a.write = true;
    return true;
  }
  // An intrinsic flang computes in its runtime (`norm2`, `findloc`,
  // `spread`, `transfer`, ...): it reads the arrays passed by descriptor
  // and writes only its result's (passed by reference).
  if (readsItsArrays(callee)) {
    // TRANSFER's MOLD gives a type and shape: none of its values is read.
    if (callee.starts_with("_FortranATransfer") && use.getOperandNumber() == 2)
      return true;
    bool result = llvm::isa<fir::ReferenceType>(use.get().getType());
    a.read = !result;
    a.write = result;
    return true;
  }
  return false;
}

/// A type through which loaded data still reaches memory.
bool isPointerLike(mlir::Type t) {
  StringRef d = t.getDialect().getNamespace();
  if (d == "llvm")
    return llvm::isa<mlir::LLVM::LLVMPointerType>(t);
  return d == "fir"; // refs, boxes, heap/ptr: conservative
}

} // namespace

std::vector<Access> ompx::mapping::accessesOf(mlir::Value root,
                                              bool followLoads) {
  std::vector<Access> out;
  llvm::SmallVector<std::pair<mlir::Value, bool>> work{{root, false}};
  llvm::DenseSet<mlir::Value> seen{root};
  auto push = [&](mlir::Value v, bool indirect) {
    if (seen.insert(v).second)
      work.push_back({v, indirect});
  };
  while (!work.empty()) {
    auto [v, indirect] = work.pop_back_val();
    for (mlir::OpOperand &use : v.getUses()) {
      mlir::Operation *user = use.getOwner();
      Access a{user};
      a.indirect = indirect;
      // Clause entries of nested omp constructs.
      if (auto iface =
              llvm::dyn_cast<mlir::omp::BlockArgOpenMPOpInterface>(user)) {
        auto in = [&](mlir::OperandRange r) {
          return llvm::is_contained(r, v);
        };
        if (in(iface.getPrivateVars())) {
          a.read = true; // firstprivate copies it; private leaves it alone
          out.push_back(a);
          continue;
        }
        if (in(iface.getReductionVars()) || in(iface.getInReductionVars()) ||
            in(iface.getTaskReductionVars())) {
          a.read = a.write = true;
          out.push_back(a);
          continue;
        }
      }
      // OpenACC: a reduction combines into its variable at the end (a read
      // and a write; the region updates the reduction's own copy), and a
      // loop's or construct's clause operand is a clause op's copy, used
      // through that op's users.
      if (llvm::isa<mlir::acc::ReductionOp>(user)) {
        a.read = a.write = true;
        out.push_back(a);
        continue;
      }
      if (llvm::isa<mlir::acc::LoopOp, mlir::acc::ParallelOp,
                    mlir::acc::SerialOp, mlir::acc::KernelsOp>(user))
        continue;
      // FORALL and WHERE assign through the variables their regions yield
      // (hlfir.yield has no memory effects of its own).
      if (auto yield = llvm::dyn_cast<hlfir::YieldOp>(user);
          yield && yield.getEntity() == v &&
          !v.getType().isIntOrIndexOrFloat()) {
        a.write = yieldsAssignedVariable(yield);
        a.read = !a.write;
        out.push_back(a);
        continue;
      }
      if (isView(user)) {
        // A number computed from it (a bound, a size) reaches no memory.
        for (mlir::Value r : user->getResults())
          if (!r.getType().isIntOrIndexOrFloat())
            push(r, indirect);
        continue;
      }
      if (auto call = llvm::dyn_cast<fir::CallOp>(user);
          call && runtimeAccess(call, use, a)) {
        if (a.read || a.write)
          out.push_back(a);
        continue;
      }
      auto effects = llvm::dyn_cast<mlir::MemoryEffectOpInterface>(user);
      if (!effects) {
        a.unknown = true;
        out.push_back(a);
        continue;
      }
      llvm::SmallVector<mlir::MemoryEffects::EffectInstance> list;
      effects.getEffects(list);
      bool onValue = false, writesElsewhere = false;
      for (const auto &e : list) {
        if (e.getValue() == v) {
          onValue = true;
          a.read |= llvm::isa<mlir::MemoryEffects::Read>(e.getEffect());
          a.write |= llvm::isa<mlir::MemoryEffects::Write>(e.getEffect());
        } else if (llvm::isa<mlir::MemoryEffects::Write>(e.getEffect())) {
          writesElsewhere = true;
        }
      }
      // Storing the address itself somewhere lets anyone write through it.
      if (!onValue && writesElsewhere)
        a.unknown = true;
      // An assignment to an allocatable (realloc) reads the descriptor and
      // writes the data behind it, an effect on no value of its own.
      if (auto assign = llvm::dyn_cast<hlfir::AssignOp>(user);
          assign && assign.getLhs() == v)
        a.write = true;
      if (onValue && a.read && followLoads)
        for (mlir::Value r : user->getResults())
          if (isPointerLike(r.getType()))
            push(r, true);
      if (a.read || a.write || a.unknown)
        out.push_back(a);
    }
  }
  return out;
}

bool ompx::mapping::underCondition(mlir::Operation *op,
                                   mlir::Operation *scope) {
  for (mlir::Operation *at = op; at && at != scope; at = at->getParentOp()) {
    mlir::Region *region = at->getParentRegion();
    if (!region || !region->hasOneBlock())
      return true;
    mlir::Operation *parent = region->getParentOp();
    if (parent != scope && parent->getNumRegions() > 1)
      return true;
  }
  return false;
}

mlir::Operation *ompx::mapping::firstRead(mlir::Operation *scope,
                                          llvm::ArrayRef<Access> accesses) {
  llvm::DenseMap<mlir::Operation *, Access> byOp;
  for (const Access &a : accesses) {
    Access &d = byOp.try_emplace(a.op, Access{a.op}).first->second;
    d.read |= a.read;
    d.write |= a.write;
    d.unknown |= a.unknown;
  }
  mlir::Operation *read = nullptr;
  scope->walk<mlir::WalkOrder::PreOrder>([&](mlir::Operation *op) {
    auto it = byOp.find(op);
    if (op == scope || it == byOp.end())
      return mlir::WalkResult::advance();
    const Access &a = it->second;
    if (a.read && !a.write && !a.unknown &&
        !llvm::isa<mlir::omp::BlockArgOpenMPOpInterface>(op) &&
        !underCondition(op, scope))
      read = op;
    return mlir::WalkResult::interrupt();
  });
  return read;
}

namespace {

using namespace ompx::mapping;

/// --explain-maps's information diagnostics (not a check: never disabled).
constexpr const char *kExplain = "explain-maps";

bool hasFlag(llvm::ArrayRef<std::string> flags, StringRef f) {
  return llvm::is_contained(flags, f);
}

/// The words of a map's `map_clauses(...)`, with their document ranges.
struct ClauseWords {
  llvm::SmallVector<std::pair<StringRef, TextRange>> words;
};

std::optional<ClauseWords> clauseWords(StringRef doc, const OpRecord &rec) {
  StringRef text = doc.slice(rec.fullRange.begin, rec.fullRange.end);
  size_t at = text.find("map_clauses(");
  if (at == StringRef::npos)
    return std::nullopt;
  size_t open = at + strlen("map_clauses(");
  size_t close = text.find(')', open);
  if (close == StringRef::npos)
    return std::nullopt;
  ClauseWords cw;
  uint32_t base = rec.fullRange.begin;
  Lexer lexer(text.take_front(close), open);
  for (Token t = lexer.next(); !t.is(TokenKind::Eof); t = lexer.next())
    if (t.is(TokenKind::BareIdentifier))
      cw.words.push_back(
          {t.name(), {base + t.range.begin, base + t.range.end}});
  return cw;
}

/// The spellings LLVM 22's map_clauses parser reads as a flag.
llvm::ArrayRef<const char *> mapSpellings() {
  static std::vector<const char *> words = [] {
    std::vector<const char *> w{"none"};
    if (const ods::Op *op = ods::lookupOp("omp.map.info"))
      for (const ods::Arg &arg : op->argList())
        if (StringRef(arg.name) == "map_type" && arg.enumIndex >= 0)
          if (const ods::Enum *e = ods::enumAt(arg.enumIndex))
            for (const char *c : e->caseList())
              if (!llvm::is_contained(w, StringRef(c)))
                w.push_back(c);
    return w;
  }();
  return words;
}

/// The spelling an unknown map_clauses word most likely meant, or "".
std::string meantSpelling(StringRef word) {
  // Earlier spellings and the enum's own short names.
  if (word == "del")
    return "delete";
  if (word == "priv")
    return "private";
  if (word == "alloc")
    return "storage";
  std::string best;
  unsigned bestDist = std::max<unsigned>(2, word.size() / 3) + 1;
  for (StringRef s : mapSpellings()) {
    unsigned d =
        word.lower() == s ? 0 : StringRef(word.lower()).edit_distance(s);
    if (d < bestDist) {
      bestDist = d;
      best = s.str();
    }
  }
  return best;
}

class Checker {
public:
  Checker(StringRef doc,
          llvm::function_ref<const OpRecord *(mlir::Operation *)> record,
          bool explain)
      : doc(doc), record(record), explain(explain) {}

  void run(mlir::Block &block) {
    // With unified shared memory the host and the device see one copy:
    // missing copies are no bugs (the clause-word and host_eval checks are
    // about the IR itself and stay).
    if (mlir::Operation *module = block.getParentOp())
      if (auto req = module->getAttrOfType<mlir::omp::ClauseRequiresAttr>(
              "omp.requires"))
        sharedMemory = mlir::omp::bitEnumContainsAny(
            req.getValue(), mlir::omp::ClauseRequires::unified_shared_memory);
    for (mlir::Operation &top : block)
      top.walk([&](mlir::acc::EnterDataOp enter) {
        for (mlir::Value v : enter.getDataClauseOperands())
          if (mlir::Value var = mlir::acc::getVar(v.getDefiningOp()))
            if (auto addr =
                    mapping::storageOf(var).getDefiningOp<fir::AddrOfOp>())
              accEnteredGlobals.insert(addr.getSymbol().getRootReference());
      });
    for (mlir::Operation &top : block)
      top.walk([&](mlir::omp::TargetEnterDataOp enter) {
        for (mlir::Value v : enter.getMapVars())
          if (auto m = v.getDefiningOp<mlir::omp::MapInfoOp>())
            if (auto addr = mapping::storageOf(m.getVarPtr())
                                .getDefiningOp<fir::AddrOfOp>())
              enteredGlobals.insert(addr.getSymbol().getRootReference());
      });
    for (mlir::Operation &top : block)
      top.walk([&](mlir::Operation *op) {
        if (auto map = llvm::dyn_cast<mlir::omp::MapInfoOp>(op))
          checkWords(map);
        else if (auto target = llvm::dyn_cast<mlir::omp::TargetOp>(op))
          checkTarget(target);
        else if (auto copyin = llvm::dyn_cast<mlir::acc::CopyinOp>(op))
          checkCopyin(copyin);
        else if (auto create = llvm::dyn_cast<mlir::acc::CreateOp>(op))
          checkCreate(create);
      });
    if (sharedMemory)
      llvm::erase_if(diags, [](const Diagnostic &d) {
        return d.check != kMapClauseWord && d.check != kHostEvalUnused;
      });
    else
      for (mapping::FlowFinding &f : mapping::walkDataFlow(block, explain))
        addFlow(f);
  }
  std::vector<Diagnostic> diags;

private:
  /// Module variables an `enter data` of this file maps.
  llvm::DenseSet<mlir::StringAttr> enteredGlobals;
  /// The same for OpenACC's `enter data`.
  llvm::DenseSet<mlir::StringAttr> accEnteredGlobals;
  TextRange nameOf(mlir::Operation *op) const {
    const OpRecord *r = record(op);
    return r ? r->nameRange : TextRange{};
  }
  Diagnostic &add(const char *check, Severity sev, TextRange range,
                  std::string message) {
    Diagnostic d;
    d.severity = sev;
    d.kind = DiagKind::Mapping;
    d.range = range;
    d.anchor = range.begin;
    d.message = std::move(message) + " [" + check + "]";
    d.check = check;
    diags.push_back(std::move(d));
    return diags.back();
  }
  void note(Diagnostic &d, mlir::Operation *op, std::string message) {
    if (!record(op))
      return;
    d.notes.push_back({nameOf(op), true, std::move(message)});
  }

  void addFlow(const mapping::FlowFinding &f) {
    const OpRecord *rec = record(f.at);
    if (!rec)
      return;
    bool why = StringRef(f.check) == kExplain;
    Diagnostic &d =
        add(f.check, why ? Severity::Information : Severity::Warning,
            rec->nameRange, (why ? "explain: " : "") + f.message);
    for (const auto &[op, text] : f.notes)
      note(d, op, text);
    auto map = llvm::dyn_cast<mlir::omp::MapInfoOp>(f.at);
    std::optional<ClauseWords> cw =
        map && !f.fixFrom.empty() ? clauseWords(doc, *rec) : std::nullopt;
    if (!cw)
      return;
    DiagnosticFix fix;
    fix.title = "Map it `" + f.fixTo + "` at the exit";
    for (auto &[word, range] : cw->words)
      if (word == f.fixFrom)
        fix.edits.push_back({range, f.fixTo});
    if (fix.edits.size() == 1)
      d.fixes.push_back(std::move(fix));
  }

  void checkWords(mlir::omp::MapInfoOp map) {
    const OpRecord *rec = record(map);
    if (!rec)
      return;
    std::optional<ClauseWords> cw = clauseWords(doc, *rec);
    if (!cw)
      return;
    for (auto &[word, range] : cw->words) {
      if (llvm::is_contained(mapSpellings(), word))
        continue;
      std::string meant = meantSpelling(word);
      std::string msg = "`" + word.str() +
                        "` is not a map_clauses word: LLVM 22 reads it as "
                        "nothing and the map flag is lost";
      if (!meant.empty())
        msg += "; did you mean `" + meant + "`?";
      Diagnostic &d = add(kMapClauseWord, Severity::Warning, range, msg);
      note(d, map, "the map whose flags lose it");
      if (!meant.empty())
        d.fixes.push_back({"Replace `" + word.str() + "` by `" + meant + "`",
                           {{range, meant}}});
    }
  }

  /// A fix that adds `from` to `map`'s flags: its one `to` word becomes
  /// `tofrom` (the parser ORs the words, so the rest stays as it was).
  std::optional<DiagnosticFix> addFromFix(mlir::omp::MapInfoOp map,
                                          const std::string &name) {
    const OpRecord *rec = record(map);
    if (!rec)
      return std::nullopt;
    std::optional<ClauseWords> cw = clauseWords(doc, *rec);
    if (!cw)
      return std::nullopt;
    DiagnosticFix fix;
    fix.title = "Map `" + name + "` tofrom";
    for (auto &[word, range] : cw->words)
      if (word == "to")
        fix.edits.push_back({range, "tofrom"});
    if (fix.edits.size() != 1)
      return std::nullopt;
    return fix;
  }

  /// The `%arg` after the `entry`-th `->` of the op's `host_eval(...)`, and
  /// the range of the outer value before it.
  struct HostEvalEntry {
    StringRef arg;
    TextRange argRange, outerRange;
  };
  std::optional<HostEvalEntry> hostEvalArg(const OpRecord &rec,
                                           unsigned entry) const {
    StringRef text = doc.slice(rec.fullRange.begin, rec.fullRange.end);
    size_t at = text.find("host_eval(");
    if (at == StringRef::npos)
      return std::nullopt;
    Lexer lexer(text, at + strlen("host_eval("));
    unsigned arrows = 0;
    TextRange outer;
    auto shift = [&](TextRange r) {
      return TextRange{rec.fullRange.begin + r.begin,
                       rec.fullRange.begin + r.end};
    };
    for (Token t = lexer.next(); !t.is(TokenKind::Eof); t = lexer.next()) {
      if (t.isPunct(":") || t.isPunct(")"))
        break;
      if (t.is(TokenKind::PercentIdentifier))
        outer = t.range;
      if (!t.isPunct("->"))
        continue;
      Token arg = lexer.next();
      if (arrows++ == entry && arg.is(TokenKind::PercentIdentifier))
        return HostEvalEntry{arg.spelling, shift(arg.range), shift(outer)};
    }
    return std::nullopt;
  }

  /// host_eval values nothing in the region uses.
  void checkHostEvalUnused(mlir::omp::TargetOp target,
                           mlir::omp::BlockArgOpenMPOpInterface iface,
                           mlir::Block &entry) {
    unsigned start = iface.getHostEvalBlockArgsStart();
    for (unsigned i = 0, e = iface.getHostEvalVars().size(); i < e; ++i) {
      if (start + i >= entry.getNumArguments())
        break;
      mlir::BlockArgument arg = entry.getArgument(start + i);
      if (!arg.use_empty())
        continue;
      const OpRecord *rec = record(target);
      if (!rec)
        continue;
      std::optional<HostEvalEntry> entryArg = hostEvalArg(*rec, i);
      std::string what =
          entryArg ? "`" + entryArg->arg.str() + "`" : "#" + std::to_string(i);
      Diagnostic &d =
          add(kHostEvalUnused, Severity::Warning,
              entryArg ? entryArg->argRange : rec->nameRange,
              "host_eval value " + what +
                  " is never used in the region: host_eval is only for "
                  "loop bounds and steps, num_teams, thread_limit and "
                  "num_threads");
      if (entryArg)
        d.notes.push_back(
            {entryArg->outerRange, true, "the host value it is bound to"});
      note(d, target, "the target region");
    }
  }

  /// A target region's map entry that checkTarget judges.
  struct Entry {
    mlir::omp::MapInfoOp map;
    mlir::BlockArgument arg;
    llvm::SmallVector<std::string> flags; ///< to, from, always, ...
    std::vector<Access> accesses;
    mlir::Operation *write = nullptr; ///< a certain write
    bool mayWrite = false;
  };
  /// What all entries of one variable do together.
  struct Union {
    bool to = false, from = false, mayWrite = false;
  };

  void checkTarget(mlir::omp::TargetOp target) {
    auto iface =
        llvm::cast<mlir::omp::BlockArgOpenMPOpInterface>(target.getOperation());
    if (target.getRegion().empty())
      return;
    mlir::Block &entry = target.getRegion().front();
    checkHostEvalUnused(target, iface, entry);
    checkPointerComponents(target, iface, entry);
    checkArrayParts(target);

    // Each map entry, and what all entries of the same variable do
    // together: flang maps a variable twice (map + reduction), and one of
    // them alone may look unwritten.
    std::vector<Entry> entries;
    llvm::DenseMap<mlir::Value, Union> byVar;
    collectEntries(target, iface, entry, entries, byVar);
    for (Entry &e : entries)
      judgeEntry(target, e, byVar[e.map.getVarPtr()]);
  }

  /// Whether a clause item's name is all of an array: `v`, `v(:)`,
  /// `v(:,:)`.
  /// Whether two entries of one variable take different parts of it: their
  /// clause items' names differ (`v(1:4)`, `v(5:8)`; flang names each), or,
  /// unnamed, their bounds.
  static bool otherPart(mlir::omp::MapInfoOp a, mlir::omp::MapInfoOp b) {
    StringRef na = a.getName().value_or(""), nb = b.getName().value_or("");
    // Both all of an array of constant extent (`v(1:8)` of `v(8)`).
    if (!mapping::sectionOf(a) && !mapping::sectionOf(b) &&
        mapping::extentOf(a) && mapping::extentOf(b))
      return false;
    if (!na.empty() && !nb.empty())
      return !na.equals_insensitive(nb) &&
             !(ompx::passes::namesWholeVariable(na) &&
               ompx::passes::namesWholeVariable(nb));
    auto boundsOf = [](mlir::omp::MapInfoOp m) {
      if (m.getMembers().size() == 1)
        if (auto data =
                m.getMembers().front().getDefiningOp<mlir::omp::MapInfoOp>())
          return data.getBounds();
      return m.getBounds();
    };
    return !llvm::equal(boundsOf(a), boundsOf(b));
  }

  /// The variable `v` declares (common block members and equivalenced
  /// arrays share storage, not the variable), else its storage.
  static mlir::Value variableOf(mlir::Value v) {
    for (mlir::Value at = v; at;) {
      mlir::Operation *def = at.getDefiningOp();
      if (llvm::isa_and_present<hlfir::DeclareOp, fir::DeclareOp>(def))
        return def->getResult(0);
      auto convert = llvm::dyn_cast_or_null<fir::ConvertOp>(def);
      at = convert ? convert.getValue() : mlir::Value();
    }
    return mapping::storageOf(v);
  }

  /// A `nowait` construct mapping the whole array first, with every `from`
  /// the others have: LLVM maps them into its copy and its release copies
  /// back (ompx-section-cover leaves it so).
  static bool wholeFirstNowait(mlir::omp::TargetOp target,
                               llvm::ArrayRef<mlir::omp::MapInfoOp> tops,
                               mlir::omp::MapInfoOp first) {
    auto from = [](mlir::omp::MapInfoOp m) {
      return mlir::omp::bitEnumContainsAny(m.getMapType(),
                                           mlir::omp::ClauseMapFlags::from);
    };
    StringRef name = first.getName().value_or("");
    return target.getNowait() && !name.empty() &&
           ompx::passes::namesWholeVariable(name) &&
           first.getMembers().empty() &&
           (from(first) || llvm::none_of(tops, [&](mlir::omp::MapInfoOp m) {
              return variableOf(m.getVarPtr()) ==
                         variableOf(first.getVarPtr()) &&
                     from(m);
            }));
  }

  /// Two items of one array taking different parts of it on one `target`
  /// (`map(to: v(1:4)) map(tofrom: v(5:8))`, the halo idiom `map(to:
  /// u(0:n+1)) map(from: u(1:n))`) with the array not present before: OpenMP
  /// requires them to be the same elements, and LLVM maps each alone (ompx's
  /// build gives them one copy: ompx-section-cover).
  void checkArrayParts(mlir::omp::TargetOp target) {
    llvm::SmallPtrSet<mlir::Value, 8> members;
    for (mlir::Value v : target.getMapVars())
      if (auto m = v.getDefiningOp<mlir::omp::MapInfoOp>())
        members.insert(m.getMembers().begin(), m.getMembers().end());
    llvm::SmallVector<mlir::omp::MapInfoOp> tops;
    for (mlir::Value v : target.getMapVars())
      if (auto m = v.getDefiningOp<mlir::omp::MapInfoOp>())
        if (!members.contains(v) &&
            !hasFlag(mapClauseWords(m.getMapType()), "implicit"))
          tops.push_back(m);
    // A construct that never offloads (`if(.false.)`).
    if (mlir::Value cond = target.getIfExpr())
      if (std::optional<int64_t> c = mapping::constantOf(cond); c && !*c)
        return;
    llvm::SmallPtrSet<mlir::Operation *, 8> reported;
    for (auto [i, first] : llvm::enumerate(tops)) {
      if (reported.contains(first))
        continue;
      for (mlir::omp::MapInfoOp other : llvm::drop_begin(tops, i + 1)) {
        if (variableOf(other.getVarPtr()) != variableOf(first.getVarPtr()) ||
            !otherPart(first, other) || reported.contains(other) ||
            presentBefore(target, first.getVarPtr()) ||
            wholeFirstNowait(target, tops, first))
          continue;
        reported.insert(other);
        std::string a = entryName(first), b = entryName(other);
        if (a.empty())
          a = "one part";
        if (b.empty())
          b = "another";
        std::string ours =
            target.getNowait()
                ? "ompx's program stops before this deferred construct, "
                  "where it cannot give them one copy"
                : "ompx's build gives the array one copy";
        Diagnostic &d = add(
            kArrayParts, Severity::Warning, nameOf(other),
            "`" + a + "` and `" + b +
                "` map different parts of one array on one construct, and "
                "nothing maps the array before it: OpenMP requires them to "
                "be the same elements, and LLVM maps each alone (flang-22's "
                "program uses one part's copy for both: disjoint parts are "
                "read out of bounds, and a part inside another loses its "
                "`from`). " +
                ours +
                "; for other compilers, map one section holding every part, "
                "or the array in an enclosing `target data`");
        note(d, first, "the array, declared here");
      }
    }
  }

  /// The names of `maps` and of their members, lower case.
  static void collectMapNames(mlir::ValueRange maps,
                              llvm::SmallVectorImpl<std::string> &names) {
    for (mlir::Value v : maps)
      if (auto m = v.getDefiningOp<mlir::omp::MapInfoOp>()) {
        names.push_back(m.getName().value_or("").lower());
        collectMapNames(m.getMembers(), names);
      }
  }

  /// Whether one of `names` is `component` or a section of it.
  static bool namesComponent(llvm::ArrayRef<std::string> names,
                             StringRef component) {
    return llvm::any_of(names, [&](StringRef n) {
      return n == component ||
             (n.starts_with(component) &&
              n.drop_front(component.size()).ltrim().starts_with("("));
    });
  }

  /// Whether `var` is storage of the procedure's own (a local, or a main
  /// program's variable): no caller nor other procedure maps it.
  static bool procedureLocal(mlir::Value var) {
    mlir::Value root = mapping::storageOf(var);
    if (root.getDefiningOp<fir::AllocaOp>())
      return true;
    auto addr = root.getDefiningOp<fir::AddrOfOp>();
    return addr &&
           addr.getSymbol().getRootReference().getValue().starts_with("_QF");
  }

  /// A POINTER component of a record `target` maps as a whole (the
  /// implicit map too), whose target the region uses, while no clause of
  /// the construct and no `enter data` or `target data` of the procedure
  /// names the component: OpenMP maps the pointer, not its target (ompx
  /// builds it so: ompx-mapper-pointer-components), and the region reaches
  /// the target through the host's address (a GPU faults; on host-offload
  /// a copy back of the target, mapped on its own, overwrote the writes).
  /// Records a caller or another procedure may have mapped (dummies,
  /// module variables) are left alone.
  void checkPointerComponents(mlir::omp::TargetOp target,
                              mlir::omp::BlockArgOpenMPOpInterface iface,
                              mlir::Block &entry) {
    llvm::SmallVector<std::string> here, entered;
    collectMapNames(iface.getMapVars(), here);
    if (auto func = target->getParentOfType<mlir::FunctionOpInterface>())
      func->walk([&](mlir::Operation *op) {
        if (auto data = llvm::dyn_cast<mlir::omp::TargetDataOp>(op))
          collectMapNames(data.getMapVars(), entered);
        else if (auto enter = llvm::dyn_cast<mlir::omp::TargetEnterDataOp>(op))
          collectMapNames(enter.getMapVars(), entered);
      });
    unsigned mapStart = iface.getMapBlockArgsStart();
    for (auto [i, mapped] : llvm::enumerate(iface.getMapVars())) {
      auto map = mapped.getDefiningOp<mlir::omp::MapInfoOp>();
      if (mapStart + i >= entry.getNumArguments() || !map ||
          map.getVarPtrPtr() || !procedureLocal(map.getVarPtr()))
        continue;
      auto recordType = llvm::dyn_cast<fir::RecordType>(map.getVarType());
      std::string name = map.getName().value_or("").lower();
      if (!recordType || name.empty())
        continue;
      for (const auto &[field, type] : recordType.getTypeList()) {
        auto box = llvm::dyn_cast<fir::BaseBoxType>(type);
        std::string component = name + "%" + field;
        if (!box || !llvm::isa<fir::PointerType>(box.getEleTy()) ||
            namesComponent(here, component) ||
            namesComponent(entered, component))
          continue;
        mlir::Operation *use = nullptr;
        for (const Access &a :
             componentAccesses(entry.getArgument(mapStart + i), field))
          if (a.indirect && !use)
            use = a.op;
        const OpRecord *at = record(map) ? record(map) : record(target);
        if (!use || !at)
          continue;
        Diagnostic &d = add(
            kPointerTargetUnmapped, Severity::Warning, at->nameRange,
            "`" + component + "` is a POINTER component: mapping `" + name +
                "` maps the pointer, not its target, so the region uses the "
                "host's address (a GPU faults); map the target too: `map(" +
                (hasWord(flagText(map), "from") ? "tofrom" : "to") + ": " +
                component + ")`");
        note(d, use, "its target is used here");
        note(d, target, "in this target region");
      }
    }
  }

  /// Whether `target`'s region calls a procedure of the program (not the
  /// Fortran runtime's), which may use module variables by name.
  static bool callsProcedure(mlir::omp::TargetOp target) {
    bool found = false;
    target.getRegion().walk([&](fir::CallOp call) {
      std::optional<mlir::SymbolRefAttr> callee = call.getCallee();
      found |= !callee ||
               !callee->getRootReference().getValue().starts_with("_Fortran");
      return found ? mlir::WalkResult::interrupt()
                   : mlir::WalkResult::advance();
    });
    return found;
  }

  /// The map entries of `target` that judgeEntry follows, with their
  /// variables' unions; members, mappers and by-copy entries are checked
  /// on their own and make their variable's union all-true.
  void collectEntries(mlir::omp::TargetOp target,
                      mlir::omp::BlockArgOpenMPOpInterface iface,
                      mlir::Block &entry, std::vector<Entry> &entries,
                      llvm::DenseMap<mlir::Value, Union> &byVar) {
    unsigned mapStart = iface.getMapBlockArgsStart();
    for (auto [i, mapped] : llvm::enumerate(iface.getMapVars())) {
      if (mapStart + i >= entry.getNumArguments())
        break;
      auto map = mapped.getDefiningOp<mlir::omp::MapInfoOp>();
      if (!map)
        continue;
      Union &u = byVar[map.getVarPtr()];
      if (!map.getMembers().empty())
        checkMembers(target, map, entry.getArgument(mapStart + i));
      if (map.getMapperId())
        checkMapper(target, map, entry.getArgument(mapStart + i));
      // Members, mappers, by-copy and member-of entries are not followed
      // here: they may do anything to the variable.
      bool member = llvm::any_of(map->getUsers(), [](mlir::Operation *user) {
        return llvm::isa<mlir::omp::MapInfoOp>(user);
      });
      if (member || !map.getMembers().empty() || map.getMapperId() ||
          map.getVarPtrPtr() ||
          map.getMapCaptureType() != mlir::omp::VariableCaptureKind::ByRef) {
        u.to = u.from = u.mayWrite = true;
        explainAt(map, "`" + entryName(map) + "`: " +
                           (map.getMapperId() ? "mapped through a mapper: "
                                                "its members are judged"
                            : !map.getMembers().empty()
                                ? "an entry with members: each member is "
                                  "judged"
                            : member || map.getVarPtrPtr()
                                ? "a member entry: judged with its parent"
                                : "a by-copy capture: the region's own "
                                  "copy (the data-state walk judges an "
                                  "implicit scalar)"));
        continue;
      }
      Entry e{map, entry.getArgument(mapStart + i)};
      llvm::append_range(e.flags, mapClauseWords(map.getMapType()));
      e.accesses = accessesOf(e.arg, /*followLoads=*/true);
      for (const Access &a : e.accesses) {
        e.mayWrite |= a.write || a.unknown;
        if (a.write && !a.indirect && !e.write)
          e.write = a.op;
      }
      // A module variable (or common block) is also reached by name: a
      // procedure the region calls may write it (a `link` one through
      // the map).
      if (!e.mayWrite &&
          mapping::storageOf(map.getVarPtr()).getDefiningOp<fir::AddrOfOp>())
        e.mayWrite = callsProcedure(target);
      u.to |= hasFlag(e.flags, "to");
      u.from |= hasFlag(e.flags, "from");
      u.mayWrite |= e.mayWrite;
      entries.push_back(std::move(e));
    }
  }

  /// The findings on one followed entry `e` of `target`; `u` is what all
  /// entries of its variable do.
  void judgeEntry(mlir::omp::TargetOp target, Entry &e, const Union &u) {
    const auto &flags = e.flags;
    size_t before = diags.size();
    if (hasFlag(flags, "private") || hasFlag(flags, "literal") ||
        hasFlag(flags, "delete")) {
      explainAt(e.map, "a private, literal or delete entry: not judged");
      return;
    }
    if (mapping::isDeclareTargetStorage(e.map.getVarPtr())) {
      explainAt(e.map, "a declare target variable: its maps move no data "
                       "(the data-state walk judges its updates)");
      return;
    }
    bool to = hasFlag(flags, "to"), from = hasFlag(flags, "from");
    std::string name = entryName(e.map);
    std::string var = name.empty() ? "the variable" : "`" + name + "`";
    const OpRecord *mapRec = record(e.map);
    if (!mapRec)
      return;
    // `present` data, data an enclosing target data region maps, or data
    // an `enter data` mapped was made (and maybe copied) before the region:
    // its maps move nothing, and the data-state walk judges its copies.
    // Asked only where a finding depends on it: the walk of the procedure
    // up to the region is not paid for every entry.
    std::optional<bool> aroundCache;
    auto around = [&] {
      if (!aroundCache)
        aroundCache = hasFlag(flags, "present") ||
                      presentBefore(target, e.map.getVarPtr());
      return *aroundCache;
    };
    // Only `to` says the host's copy matters; `storage`/`alloc` is
    // device-only scratch by choice.
    bool unread = false;
    if (e.write && to && !u.from && !around() &&
        !(unread = !mapping::hostMayReadAfter(target, e.map.getVarPtr()))) {
      Diagnostic &d = add(kWriteNotFrom, Severity::Warning, mapRec->nameRange,
                          var + " is written in the target region but "
                                "mapped without `from`: the host never "
                                "sees the write");
      note(d, e.write, "written here");
      note(d, target, "in this target region");
      if (std::optional<DiagnosticFix> fix = addFromFix(e.map, name))
        d.fixes.push_back(std::move(*fix));
    }
    if (from && !u.mayWrite && !hasFlag(flags, "implicit")) {
      Diagnostic &d =
          add(kFromNotWritten, Severity::Information, mapRec->nameRange,
              var + " is mapped `from` but the target region "
                    "never writes it: `to` or `storage` may "
                    "suffice");
      note(d, target, "the target region");
    }
    if (!u.to && !hasFlag(flags, "implicit") && !around())
      checkReadFirst(target, accessesOf(e.arg, /*followLoads=*/false), e.map,
                     var, target);
    if (from && !u.to && e.write && !hasFlag(flags, "implicit") && !around())
      checkPartlyWritten(target, e.map, e.arg, name);
    if (!hasFlag(flags, "implicit") && !around())
      checkReadOutside(target, e.map, e.arg, name);
    if (explain && diags.size() == before && unread)
      explainAt(e.map, var + ": written in the region, but the host never "
                             "reads it afterwards (not the caller's)");
    else if (explain && diags.size() == before)
      explainAt(e.map,
                explainEntry(e.map, var, e.write, u.mayWrite, u.to, u.from,
                             hasFlag(flags, "implicit"), around()));
  }

  /// Why an entry of a target region got no finding.
  static std::string explainEntry(mlir::omp::MapInfoOp map,
                                  const std::string &var, bool write,
                                  bool mayWrite, bool to, bool from,
                                  bool implicit, bool present) {
    std::string flags = llvm::join(mapClauseWords(map.getMapType()), " ");
    std::string text =
        var + " map(" + flags + "): " +
        (write      ? "written in the region"
         : mayWrite ? "maybe written (an op that may do anything with it)"
                    : "not written in the region");
    if (write && !from)
      text += to ? "" : ", device scratch (no `to`)";
    else if (write)
      text += present ? ", present before the region, so not copied back "
                        "by this map (the data-state walk judges its copies)"
                      : ", copied back";
    if (!to)
      text += implicit ? "; implicit: not judged for a first read"
              : present
                  ? "; present before the region (present modifier, an "
                    "enclosing target data or an enter data)"
                  : "; not read before a write (or only under a condition)";
    return text + ": no finding";
  }

  /// Whether `addr` names a variable of a module another file defines (its
  /// global only declared here): that file's procedures, where a module's
  /// set-up usually lives, may have entered it.
  static bool otherFileModuleVariable(fir::AddrOfOp addr) {
    auto global = mlir::SymbolTable::lookupNearestSymbolFrom<fir::GlobalOp>(
        addr, addr.getSymbol());
    return global && global.getRegion().empty() && !global.getInitVal() &&
           pipeline::moduleOfGlobal(global.getSymName());
  }

  /// Whether the host code of `target`'s procedure reads `root` after it.
  static bool readAfter(mlir::Operation *target, mlir::Value root) {
    return llvm::any_of(
        accessesOf(root, /*followLoads=*/false), [&](const mapping::Access &a) {
          mlir::Dialect *d = a.op->getDialect();
          StringRef dialect = d ? d->getNamespace() : "";
          return a.read && dialect != "omp" && dialect != "acc" &&
                 !target->isAncestor(a.op) &&
                 mapping::mayRunAfter(a.op, target);
        });
  }

  /// Whether `var`'s storage may be on the device before `target` starts:
  /// a target data region around it maps it, an `enter data` before it in
  /// its procedure (and no exit data after that), or, when its procedure
  /// has neither, it is a module variable an `enter data` of this file maps
  /// in another procedure, or one of another file's module.
  bool presentBefore(mlir::omp::TargetOp target, mlir::Value var) {
    if (mappedAround(target, var))
      return true;
    mlir::Value root = mapping::storageOf(var);
    auto addr = root.getDefiningOp<fir::AddrOfOp>();
    // Another file's module variable this procedure reads after the
    // region: the host misses the region's write whether or not it was
    // entered, so the findings stand.
    bool enteredElsewhere =
        addr && (enteredGlobals.contains(addr.getSymbol().getRootReference()) ||
                 (otherFileModuleVariable(addr) && !readAfter(target, root)));
    auto func = target->getParentOfType<mlir::FunctionOpInterface>();
    if (!func)
      return enteredElsewhere;
    int live = 0;
    bool seen = false;
    func->walk<mlir::WalkOrder::PreOrder>([&](mlir::Operation *op) {
      if (op == target.getOperation())
        return mlir::WalkResult::interrupt();
      bool enter = llvm::isa<mlir::omp::TargetEnterDataOp>(op);
      if (!enter && !llvm::isa<mlir::omp::TargetExitDataOp>(op))
        return mlir::WalkResult::advance();
      for (mlir::Value v : op->getOperands())
        if (auto m = v.getDefiningOp<mlir::omp::MapInfoOp>();
            m && mapping::storageOf(m.getVarPtr()) == root) {
          seen = true;
          live = enter ? live + 1
                 : hasFlag(mapClauseWords(m.getMapType()), "delete")
                     ? 0
                     : std::max(live - 1, 0);
        }
      return mlir::WalkResult::advance();
    });
    // Its own procedure's data ops decide; else another's may have.
    return seen ? live > 0 : enteredElsewhere;
  }

  /// Whether a target data region around `target` maps `var`'s storage.
  static bool mappedAround(mlir::omp::TargetOp target, mlir::Value var) {
    mlir::Value root = mapping::storageOf(var);
    for (auto data = target->getParentOfType<mlir::omp::TargetDataOp>(); data;
         data = data->getParentOfType<mlir::omp::TargetDataOp>())
      for (mlir::Value v : data.getMapVars())
        if (auto m = v.getDefiningOp<mlir::omp::MapInfoOp>())
          if (mapping::storageOf(m.getVarPtr()) == root)
            return true;
    return false;
  }

  /// The block argument of `map`'s entry in `target`, if it has one.
  static std::optional<mlir::BlockArgument>
  entryArgOf(mlir::omp::TargetOp target, mlir::Value map) {
    auto iface =
        llvm::cast<mlir::omp::BlockArgOpenMPOpInterface>(target.getOperation());
    mlir::Block &entry = target.getRegion().front();
    unsigned start = iface.getMapBlockArgsStart();
    for (auto [i, v] : llvm::enumerate(iface.getMapVars()))
      if (v == map && start + i < entry.getNumArguments())
        return entry.getArgument(start + i);
    return std::nullopt;
  }

  /// Accesses to component `name` of the record `parent` refers to, through
  /// `hlfir.designate`s of that component. Other uses of the whole record (a
  /// call, a copy) may touch it too: enough for a certain write, not for
  /// "never written".
  static std::vector<Access> componentAccesses(mlir::Value parent,
                                               StringRef name) {
    std::vector<Access> out;
    llvm::SmallVector<mlir::Value> work{parent};
    llvm::DenseSet<mlir::Value> seen{parent};
    while (!work.empty()) {
      mlir::Value v = work.pop_back_val();
      for (mlir::Operation *user : v.getUsers()) {
        if (auto d = llvm::dyn_cast<hlfir::DesignateOp>(user)) {
          std::optional<StringRef> comp = d.getComponent();
          if (comp && *comp == name)
            llvm::append_range(out, accessesOf(d.getResult(), true));
          continue;
        }
        if (llvm::isa<hlfir::DeclareOp, fir::DeclareOp, fir::ConvertOp>(user)) {
          for (mlir::Value r : user->getResults())
            if (seen.insert(r).second)
              work.push_back(r);
          continue;
        }
      }
    }
    return out;
  }

  static bool hasWord(StringRef flags, StringRef f) {
    return llvm::is_contained(
        llvm::map_range(llvm::split(flags, '|'),
                        [](StringRef w) { return w.trim(); }),
        f);
  }
  static std::string flagText(mlir::omp::MapInfoOp m) {
    return llvm::join(mapClauseWords(m.getMapType()), "|");
  }

  /// Each member of a parent map judged like a variable: written in the
  /// region (through the parent's designates of its component or its own
  /// entry) but mapped without `from`, or read first but mapped without
  /// `to`, by the member and the parent alike. A descriptor's data (the
  /// member at its base address) is judged through the descriptor.
  /// The name of `record`'s component at member index `index`.
  static std::optional<StringRef> fieldName(fir::RecordType record,
                                            mlir::Attribute index) {
    auto i = llvm::dyn_cast<mlir::IntegerAttr>(index);
    if (!i || i.getInt() < 0 || i.getInt() >= (int64_t)record.getNumFields())
      return std::nullopt;
    return StringRef(record.getTypeList()[i.getInt()].first);
  }

  void checkMembers(mlir::omp::TargetOp target, mlir::omp::MapInfoOp parent,
                    mlir::BlockArgument parentArg) {
    std::optional<mlir::ArrayAttr> indices = parent.getMembersIndex();
    if (!indices || parent.getMapperId() ||
        parent.getMapCaptureType() != mlir::omp::VariableCaptureKind::ByRef ||
        indices->size() != parent.getMembers().size())
      return;
    auto recordType = llvm::dyn_cast<fir::RecordType>(parent.getVarType());
    bool boxed = llvm::isa<fir::BaseBoxType>(parent.getVarType());
    std::string parentFlags = flagText(parent);
    for (auto [memberValue, indexAttr] :
         llvm::zip(parent.getMembers(), *indices)) {
      auto member = memberValue.getDefiningOp<mlir::omp::MapInfoOp>();
      auto path = llvm::dyn_cast<mlir::ArrayAttr>(indexAttr);
      if (!member || !path || member.getMapperId() ||
          !member.getMembers().empty())
        continue;
      std::string label = ompx::sourceName(member.getName().value_or(""));
      std::vector<Access> accesses;
      // The data of a record's allocatable component (`map(to: t%b)`: the
      // member at [k, 0], behind the component's descriptor): written
      // through the descriptor the region loads.
      if (path.size() == 2 && recordType && member.getVarPtrPtr()) {
        std::optional<StringRef> field = fieldName(recordType, path[0]);
        if (!field)
          continue;
        StringRef name = *field;
        accesses = componentAccesses(parentArg, name);
        std::string parentName = entryName(parent);
        if (label.empty())
          label = parentName.empty() ? "member " + name.str()
                                     : parentName + "%" + name.str();
        // Data a data region or an enter data made before: its maps move
        // nothing (the data-state walk judges the copies).
        if (presentBefore(target, parent.getVarPtr()))
          continue;
        judgeMember(target, member, parentFlags, accesses, "`" + label + "`",
                    /*boxed=*/true);
        continue;
      }
      if (path.size() != 1)
        continue;
      if (boxed && member.getVarPtrPtr()) {
        accesses = mapping::dataAccesses(parentArg);
        if (label.empty())
          label = entryName(parent);
      } else if (recordType) {
        std::optional<StringRef> field = fieldName(recordType, path[0]);
        if (!field)
          continue;
        accesses = componentAccesses(parentArg, *field);
        if (label.empty())
          label = "member " + field->str();
      } else {
        continue;
      }
      if (std::optional<mlir::BlockArgument> own =
              entryArgOf(target, member.getResult()))
        llvm::append_range(accesses, accessesOf(*own, true));
      judgeMember(target, member, parentFlags, accesses, "`" + label + "`",
                  boxed);
    }
  }

  void judgeMember(mlir::Operation *region, mlir::omp::MapInfoOp member,
                   StringRef parentFlags, llvm::ArrayRef<Access> accesses,
                   const std::string &var, bool boxed) {
    std::string flags = flagText(member);
    if (hasWord(flags, "implicit") || hasWord(flags, "delete") ||
        !record(member))
      return;
    // `present` data was made (and copied) before the region: the member's
    // map moves nothing, and the data-state walk judges its copies.
    if (hasWord(flags, "present") || hasWord(parentFlags, "present"))
      return;
    if (!hasWord(flags, "to") && !hasWord(parentFlags, "to") &&
        (hasWord(flags, "from") || hasWord(flags, "storage")))
      return checkReadFirst(region, accesses, member, var, region);
    if (!hasWord(flags, "to") || hasWord(flags, "from") ||
        (!boxed && hasWord(parentFlags, "from")))
      return;
    mlir::Operation *write = nullptr;
    for (const Access &a : accesses)
      if (a.write && (boxed || !a.indirect) && !write)
        write = a.op;
    if (!write)
      return;
    Diagnostic &d =
        add(kWriteNotFrom, Severity::Warning, record(member)->nameRange,
            var + " is written in the target region but mapped without "
                  "`from`: the host never sees the write");
    note(d, write, "written here");
    note(d, region, "in this target region");
    if (boxed)
      if (std::optional<DiagnosticFix> fix =
              addFromFix(member, entryName(member)))
        d.fixes.push_back(std::move(*fix));
  }

  /// A `declare mapper`'s member maps, judged for the target regions that
  /// map a variable through it, like a clause's member maps (the region's
  /// `tofrom` does not add `from` to a member the mapper maps `to`).
  void checkMapper(mlir::omp::TargetOp target, mlir::omp::MapInfoOp map,
                   mlir::BlockArgument arg) {
    auto decl = llvm::dyn_cast_or_null<mlir::omp::DeclareMapperOp>(
        mlir::SymbolTable::lookupNearestSymbolFrom(
            target,
            mlir::StringAttr::get(target.getContext(), *map.getMapperId())));
    auto recordType = llvm::dyn_cast<fir::RecordType>(map.getVarType());
    if (!decl || !recordType || decl.getBody().empty())
      return;
    decl.getBody().walk([&](mlir::omp::DeclareMapperInfoOp info) {
      for (mlir::Value v : info.getMapVars()) {
        auto parent = v.getDefiningOp<mlir::omp::MapInfoOp>();
        std::optional<mlir::ArrayAttr> indices =
            parent ? parent.getMembersIndex() : std::nullopt;
        if (!indices || indices->size() != parent.getMembers().size())
          continue;
        for (auto [memberValue, indexAttr] :
             llvm::zip(parent.getMembers(), *indices)) {
          auto member = memberValue.getDefiningOp<mlir::omp::MapInfoOp>();
          auto path = llvm::dyn_cast<mlir::ArrayAttr>(indexAttr);
          auto index = path && path.size() == 1
                           ? llvm::dyn_cast<mlir::IntegerAttr>(path[0])
                           : mlir::IntegerAttr();
          if (!member || !index || index.getInt() < 0 ||
              index.getInt() >= (int64_t)recordType.getNumFields())
            continue;
          StringRef name = recordType.getTypeList()[index.getInt()].first;
          std::string label = ompx::sourceName(member.getName().value_or(""));
          judgeMember(target, member, "", componentAccesses(arg, name),
                      "`" + (label.empty() ? name.str() : label) +
                          "` (declare mapper)",
                      /*boxed=*/false);
        }
      }
    });
  }

  /// `a(1:4), a(9)`: the ranges of the array `name` (a clause's name, its
  /// section dropped) spells.
  static std::string sectionsText(StringRef name,
                                  llvm::ArrayRef<mapping::Section> ranges) {
    StringRef array = name.take_until([](char c) { return c == '('; });
    std::string out;
    for (const mapping::Section &r : ranges)
      out += (out.empty() ? "" : ", ") + array.str() + "(" +
             std::to_string(r.first) +
             (r.first == r.second ? "" : ":" + std::to_string(r.second)) + ")";
    return out;
  }

  /// An entry mapping a constant section whose region reads elements
  /// outside it for certain (a stencil's halo, `a(i-1)` of `map(to:
  /// a(1:n))`): the device has no copy of them, so the region reads
  /// memory the map never filled (or that is not there).
  void checkReadOutside(mlir::omp::TargetOp target, mlir::omp::MapInfoOp map,
                        mlir::Value arg, StringRef name) {
    // Another part of the array on the construct: map-array-parts says
    // what is wrong.
    mlir::Value root = mapping::storageOf(map.getVarPtr());
    for (mlir::Value v : target.getMapVars())
      if (auto other = v.getDefiningOp<mlir::omp::MapInfoOp>())
        if (other != map && mapping::storageOf(other.getVarPtr()) == root &&
            !llvm::is_contained(other.getMembers(), map.getResult()) &&
            !llvm::is_contained(map.getMembers(), other.getResult()))
          return;
    // A caller may hold the whole array (a dummy's `target data`).
    std::optional<mapping::Section> section =
        mapping::callerMayHold(map.getVarPtr()) ? std::nullopt
                                                : mapping::sectionOf(map);
    const OpRecord *mapRec = record(map);
    std::optional<llvm::SmallVector<mapping::Section, 2>> read =
        section && mapRec
            ? mapping::touchedElements(arg,
                                       accessesOf(arg, /*followLoads=*/false),
                                       target, /*reads=*/true)
            : std::nullopt;
    if (!read || read->empty())
      return;
    // The elements read that the section leaves out.
    llvm::SmallVector<mapping::Section, 2> outside;
    for (const mapping::Section &r : *read)
      for (const mapping::Section &g : mapping::uncovered(r, {*section}))
        outside.push_back(g);
    if (outside.empty())
      return;
    Diagnostic &d =
        add(kSectionReadOutside, Severity::Warning, mapRec->nameRange,
            "`" + name.take_until([](char c) { return c == '('; }).str() +
                "` is mapped as " + sectionsText(name, {*section}) +
                " only, but the target region reads " +
                sectionsText(name, outside) +
                ": the device has no copy of them, so the region reads memory "
                "the map never filled (map the section the region reads)");
    for (const Access &a : accessesOf(arg, /*followLoads=*/false))
      if (a.read) {
        note(d, a.op, "read here");
        break;
      }
    note(d, target, "in this target region");
  }

  /// A `from` entry without `to` whose region writes only some of the
  /// elements it copies back, for certain (constant loop bounds): the copy
  /// back overwrites the others on the host with the device's
  /// uninitialized memory (the boundary cells of a stencil's result).
  void checkPartlyWritten(mlir::omp::TargetOp target, mlir::omp::MapInfoOp map,
                          mlir::Value arg, StringRef name) {
    std::optional<mapping::Section> copied = mapping::sectionOf(map);
    if (!copied)
      copied = mapping::extentOf(map);
    const OpRecord *mapRec = record(map);
    std::optional<llvm::SmallVector<mapping::Section, 2>> written =
        copied && mapRec
            ? mapping::touchedElements(
                  arg, accessesOf(arg, /*followLoads=*/false), target)
            : std::nullopt;
    if (!written || written->empty())
      return;
    llvm::SmallVector<mapping::Section, 2> gaps =
        mapping::uncovered(*copied, *written);
    if (gaps.empty() || !mapping::gapsReadAfter(target, map.getVarPtr(), gaps))
      return;
    auto text = [&](llvm::ArrayRef<mapping::Section> ranges) {
      return sectionsText(name, ranges);
    };
    Diagnostic &d =
        add(kFromPartlyWritten, Severity::Warning, mapRec->nameRange,
            "`" + name.str() +
                "` is mapped `from`, but the target region writes " + "only " +
                text(*written) + ": the copy back overwrites " + text(gaps) +
                " on the host with the device's uninitialized memory (map it "
                "`tofrom`, or map only what the region writes)");
    for (const Access &a : accessesOf(arg, /*followLoads=*/false))
      if (a.write) {
        note(d, a.op, "written here");
        break;
      }
    note(d, target, "in this target region");
  }

  /// A read that comes before any write in program order, loops included:
  /// the first iteration's read finds nothing written yet.
  void checkReadFirst(mlir::Operation *scope, llvm::ArrayRef<Access> accesses,
                      mlir::Operation *map, const std::string &var,
                      mlir::Operation *region) {
    mlir::Operation *read = mapping::firstRead(scope, accesses);
    const OpRecord *mapRec = record(map);
    if (!read || !mapRec)
      return;
    Diagnostic &d = add(kReadBeforeWrite, Severity::Warning, mapRec->nameRange,
                        var + " is read in the target region before "
                              "anything writes it, but is mapped "
                              "without `to`: the device reads "
                              "uninitialized memory");
    note(d, read, "read here");
    note(d, region, "in this target region");
  }

  /// Whether `root` may be on the device before the compute construct or
  /// data region `compute` starts, so that its create/copyin clause moves
  /// nothing (the
  /// present_or semantics): an `acc.data` around it maps it, an `enter data`
  /// before it in its procedure (and no `exit data` after that), or, when
  /// its procedure has neither, it is a module variable an `enter data` of
  /// this file maps in another procedure, or one of another file's module
  /// that the procedure does not read on the host after the construct.
  bool accPresentBefore(mlir::Operation *compute, mlir::Value root) {
    auto maps = [&](mlir::ValueRange operands) {
      return llvm::any_of(operands, [&](mlir::Value v) {
        mlir::Value var = mlir::acc::getVar(v.getDefiningOp());
        return var && mapping::storageOf(var) == root;
      });
    };
    for (auto data = compute->getParentOfType<mlir::acc::DataOp>(); data;
         data = data->getParentOfType<mlir::acc::DataOp>())
      if (maps(data.getDataClauseOperands()))
        return true;
    auto addr = root.getDefiningOp<fir::AddrOfOp>();
    bool elsewhere =
        addr &&
        (accEnteredGlobals.contains(addr.getSymbol().getRootReference()) ||
         (otherFileModuleVariable(addr) && !readAfter(compute, root)));
    auto func = compute->getParentOfType<mlir::FunctionOpInterface>();
    if (!func)
      return elsewhere;
    int live = 0;
    bool seen = false;
    func->walk<mlir::WalkOrder::PreOrder>([&](mlir::Operation *op) {
      if (op == compute)
        return mlir::WalkResult::interrupt();
      if (auto enter = llvm::dyn_cast<mlir::acc::EnterDataOp>(op);
          enter && maps(enter.getDataClauseOperands())) {
        seen = true;
        ++live;
      } else if (auto exit = llvm::dyn_cast<mlir::acc::ExitDataOp>(op);
                 exit && maps(exit.getDataClauseOperands())) {
        seen = true;
        live = exit.getFinalize() ? 0 : std::max(live - 1, 0);
      }
      return mlir::WalkResult::advance();
    });
    return seen ? live > 0 : elsewhere;
  }

  void checkCopyin(mlir::acc::CopyinOp copyin) {
    std::optional<mlir::acc::DataClause> clause = copyin.getDataClause();
    std::string accName = nameOf(copyin.getName().value_or(""));
    if (clause && *clause == mlir::acc::DataClause::acc_copy)
      return explainAt(copyin, accName + ": copy: copied in and out");
    mlir::Value var = copyin.getVar();
    if (!var)
      return;
    auto func = copyin->getParentOfType<mlir::FunctionOpInterface>();
    if (!func)
      return;
    // The copy-outs and host updates of each variable in the function,
    // collected once per function.
    auto [it, fresh] = copiedOut.try_emplace(func.getOperation());
    if (fresh)
      func->walk([&, &outs = it->second](mlir::Operation *op) {
        if (llvm::isa<mlir::acc::CopyoutOp, mlir::acc::UpdateHostOp>(op))
          for (mlir::Value v : op->getOperands())
            outs[v].push_back(op);
      });
    llvm::SmallVector<mlir::Operation *> outs = it->second.lookup(var);
    // A write is lost unless a copy-out may run after its construct: an
    // `update self` before it, outside any loop around both, copies nothing.
    bool written = false;
    auto lost = [&](mlir::Operation *compute) {
      written = true;
      return llvm::none_of(outs, [&](mlir::Operation *out) {
        return mapping::mayRunAfter(out, compute);
      });
    };
    // The device copy: this entry, and `present` entries of the same
    // variable inside the constructs that use it (acc.data).
    llvm::SmallVector<mlir::Value> device{copyin.getAccVar()};
    for (mlir::Operation *user : copyin->getUsers())
      user->walk([&](mlir::Operation *op) {
        if (auto p = llvm::dyn_cast<mlir::acc::PresentOp>(op))
          if (p.getVar() == var)
            device.push_back(p.getAccVar());
      });
    for (mlir::Value dev : device)
      for (mlir::Operation *compute : dev.getUsers()) {
        if (!isComputeOp(compute))
          continue;
        // Present before: the clause copies nothing, the write stays on
        // the device for a later copy-out (judged where it is made).
        if (accPresentBefore(compute, mapping::storageOf(var))) {
          explainAt(copyin, accName + ": present before the construct (an "
                                      "enclosing data region or an enter "
                                      "data): its clause moves nothing");
          continue;
        }
        for (const Access &a : accessesOf(dev, /*followLoads=*/false))
          if (a.write && !a.indirect && compute->isProperAncestor(a.op) &&
              lost(compute))
            return reportNoCopyout(copyin, a.op, compute);
      }
    // Inside an acc.data region, a compute construct may use the host value
    // itself, present by the enclosing region's clause (flang-22 emits no
    // acc.present for it there): its writes are to the device copy too.
    for (mlir::Operation *user : copyin->getUsers()) {
      if (!llvm::isa<mlir::acc::DataOp>(user))
        continue;
      for (const Access &a : accessesOf(var, /*followLoads=*/false)) {
        if (!a.write || a.indirect || !user->isProperAncestor(a.op))
          continue;
        mlir::Operation *compute = a.op->getParentOp();
        while (compute && compute != user && !isComputeOp(compute))
          compute = compute->getParentOp();
        if (compute && compute != user && lost(compute))
          return reportNoCopyout(copyin, a.op, compute);
      }
    }
    explainAt(copyin, accName + (written ? ": copied out or updated on the "
                                           "host after it is written"
                                         : ": not written on the device"));
  }

  /// An `acc.create` (create, copyout) whose device copy a compute
  /// construct reads before anything wrote it: through the entry's result,
  /// a `present` entry of the same variable or (inside the acc.data using
  /// it) the host value itself. An `update device` of it counts as a write.
  void checkCreate(mlir::acc::CreateOp create) {
    mlir::Value var = create.getVar();
    // `create(zero:)`/`copyout(zero:)` start from zeros.
    std::optional<mlir::acc::DataClause> clause = create.getDataClause();
    if (!var || create.getImplicit() ||
        mlir::acc::bitEnumContainsAny(create.getModifiers(),
                                      mlir::acc::DataClauseModifier::zero) ||
        (clause && (*clause == mlir::acc::DataClause::acc_create_zero ||
                    *clause == mlir::acc::DataClause::acc_copyout_zero)))
      return;
    mlir::Value root = mapping::storageOf(var);
    for (mlir::Operation *user : create->getUsers()) {
      if (!isComputeOp(user) && !llvm::isa<mlir::acc::DataOp>(user))
        continue;
      if (accPresentBefore(user, root))
        continue;
      std::vector<Access> device;
      auto inCompute = [&](mlir::Operation *op) {
        for (mlir::Operation *at = op->getParentOp(); at && at != user;
             at = at->getParentOp())
          if (isComputeOp(at))
            return true;
        return isComputeOp(user) && user->isProperAncestor(op);
      };
      for (const Access &a : mapping::dataAccesses(create.getAccVar()))
        if (user->isProperAncestor(a.op))
          device.push_back(a);
      for (const Access &a : mapping::dataAccesses(root))
        if (inCompute(a.op))
          device.push_back(a);
      user->walk([&](mlir::Operation *op) {
        auto present = llvm::dyn_cast<mlir::acc::PresentOp>(op);
        if (present && mapping::storageOf(present.getVar()) == root)
          for (const Access &a : mapping::dataAccesses(present.getAccVar()))
            if (inCompute(a.op))
              device.push_back(a);
        auto update = llvm::dyn_cast<mlir::acc::UpdateDeviceOp>(op);
        if (update && mapping::storageOf(update.getVar()) == root) {
          Access a{op};
          a.write = true;
          device.push_back(a);
        }
      });
      mlir::Operation *read = mapping::firstRead(user, device);
      const OpRecord *rec = record(create);
      if (!read || !rec)
        continue;
      StringRef name = create.getName().value_or("");
      Diagnostic &d = add(
          kAccReadBeforeWrite, Severity::Warning, rec->nameRange,
          nameOf(name) + " is read on the device before anything writes it, "
                         "but `create`/`copyout` leaves the device copy "
                         "uninitialized: use copyin/copy");
      note(d, read, "read here");
      note(d, user, "in this construct");
      return;
    }
  }

  static std::string nameOf(StringRef name) {
    return name.empty() ? "the variable" : "`" + name.str() + "`";
  }

  static bool isComputeOp(mlir::Operation *op) {
    return llvm::isa<mlir::acc::ParallelOp, mlir::acc::SerialOp,
                     mlir::acc::KernelsOp>(op);
  }

  void reportNoCopyout(mlir::acc::CopyinOp copyin, mlir::Operation *write,
                       mlir::Operation *compute) {
    const OpRecord *rec = record(copyin);
    // A device-only temporary (no host read after, not the caller's).
    if (!rec || !mapping::hostMayReadAfter(compute, copyin.getVar()))
      return explainAt(copyin, nameOf(copyin.getName().value_or("")) +
                                   ": written on the device, but the host "
                                   "never reads it afterwards");
    StringRef name = copyin.getName().value_or("");
    Diagnostic &d =
        add(kAccNoCopyout, Severity::Warning, rec->nameRange,
            "`" + name.str() +
                "` is written on the device but never copied out "
                "(no acc.copyout or acc.update_host of it): the host "
                "keeps its old value; use copy/copyout");
    note(d, write, "written here");
    note(d, compute, "in this compute region");
  }

  /// --explain-maps: why `op`'s entry got no finding.
  void explainAt(mlir::Operation *op, const std::string &text) {
    if (const OpRecord *rec = explain ? record(op) : nullptr)
      add(kExplain, Severity::Information, rec->nameRange, "explain: " + text);
  }

  StringRef doc;
  llvm::function_ref<const OpRecord *(mlir::Operation *)> record;
  bool explain = false;
  bool sharedMemory = false; ///< `requires unified_shared_memory`
  llvm::DenseMap<
      mlir::Operation *,
      llvm::DenseMap<mlir::Value, llvm::SmallVector<mlir::Operation *, 1>>>
      copiedOut;
};

} // namespace

llvm::ArrayRef<const char *> ompx::mappingCheckNames() { return kAllChecks; }

std::vector<Diagnostic> ompx::runMappingChecks(
    mlir::Block &block, StringRef doc,
    llvm::function_ref<const OpRecord *(mlir::Operation *)> record,
    bool explain) {
  Checker checker(doc, record, explain);
  checker.run(block);
  return std::move(checker.diags);
}

void ompx::dropSuppressed(std::vector<Diagnostic> &diags, StringRef doc,
                          llvm::ArrayRef<std::string> disabled) {
  dropSuppressedChecks(diags, doc, disabled, "//");
}
