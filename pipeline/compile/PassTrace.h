//===- PassTrace.h - A snapshot of the IR after every pass ------*- C++ -*-===//
//
// `ompx-lsp pipeline`: the launch's compile, watched. MLIR pass managers get
// an IRPrinterConfig whose hooks take the snapshots (per pass and nesting
// level: a pass nested on functions changes the functions it ran on), the
// LLVM optimization pipeline gets PassInstrumentationCallbacks (print-changed
// style: a pass that preserved everything changed nothing), and the compile's
// own steps (translation, device fixes, the runtime's link, the PTX) are
// recorded where they happen. Snapshots go to a snapshots::StoreWriter as
// pieces (top-level ops, LLVM functions), each kept once.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_COMPILE_PASSTRACE_H
#define OMPX_PIPELINE_COMPILE_PASSTRACE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <memory>
#include <string>

namespace llvm {
class Module;
class PassInstrumentationCallbacks;
} // namespace llvm
namespace mlir {
class ModuleOp;
class PassManager;
} // namespace mlir

namespace ompx::pipeline {

/// What `ompx-lsp pipeline` asks of a compile.
struct PassSnapshots {
  /// The compile alone: no link, no main program needed.
  bool compileOnly = false;
  /// Where the snapshots go; empty: none (the plain build the bench
  /// compares with).
  std::string dir;
  /// Also after passes that changed nothing (`--after=all`).
  bool everyPass = false;
};

/// Which copy of the module a snapshot shows: the parsed input (before the
/// host/device split), the host copy or the device copy.
enum class TraceView { Input, Host, Device };

class PassTrace {
public:
  /// Starts the store in `options.dir`; `header` goes to its index.
  static llvm::Expected<std::unique_ptr<PassTrace>>
  create(const PassSnapshots &options, const llvm::json::Object &header);
  ~PassTrace();

  /// The passes `pm` runs on `module` take snapshots of `view`; call
  /// finishRun when pm.run returns.
  void instrument(mlir::PassManager &pm, TraceView view, mlir::ModuleOp module);
  /// Takes the snapshots of nested passes still pending, and on failure
  /// one of the IR the failed pass left, marked.
  void finishRun(mlir::ModuleOp module, bool ok);
  /// A compile step between passes (`step`: its name) that changed
  /// `module`; `failed`: it failed, this is what it left.
  void mlirStep(TraceView view, llvm::StringRef step, mlir::ModuleOp module,
                bool failed = false);

  /// The same for LLVM IR.
  void llvmStep(TraceView view, llvm::StringRef step,
                const llvm::Module &module);
  /// Callbacks for a PassBuilder about to optimize `module` as `view`
  /// (valid until finishLlvmRun).
  llvm::PassInstrumentationCallbacks &llvmCallbacks(TraceView view,
                                                    llvm::Module &module);
  void finishLlvmRun();

  /// Generated code (PTX, GCN or x86 assembly), `ext` its file extension.
  void asmStep(TraceView view, llvm::StringRef step, llvm::StringRef text,
               llvm::StringRef ext);
  /// A step that failed without leaving IR to show (a translation).
  void stepFailed(TraceView view, llvm::StringRef step);
  /// What a crash from here on is marked as: `step` running (passes mark
  /// themselves); every snapshot taken clears it.
  void running(TraceView view, llvm::StringRef step);

  /// The first error writing the store (the compile goes on without
  /// snapshots after it).
  llvm::Error takeError();

  class Impl;

private:
  explicit PassTrace(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl;
};

const char *traceViewName(TraceView view);

} // namespace ompx::pipeline

#endif // OMPX_PIPELINE_COMPILE_PASSTRACE_H
