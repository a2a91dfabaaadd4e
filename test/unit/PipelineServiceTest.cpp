//===- PipelineServiceTest.cpp - The editor's pipeline and reduce runs ----===//
//
// server/service/PipelineService against a stand-in for ompx-lsp (a shell
// script with its `pipeline` and `reduce` verbs): the store is read from the
// folder the child wrote, which is then removed; runs are kept by id and
// only the last asked-for ones decompressed; a deadline stops the child
// politely (SIGTERM, its last words still read), a cancel too.
//
//===----------------------------------------------------------------------===//

#include "server/service/PipelineService.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <chrono>
#include <future>

using namespace ompx;
using namespace ompx::snapshots;

namespace {
struct TempDir {
  llvm::SmallString<128> path;
  TempDir() {
    EXPECT_FALSE(
        llvm::sys::fs::createUniqueDirectory("ompx-pipeline-svc", path));
  }
  ~TempDir() { llvm::sys::fs::remove_directories(path); }
  std::string file(llvm::StringRef name) const {
    llvm::SmallString<128> p(path);
    llvm::sys::path::append(p, name);
    return p.str().str();
  }
};

/// A store of two snapshots in `dir`, as `ompx-lsp pipeline` leaves it.
void writeStore(llvm::StringRef dir) {
  auto writer =
      StoreWriter::create(dir, llvm::json::Object{{"source", "a.mlir"}});
  ASSERT_TRUE(bool(writer)) << llvm::toString(writer.takeError());
  SnapshotRecord first{0, "000-input-parse.mlir", "parse", "hlfir", "input"};
  first.pieces = {(*writer)->addPiece("module {\n"),
                  (*writer)->addPiece("}\n")};
  ASSERT_FALSE(bool((*writer)->addSnapshot(first)));
  SnapshotRecord second{0, "001-host-cse.mlir", "cse", "fir", "host"};
  second.pieces = {first.pieces[0], (*writer)->addPiece("  // cse\n"),
                   first.pieces[1]};
  ASSERT_FALSE(bool((*writer)->addSnapshot(second)));
  auto end = finalizeIndex(dir, RunEnd());
  ASSERT_TRUE(bool(end)) << llvm::toString(end.takeError());
}

/// The stand-in: `pipeline store ... -o DIR` copies the store into DIR and
/// names DIR on stderr; `pipeline sleep ...` waits, and says so on SIGTERM.
std::string writeStandIn(const TempDir &tmp, llvm::StringRef storeDir) {
  std::string path = tmp.file("ompx-lsp");
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  EXPECT_FALSE(ec);
  os << "#!/bin/sh\n"
        "verb=$1; what=$2; dir=\n"
        "while [ $# -gt 0 ]; do [ \"$1\" = -o ] && dir=$2; shift; done\n"
        "echo \"ompx-lsp: [parse] $what\" >&2\n"
        "case \"$verb-$what\" in\n"
        "pipeline-store) cp '"
     << storeDir
     << "'/* \"$dir\"/; echo \"ompx-lsp: dir $dir\" >&2 ;;\n"
        "*-sleep) trap 'echo \"ompx-lsp: stopped\" >&2; exit 3' TERM\n"
        "  sleep 60 & wait ;;\n"
        "reduce-*) echo 'ompx-lsp: reduced x from 9 to 3 lines: y' >&2 ;;\n"
        "esac\n";
  os.close();
  llvm::sys::fs::setPermissions(path, llvm::sys::fs::perms(0755));
  return path;
}

struct PipelineServiceTest : ::testing::Test {
  TempDir tmp;
  std::string standIn;
  void SetUp() override {
    llvm::sys::fs::create_directory(tmp.file("store"));
    writeStore(tmp.file("store"));
    standIn = writeStandIn(tmp, tmp.file("store"));
  }
  /// Runs `pipeline what` to its end; its stderr lines in `lines`.
  PipelineRun run(PipelineService &svc, llvm::StringRef what,
                  std::chrono::seconds timeout = std::chrono::seconds(30),
                  std::vector<std::string> *lines = nullptr,
                  bool cancel = false) {
    std::promise<PipelineRun> done;
    auto flag = svc.runPipeline(
        ChildJob{{what.str()}, timeout},
        [lines](llvm::StringRef l) {
          if (lines)
            lines->push_back(l.str());
        },
        [&](const PipelineRun &r) { done.set_value(r); });
    if (cancel) {
      std::this_thread::sleep_for(std::chrono::milliseconds(300));
      *flag = true;
    }
    return done.get_future().get();
  }
};
} // namespace

TEST_F(PipelineServiceTest, ReadsTheStoreTheChildWroteAndRemovesItsFolder) {
  PipelineService svc(standIn);
  std::vector<std::string> lines;
  PipelineRun r = run(svc, "store", std::chrono::seconds(30), &lines);
  EXPECT_EQ(r.end.exitCode, 0) << r.end.stderrText;
  ASSERT_TRUE(r.store) << r.storeError;
  ASSERT_EQ(r.store->snapshots().size(), 2u);
  EXPECT_EQ(r.store->snapshots()[1].pass, "cse");
  ASSERT_GE(lines.size(), 2u);
  EXPECT_EQ(lines[0], "ompx-lsp: [parse] store");
  llvm::StringRef dir = llvm::StringRef(lines[1]).drop_front(14);
  EXPECT_TRUE(llvm::StringRef(lines[1]).starts_with("ompx-lsp: dir "));
  EXPECT_FALSE(llvm::sys::fs::exists(dir)) << dir.str();
  std::string error;
  auto loaded = svc.store(r.id, &error);
  ASSERT_TRUE(loaded) << error;
  EXPECT_EQ(loaded->text(*loaded->find("001")), "module {\n  // cse\n}\n");
}

TEST_F(PipelineServiceTest, KeepsTheLastRunsAndDecompressesOnlyTheLastAskedFor) {
  PipelineService svc(standIn, /*keepRuns=*/2, /*loadedRuns=*/1);
  std::string a = run(svc, "store").id, b = run(svc, "store").id,
              c = run(svc, "store").id;
  EXPECT_FALSE(svc.store(a)) << "run " << a << " should be pushed out";
  auto first = svc.store(b);
  ASSERT_TRUE(first);
  EXPECT_EQ(svc.store(b), first) << "still loaded: the same pieces";
  auto other = svc.store(c);
  ASSERT_TRUE(other);
  // Asking for c dropped b's pieces: b is decompressed again, while the
  // copy a request holds stays whole.
  auto again = svc.store(b);
  ASSERT_TRUE(again);
  EXPECT_NE(again, first);
  EXPECT_EQ(first->text(first->snapshots()[0]), "module {\n}\n");
}

TEST_F(PipelineServiceTest, ADeadlineStopsTheChildPolitely) {
  PipelineService svc(standIn);
  std::vector<std::string> lines;
  auto start = std::chrono::steady_clock::now();
  PipelineRun r = run(svc, "sleep", std::chrono::seconds(1), &lines);
  auto took = std::chrono::steady_clock::now() - start;
  EXPECT_TRUE(r.end.timedOut);
  EXPECT_FALSE(r.end.cancelled);
  EXPECT_EQ(r.end.exitCode, 3);
  EXPECT_EQ(lines.back(), "ompx-lsp: stopped");
  EXPECT_FALSE(r.store);
  EXPECT_LT(took, std::chrono::seconds(10));
}

TEST_F(PipelineServiceTest, ACancelStopsTheChild) {
  PipelineService svc(standIn);
  auto start = std::chrono::steady_clock::now();
  PipelineRun r = run(svc, "sleep", std::chrono::seconds(60), nullptr, true);
  EXPECT_TRUE(r.end.cancelled);
  EXPECT_FALSE(r.store);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(10));
}

TEST_F(PipelineServiceTest, AReductionIsTheChildsWords) {
  PipelineService svc(standIn);
  std::promise<ChildEnd> done;
  svc.runReduce(ChildJob{{"x.mlir", "--crash"}, std::chrono::seconds(30)},
                nullptr, [&](const ChildEnd &e) { done.set_value(e); });
  ChildEnd e = done.get_future().get();
  EXPECT_EQ(e.exitCode, 0);
  EXPECT_NE(e.stderrText.find("from 9 to 3 lines"), std::string::npos)
      << e.stderrText;
}
