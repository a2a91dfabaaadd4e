//===- ModuleCache.cpp - Fortran .mod files emit makes and looks for ------===//

#include "pipeline/compile/ModuleCache.h"
#include "pipeline/compile/Includes.h"
#include "support/FileRead.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <functional>

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
  // flang runs in other folders (a database entry's): a relative
  // XDG_CACHE_HOME would name another folder there.
  fs::make_absolute(dir);
  if (std::error_code ec = fs::create_directories(dir))
    return llvm::createStringError(ec, "cannot create the module cache " + dir +
                                           ": " + ec.message());
  return dir.str().str();
}

/// The first word of `s` (letters, digits, `_`), lower case.
/// The Fortran name `s` starts with (a letter first), lower case; empty
/// when it starts with none.
static std::string firstName(StringRef s) {
  if (s.empty() || !llvm::isAlpha(s.front()))
    return "";
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

/// `line` without a trailing `!` comment (outside quotes) and blanks.
static StringRef withoutComment(StringRef line) {
  char quote = 0;
  for (size_t i = 0; i < line.size(); ++i) {
    char c = line[i];
    if (quote) {
      quote = c == quote ? 0 : quote;
    } else if (c == '\'' || c == '"') {
      quote = c;
    } else if (c == '!') {
      return line.take_front(i).rtrim();
    }
  }
  return line.rtrim();
}

std::vector<std::string> ompx::pipeline::usedModules(StringRef source) {
  std::vector<std::string> names;
  // Free-form statements continued with `&` (`use &` / `  pool_mod`) are
  // joined first.
  std::vector<std::string> statements;
  std::string pending;
  for (StringRef line : llvm::split(source, '\n')) {
    StringRef code = withoutComment(line);
    // A comment line between a statement's lines continues nothing.
    if (!pending.empty() && code.trim().empty())
      continue;
    if (!pending.empty()) {
      StringRef next = code.ltrim();
      next.consume_front("&");
      pending += " " + next.str();
    } else {
      pending = code.str();
    }
    if (StringRef(pending).ends_with("&")) {
      pending.pop_back();
      continue;
    }
    // `use iso_c_binding; use pool`: statements a `;` separates.
    for (StringRef part : llvm::split(pending, ';'))
      statements.push_back(part.str());
    pending.clear();
  }
  if (!pending.empty())
    statements.push_back(std::move(pending));
  for (StringRef line : statements) {
    StringRef t = line.ltrim();
    if (!t.starts_with_insensitive("use") || t.size() < 4 ||
        !(llvm::isSpace(t[3]) || t[3] == ',' || t[3] == ':'))
      continue;
    StringRef rest = t.drop_front(3).ltrim();
    if (rest.consume_front(",")) {
      // `use, intrinsic :: iso_c_binding` names no module of the project.
      if (rest.ltrim().starts_with_insensitive("intrinsic"))
        continue;
      rest = rest.drop_until([](char c) { return c == ':'; });
    }
    rest.consume_front("::");
    std::string name = firstName(rest.ltrim());
    if (!name.empty() && !llvm::is_contained(names, name))
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

/// A source's modification time, in nanoseconds; nullopt when it is gone.
static std::optional<std::string> modificationTime(StringRef file) {
  fs::file_status status;
  if (fs::status(file, status))
    return std::nullopt;
  return std::to_string(
      status.getLastModificationTime().time_since_epoch().count());
}

// A record is NAME.source in the cache: "MTIME PATH".
void ompx::pipeline::recordModuleSources(StringRef cacheDir,
                                         llvm::ArrayRef<std::string> modules,
                                         StringRef source) {
  llvm::SmallString<256> real;
  std::optional<std::string> mtime = modificationTime(source);
  if (!mtime || fs::real_path(source, real))
    return;
  for (const std::string &name : modules) {
    llvm::SmallString<256> record = cacheDir, tmp;
    path::append(record, name + ".source");
    int fd;
    if (fs::createUniqueFile(record + ".tmp%%%%%%", fd, tmp))
      continue;
    {
      llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
      os << *mtime << " " << real << "\n";
    }
    if (fs::rename(tmp, record))
      fs::remove(tmp);
  }
}

std::vector<std::string> ompx::pipeline::dropStaleModules(StringRef cacheDir) {
  std::vector<std::string> records, changed;
  std::error_code ec;
  for (fs::directory_iterator it(cacheDir, ec), end; it != end && !ec;
       it.increment(ec)) {
    if (path::extension(it->path()) != ".source")
      continue;
    records.push_back(it->path());
    auto text = llvm::MemoryBuffer::getFile(it->path());
    if (!text)
      continue;
    auto [mtime, source] = (*text)->getBuffer().trim().split(' ');
    if (modificationTime(source) != mtime.str())
      changed.push_back(source.str());
  }
  if (changed.empty())
    return changed;
  for (const std::string &record : records) {
    llvm::SmallString<256> mod = StringRef(record);
    path::replace_extension(mod, ".mod");
    fs::remove(mod);
    fs::remove(record);
  }
  return changed;
}

std::vector<ModFile>
ompx::pipeline::modFiles(llvm::ArrayRef<std::string> folders) {
  std::vector<ModFile> mods;
  llvm::StringSet<> seen;
  for (const std::string &folder : folders) {
    std::error_code ec;
    for (fs::directory_iterator it(folder, ec), end; it != end && !ec;
         it.increment(ec)) {
      if (path::extension(it->path()) != ".mod")
        continue;
      fs::file_status status;
      std::string name = path::stem(it->path()).lower();
      if (fs::status(it->path(), status) ||
          status.type() != fs::file_type::regular_file ||
          !seen.insert(name).second)
        continue;
      mods.push_back({name, it->path(), status.getLastModificationTime()});
    }
  }
  return mods;
}

std::vector<std::string> ompx::pipeline::staleModules(
    llvm::ArrayRef<ModFile> mods,
    const llvm::StringMap<llvm::sys::TimePoint<>> &sourceTimes) {
  llvm::StringMap<const ModFile *> byName;
  for (const ModFile &m : mods)
    byName[m.name] = &m;
  // The modules each .mod file uses (`use a,only:x`), read when it matters.
  llvm::StringMap<std::vector<std::string>> uses;
  auto usesOf = [&](const ModFile &m) -> const std::vector<std::string> & {
    auto [it, fresh] = uses.try_emplace(m.name);
    if (!fresh)
      return it->second;
    if (auto text = ompx::readRegularFile(m.path))
      it->second = usedModules(*text);
    else
      llvm::consumeError(text.takeError());
    return it->second;
  };
  llvm::StringSet<> stale;
  for (const ModFile &m : mods) {
    auto source = sourceTimes.find(m.name);
    if (source != sourceTimes.end() && source->second > m.time)
      stale.insert(m.name);
  }
  if (stale.empty())
    return {};
  // Those using a stale one, to a fixed point.
  for (bool grew = true; grew;) {
    grew = false;
    for (const ModFile &m : mods)
      if (!stale.contains(m.name) &&
          llvm::any_of(usesOf(m), [&](const std::string &used) {
            return stale.contains(used);
          })) {
        stale.insert(m.name);
        grew = true;
      }
  }
  // Each after those it uses (a cycle cannot be a module graph; the
  // `visiting` set only stops a malformed one).
  std::vector<std::string> order;
  llvm::StringSet<> done, visiting;
  std::function<void(const ModFile &)> visit = [&](const ModFile &m) {
    if (done.contains(m.name) || !visiting.insert(m.name).second)
      return;
    for (const std::string &used : usesOf(m))
      if (stale.contains(used) && byName.count(used))
        visit(*byName[used]);
    done.insert(m.name);
    order.push_back(m.name);
  };
  for (const ModFile &m : mods)
    if (stale.contains(m.name))
      visit(m);
  return order;
}

std::vector<std::string>
ompx::pipeline::unitUsedModules(StringRef file, StringRef source,
                                llvm::ArrayRef<std::string> searchDirs) {
  std::vector<std::string> names = usedModules(source);
  for (const std::string &included : includedFiles(file, source, searchDirs))
    if (auto text = ompx::readRegularFile(included)) {
      for (const std::string &name : usedModules(*text))
        if (!llvm::is_contained(names, name))
          names.push_back(name);
    } else {
      llvm::consumeError(text.takeError());
    }
  return names;
}

std::optional<IncludeRefusal>
ompx::pipeline::refusedModuleFile(StringRef file, StringRef workDir,
                                  llvm::ArrayRef<std::string> searchDirs) {
  llvm::Expected<std::string> text = ompx::readRegularFile(file);
  if (!text) { // flang reports it
    llvm::consumeError(text.takeError());
    return std::nullopt;
  }
  std::vector<std::string> dirs{workDir.empty() ? "." : workDir.str()};
  llvm::append_range(dirs, searchDirs);
  for (const std::string &name : unitUsedModules(file, *text, searchDirs))
    for (const std::string &dir : dirs) {
      llvm::SmallString<256> mod(dir);
      path::append(mod, name + ".mod");
      // A FIFO, socket or device (flang waits on it; a folder it reports).
      fs::file_status status;
      if (fs::status(mod, status) || !fs::exists(status) ||
          fs::is_regular_file(status) || fs::is_directory(status))
        continue;
      // At the unit's `use` line naming the module (else its first line).
      unsigned line = 1, column = 1, at = 0;
      auto isName = [](char c) { return llvm::isAlnum(c) || c == '_'; };
      for (StringRef l : llvm::split(*text, '\n')) {
        ++at;
        if (!l.ltrim().starts_with_insensitive("use"))
          continue;
        std::string lower = l.lower();
        size_t found = lower.find(name);
        while (found != std::string::npos &&
               ((found && isName(lower[found - 1])) ||
                (found + name.size() < lower.size() &&
                 isName(lower[found + name.size()]))))
          found = lower.find(name, found + 1);
        if (found != std::string::npos) {
          line = at;
          column = found + 1;
          break;
        }
      }
      return IncludeRefusal{
          file.str(), line, column,
          ("module file " + mod + " of '" + name +
           "' is not a regular file: flang would wait on it (remove it, or "
           "build the module)")
              .str()};
    }
  return std::nullopt;
}
