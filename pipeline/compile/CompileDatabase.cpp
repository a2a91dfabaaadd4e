//===- CompileDatabase.cpp - a build's compile_commands.json --------------===//

#include "pipeline/compile/CompileDatabase.h"
#include "support/FileAccess.h"
#include "support/FileRead.h"
#include "support/JsonParse.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/StringSaver.h"

using namespace ompx::pipeline;
using llvm::StringRef;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

/// `name` resolved against `directory`, symlinks and dots gone (dots only
/// when it does not exist).
static std::string resolvedPath(StringRef name, StringRef directory) {
  llvm::SmallString<256> p = name;
  if (!path::is_absolute(p)) {
    p = directory;
    path::append(p, name);
  }
  llvm::SmallString<256> real;
  if (!fs::real_path(p, real))
    return real.str().str();
  path::remove_dots(p, /*remove_dot_dot=*/true);
  return p.str().str();
}

const CompileEntry *CompileDatabase::find(StringRef realPath) const {
  for (const CompileEntry &e : entries)
    if (e.file == realPath)
      return &e;
  return nullptr;
}

std::string ompx::pipeline::findCompileDatabase(StringRef source,
                                                std::string *unreadable) {
  llvm::SmallString<256> dir;
  if (fs::real_path(source, dir))
    dir = source;
  for (StringRef d = path::parent_path(dir); !d.empty();
       d = path::parent_path(d)) {
    // CMake's usual out-of-source build folder, `build/`, as clangd looks:
    // the project's database is rarely next to its sources.
    for (StringRef sub : {"", "build"}) {
      llvm::SmallString<256> candidate = d;
      path::append(candidate, sub, "compile_commands.json");
      // One this process may not open (above a confined emit's project,
      // support/Confine.h) is none of its business.
      int fd = -1;
      if (!fs::is_regular_file(candidate))
        continue;
      if (fs::openFileForRead(candidate, fd)) {
        if (unreadable && unreadable->empty())
          *unreadable = candidate.str().str();
        continue;
      }
      fs::closeFile(fd);
      return candidate.str().str();
    }
  }
  return "";
}

std::vector<std::string>
ompx::pipeline::buildFolderDatabases(StringRef source,
                                     llvm::ArrayRef<std::string> roots) {
  llvm::SmallString<256> file;
  if (fs::real_path(source, file))
    return {};
  // The project's top: the root holding the file (the deepest), else the
  // nearest folder above holding .git.
  std::string top;
  for (const std::string &root : roots) {
    llvm::SmallString<256> real;
    if (!fs::real_path(root, real) &&
        ompx::insideFolders({real.str().str()}, file) &&
        real.size() > top.size())
      top = real.str().str();
  }
  if (top.empty() && roots.empty())
    for (StringRef d = path::parent_path(file); !d.empty();
         d = path::parent_path(d)) {
      llvm::SmallString<256> git = d;
      path::append(git, ".git");
      if (fs::exists(git)) {
        top = d.str();
        break;
      }
    }
  if (top.empty())
    return {};
  // A folder of many files (generated sources) is looked at in part.
  constexpr unsigned kMaxSubfolders = 256, kMaxEntries = 4096;
  std::vector<std::string> found;
  for (StringRef d = path::parent_path(file); !d.empty();
       d = path::parent_path(d)) {
    std::error_code ec;
    unsigned seen = 0;
    std::vector<std::string> subs;
    for (fs::directory_iterator it(d, ec), end;
         !ec && it != end && seen < kMaxEntries && subs.size() < kMaxSubfolders;
         it.increment(ec), ++seen) {
      StringRef name = path::filename(it->path());
      if (name.starts_with(".") || name == "build" ||
          it->type() != fs::file_type::directory_file)
        continue;
      subs.push_back(it->path());
    }
    llvm::sort(subs);
    for (const std::string &sub : subs) {
      llvm::SmallString<256> candidate = StringRef(sub);
      path::append(candidate, "compile_commands.json");
      if (!fs::is_regular_file(candidate))
        continue;
      auto db = loadCompileDatabase(candidate);
      if (!db) {
        llvm::consumeError(db.takeError());
        continue;
      }
      if (db->find(file))
        found.push_back(candidate.str().str());
    }
    if (d == top)
      break;
  }
  return found;
}

llvm::Expected<std::optional<CompileDatabase>>
ompx::pipeline::listingDatabase(StringRef source,
                                llvm::ArrayRef<std::string> roots) {
  llvm::SmallString<256> real;
  if (fs::real_path(source, real))
    return std::nullopt;
  std::string nearest = findCompileDatabase(real);
  for (const std::string &path : {nearest, std::string()}) {
    std::vector<std::string> paths{path};
    if (path.empty())
      paths = buildFolderDatabases(real, roots);
    if (paths.size() != 1 || paths.front().empty() ||
        !ompx::insideFolders(roots, paths.front()))
      continue;
    auto db = loadCompileDatabase(paths.front());
    if (!db)
      return db.takeError();
    if (db->find(real))
      return std::optional<CompileDatabase>(std::move(*db));
  }
  return std::nullopt;
}

std::vector<std::string>
ompx::pipeline::compileFlags(llvm::ArrayRef<std::string> argv,
                             StringRef directory, StringRef file) {
  std::vector<std::string> flags;
  for (size_t i = 1; i < argv.size(); ++i) {
    StringRef a = argv[i];
    if (a == "-c")
      continue;
    if (a == "-o") {
      ++i;
      continue;
    }
    if (a.starts_with("-o") && !a.starts_with("-openmp"))
      continue; // -oFILE
    if (!a.starts_with("-") && resolvedPath(a, directory) == file)
      continue;
    flags.push_back(a.str());
  }
  return flags;
}

/// Whether a database's flag may not reach flang: the database is a file
/// of the project, as untrusted as a document, and these load a plugin
/// (-fpass-plugin, -fplugin, -load), read a file as more flags (@FILE,
/// --config), pick another driver's programs (-B, -ccc-*), or pass options
/// unchecked to flang's frontend or to LLVM/MLIR (-Xflang, -Xclang, -mllvm,
/// -mmlir: -load=, a crash reproducer's output file, an -o).
static bool untrustedFlag(StringRef a) {
  if (a.starts_with("@"))
    return true;
  static const char *const kPrefixes[] = {
      "-fpass-plugin", "-fplugin", "-load",   "--config", "-B",
      "-ccc-",         "-Xflang",  "-Xclang", "-mllvm",   "-mmlir",
      "--ld-path",     "-fuse-ld"};
  for (StringRef p : kPrefixes)
    if (a.starts_with(p))
      return true;
  return false;
}

/// One entry; an error (without the database's name) when malformed.
/// A relative "directory" is taken from `dbDir`, the database's folder, as
/// clang's tools do: where the reader runs says nothing of where the build ran.
static llvm::Expected<CompileEntry> parseEntry(const llvm::json::Value &v,
                                               StringRef dbDir) {
  auto bad = [](const llvm::Twine &why) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), why);
  };
  const llvm::json::Object *o = v.getAsObject();
  if (!o)
    return bad("an entry is not an object");
  std::optional<StringRef> dir = o->getString("directory");
  std::optional<StringRef> file = o->getString("file");
  if (!dir || !file)
    return bad("an entry has no \"directory\" or \"file\" string");
  CompileEntry e;
  e.directory = resolvedPath(*dir, dbDir);
  e.file = resolvedPath(*file, e.directory);
  std::vector<std::string> argv;
  if (const llvm::json::Array *args = o->getArray("arguments")) {
    for (const llvm::json::Value &a : *args) {
      std::optional<StringRef> s = a.getAsString();
      if (!s)
        return bad("the \"arguments\" of " + *file + " are not all strings");
      argv.push_back(s->str());
    }
  } else if (std::optional<StringRef> command = o->getString("command")) {
    llvm::BumpPtrAllocator alloc;
    llvm::StringSaver saver(alloc);
    llvm::SmallVector<const char *> tokens;
    llvm::cl::TokenizeGNUCommandLine(*command, saver, tokens);
    for (const char *t : tokens)
      argv.push_back(t);
  } else {
    return bad("the entry of " + *file +
               " has neither \"arguments\" nor \"command\"");
  }
  // A compiler launcher before the compiler (`ccache flang-22 ...`, as
  // hand-written and compiledb databases keep it).
  while (argv.size() > 1 &&
         llvm::is_contained({"ccache", "sccache", "distcc", "icecc"},
                            path::filename(argv.front())))
    argv.erase(argv.begin());
  if (argv.empty())
    return bad("the command of " + *file + " is empty");
  for (size_t i = 1; i < argv.size(); ++i)
    if (untrustedFlag(argv[i])) {
      e.refused = ("the entry of " + *file + " passes '" + argv[i] +
                   "', which loads code into flang or makes it read or write "
                   "files emit does not name; flags from a database may not "
                   "(give them after `--`)")
                      .str();
      return e;
    }
  e.flags = compileFlags(argv, e.directory, e.file);
  return e;
}

llvm::Expected<CompileDatabase>
ompx::pipeline::loadCompileDatabase(StringRef dbPath) {
  auto fail = [&](const llvm::Twine &why) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "compile database " + dbPath + ": " + why);
  };
  auto text = ompx::readRegularFile(dbPath);
  if (!text)
    return fail(llvm::toString(text.takeError()));
  llvm::Expected<llvm::json::Value> json = ompx::parseJson(*text);
  if (!json)
    return fail("not JSON: " + llvm::toString(json.takeError()));
  const llvm::json::Array *array = json->getAsArray();
  if (!array)
    return fail("not a JSON array of compile commands");
  CompileDatabase db;
  db.path = dbPath.str();
  llvm::SmallString<256> dbDir = dbPath;
  if (fs::make_absolute(dbDir))
    return fail("cannot make its path absolute");
  path::remove_filename(dbDir);
  for (const llvm::json::Value &v : *array) {
    llvm::Expected<CompileEntry> e = parseEntry(v, dbDir);
    if (!e)
      return fail(llvm::toString(e.takeError()));
    db.entries.push_back(std::move(*e));
  }
  return db;
}
