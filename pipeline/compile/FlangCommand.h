//===- FlangCommand.h - flang-22's own frontend command line ----*- C++ -*-===//
//
// What flang-22's driver would run for one compile, read from its own `-###`
// output, so every driver flag of a build (-D, -I, -J, -cpp, -std=, -O, ...)
// reaches the frontend exactly as flang-22 spells it for -fc1: ompx never
// translates a driver flag by hand.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_COMPILE_FLANGCOMMAND_H
#define OMPX_PIPELINE_COMPILE_FLANGCOMMAND_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace ompx::pipeline {

/// Whether `path` names a Fortran source by its extension (flang's).
bool isFortranSource(llvm::StringRef path);

/// The commands of a `-###` listing (one argv per job, program first), with
/// the shell quoting clang's driver prints undone. Lines that are not jobs
/// (version, target, ...) are skipped.
std::vector<std::vector<std::string>> parseJobListing(llvm::StringRef listing);

/// The `-fc1` job flang-22 (`flang`) runs for `driverArgs`, which must name
/// one source and compile it (`-c`). Its arguments follow the program, "-fc1"
/// first. Nullopt with `error` set to flang's own message when flang refuses
/// the arguments, or when it plans no single -fc1 job.
std::optional<std::vector<std::string>>
flangFrontendJob(llvm::StringRef flang, llvm::ArrayRef<std::string> driverArgs,
                 std::string &error);

/// flangFrontendJob for one source and object, remembered on disk
/// (`$XDG_CACHE_HOME/ompx/fc1/`): a build compiles many files with the same
/// flags, and flang's answer differs only in the source and object names
/// (keyed by the flang binary, its size and time, the other arguments and
/// the source's extension, which decides the language).
std::optional<std::vector<std::string>> flangFrontendJobCached(
    llvm::StringRef flang, llvm::ArrayRef<std::string> driverArgs,
    llvm::StringRef source, llvm::StringRef object, std::string &error);

/// Replaces the action (`-emit-obj`, `-S`, ...) of a -fc1 command with
/// `action` (e.g. "-emit-hlfir") and its `-o` with `output`.
void setFrontendAction(std::vector<std::string> &fc1, llvm::StringRef action,
                       llvm::StringRef output);

/// The value of `-flag VALUE` in a -fc1 command (the last one), if any.
std::optional<std::string> frontendOption(llvm::ArrayRef<std::string> fc1,
                                          llvm::StringRef flag);

/// The first error diagnostic in flang-22's stderr (`error: loc(...): ...`,
/// `FILE:LINE:COL: error: ...`), if any. flang-22 reports some lowering
/// errors and still exits 0 with its output written: a strided section in
/// `target update` (OpenMP 5.2) gives "stride cannot be specified on an
/// array section" and a map of the whole array.
std::optional<std::string> flangErrorDiagnostic(llvm::StringRef stderrText);

} // namespace ompx::pipeline

#endif // OMPX_PIPELINE_COMPILE_FLANGCOMMAND_H
