//===- FileAccess.cpp - What a document may make the server touch ---------===//

#include "support/FileAccess.h"
#include "support/FileRead.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

using namespace ompx;
using llvm::StringRef;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

bool ompx::fileNameFits(StringRef p, FileKind kind) {
  if (kind == FileKind::Any)
    return true;
  std::string ext = path::extension(p).lower();
  // Free and fixed form, preprocessed or not, CUDA Fortran, and the
  // include files flang's locations name.
  static const char *const fortran[] = {".f",   ".for", ".ftn", ".fpp", ".f77",
                                        ".f90", ".f95", ".f03", ".f08", ".f18",
                                        ".cuf", ".inc", ".fi",  ".fh",  ".h"};
  return llvm::is_contained(fortran, StringRef(ext));
}

llvm::Error ompx::checkPathCharacters(StringRef p) {
  if (p.empty())
    return llvm::createStringError("is empty");
  for (unsigned char c : p) {
    if (c >= 0x20 && c != 0x7f)
      continue;
    std::string name = c == '\n'   ? "a newline"
                       : c == '\r' ? "a carriage return"
                       : c == '\t' ? "a tab"
                       : c == 0    ? "a NUL byte"
                                   : "a control character";
    std::string code;
    llvm::raw_string_ostream(code) << llvm::format("U+%04X", unsigned(c));
    return llvm::createStringError("holds " + name + " (" + code + ")");
  }
  return llvm::Error::success();
}

static std::optional<std::string> realPathOf(StringRef p) {
  llvm::SmallString<256> r;
  if (fs::real_path(p, r))
    return std::nullopt;
  return r.str().str();
}

static bool isUnder(StringRef p, StringRef folder) {
  if (folder.empty())
    return false;
  return p.starts_with(folder) &&
         (p.size() == folder.size() || folder.ends_with("/") ||
          p[folder.size()] == '/');
}

bool ompx::insideFolders(llvm::ArrayRef<std::string> folders, StringRef path) {
  if (folders.empty())
    return true;
  std::string real = realPathOf(path).value_or(path.str());
  return llvm::any_of(folders, [&](const std::string &folder) {
    std::optional<std::string> f = realPathOf(folder);
    // A document at `/` names no folder of its own (underAFolder).
    return f && *f != "/" && isUnder(real, *f);
  });
}

void FileAccess::setFolders(llvm::ArrayRef<std::string> folders) {
  {
    std::lock_guard<std::mutex> lock(mutex);
    roots.clear();
    given.clear();
  }
  changeFolders(folders, {});
}

void FileAccess::changeFolders(llvm::ArrayRef<std::string> added,
                               llvm::ArrayRef<std::string> removed) {
  std::vector<std::pair<std::string, std::string>> real;
  for (const std::string &f : added)
    if (std::optional<std::string> r = realPathOf(f); r && fs::is_directory(*r))
      real.push_back({f, *r});
  std::lock_guard<std::mutex> lock(mutex);
  for (const std::string &f : removed)
    for (size_t i = roots.size(); i-- > 0;)
      if (given[i] == f || roots[i] == f) {
        roots.erase(roots.begin() + i);
        given.erase(given.begin() + i);
      }
  for (auto &[g, r] : real) {
    given.push_back(std::move(g));
    roots.push_back(std::move(r));
  }
}

std::vector<std::string> FileAccess::folders() const {
  std::lock_guard<std::mutex> lock(mutex);
  return roots;
}

bool FileAccess::underAFolder(StringRef real, StringRef docReal) const {
  // A document at the file system's root names no folder of its own.
  if (docReal != "/" && isUnder(real, docReal))
    return true;
  std::lock_guard<std::mutex> lock(mutex);
  return llvm::any_of(roots,
                      [&](const std::string &f) { return isUnder(real, f); });
}

/// The real path of `docFolder` ("" when none or it does not exist).
static std::string docRealPath(StringRef docFolder) {
  if (docFolder.empty())
    return "";
  return realPathOf(docFolder).value_or("");
}

static llvm::Error outside(StringRef p, StringRef real) {
  std::string shown = p.str();
  if (real != p)
    shown += " (" + real.str() + ")";
  return llvm::createStringError(
      shown + " is outside the workspace folders and the document's folder");
}

llvm::Expected<std::string> FileAccess::confine(StringRef p,
                                                StringRef docFolder) const {
  return confineReal(p, docRealPath(docFolder));
}

llvm::Expected<std::string> FileAccess::confineReal(StringRef p,
                                                    StringRef docReal) const {
  if (llvm::Error e = checkPathCharacters(p))
    return llvm::createStringError("the path " + llvm::toString(std::move(e)));
  std::optional<std::string> real = realPathOf(p);
  if (!real)
    return llvm::createStringError(p + " does not exist");
  if (!underAFolder(*real, docReal))
    return outside(p, *real);
  return *real;
}

llvm::Expected<std::string> FileAccess::read(StringRef p, StringRef docFolder,
                                             FileKind kind,
                                             uint64_t limit) const {
  if (!fileNameFits(p, kind))
    return llvm::createStringError(p + " is not a Fortran source file");
  std::string doc = docRealPath(docFolder);
  auto real = confineReal(p, doc);
  if (!real)
    return real.takeError();
  // The link may name a Fortran file and lead to another kind of file.
  if (!fileNameFits(*real, kind))
    return llvm::createStringError(*real + " is not a Fortran source file");
  auto text = readRegularFile(*real, limit, [&](StringRef opened) {
    return underAFolder(opened, doc) ? llvm::Error::success()
                                     : outside(p, opened);
  });
  if (!text)
    return llvm::createStringError(p + ": " + llvm::toString(text.takeError()));
  return text;
}

llvm::Error FileAccess::checkCreate(StringRef p, StringRef docFolder,
                                    StringRef what, bool mayExist) const {
  auto named = [&](StringRef shown) {
    return what.empty() ? shown.str() : what.str() + " " + shown.str();
  };
  if (llvm::Error e = checkPathCharacters(p))
    return llvm::createStringError(named(p) + " " +
                                   llvm::toString(std::move(e)));
  llvm::SmallString<256> abs(p);
  fs::make_absolute(abs);
  // `..` stays: the kernel resolves `link/..` from where the link leads,
  // not by dropping `link` (an output `link/../x.mlir` escaped so).
  path::remove_dots(abs, /*remove_dot_dot=*/false);
  fs::file_status st;
  if (!mayExist && !fs::status(abs, st, /*follow=*/false))
    return llvm::createStringError(
        named(abs) +
        " exists; ompx makes new files only: remove it or name another");
  // The nearest existing entry above decides where it would land; a link
  // counts as existing, so a dangling one (no real path) is refused rather
  // than written through.
  StringRef existing = abs;
  while (!existing.empty() && fs::status(existing, st, /*follow=*/false))
    existing = path::parent_path(existing);
  std::optional<std::string> real =
      existing.empty() ? std::nullopt : realPathOf(existing);
  if (!real || !underAFolder(*real, docRealPath(docFolder)))
    return llvm::createStringError(
        named(abs) +
        " is outside the workspace folders and the document's folder");
  return llvm::Error::success();
}
