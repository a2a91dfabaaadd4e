//===- ProjectUnits.cpp - The project files a launch of one file needs ----===//

#include "pipeline/compile/ProjectUnits.h"
#include "pipeline/compile/FlangCommand.h"
#include "pipeline/compile/Includes.h"
#include "pipeline/compile/ModuleCache.h"
#include "support/FileAccess.h"
#include "support/FileRead.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Regex.h"

using namespace ompx::pipeline;
using llvm::StringRef;

namespace {
/// One Fortran file of the database, as its text says now.
struct Unit {
  std::string file;                 ///< real path
  std::vector<std::string> defines; ///< modules
  std::vector<std::string> uses;    ///< modules, also through its includes
  std::vector<std::string> parents; ///< `submodule (m)`: m
  bool program = false;             ///< has a main program
};
} // namespace

/// The first name after each match of `re` (one group) in `text`, lower
/// case.
static std::vector<std::string> matches(const llvm::Regex &re, StringRef text) {
  std::vector<std::string> out;
  llvm::SmallVector<StringRef> match;
  while (re.match(text, &match)) {
    out.push_back(match[1].lower());
    text = text.drop_front(match[0].data() + match[0].size() - text.data());
  }
  return out;
}

static std::vector<Unit> indexUnits(const CompileDatabase &db,
                                    llvm::ArrayRef<std::string> roots) {
  static const llvm::Regex submodule(
      "^[ \t]*submodule[ \t]*\\([ \t]*([a-z0-9_]+)",
      llvm::Regex::IgnoreCase | llvm::Regex::Newline);
  static const llvm::Regex program("^[ \t]*program[ \t]+([a-z_][a-z0-9_]*)",
                                   llvm::Regex::IgnoreCase |
                                       llvm::Regex::Newline);
  std::vector<Unit> units;
  llvm::StringSet<> seen;
  for (const CompileEntry &e : db.entries) {
    if (!isFortranSource(e.file) || !seen.insert(e.file).second ||
        (!roots.empty() && (!ompx::insideFolders(roots, e.file) ||
                            !ompx::insideFolders(roots, e.directory))))
      continue;
    auto text = ompx::readRegularFile(e.file);
    if (!text) {
      llvm::consumeError(text.takeError()); // its compile says why
      continue;
    }
    Unit u;
    u.file = e.file;
    u.defines = definedModules(*text);
    u.uses =
        unitUsedModules(e.file, *text, includeSearchDirs(e.flags, e.directory));
    u.parents = matches(submodule, *text);
    u.program = !matches(program, *text).empty();
    units.push_back(std::move(u));
  }
  return units;
}

/// `file`'s unit: from the index, else read now (a driver outside the
/// database).
static Unit unitOf(llvm::ArrayRef<Unit> units, StringRef file) {
  llvm::SmallString<256> real;
  if (llvm::sys::fs::real_path(file, real))
    real = file;
  for (const Unit &u : units)
    if (u.file == real)
      return u;
  Unit u;
  u.file = real.str().str();
  if (auto text = ompx::readRegularFile(file)) {
    u.defines = definedModules(*text);
    u.uses = usedModules(*text);
  } else {
    llvm::consumeError(text.takeError());
  }
  return u;
}

/// Whether `from`'s modules reach one of `targets` through the units that
/// define them (any definer: a reach is enough to name a candidate).
static bool reaches(llvm::ArrayRef<Unit> units, const Unit &from,
                    llvm::ArrayRef<std::string> targets) {
  llvm::StringSet<> seen;
  std::vector<std::string> work = from.uses;
  while (!work.empty()) {
    std::string m = work.back();
    work.pop_back();
    if (llvm::is_contained(targets, m))
      return true;
    if (!seen.insert(m).second)
      continue;
    for (const Unit &u : units)
      if (llvm::is_contained(u.defines, m))
        llvm::append_range(work, u.uses);
  }
  return false;
}

ProjectUnits
ompx::pipeline::projectUnits(const CompileDatabase &db, StringRef input,
                             llvm::ArrayRef<std::string> drivers, bool wantMain,
                             llvm::ArrayRef<std::string> roots,
                             llvm::function_ref<bool(StringRef)> linked) {
  ProjectUnits out;
  std::vector<Unit> units = indexUnits(db, roots);
  std::vector<Unit> have{unitOf(units, input)};
  for (const std::string &d : drivers)
    have.push_back(unitOf(units, d));
  // The program that reaches the input's modules, when it is the only one.
  if (wantMain && !have.front().defines.empty()) {
    for (const Unit &u : units)
      if (u.program && u.file != have.front().file &&
          reaches(units, u, have.front().defines))
        out.programs.push_back(u.file);
    if (out.programs.size() == 1) {
      out.mainProgram = out.programs.front();
      have.push_back(unitOf(units, out.mainProgram));
    }
  }
  auto isIn = [&](StringRef file) {
    return llvm::any_of(have, [&](const Unit &u) { return u.file == file; });
  };
  auto defined = [&](StringRef m) {
    return (linked && linked(m)) || llvm::any_of(have, [&](const Unit &u) {
             return llvm::is_contained(u.defines, m);
           });
  };
  llvm::StringSet<> asked;
  std::vector<std::string> added;
  // Until nothing more is added: the definer of each module used and not
  // defined, and the submodules of each module defined.
  for (bool grew = true; grew;) {
    grew = false;
    std::vector<std::string> needed;
    for (const Unit &u : have)
      for (const std::string &m : u.uses)
        if (!defined(m) && asked.insert(m).second)
          needed.push_back(m);
    for (const std::string &m : needed) {
      std::vector<const Unit *> definers;
      for (const Unit &u : units)
        if (llvm::is_contained(u.defines, m))
          definers.push_back(&u);
      if (definers.size() > 1) {
        out.ambiguous.push_back(m);
        continue;
      }
      // None: an intrinsic or another library's module (mpi), or a
      // definer with a main program of its own, which cannot join.
      if (definers.empty() || definers.front()->program ||
          isIn(definers.front()->file))
        continue;
      have.push_back(*definers.front());
      added.push_back(definers.front()->file);
      grew = true;
    }
    for (const Unit &u : units)
      if (!u.program && !isIn(u.file) &&
          llvm::any_of(u.parents,
                       [&](const std::string &p) { return defined(p); })) {
        have.push_back(u);
        added.push_back(u.file);
        grew = true;
      }
  }
  // In the database's order (the build's).
  for (const Unit &u : units)
    if (llvm::is_contained(added, u.file))
      out.moduleFiles.push_back(u.file);
  return out;
}

ProjectUnits
ompx::pipeline::launchProjectUnits(const CompileDatabase &db, StringRef input,
                                   llvm::ArrayRef<std::string> drivers,
                                   bool wantMain,
                                   llvm::ArrayRef<std::string> roots) {
  std::vector<std::string> fortran, objects;
  for (const std::string &d : drivers)
    if (isFortranSource(d))
      fortran.push_back(d);
    else if (auto bytes = ompx::readRegularFile(d))
      objects.push_back(std::move(*bytes));
    else
      llvm::consumeError(bytes.takeError()); // the launch says why
  auto linked = [&](StringRef module) {
    std::string symbol = "_QM" + module.str();
    return llvm::any_of(objects, [&](const std::string &o) {
      return StringRef(o).contains(symbol);
    });
  };
  return projectUnits(db, input, fortran, wantMain, roots, linked);
}
