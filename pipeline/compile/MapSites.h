//===- MapSites.h - The map clauses a checked launch reports at -*- C++ -*-===//
//
// `launch --check-maps` reports at the map clause of each finding. At run
// time the checker sees the `;file;name;line;col;;` string that the
// translation makes of an omp.map.info's location. Here the build makes that
// string name the op in the input (.mlir line and column, variable) and
// writes, for each such op, where it came from: the Fortran location its
// MLIR location holds (flang's output with debug locations), and the op the
// input spelled it as (omp.map.info, or the acc clause acc-to-omp lowered).
//
// The location's name is the variable's, with `#f4`/`#f8` after it when the
// data is real or double precision (the checker poisons those as such).
//
// The sidecar (kMapSitesFile in the work folder), one line per op:
//   MLIR_LINE \t MLIR_COL \t OP \t VARIABLE \t SRC_FILE \t SRC_LINE \t SRC_COL
//   \t UNREAD_AFTER
// (SRC_* empty when the location is the .mlir's own; UNREAD_AFTER 1 when
// nothing on the host reads the variable after its construct).
//
// A recorded launch (`--profile`) also reports each kernel at the op it
// came from: the kernel sidecar (kKernelSitesFile), one line per kernel:
//   KERNEL \t MODE \t MLIR_LINE \t MLIR_COL \t OP \t SRC_FILE \t SRC_LINE
//   \t SRC_COL
// (OP: omp.target, or the acc compute construct acc-to-omp lowered; MODE:
// the execution mode the device image gives the kernel, kernelExecModes).
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_COMPILE_MAPSITES_H
#define OMPX_PIPELINE_COMPILE_MAPSITES_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <map>
#include <string>
#include <utility>

namespace llvm {
class SourceMgr;
} // namespace llvm

namespace mlir {
class AsmParserState;
} // namespace mlir

namespace ompx::pipeline {

inline constexpr const char *kMapSitesFile = "mapsites.tsv";
/// In a map entry's name (before the element kind): nothing on the host
/// reads the variable after the construct (a checked build's flang names).
inline constexpr const char *kUnreadAfterTag = "#unread";
inline constexpr const char *kKernelSitesFile = "kernelsites.tsv";

class MapSiteIndex {
public:
  /// Remembers where the parse found each omp.map.info and acc data clause,
  /// each omp.target and acc compute construct.
  void record(const mlir::AsmParserState &state, const llvm::SourceMgr &sm);
  /// Gives every omp.map.info of `host` the location `name(input:line:col)`
  /// of the op it came from and writes the sidecar to `sidecar`.
  llvm::Error tag(mlir::ModuleOp host, llvm::StringRef inputPath,
                  llvm::StringRef sidecar) const;

  /// A checked build that keeps flang's names (CompileJob::mapWatches):
  /// each map flang names (a NameLoc) gets after its name what tag()'s
  /// sidecar says: kUnreadAfterTag when nothing on the host reads the
  /// variable after its construct (the report drops its not-copied-back),
  /// then the element kind, so the checker poisons real data as such.
  static void tagFlangNames(mlir::ModuleOp host);

  /// After Flang's lowering: a map op it made (an allocatable's data,
  /// split off its descriptor) takes the location of the tagged map op it
  /// belongs to.
  static void tagDerived(mlir::ModuleOp host, llvm::StringRef inputPath);

  /// Writes the kernel sidecar to `sidecar`: each of `modes` (kernel name,
  /// execution mode) at the op of the input its omp.target in `deviceMlir`
  /// (the device copy, before its lowering) came from.
  llvm::Error
  writeKernels(mlir::ModuleOp deviceMlir,
               llvm::ArrayRef<std::pair<std::string, std::string>> modes,
               llvm::StringRef inputPath, llvm::StringRef sidecar) const;

private:
  struct Position {
    unsigned line = 0, column = 0;
    std::string op, variable;
  };
  /// By (location, variable), and by location alone (variable "").
  using Key = std::pair<const void *, std::string>;
  std::map<Key, Position> positions;
  /// The parsed omp.map.info ops themselves (the host copy keeps them).
  std::map<mlir::Operation *, Position> parsedOps;
  /// omp.target and acc compute ops by location (the first op at each).
  std::map<const void *, Position> kernelOps;
};

} // namespace ompx::pipeline

#endif // OMPX_PIPELINE_COMPILE_MAPSITES_H
