//===- LspDiagnosticsTest.cpp - Diagnostics in the protocol's units -------===//

#include "server/lsp/Diagnostics.h"

#include "gtest/gtest.h"

using namespace ompx;

TEST(LspDiagnostics, LaunchColumnsBecomeUtf16) {
  // A compiler reports byte columns; 'é' is 2 bytes and 1 UTF-16 unit, '𝔸'
  // 4 bytes and 2 units. The op starts at byte 14 of line 1.
  std::string text = "x\n\"\xC3\xA9\xF0\x9D\x94\xB8\" = 1; omp.parallel\n";
  Document doc("file:///t.mlir", 3, text);
  LaunchDiagnostic d;
  d.line = 1;
  d.column = 14;
  d.message = "[lower host] not yet implemented";
  lsp::PublishDiagnosticsParams p =
      lsp::publishDiagnosticsParams(doc, {d}, PositionEncoding::UTF16);
  ASSERT_EQ(p.uri, "file:///t.mlir");
  ASSERT_EQ(p.version, 3);
  ASSERT_FALSE(p.diagnostics.empty());
  const lsp::Diagnostic &out = p.diagnostics.back();
  EXPECT_EQ(out.lsp.source, "ompx-launch");
  EXPECT_EQ(out.lsp.message, "[lower host] not yet implemented");
  EXPECT_EQ(out.lsp.range.start.line, 1);
  EXPECT_EQ(out.lsp.range.start.character, 11);
  EXPECT_EQ(out.lsp.range.end.character, 12);
}

TEST(LspDiagnostics, LaunchPositionsInEveryEncoding) {
  // Compiler lines count '\n' only: line 1 starts after it, though the lone
  // '\r' before makes it LSP line 2.
  std::string text = "x\ry\n\"\xC3\xA9\xF0\x9D\x94\xB8\" = 1; omp.parallel\n";
  Document doc("file:///t.mlir", 1, text);
  LaunchDiagnostic d;
  d.line = 1;
  d.column = 14;
  d.message = "m";
  struct Case {
    PositionEncoding enc;
    int start, end;
  } cases[] = {{PositionEncoding::UTF8, 14, 15},
               {PositionEncoding::UTF16, 11, 12},
               {PositionEncoding::UTF32, 10, 11}};
  for (const Case &c : cases) {
    lsp::PublishDiagnosticsParams p =
        lsp::publishDiagnosticsParams(doc, {d}, c.enc);
    ASSERT_FALSE(p.diagnostics.empty());
    const llvm::lsp::Range &r = p.diagnostics.back().lsp.range;
    EXPECT_EQ(r.start.line, 2) << encodingName(c.enc).str();
    EXPECT_EQ(r.start.character, c.start) << encodingName(c.enc).str();
    EXPECT_EQ(r.end.character, c.end) << encodingName(c.enc).str();
  }
}
