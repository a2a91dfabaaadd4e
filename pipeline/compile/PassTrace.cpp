//===- PassTrace.cpp - A snapshot of the IR after every pass --------------===//
//
// Each view (input, host, device) keeps the manifest of its last snapshot
// and, for MLIR, each top-level op's fingerprint and piece: a pass that
// changed three functions of a module prints those three. A pass nested on
// functions runs function by function (f1: p1 p2, f2: p1 p2), so its
// snapshot is assembled: the module before the nesting, each function as
// that pass left it; the snapshots of a nesting are taken when the next pass
// on the module starts, or the run ends. LLVM's function passes are grouped
// the same way, by their position in each function's run.
//
//===----------------------------------------------------------------------===//

#include "pipeline/compile/PassTrace.h"
#include "pipeline/snapshots/SnapshotStore.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/Hashing.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Analysis/LazyCallGraph.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassInstrumentation.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <cstring>
#include <map>
#include <optional>
#include <unistd.h>
#include <utility>

using namespace ompx::pipeline;
using llvm::StringRef;
using ompx::snapshots::SnapshotRecord;

const char *ompx::pipeline::traceViewName(TraceView view) {
  switch (view) {
  case TraceView::Input:
    return "input";
  case TraceView::Host:
    return "host";
  case TraceView::Device:
    return "device";
  }
  return "?";
}

//===----------------------------------------------------------------------===//
// What a piece counts
//===----------------------------------------------------------------------===//

namespace {
/// The counts an index entry gives: ops by name, ops by dialect, and what
/// LLVM IR and assembly hold. Each piece counts once, when stored.
constexpr StringRef kCountNames[] = {
    // MLIR ops
    "omp.target", "omp.map.info", "omp.target_data", "omp.target_enter_data",
    "omp.target_exit_data", "omp.target_update", "omp.teams", "omp.parallel",
    "omp.distribute", "omp.wsloop", "omp.loop_nest", "acc.parallel",
    "acc.kernels", "acc.serial", "func.func", "llvm.func", "fir.global",
    "llvm.mlir.global",
    // MLIR dialects: ops of each
    "hlfir.*", "fir.*", "omp.*", "acc.*", "llvm.*",
    // LLVM IR and assembly
    "functions", "declarations", "kernels", "kernel launches", "globals"};
constexpr size_t kNumCounts = std::size(kCountNames);
constexpr size_t kFirstDialect = 18, kFirstLlvm = 23;
enum LlvmCount {
  Functions = kFirstLlvm,
  Declarations,
  Kernels,
  Launches,
  Globals
};
static_assert(Globals + 1 == kNumCounts, "the LLVM counts end the table");

using Counts = std::array<uint32_t, kNumCounts>;

struct PieceInfo {
  std::string symbol; ///< the function or global it holds; empty: none
  Counts counts{};
  /// LLVM functions: the hash of the text with metadata numbers blanked.
  uint64_t shape = 0;
};

/// A function printed alone numbers its metadata after the module's: a new
/// module flag renumbers every `!N` in it. Its shape ignores the numbers.
uint64_t shapeOf(StringRef text) {
  std::string blanked;
  blanked.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    blanked += text[i];
    if (text[i] == '!')
      while (i + 1 < text.size() && llvm::isDigit(text[i + 1]))
        ++i;
  }
  return llvm::xxh3_64bits(blanked);
}

/// A kernel of the OpenMP offload outlining, not one of its helpers.
bool isKernelName(StringRef name) {
  return name.starts_with("__omp_offloading_") && !name.contains("..");
}

Counts countMlir(mlir::Operation *root) {
  static const llvm::StringMap<unsigned> byName = [] {
    llvm::StringMap<unsigned> m;
    for (unsigned i = 0; i < kFirstDialect; ++i)
      m[kCountNames[i]] = i;
    return m;
  }();
  Counts c{};
  root->walk([&](mlir::Operation *op) {
    StringRef name = op->getName().getStringRef();
    auto it = byName.find(name);
    if (it != byName.end())
      ++c[it->second];
    StringRef dialect = name.split('.').first;
    for (unsigned i = kFirstDialect; i < kFirstLlvm; ++i)
      if (kCountNames[i].drop_back(2) == dialect)
        ++c[i];
  });
  return c;
}

Counts countLlvmFunction(const llvm::Function &f) {
  Counts c{};
  if (f.isDeclaration())
    return c;
  ++c[Functions];
  if (isKernelName(f.getName()))
    ++c[Kernels];
  for (const llvm::BasicBlock &bb : f)
    for (const llvm::Instruction &inst : bb)
      if (auto *call = llvm::dyn_cast<llvm::CallBase>(&inst))
        if (const llvm::Function *callee = call->getCalledFunction())
          if (callee->getName() == "__tgt_target_kernel")
            ++c[Launches];
  return c;
}

Counts countAsm(StringRef text) {
  Counts c{};
  for (StringRef line : llvm::split(text, '\n')) {
    StringRef t = line.ltrim();
    if (t.starts_with("//") || t.starts_with("#"))
      continue;
    // PTX: `.visible .entry name(`, `.func name(`; ELF assembly (x86_64,
    // GCN): `.type name,@function`.
    StringRef name;
    if (t.consume_front(".type"))
      name = t.ltrim().take_until([](char c) { return c == ','; });
    if (t.contains(".entry ") ||
        (!name.empty() && isKernelName(name) && t.ends_with("@function")))
      ++c[Kernels];
    else if (t.contains(".func ") || t.ends_with("@function"))
      ++c[Functions];
  }
  return c;
}

std::string sanitize(StringRef pass) {
  std::string out;
  for (char ch : pass.take_front(80))
    out +=
        (llvm::isAlnum(ch) || ch == '-' || ch == '_' || ch == '.') ? ch : '-';
  return out.empty() ? "pass" : out;
}

/// Where a crash handler finds the pass that was running, and the journal
/// it writes to: fixed storage, filled before each pass.
char gCrashLine[512];
int gCrashFd = -1;
void onCrash(void *) {
  if (gCrashFd < 0 || !gCrashLine[0])
    return;
  ssize_t ignored = ::write(gCrashFd, gCrashLine, strlen(gCrashLine));
  (void)ignored;
}

/// What a pass may change in an op and the ops inside it, hashed. As
/// MLIR's OperationFingerPrint (pointers: an op rebuilt is an op changed),
/// with each op's name (an op replaced by one of another kind at the same
/// address changed too) and a 64-bit hash in place of SHA-1.
uint64_t fingerprint(mlir::Operation *top) {
  llvm::hash_code h = 0;
  top->walk([&](mlir::Operation *op) {
    h = llvm::hash_combine(h, op, op->getName().getAsOpaquePointer(),
                           op->getRawDictionaryAttrs().getAsOpaquePointer(),
                           op->hashProperties(),
                           op->getLoc().getAsOpaquePointer(),
                           op == top ? nullptr : op->getParentOp());
    for (mlir::Region &region : op->getRegions())
      for (mlir::Block &block : region) {
        h = llvm::hash_combine(h, &block);
        for (mlir::BlockArgument arg : block.getArguments())
          h = llvm::hash_combine(h, arg.getAsOpaquePointer(),
                                 arg.getType().getAsOpaquePointer());
      }
    for (mlir::Value operand : op->getOperands())
      h = llvm::hash_combine(h, operand.getAsOpaquePointer());
    for (mlir::Block *successor : op->getSuccessors())
      h = llvm::hash_combine(h, successor);
    for (mlir::Type type : op->getResultTypes())
      h = llvm::hash_combine(h, type.getAsOpaquePointer());
  });
  return h;
}

/// One view's MLIR module as its last snapshot showed it.
struct MlirState {
  std::vector<uint32_t> manifest; ///< header, the top-level ops, footer
  std::vector<mlir::Operation *> ops;
  llvm::DenseMap<mlir::Operation *, unsigned> index; ///< op -> ops position
  /// Each top-level op's last print (also of nested passes not yet in a
  /// snapshot).
  llvm::DenseMap<mlir::Operation *, std::pair<uint64_t, uint32_t>> latest;
};

/// One view's LLVM module: the text before the first definition, the
/// definitions, the rest (declarations, attributes, metadata).
struct LlvmState {
  uint32_t head = 0, tail = 0;
  std::vector<const llvm::Function *> fns;
  std::vector<uint32_t> fnPieces;
  llvm::DenseMap<const llvm::Function *, unsigned> index;
  std::vector<uint32_t> manifest() const {
    std::vector<uint32_t> m{head};
    llvm::append_range(m, fnPieces);
    m.push_back(tail);
    return m;
  }
};
} // namespace

class PassTrace::Impl {
public:
  Impl(std::unique_ptr<snapshots::StoreWriter> writer, bool everyPass)
      : writer(std::move(writer)), everyPass(everyPass) {}

  // MLIR
  void mlirBefore(mlir::Pass *pass, mlir::Operation *op);
  void mlirAfter(mlir::Pass *pass, mlir::Operation *op);
  void mlirFailed(mlir::Pass *pass) {
    if (!run.failedPass)
      run.failedPass = pass;
  }
  void startRun(TraceView view, mlir::Operation *root) {
    run = MlirRun();
    run.view = view;
    run.root = root;
  }
  void finishRun(mlir::ModuleOp module, bool ok);
  void snapshotModule(TraceView view, StringRef name, mlir::ModuleOp module,
                      bool failed);

  // LLVM
  llvm::PassInstrumentationCallbacks &llvmCallbacks(TraceView view,
                                                    llvm::Module &module);
  void llvmModuleEvent(TraceView view, StringRef name,
                       const llvm::Module &module, bool unchanged);
  void flushLlvm();
  void finishLlvmRun() {
    flushLlvm();
    llvmRun.reset();
  }

  void asmStep(TraceView view, StringRef step, StringRef text, StringRef ext);
  void failure(TraceView view, StringRef step) {
    if (writer)
      keep(writer->addFailure(traceViewName(view), step));
  }
  llvm::Error takeError() {
    if (errorText.empty())
      return llvm::Error::success();
    return llvm::createStringError(std::exchange(errorText, ""));
  }
  bool every() const { return everyPass; }
  void setRunning(TraceView view, StringRef pass);
  /// Between passes and steps: a crash there names none.
  void idle() { gCrashLine[0] = 0; }

private:
  struct MlirRun {
    TraceView view = TraceView::Input;
    mlir::Operation *root = nullptr;
    /// Passes on the module running (a pass may run a pipeline on the
    /// module inside itself, as fir-to-llvm-ir runs llvm-add-comdats).
    unsigned rootDepth = 0;
    mlir::Pass *failedPass = nullptr;
    std::vector<mlir::Pass *> order; ///< nested passes, first seen first
    /// Each nested pass's place in the pipeline of its kind of op: flang
    /// adds a pass to every kind of top-level op (one instance each), and
    /// the instances at one place with one name make one snapshot.
    llvm::DenseMap<mlir::Pass *, unsigned> place;
    llvm::StringMap<unsigned> placesOf; ///< by op name: passes seen
    llvm::DenseMap<mlir::Pass *,
                   std::vector<std::pair<mlir::Operation *, uint32_t>>>
        pending;
  };
  struct LlvmPending {
    std::string pass;
    std::vector<std::pair<const llvm::Function *, uint32_t>> entries;
  };
  struct LlvmRun {
    TraceView view;
    llvm::Module *module = nullptr;
    llvm::PassInstrumentationCallbacks callbacks;
    std::map<unsigned, LlvmPending> pending; ///< by position
    llvm::DenseMap<const llvm::Function *, unsigned> position;
    /// Each function's piece after the last pass that ran on it.
    llvm::DenseMap<const llvm::Function *, uint32_t> latest;
  };

  void keep(llvm::Error e) {
    if (!e)
      return;
    errorText = llvm::toString(std::move(e));
    writer.reset(); // no more snapshots: the store is not writable
    gCrashFd = -1;
  }
  uint32_t addPiece(StringRef text, llvm::function_ref<PieceInfo()> info);
  uint32_t printTop(mlir::Operation *op, bool verified);
  uint32_t mlirPiece(MlirState &state, mlir::Operation *top, bool verified);
  MlirState &mlirState(TraceView view);
  void flushNested();
  uint32_t llvmFunctionPiece(const llvm::Function &f, StringRef text,
                             std::optional<uint32_t> before);
  uint32_t llvmFunctionPiece(const llvm::Function &f,
                             std::optional<uint32_t> before);
  void llvmFunctionEvent(StringRef passId, const llvm::Function &f,
                         bool changed);
  StringRef llvmPassName(StringRef passId);
  void emit(TraceView view, StringRef pass, StringRef ext,
            std::vector<uint32_t> manifest, bool failed = false);

  std::unique_ptr<snapshots::StoreWriter> writer;
  bool everyPass;
  std::string errorText;         ///< the store's first error
  std::vector<PieceInfo> pieces; ///< by piece number
  MlirState mlir[3];
  LlvmState llvmStates[3];
  std::vector<uint32_t> last[3]; ///< each view's last manifest
  bool seen[3] = {false, false, false};
  MlirRun run;
  std::unique_ptr<LlvmRun> llvmRun;
  llvm::StringMap<std::string> crashLines;
};

uint32_t PassTrace::Impl::addPiece(StringRef text,
                                   llvm::function_ref<PieceInfo()> info) {
  bool isNew = false;
  uint32_t id = writer->addPiece(text, &isNew);
  if (isNew) {
    pieces.resize(id + 1);
    pieces[id] = info();
  }
  return id;
}

void PassTrace::Impl::setRunning(TraceView view, StringRef pass) {
  std::string key = (llvm::Twine(int(view)) + pass).str();
  auto it = crashLines.find(key);
  if (it == crashLines.end())
    it = crashLines
             .try_emplace(key, snapshots::crashLine(traceViewName(view), pass))
             .first;
  size_t n = std::min(it->second.size(), sizeof(gCrashLine) - 1);
  memcpy(gCrashLine, it->second.data(), n);
  gCrashLine[n] = 0;
}

/// Records a snapshot of `view` made of `manifest`; without everyPass, only
/// when it differs from the view's last one (or marks a failure).
void PassTrace::Impl::emit(TraceView view, StringRef pass, StringRef ext,
                           std::vector<uint32_t> manifest, bool failed) {
  if (!writer)
    return;
  int v = int(view);
  // The copies start where the input ended.
  const std::vector<uint32_t> &before =
      seen[v] ? last[v] : last[int(TraceView::Input)];
  bool changed = manifest != before;
  seen[v] = true;
  if (!changed && !failed && !everyPass)
    return;
  SnapshotRecord r;
  r.pass = pass.str();
  r.view = traceViewName(view);
  r.changed = changed;
  r.failed = failed;
  char number[16];
  snprintf(number, sizeof(number), "%03u", writer->snapshotCount());
  r.name =
      std::string(number) + "-" + r.view + "-" + sanitize(pass) + ext.str();
  Counts total{};
  for (uint32_t id : manifest)
    for (size_t i = 0; i < kNumCounts; ++i)
      total[i] += pieces[id].counts[i];
  for (size_t i = 0; i < kNumCounts; ++i)
    if (total[i])
      r.opCounts[kCountNames[i].str()] = total[i];
  // func.func: FIR's functions, until fir-to-llvm-ir makes llvm.func.
  static const size_t funcFunc =
      llvm::find(kCountNames, "func.func") - std::begin(kCountNames);
  if (ext == ".mlir")
    r.stage = total[kFirstDialect]       ? "hlfir"
              : total[kFirstDialect + 1] ? "fir"
              : total[funcFunc]          ? "mlir"
                                         : "llvm-dialect";
  else
    r.stage = ext == ".ll" ? "llvm-ir" : "asm";
  llvm::DenseSet<uint32_t> old(before.begin(), before.end());
  llvm::DenseSet<StringRef> named;
  for (uint32_t id : manifest)
    if (!old.contains(id) && !pieces[id].symbol.empty() &&
        named.insert(pieces[id].symbol).second)
      r.changedFunctions.push_back(pieces[id].symbol);
  last[v] = std::move(manifest);
  r.pieces = last[v];
  keep(writer->addSnapshot(r));
}

//===----------------------------------------------------------------------===//
// MLIR
//===----------------------------------------------------------------------===//

static mlir::OpPrintingFlags snapshotFlags(bool verified) {
  // Locations inline (an op is followed by its loc), each top-level op on
  // its own (local scope: no aliases defined elsewhere in the module).
  mlir::OpPrintingFlags flags;
  flags.enableDebugInfo(/*enable=*/true, /*prettyForm=*/false).useLocalScope();
  if (verified)
    flags.assumeVerified();
  return flags;
}

static StringRef passName(mlir::Pass *pass) {
  return pass->getArgument().empty() ? pass->getName() : pass->getArgument();
}

uint32_t PassTrace::Impl::printTop(mlir::Operation *op, bool verified) {
  std::string text;
  llvm::raw_string_ostream os(text);
  op->print(os, snapshotFlags(verified));
  os << "\n";
  return addPiece(text, [&] {
    PieceInfo info;
    if (auto name = op->getAttrOfType<mlir::StringAttr>(
            mlir::SymbolTable::getSymbolAttrName()))
      info.symbol = name.str();
    info.counts = countMlir(op);
    return info;
  });
}

/// `top`'s piece: the last one when its fingerprint did not change.
uint32_t PassTrace::Impl::mlirPiece(MlirState &state, mlir::Operation *top,
                                    bool verified) {
  uint64_t fp = fingerprint(top);
  auto it = state.latest.find(top);
  if (it != state.latest.end() && it->second.first == fp)
    return it->second.second;
  uint32_t id = printTop(top, verified);
  state.latest.insert_or_assign(top, std::make_pair(fp, id));
  return id;
}

MlirState &PassTrace::Impl::mlirState(TraceView view) {
  MlirState &state = mlir[int(view)];
  // The host copy is the parsed module itself: it starts as the input.
  if (view == TraceView::Host && state.manifest.empty())
    state = mlir[int(TraceView::Input)];
  return state;
}

void PassTrace::Impl::snapshotModule(TraceView view, StringRef name,
                                     mlir::ModuleOp module, bool failed) {
  if (!writer)
    return;
  MlirState &state = mlirState(view);
  std::vector<uint32_t> manifest;
  {
    std::string head;
    llvm::raw_string_ostream os(head);
    os << "module";
    if (auto sym = module.getSymName())
      os << " @" << *sym;
    llvm::SmallVector<mlir::NamedAttribute> attrs;
    for (mlir::NamedAttribute a : module->getAttrs())
      if (a.getName() != mlir::SymbolTable::getSymbolAttrName())
        attrs.push_back(a);
    if (!attrs.empty()) {
      os << " attributes ";
      mlir::DictionaryAttr::get(module.getContext(), attrs).print(os);
    }
    os << " {\n";
    manifest.push_back(addPiece(head, [] { return PieceInfo(); }));
  }
  llvm::DenseMap<mlir::Operation *, std::pair<uint64_t, uint32_t>> latest;
  state.ops.clear();
  state.index.clear();
  for (mlir::Operation &op : module.getBody()->getOperations()) {
    uint32_t id = mlirPiece(state, &op, !failed);
    latest.insert({&op, state.latest.find(&op)->second});
    state.index[&op] = state.ops.size();
    state.ops.push_back(&op);
    manifest.push_back(id);
  }
  state.latest = std::move(latest);
  {
    std::string tail;
    llvm::raw_string_ostream os(tail);
    os << "} ";
    module.getLoc().print(os);
    os << "\n";
    manifest.push_back(addPiece(tail, [] { return PieceInfo(); }));
  }
  state.manifest = manifest;
  emit(view, name, ".mlir", std::move(manifest), failed);
}

void PassTrace::Impl::mlirBefore(mlir::Pass *pass, mlir::Operation *op) {
  if (!writer)
    return;
  // Pipelines a module pass runs inside itself (the inliner's) are its own
  // business: its snapshot shows what they did.
  if (op == run.root) {
    // Everything nested before it has run on every op it will run on.
    if (run.rootDepth++ == 0) {
      flushNested();
      setRunning(run.view, passName(pass));
    }
    return;
  }
  if (run.rootDepth)
    return;
  auto [it, inserted] = run.pending.try_emplace(pass);
  if (inserted) {
    run.order.push_back(pass);
    run.place[pass] = run.placesOf[op->getName().getStringRef()]++;
  }
  setRunning(run.view, passName(pass));
}

void PassTrace::Impl::mlirAfter(mlir::Pass *pass, mlir::Operation *op) {
  if (!writer || pass == run.failedPass)
    return;
  if (op == run.root) {
    if (run.rootDepth && --run.rootDepth == 0)
      snapshotModule(run.view, passName(pass), llvm::cast<mlir::ModuleOp>(op),
                     false);
    return;
  }
  if (run.rootDepth)
    return;
  mlir::Operation *top = op;
  while (top->getParentOp() && top->getParentOp() != run.root)
    top = top->getParentOp();
  if (top->getParentOp() != run.root)
    return;
  uint32_t id = mlirPiece(mlirState(run.view), top, true);
  run.pending[pass].push_back({top, id});
}

/// The snapshots of the nested passes run since the last pass on the
/// module, in the order they first ran.
void PassTrace::Impl::flushNested() {
  if (run.order.empty())
    return;
  MlirState &state = mlirState(run.view);
  // (place, name) -> the instances, in the order the places first ran.
  std::vector<
      std::pair<std::pair<unsigned, StringRef>, std::vector<mlir::Pass *>>>
      groups;
  for (mlir::Pass *pass : run.order) {
    std::pair<unsigned, StringRef> key{run.place[pass], passName(pass)};
    auto it = llvm::find_if(groups, [&](auto &g) { return g.first == key; });
    if (it == groups.end())
      groups.push_back({key, {pass}});
    else
      it->second.push_back(pass);
  }
  llvm::stable_sort(
      groups, [](auto &a, auto &b) { return a.first.first < b.first.first; });
  for (auto &[key, passes] : groups) {
    std::vector<uint32_t> manifest = state.manifest;
    for (mlir::Pass *pass : passes)
      for (auto [top, id] : run.pending[pass]) {
        auto at = state.index.find(top);
        if (at != state.index.end())
          manifest[at->second + 1] = id;
      }
    state.manifest = manifest;
    emit(run.view, key.second, ".mlir", std::move(manifest));
  }
  run.order.clear();
  run.pending.clear();
}

void PassTrace::Impl::finishRun(mlir::ModuleOp module, bool ok) {
  if (!writer)
    return;
  if (!run.rootDepth)
    flushNested();
  if (!ok) {
    std::string name =
        run.failedPass ? passName(run.failedPass).str() : "failed";
    snapshotModule(run.view, name, module, /*failed=*/true);
    failure(run.view, name);
  }
  run = MlirRun();
  idle();
}

namespace {
/// The hooks of MLIR's IR printing, taking snapshots instead of printing.
class SnapshotConfig : public mlir::PassManager::IRPrinterConfig {
public:
  // Each top-level op's fingerprint, kept between passes, says what a pass
  // changed: the instrumentation's own check (two fingerprints of the op a
  // pass ran on, for every pass) would only repeat it.
  explicit SnapshotConfig(PassTrace::Impl &impl)
      : IRPrinterConfig(/*printModuleScope=*/false,
                        /*printAfterOnlyOnChange=*/false,
                        /*printAfterOnlyOnFailure=*/false),
        impl(impl) {}
  void printBeforeIfEnabled(mlir::Pass *pass, mlir::Operation *op,
                            PrintCallbackFn) override {
    impl.mlirBefore(pass, op);
  }
  void printAfterIfEnabled(mlir::Pass *pass, mlir::Operation *op,
                           PrintCallbackFn) override {
    impl.mlirAfter(pass, op);
  }

private:
  PassTrace::Impl &impl;
};

/// Which pass failed (the first to fail: the innermost).
class FailureWatch : public mlir::PassInstrumentation {
public:
  explicit FailureWatch(PassTrace::Impl &impl) : impl(impl) {}
  void runAfterPassFailed(mlir::Pass *pass, mlir::Operation *) override {
    impl.mlirFailed(pass);
  }

private:
  PassTrace::Impl &impl;
};
} // namespace

//===----------------------------------------------------------------------===//
// LLVM IR
//===----------------------------------------------------------------------===//

/// `f`'s piece of `text` (its printed definition): `before` (its last one)
/// when only metadata numbers differ.
uint32_t PassTrace::Impl::llvmFunctionPiece(const llvm::Function &f,
                                            StringRef text,
                                            std::optional<uint32_t> before) {
  uint64_t shape = shapeOf(text);
  if (before && pieces[*before].shape == shape)
    return *before;
  return addPiece(text, [&] {
    PieceInfo info;
    info.symbol = f.getName().str();
    info.counts = countLlvmFunction(f);
    info.shape = shape;
    return info;
  });
}

uint32_t PassTrace::Impl::llvmFunctionPiece(const llvm::Function &f,
                                            std::optional<uint32_t> before) {
  std::string text;
  llvm::raw_string_ostream os(text);
  f.print(os);
  return llvmFunctionPiece(f, text, before);
}

namespace {
/// A module's text cut around its function definitions (each with the
/// `; Function Attrs:` comment before it).
struct ModuleText {
  std::string head, tail;
  std::vector<StringRef> definitions;
  explicit ModuleText(StringRef text) {
    StringRef comment;
    bool sawDefine = false;
    const char *start = nullptr;
    for (StringRef line : llvm::split(text, '\n')) {
      if (start) {
        if (line == "}") {
          const char *end = std::min(line.end() + 1, text.end());
          definitions.push_back(StringRef(start, end - start));
          start = nullptr;
        }
        continue;
      }
      if (line.starts_with("; Function Attrs:")) {
        comment = line;
        continue;
      }
      if (line.starts_with("define ")) {
        start = comment.empty() ? line.data() : comment.data();
        comment = StringRef();
        sawDefine = true;
        continue;
      }
      // A declaration's comment, then the line; blank lines only before the
      // first definition (they separate the functions after it).
      std::string &to = sawDefine ? tail : head;
      if (!comment.empty())
        (to += comment) += '\n';
      comment = StringRef();
      if (!line.empty() || !sawDefine)
        (to += line) += '\n';
    }
  }
};
} // namespace

/// The module as it is now, printed once: the text around the definitions
/// and each definition a piece (`unchanged`: as the last snapshot).
void PassTrace::Impl::llvmModuleEvent(TraceView view, StringRef name,
                                      const llvm::Module &module,
                                      bool unchanged) {
  if (!writer)
    return;
  LlvmState &state = llvmStates[int(view)];
  if (unchanged && !state.fns.empty()) {
    emit(view, name, ".ll", state.manifest());
    return;
  }
  std::string text;
  {
    llvm::raw_string_ostream os(text);
    module.print(os, nullptr);
  }
  ModuleText cut(text);
  auto moduleCounts = [&] {
    PieceInfo info;
    for (const llvm::Function &f : module)
      if (f.isDeclaration())
        ++info.counts[Declarations];
    info.counts[Globals] = module.global_size();
    return info;
  };
  LlvmState next;
  next.head = addPiece(cut.head, [] { return PieceInfo(); });
  next.tail = addPiece(cut.tail, moduleCounts);
  size_t d = 0;
  for (const llvm::Function &f : module) {
    if (f.isDeclaration())
      continue;
    auto at = state.index.find(&f);
    std::optional<uint32_t> before;
    if (at != state.index.end())
      before = state.fnPieces[at->second];
    next.index[&f] = next.fns.size();
    next.fns.push_back(&f);
    // The printer writes the definitions in the module's order.
    next.fnPieces.push_back(
        d < cut.definitions.size()
            ? llvmFunctionPiece(f, cut.definitions[d], before)
            : llvmFunctionPiece(f, before));
    ++d;
  }
  state = std::move(next);
  emit(view, name, ".ll", state.manifest());
}

StringRef PassTrace::Impl::llvmPassName(StringRef passId) {
  StringRef name = llvmRun->callbacks.getPassNameForClassName(passId);
  return name.empty() ? passId : name;
}

/// Passes that only hold or adapt others: their work is their passes'.
static bool isPassContainer(StringRef passId) {
  StringRef prefix = passId.take_until([](char c) { return c == '<'; });
  for (StringRef s :
       {"PassManager", "AnalysisManagerProxy", "DevirtSCCRepeatedPass",
        "ModuleInlinerWrapperPass", "ModuleToFunctionPassAdaptor",
        "ModuleToPostOrderCGSCCPassAdaptor", "CGSCCToFunctionPassAdaptor",
        "RequireAnalysisPass", "InvalidateAnalysisPass", "VerifierPass",
        "PrintModulePass", "PrintFunctionPass"})
    if (prefix.ends_with(s))
      return true;
  return false;
}

void PassTrace::Impl::llvmFunctionEvent(StringRef passId,
                                        const llvm::Function &f, bool changed) {
  unsigned position = llvmRun->position[&f]++;
  LlvmPending &p = llvmRun->pending[position];
  if (p.pass.empty())
    p.pass = llvmPassName(passId).str();
  if (!changed && !everyPass)
    return;
  LlvmState &state = llvmStates[int(llvmRun->view)];
  auto at = state.index.find(&f);
  std::optional<uint32_t> before;
  if (at != state.index.end())
    before = state.fnPieces[at->second];
  // An earlier pass of this run may have changed it already.
  auto latest = llvmRun->latest.find(&f);
  if (latest != llvmRun->latest.end())
    before = latest->second;
  uint32_t id = changed || !before ? llvmFunctionPiece(f, before) : *before;
  llvmRun->latest[&f] = id;
  p.entries.push_back({&f, id});
}

/// The snapshots of the function passes run since the last module pass, by
/// their position in each function's run.
void PassTrace::Impl::flushLlvm() {
  if (!llvmRun || llvmRun->pending.empty())
    return;
  LlvmState &state = llvmStates[int(llvmRun->view)];
  // A function the passes deleted (inlined, dead) leaves the snapshots.
  llvm::DenseSet<const llvm::Function *> live;
  for (const llvm::Function &f : *llvmRun->module)
    live.insert(&f);
  for (auto &[position, p] : llvmRun->pending) {
    if (p.entries.empty() && !everyPass)
      continue;
    for (auto [f, id] : p.entries) {
      auto at = state.index.find(f);
      if (at != state.index.end()) {
        state.fnPieces[at->second] = id;
      } else {
        state.index[f] = state.fns.size();
        state.fns.push_back(f);
        state.fnPieces.push_back(id);
      }
    }
    emit(llvmRun->view, p.pass, ".ll", state.manifest());
  }
  LlvmState kept;
  kept.head = state.head;
  kept.tail = state.tail;
  for (size_t i = 0; i < state.fns.size(); ++i)
    if (live.contains(state.fns[i])) {
      kept.index[state.fns[i]] = kept.fns.size();
      kept.fns.push_back(state.fns[i]);
      kept.fnPieces.push_back(state.fnPieces[i]);
    }
  state = std::move(kept);
  llvmRun->pending.clear();
  llvmRun->position.clear();
  llvmRun->latest.clear();
}

llvm::PassInstrumentationCallbacks &
PassTrace::Impl::llvmCallbacks(TraceView view, llvm::Module &module) {
  llvmRun = std::make_unique<LlvmRun>();
  llvmRun->view = view;
  llvmRun->module = &module;
  llvm::PassInstrumentationCallbacks &pic = llvmRun->callbacks;
  auto functionsOf = [](llvm::Any ir) {
    llvm::SmallVector<const llvm::Function *, 4> fns;
    if (const auto *f = llvm::any_cast<const llvm::Function *>(&ir))
      fns.push_back(*f);
    else if (const auto *scc =
                 llvm::any_cast<const llvm::LazyCallGraph::SCC *>(&ir))
      for (const llvm::LazyCallGraph::Node &n : **scc)
        fns.push_back(&n.getFunction());
    return fns;
  };
  pic.registerBeforeNonSkippedPassCallback([this](StringRef id, llvm::Any ir) {
    if (!writer || !llvmRun)
      return;
    if (llvm::any_cast<const llvm::Module *>(&ir))
      flushLlvm();
    if (!isPassContainer(id))
      setRunning(llvmRun->view, llvmPassName(id));
  });
  pic.registerBeforeSkippedPassCallback(
      [this, functionsOf](StringRef id, llvm::Any ir) {
        if (!writer || !llvmRun || isPassContainer(id))
          return;
        // Skipped here, it keeps its place in the function's run.
        for (const llvm::Function *f : functionsOf(ir))
          ++llvmRun->position[f];
      });
  pic.registerAfterPassCallback(
      [this, functionsOf](StringRef id, llvm::Any ir,
                          const llvm::PreservedAnalyses &pa) {
        if (!writer || !llvmRun)
          return;
        bool changed = !pa.areAllPreserved();
        if (const auto *m = llvm::any_cast<const llvm::Module *>(&ir)) {
          flushLlvm();
          if (!isPassContainer(id) && (changed || everyPass))
            llvmModuleEvent(llvmRun->view, llvmPassName(id), **m, !changed);
          return;
        }
        if (isPassContainer(id))
          return;
        // A loop pass's work shows in its loop adaptor's, a function pass.
        for (const llvm::Function *f : functionsOf(ir))
          llvmFunctionEvent(id, *f, changed);
      });
  return pic;
}

void PassTrace::Impl::asmStep(TraceView view, StringRef step, StringRef text,
                              StringRef ext) {
  if (!writer)
    return;
  uint32_t id = addPiece(text, [&] {
    PieceInfo info;
    info.counts = countAsm(text);
    return info;
  });
  emit(view, step, ext, {id});
}

//===----------------------------------------------------------------------===//
// PassTrace
//===----------------------------------------------------------------------===//

PassTrace::PassTrace(std::unique_ptr<Impl> impl) : impl(std::move(impl)) {}
PassTrace::~PassTrace() { gCrashFd = -1; }

llvm::Expected<std::unique_ptr<PassTrace>>
PassTrace::create(const PassSnapshots &options,
                  const llvm::json::Object &header) {
  auto writer = snapshots::StoreWriter::create(options.dir, header);
  if (!writer)
    return writer.takeError();
  gCrashFd = (*writer)->journalFd();
  gCrashLine[0] = 0;
  static bool registered = [] {
    llvm::sys::AddSignalHandler(onCrash, nullptr);
    return true;
  }();
  (void)registered;
  return std::unique_ptr<PassTrace>(new PassTrace(
      std::make_unique<Impl>(std::move(*writer), options.everyPass)));
}

void PassTrace::instrument(mlir::PassManager &pm, TraceView view,
                           mlir::ModuleOp module) {
  impl->startRun(view, module.getOperation());
  pm.enableIRPrinting(std::make_unique<SnapshotConfig>(*impl));
  // Added after the printing: instrumentations hear of a failure in
  // reverse order, so the failed pass is known before its IR is printed.
  pm.addInstrumentation(std::make_unique<FailureWatch>(*impl));
}

void PassTrace::finishRun(mlir::ModuleOp module, bool ok) {
  impl->finishRun(module, ok);
}

void PassTrace::mlirStep(TraceView view, StringRef step, mlir::ModuleOp module,
                         bool failed) {
  impl->idle();
  impl->snapshotModule(view, step, module, failed);
  if (failed)
    impl->failure(view, step);
}

void PassTrace::llvmStep(TraceView view, StringRef step,
                         const llvm::Module &module) {
  impl->idle();
  impl->llvmModuleEvent(view, step, module, false);
}

llvm::PassInstrumentationCallbacks &
PassTrace::llvmCallbacks(TraceView view, llvm::Module &module) {
  return impl->llvmCallbacks(view, module);
}

void PassTrace::finishLlvmRun() {
  impl->finishLlvmRun();
  impl->idle();
}

void PassTrace::asmStep(TraceView view, StringRef step, StringRef text,
                        StringRef ext) {
  impl->asmStep(view, step, text, ext);
}

void PassTrace::stepFailed(TraceView view, StringRef step) {
  impl->failure(view, step);
}

void PassTrace::running(TraceView view, StringRef step) {
  impl->setRunning(view, step);
}

llvm::Error PassTrace::takeError() { return impl->takeError(); }
