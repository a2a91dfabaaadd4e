//===- Bytecode.cpp - MLIR bytecode <-> text ------------------------------===//

#include "server/analysis/Bytecode.h"
#include "dialects/ir/Registry.h"
#include "support/FileRead.h"

#include "mlir/Bytecode/BytecodeReader.h"
#include "mlir/Bytecode/BytecodeWriter.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/Block.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Parser/Parser.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace ompx;
using llvm::StringRef;

bool ompx::isMLIRBytecode(StringRef bytes) {
  return mlir::isBytecode(llvm::MemoryBufferRef(bytes, ""));
}

namespace {
/// A context that knows every ompx dialect and collects the messages of a
/// failed parse.
struct Converter {
  mlir::DialectRegistry registry;
  std::unique_ptr<mlir::MLIRContext> context;
  std::string errors;
  std::unique_ptr<mlir::ScopedDiagnosticHandler> handler;
  mlir::FallbackAsmResourceMap resources;

  Converter() {
    registerOmpxDialects(registry);
    context = std::make_unique<mlir::MLIRContext>(
        registry, mlir::MLIRContext::Threading::DISABLED);
    context->allowUnregisteredDialects();
    handler = std::make_unique<mlir::ScopedDiagnosticHandler>(
        context.get(), [this](mlir::Diagnostic &d) {
          llvm::raw_string_ostream os(errors);
          os << d.getLocation() << ": " << d << "\n";
          return mlir::success();
        });
  }

  /// The one top-level op of `input` (text or bytecode), or an error.
  llvm::Expected<mlir::OwningOpRef<mlir::Operation *>>
  parse(StringRef input, StringRef name, StringRef what, bool verify) {
    llvm::SourceMgr sm;
    sm.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBuffer(input, name, false),
                          llvm::SMLoc());
    mlir::ParserConfig config(context.get(), verify, &resources);
    mlir::Block block;
    if (mlir::failed(mlir::parseSourceFile(sm, &block, config)))
      return llvm::createStringError("failed to parse " + what + ": " +
                                     StringRef(errors).rtrim());
    if (!llvm::hasSingleElement(block))
      return llvm::createStringError(
          "expected a single top-level operation in " + what + ", found " +
          std::to_string(block.getOperations().size()));
    mlir::OwningOpRef<mlir::Operation *> op = &block.front();
    op->remove();
    return std::move(op);
  }
};
} // namespace

llvm::Expected<std::string> ompx::bytecodeToText(StringRef bytes,
                                                 StringRef name) {
  if (!isMLIRBytecode(bytes))
    return llvm::createStringError(
        "not MLIR bytecode (no \"ML\\xefR\" magic at the start)");
  Converter c;
  // Not verified: invalid IR opens as text, where the editor and --check
  // show its verifier errors at their places.
  auto op = c.parse(bytes, name, "bytecode", /*verify=*/false);
  if (!op)
    return op.takeError();
  std::string out;
  llvm::raw_string_ostream os(out);
  // As mlir-lsp-server prints it: locations kept, aliases used, resources
  // the dialects do not own kept as they were.
  mlir::AsmState state(
      **op, mlir::OpPrintingFlags().enableDebugInfo().assumeVerified(),
      /*locationMap=*/nullptr, &c.resources);
  (*op)->print(os, state);
  return out;
}

llvm::Expected<std::string> ompx::textToBytecode(StringRef text,
                                                 StringRef name) {
  Converter c;
  auto op = c.parse(text, name, "text", /*verify=*/true);
  if (!op)
    return op.takeError();
  std::string out;
  llvm::raw_string_ostream os(out);
  mlir::BytecodeWriterConfig config(c.resources);
  if (mlir::failed(mlir::writeBytecodeToFile(op->get(), os, config)))
    return llvm::createStringError("failed to write bytecode: " +
                                   StringRef(c.errors).rtrim());
  return out;
}

int ompx::runConvertBytecode(StringRef direction, StringRef name) {
  // Bounded like every input ompx reads.
  llvm::Expected<std::string> input = readRegularFile("-");
  if (!input) {
    llvm::errs() << "ompx-lsp: cannot read stdin: "
                 << llvm::toString(input.takeError()) << "\n";
    return 1;
  }
  llvm::Expected<std::string> out =
      direction == "to-text"
          ? bytecodeToText(*input, name.empty() ? "bytecode" : name)
      : direction == "to-bytecode"
          ? textToBytecode(*input, name.empty() ? "text" : name)
          : llvm::createStringError("unknown direction '" + direction +
                                    "' (to-text, to-bytecode)");
  if (!out) {
    llvm::errs() << "ompx-lsp: " << llvm::toString(out.takeError()) << "\n";
    return 1;
  }
  llvm::outs() << *out;
  llvm::outs().flush();
  return 0;
}
