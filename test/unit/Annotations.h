//===- Annotations.h - Marked-up MLIR for feature tests ---------*- C++ -*-===//
//
// clangd-style annotations: `^` marks a point, `[[...]]` a range, and either
// may carry a name (`$name^`, `$name[[...]]`). A `^` directly followed by
// `bb` and a digit is an MLIR block label, not a marker.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_TEST_UNIT_ANNOTATIONS_H
#define OMPX_TEST_UNIT_ANNOTATIONS_H

#include "server/syntax/TextRange.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace ompx {

class Annotations {
public:
  explicit Annotations(llvm::StringRef text);
  /// The text without the markers.
  const std::string &code() const { return text; }
  /// The one point named `name` (a failed test when there is not exactly
  /// one).
  uint32_t point(llvm::StringRef name = "") const;
  std::vector<uint32_t> points(llvm::StringRef name = "") const;
  TextRange range(llvm::StringRef name = "") const;
  std::vector<TextRange> ranges(llvm::StringRef name = "") const;

private:
  std::string text;
  llvm::StringMap<std::vector<uint32_t>> pointsByName;
  llvm::StringMap<std::vector<TextRange>> rangesByName;
};

} // namespace ompx

#endif // OMPX_TEST_UNIT_ANNOTATIONS_H
