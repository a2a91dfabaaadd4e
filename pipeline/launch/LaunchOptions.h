//===- LaunchOptions.h - The schema of a launch's options -------*- C++ -*-===//
//
// One table of the options a LaunchRequest takes, each with its spellings:
// the `ompx-lsp launch` flag, the field of ompx.compileAndLaunch's argument
// and the editor setting. `launch`'s flags and help, the server's reading of
// the command's argument and the test that holds the extension's settings to
// the same names all come from it, so a new option is one row here (plus
// its field in LaunchRequest, LaunchArgs and the extension).
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_LAUNCHOPTIONS_H
#define OMPX_PIPELINE_LAUNCHOPTIONS_H

#include "pipeline/launch/Launch.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"

#include <optional>
#include <string>

namespace ompx::pipeline {

/// What an option's value is; it decides how a value is checked and how a
/// relative path is read.
enum class OptionType {
  String,   ///< any text
  Path,     ///< a file or folder; relative to the document in the editor
  PathList, ///< repeatable Path
  List,     ///< repeatable String
  Seconds,  ///< a whole number of seconds
  OptLevel, ///< 0 to 3
  Flag,     ///< no value
  Enum,     ///< one of `names`
  Device,   ///< DeviceSpec::parse
  /// A flag that may name a file (`--FLAG`, `--FLAG=FILE`); the editor's
  /// field is a flag (the file then is the default one).
  OptionalPath,
};

struct LaunchOption {
  /// `ompx-lsp launch --FLAG=VALUE`; empty: not a flag (program arguments
  /// come after `--`).
  llvm::StringLiteral flag;
  /// VALUE in the help.
  llvm::StringLiteral metavar;
  /// The field of ompx.compileAndLaunch's argument (`slurm.stage`: the
  /// field `stage` of `slurm`); empty: the editor does not pass it.
  llvm::StringLiteral field;
  /// Whether the editor has a setting `ompx.launch.FIELD` for it.
  bool setting;
  OptionType type;
  /// Enum: the names it accepts, the default first.
  llvm::ArrayRef<llvm::StringRef> names;
  /// Needs `--launcher=slurm`.
  bool slurm;
  /// `launch --help`'s text, lines separated by '\n'.
  llvm::StringLiteral help;
  /// Stores a value that applyLaunchOption checked against `type`.
  void (*set)(LaunchRequest &request, llvm::StringRef value);
};

/// The table, in `launch --help`'s order.
llvm::ArrayRef<LaunchOption> launchOptions();
/// The option of `--FLAG` / of the argument's FIELD, or null.
const LaunchOption *launchOptionByFlag(llvm::StringRef flag);
const LaunchOption *launchOptionByField(llvm::StringRef field);

/// How an error names the option: `--launcher` on the command line,
/// `'launcher'` in ompx.compileAndLaunch's argument.
enum class Spelling { Flag, Field };

/// Checks `value` and stores it in `request`. A relative Path is taken from
/// `folder` when one is given. The error names the option as `spelling`
/// says and lists what an Enum accepts.
std::optional<std::string> applyLaunchOption(const LaunchOption &option,
                                             llvm::StringRef value,
                                             LaunchRequest &request,
                                             Spelling spelling,
                                             llvm::StringRef folder = "");

/// `--FLAG=METAVAR` (`-O0..-O3` for the level), as the help shows it.
std::string flagSpelling(const LaunchOption &option);
/// `[--FLAG=local|slurm]`..., wrapped for `launch`'s usage line.
std::string launchUsageOptions(unsigned indent, unsigned width);
/// The Options section of `launch --help`: a row per flag; only the rows of
/// `flags` when given (`devices --help`).
std::string launchOptionsHelp(llvm::ArrayRef<llvm::StringRef> flags = {});
/// The table as JSON (`ompx-lsp launch --print-schema`), for the test that
/// holds the editor's settings to it.
llvm::json::Value launchSchemaJSON();

} // namespace ompx::pipeline

#endif // OMPX_PIPELINE_LAUNCHOPTIONS_H
