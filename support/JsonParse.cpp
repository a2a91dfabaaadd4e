//===- JsonParse.cpp - JSON from files, nesting bounded -------------------===//

#include "support/JsonParse.h"

#include "llvm/Support/FormatVariadic.h"

using llvm::StringRef;

/// Where the string whose opening quote is at `i` ends (past its closing
/// quote), or npos. A quote ends it unless an odd run of backslashes is
/// before it; quotes are found with memchr (a didOpen's text is megabytes).
size_t ompx::jsonStringEnd(StringRef json, size_t i) {
  for (size_t j = i + 1;;) {
    size_t quote = json.find('"', j);
    if (quote == StringRef::npos)
      return quote;
    size_t k = quote;
    while (k > i + 1 && json[k - 1] == '\\')
      --k;
    if ((quote - k) % 2 == 0)
      return quote + 1;
    j = quote + 1;
  }
}

std::optional<size_t> ompx::findExcessiveNesting(StringRef json,
                                                 unsigned maxDepth) {
  unsigned depth = 0;
  for (size_t i = 0; i < json.size(); ++i) {
    switch (json[i]) {
    case '"':
      i = jsonStringEnd(json, i);
      if (i == StringRef::npos)
        return std::nullopt; // the parser reports the unterminated string
      --i;
      break;
    case '[':
    case '{':
      if (++depth > maxDepth)
        return i;
      break;
    case ']':
    case '}':
      if (depth)
        --depth;
      break;
    default:
      break;
    }
  }
  return std::nullopt;
}

llvm::Expected<llvm::json::Value> ompx::parseJson(StringRef json,
                                                  unsigned maxDepth) {
  if (std::optional<size_t> at = findExcessiveNesting(json, maxDepth)) {
    StringRef before = json.take_front(*at);
    size_t line = before.count('\n') + 1;
    size_t column = *at - (before.rfind('\n') + 1) + 1;
    return llvm::createStringError(
        llvm::formatv("nested deeper than {0} levels at line {1}, column {2}",
                      maxDepth, line, column)
            .str());
  }
  return llvm::json::parse(json);
}
