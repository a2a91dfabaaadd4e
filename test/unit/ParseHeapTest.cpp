//===- ParseHeapTest.cpp - Pages of their own for a parser's state --------===//

#include "support/ParseHeap.h"

#include "server/analysis/ChunkAnalyzer.h"

#include "mlir/AsmParser/AsmParserState.h"
#include "llvm/Support/thread.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <memory>
#include <string>
#include <sys/mman.h>
#include <unistd.h>
#include <vector>

using namespace ompx;

namespace {

/// An object of a size no other test allocates.
struct Odd {
  char bytes[1000 + 8];
};

/// Whether the page holding `p` is in memory.
bool resident(const void *p) {
  long page = sysconf(_SC_PAGESIZE);
  auto *start = reinterpret_cast<void *>(reinterpret_cast<uintptr_t>(p) &
                                         ~uintptr_t(page - 1));
  unsigned char in = 0;
  EXPECT_EQ(mincore(start, page, &in), 0);
  return in & 1;
}

TEST(ParseHeap, NamedSizesGetPagesOfTheirOwnThatGoBackWhenFreed) {
  if (!ParseHeap::available())
    GTEST_SKIP() << "a sanitizer brings its own operator new";
  ASSERT_EQ(ParseHeap::bytesHeld(), 0u);
  std::vector<std::unique_ptr<Odd>> odd;
  std::unique_ptr<std::string> other;
  {
    ParseHeap heap({sizeof(Odd)});
    for (int i = 0; i < 1000; ++i)
      odd.push_back(std::make_unique<Odd>());
    other = std::make_unique<std::string>("not a named size");
  }
  EXPECT_GE(ParseHeap::bytesHeld(), 1000 * sizeof(Odd));
  // Consecutive, on pages of their own, written and so resident.
  EXPECT_EQ(reinterpret_cast<char *>(odd[1].get()) -
                reinterpret_cast<char *>(odd[0].get()),
            ptrdiff_t(sizeof(Odd)));
  odd[500]->bytes[0] = odd[0]->bytes[0] = 1;
  const void *middle = odd[500].get();
  EXPECT_TRUE(resident(middle));
  // One kept alive holds its pages only, once trimmed.
  odd.resize(1);
  EXPECT_LE(ParseHeap::bytesHeld(), size_t(2 * sysconf(_SC_PAGESIZE)));
  EXPECT_TRUE(resident(middle));
  ParseHeap::trim();
  EXPECT_FALSE(resident(middle));
  EXPECT_TRUE(resident(odd[0].get()));
  EXPECT_EQ(odd[0]->bytes[0], 1);
  // The last one freed gives back the rest.
  odd.clear();
  EXPECT_EQ(ParseHeap::bytesHeld(), 0u);
  EXPECT_EQ(*other, "not a named size"); // malloc's, untouched
}

TEST(ParseHeap, OnlyTheThreadThatHoldsOneAndOnlyWhileItDoes) {
  if (!ParseHeap::available())
    GTEST_SKIP() << "a sanitizer brings its own operator new";
  size_t served = ParseHeap::bytesServed();
  std::unique_ptr<Odd> beside, after;
  {
    ParseHeap heap({sizeof(Odd)});
    llvm::thread other([&] { beside = std::make_unique<Odd>(); });
    other.join();
  }
  after = std::make_unique<Odd>();
  EXPECT_EQ(ParseHeap::bytesServed(), served);
  EXPECT_EQ(ParseHeap::bytesHeld(), 0u);
}

TEST(ParseHeap, AnObjectKeptAliveLeavesTheNextParseAnotherRegion) {
  if (!ParseHeap::available())
    GTEST_SKIP() << "a sanitizer brings its own operator new";
  std::unique_ptr<Odd> kept, next;
  {
    ParseHeap heap({sizeof(Odd)});
    kept = std::make_unique<Odd>();
  }
  {
    ParseHeap heap({sizeof(Odd)});
    next = std::make_unique<Odd>();
  }
  EXPECT_GE(std::abs(reinterpret_cast<char *>(next.get()) -
                     reinterpret_cast<char *>(kept.get())),
            ptrdiff_t(1) << 30);
  kept.reset();
  next.reset();
  EXPECT_EQ(ParseHeap::bytesHeld(), 0u);
}

/// The analyzer's use: the parser state's definitions come from a region,
/// and nothing else the parse allocates of their sizes outlives them (the
/// region would keep its pages).
TEST(ParseHeap, AnAnalysisServesTheParserStateAndHoldsNothingAfter) {
  if (!ParseHeap::available())
    GTEST_SKIP() << "a sanitizer brings its own operator new";
  std::string text = "func.func @f(%a: i32) {\n";
  const int n = 20000;
  for (int i = 0; i < n; ++i)
    text += "  %" + std::to_string(i) + " = arith.addi %a, %a : i32\n";
  text += "  cf.br ^bb1\n^bb1:\n  return\n}\n";
  static AnalysisEngine engine;
  size_t served = ParseHeap::bytesServed();
  ChunkAnalysis a =
      analyzeChunk(engine.context(), text, {0, uint32_t(text.size())}, {});
  EXPECT_TRUE(a.parsed);
  EXPECT_EQ(a.ops.size(), size_t(n + 3));
  EXPECT_GE(ParseHeap::bytesServed() - served,
            (n + 3) * sizeof(mlir::AsmParserState::OperationDefinition) +
                2 * sizeof(mlir::AsmParserState::BlockDefinition));
  EXPECT_EQ(ParseHeap::bytesHeld(), 0u);
}

} // namespace
