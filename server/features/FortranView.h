//===- FortranView.h - MLIR ops <-> the Fortran they came from --*- C++ -*-===//
//
// flang-22 output printed with locations (`ompx-lsp emit`) says, per op,
// which Fortran line it lowers: the worker records each op's first file
// location (OpRecord::sourceFile/sourceLine). These pure functions map a
// position in the MLIR to that line and a Fortran line back to the ops.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_FEATURES_FORTRANVIEW_H
#define OMPX_FEATURES_FORTRANVIEW_H

#include "server/model/Snapshot.h"

#include <optional>
#include <string>
#include <vector>

namespace ompx {

/// Where an op came from, as its `loc(...)` says.
struct SourceOrigin {
  std::string file;  ///< as printed (flang prints the absolute path)
  uint32_t line = 0; ///< 1-based
  uint32_t column = 0;
  std::string op;  ///< the op whose location it is
  TextRange range; ///< that op's name in the MLIR
};

/// The origin of the innermost op at `offset` that has one (an op written
/// without `loc(...)` has none; its enclosing op's counts).
std::optional<SourceOrigin> fortranOrigin(const Snapshot &snapshot,
                                          uint32_t offset);

/// For an `omp.map.info` or `omp.map.bounds` at `offset`: the origin of the
/// directive that maps it (the `omp.target`, `omp.target_data`, ... using it,
/// through a parent map's `members`). flang-22 locates a map op at the
/// variable's declaration, not at the directive's `map` clause.
std::optional<SourceOrigin> mapDirectiveOrigin(const Snapshot &snapshot,
                                               uint32_t offset);

/// The names of the ops that came from `line` of `file` (sameSourceFile),
/// in text order.
std::vector<TextRange> opsFromLine(const Snapshot &snapshot,
                                   llvm::StringRef file, uint32_t line);

/// Markdown for a hover: "From `saxpy.f90:12`" and, when known, the line.
std::string renderOrigin(const SourceOrigin &origin, llvm::StringRef lineText);
/// Markdown for a map op's hover: the directive that maps it first ("Mapped
/// at `grid.f90:8` by `omp.target`"), then the map's own origin.
std::string renderMapOrigin(const SourceOrigin &directive,
                            llvm::StringRef directiveLine,
                            const SourceOrigin &own, llvm::StringRef ownLine);

/// `text` as a markdown code span whose fence no backtick in it closes;
/// control characters shown as U+FFFD.
std::string markdownCodeSpan(llvm::StringRef text);
/// `text` as a fenced code block in `language` that no line of it closes.
std::string markdownCodeBlock(llvm::StringRef text, llvm::StringRef language);

/// Whether `file` (a path or URI path) and `locFile` (a location's, or a
/// compiler message's) name the same file: they are equal, or one ends with
/// "/" + the other less its leading `./` and `../` (a relative spelling).
/// The one rule of every feature that matches an op's or a message's file.
bool sameSourceFile(llvm::StringRef locFile, llvm::StringRef file);

} // namespace ompx

#endif // OMPX_FEATURES_FORTRANVIEW_H
