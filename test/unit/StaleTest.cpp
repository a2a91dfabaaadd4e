//===- StaleTest.cpp - Edit maps and stale records ------------------------===//
//
// EditMap against the texts it describes (random edit sequences), and a
// Document that keeps serving a function's last good analysis while the
// function does not parse, with the real chunk analysis in process.
//
//===----------------------------------------------------------------------===//

#include "Annotations.h"

#include "server/analysis/ChunkAnalyzer.h"
#include "server/features/DocumentSymbols.h"
#include "server/features/Hover.h"
#include "server/model/Stale.h"
#include "server/service/Documents.h"
#include "server/syntax/EditMap.h"

#include "gtest/gtest.h"

#include <random>

using namespace ompx;

namespace {

TEST(EditMap, DiffEditIsMinimal) {
  ByteEdit e = diffEdit("abcdef", "abXYef");
  EXPECT_EQ(e.begin, 2u);
  EXPECT_EQ(e.end, 4u);
  EXPECT_EQ(e.length, 2u);
  e = diffEdit("aaa", "aaaa"); // an insertion, wherever it is put
  EXPECT_EQ(e.end - e.begin, 0u);
  EXPECT_EQ(e.length, 1u);
  e = diffEdit("same", "same");
  EXPECT_EQ(e.end - e.begin + e.length, 0u);
}

TEST(EditMap, LineEndingsOnly) {
  // A file saved with CRLF endings, a buffer with LF ones: each line keeps
  // its ranges (one edit for the whole text dropped them all).
  std::string crlf = "program p\r\n  x = 1\r\nend\r\n";
  std::string lf = "program p\n  x = 1\nend\n";
  EditMap toLf, toCrlf;
  addTextDiff(toLf, crlf, lf);
  addTextDiff(toCrlf, lf, crlf);
  size_t x = crlf.find('x');
  std::optional<TextRange> r = toLf.mapToken({uint32_t(x), uint32_t(x + 1)});
  ASSERT_TRUE(r);
  EXPECT_EQ(lf.substr(r->begin, 1), "x");
  size_t end = lf.find("end");
  r = toCrlf.mapSpan({uint32_t(end), uint32_t(end + 3)});
  ASSERT_TRUE(r);
  EXPECT_EQ(crlf.substr(r->begin, r->end - r->begin), "end");
  // Any other difference: diffEdit's one edit.
  EditMap other;
  addTextDiff(other, "ab\r\ncd", "ab\nXd");
  EXPECT_FALSE(other.mapToken({0, 1}).has_value() &&
               other.mapToken({5, 6}).has_value());
}

TEST(EditMap, TokensAndSpans) {
  // "x = omp.target {y}" ; insert two lines at 0, then type after the name.
  EditMap m;
  m.add({0, 0, 2});   // "\n\n" before everything
  m.add({16, 16, 1}); // "omp.targetx": right after the name (now 6..16)
  // The name was touched at its end: gone. The span keeps its ends.
  EXPECT_FALSE(m.mapToken({4, 14}));
  ASSERT_TRUE(m.mapToken({2, 3}));
  EXPECT_EQ(*m.mapToken({2, 3}), (TextRange{4, 5}));
  EXPECT_FALSE(m.mapToken({0, 1})); // text inserted right before it
  EXPECT_EQ(*m.mapSpan({4, 18}), (TextRange{6, 21}));
  // A span whose last character was replaced is gone.
  m.add({20, 21, 1});
  EXPECT_FALSE(m.mapSpan({4, 18}));
  EXPECT_EQ(m.mapOffset(0, false), 0u);
  EXPECT_EQ(m.mapOffset(0, true), 2u);
}

// Random edits on random text: whatever survives the map reads the same in
// the new text (tokens entirely, spans at both ends), and the composed map
// agrees with applying the edits one at a time.
TEST(EditMap, AgreesWithTheTextAndWithOneEditAtATime) {
  std::mt19937 rng(12);
  auto pick = [&](uint32_t n) {
    return std::uniform_int_distribution<uint32_t>(0, n)(rng);
  };
  for (int round = 0; round < 300; ++round) {
    std::string original;
    for (uint32_t i = 0, n = 20 + pick(60); i < n; ++i)
      original.push_back("abcdefgh \n"[pick(9)]);
    std::string text = original;
    EditMap composed;
    std::vector<EditMap> steps;
    for (int k = 0, n = 1 + int(pick(6)); k < n; ++k) {
      uint32_t b = pick(text.size()), e = b + pick(text.size() - b);
      e = std::min<uint32_t>(e, b + 6);
      std::string insert(pick(4), "XYZ\n"[pick(3)]);
      ByteEdit edit{b, e, uint32_t(insert.size())};
      text.replace(b, e - b, insert);
      composed.add(edit);
      steps.emplace_back();
      steps.back().add(edit);
    }
    for (int q = 0; q < 50; ++q) {
      uint32_t b = pick(original.size() - 1);
      uint32_t e = b + 1 + pick(std::min<uint32_t>(8, original.size() - b - 1));
      TextRange r{b, e};
      std::optional<TextRange> token = composed.mapToken(r);
      std::optional<TextRange> span = composed.mapSpan(r);
      std::optional<TextRange> t1 = r, s1 = r;
      for (const EditMap &step : steps) {
        if (t1)
          t1 = step.mapToken(*t1);
        if (s1)
          s1 = step.mapSpan(*s1);
      }
      ASSERT_EQ(token.has_value(), t1.has_value()) << round << " " << q;
      ASSERT_EQ(span.has_value(), s1.has_value()) << round << " " << q;
      if (token) {
        EXPECT_EQ(*token, *t1);
        EXPECT_EQ(text.substr(token->begin, token->end - token->begin),
                  original.substr(b, e - b));
      }
      if (span) {
        EXPECT_EQ(*span, *s1);
        EXPECT_EQ(text[span->begin], original[b]);
        EXPECT_EQ(text[span->end - 1], original[e - 1]);
      }
    }
  }
}

AnalysisEngine &engine() {
  static AnalysisEngine e;
  return e;
}

/// Analyzes every pending chunk of `doc` in process.
void analyzePending(Document &doc) {
  for (unsigned i : doc.pendingChunks())
    doc.addAnalysis(doc.chunkHash(i),
                    std::make_shared<const ChunkAnalysis>(analyzeChunk(
                        engine().context(), doc.text(), doc.split().chunks[i],
                        AnalyzerOptions())));
}

const char *kTwoFunctions = R"mlir(module {
  func.func @f(%x: !llvm.ptr) {
    %mx = omp.map.info var_ptr(%x : !llvm.ptr, f32) map_clauses(tofrom) capture(ByRef) -> !llvm.ptr {name = "x"}
    omp.target map_entries(%mx -> %ax : !llvm.ptr) {
      %v = llvm.load %ax : !llvm.ptr -> f32
      omp.terminator
    }
    return
  }
  func.func @g(%y: !llvm.ptr) {
    %c = llvm.mlir.constant(1 : i32) : i32
    return
  }
}
)mlir";

/// `doc`'s hover at the `n`-th occurrence of `needle` plus `skip` bytes.
std::optional<HoverInfo> hoverAt(const Document &doc, llvm::StringRef needle,
                                 uint32_t skip = 1) {
  size_t at = llvm::StringRef(doc.text()).find(needle);
  EXPECT_NE(at, llvm::StringRef::npos) << needle.str();
  return hover(doc.snapshot(), uint32_t(at) + skip);
}

TEST(StaleRecords, ServedWhileTheFunctionDoesNotParse) {
  Document doc("file:///s.mlir", 1, kTwoFunctions);
  analyzePending(doc);
  std::string v1 = doc.text().str();

  // Two lines above, then a typo in @f's omp.map.info attribute dictionary.
  std::string v2 = "// a\n// b\n" + v1;
  doc.setText(2, v2, {{0, 0, 10}});
  analyzePending(doc);
  std::string v3 = v2;
  size_t typo = v3.find("capture(ByRef)");
  v3.replace(typo, 7, "capturx");
  doc.setText(3, v3);
  analyzePending(doc);

  const ChunkAnalysis &a = *doc.analysis(0);
  ASSERT_EQ(a.blankedUnits.size(), 1u);
  ASSERT_EQ(a.staleUnits.size(), 1u);
  EXPECT_TRUE(a.staleUnits[0].begin <= v3.find("func.func @f"));
  EXPECT_TRUE(a.staleUnits[0].end <= v3.find("func.func @g"));
  // Only the current parse error is reported.
  ASSERT_FALSE(a.diagnostics.empty());
  for (const Diagnostic &d : a.diagnostics)
    EXPECT_EQ(d.kind, DiagKind::Parse);

  // The use of %ax in @f: stale, at its new place, with its clause.
  std::optional<HoverInfo> h = hoverAt(doc, "%ax : !llvm.ptr -> f32");
  ASSERT_TRUE(h && h->value && h->value->binding);
  EXPECT_TRUE(h->stale);
  size_t use = v3.find("%ax : !llvm.ptr -> f32");
  EXPECT_EQ(h->range, (TextRange{uint32_t(use), uint32_t(use + 3)}));
  EXPECT_EQ(h->value->binding->clause, "map_entries");
  EXPECT_NE(renderHover(*h).find("(from the last version that parsed)"),
            std::string::npos);
  // The op whose text was edited is still there (only its tokens count).
  h = hoverAt(doc, "omp.map.info");
  ASSERT_TRUE(h && h->op);
  EXPECT_TRUE(h->stale);
  // @g parses: current, not stale.
  h = hoverAt(doc, "llvm.mlir.constant");
  ASSERT_TRUE(h && h->op);
  EXPECT_FALSE(h->stale);

  std::vector<OutlineSymbol> outline = documentSymbols(doc.snapshot());
  ASSERT_EQ(outline.size(), 2u);
  EXPECT_EQ(outline[0].name, "func.func @f");
  EXPECT_EQ(outline[0].detail, "(stale)");
  EXPECT_EQ(outline[0].selection.begin, v3.find("func.func @f"));
  EXPECT_EQ(outline[1].name, "func.func @g");
  EXPECT_EQ(outline[1].detail, "");

  // Still broken after another edit inside @f: the records stay (from the
  // same last good version), moved again.
  std::string v4 = v3;
  v4.insert(v3.find("    return\n  }\n  func.func @g"), "    \n");
  doc.setText(4, v4);
  analyzePending(doc);
  h = hoverAt(doc, "%ax : !llvm.ptr -> f32");
  ASSERT_TRUE(h && h->value);
  EXPECT_TRUE(h->stale);

  // Fixed: fresh results, nothing stale.
  std::string v5 = v4;
  v5.replace(v5.find("capturx"), 7, "capture");
  doc.setText(5, v5);
  analyzePending(doc);
  EXPECT_TRUE(doc.analysis(0)->staleUnits.empty());
  h = hoverAt(doc, "%ax : !llvm.ptr -> f32");
  ASSERT_TRUE(h && h->value);
  EXPECT_FALSE(h->stale);
}

TEST(StaleRecords, ATouchedRecordIsDropped) {
  Document doc("file:///s.mlir", 1, kTwoFunctions);
  analyzePending(doc);
  // `%ax` renamed where it is used: that use and the op using it are new
  // text, so they are not served; the block argument still is.
  std::string v2 = doc.text().str();
  size_t use = v2.find("%ax : !llvm.ptr -> f32");
  v2.replace(use, 3, "%az");
  doc.setText(2, v2);
  analyzePending(doc);
  ASSERT_FALSE(doc.analysis(0)->staleUnits.empty());
  std::optional<HoverInfo> h = hoverAt(doc, "%az");
  EXPECT_FALSE(h && h->value);
  h = hoverAt(doc, "-> %ax", 4);
  ASSERT_TRUE(h && h->value);
  EXPECT_TRUE(h->stale);
  EXPECT_EQ(h->name, "%ax");
}

TEST(StaleRecords, NothingWithoutAnEarlierParse) {
  // Broken from the start: the analysis is what the failed parse saw.
  std::string broken = kTwoFunctions;
  broken.replace(broken.find("capture(ByRef)"), 7, "capturx");
  Document doc("file:///s.mlir", 1, broken);
  analyzePending(doc);
  EXPECT_TRUE(doc.analysis(0)->staleUnits.empty());
  EXPECT_FALSE(doc.analysis(0)->blankedUnits.empty());
  EXPECT_EQ(withStaleRecords(*doc.analysis(0), {}, EditMap()), nullptr);
}

} // namespace
