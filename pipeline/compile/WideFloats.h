//===- WideFloats.h - Exact REAL(10)/(16) literals for MLIR -----*- C++ -*-===//
//
// MLIR's parser reads a decimal float literal through a C `double` and only
// then converts it to the literal's type (Parser::parseFloatFromLiteral), so
// `arith.constant 0.333333333333333333342 : f80`, exactly as flang-22
// prints REAL(10)'s 1/3, parses to 0.33333333333333331483: every REAL(10)
// and REAL(16) constant that is not a double lost its extra digits, on every
// device. A hexadecimal literal is read bit for bit.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_COMPILE_WIDEFLOATS_H
#define OMPX_PIPELINE_COMPILE_WIDEFLOATS_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace ompx::pipeline {

/// `text` with each decimal literal of type f80 or f128 (`<lit> : f80`, the
/// elements of `dense<...> : tensor<...xf80>`) that a double cannot hold
/// replaced by its hexadecimal form, padded with blanks to the decimal's
/// length where shorter, so the columns after it stay. `rewritten`: how
/// many were replaced.
std::string exactWideFloatLiterals(llvm::StringRef text,
                                   unsigned *rewritten = nullptr);

} // namespace ompx::pipeline

#endif // OMPX_PIPELINE_COMPILE_WIDEFLOATS_H
