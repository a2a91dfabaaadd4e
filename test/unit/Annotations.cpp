//===- Annotations.cpp - Marked-up MLIR for feature tests -----------------===//

#include "Annotations.h"

#include "gtest/gtest.h"

#include <cctype>

using namespace ompx;
using llvm::StringRef;

static bool isNameChar(char c) {
  return isalnum(static_cast<unsigned char>(c)) || c == '_';
}

Annotations::Annotations(StringRef in) {
  std::vector<std::pair<std::string, uint32_t>> open;
  for (size_t i = 0; i < in.size();) {
    // `$name` directly before a marker names it.
    std::string name;
    size_t j = i;
    if (in[i] == '$') {
      size_t k = i + 1;
      while (k < in.size() && isNameChar(in[k]))
        ++k;
      if (k > i + 1 &&
          (in.substr(k).starts_with("^") || in.substr(k).starts_with("[["))) {
        name = in.slice(i + 1, k).str();
        j = k;
      }
    }
    StringRef rest = in.substr(j);
    bool blockLabel = rest.size() > 3 && rest.starts_with("^bb") &&
                      isdigit(static_cast<unsigned char>(rest[3]));
    if (rest.starts_with("^") && !blockLabel) {
      pointsByName[name].push_back(text.size());
      i = j + 1;
    } else if (rest.starts_with("[[")) {
      open.push_back({name, uint32_t(text.size())});
      i = j + 2;
    } else if (name.empty() && rest.starts_with("]]") && !open.empty()) {
      rangesByName[open.back().first].push_back(
          {open.back().second, uint32_t(text.size())});
      open.pop_back();
      i = j + 2;
    } else {
      text += in[i++];
    }
  }
  EXPECT_TRUE(open.empty()) << "unclosed [[ in annotated text";
}

std::vector<uint32_t> Annotations::points(StringRef name) const {
  auto it = pointsByName.find(name);
  return it == pointsByName.end() ? std::vector<uint32_t>() : it->second;
}

uint32_t Annotations::point(StringRef name) const {
  std::vector<uint32_t> p = points(name);
  EXPECT_EQ(p.size(), 1u) << "point '" << name.str() << "'";
  return p.empty() ? 0 : p[0];
}

std::vector<TextRange> Annotations::ranges(StringRef name) const {
  auto it = rangesByName.find(name);
  return it == rangesByName.end() ? std::vector<TextRange>() : it->second;
}

TextRange Annotations::range(StringRef name) const {
  std::vector<TextRange> r = ranges(name);
  EXPECT_EQ(r.size(), 1u) << "range '" << name.str() << "'";
  return r.empty() ? TextRange{} : r[0];
}
