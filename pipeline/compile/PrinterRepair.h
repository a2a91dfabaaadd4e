//===- PrinterRepair.h - flang-22's misprinted clause entries ---*- C++ -*-===//
//
// flang-22 prints a block-argument clause entry (`map_entries(%m -> %arg :
// type)`) with one type for both sides, the operand's. Where the block
// argument has another type (an assumed-shape array in a map clause: the
// operand is `!fir.ref<!fir.array<?xf32>>`, the argument `!fir.box<...>`),
// the text does not parse ("use of value '%argN' expects different type").
// MLIR's generic form prints both types; the functions holding such an entry
// are printed in it, the rest of the module as flang printed it. The same
// for an acc.loop's keyword-only `vector`/`worker` after `device_type`
// (`vector([#acc.device_type<nvidia>])` does not parse back).
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_COMPILE_PRINTERREPAIR_H
#define OMPX_PIPELINE_COMPILE_PRINTERREPAIR_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace ompx::pipeline {

struct PrinterRepair {
  bool repaired = false;
  /// The functions now printed in the generic form (all of the module's
  /// when `wholeModule`).
  std::vector<std::string> functions;
  bool wholeModule = false;
  /// The text has flang-22's misprinted acc.loop `device_type(...) vector`
  /// or `worker` (also repaired by the generic form of those functions).
  bool accLoops = false;
  std::string error; ///< why a text with the defect could not be repaired
  /// One sentence for the user: what was printed generic, and why.
  std::string note() const;
};

/// Repairs flang-22's text `mlir` in place when it has the defect;
/// `genericText` runs flang again with `-mlir-print-op-generic` (nullopt:
/// it failed). A text without the defect, or that fails to parse for
/// another reason, is left as it is (`repaired` false, `error` empty).
PrinterRepair repairFlangPrinterDefect(
    std::string &mlir,
    llvm::function_ref<std::optional<std::string>()> genericText);

} // namespace ompx::pipeline

#endif // OMPX_PIPELINE_COMPILE_PRINTERREPAIR_H
