//===- FileAccessTest.cpp - What a document may make the server touch -----===//

#include "support/FileAccess.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

using namespace ompx;

namespace {
/// ROOT/ws (a workspace folder), ROOT/ws/doc (a document's folder),
/// ROOT/other (a folder of its own: another document's), ROOT/outside.
struct Tree : ::testing::Test {
  std::string root, ws, doc, other, outside;
  FileAccess files;

  void SetUp() override {
    llvm::SmallString<128> dir;
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("ompx-access", dir));
    llvm::SmallString<128> real;
    ASSERT_FALSE(llvm::sys::fs::real_path(dir, real));
    root = real.str().str();
    ws = root + "/ws";
    doc = ws + "/doc";
    other = root + "/other";
    outside = root + "/outside";
    for (const std::string &d : {ws, doc, other, outside})
      ASSERT_FALSE(llvm::sys::fs::create_directories(d));
    write(doc + "/a.f90", "      x = 1\n");
    write(other + "/b.f90", "      y = 2\n");
    write(outside + "/secret.f90", "secret\n");
    write(outside + "/secret.txt", "secret\n");
    files.setFolders({ws, root + "/missing"});
  }
  void TearDown() override { llvm::sys::fs::remove_directories(root); }
  static void write(const std::string &path, const std::string &text) {
    std::ofstream(path) << text;
  }
};
} // namespace

TEST(FileAccessNames, FortranKinds) {
  for (const char *name : {"a.f90", "a.F90", "b.f", "c.F", "d.f08", "e.cuf",
                           "inc/params.inc", "h.h", "x.FOR"})
    EXPECT_TRUE(fileNameFits(name, FileKind::Fortran)) << name;
  for (const char *name : {"/etc/shadow", "/etc/passwd", "a.mlir", "key.pem",
                           "f90", "/proc/self/environ", "a.f90.bak"})
    EXPECT_FALSE(fileNameFits(name, FileKind::Fortran)) << name;
  EXPECT_TRUE(fileNameFits("/etc/shadow", FileKind::Any));
}

TEST(FileAccessNames, ControlCharactersAreRefusedByName) {
  EXPECT_FALSE(bool(checkPathCharacters("/a/b c.f90")));
  auto message = [](llvm::StringRef p) {
    return llvm::toString(checkPathCharacters(p));
  };
  EXPECT_EQ(message("x\ntouch INJECTED\n.mlir"), "holds a newline (U+000A)");
  EXPECT_EQ(message(llvm::StringRef("a\0b", 3)), "holds a NUL byte (U+0000)");
  EXPECT_EQ(message("a\tb"), "holds a tab (U+0009)");
  EXPECT_EQ(message("a\x1b[31mb"), "holds a control character (U+001B)");
  EXPECT_EQ(message(""), "is empty");
}

TEST_F(Tree, ReadsUnderAWorkspaceFolderOrTheDocumentsFolder) {
  auto text = files.read(doc + "/a.f90", doc, FileKind::Fortran, 1 << 20);
  ASSERT_TRUE(bool(text)) << llvm::toString(text.takeError());
  EXPECT_EQ(*text, "      x = 1\n");
  // The document's own folder admits its files without any workspace.
  FileAccess none;
  auto own = none.read(other + "/b.f90", other, FileKind::Fortran, 1 << 20);
  ASSERT_TRUE(bool(own)) << llvm::toString(own.takeError());
  // ... but not those of another folder.
  auto elsewhere = none.read(other + "/b.f90", doc, FileKind::Fortran, 1 << 20);
  ASSERT_FALSE(bool(elsewhere));
  EXPECT_NE(llvm::toString(elsewhere.takeError())
                .find("is outside the workspace folders"),
            std::string::npos);
}

TEST_F(Tree, RefusesWalksLinksAndOtherKinds) {
  auto refused = [&](const std::string &path, FileKind kind,
                     llvm::StringRef why) {
    auto text = files.read(path, doc, kind, 1 << 20);
    if (text) {
      ADD_FAILURE() << path << " was read";
      return;
    }
    std::string message = llvm::toString(text.takeError());
    EXPECT_NE(message.find(why.str()), std::string::npos)
        << path << ": " << message;
  };
  refused(doc + "/../../outside/secret.f90", FileKind::Fortran, "outside");
  refused(outside + "/secret.f90", FileKind::Fortran, "outside");
  refused(outside + "/secret.txt", FileKind::Fortran, "not a Fortran");
  refused("/etc/passwd", FileKind::Any, "outside");
  // A link inside the workspace that leads out, by file or by folder.
  ASSERT_EQ(
      symlink((outside + "/secret.f90").c_str(), (ws + "/link.f90").c_str()),
      0);
  ASSERT_EQ(symlink(outside.c_str(), (ws + "/linkdir").c_str()), 0);
  refused(ws + "/link.f90", FileKind::Fortran, "outside");
  refused(ws + "/linkdir/secret.f90", FileKind::Fortran, "outside");
  // A Fortran name that leads to another kind of file.
  ASSERT_EQ(symlink((ws + "/notes.txt").c_str(), (ws + "/x.f90").c_str()), 0);
  write(ws + "/notes.txt", "notes\n");
  refused(ws + "/x.f90", FileKind::Fortran, "not a Fortran");
  // Devices and FIFOs inside the workspace: never opened for reading.
  ASSERT_EQ(symlink("/dev/zero", (ws + "/zero.f90").c_str()), 0);
  ASSERT_EQ(mkfifo((ws + "/fifo.f90").c_str(), 0600), 0);
  refused(ws + "/zero.f90", FileKind::Fortran, "outside");
  refused(ws + "/fifo.f90", FileKind::Fortran, "is a FIFO");
  refused(ws + "/a\nb.f90", FileKind::Fortran, "newline");
  std::string nul = ws + "/a.f90";
  nul.push_back('\0');
  refused(nul + ".txt", FileKind::Any, "NUL byte");
  // The file system's root is no document's folder.
  FileAccess none;
  auto top = none.read(outside + "/secret.f90", "/", FileKind::Fortran, 100);
  EXPECT_FALSE(bool(top));
  llvm::consumeError(top.takeError());
}

TEST_F(Tree, SizeCap) {
  write(ws + "/big.f90", std::string(4096, 'x'));
  auto text = files.read(ws + "/big.f90", "", FileKind::Fortran, 1024);
  ASSERT_FALSE(bool(text));
  EXPECT_NE(llvm::toString(text.takeError()).find("over the"),
            std::string::npos);
}

TEST_F(Tree, CreatesOnlyNewFilesInside) {
  EXPECT_FALSE(bool(files.checkCreate(ws + "/new/bundle", doc, "the bundle")));
  EXPECT_FALSE(bool(files.checkCreate(other + "/out.mlir", other, "it")));
  auto message = [&](const std::string &path, bool mayExist = false) {
    llvm::Error e = files.checkCreate(path, doc, "the bundle", mayExist);
    return e ? llvm::toString(std::move(e)) : std::string("allowed");
  };
  // Outside, by `..`, and through a link to a folder outside.
  EXPECT_NE(message(ws + "/../outside/victim").find("is outside"),
            std::string::npos);
  EXPECT_NE(message(outside + "/victim.tar.xz").find("is outside"),
            std::string::npos);
  ASSERT_EQ(symlink(outside.c_str(), (ws + "/out").c_str()), 0);
  EXPECT_NE(message(ws + "/out/victim").find("is outside"), std::string::npos);
  // `..` after a link goes up from where the link leads (the kernel's
  // reading), not back to the workspace: out/.. is ROOT.
  ASSERT_EQ(symlink((outside + "/sub").c_str(), (ws + "/deep").c_str()), 0);
  ASSERT_FALSE(llvm::sys::fs::create_directories(outside + "/sub"));
  EXPECT_NE(message(ws + "/deep/../pwned.mlir").find("is outside"),
            std::string::npos);
  EXPECT_EQ(message(ws + "/doc/../fine.mlir"), "allowed");
  // A dangling link is not a missing file: writing would follow it, even
  // where an existing file may be replaced.
  ASSERT_EQ(symlink((outside + "/stolen.mlir").c_str(),
                    (ws + "/r.reduced.mlir").c_str()),
            0);
  EXPECT_NE(
      message(ws + "/r.reduced.mlir", /*mayExist=*/true).find("is outside"),
      std::string::npos);
  EXPECT_NE(message(ws + "/r.reduced.mlir").find("exists"), std::string::npos);
  // An existing file is never replaced ...
  write(ws + "/victim.tar.xz", "x");
  EXPECT_NE(message(ws + "/victim.tar.xz").find("exists"), std::string::npos);
  // ... unless the caller checks it itself (an existing empty folder).
  EXPECT_EQ(message(doc, /*mayExist=*/true), "allowed");
  EXPECT_NE(message(ws + "/x\ntouch INJECTED\n").find("newline"),
            std::string::npos);
}

TEST_F(Tree, FoldersFollowTheWorkspace) {
  auto readable = [&](const std::string &path) {
    auto text = files.read(path, "", FileKind::Fortran, 1 << 20);
    if (!text)
      llvm::consumeError(text.takeError());
    return bool(text);
  };
  EXPECT_TRUE(readable(doc + "/a.f90"));
  EXPECT_FALSE(readable(other + "/b.f90"));
  files.changeFolders({other}, {});
  EXPECT_TRUE(readable(other + "/b.f90"));
  // Removed as named when added, even once it no longer resolves.
  files.changeFolders({}, {other, ws});
  EXPECT_FALSE(readable(other + "/b.f90"));
  EXPECT_FALSE(readable(doc + "/a.f90"));
  EXPECT_EQ(files.folders(), std::vector<std::string>{});
}

TEST_F(Tree, InsideFoldersForBoundedRuns) {
  // No folders: the command line, unbounded.
  EXPECT_TRUE(insideFolders({}, outside + "/secret.txt"));
  EXPECT_TRUE(insideFolders({ws}, doc + "/a.f90"));
  EXPECT_FALSE(insideFolders({ws}, outside + "/secret.txt"));
  // Walks and links are resolved first.
  EXPECT_FALSE(insideFolders({ws}, doc + "/../../outside/secret.txt"));
  ASSERT_FALSE(llvm::sys::fs::create_link(outside + "/secret.txt",
                                          doc + "/link.txt"));
  EXPECT_FALSE(insideFolders({ws}, doc + "/link.txt"));
  // A document at the file system's root (its folder "/") bounds nothing:
  // its folder is no folder of the project, as for FileAccess::read.
  EXPECT_FALSE(insideFolders({ws, "/"}, outside + "/secret.txt"));
  EXPECT_TRUE(insideFolders({ws, "/"}, doc + "/a.f90"));
}
