//===- DirectiveScan.h - OpenMP directive statements of Fortran text ------===//
//
// A line scan of Fortran source for OpenMP directive statements (free and
// fixed form, continuation lines joined), for the decisions ompx makes
// before flang runs: whether a unit needs ompx's lowering (ompx-flang) and
// which clauses flang-22 lowers to a different program than the one
// written (refused at their line).
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_COMPILE_DIRECTIVESCAN_H
#define OMPX_PIPELINE_COMPILE_DIRECTIVESCAN_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace ompx::pipeline {

/// A line that opens a directive of `sentinel` ("omp"/"acc"): free form
/// `!$omp`, fixed form `c$omp` / `*$omp` in column 1.
bool isDirective(llvm::StringRef line, llvm::StringRef sentinel);

/// The OpenMP directive statement that starts at `lines[i]` (isDirective),
/// lower case: the line and its continuations, free form (`&` ending a
/// line, the next one `!$omp[&] ...`) and fixed form (`c$omp+`: any
/// character but blank and zero in column 6). A line that is not a
/// directive ends it. Leaves `i` on its last line.
std::string directiveStatement(llvm::ArrayRef<llvm::StringRef> lines,
                               size_t &i);

/// A list item of a reduction clause (`reduction`, `in_reduction`,
/// `task_reduction`) that is an array element or section: `s(k)`,
/// `a(2:3)`. flang-22 reduces the whole array for it (each thread or team
/// gets a private copy of all of it, combined element by element), which
/// is another program: elements the region assigns come out as the
/// original plus the new value, and in a target region the combine reads
/// and writes the parts of the array that were not mapped.
struct ElementReduction {
  unsigned line = 0;   ///< 1-based line of the item (of the directive
                       ///< when the item is not found on one line)
  unsigned column = 0; ///< 1-based column of the item, 0 if not found
  std::string clause;  ///< `reduction(+:s(k))`, as written (lower case)
  std::string item;    ///< `s(k)`
  std::string array;   ///< `s`
  bool section = false;

  /// The refusal, one paragraph.
  std::string message() const;
  /// It as flang writes an error: `FILE:LINE:COL: error: ompx: ...`.
  std::string diagnostic(llvm::StringRef file) const;
};

/// The element and section reduction items of the OpenMP directives of
/// `text` (declare reduction directives aside).
std::vector<ElementReduction> elementReductions(llvm::StringRef text);

/// The 1-based lines of `text` that open a standalone `loop` directive with
/// `bind(thread)` (each thread that meets it runs all its iterations).
std::vector<unsigned> threadBoundLoopLines(llvm::StringRef text);

/// A directive refused at a line of the source, before flang runs.
struct SourceRefusal {
  unsigned line = 0, column = 0; ///< 1-based
  std::string message;           ///< one paragraph, starting "ompx: "
  /// It as flang writes an error: `FILE:LINE:COL: error: ompx: ...`.
  std::string diagnostic(llvm::StringRef file) const;
};

/// Clauses naming a common block (`/name/`) that flang-22 lowers to another
/// program, in `text`:
/// - a `copyin` or `copyprivate` list with items after a common block:
///   flang-22 drops every one of them;
/// - a `firstprivate` or `lastprivate` of a common block that a later
///   clause of another kind (private, shared, ...) names in the same
///   program unit: flang-22 gives every construct of the unit the last
///   clause's data-sharing for the block's variables, so the copy in (or
///   out) is lost.
std::vector<SourceRefusal> commonBlockRefusals(llvm::StringRef text);

/// An element reduction and the file it is written in.
struct FileElementReduction {
  std::string file;
  ElementReduction reduction;
};

/// The element reductions of the files `file` includes, directly or not
/// (includedFiles: searched beside the including file, then in
/// `searchDirs`).
std::vector<FileElementReduction>
includedElementReductions(llvm::StringRef file,
                          llvm::ArrayRef<std::string> searchDirs);

/// The first offload directive of `text` (`!$omp` naming the `target`
/// construct, any `!$acc`) that the flags make a comment (no -fopenmp, no
/// -fopenacc), as `file:line:col\tconstruct\tFLAG` (the host-only mark
/// ompx-flang gives a unit that runs it on the host). A directive under a
/// preprocessor condition (`#ifdef _OPENACC`) may be gone before flang
/// reads it: not taken. Empty when there is none.
std::string commentedOffload(llvm::StringRef path, llvm::StringRef text,
                             bool openmp, bool openacc);

/// Whether `text` has a directive of the models the flags build.
bool hasEnabledDirective(llvm::StringRef text, bool openmp, bool openacc);

} // namespace ompx::pipeline

#endif // OMPX_PIPELINE_COMPILE_DIRECTIVESCAN_H
