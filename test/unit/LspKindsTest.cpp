//===- LspKindsTest.cpp - The features' kinds as LSP numbers --------------===//
//
// Features name their kinds for what they are; server/lsp alone knows the
// numbers the protocol gives them.
//
//===----------------------------------------------------------------------===//

#include "server/lsp/Protocol.h"

#include "gtest/gtest.h"

using namespace ompx;
using namespace ompx::lsp;

TEST(LspKinds, OutlineKinds) {
  EXPECT_EQ(int(toLSP(OutlineKind::Module)), 2);
  EXPECT_EQ(int(toLSP(OutlineKind::Function)), 12);
  EXPECT_EQ(int(toLSP(OutlineKind::Global)), 13);    // Variable
  EXPECT_EQ(int(toLSP(OutlineKind::Recipe)), 23);    // Struct
  EXPECT_EQ(int(toLSP(OutlineKind::Construct)), 25); // Operator
}

TEST(LspKinds, CompletionKinds) {
  EXPECT_EQ(int(toLSP(CompletionKind::Operation)), 3); // Function
  EXPECT_EQ(int(toLSP(CompletionKind::Keyword)), 14);
  EXPECT_EQ(int(toLSP(CompletionKind::EnumValue)), 20); // EnumMember
  EXPECT_EQ(int(toLSP(CompletionKind::Value)), 18);     // Reference
  EXPECT_EQ(int(toLSP(CompletionKind::Recipe)), 22);    // Struct
}

TEST(LspKinds, Severities) {
  EXPECT_EQ(int(toLSP(Severity::Error)), 1);
  EXPECT_EQ(int(toLSP(Severity::Warning)), 2);
  EXPECT_EQ(int(toLSP(Severity::Information)), 3);
  EXPECT_EQ(int(toLSP(Severity::Hint)), 4);
}
