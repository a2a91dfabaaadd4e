//===- BundleTarball.cpp - A bundle's .tar.xz from cached pieces ----------===//

#include "pipeline/launch/BundleTarball.h"
#include "support/Subprocess.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/BLAKE3.h"
#include "llvm/Support/Chrono.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <unistd.h>
#include <vector>

using namespace ompx;
using namespace ompx::pipeline;
using llvm::StringRef;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

static llvm::Error error(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

std::string ompx::pipeline::bundleCacheDir() {
  if (const char *dir = getenv("OMPX_BUNDLE_CACHE"); dir && *dir)
    return dir;
  llvm::SmallString<256> out;
  if (const char *xdg = getenv("XDG_CACHE_HOME"); xdg && *xdg)
    out = xdg;
  else if (const char *home = getenv("HOME"); home && *home)
    path::append(out, home, ".cache");
  else
    return "";
  path::append(out, "ompx", "bundle");
  return out.str().str();
}

namespace {
/// How pieces are compressed: xz (multi-threaded), else Python's lzma.
struct Compressor {
  std::vector<std::string> argv;
  std::optional<std::vector<std::string>> env;
  /// Part of each cache entry's name: pieces made with other settings are
  /// other entries.
  std::string tag;
  std::string label;
};
} // namespace

/// xz -5 with 12 MiB blocks, so that two cores share even a 24 MB library:
/// on libLLVM, -5 is within 1% of -6's size in 80% of its time, and -9 is
/// twice as slow for 2% less. An XZ_OPT the user set replaces the preset
/// (xz reads it before its arguments) and makes entries of its own.
static std::optional<Compressor> findCompressor() {
  Compressor c;
  if (auto xz = llvm::sys::findProgramByName("xz")) {
    const char *opt = getenv("XZ_OPT");
    c.argv = {*xz, "-c", "-q"};
    if (opt && *opt) {
      auto digest = llvm::BLAKE3::hash<4>(llvm::arrayRefFromStringRef(opt));
      c.tag = "xzopt-" + llvm::toHex(digest, /*LowerCase=*/true);
      c.label = "xz (XZ_OPT=" + std::string(opt) + ")";
    } else {
      llvm::append_range(c.argv, std::vector<std::string>{
                                     "-5", "-T0", "--block-size=12MiB"});
      c.tag = "xz5";
      c.label = "xz -5";
    }
    return c;
  }
  if (auto python = llvm::sys::findProgramByName("python3")) {
    c.argv = {*python, "-c",
              "import sys, lzma\n"
              "sys.stdout.buffer.write("
              "lzma.compress(sys.stdin.buffer.read(), preset=5))\n"};
    c.tag = "xz5";
    c.label = "python3 lzma (no xz here)";
    return c;
  }
  return std::nullopt;
}

/// Compresses `data` into `outFile` (one xz stream), fed in slices so that
/// a cancel is seen within one.
static llvm::Error compressTo(const Compressor &c, StringRef data,
                              StringRef outFile,
                              const std::atomic<bool> *cancel) {
  SpawnOptions spawn;
  spawn.argv = c.argv;
  spawn.env = c.env;
  spawn.out = SpawnOptions::Stream::File;
  spawn.outFile = outFile.str();
  spawn.newProcessGroup = true;
  spawn.pipeBytes = 1 << 20;
  auto child = Subprocess::spawn(spawn);
  if (!child)
    return child.takeError();
  constexpr size_t kSlice = 1 << 20;
  for (size_t at = 0; at < data.size(); at += kSlice) {
    if (cancel && cancel->load())
      break;
    if (!(*child)->writeStdin(data.substr(at, kSlice)))
      break; // it ended: its status says why
  }
  (*child)->closeStdin();
  Subprocess::Outcome outcome =
      (*child)->run(std::nullopt, cancel, [](StringRef) {});
  if (outcome.cancelled || (cancel && cancel->load()))
    return error("cancelled");
  if (!outcome.status.success())
    return error(path::filename(c.argv[0]) + " " +
                 outcome.status.describe() + ": " +
                 StringRef((*child)->stderrTail()).trim());
  return llvm::Error::success();
}

/// True for a complete xz stream as far as its ends tell: the header magic
/// and the footer's "YZ" (a file cut short ends elsewhere).
static bool looksComplete(StringRef piece) {
  static const char kMagic[] = {'\xfd', '7', 'z', 'X', 'Z', '\0'};
  return piece.size() >= 32 && piece.starts_with(StringRef(kMagic, 6)) &&
         piece.ends_with("YZ");
}

//===----------------------------------------------------------------------===//
// ustar headers (POSIX.1-1988), with a pax `path` record for long names.
//===----------------------------------------------------------------------===//

static void putOctal(char *field, size_t width, uint64_t value) {
  std::string digits;
  do {
    digits.insert(digits.begin(), char('0' + (value & 7)));
    value >>= 3;
  } while (value);
  if (digits.size() < width - 1)
    digits.insert(0, width - 1 - digits.size(), '0');
  memcpy(field, digits.data(), std::min(digits.size(), width - 1));
}

static std::string headerBlock(StringRef name, char type, unsigned mode,
                               uint64_t size, uint64_t mtime,
                               StringRef linkName = "") {
  std::string h(512, '\0');
  memcpy(&h[0], name.data(), std::min<size_t>(name.size(), 100));
  memcpy(&h[157], linkName.data(), std::min<size_t>(linkName.size(), 100));
  putOctal(&h[100], 8, mode);
  putOctal(&h[108], 8, 0); // uid, gid: root's, names empty (as `tar
  putOctal(&h[116], 8, 0); // --owner=0 --group=0 --numeric-owner`)
  putOctal(&h[124], 12, size);
  putOctal(&h[136], 12, mtime);
  h[156] = type;
  memcpy(&h[257], "ustar\0" "00", 8);
  memset(&h[148], ' ', 8);
  unsigned sum = 0;
  for (char ch : h)
    sum += static_cast<unsigned char>(ch);
  putOctal(&h[148], 7, sum);
  return h;
}

static std::string padding(uint64_t size) {
  return std::string((512 - size % 512) % 512, '\0');
}

/// The header(s) of one member: a pax extended header first when the name
/// does not fit the 100 bytes of ustar's.
static std::string memberHeader(StringRef name, char type, unsigned mode,
                                uint64_t size, uint64_t mtime,
                                StringRef linkName = "") {
  if (name.size() <= 100)
    return headerBlock(name, type, mode, size, mtime, linkName);
  // "LEN path=NAME\n", LEN counting itself.
  std::string body = " path=" + name.str() + "\n";
  size_t len = body.size() + 1;
  while (std::to_string(len).size() + body.size() != len)
    ++len;
  std::string record = std::to_string(len) + body;
  return headerBlock("PaxHeader", 'x', 0644, record.size(), mtime) + record +
         padding(record.size()) +
         headerBlock(name.take_front(100), type, mode, size, mtime, linkName);
}

namespace {
/// One file or folder of the bundle, in the order the tarball holds them.
struct Member {
  std::string path; ///< on disk
  std::string name; ///< in the tarball
  bool isDir = false;
  bool viaCache = false; ///< a library: its data from the cache
};

/// The tarball being written: raw tar bytes gather in `pending` and leave
/// as one xz stream whenever a library's cached stream comes next.
class TarballWriter {
public:
  TarballWriter(const Compressor &c, StringRef tarball,
                const TarballOptions &o)
      : c(c), tarball(tarball.str()), o(o) {}
  llvm::Error open();
  llvm::Error add(const Member &m);
  /// Ends the archive and renames the tarball into place.
  llvm::Error finish();
  void abandon();

  std::string cacheDir; ///< empty: no cache
  TarballStats stats;

private:
  llvm::Error flush();
  llvm::Error append(StringRef file);
  llvm::Error cachedPiece(StringRef data, std::string &piece, bool &temporary);

  const Compressor &c;
  std::string tarball, partial;
  const TarballOptions &o;
  std::unique_ptr<llvm::raw_fd_ostream> out;
  std::string pending;
};
} // namespace

llvm::Error TarballWriter::open() {
  int fd;
  llvm::SmallString<256> name;
  if (std::error_code ec = fs::createUniqueFile(
          tarball + ".partial-%%%%%%", fd, name, fs::OF_None, 0644))
    return error("cannot write " + tarball + ": " + ec.message());
  partial = name.str().str();
  out = std::make_unique<llvm::raw_fd_ostream>(fd, /*shouldClose=*/true);
  return llvm::Error::success();
}

void TarballWriter::abandon() {
  out.reset();
  if (!partial.empty())
    fs::remove(partial);
}

/// Copies a compressed piece to the tarball.
llvm::Error TarballWriter::append(StringRef file) {
  auto buf = llvm::MemoryBuffer::getFile(file, /*IsText=*/false,
                                         /*RequiresNullTerminator=*/false);
  if (!buf)
    return error("cannot read " + file + ": " + buf.getError().message());
  out->write((*buf)->getBufferStart(), (*buf)->getBufferSize());
  if (out->has_error())
    return error("cannot write " + partial + ": " +
                 out->error().message());
  return llvm::Error::success();
}

llvm::Error TarballWriter::flush() {
  if (pending.empty())
    return llvm::Error::success();
  llvm::SmallString<256> piece;
  if (std::error_code ec =
          fs::createUniqueFile(tarball + ".piece-%%%%%%", piece))
    return error("cannot write next to " + tarball + ": " + ec.message());
  llvm::Error e = compressTo(c, pending, piece, o.cancel);
  if (!e)
    e = append(piece);
  fs::remove(piece);
  pending.clear();
  return e;
}

/// The cache entry of `data` (made when missing), or a temporary piece
/// when the cache cannot be written.
llvm::Error TarballWriter::cachedPiece(StringRef data, std::string &piece,
                                       bool &temporary) {
  auto digest = llvm::BLAKE3::hash<16>(llvm::arrayRefFromStringRef(data));
  temporary = false;
  if (!cacheDir.empty()) {
    llvm::SmallString<256> entry(cacheDir);
    path::append(entry, llvm::toHex(digest, /*LowerCase=*/true) + "-" +
                            std::to_string(data.size()) + "." + c.tag + ".xz");
    piece = entry.str().str();
    if (auto buf = llvm::MemoryBuffer::getFile(piece, false, false)) {
      if (looksComplete((*buf)->getBuffer())) {
        ++stats.reused;
        return llvm::Error::success();
      }
      if (o.log)
        o.log("bundle: cache entry " + piece + " is cut short; made again");
    }
    // Written under a temporary name and renamed: a process killed midway
    // leaves only a name no bundle reads, and a bundle written at the same
    // time finds the whole entry or none.
    llvm::SmallString<256> tmp;
    if (!fs::createUniqueFile(piece + ".tmp-%%%%%%", tmp)) {
      llvm::Error e = compressTo(c, data, tmp, o.cancel);
      if (!e && fs::rename(tmp, piece))
        e = error("cannot rename " + tmp + " to " + piece);
      if (e)
        fs::remove(tmp);
      else
        ++stats.compressed;
      return e;
    }
    if (o.log)
      o.log("bundle: note: cannot write in the cache " + cacheDir +
            "; compressing every library for this bundle only");
    cacheDir.clear();
    stats.cached = false;
  }
  llvm::SmallString<256> tmp;
  if (std::error_code ec =
          fs::createUniqueFile(tarball + ".piece-%%%%%%", tmp))
    return error("cannot write next to " + tarball + ": " + ec.message());
  piece = tmp.str().str();
  temporary = true;
  ++stats.compressed;
  return compressTo(c, data, piece, o.cancel);
}

llvm::Error TarballWriter::add(const Member &m) {
  fs::file_status st;
  if (std::error_code ec = fs::status(m.path, st, /*follow=*/false))
    return error("cannot read " + m.path + ": " + ec.message());
  uint64_t mtime = llvm::sys::toTimeT(st.getLastModificationTime());
  unsigned mode = st.permissions() & 07777;
  if (m.isDir) {
    pending += memberHeader(m.name + "/", '5', mode, 0, mtime);
    return llvm::Error::success();
  }
  if (fs::is_symlink_file(st)) {
    // A name the loader asks for next to its file (lib/libomp.so).
    char target[101] = {0};
    ssize_t n = ::readlink(m.path.c_str(), target, sizeof(target) - 1);
    if (n <= 0 || n > 100)
      return error("cannot read the link " + m.path);
    pending += memberHeader(m.name, '2', 0777, 0, mtime, StringRef(target, n));
    return llvm::Error::success();
  }
  if (!fs::is_regular_file(st))
    return error(m.path + " is neither a file nor a folder");
  auto buf = llvm::MemoryBuffer::getFile(m.path, /*IsText=*/false,
                                         /*RequiresNullTerminator=*/false);
  if (!buf)
    return error("cannot read " + m.path + ": " + buf.getError().message());
  StringRef data = (*buf)->getBuffer();
  pending += memberHeader(m.name, '0', mode, data.size(), mtime);
  if (!m.viaCache || data.empty()) {
    pending += data;
    pending += padding(data.size());
    return llvm::Error::success();
  }
  if (llvm::Error e = flush())
    return e;
  std::string piece;
  bool temporary = false;
  llvm::Error e = cachedPiece(data, piece, temporary);
  if (!e)
    e = append(piece);
  if (temporary)
    fs::remove(piece);
  if (e)
    return e;
  pending += padding(data.size());
  return llvm::Error::success();
}

llvm::Error TarballWriter::finish() {
  pending += std::string(1024, '\0'); // the end-of-archive marker
  if (llvm::Error e = flush())
    return e;
  out->close();
  if (out->has_error())
    return error("cannot write " + partial + ": " + out->error().message());
  if (std::error_code ec = fs::rename(partial, tarball))
    return error("cannot rename " + partial + " to " + tarball + ": " +
                 ec.message());
  partial.clear();
  return llvm::Error::success();
}

/// `dir`'s members under `name`, folders before their contents, by name.
static llvm::Error listMembers(StringRef dir, StringRef name, bool libs,
                               std::vector<Member> &out) {
  out.push_back({dir.str(), name.str(), /*isDir=*/true, false});
  std::vector<std::string> entries;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; it != end && !ec;
       it.increment(ec))
    entries.push_back(it->path());
  if (ec)
    return error("cannot read " + dir + ": " + ec.message());
  llvm::sort(entries);
  for (const std::string &e : entries) {
    std::string child = (name + "/" + path::filename(e)).str();
    fs::file_status st;
    if (std::error_code sec = fs::status(e, st, /*follow=*/false))
      return error("cannot read " + e + ": " + sec.message());
    if (fs::is_directory(st)) {
      if (llvm::Error err =
              listMembers(e, child, path::filename(e) == "lib", out))
        return err;
      continue;
    }
    out.push_back({e, child, false, libs});
  }
  return llvm::Error::success();
}

/// Removes temporaries of this cache that a killed bundle left (older than
/// a day, so never one being written).
static void removeStaleTemporaries(StringRef cacheDir) {
  std::error_code ec;
  auto dayAgo = std::chrono::system_clock::now() - std::chrono::hours(24);
  for (fs::directory_iterator it(cacheDir, ec), end; it != end && !ec;
       it.increment(ec)) {
    if (!StringRef(path::filename(it->path())).contains(".tmp-"))
      continue;
    fs::file_status st;
    if (!fs::status(it->path(), st, false) &&
        st.getLastModificationTime() < dayAgo)
      fs::remove(it->path());
  }
}

llvm::Expected<TarballStats>
ompx::pipeline::writeBundleTarball(StringRef dir, StringRef tarball,
                                   const TarballOptions &o) {
  std::optional<Compressor> c = findCompressor();
  if (!c)
    return error("cannot write " + tarball +
                 ": neither xz nor python3 is installed");
  std::vector<Member> members;
  if (llvm::Error e =
          listMembers(dir, path::filename(dir), /*libs=*/false, members))
    return std::move(e);
  TarballWriter w(*c, tarball, o);
  w.stats.compressor = c->label;
  if (!o.cacheDir.empty()) {
    if (std::error_code ec = fs::create_directories(o.cacheDir)) {
      if (o.log)
        o.log("bundle: note: cannot create the cache " + o.cacheDir + " (" +
              ec.message() +
              "); compressing every library for this bundle only");
    } else {
      w.cacheDir = o.cacheDir;
      w.stats.cached = true;
      removeStaleTemporaries(o.cacheDir);
    }
  }
  if (llvm::Error e = w.open())
    return std::move(e);
  for (const Member &m : members)
    if (llvm::Error e = w.add(m)) {
      w.abandon();
      return std::move(e);
    }
  if (llvm::Error e = w.finish()) {
    w.abandon();
    return std::move(e);
  }
  return w.stats;
}
