//===- FlangNames.cpp - flang-22's names as the program wrote them ------===//

#include "support/FlangNames.h"

#include "llvm/ADT/StringExtras.h"

std::string ompx::sourceName(llvm::StringRef name) {
  auto inName = [&](size_t i) {
    return i > 0 && (llvm::isAlnum(name[i - 1]) || name[i - 1] == '_');
  };
  // A mangled name (`_QFEa`) is no expression.
  if (name.starts_with("_Q"))
    return name.str();
  std::string out;
  for (size_t i = 0; i < name.size();) {
    // `int(e,kind=8)`: e.
    if (name.substr(i).starts_with("int(") && !inName(i)) {
      size_t depth = 0, comma = llvm::StringRef::npos, end = i + 3;
      for (; end < name.size(); ++end) {
        if (name[end] == '(')
          ++depth;
        else if (name[end] == ')' && --depth == 0)
          break;
        else if (name[end] == ',' && depth == 1)
          comma = end;
      }
      if (end < name.size() && comma != llvm::StringRef::npos &&
          name.slice(comma + 1, end).starts_with("kind=")) {
        out += sourceName(name.slice(i + 4, comma));
        i = end + 1;
        continue;
      }
    }
    // An integer literal's kind: `3_8`.
    if (llvm::isDigit(name[i]) && !inName(i)) {
      size_t end = i;
      while (end < name.size() && llvm::isDigit(name[end]))
        ++end;
      out += name.slice(i, end);
      if (end + 1 < name.size() && name[end] == '_' &&
          llvm::isDigit(name[end + 1])) {
        ++end;
        while (end < name.size() && llvm::isDigit(name[end]))
          ++end;
      }
      i = end;
      continue;
    }
    out += name[i++];
  }
  return out;
}
