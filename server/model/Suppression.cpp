//===- Suppression.cpp - ompx-ignore comments and disabled checks ---------===//

#include "server/model/Suppression.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <cstring>

using namespace ompx;
using llvm::StringRef;

void ompx::dropSuppressedChecks(std::vector<Diagnostic> &diags, StringRef doc,
                                llvm::ArrayRef<std::string> disabled,
                                StringRef comment) {
  auto lineAt = [&](uint32_t off) {
    size_t begin = doc.rfind('\n', std::min<size_t>(off, doc.size()));
    begin = begin == StringRef::npos ? 0 : begin + 1;
    size_t end = doc.find('\n', begin);
    return std::make_pair(begin, end == StringRef::npos ? doc.size() : end);
  };
  // Whether a comment on the line at [begin, end) suppresses `check`.
  auto ignores = [&](size_t begin, size_t end, StringRef check) {
    StringRef line = doc.slice(begin, end);
    size_t at = line.find(comment);
    if (at == StringRef::npos)
      return false;
    StringRef rest = line.drop_front(at);
    for (size_t word = rest.find("ompx-ignore"); word != StringRef::npos;
         word = rest.find("ompx-ignore", word + 1)) {
      StringRef after = rest.drop_front(word + strlen("ompx-ignore"));
      if (!after.starts_with("(")) {
        // `ompx-ignore` alone: every check (not `ompx-ignored`).
        if (after.empty() ||
            (!llvm::isAlnum(after[0]) && after[0] != '-' && after[0] != '_'))
          return true;
        continue;
      }
      StringRef list = after.drop_front().split(')').first;
      for (StringRef name : llvm::split(list, ','))
        if (name.trim() == check)
          return true;
    }
    return false;
  };
  llvm::erase_if(diags, [&](const Diagnostic &d) {
    if (d.check.empty())
      return false;
    if (llvm::is_contained(disabled, d.check))
      return true;
    auto [begin, end] = lineAt(d.range.begin);
    if (ignores(begin, end, d.check))
      return true;
    return begin > 0 && ignores(lineAt(begin - 1).first, begin - 1, d.check);
  });
}
