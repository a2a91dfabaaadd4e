//===- SharedTextTest.cpp - A document's text in a sealed memfd -----------===//

#include "support/SharedText.h"

#include <gtest/gtest.h>

#include <cerrno>
#include <string>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace ompx;

namespace {

TEST(SharedText, SmallTextStaysOnTheHeap) {
  auto t = SharedText::make("module {}\n");
  EXPECT_EQ(t->fd(), -1);
  EXPECT_EQ(t->str(), "module {}\n");
  EXPECT_EQ(t->data()[t->size()], '\0');
  EXPECT_TRUE(SharedText::make("")->empty());
}

TEST(SharedText, LargeTextIsOneSealedMemfdWithANulAfterIt) {
  std::string text(SharedText::kSharedMinBytes + 4097, 'x');
  text[7] = '\n';
  auto t = SharedText::make(text);
  ASSERT_GE(t->fd(), 0);
  EXPECT_EQ(t->str(), text);
  EXPECT_EQ(t->data()[t->size()], '\0');
  struct stat st;
  ASSERT_EQ(fstat(t->fd(), &st), 0);
  EXPECT_EQ(size_t(st.st_size), text.size() + 1);
  // A worker that maps it can change neither its bytes nor its size...
  EXPECT_EQ(pwrite(t->fd(), "y", 1, 0), -1);
  EXPECT_EQ(errno, EPERM);
  EXPECT_NE(ftruncate(t->fd(), 1), 0);
  EXPECT_EQ(mmap(nullptr, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, t->fd(), 0),
            MAP_FAILED);
  // ...but can write a private copy of a page, as the parse does.
  void *m = mmap(nullptr, text.size() + 1, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE, t->fd(), 0);
  ASSERT_NE(m, MAP_FAILED);
  static_cast<char *>(m)[0] = 'y';
  EXPECT_EQ(t->str()[0], 'x');
  munmap(m, text.size() + 1);
}

TEST(SharedText, ForcedSharingIgnoresTheSize) {
  auto t = SharedText::make("func.func @f() { return }\n",
                            SharedText::Placement::Shared);
  ASSERT_GE(t->fd(), 0);
  EXPECT_EQ(t->str(), "func.func @f() { return }\n");
}

} // namespace
