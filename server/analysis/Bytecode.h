//===- Bytecode.h - MLIR bytecode <-> text ----------------------*- C++ -*-===//
//
// The conversions behind `.mlirbc` editing (mlir-lsp-server's
// `mlir/convertFromBytecode` and `mlir/convertToBytecode`): run in a child
// process (`ompx-lsp --convert-bytecode=...`), never in the server.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_ANALYSIS_BYTECODE_H
#define OMPX_ANALYSIS_BYTECODE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace ompx {

/// Whether `bytes` start with MLIR's bytecode magic ("ML\xefR").
bool isMLIRBytecode(llvm::StringRef bytes);

/// The text form of bytecode `bytes` (one top-level op, aliases and
/// locations printed, external resources kept); an error saying why not.
/// `name`: the buffer's name, as locations and messages show it (the file
/// path, as mlir-lsp-server names it).
llvm::Expected<std::string> bytecodeToText(llvm::StringRef bytes,
                                           llvm::StringRef name = "bytecode");

/// The bytecode of MLIR text `text`, which must parse, verify and hold one
/// top-level op.
llvm::Expected<std::string> textToBytecode(llvm::StringRef text,
                                           llvm::StringRef name = "text");

/// The hidden mode `ompx-lsp --convert-bytecode=to-text|to-bytecode [NAME]`:
/// stdin in, the result on stdout; exit 1 with the reason on stderr.
int runConvertBytecode(llvm::StringRef direction, llvm::StringRef name);

} // namespace ompx

#endif // OMPX_ANALYSIS_BYTECODE_H
