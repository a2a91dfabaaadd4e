//===- Bytecode.h - .mlirbc conversions for the server ----------*- C++ -*-===//
//
// The server has no MLIRContext: it converts bytecode to text and back by
// running `ompx-lsp --convert-bytecode=...` (server/analysis/Bytecode.h), so
// bad bytecode that crashes MLIR's reader costs a child, not the server.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_SERVICE_BYTECODE_H
#define OMPX_SERVICE_BYTECODE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace ompx {

enum class BytecodeDirection { ToText, ToBytecode };

/// Converts `input` in a child `ompx-lsp` (this executable); the child's
/// message, its death or the timeout become the error. `name`: the file
/// path that locations and messages show.
llvm::Expected<std::string> convertBytecode(BytecodeDirection direction,
                                            llvm::StringRef input,
                                            llvm::StringRef name = "",
                                            unsigned timeoutMs = 60000);

} // namespace ompx

#endif // OMPX_SERVICE_BYTECODE_H
