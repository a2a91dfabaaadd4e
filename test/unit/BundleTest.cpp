//===- BundleTest.cpp - pipeline/Bundle: the ELF dependency resolver ------===//
//
// On the real ompx-lsp binary (DT_NEEDED libMLIR/libLLVM, RUNPATH
// /usr/lib/llvm-22/lib) and on copies of it with a dynamic string patched:
// a needed library that exists nowhere, a RUNPATH with $ORIGIN.
//
//===----------------------------------------------------------------------===//

#include "pipeline/launch/Bundle.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <cstdlib>

using namespace ompx::pipeline;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace {
class BundleTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(fs::createUniqueDirectory("ompx-bundle-test", dir));
  }
  void TearDown() override { fs::remove_directories(dir); }

  /// A copy of ompx-lsp in `dir` whose dynamic string `from` (with its
  /// terminating NUL) reads `to` (the same length).
  std::string patchedCopy(llvm::StringRef from, llvm::StringRef to) {
    EXPECT_EQ(from.size(), to.size());
    auto buf = llvm::MemoryBuffer::getFile(OMPX_LSP_PATH, false, false);
    EXPECT_TRUE(bool(buf));
    std::string bytes = (*buf)->getBuffer().str();
    size_t at = bytes.find(from.str() + '\0');
    EXPECT_NE(at, std::string::npos) << from.str();
    bytes.replace(at, to.size(), to.str());
    llvm::SmallString<256> out(dir);
    path::append(out, "prog");
    std::error_code ec;
    llvm::raw_fd_ostream os(out, ec);
    os << bytes;
    return out.str().str();
  }

  llvm::SmallString<256> dir;
};

const ResolvedLibrary *find(const ResolvedLibraries &r, llvm::StringRef name) {
  for (const ResolvedLibrary &l : r.bundled)
    if (l.name == name)
      return &l;
  return nullptr;
}
} // namespace

TEST_F(BundleTest, ReadsTheDynamicSection) {
  auto info = readElfDynamicInfo(OMPX_LSP_PATH);
  ASSERT_TRUE(bool(info)) << llvm::toString(info.takeError());
  EXPECT_TRUE(llvm::is_contained(info->needed, "libLLVM.so.22.1"));
  EXPECT_TRUE(llvm::is_contained(info->needed, "libc.so.6"));
  EXPECT_TRUE(llvm::is_contained(info->runpath, "/usr/lib/llvm-22/lib"));
  EXPECT_TRUE(info->rpath.empty());

  auto notElf = readElfDynamicInfo(OMPX_SOURCE_DIR "/CMakeLists.txt");
  ASSERT_FALSE(bool(notElf));
  EXPECT_NE(llvm::toString(notElf.takeError()).find("is not an object file"),
            std::string::npos);
}

TEST_F(BundleTest, ResolvesTransitivelyAndLeavesTheCRuntime) {
  auto r =
      resolveSharedLibraries(OMPX_LSP_PATH, LibrarySearch::forThisMachine({}));
  ASSERT_TRUE(bool(r)) << llvm::toString(r.takeError());
  // Through the executable's RUNPATH ...
  const ResolvedLibrary *mlir = find(*r, "libMLIR.so.22.1");
  ASSERT_TRUE(mlir);
  EXPECT_EQ(mlir->path, "/usr/lib/llvm-22/lib/libMLIR.so.22.1");
  // ... and what libLLVM needs in turn, from the cache/system folders.
  const ResolvedLibrary *xml = find(*r, "libxml2.so.2");
  ASSERT_TRUE(xml);
  EXPECT_TRUE(fs::exists(xml->path));
  EXPECT_NE(xml->neededBy.find("libLLVM.so.22.1"), std::string::npos);
  EXPECT_TRUE(find(*r, "libicudata.so.72") || find(*r, "libz.so.1"));
  for (const ResolvedLibrary &l : r->bundled)
    EXPECT_FALSE(isNodeProvidedLibrary(l.name)) << l.name;
  EXPECT_TRUE(llvm::is_contained(r->fromTheNode, "libc.so.6"));
  EXPECT_TRUE(llvm::is_contained(r->fromTheNode, "libstdc++.so.6"));
  // Each name once.
  for (size_t i = 0; i < r->bundled.size(); ++i)
    for (size_t j = i + 1; j < r->bundled.size(); ++j)
      EXPECT_NE(r->bundled[i].name, r->bundled[j].name);
}

TEST_F(BundleTest, LibraryPathComesBeforeTheCache) {
  // A folder on LD_LIBRARY_PATH with a loadable libxml2.so.2 wins.
  auto real =
      resolveSharedLibraries(OMPX_LSP_PATH, LibrarySearch::forThisMachine({}));
  ASSERT_TRUE(bool(real)) << llvm::toString(real.takeError());
  const ResolvedLibrary *xml = find(*real, "libxml2.so.2");
  ASSERT_TRUE(xml);
  llvm::SmallString<256> link(dir);
  path::append(link, "libxml2.so.2");
  ASSERT_FALSE(fs::create_link(xml->path, link));
  // A text file of the same name elsewhere is skipped, as ld.so skips it.
  llvm::SmallString<256> bad(dir);
  path::append(bad, "bad");
  ASSERT_FALSE(fs::create_directory(bad));
  {
    std::error_code ec;
    llvm::raw_fd_ostream os((bad + "/libxml2.so.2").str(), ec);
    os << "not ELF";
  }
  auto r = resolveSharedLibraries(
      OMPX_LSP_PATH,
      LibrarySearch::forThisMachine({bad.str().str(), dir.str().str()}));
  ASSERT_TRUE(bool(r)) << llvm::toString(r.takeError());
  ASSERT_TRUE(find(*r, "libxml2.so.2"));
  EXPECT_EQ(find(*r, "libxml2.so.2")->path, link.str().str());
}

TEST_F(BundleTest, MissingLibraryIsNamed) {
  std::string prog = patchedCopy("libMLIR.so.22.1", "libMLIX.so.22.1");
  auto r = resolveSharedLibraries(prog, LibrarySearch::forThisMachine({}));
  ASSERT_FALSE(bool(r));
  EXPECT_EQ(llvm::toString(r.takeError()),
            "shared library libMLIX.so.22.1 (needed by prog) is not found "
            "where the dynamic loader looks (RPATH/RUNPATH, LD_LIBRARY_PATH, "
            "ld.so.cache, /lib, /usr/lib); install it or put its folder on "
            "LD_LIBRARY_PATH");
}

TEST_F(BundleTest, RunpathOriginIsTheObjectsFolder) {
  // RUNPATH "/usr/lib/llvm-22/lib:" becomes "$ORIGIN/mlir/x/y/zzzz"; libMLIR
  // then resolves there only.
  std::string prog =
      patchedCopy("/usr/lib/llvm-22/lib:", "$ORIGIN/mlir/x/y/zzzz");
  llvm::SmallString<256> sub(dir);
  path::append(sub, "mlir/x/y/zzzz");
  ASSERT_FALSE(fs::create_directories(sub));
  llvm::SmallString<256> link(sub);
  path::append(link, "libMLIR.so.22.1");
  ASSERT_FALSE(fs::create_link("/usr/lib/llvm-22/lib/libMLIR.so.22.1", link));
  auto r = resolveSharedLibraries(prog, LibrarySearch::forThisMachine({}));
  ASSERT_TRUE(bool(r)) << llvm::toString(r.takeError());
  ASSERT_TRUE(find(*r, "libMLIR.so.22.1"));
  EXPECT_EQ(find(*r, "libMLIR.so.22.1")->path, link.str().str());
}

TEST_F(BundleTest, BundleDirMustBeAbsentOrEmpty) {
  llvm::SmallString<256> sub(dir);
  path::append(sub, "b");
  EXPECT_FALSE(bool(checkBundleDir(sub))); // absent
  ASSERT_FALSE(fs::create_directory(sub));
  EXPECT_FALSE(bool(checkBundleDir(sub))); // empty
  {
    std::error_code ec;
    llvm::raw_fd_ostream os((sub + "/f").str(), ec);
  }
  llvm::Error e = checkBundleDir(sub);
  ASSERT_TRUE(bool(e));
  EXPECT_EQ(llvm::toString(std::move(e)),
            "the bundle folder " + sub.str().str() +
                " exists and is not empty; remove it or name another");
}

TEST_F(BundleTest, RunScriptFollowsTheDevice) {
  BundleOptions o;
  o.programName = "it's";
  o.deviceName = "host";
  o.offload = false;
  std::string host = bundleRunScript(o);
  EXPECT_EQ(host.find("OMP_TARGET_OFFLOAD"), std::string::npos);
  EXPECT_NE(host.find("exec \"$here/\"'it'\\''s' \"$@\"\n"), std::string::npos);
  o.deviceName = "nvptx:1";
  o.offload = true;
  o.deviceIndex = 1;
  std::string gpu = bundleRunScript(o);
  EXPECT_NE(gpu.find("export OMP_TARGET_OFFLOAD=MANDATORY\n"),
            std::string::npos);
  EXPECT_NE(gpu.find("OMP_DEFAULT_DEVICE=\"${OMP_DEFAULT_DEVICE:-1}\""),
            std::string::npos);
  EXPECT_NE(gpu.find("no libcuda.so.1 of an NVIDIA driver"), std::string::npos);
  // The recorder only in a bundle that carries it, preloaded only when the
  // launch names where it writes, before the program runs.
  EXPECT_EQ(gpu.find("LD_PRELOAD"), std::string::npos);
  o.observer = "/opt/ompx/lib/ompx/libompx-observe.so";
  std::string recorded = bundleRunScript(o);
  size_t preload = recorded.find(
      "if [ -n \"${OMPX_PROFILE_LOG:-}\" ]; then\n"
      "  LD_PRELOAD=\"$here/lib/libompx-observe.so${LD_PRELOAD:+:$LD_PRELOAD}"
      "\"\n  export LD_PRELOAD\nfi\n");
  ASSERT_NE(preload, std::string::npos) << recorded;
  EXPECT_LT(preload, recorded.find("exec "));
}

TEST_F(BundleTest, HostileNamesNeverMakeALineOfTheScript) {
  // An input named `x<newline>touch INJECTED<newline>.mlir` put `touch
  // INJECTED` on a line of its own in run.sh's comment: running the bundle
  // ran it.
  BundleOptions o;
  o.programName = "x\ntouch INJECTED\n";
  o.deviceName = "host\ntouch INJECTED2";
  o.offload = false;
  {
    std::error_code ec;
    llvm::raw_fd_ostream os((dir + "/run.sh").str(), ec);
    os << bundleRunScript(o);
  }
  std::string run = "cd '" + dir.str().str() + "' && sh run.sh 2>/dev/null";
  EXPECT_NE(std::system(run.c_str()), 0); // no such program: exec fails
  EXPECT_FALSE(fs::exists(dir + "/INJECTED"));
  EXPECT_FALSE(fs::exists(dir + "/INJECTED2"));
  // writeBundle refuses such a name before writing anything.
  o.dir = (dir + "/b").str();
  o.executable = OMPX_LSP_PATH;
  auto r = writeBundle(o);
  ASSERT_FALSE(bool(r));
  EXPECT_EQ(llvm::toString(r.takeError()),
            "the program name 'x?touch INJECTED?' holds a newline (U+000A); "
            "rename the input file");
  EXPECT_FALSE(fs::exists(o.dir));
}

TEST_F(BundleTest, AnExistingTarballIsNeverReplaced) {
  BundleOptions o;
  o.programName = "p";
  o.executable = OMPX_LSP_PATH;
  o.dir = (dir + "/b").str();
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(o.dir + ".tar.xz", ec);
    os << "theirs";
  }
  auto r = writeBundle(o);
  ASSERT_FALSE(bool(r));
  EXPECT_EQ(llvm::toString(r.takeError()),
            "the bundle tarball " + o.dir +
                ".tar.xz exists; remove it or name another bundle folder");
  EXPECT_FALSE(fs::exists(o.dir)); // refused before anything was written
  auto kept = llvm::MemoryBuffer::getFile(o.dir + ".tar.xz");
  ASSERT_TRUE(bool(kept));
  EXPECT_EQ((*kept)->getBuffer(), "theirs");
}
