//===- ParallelParseTest.cpp - Two half parses give one parse's result ----===//
//
// The differential test of issue 16's parallel parse: every chunk of every
// corpus file is analyzed twice by a worker, once in one piece and once in
// two halves on two threads wherever scanStructure finds a cut (no size
// threshold), and the serialized analyses must be byte-identical (timings
// and the cut aside).
//
//===----------------------------------------------------------------------===//

#include "server/analysis/ParallelParse.h"
#include "server/analysis/ChunkAnalyzer.h"
#include "server/analysis/WorkText.h"
#include "server/model/Serialize.h"
#include "server/syntax/Text.h"
#include "server/worker/Worker.h"
#include "support/SharedText.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Operation.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/thread.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <optional>
#include <string>
#include <vector>

using namespace ompx;
using llvm::StringRef;

namespace {

/// An analysis as bytes, without its timings.
std::string serialized(ChunkAnalysis a) {
  a.parseMs = a.verifyMs = a.lowerMs = 0;
  std::string out;
  serialize(a, out);
  return out;
}

/// The .mlir files of the repository's corpus copy and, where the checkout
/// has it beside, ../shared/corpus (the large files among them).
std::vector<std::string> corpusFiles() {
  std::vector<std::string> files;
  for (const char *root : {OMPX_SOURCE_DIR "/test/corpus/data",
                           OMPX_SOURCE_DIR "/../shared/corpus"}) {
    std::error_code ec;
    for (llvm::sys::fs::recursive_directory_iterator it(root, ec), end;
         it != end && !ec; it.increment(ec))
      if (llvm::sys::path::extension(it->path()) == ".mlir")
        files.push_back(it->path());
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::string comparable(ChunkAnalysis a) {
  a.parseCut = 0;
  return serialized(std::move(a));
}

/// AnalyzeHooks::runBeside as the worker's, with a default stack (the
/// texts below nest shallowly).
void onTwoThreads(llvm::function_ref<void()> here,
                  llvm::function_ref<void()> beside) {
  llvm::thread other(beside);
  here();
  other.join();
}

/// `text`, one chunk, analyzed on a threaded context with a cut allowed at
/// any size, on two threads; `cut` says where it was cut (none: parsed in
/// one piece).
ChunkAnalysis analyzeCutAnywhere(AnalysisEngine &engine, StringRef text,
                                 std::optional<uint32_t> &cut) {
  engine.context().enableMultithreading(true);
  AnalyzeHooks hooks;
  hooks.runBeside = onTwoThreads;
  hooks.parsedInHalves = [&](uint32_t at) { cut = at; };
  AnalyzerOptions any;
  any.parallelParseMinBytes = 0;
  return analyzeChunk(engine.context(), text,
                      ChunkSpan{0, uint32_t(text.size())}, any, hooks);
}

/// All chunks of `file`, analyzed by a worker of `pool`, in chunk order;
/// with `docFd`, the worker maps the text from that memfd.
std::vector<ChunkAnalysis> analyzeFile(WorkerPool &pool, StringRef text,
                                       const std::vector<ChunkSpan> &chunks,
                                       const AnalyzerOptions &options,
                                       int docFd = -1) {
  std::vector<unsigned> which;
  for (unsigned i = 0; i < chunks.size(); ++i)
    which.push_back(i);
  std::vector<ChunkAnalysis> out(chunks.size());
  pool.analyzeChunks(
      text, chunks, which,
      [&](unsigned idx, ChunkAnalysis &&a) { out[idx] = std::move(a); },
      nullptr, &options, nullptr, docFd);
  return out;
}

/// In workers, as the editor analyzes: some corpus files crash MLIR's
/// verifiers, which only a worker contains. The halves are parsed both in a
/// copy sent through the worker's pipe and in the editor's shared memfd
/// (SharedText), where the worker's writes are private copies it gives
/// back.
TEST(ParallelParse, CorpusChunksGiveTheSingleParseResult) {
  std::vector<std::string> files = corpusFiles();
  ASSERT_GT(files.size(), 100u);
  WorkerOptions options;
  options.command = {OMPX_LSP_PATH, "--worker"};
  WorkerPool pool(options);
  AnalyzerOptions whole, halves;
  whole.parallelParseMinBytes = ~0u;
  halves.parallelParseMinBytes = 0;
  unsigned chunks = 0, cut = 0, identical = 0;
  for (const std::string &file : files) {
    auto buffer = llvm::MemoryBuffer::getFile(file);
    ASSERT_TRUE(bool(buffer)) << file;
    StringRef text = (*buffer)->getBuffer();
    std::shared_ptr<const SharedText> shared =
        SharedText::make(text.str(), SharedText::Placement::Shared);
    ASSERT_GE(shared->fd(), 0);
    std::vector<ChunkSpan> spans = splitChunks(text).chunks;
    std::vector<ChunkAnalysis> a = analyzeFile(pool, text, spans, whole);
    std::vector<ChunkAnalysis> b = analyzeFile(pool, text, spans, halves);
    std::vector<ChunkAnalysis> c =
        analyzeFile(pool, *shared, spans, halves, shared->fd());
    for (size_t i = 0; i < spans.size(); ++i) {
      ++chunks;
      EXPECT_EQ(a[i].parseCut, 0u);
      EXPECT_EQ(b[i].parseCut, c[i].parseCut);
      if (!b[i].parseCut)
        continue;
      ++cut;
      if (comparable(a[i]) == comparable(b[i]) &&
          comparable(a[i]) == comparable(c[i]))
        ++identical;
      else
        ADD_FAILURE() << "two half parses differ from one parse ("
                      << (comparable(a[i]) == comparable(b[i]) ? "memfd"
                                                               : "pipe")
                      << "): " << file << " chunk at " << spans[i].begin
                      << ", cut at " << b[i].parseCut;
    }
  }
  // Most chunks of two ops or more can be cut; the test must not pass by
  // cutting none.
  EXPECT_GT(cut, chunks / 4) << cut << " of " << chunks << " chunks cut";
  std::printf("%u of %u chunks cut, %u identical\n", cut, chunks, identical);
  EXPECT_EQ(identical, cut);
}

TEST(ParallelParse, NotWithoutThreadingOrBelowTheThreshold) {
  AnalysisEngine engine;
  std::string text = "func.func @a() {\n  return\n}\nfunc.func @b() {\n"
                     "  return\n}\n";
  ChunkSpan span{0, uint32_t(text.size())};
  unsigned halves = 0;
  AnalyzeHooks hooks;
  hooks.runBeside = [](llvm::function_ref<void()> here,
                       llvm::function_ref<void()> beside) {
    beside();
    here();
  };
  hooks.parsedInHalves = [&](uint32_t) { ++halves; };
  AnalyzerOptions any;
  any.parallelParseMinBytes = 0;
  // A context without threading does not lock its uniquers.
  (void)analyzeChunk(engine.context(), text, span, any, hooks);
  EXPECT_EQ(halves, 0u);
  engine.context().enableMultithreading(true);
  (void)analyzeChunk(engine.context(), text, span, AnalyzerOptions(), hooks);
  EXPECT_EQ(halves, 0u);
  ChunkAnalysis a = analyzeChunk(engine.context(), text, span, any, hooks);
  EXPECT_EQ(halves, 1u);
  ASSERT_EQ(a.ops.size(), 4u);
  EXPECT_EQ(a.ops[0].name, "func.return");
  EXPECT_EQ(a.ops[1].name, "func.func");
  EXPECT_EQ(a.ops[2].name, "func.return");
  EXPECT_EQ(a.ops[3].name, "func.func");
}

/// A call in one half of a function defined in the other is a symbol use
/// neither half's parser state saw; the merge finds it in the text.
TEST(ParallelParse, SymbolUsesAcrossTheCut) {
  AnalysisEngine engine;
  std::string text = "module {\n"
                     "  func.func @a() {\n    func.call @b() : () -> ()\n"
                     "    return\n  }\n"
                     "  func.func @b() {\n    func.call @a() : () -> ()\n"
                     "    return\n  }\n"
                     "}\n";
  ChunkSpan span{0, uint32_t(text.size())};
  std::optional<uint32_t> cut;
  ChunkAnalysis a = analyzeCutAnywhere(engine, text, cut);
  ASSERT_TRUE(cut);
  EXPECT_EQ(*cut, text.find("func.func @b"));
  EXPECT_TRUE(a.diagnostics.empty());
  // The parser state counts a definition's own `@name` as a use too.
  std::vector<std::pair<std::string, size_t>> uses,
      expected = {{"a", text.find("@a()")},
                  {"b", text.find("@b()")},
                  {"b", text.find("@b()", text.find("@b()") + 1)},
                  {"a", text.find("@a()", text.find("@a()") + 1)}};
  for (const SymbolUse &u : a.symbolUses)
    uses.push_back({u.name.str(), u.range.begin});
  EXPECT_EQ(uses, expected);
  EXPECT_EQ(comparable(a),
            comparable(analyzeChunk(engine.context(), text, span, {})));
}

} // namespace

/// A symbol defined in both halves (the verifier's error): one parse
/// resolves every use to one definition, two halves each to their own, so
/// the chunk is parsed in one piece.
TEST(ParallelParse, NotWhenASymbolIsDefinedInBothHalves) {
  AnalysisEngine engine;
  std::string text = "module {\n"
                     "  func.func @a() {\n    func.call @a() : () -> ()\n"
                     "    return\n  }\n"
                     "  func.func @a() {\n    func.call @a() : () -> ()\n"
                     "    return\n  }\n"
                     "}\n";
  ChunkSpan span{0, uint32_t(text.size())};
  std::optional<uint32_t> cut;
  ChunkAnalysis a = analyzeCutAnywhere(engine, text, cut);
  EXPECT_FALSE(cut);
  EXPECT_EQ(a.parseCut, 0u);
  EXPECT_FALSE(a.diagnostics.empty()); // the redefinition
  EXPECT_EQ(comparable(a),
            comparable(analyzeChunk(engine.context(), text, span, {})));
}

/// ParallelParse on its own: the merged definitions are in a single parse's
/// order, the uses across the cut are found, and the text is the chunk again
/// after.
TEST(ParallelParse, MergedDefinitionsInTheSingleParseOrder) {
  AnalysisEngine engine;
  engine.context().enableMultithreading(true);
  std::string text = "module {\n"
                     "  func.func @a() {\n    func.call @b() : () -> ()\n"
                     "    return\n  }\n"
                     "  func.func @b() {\n    func.call @a() : () -> ()\n"
                     "    return\n  }\n"
                     "}\n";
  WorkText work(text, {0, uint32_t(text.size())}, nullptr);
  AnalyzeHooks hooks;
  hooks.runBeside = onTwoThreads;
  ParallelParse halves(engine.context(), work, hooks);
  ParsedDefs defs;
  ASSERT_TRUE(halves.run(scanStructure(work, 4000), 0, defs));
  EXPECT_EQ(halves.cut(), text.find("func.func @b"));
  EXPECT_EQ(StringRef(work), text);
  EXPECT_EQ(defs.states.size(), 2u);
  // One call in each half names the other half's function.
  EXPECT_EQ(defs.crossSymbolUses.size(), 2u);

  Parse single;
  ASSERT_TRUE(parseText(engine.context(), text, single));
  ParsedDefs one(single.state);
  auto names = [](const ParsedDefs &d) {
    std::vector<std::string> out;
    for (const auto *def : d.ops)
      out.push_back(def->op->getName().getStringRef().str());
    return out;
  };
  EXPECT_EQ(names(defs), names(one));
  EXPECT_EQ(defs.blocks.size(), one.blocks.size());
  // The merged ops are in the first half's block.
  EXPECT_EQ(halves.block().getOperations().size(), 1u); // the module
}

/// Below the size given, or with units blanked, the chunk is not cut.
TEST(ParallelParse, NotBelowTheSizeOrWithBlankedUnits) {
  AnalysisEngine engine;
  engine.context().enableMultithreading(true);
  std::string text = "func.func @a() {\n  return\n}\nfunc.func @b() {\n"
                     "  return\n}\n";
  AnalyzeHooks hooks;
  hooks.runBeside = onTwoThreads;
  auto cut = [&](WorkText &work, uint32_t minBytes) {
    ParallelParse halves(engine.context(), work, hooks);
    ParsedDefs defs;
    return halves.run(scanStructure(work, 4000), minBytes, defs);
  };
  WorkText work(text, {0, uint32_t(text.size())}, nullptr);
  EXPECT_TRUE(cut(work, uint32_t(text.size())));
  EXPECT_FALSE(cut(work, uint32_t(text.size() + 1)));
  work.blank({0, uint32_t(text.find("func.func @b"))});
  EXPECT_FALSE(cut(work, 0));
}
