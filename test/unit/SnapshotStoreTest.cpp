//===- SnapshotStoreTest.cpp - The pass snapshots' store and follow -------===//

#include "pipeline/snapshots/SnapshotStore.h"
#include "pipeline/snapshots/Follow.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <fcntl.h>
#include <unistd.h>

using namespace ompx::snapshots;

namespace {
/// A fresh folder, removed afterwards.
struct TempDir {
  llvm::SmallString<128> path;
  TempDir() {
    EXPECT_FALSE(llvm::sys::fs::createUniqueDirectory("ompx-snapshots", path));
  }
  ~TempDir() { llvm::sys::fs::remove_directories(path); }
  std::string file(llvm::StringRef name) const {
    llvm::SmallString<128> p(path);
    llvm::sys::path::append(p, name);
    return p.str().str();
  }
};

const char kHead[] = "module {\n";
const char kTail[] = "}\n";
const char kF[] = "func.func @f() {\n  return loc(\"a.f90\":3:5)\n}\n";
const char kG[] = "func.func @g() {\n  return loc(\"a.f90\":7:5)\n}\n";
const char kG2[] = "func.func @g() {\n  %0 = arith.constant 1 : i32 "
                   "loc(\"a.f90\":7:5)\n  return loc(\"a.f90\":7:5)\n}\n";

/// Two snapshots of a module of two functions, the second pass changing g.
void writeTwo(const TempDir &dir) {
  auto writer =
      StoreWriter::create(dir.path, llvm::json::Object{{"input", "a.mlir"}});
  ASSERT_TRUE(bool(writer)) << llvm::toString(writer.takeError());
  SnapshotRecord first{0, "000-input-parse.mlir", "parse", "hlfir", "input"};
  for (const char *piece : {kHead, kF, kG, kTail})
    first.pieces.push_back((*writer)->addPiece(piece));
  ASSERT_FALSE(bool((*writer)->addSnapshot(first)));
  SnapshotRecord second{0, "001-host-p.mlir", "p", "fir", "host"};
  bool newHead = true, newG = false;
  second.pieces = {(*writer)->addPiece(kHead, &newHead),
                   (*writer)->addPiece(kF), (*writer)->addPiece(kG2, &newG),
                   (*writer)->addPiece(kTail)};
  EXPECT_FALSE(newHead);
  EXPECT_TRUE(newG);
  ASSERT_FALSE(bool((*writer)->addSnapshot(second)));
  EXPECT_EQ(second.number, 1u);
}
} // namespace

TEST(SnapshotStore, UnchangedFunctionsAreStoredOnce) {
  TempDir dir;
  writeTwo(dir);
  auto end = finalizeIndex(dir.path, RunEnd());
  ASSERT_TRUE(bool(end)) << llvm::toString(end.takeError());
  EXPECT_FALSE(end->has_value());
  auto store = Store::open(dir.path);
  ASSERT_TRUE(bool(store)) << llvm::toString(store.takeError());
  // head, f, g, tail, and the new g: f, head and tail once for both.
  EXPECT_EQ(store->pieceCount(), 5u);
  EXPECT_EQ(store->pieceBytes(), strlen(kHead) + strlen(kF) + strlen(kG) +
                                     strlen(kTail) + strlen(kG2));
  ASSERT_FALSE(bool(store->loadPieces()));
  ASSERT_EQ(store->snapshots().size(), 2u);
  EXPECT_EQ(store->text(store->snapshots()[0]),
            std::string(kHead) + kF + kG + kTail);
  EXPECT_EQ(store->text(*store->find("1")),
            std::string(kHead) + kF + kG2 + kTail);
  EXPECT_EQ(store->snapshots()[1].pieces, (std::vector<uint32_t>{0, 1, 4, 3}));
  EXPECT_EQ(store->find("001-host-p")->number, 1u);
  EXPECT_EQ(store->find("p")->number, 1u);
  EXPECT_EQ(store->find("nope"), nullptr);
  // The journal is gone once the index is written.
  EXPECT_FALSE(llvm::sys::fs::exists(dir.file(kJournalFile)));
}

TEST(SnapshotStore, ManifestsAreRanges) {
  EXPECT_EQ(encodeManifest({0, 1, 2, 3, 9, 4, 5, 7}), "0-3,9,4-5,7");
  EXPECT_EQ(encodeManifest({}), "");
  auto back = decodeManifest("0-3,9,4-5,7");
  ASSERT_TRUE(back.has_value());
  EXPECT_EQ(*back, (std::vector<uint32_t>{0, 1, 2, 3, 9, 4, 5, 7}));
  for (const char *bad : {"5-3", "a", "1-", "1,,2", "-4", "0-99999999"})
    EXPECT_FALSE(decodeManifest(bad).has_value()) << bad;
}

TEST(SnapshotStore, ACrashedRunKeepsItsSnapshotsAndNamesThePass) {
  TempDir dir;
  writeTwo(dir);
  // What the crash handler of the build process appends.
  std::string crash = crashLine("device", "translate-to-llvm-ir");
  int fd = ::open(dir.file(kJournalFile).c_str(), O_WRONLY | O_APPEND);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(::write(fd, crash.data(), crash.size()), ssize_t(crash.size()));
  ::close(fd);
  // Readable before the index exists (the journal of a run cut short).
  auto early = Store::open(dir.path);
  ASSERT_TRUE(bool(early)) << llvm::toString(early.takeError());
  EXPECT_EQ(early->snapshots().size(), 2u);
  ASSERT_TRUE(early->failure().has_value());
  EXPECT_TRUE(early->failure()->crashed);

  RunEnd end;
  end.ok = false;
  end.stage = "lower device";
  end.message = "the compiler crashed (Segmentation fault)";
  auto failure = finalizeIndex(dir.path, end);
  ASSERT_TRUE(bool(failure)) << llvm::toString(failure.takeError());
  ASSERT_TRUE(failure->has_value());
  EXPECT_EQ((*failure)->pass, "translate-to-llvm-ir");
  EXPECT_EQ((*failure)->view, "device");
  EXPECT_EQ((*failure)->afterSnapshot, 1);
  EXPECT_EQ((*failure)->stage, "lower device");
  auto store = Store::open(dir.path);
  ASSERT_TRUE(bool(store));
  ASSERT_TRUE(store->failure().has_value());
  EXPECT_EQ(store->failure()->message, end.message);
  EXPECT_EQ(store->header().getString("status"), "failed");
}

TEST(SnapshotStore, DamagedPiecesAreRefused) {
  TempDir dir;
  writeTwo(dir);
  auto data = llvm::MemoryBuffer::getFile(dir.file(kPiecesFile));
  ASSERT_TRUE(bool(data));
  llvm::StringRef whole = (*data)->getBuffer();
  uint64_t count = 0, bytes = 0;
  std::vector<std::string> texts;
  ASSERT_FALSE(bool(readPieces(whole, count, bytes, &texts)));
  EXPECT_EQ(count, 5u);
  // Every cut and a garbage header: an error, never a read past the end;
  // only a cut between frames leaves a (shorter) store.
  unsigned wholeFrames = 0;
  for (size_t cut = 0; cut < whole.size(); ++cut) {
    texts.clear();
    llvm::Error e = readPieces(whole.take_front(cut), count, bytes, &texts);
    if (!e) {
      ++wholeFrames;
      EXPECT_TRUE(count == 0 || count == 4) << "cut at " << cut;
      EXPECT_EQ(texts.size(), count);
      continue;
    }
    llvm::consumeError(std::move(e));
  }
  EXPECT_EQ(wholeFrames, 2u); // the magic alone, and the first frame
  std::string lying =
      whole.take_front(8).str() +
      std::string("\x01\0\0\0\xff\xff\xff\x7f\x04\0\0\0\0abcd", 17);
  llvm::Error e = readPieces(lying, count, bytes, &texts);
  EXPECT_TRUE(bool(e));
  llvm::consumeError(std::move(e));
}

TEST(Follow, AnMlirLineIsTheSourceItsLocationNames) {
  const char *text = "func.func @f() {\n"
                     "  %0 = arith.constant 1 : i32 loc(#loc2)\n"
                     "  omp.target {\n"
                     "    omp.terminator loc(#loc3)\n"
                     "  } loc(#loc4)\n"
                     "  return\n"
                     "} loc(#loc1)\n"
                     "#loc1 = loc(\"dir/a.f90\":1:1)\n"
                     "#loc2 = loc(\"dir/a.f90\":3:5)\n"
                     "#loc3 = loc(\"dir/a.f90\":9:7)\n"
                     "#loc4 = loc(fused[#loc3, \"dir/a.f90\":8:7])\n";
  std::string why;
  auto at = targetOfMlirLine(text, "a.mlir", 2, why);
  ASSERT_TRUE(at.has_value()) << why;
  EXPECT_EQ(at->str(), "a.f90:3:5");
  // An op with a region: the location after its closing brace.
  at = targetOfMlirLine(text, "a.mlir", 3, why);
  ASSERT_TRUE(at.has_value()) << why;
  EXPECT_EQ(at->str(), "a.f90:9:7");
  // No location: the line of the .mlir itself.
  at = targetOfMlirLine(text, "x/a.mlir", 6, why);
  ASSERT_TRUE(at.has_value()) << why;
  EXPECT_EQ(at->str(), "a.mlir:6");
  EXPECT_FALSE(targetOfMlirLine(text, "a.mlir", 99, why).has_value());
  EXPECT_EQ(why, "a.mlir has 12 lines, not a line 99");
  EXPECT_FALSE(parseLineSpec("12:x").has_value());
  EXPECT_EQ(parseLineSpec("12:4")->second, 4u);
}

TEST(Follow, ListsThePassesThatChangedTheOp) {
  TempDir dir;
  writeTwo(dir);
  // A third snapshot that only renumbers g's values: not a change of it.
  {
    auto writer = StoreWriter::create(dir.path, llvm::json::Object());
    ASSERT_TRUE(bool(writer));
    const char *renamed =
        "func.func @g() {\n  %7 = arith.constant 1 : i32 "
        "loc(\"a.f90\":7:5)\n  return loc(\"a.f90\":7:5)\n}\n";
    for (const char *piece : {kG2, renamed}) {
      SnapshotRecord r{0, "x.mlir", "p", "fir", "host"};
      r.pieces = {(*writer)->addPiece(kHead), (*writer)->addPiece(piece),
                  (*writer)->addPiece(kTail)};
      ASSERT_FALSE(bool((*writer)->addSnapshot(r)));
    }
  }
  auto store = Store::open(dir.path);
  ASSERT_TRUE(bool(store));
  ASSERT_FALSE(bool(store->loadPieces()));
  std::vector<FollowStep> steps = follow(*store, {"a.f90", 7, 0});
  ASSERT_EQ(steps.size(), 2u);
  EXPECT_TRUE(steps[0].changed);
  EXPECT_EQ(steps[0].found,
            (std::vector<std::string>{"@g: arith.constant, return"}));
  EXPECT_FALSE(steps[1].changed);
}
