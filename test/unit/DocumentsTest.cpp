//===- DocumentsTest.cpp - Chunk caching across edits ---------------------===//

#include "server/service/Documents.h"

#include "gtest/gtest.h"

using namespace ompx;

static std::shared_ptr<const ChunkAnalysis> analysisAt(uint32_t begin,
                                                       uint32_t end) {
  auto a = std::make_shared<ChunkAnalysis>();
  a->chunkBegin = begin;
  a->chunkEnd = end;
  Diagnostic d;
  d.range = {begin + 1, begin + 2};
  a->diagnostics.push_back(d);
  return a;
}

TEST(Document, OnlyChangedChunksArePending) {
  Document doc("file:///x.mlir", 1, "aaa\n// -----\nbbb\n// -----\nccc\n");
  ASSERT_EQ(doc.pendingChunks().size(), 3u);
  for (unsigned i = 0; i < 3; ++i) {
    const ChunkSpan &s = doc.split().chunks[i];
    doc.addAnalysis(doc.chunkHash(i), analysisAt(s.begin, s.end));
  }
  EXPECT_TRUE(doc.complete());

  // Edit the middle chunk: only it needs analysis again.
  doc.setText(2, "aaa\n// -----\nbXbb\n// -----\nccc\n");
  EXPECT_EQ(doc.pendingChunks(), (std::vector<unsigned>{1}));
  // The last chunk moved by one byte: its cached analysis moved with it.
  const auto &last = doc.analysis(2);
  ASSERT_TRUE(last);
  EXPECT_EQ(last->chunkBegin, doc.split().chunks[2].begin);
  EXPECT_EQ(last->diagnostics[0].range.begin, doc.split().chunks[2].begin + 1);
}

TEST(Document, RevertingAnEditReusesTheOldAnalysis) {
  Document doc("file:///x.mlir", 1, "aaa\n// -----\nbbb\n");
  const ChunkSpan s = doc.split().chunks[1];
  doc.addAnalysis(doc.chunkHash(1), analysisAt(s.begin, s.end));
  doc.addAnalysis(doc.chunkHash(0), analysisAt(0, 4));
  doc.setText(2, "aaa\n// -----\nbbbX\n");
  EXPECT_EQ(doc.pendingChunks(), (std::vector<unsigned>{1}));
  doc.setText(3, "aaa\n// -----\nbbb\n");
  EXPECT_TRUE(doc.complete());
}

// A lowering started beside the first analysis takes every chunk not
// analyzed yet; once analyzed, only those that parsed and verified cleanly
// and have no lowering result.
TEST(Document, LoweringTakesUnanalyzedAndCleanChunks) {
  Document doc("file:///x.mlir", 1, "aaa\n// -----\nbbb\n// -----\nccc\n");
  EXPECT_EQ(doc.pendingLowering(), (std::vector<unsigned>{0, 1, 2}));

  // Chunk 0 has an error, chunk 1 is clean, chunk 2 is not analyzed yet.
  const ChunkSpan s0 = doc.split().chunks[0], s1 = doc.split().chunks[1];
  auto bad = std::make_shared<ChunkAnalysis>(*analysisAt(s0.begin, s0.end));
  bad->parsed = true;
  bad->diagnostics[0].severity = Severity::Error;
  doc.addAnalysis(doc.chunkHash(0), bad);
  auto clean = std::make_shared<ChunkAnalysis>();
  clean->chunkBegin = s1.begin;
  clean->chunkEnd = s1.end;
  clean->parsed = true;
  doc.addAnalysis(doc.chunkHash(1), clean);
  EXPECT_EQ(doc.pendingLowering(), (std::vector<unsigned>{1, 2}));

  doc.addLowering(doc.chunkHash(2), {});
  EXPECT_EQ(doc.pendingLowering(), (std::vector<unsigned>{1}));
}

// Early diagnostics stand in for a chunk's analysis in the published
// diagnostics only: the chunk stays pending and snapshots have no analysis.
TEST(Document, EarlyDiagnosticsArePublishedNotAnalyses) {
  Document doc("file:///x.mlir", 1, "aaa\n// -----\nbbb\n");
  const ChunkSpan s0 = doc.split().chunks[0], s1 = doc.split().chunks[1];
  doc.addAnalysis(doc.chunkHash(0), analysisAt(s0.begin, s0.end));
  EXPECT_FALSE(doc.diagnosticsFinal());
  Diagnostic early;
  early.range = {s1.begin, s1.begin + 3};
  early.message = "early";
  doc.setEarlyDiagnostics(1, {early});
  EXPECT_TRUE(doc.diagnosticsFinal());
  EXPECT_EQ(doc.pendingChunks(), (std::vector<unsigned>{1}));
  EXPECT_FALSE(doc.snapshot().analyses[1]);
  std::vector<Diagnostic> all = documentDiagnostics(doc);
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[0].range.begin, s0.begin + 1); // chunk order
  EXPECT_EQ(all[1].message, "early");

  // Its analysis is what counts once it is there.
  doc.addAnalysis(doc.chunkHash(1), analysisAt(s1.begin, s1.end));
  all = documentDiagnostics(doc);
  ASSERT_EQ(all.size(), 2u);
  EXPECT_EQ(all[1].message, "");
  EXPECT_EQ(all[1].range.begin, s1.begin + 1);

  // A new version forgets them.
  doc.setText(2, "aaa\n// -----\nbbbX\n");
  EXPECT_FALSE(doc.diagnosticsFinal());
  EXPECT_EQ(documentDiagnostics(doc).size(), 1u);
}

// A version is shared with the worker (a memfd) when it has a megabyte or
// more to analyze, and kept on the heap when an edit leaves only a small
// chunk to send: copying all of it to a memfd would cost more than it saves.
TEST(Document, OnlyAVersionWithMuchToAnalyzeIsShared) {
  std::string large(SharedText::kSharedMinBytes, 'a');
  Document doc("file:///x.mlir", 1, large + "\n// -----\nbbb\n");
  EXPECT_GE(doc.textFd(), 0);
  for (unsigned i = 0; i < 2; ++i) {
    const ChunkSpan &s = doc.split().chunks[i];
    doc.addAnalysis(doc.chunkHash(i), analysisAt(s.begin, s.end));
  }
  doc.setText(2, large + "\n// -----\nbXbb\n");
  EXPECT_EQ(doc.pendingChunks(), (std::vector<unsigned>{1}));
  EXPECT_EQ(doc.textFd(), -1);
  EXPECT_EQ(doc.text(), large + "\n// -----\nbXbb\n");
  const ChunkSpan &s = doc.split().chunks[1];
  doc.addAnalysis(doc.chunkHash(1), analysisAt(s.begin, s.end));
  doc.setText(3, large + "X\n// -----\nbXbb\n");
  EXPECT_EQ(doc.pendingChunks(), (std::vector<unsigned>{0}));
  EXPECT_GE(doc.textFd(), 0);
}
