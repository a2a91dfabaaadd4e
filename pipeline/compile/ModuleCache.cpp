//===- ModuleCache.cpp - Fortran .mod files emit makes and looks for ------===//

#include "pipeline/compile/ModuleCache.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/xxhash.h"

using namespace ompx::pipeline;
using llvm::StringRef;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

llvm::Expected<std::string> ompx::pipeline::moduleCacheDir(StringRef key) {
  // $XDG_CACHE_HOME, else ~/.cache (HOME, else the password database).
  llvm::SmallString<256> dir;
  if (!path::cache_directory(dir))
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "no folder for the module cache: XDG_CACHE_HOME is not set and the "
        "home folder is unknown");
  path::append(dir, "ompx", "modules",
               llvm::utohexstr(llvm::xxh3_64bits(key), /*LowerCase=*/true));
  if (std::error_code ec = fs::create_directories(dir))
    return llvm::createStringError(ec, "cannot create the module cache " + dir +
                                           ": " + ec.message());
  return dir.str().str();
}

/// The first word of `s` (letters, digits, `_`), lower case.
static std::string firstName(StringRef s) {
  StringRef name =
      s.take_while([](char c) { return llvm::isAlnum(c) || c == '_'; });
  return name.lower();
}

std::vector<std::string> ompx::pipeline::definedModules(StringRef source) {
  std::vector<std::string> names;
  for (StringRef line : llvm::split(source, '\n')) {
    StringRef t = line.ltrim();
    if (!t.starts_with_insensitive("module") || t.size() < 7 ||
        !llvm::isSpace(t[6]))
      continue;
    std::string name = firstName(t.drop_front(6).ltrim());
    // `module procedure`, `module subroutine f`, `module function f`: not a
    // module of that name.
    StringRef afterName =
        t.drop_front(6).ltrim().drop_front(name.size()).ltrim();
    if (name.empty() || name == "procedure" ||
        ((name == "subroutine" || name == "function") && !afterName.empty() &&
         !afterName.starts_with("!")))
      continue;
    if (!llvm::is_contained(names, name))
      names.push_back(name);
  }
  return names;
}

std::vector<std::string> ompx::pipeline::missingModules(StringRef flangStderr) {
  std::vector<std::string> names;
  constexpr StringRef kStart = "Cannot parse module file for module '";
  for (StringRef line : llvm::split(flangStderr, '\n')) {
    size_t at = line.find(kStart);
    if (at == StringRef::npos || !line.contains("' was not found"))
      continue;
    StringRef name = line.drop_front(at + kStart.size()).take_until([](char c) {
      return c == '\'';
    });
    if (!name.empty() && !llvm::is_contained(names, name.lower()))
      names.push_back(name.lower());
  }
  return names;
}

bool ompx::pipeline::isFortranSource(StringRef name) {
  StringRef ext = path::extension(name);
  static const char *const kExtensions[] = {".f90", ".f",   ".f95", ".f03",
                                            ".f08", ".f18", ".for", ".ftn"};
  return llvm::any_of(kExtensions,
                      [&](const char *e) { return ext.equals_insensitive(e); });
}
