//===- DeclareRecords.h - declare target variables across units -*- C++ -*-===//
//
// flang-22's .mod files record neither `!$omp declare target` nor `!$acc
// declare`, so a unit using a module saw such variables as ordinary
// globals: a target region (or an OpenACC parallel/serial construct) naming
// such a scalar without a data clause got a copy of the host's value (its
// writes lost, the device's value never read). ompx-flang records each
// module's declared variables when it compiles the unit defining it, and
// marks them in the units that use it: `ompx.declare_target_elsewhere`
// (read by the ompx-declared-elsewhere pass), and OpenACC's `acc.declare`
// attribute as it is (acc-to-omp reads it on a declaration as on the
// definition). A record lives in ompx's cache, not in the build's module
// folder (`make clean` would leave it there): `CACHE/ompx/declare-target/
// <hash of the module folder>/MODULE`, the hash of the .mod file it goes
// with on its first line, then a line per global: its name, a tab, the
// attributes its declarations get. A record whose .mod file changed since
// (another compiler made it) is ignored.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_COMPILE_DECLARERECORDS_H
#define OMPX_PIPELINE_COMPILE_DECLARERECORDS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace ompx::pipeline {

/// The module of a module variable's global (`_QMfieldsEx` -> `fields`).
std::optional<llvm::StringRef> moduleOfGlobal(llvm::StringRef symbol);

/// The folder of the records (`CACHE/ompx/declare-target`); empty when there
/// is no cache folder (no HOME, no XDG_CACHE_HOME).
std::string declareRecordRoot();

/// Records each module `source` defines, whose .mod file flang wrote in
/// `moduleDir` (empty: the current folder): the globals of `hlfir` (the
/// unit's flang-22 output) that are declare target `to`/`enter` for the
/// device, or `acc declare`d, and those a device procedure uses without a
/// declare target (passes::kDeviceUsesAttr). A module without any gets a record
/// of none (one without a .mod file is removed). False with `error` set when a
/// record cannot be written.
bool writeDeclareRecords(llvm::StringRef hlfir, llvm::StringRef source,
                         llvm::StringRef moduleDir, llvm::StringRef root,
                         std::string &error);

/// Whether `source` (fixed form, or free) may define a global that other
/// units' device code names while no directive declares it
/// (Classification::namedData): a BLOCK DATA unit, a BIND(C) variable, a
/// DATA statement of a common block, a module's array, character or
/// derived-type named constant. Read from the text, so it may say yes for
/// what is not (a compile then finds nothing to offload).
bool mayDefineNamedData(llvm::StringRef source, bool fixedForm = false);

/// `hlfir` with `omp.declare_target` on the globals of the common blocks a
/// BLOCK DATA unit of `source` declares target (`declare target(/c/)`,
/// `link(/c/)`): flang-22 drops the directive there, so the device image
/// of such a unit lacked the block's initial values and every device copy
/// started at zero. `marked` gets the globals' names.
std::string markBlockDataDeclareTarget(llvm::StringRef hlfir,
                                       llvm::StringRef source,
                                       std::vector<std::string> &marked);

/// `hlfir` with the recorded attributes on each global declaration (a
/// variable of a module defined elsewhere) that its module's record names: the
/// record of the first of `searchDirs` holding the module's .mod file, if it
/// goes with that file. `marked` gets their names; `unrecorded`, if given,
/// the .mod files of modules whose variables are used but which have no
/// record that goes with them (compiled by something else than ompx).
/// Common blocks and BIND(C) variables (named after no module) take the
/// records of `usedModules` (the modules the unit's source `use`s), of the
/// modules of its module variables and of those these use.
std::string markDeclaredElsewhere(
    llvm::StringRef hlfir, llvm::ArrayRef<std::string> searchDirs,
    llvm::StringRef root, llvm::ArrayRef<std::string> usedModules,
    std::vector<std::string> &marked,
    std::vector<std::string> *unrecorded = nullptr);

/// Whether a module of `usedModules` (or one they use) has a record naming
/// an `acc declare`d variable: a unit allocating or deallocating one must
/// make or drop its device copy, which flang-22 alone does not know to do
/// (its .mod file omits the directive).
bool modulesDeclareAcc(llvm::ArrayRef<std::string> usedModules,
                       llvm::ArrayRef<std::string> searchDirs,
                       llvm::StringRef root);

/// "declared for the device in its module (flang-22's .mod file omits it):
/// GLOBAL": what ompx-flang and emit say of each global they marked.
std::string declaredElsewhereNote(llvm::StringRef global);

/// The warning for modules used without a record (`unrecorded`) in a unit
/// whose HLFIR `hlfir` has offload constructs; empty when there is none.
std::string unrecordedModulesWarning(llvm::StringRef hlfir,
                                     llvm::ArrayRef<std::string> unrecorded);

} // namespace ompx::pipeline

#endif // OMPX_PIPELINE_COMPILE_DECLARERECORDS_H
