//===- Bundle.cpp - A self-contained folder to run a program elsewhere ----===//

#include "pipeline/launch/Bundle.h"
#include "pipeline/launch/BundleTarball.h"
#include "support/FileAccess.h"
#include "support/Subprocess.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/BinaryFormat/ELF.h"
#include "llvm/Object/ELFObjectFile.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Support/Chrono.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <deque>
#include <unistd.h>

using namespace ompx;
using namespace ompx::pipeline;
using llvm::StringRef;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

/// The observer's name in a bundle's lib/ (run.sh preloads it).
static constexpr const char *kBundledObserver = "libompx-observe.so";

static llvm::Error error(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

static std::vector<std::string> splitPath(StringRef list) {
  llvm::SmallVector<StringRef> parts;
  list.split(parts, ':', -1, /*KeepEmpty=*/false);
  std::vector<std::string> out;
  for (StringRef p : parts)
    out.push_back(p.str());
  return out;
}

llvm::Expected<ElfDynamicInfo>
ompx::pipeline::readElfDynamicInfo(StringRef file) {
  auto buf = llvm::MemoryBuffer::getFile(file, /*IsText=*/false,
                                         /*RequiresNullTerminator=*/false);
  if (!buf)
    return error("cannot read " + file + ": " + buf.getError().message());
  auto obj = llvm::object::ObjectFile::createObjectFile(**buf);
  if (!obj)
    return error(file +
                 " is not an object file: " + llvm::toString(obj.takeError()));
  // The node is x86-64 Linux; other classes would need their own loader.
  auto *elf = llvm::dyn_cast<llvm::object::ELF64LEObjectFile>(obj->get());
  if (!elf)
    return error(file + " is not a 64-bit little-endian ELF file");
  const auto &ef = elf->getELFFile();
  auto entries = ef.dynamicEntries();
  if (!entries)
    return error(
        file + ": bad dynamic section: " + llvm::toString(entries.takeError()));
  uint64_t strtab = 0, strsz = 0;
  for (const auto &d : *entries) {
    if (d.d_tag == llvm::ELF::DT_STRTAB)
      strtab = d.getPtr();
    else if (d.d_tag == llvm::ELF::DT_STRSZ)
      strsz = d.getVal();
  }
  ElfDynamicInfo info;
  if (entries->empty())
    return info; // static: loads nothing
  if (!strtab)
    return error(file + ": dynamic section without DT_STRTAB");
  auto base = ef.toMappedAddr(strtab);
  if (!base)
    return error(file + ": " + llvm::toString(base.takeError()));
  const char *strings = reinterpret_cast<const char *>(*base);
  const char *end = reinterpret_cast<const char *>(ef.base()) + ef.getBufSize();
  if (strings + strsz > end)
    return error(file + ": DT_STRSZ runs past the end of the file");
  auto str = [&](uint64_t off) -> llvm::Expected<StringRef> {
    if (off >= strsz)
      return error(file + ": dynamic string offset out of range");
    return StringRef(strings + off, strnlen(strings + off, strsz - off));
  };
  for (const auto &d : *entries) {
    uint64_t tag = d.d_tag;
    if (tag != llvm::ELF::DT_NEEDED && tag != llvm::ELF::DT_RPATH &&
        tag != llvm::ELF::DT_RUNPATH)
      continue;
    auto s = str(d.getVal());
    if (!s)
      return s.takeError();
    if (tag == llvm::ELF::DT_NEEDED)
      info.needed.push_back(s->str());
    else
      llvm::append_range(tag == llvm::ELF::DT_RPATH ? info.rpath : info.runpath,
                         splitPath(*s));
  }
  return info;
}

// Excluded: the C runtime. glibc's libraries (libc, libm, libpthread, libdl,
// librt, libutil, libresolv, libmvec, the loader itself) must come from the
// node: they are one unit with its ld.so and kernel interface, and a copy
// from here would shadow the node's own. libstdc++ and libgcc_s come from
// the node too: every Ubuntu has them (apt needs them), Ubuntu 24.04's
// (GCC 14, GLIBCXX_3.4.33) are newer than Debian 12's (GCC 12, 3.4.30) that
// LLVM and the program were built against, so the node's serve them, while
// an older copy first on LD_LIBRARY_PATH would break the node's own C++
// libraries loaded into the same process (the CUDA/ROCm runtimes).
bool ompx::pipeline::isNodeProvidedLibrary(StringRef name) {
  static const char *const kNode[] = {
      "libc.so.6",      "libm.so.6",    "libpthread.so.0", "libdl.so.2",
      "librt.so.1",     "libutil.so.1", "libresolv.so.2",  "libmvec.so.1",
      "libstdc++.so.6", "libgcc_s.so.1"};
  if (name.starts_with("ld-linux") || name.starts_with("/lib64/ld-linux"))
    return true;
  return llvm::is_contained(kNode, name);
}

LibrarySearch
LibrarySearch::forThisMachine(std::vector<std::string> libraryPath) {
  LibrarySearch s;
  s.libraryPath = std::move(libraryPath);
  // glibc's built-in directories on x86-64 plus Debian/Ubuntu's multiarch
  // ones (which ld.so.conf adds; the cache normally covers them).
  s.defaultDirs = {"/lib/x86_64-linux-gnu",
                   "/usr/lib/x86_64-linux-gnu",
                   "/lib64",
                   "/usr/lib64",
                   "/lib",
                   "/usr/lib"};
  auto ldconfig =
      llvm::sys::findProgramByName("ldconfig", {"/sbin", "/usr/sbin"});
  if (!ldconfig)
    ldconfig = llvm::sys::findProgramByName("ldconfig");
  if (!ldconfig)
    return s;
  SpawnOptions spawn;
  spawn.argv = {*ldconfig, "-p"};
  spawn.in = SpawnOptions::Stream::Null;
  spawn.err = SpawnOptions::Stream::Null;
  auto child = Subprocess::spawn(spawn);
  if (!child) {
    llvm::consumeError(child.takeError());
    return s;
  }
  std::string out;
  (*child)->run(std::nullopt, nullptr,
                [&](StringRef data) { out.append(data.data(), data.size()); });
  // "\tlibz.so.1 (libc6,x86-64) => /lib/x86_64-linux-gnu/libz.so.1"
  llvm::SmallVector<StringRef> lines;
  StringRef(out).split(lines, '\n');
  for (StringRef line : lines) {
    line = line.trim();
    size_t open = line.find(" ("), arrow = line.find(") => ");
    if (open == StringRef::npos || arrow == StringRef::npos || arrow < open)
      continue;
    StringRef flags = line.slice(open + 2, arrow);
    if (!flags.contains("x86-64"))
      continue;
    s.cache.emplace_back(line.take_front(open).str(),
                         line.drop_front(arrow + 5).str());
  }
  return s;
}

/// True when `file` is an ELF object the loader would accept for `machine`
/// in 64-bit little-endian form (it skips others and searches on).
static bool isLoadable(StringRef file, uint16_t machine) {
  auto buf = llvm::MemoryBuffer::getFileSlice(file, 20, 0);
  if (!buf || (*buf)->getBufferSize() < 20)
    return false;
  const unsigned char *h =
      reinterpret_cast<const unsigned char *>((*buf)->getBufferStart());
  if (memcmp(h, llvm::ELF::ElfMagic, 4) != 0 ||
      h[llvm::ELF::EI_CLASS] != llvm::ELF::ELFCLASS64 ||
      h[llvm::ELF::EI_DATA] != llvm::ELF::ELFDATA2LSB)
    return false;
  return uint16_t(h[18] | (h[19] << 8)) == machine;
}

static uint16_t machineOf(StringRef file) {
  auto buf = llvm::MemoryBuffer::getFileSlice(file, 20, 0);
  if (!buf || (*buf)->getBufferSize() < 20)
    return 0;
  const unsigned char *h =
      reinterpret_cast<const unsigned char *>((*buf)->getBufferStart());
  return uint16_t(h[18] | (h[19] << 8));
}

static std::string expandOrigin(StringRef dir, StringRef origin) {
  std::string out = dir.str();
  for (StringRef token : {"${ORIGIN}", "$ORIGIN"}) {
    size_t at;
    while ((at = out.find(token.str())) != std::string::npos)
      out.replace(at, token.size(), origin.str());
  }
  return out;
}

llvm::Expected<ResolvedLibraries>
ompx::pipeline::resolveSharedLibraries(StringRef executable,
                                       const LibrarySearch &search) {
  uint16_t machine = machineOf(executable);
  auto exeInfo = readElfDynamicInfo(executable);
  if (!exeInfo)
    return exeInfo.takeError();
  // glibc: an object's DT_RPATH (then its loaders' DT_RPATH, up to the
  // executable's) is searched only when the object has no DT_RUNPATH.
  std::vector<std::string> exeRpath;
  if (exeInfo->runpath.empty())
    for (const std::string &d : exeInfo->rpath)
      exeRpath.push_back(expandOrigin(d, path::parent_path(executable)));
  ResolvedLibraries out;
  llvm::StringSet<> seen;
  struct Pending {
    std::string name, neededBy;
  };
  std::deque<Pending> queue;
  auto enqueue = [&](const ElfDynamicInfo &info, StringRef who) {
    for (const std::string &n : info.needed)
      queue.push_back({n, who.str()});
  };
  enqueue(*exeInfo, executable);
  // Which object asked for each pending name decides its RPATH/RUNPATH.
  llvm::StringMap<ElfDynamicInfo> infoOf;
  infoOf[executable] = *exeInfo;
  while (!queue.empty()) {
    Pending p = queue.front();
    queue.pop_front();
    if (!seen.insert(p.name).second)
      continue;
    if (isNodeProvidedLibrary(p.name)) {
      out.fromTheNode.push_back(p.name);
      continue;
    }
    std::string found;
    if (StringRef(p.name).contains('/')) {
      if (isLoadable(p.name, machine))
        found = p.name;
    } else {
      const ElfDynamicInfo &who = infoOf[p.neededBy];
      std::string origin = path::parent_path(p.neededBy).str();
      std::vector<std::string> dirs;
      if (who.runpath.empty()) {
        for (const std::string &d : who.rpath)
          dirs.push_back(expandOrigin(d, origin));
        llvm::append_range(dirs, exeRpath);
      }
      llvm::append_range(dirs, search.libraryPath);
      for (const std::string &d : who.runpath)
        dirs.push_back(expandOrigin(d, origin));
      // The first of `in` that holds a loadable `p.name`.
      auto findIn = [&](const std::vector<std::string> &in) {
        for (const std::string &d : in) {
          llvm::SmallString<256> c(d);
          path::append(c, p.name);
          if (isLoadable(c, machine))
            return c.str().str();
        }
        return std::string();
      };
      found = findIn(dirs);
      if (found.empty())
        for (const auto &[name, file] : search.cache)
          if (name == p.name && isLoadable(file, machine)) {
            found = file;
            break;
          }
      if (found.empty())
        found = findIn(search.defaultDirs);
    }
    if (found.empty())
      return error("shared library " + p.name + " (needed by " +
                   path::filename(p.neededBy) +
                   ") is not found where the dynamic loader looks "
                   "(RPATH/RUNPATH, LD_LIBRARY_PATH, ld.so.cache, /lib, "
                   "/usr/lib); install it or put its folder on "
                   "LD_LIBRARY_PATH");
    auto info = readElfDynamicInfo(found);
    if (!info)
      return info.takeError();
    infoOf[found] = *info;
    out.bundled.push_back({p.name, found, p.neededBy});
    enqueue(*info, found);
  }
  return out;
}

llvm::Error ompx::pipeline::checkBundleDir(StringRef dir) {
  if (dir.empty())
    return error("--bundle needs a folder");
  fs::file_status st;
  if (fs::status(dir, st))
    return llvm::Error::success(); // absent: created later
  if (!fs::is_directory(st))
    return error("the bundle folder " + dir + " exists and is not a folder");
  std::error_code ec;
  fs::directory_iterator it(dir, ec);
  if (ec)
    return error("cannot read the bundle folder " + dir + ": " + ec.message());
  if (it != fs::directory_iterator())
    return error("the bundle folder " + dir +
                 " exists and is not empty; remove it or name another");
  return llvm::Error::success();
}

/// Single-quoted for sh.
std::string ompx::pipeline::shellQuote(StringRef s) {
  std::string out = "'";
  for (char c : s)
    out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

/// `s` fit for a comment line of a script: no line break ends the comment
/// early and puts the rest on a line of its own (writeBundle refuses such
/// names before; this holds for any caller).
static std::string commentText(StringRef s) {
  std::string out;
  for (char c : s)
    out += static_cast<unsigned char>(c) < 0x20 || c == 0x7f ? '?' : c;
  return out;
}

std::string ompx::pipeline::bundleRunScript(const BundleOptions &o) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "#!/bin/sh\n"
     << "# Written by `ompx-lsp launch --bundle` (device "
     << commentText(o.deviceName) << "): runs " << commentText(o.programName)
     << " with the shared libraries in lib/.\n"
     << "# Usage: run.sh [PROGRAM_ARGS...]   (see docs/launch.md, \"Run on "
        "a GPU node: bundles\")\n"
     << "here=$(cd \"$(dirname \"$0\")\" && pwd) || exit 1\n"
     << "LD_LIBRARY_PATH=\"$here/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}\"\n"
     << "# libomptarget dlopens the unversioned libcuda.so, which only the "
        "CUDA toolkit's\n"
     << "# link stub provides: point it at the driver's libcuda.so.1 "
        "(never a stub).\n"
     << "cuda=\n"
     << "for c in $( { ldconfig -p || /sbin/ldconfig -p; } 2>/dev/null |\n"
     << "            sed -n 's/^[[:space:]]*libcuda\\.so\\.1 "
        "(.*x86-64.*) => //p') \\\n"
     << "         /usr/lib/x86_64-linux-gnu/libcuda.so.1 "
        "/usr/lib64/libcuda.so.1 \\\n"
     << "         /usr/local/nvidia/lib64/libcuda.so.1 "
        "/usr/lib/wsl/lib/libcuda.so.1; do\n"
     << "  case \"$c\" in */stubs/*) continue ;; esac\n"
     << "  if [ -e \"$c\" ]; then cuda=$c; break; fi\n"
     << "done\n"
     << "if [ -n \"$cuda\" ]; then\n"
     << "  # In lib/ when it is writable, else in a folder of this run.\n"
     << "  if ! ln -sf \"$cuda\" \"$here/lib/libcuda.so\" 2>/dev/null; then\n"
     << "    links=$(mktemp -d \"${TMPDIR:-/tmp}/ompx-cuda.XXXXXX\") && \\\n"
     << "      ln -sf \"$cuda\" \"$links/libcuda.so\" && "
        "LD_LIBRARY_PATH=\"$LD_LIBRARY_PATH:$links\"\n"
     << "  fi\n";
  if (StringRef(o.deviceName).starts_with("nvptx"))
    os << "else\n"
       << "  echo \"run.sh: no libcuda.so.1 of an NVIDIA driver found; the "
          "GPU will not be visible\" >&2\n";
  os << "fi\n"
     << "export LD_LIBRARY_PATH\n";
  if (o.offload)
    os << "# A device was asked for: a silent host fallback is an error.\n"
       << "export OMP_TARGET_OFFLOAD=MANDATORY\n"
       << "export OMP_DEFAULT_DEVICE=\"${OMP_DEFAULT_DEVICE:-" << o.deviceIndex
       << "}\"\n";
  if (!o.observer.empty())
    os << "# A recorded launch (ompx-lsp launch --profile): the recorder in "
          "the program.\n"
       << "if [ -n \"${OMPX_PROFILE_LOG:-}\" ]; then\n"
       << "  LD_PRELOAD=\"$here/lib/" << kBundledObserver
       << "${LD_PRELOAD:+:$LD_PRELOAD}\"\n"
       << "  export LD_PRELOAD\n"
       << "fi\n";
  os << "exec \"$here/\"" << shellQuote(o.programName) << " \"$@\"\n";
  return s;
}

static uint64_t folderBytes(StringRef dir) {
  uint64_t total = 0;
  std::error_code ec;
  for (fs::recursive_directory_iterator it(dir, ec), end; it != end && !ec;
       it.increment(ec)) {
    fs::file_status st;
    if (!fs::status(it->path(), st, /*follow=*/false) &&
        fs::is_regular_file(st))
      total += st.getSize();
  }
  return total;
}

static std::string megabytes(uint64_t bytes) {
  std::string s;
  llvm::raw_string_ostream(s) << llvm::format(
      "%.1f MB (%llu bytes)", bytes / 1e6, (unsigned long long)bytes);
  return s;
}

llvm::Error
ompx::pipeline::runToEnd(std::vector<std::string> argv,
                         std::optional<std::vector<std::string>> env,
                         const std::atomic<bool> *cancel) {
  SpawnOptions spawn;
  spawn.argv = std::move(argv);
  spawn.env = std::move(env);
  spawn.in = SpawnOptions::Stream::Null;
  spawn.out = SpawnOptions::Stream::Null;
  spawn.newProcessGroup = true;
  auto child = Subprocess::spawn(spawn);
  if (!child)
    return child.takeError();
  Subprocess::Outcome outcome =
      (*child)->run(std::nullopt, cancel, [](StringRef) {});
  if (outcome.cancelled)
    return error("cancelled");
  if (!outcome.status.success())
    return error(path::filename(spawn.argv[0]) + " " +
                 outcome.status.describe() + ": " +
                 StringRef((*child)->stderrTail()).trim());
  return llvm::Error::success();
}

/// Copies `from` to `to`, readable and executable. copy_file reads
/// through symlinks: lib/ holds each file under the name the loader asks
/// for.
static llvm::Error copyFile(StringRef from, StringRef to) {
  if (std::error_code ec = fs::copy_file(from, to))
    return error("cannot copy " + from + " to " + to + ": " + ec.message());
  fs::setPermissions(to, fs::all_read | fs::all_exe | fs::owner_write);
  return llvm::Error::success();
}

/// Hard-links `to` to the copy of `from` in the library store `store`,
/// storing it first. A store copy is named by the source's identity
/// (device, inode, size, mtime): a library that changes on disk gets a new
/// one, two libraries of one name never share one. Read-only, because hard
/// links share their contents with every bundle (a `strip` in a kept
/// bundle's lib/ must not change later launches). Written under a unique
/// name and linked, so concurrent launches never link a half-written copy.
static llvm::Error linkFromStore(const std::string &store, StringRef from,
                                 StringRef to) {
  fs::file_status st;
  if (std::error_code ec = fs::status(from, st))
    return error("cannot read " + from + ": " + ec.message());
  llvm::SmallString<256> stored(store);
  path::append(stored, path::filename(from) + "." +
                           llvm::utohexstr(st.getUniqueID().getDevice()) + "-" +
                           llvm::utohexstr(st.getUniqueID().getFile()) + "-" +
                           std::to_string(st.getSize()) + "-" +
                           std::to_string(llvm::sys::toTimeT(
                               st.getLastModificationTime())));
  if (!fs::exists(stored)) {
    if (std::error_code ec = fs::create_directories(store))
      return error("cannot create " + store + ": " + ec.message());
    llvm::SmallString<256> tmp;
    if (std::error_code ec =
            fs::createUniqueFile(stored + ".tmp-%%%%%%%%", tmp))
      return error("cannot write in " + store + ": " + ec.message());
    if (llvm::Error e = copyFile(from, tmp)) {
      fs::remove(tmp);
      return e;
    }
    fs::setPermissions(tmp, fs::all_read | fs::all_exe);
    // link(2), not rename(2): when a bundle written at the same time
    // stored the library first, its copy stays and both share one inode
    // (a rename would replace it, and the store would hold two).
    std::error_code ec = fs::create_hard_link(tmp, stored);
    fs::remove(tmp);
    if (ec && ec != std::errc::file_exists)
      return error("cannot write " + stored + ": " + ec.message());
  }
  if (!fs::create_hard_link(stored, to))
    return llvm::Error::success();
  return copyFile(stored, to); // another file system: a copy after all
}

/// BundleOptions::extraFiles into `dir`.
static llvm::Error copyExtraFiles(const BundleOptions &o, StringRef dir) {
  for (const auto &[from, name] : o.extraFiles) {
    llvm::SmallString<256> to(dir);
    path::append(to, name);
    if (std::error_code ec = fs::create_directories(path::parent_path(to)))
      return error("cannot create " + path::parent_path(to) + ": " +
                   ec.message());
    if (llvm::Error e = copyFile(from, to))
      return e;
  }
  return llvm::Error::success();
}

llvm::Expected<BundleResult>
ompx::pipeline::writeBundle(const BundleOptions &o) {
  // Names reach run.sh, the sbcast script and the launch guard's protocol,
  // each a line-based text: a newline in one would start a line of its own.
  if (llvm::Error e = checkPathCharacters(o.programName))
    return error("the program name '" + commentText(o.programName) + "' " +
                 llvm::toString(std::move(e)) + "; rename the input file");
  if (llvm::Error e = checkPathCharacters(o.dir))
    return error("the bundle folder '" + commentText(o.dir) + "' " +
                 llvm::toString(std::move(e)));
  llvm::SmallString<256> dir(o.dir);
  fs::make_absolute(dir);
  path::remove_dots(dir, /*remove_dot_dot=*/true);
  if (llvm::Error e = checkBundleDir(dir))
    return std::move(e);
  // The tarball is a new file: a bundle never replaces one it did not make
  // (checked before anything is written).
  fs::file_status tarballStatus;
  if (o.tarball &&
      !fs::status(dir + ".tar.xz", tarballStatus, /*follow=*/false))
    return error("the bundle tarball " + dir +
                 ".tar.xz exists; remove it or name another bundle folder");
  auto libs = resolveSharedLibraries(o.executable, o.search);
  if (!libs)
    return libs.takeError();
  llvm::SmallString<256> libDir(dir);
  path::append(libDir, "lib");
  if (std::error_code ec = fs::create_directories(libDir))
    return error("cannot create " + libDir + ": " + ec.message());
  llvm::SmallString<256> program(dir);
  path::append(program, o.programName);
  if (llvm::Error e = copyFile(o.executable, program))
    return std::move(e);
  for (const ResolvedLibrary &l : libs->bundled) {
    llvm::SmallString<256> to(libDir);
    path::append(to, path::filename(l.name));
    if (llvm::Error e = o.libraryStore.empty()
                            ? copyFile(l.path, to)
                            : linkFromStore(o.libraryStore, l.path, to))
      return std::move(e);
    if (o.log)
      o.log("bundle: lib/" + path::filename(l.name).str() + " <- " + l.path);
  }
  // libomptarget's OMPT connector dlopens "libomp.so" (through libLLVM):
  // found next to the bundled libomp.so.5 it is that same file, where a
  // node's own libomp.so would be a second OpenMP runtime that aborts the
  // program (OMP: Error #15).
  llvm::SmallString<256> libomp(libDir), devName(libDir);
  path::append(libomp, "libomp.so.5");
  path::append(devName, "libomp.so");
  if (fs::exists(libomp) && !fs::exists(devName)) {
    if (std::error_code ec = fs::create_link("libomp.so.5", devName))
      return error("cannot create " + devName + ": " + ec.message());
    if (o.log)
      o.log("bundle: lib/libomp.so -> libomp.so.5");
  }
  if (!o.observer.empty()) {
    llvm::SmallString<256> to(libDir);
    path::append(to, kBundledObserver);
    if (llvm::Error e = copyFile(o.observer, to))
      return std::move(e);
    if (o.log)
      o.log("bundle: lib/" + std::string(kBundledObserver) + " <- " +
            o.observer);
  }
  if (llvm::Error e = copyExtraFiles(o, dir))
    return std::move(e);
  if (o.log && !libs->fromTheNode.empty()) {
    std::string names;
    for (const std::string &n : libs->fromTheNode)
      names += (names.empty() ? "" : ", ") + n;
    o.log("bundle: from the node (the C runtime): " + names);
  }
  llvm::SmallString<256> script(dir);
  path::append(script, "run.sh");
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(script, ec);
    if (ec)
      return error("cannot write " + script + ": " + ec.message());
    os << bundleRunScript(o);
  }
  fs::setPermissions(script, fs::all_read | fs::all_exe | fs::owner_write);

  BundleResult r;
  r.dir = dir.str().str();
  r.libraries = libs->bundled.size();
  r.bytes = folderBytes(r.dir);
  if (!o.tarball)
    return r;
  r.tarball = r.dir + ".tar.xz";
  TarballOptions t;
  t.cacheDir = o.cacheDir;
  t.cancel = o.cancel;
  t.log = o.log;
  if (o.log)
    o.log("bundle: writing " + r.tarball + " (libraries compressed once, in " +
          (t.cacheDir.empty() ? std::string("no cache") : t.cacheDir) + ")");
  auto stats = writeBundleTarball(r.dir, r.tarball, t);
  if (!stats)
    return error("the bundle folder " + r.dir +
                 " is written, its tarball is not: " +
                 llvm::toString(stats.takeError()));
  if (o.log)
    o.log("bundle: libraries (" + stats->compressor +
          "): " + std::to_string(stats->reused) + " reused from the cache, " +
          std::to_string(stats->compressed) + " compressed" +
          (stats->cached ? " into it" : " (no cache)"));
  uint64_t size = 0;
  fs::file_size(r.tarball, size);
  r.tarballBytes = size;
  if (o.log)
    o.log("bundle: " + r.dir + ": " + std::to_string(r.libraries) +
          " libraries, " + megabytes(r.bytes) + "; " + r.tarball + ": " +
          megabytes(r.tarballBytes));
  return r;
}
