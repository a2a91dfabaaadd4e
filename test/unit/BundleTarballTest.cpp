//===- BundleTarballTest.cpp - A bundle's .tar.xz from cached pieces ------===//
//
// On a small folder shaped like a bundle (a program, run.sh, lib/ with
// "libraries" of random bytes): the tarball unpacks with tar (and Python)
// to the same files; a second tarball takes every library from the cache;
// a changed library makes a new entry; a half-written entry is never used;
// a cache that cannot be written still gives a tarball, with a note.
//
//===----------------------------------------------------------------------===//

#include "pipeline/launch/BundleTarball.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <random>
#include <string>
#include <vector>

using namespace ompx::pipeline;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace {
class BundleTarballTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(fs::createUniqueDirectory("ompx-tarball-test", root));
    cache = (root + "/cache").str();
    bundle = (root + "/b").str();
    ASSERT_FALSE(fs::create_directories(bundle + "/lib"));
    write(bundle + "/prog", "#!/bin/sh\necho prog\n");
    write(bundle + "/run.sh", "#!/bin/sh\nexec \"$(dirname \"$0\")/prog\"\n");
    // Big enough for several xz blocks' worth of work, and incompressible.
    write(bundle + "/lib/libbig.so.1", randomBytes(3 << 20, 1));
    write(bundle + "/lib/libsmall.so.2", randomBytes(1000, 2));
    write(bundle + "/lib/libempty.so.0", "");
    // A name longer than ustar's 100 bytes (a pax header).
    write(bundle + "/lib/lib" + std::string(110, 'x') + ".so", "long name");
  }
  void TearDown() override { fs::remove_directories(root); }

  static std::string randomBytes(size_t n, unsigned seed) {
    std::mt19937 gen(seed);
    std::string s(n, '\0');
    for (char &c : s)
      c = char(gen());
    return s;
  }
  static void write(const std::string &file, llvm::StringRef text) {
    std::error_code ec;
    llvm::raw_fd_ostream os(file, ec);
    ASSERT_FALSE(ec) << file;
    os << text;
  }
  static std::string read(const std::string &file) {
    auto buf = llvm::MemoryBuffer::getFile(file, false, false);
    return buf ? (*buf)->getBuffer().str() : "<missing " + file + ">";
  }
  /// The cache's entries (complete ones: temporaries are named *.tmp-*).
  std::vector<std::string> entries() {
    std::vector<std::string> out;
    std::error_code ec;
    for (fs::directory_iterator it(cache, ec), end; it != end && !ec;
         it.increment(ec))
      out.push_back(path::filename(it->path()).str());
    std::sort(out.begin(), out.end());
    return out;
  }
  llvm::Expected<TarballStats> tarball(const std::string &out,
                                       std::string cacheDir,
                                       std::vector<std::string> *log = nullptr) {
    TarballOptions o;
    o.cacheDir = std::move(cacheDir);
    if (log)
      o.log = [log](const std::string &m) { log->push_back(m); };
    return writeBundleTarball(bundle, out, o);
  }
  /// Unpacks `tarball` with `tar -xJf` into a new folder; empty on failure.
  std::string unpack(const std::string &tarball, const std::string &into) {
    auto tar = llvm::sys::findProgramByName("tar");
    if (!tar)
      return "";
    EXPECT_FALSE(fs::create_directories(into));
    int rc = llvm::sys::ExecuteAndWait(*tar, {*tar, "-xJf", tarball, "-C",
                                              into});
    return rc == 0 ? into + "/b" : "";
  }
  void expectSameFiles(const std::string &unpacked) {
    for (const char *f :
         {"/prog", "/run.sh", "/lib/libbig.so.1", "/lib/libsmall.so.2",
          "/lib/libempty.so.0"})
      EXPECT_EQ(read(unpacked + f), read(bundle + f)) << f;
    EXPECT_EQ(read(unpacked + "/lib/lib" + std::string(110, 'x') + ".so"),
              "long name");
    fs::file_status st;
    ASSERT_FALSE(fs::status(unpacked + "/run.sh", st));
    fs::file_status orig;
    ASSERT_FALSE(fs::status(bundle + "/run.sh", orig));
    EXPECT_EQ(st.permissions(), orig.permissions());
  }

  llvm::SmallString<256> root;
  std::string cache, bundle;
};
} // namespace

TEST_F(BundleTarballTest, SecondTarballTakesEveryLibraryFromTheCache) {
  std::string first = root.str().str() + "/first.tar.xz";
  auto s1 = tarball(first, cache);
  ASSERT_TRUE(bool(s1)) << llvm::toString(s1.takeError());
  EXPECT_TRUE(s1->cached);
  EXPECT_EQ(s1->compressed, 3u); // the empty library needs no piece
  EXPECT_EQ(s1->reused, 0u);
  std::vector<std::string> after1 = entries();
  EXPECT_EQ(after1.size(), 3u);
  expectSameFiles(unpack(first, root.str().str() + "/u1"));

  // Another program, the same libraries: nothing compressed again.
  write(bundle + "/prog", "#!/bin/sh\necho another program\n");
  std::string second = root.str().str() + "/second.tar.xz";
  auto s2 = tarball(second, cache);
  ASSERT_TRUE(bool(s2)) << llvm::toString(s2.takeError());
  EXPECT_EQ(s2->reused, 3u);
  EXPECT_EQ(s2->compressed, 0u);
  EXPECT_EQ(entries(), after1);
  std::string u2 = unpack(second, root.str().str() + "/u2");
  expectSameFiles(u2);
  EXPECT_EQ(read(u2 + "/prog"), "#!/bin/sh\necho another program\n");
  // No temporary left next to the tarball.
  std::error_code ec;
  for (fs::directory_iterator it(root, ec), end; it != end && !ec;
       it.increment(ec))
    EXPECT_EQ(path::filename(it->path()).find(".piece-"), llvm::StringRef::npos)
        << it->path();
}

TEST_F(BundleTarballTest, PythonReadsTheConcatenatedStreams) {
  auto python = llvm::sys::findProgramByName("python3");
  if (!python)
    GTEST_SKIP() << "no python3";
  std::string out = root.str().str() + "/b.tar.xz";
  ASSERT_TRUE(bool(tarball(out, cache)));
  std::string into = root.str().str() + "/py";
  int rc = llvm::sys::ExecuteAndWait(
      *python, {*python, "-c",
                "import sys, tarfile\n"
                "tarfile.open(sys.argv[1]).extractall(sys.argv[2])\n",
                out, into});
  ASSERT_EQ(rc, 0);
  expectSameFiles(into + "/b");
}

TEST_F(BundleTarballTest, AChangedLibraryIsANewEntry) {
  ASSERT_TRUE(bool(tarball(root.str().str() + "/1.tar.xz", cache)));
  size_t before = entries().size();
  write(bundle + "/lib/libsmall.so.2", randomBytes(1000, 3));
  auto s = tarball(root.str().str() + "/2.tar.xz", cache);
  ASSERT_TRUE(bool(s));
  EXPECT_EQ(s->compressed, 1u);
  EXPECT_EQ(s->reused, 2u);
  EXPECT_EQ(entries().size(), before + 1);
  expectSameFiles(unpack(root.str().str() + "/2.tar.xz",
                         root.str().str() + "/u"));
}

TEST_F(BundleTarballTest, HalfWrittenEntriesAreNeverUsed) {
  ASSERT_TRUE(bool(tarball(root.str().str() + "/1.tar.xz", cache)));
  // A killed bundle's temporary (any bytes) sits beside the entries, and a
  // complete entry was cut short by something else: neither is taken.
  std::string big;
  for (const std::string &e : entries()) {
    write(cache + "/" + e + ".tmp-abcdef", "garbage");
    if (read(cache + "/" + e).size() > big.size())
      big = e;
  }
  std::string whole = read(cache + "/" + big);
  write(cache + "/" + big, llvm::StringRef(whole).take_front(whole.size() / 2));
  std::vector<std::string> log;
  auto s = tarball(root.str().str() + "/2.tar.xz", cache, &log);
  ASSERT_TRUE(bool(s));
  EXPECT_EQ(s->compressed, 1u);
  EXPECT_EQ(s->reused, 2u);
  bool said = false;
  for (const std::string &l : log)
    said |= l.find("is cut short; made again") != std::string::npos;
  EXPECT_TRUE(said);
  EXPECT_EQ(read(cache + "/" + big), whole);
  expectSameFiles(unpack(root.str().str() + "/2.tar.xz",
                         root.str().str() + "/u"));
}

TEST_F(BundleTarballTest, ACacheThatCannotBeWrittenFallsBack) {
  // A file where the cache folder should be.
  write(root.str().str() + "/notadir", "x");
  std::vector<std::string> log;
  auto s = tarball(root.str().str() + "/b.tar.xz",
                   root.str().str() + "/notadir/cache", &log);
  ASSERT_TRUE(bool(s)) << llvm::toString(s.takeError());
  EXPECT_FALSE(s->cached);
  EXPECT_EQ(s->compressed, 3u);
  ASSERT_FALSE(log.empty());
  EXPECT_NE(log[0].find("note: cannot create the cache"), std::string::npos)
      << log[0];
  expectSameFiles(unpack(root.str().str() + "/b.tar.xz",
                         root.str().str() + "/u"));
}

TEST_F(BundleTarballTest, CacheFolderFromTheEnvironment) {
  const char *saved = getenv("OMPX_BUNDLE_CACHE");
  std::string keep = saved ? saved : "";
  setenv("OMPX_BUNDLE_CACHE", "/scratch/c", 1);
  EXPECT_EQ(bundleCacheDir(), "/scratch/c");
  unsetenv("OMPX_BUNDLE_CACHE");
  const char *xdg = getenv("XDG_CACHE_HOME");
  std::string keepXdg = xdg ? xdg : "";
  setenv("XDG_CACHE_HOME", "/x", 1);
  EXPECT_EQ(bundleCacheDir(), "/x/ompx/bundle");
  if (xdg)
    setenv("XDG_CACHE_HOME", keepXdg.c_str(), 1);
  else
    unsetenv("XDG_CACHE_HOME");
  if (saved)
    setenv("OMPX_BUNDLE_CACHE", keep.c_str(), 1);
}
