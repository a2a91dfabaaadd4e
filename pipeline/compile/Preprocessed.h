//===- Preprocessed.h - A unit's text as flang's preprocessor leaves it -*-===//
//
// The source scans (DirectiveScan's refusals, ompx-flang's routing) read
// Fortran text. In a preprocessed unit (.F90, -cpp) a macro can spell a
// directive's words or items (`!$omp declare DEVICE_SIDE(gx)`,
// `reduction(+:ELEM)`), `#ifdef` can hide one and `#include` bring one:
// the scans read flang's own -E output as well, each file's lines put back
// at their line numbers (flang's `#line` markers).
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_COMPILE_PREPROCESSED_H
#define OMPX_PIPELINE_COMPILE_PREPROCESSED_H

#include "pipeline/compile/DirectiveScan.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace ompx::pipeline {

/// Whether flang preprocesses `source` under `flags` (driver or -fc1):
/// `-cpp`, or an upper-case extension (.F90, .F) without `-nocpp`.
bool preprocessedUnit(llvm::StringRef source,
                      llvm::ArrayRef<std::string> flags);

/// Whether preprocessing may change what the scans read in `text` (of
/// `source`): a preprocessed unit with a preprocessor line (`#define`,
/// `#include`, `#if`) or macros on the command line (-D, -U).
bool preprocessingMayMatter(llvm::StringRef source, llvm::StringRef text,
                            llvm::ArrayRef<std::string> flags);

/// One file of a preprocessed unit: its lines at their own numbers (a
/// statement's continuation lines joined onto its first, as flang joined
/// them), `path` as flang's marker names it.
struct PreprocessedFile {
  std::string path;
  std::string text;
};

/// flang's -E output split by its `#line` markers: the unit's own file
/// first, then the files it includes, in the order they appear.
std::vector<PreprocessedFile> splitPreprocessed(llvm::StringRef output);

/// flang's -E output of the unit that the -fc1 command `command` (flang
/// first) compiles, run in `workDir` (empty: here), split; nullopt when
/// flang fails (the compile itself reports why).
std::optional<std::vector<PreprocessedFile>>
preprocessUnit(llvm::ArrayRef<std::string> command, llvm::StringRef workDir);

/// The refusals of the source scans in one file.
struct FileRefusals {
  std::string file;
  std::vector<ElementReduction> reductions; ///< elementReductions
  std::vector<SourceRefusal> blocks;        ///< commonBlockRefusals
  bool empty() const { return reductions.empty() && blocks.empty(); }
  /// Each as flang writes an error, one per line.
  std::string diagnostics() const;
};

/// The refusals that the preprocessed `files` show and the text as written
/// does not (a macro spelled the clause, an included header's directive):
/// `raw` is the unit's own file (`path`) as written, a refusal it shows too
/// was reported from it already. No file is read: a `#line` marker's path
/// is the document's to choose. A refusal on a line whose clause a macro
/// spelled points at the line's first word (column 1 in an included file).
std::vector<FileRefusals>
preprocessedRefusals(llvm::StringRef path, llvm::StringRef raw,
                     llvm::ArrayRef<PreprocessedFile> files);

} // namespace ompx::pipeline

#endif // OMPX_PIPELINE_COMPILE_PREPROCESSED_H
