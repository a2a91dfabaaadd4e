//===- WideFloats.cpp - Exact REAL(10)/(16) literals for MLIR -------------===//

#include "pipeline/compile/WideFloats.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Error.h"

#include <cstdlib>

using llvm::StringRef;

namespace {

bool isIdentChar(char c) {
  return llvm::isAlnum(c) || c == '_' || c == '.' || c == '$' || c == '%' ||
         c == '#' || c == '@' || c == '^' || c == '!';
}

/// The length of the decimal float literal at `text[at]` (MLIR's
/// floatliteral: `-? [0-9]+ . [0-9]* ([eE] [-+]? [0-9]+)?`), or 0.
size_t floatLiteralLength(StringRef text, size_t at) {
  size_t i = at;
  if (i < text.size() && text[i] == '-')
    ++i;
  size_t digits = i;
  while (i < text.size() && llvm::isDigit(text[i]))
    ++i;
  if (i == digits || i >= text.size() || text[i] != '.')
    return 0;
  ++i;
  while (i < text.size() && llvm::isDigit(text[i]))
    ++i;
  if (i < text.size() && (text[i] == 'e' || text[i] == 'E')) {
    size_t e = i + 1;
    if (e < text.size() && (text[e] == '+' || text[e] == '-'))
      ++e;
    if (e < text.size() && llvm::isDigit(text[e])) {
      while (e < text.size() && llvm::isDigit(text[e]))
        ++e;
      i = e;
    }
  }
  if (i < text.size() && isIdentChar(text[i]) && text[i] != '.')
    return 0;
  return i - at;
}

/// f80 or f128 when `type` (a type's text) has that element type.
const llvm::fltSemantics *wideSemantics(StringRef type) {
  type = type.rtrim(" >");
  if (type.ends_with("f80"))
    return &llvm::APFloat::x87DoubleExtended();
  if (type.ends_with("f128"))
    return &llvm::APFloat::IEEEquad();
  return nullptr;
}

/// The hexadecimal literal for `literal` read exactly as `sem`, or "" when
/// MLIR's parser (through a double) reads the decimal right anyway.
std::string exactHex(StringRef literal, const llvm::fltSemantics &sem) {
  llvm::APFloat exact(sem);
  auto status =
      exact.convertFromString(literal, llvm::APFloat::rmNearestTiesToEven);
  if (!status) {
    llvm::consumeError(status.takeError());
    return "";
  }
  bool lost;
  llvm::APFloat viaDouble(std::strtod(literal.str().c_str(), nullptr));
  viaDouble.convert(sem, llvm::APFloat::rmNearestTiesToEven, &lost);
  if (viaDouble.bitwiseIsEqual(exact))
    return "";
  llvm::APInt bits = exact.bitcastToAPInt();
  llvm::SmallString<48> hex;
  bits.toString(hex, 16, /*Signed=*/false);
  std::string out = "0x";
  out.append(bits.getBitWidth() / 4 - hex.size(), '0');
  out += StringRef(hex).upper();
  return out;
}

} // namespace

std::string ompx::pipeline::exactWideFloatLiterals(StringRef text,
                                                   unsigned *rewritten) {
  std::string out;
  out.reserve(text.size());
  unsigned count = 0;
  // Appends text[at, at + len) with its literal replaced when lossy.
  auto emitLiteral = [&](size_t at, size_t len, const llvm::fltSemantics &sem) {
    StringRef literal = text.substr(at, len);
    std::string hex = exactHex(literal, sem);
    if (hex.empty()) {
      out += literal;
      return;
    }
    ++count;
    out += hex;
    if (hex.size() < len)
      out.append(len - hex.size(), ' ');
  };
  size_t i = 0;
  while (i < text.size()) {
    char c = text[i];
    if (c == '"') {
      // A string: copied as it is, escapes included.
      size_t end = i + 1;
      while (end < text.size() && text[end] != '"')
        end += text[end] == '\\' ? 2 : 1;
      end = std::min(end + 1, text.size());
      out += text.substr(i, end - i);
      i = end;
      continue;
    }
    if (text.substr(i).starts_with("dense<") &&
        (i == 0 || !isIdentChar(text[i - 1]))) {
      // dense<...> : tensor<...>: the element type follows the closing '>'.
      size_t body = i + 6, close = text.find('>', body);
      const llvm::fltSemantics *sem = nullptr;
      if (close != StringRef::npos && text[body] != '"') {
        StringRef rest = text.substr(close + 1).ltrim(' ');
        if (rest.consume_front(":")) {
          rest = rest.ltrim(' ');
          size_t typeEnd = rest.find_first_of(",){}\n");
          sem = wideSemantics(rest.substr(0, typeEnd));
        }
      }
      if (!sem) {
        out += text.substr(i, 6);
        i += 6;
        continue;
      }
      out += "dense<";
      for (size_t j = body; j < close;) {
        size_t len = isIdentChar(text[j - 1]) ? 0 : floatLiteralLength(text, j);
        if (len && j + len <= close) {
          emitLiteral(j, len, *sem);
          j += len;
        } else {
          out += text[j++];
        }
      }
      i = close;
      continue;
    }
    if ((llvm::isDigit(c) || c == '-') && (i == 0 || !isIdentChar(text[i - 1])))
      if (size_t len = floatLiteralLength(text, i)) {
        // `<literal> : f80`
        StringRef rest = text.substr(i + len).ltrim(' ');
        const llvm::fltSemantics *sem = nullptr;
        if (rest.consume_front(":")) {
          rest = rest.ltrim(' ');
          if (rest.starts_with("f80") || rest.starts_with("f128")) {
            size_t n = rest.starts_with("f80") ? 3 : 4;
            if (n == rest.size() || !isIdentChar(rest[n]))
              sem = wideSemantics(rest.substr(0, n));
          }
        }
        if (sem)
          emitLiteral(i, len, *sem);
        else
          out += text.substr(i, len);
        i += len;
        continue;
      }
    out += c;
    ++i;
  }
  if (rewritten)
    *rewritten = count;
  return out;
}
