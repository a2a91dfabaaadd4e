//===- FlangMessage.h - One line of flang's stderr --------------*- C++ -*-===//
//
// flang-22 reports on stderr in two forms: its parser and semantics as
// `PATH:LINE:COL: SEVERITY: MESSAGE` (with `in the context` and `note`
// lines after an error), its lowering's MLIR diagnostics as
// `SEVERITY: loc("PATH":LINE:COL): MESSAGE`. Whether a compile failed (some
// errors come with exit status 0) and where each finding sits in the
// Fortran are read with this one reader.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_SUPPORT_FLANGMESSAGE_H
#define OMPX_SUPPORT_FLANGMESSAGE_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace ompx {

struct FlangMessage {
  llvm::StringRef file;     ///< as flang wrote it ("" for a bare `error: ...`)
  unsigned line = 0;        ///< 1-based; 0 without a place
  unsigned column = 0;      ///< 1-based; 0 without a place
  llvm::StringRef severity; ///< error, warning, note, in the context, ...
  llvm::StringRef message;
};

/// The message on `line` (no newline), or none for a line that is not one
/// (a source excerpt, a caret line). A path may hold ':'; a severity is
/// words of letters and spaces.
std::optional<FlangMessage> parseFlangMessage(llvm::StringRef line);

/// The first error line of `stderrText` (either form, or a bare `error:`).
std::optional<llvm::StringRef> firstFlangError(llvm::StringRef stderrText);

/// What ompx knows of an error flang-22 reports on valid code (a gap in
/// its lowering): the cause and a way around it, for a note at the error;
/// none for any other message.
std::optional<llvm::StringRef> flangLimitNote(llvm::StringRef message);

/// `ompx: note: CAUSE` lines for the errors of `stderrText` that
/// flangLimitNote explains, each cause once ("" when none): what a
/// terminal shows after flang's own words.
std::string flangLimitNotes(llvm::StringRef stderrText);

} // namespace ompx

#endif // OMPX_SUPPORT_FLANGMESSAGE_H
