//===- EditorFeaturesTest.cpp - Tokens, highlights, renames, symbols ------===//
//
// Semantic tokens, document highlights, rename and workspace symbols on
// real analyses (analyzed in process), checked field by field; the
// semantic-token delta on plain integer arrays.
//
//===----------------------------------------------------------------------===//

#include "AnalyzeInProcess.h"
#include "Annotations.h"

#include "server/features/Highlight.h"
#include "server/features/Rename.h"
#include "server/features/SemanticTokens.h"
#include "server/features/WorkspaceSymbols.h"
#include "server/lsp/Protocol.h"

#include "gtest/gtest.h"

#include <algorithm>

using namespace ompx;

namespace {

Snapshot analyze(const std::string &code) {
  return test::analyzeInProcess(code, "test:///editor.mlir");
}

const char *kCode = R"mlir(
omp.private {type = private} @$recipe[[x_private]] : i32

func.func @$helperdef[[helper]](%p: !llvm.ptr) -> i32 {
  %c = llvm.mlir.constant(1 : i32) : i32
  return %c : i32
}

func.func @kernel($xdef[[%x]]: $ptrty[[!llvm.ptr]], %n: i32) {
  $sdef[[%s]]:2 = arith.addui_extended %n, %n : i32, i1
  %w = llvm.add $suse0[[%s#0]], $suse1[[%s#0]] : i32
  %carry = arith.extui $suse2[[%s#1]] : i1 to i32
  %mx = omp.map.info var_ptr($xuse[[%x]] : !llvm.ptr, i32) map_clauses($tofrom[[tofrom]]) capture(ByRef) -> !llvm.ptr {name = "x"}
  $omp[[omp]].$target[[target]] $kw[[map_entries]](%mx -> $ax[[%ax]] : !llvm.ptr) private(@x_private %x -> %px : !llvm.ptr) {
    %v = llvm.load %ax : !llvm.ptr -> i32
    omp.terminator
  }
  %r = func.call @$helperuse[[helper]](%x) : (!llvm.ptr) -> i32
  cf.br $bbuse[[^bb1]](%r : i32)
$bbdef[[^bb1]]($arg[[%a]]: i32):
  return
}
)mlir";

const SemanticToken *tokenAt(const std::vector<SemanticToken> &tokens,
                             TextRange r) {
  for (const SemanticToken &t : tokens)
    if (t.range == r)
      return &t;
  return nullptr;
}

TEST(SemanticTokens, ClassifiesFromTheAnalysis) {
  Annotations t(kCode);
  Snapshot s = analyze(t.code());
  ASSERT_TRUE(s.analyses[0] && s.analyses[0]->parsed);
  auto tokens = semanticTokens(s, {0, uint32_t(t.code().size())});
  // Sorted, disjoint, each on one line.
  for (size_t i = 1; i < tokens.size(); ++i)
    EXPECT_LE(tokens[i - 1].range.end, tokens[i].range.begin);
  struct Want {
    const char *name;
    TokenType type;
    uint16_t mods;
  } wants[] = {
      {"omp", TokenType::Namespace, 0},
      {"target", TokenType::Function, 0},
      {"kw", TokenType::Keyword, 0},
      {"tofrom", TokenType::EnumMember, 0},
      {"xdef", TokenType::Parameter, ModDeclaration},
      {"xuse", TokenType::Parameter, 0},
      {"sdef", TokenType::Variable, ModDeclaration},
      {"suse0", TokenType::Variable, 0},
      {"suse1", TokenType::Variable, 0},
      {"suse2", TokenType::Variable, 0},
      {"ax", TokenType::Parameter, ModDeclaration | ModClauseBound},
      {"arg", TokenType::Parameter, ModDeclaration},
      {"ptrty", TokenType::Type, 0},
      {"bbdef", TokenType::Label, ModDeclaration},
      {"bbuse", TokenType::Label, 0},
      {"helperuse", TokenType::Function, 0},
  };
  for (const Want &w : wants) {
    SCOPED_TRACE(w.name);
    TextRange r = t.range(w.name);
    if (llvm::StringRef(w.name).starts_with("helper"))
      r.begin -= 1; // the `@`
    const SemanticToken *tok = tokenAt(tokens, r);
    ASSERT_TRUE(tok);
    EXPECT_EQ(tok->type, w.type);
    EXPECT_EQ(tok->modifiers, w.mods);
  }
  // A symbol definition: its `@name`, as a declaration.
  TextRange def = t.range("helperdef");
  const SemanticToken *tok = tokenAt(tokens, {def.begin - 1, def.end});
  ASSERT_TRUE(tok);
  EXPECT_EQ(tok->type, TokenType::Function);
  EXPECT_EQ(tok->modifiers, ModDeclaration);
}

TEST(SemanticTokens, RangeKeepsOnlyItsTokens) {
  Annotations t(kCode);
  Snapshot s = analyze(t.code());
  TextRange r = t.range("kw");
  auto tokens = semanticTokens(s, r);
  ASSERT_EQ(tokens.size(), 1u);
  EXPECT_EQ(tokens[0].type, TokenType::Keyword);
}

TEST(SemanticTokens, UnanalyzedChunksGetLexerTokens) {
  Annotations t(R"mlir(
func.func @f($x[[%x]]: i32) {
  %0 = $arith[[arith]].$addi[[addi]] %x, %x : $i32[[i32]]
  $br[[^bb1]]:
  return {a = $attr[[#fir.var_attrs<target>]]}
}
)mlir");
  Snapshot s;
  s.uri = "test:///x.mlir";
  s.text = SharedText::make(t.code());
  s.lines = std::make_shared<const LineTable>(*s.text);
  s.chunks = splitChunks(*s.text).chunks;
  s.analyses.assign(s.chunks.size(), nullptr);
  auto tokens = semanticTokens(s, {0, uint32_t(t.code().size())});
  auto type = [&](const char *name) {
    const SemanticToken *tok = tokenAt(tokens, t.range(name));
    return tok ? int(tok->type) : -1;
  };
  EXPECT_EQ(type("x"), int(TokenType::Variable));
  EXPECT_EQ(type("arith"), int(TokenType::Namespace));
  EXPECT_EQ(type("addi"), int(TokenType::Function));
  EXPECT_EQ(type("i32"), int(TokenType::Type));
  EXPECT_EQ(type("br"), int(TokenType::Label));
  EXPECT_EQ(type("attr"), int(TokenType::Decorator));
}

TEST(SemanticTokens, DeltaKeepsCommonPrefixAndSuffix) {
  std::vector<uint32_t> a = {0, 1, 2, 3, 0, 1, 2, 3, 1, 0, 0, 4, 1, 0, 0};
  EXPECT_TRUE(semanticTokensDelta(a, a).empty());
  // A token inserted in the middle.
  std::vector<uint32_t> b = {0, 1, 2, 3, 0, 0, 9, 9, 9, 0,
                             1, 2, 3, 1, 0, 0, 4, 1, 0, 0};
  auto edits = semanticTokensDelta(a, b);
  ASSERT_EQ(edits.size(), 1u);
  EXPECT_EQ(edits[0].start % 5, 0u);
  std::vector<uint32_t> applied = a;
  applied.erase(applied.begin() + edits[0].start,
                applied.begin() + edits[0].start + edits[0].deleteCount);
  applied.insert(applied.begin() + edits[0].start, edits[0].data.begin(),
                 edits[0].data.end());
  EXPECT_EQ(applied, b);
  EXPECT_EQ(edits[0].start, 5u);
  EXPECT_EQ(edits[0].deleteCount, 0u);
  EXPECT_EQ(edits[0].data.size(), 5u);
  // Repeated tokens: the common prefix and suffix may not overlap.
  std::vector<uint32_t> two(10, 1), three(15, 1);
  edits = semanticTokensDelta(two, three);
  ASSERT_EQ(edits.size(), 1u);
  EXPECT_EQ(edits[0].start, 10u);
  EXPECT_EQ(edits[0].deleteCount, 0u);
  EXPECT_EQ(edits[0].data.size(), 5u);
  edits = semanticTokensDelta(three, two);
  ASSERT_EQ(edits.size(), 1u);
  EXPECT_EQ(edits[0].start, 10u);
  EXPECT_EQ(edits[0].deleteCount, 5u);
  EXPECT_TRUE(edits[0].data.empty());
  // Everything removed.
  edits = semanticTokensDelta(a, {});
  ASSERT_EQ(edits.size(), 1u);
  EXPECT_EQ(edits[0].start, 0u);
  EXPECT_EQ(edits[0].deleteCount, a.size());
}

TEST(SemanticTokens, EncodedInTheNegotiatedEncoding) {
  // `"ü😀" %x` and, on the next line, `%y`: ü is 2 bytes and 1 UTF-16
  // unit, 😀 4 bytes and 2 units.
  std::string text = "\"\xC3\xBC\xF0\x9F\x98\x80\" %x\n  %y";
  LineTable lines(text);
  std::vector<SemanticToken> tokens = {
      {{9, 11}, TokenType::Variable, 0},
      {{14, 16}, TokenType::Parameter, ModDeclaration}};
  auto utf16 =
      lsp::encodeSemanticTokens(lines, PositionEncoding::UTF16, tokens, text);
  EXPECT_EQ(utf16, (std::vector<uint32_t>{0, 6, 2, 2, 0, 1, 2, 2, 3, 1}));
  auto utf8 =
      lsp::encodeSemanticTokens(lines, PositionEncoding::UTF8, tokens, text);
  EXPECT_EQ(utf8, (std::vector<uint32_t>{0, 9, 2, 2, 0, 1, 2, 2, 3, 1}));
  auto utf32 =
      lsp::encodeSemanticTokens(lines, PositionEncoding::UTF32, tokens, text);
  EXPECT_EQ(utf32, (std::vector<uint32_t>{0, 5, 2, 2, 0, 1, 2, 2, 3, 1}));
}

TEST(Highlight, DefinitionIsWriteUsesAreRead) {
  Annotations t(kCode);
  Snapshot s = analyze(t.code());
  auto hs = documentHighlights(s, t.range("suse0").begin + 1);
  ASSERT_EQ(hs.size(), 4u);
  EXPECT_EQ(hs[0].range, t.range("sdef"));
  EXPECT_TRUE(hs[0].write);
  for (size_t i = 1; i < hs.size(); ++i)
    EXPECT_FALSE(hs[i].write);
  // An op name: nothing.
  EXPECT_TRUE(documentHighlights(s, t.range("target").begin).empty());
}

std::string applyEdits(std::string text, std::vector<TextEdit> edits) {
  std::sort(edits.begin(), edits.end(),
            [](auto &x, auto &y) { return x.range.begin > y.range.begin; });
  for (const TextEdit &e : edits)
    text.replace(e.range.begin, e.range.end - e.range.begin, e.newText);
  return text;
}

TEST(Rename, ValueGroupKeepsResultNumbers) {
  Annotations t(kCode);
  Snapshot s = analyze(t.code());
  RenameTarget p = prepareRename(s, t.range("suse0").begin + 1);
  ASSERT_EQ(p.error, "");
  EXPECT_EQ(p.name, "%s");
  EXPECT_EQ(p.range.begin, t.range("suse0").begin);
  EXPECT_EQ(p.range.end, t.range("suse0").begin + 2);
  RenameResult r = rename(s, t.range("sdef").begin, "sum");
  ASSERT_EQ(r.error, "");
  ASSERT_EQ(r.edits.size(), 4u);
  std::string out = applyEdits(t.code(), r.edits);
  EXPECT_NE(out.find("%sum:2 = arith.addui_extended"), std::string::npos);
  EXPECT_NE(out.find("llvm.add %sum#0, %sum#0"), std::string::npos);
  EXPECT_NE(out.find("arith.extui %sum#1"), std::string::npos);
  // The renamed text analyzes cleanly.
  Snapshot after = analyze(out);
  EXPECT_TRUE(after.analyses[0]->parsed);
  for (const Diagnostic &d : after.analyses[0]->diagnostics)
    if (d.severity == Severity::Error)
      ADD_FAILURE() << d.message;
}

TEST(Rename, RefusesBadOrTakenNames) {
  Annotations t(kCode);
  Snapshot s = analyze(t.code());
  uint32_t at = t.range("sdef").begin;
  EXPECT_NE(rename(s, at, "%a b").error.find("not a valid SSA value name"),
            std::string::npos);
  EXPECT_NE(rename(s, at, "%1x").error.find("not a valid"), std::string::npos);
  // %w is defined in the same function; %c only in @helper.
  EXPECT_NE(rename(s, at, "%w").error.find("already defined"),
            std::string::npos);
  EXPECT_EQ(rename(s, at, "%c").error, "");
  // A numbered name is fine where free.
  EXPECT_EQ(rename(s, at, "%7").error, "");
  // Not on a name.
  EXPECT_NE(prepareRename(s, t.range("target").begin).error.find("nothing to"),
            std::string::npos);
}

TEST(Rename, BlockLabelsAndSymbols) {
  Annotations t(kCode);
  Snapshot s = analyze(t.code());
  RenameResult r = rename(s, t.range("bbuse").begin + 1, "^exit");
  ASSERT_EQ(r.error, "");
  ASSERT_EQ(r.edits.size(), 2u);
  EXPECT_EQ(r.edits[0].newText, "^exit");
  EXPECT_EQ(r.edits[1].range, t.range("bbdef"));

  r = rename(s, t.range("helperuse").begin, "@assist");
  ASSERT_EQ(r.error, "");
  ASSERT_EQ(r.edits.size(), 2u);
  EXPECT_EQ(r.edits[0].range.begin, t.range("helperdef").begin - 1);
  EXPECT_EQ(r.edits[0].newText, "@assist");
  EXPECT_EQ(r.edits[1].range.begin, t.range("helperuse").begin - 1);

  // Taken, and not a symbol name.
  EXPECT_NE(rename(s, t.range("helperuse").begin, "kernel")
                .error.find("already defined"),
            std::string::npos);
  // A recipe: its definition and its use in the private clause.
  r = rename(s, t.range("recipe").begin, "x_priv");
  ASSERT_EQ(r.error, "");
  EXPECT_EQ(r.edits.size(), 2u);
}

TEST(Rename, RefusedForSymbolsDefinedTwiceInNestedTables) {
  Annotations t(R"mlir(
func.func @$outer^f() {
  return
}
module @m {
  func.func @f() {
    return
  }
  func.func @$g[[g]]() {
    return
  }
}
)mlir");
  Snapshot s = analyze(t.code());
  ASSERT_TRUE(s.analyses[0]->parsed);
  EXPECT_NE(prepareRename(s, t.point("outer")).error.find("more than once"),
            std::string::npos);
  // A name taken in the nested table only is taken too.
  EXPECT_NE(rename(s, t.range("g").begin, "f").error.find("already defined"),
            std::string::npos);
}

TEST(Rename, RefusedInChunksThatDoNotParse) {
  Annotations t(R"mlir(
func.func @f(%x: i32) -> i32 {
  return $x[[%x]] : i32
}
func.func @g() {
  this does not parse
}
)mlir");
  Snapshot s = analyze(t.code());
  RenameTarget p = prepareRename(s, t.range("x").begin);
  EXPECT_NE(p.error.find("parse errors"), std::string::npos) << p.error;
  EXPECT_NE(rename(s, t.range("x").begin, "y").error, "");
}

TEST(WorkspaceSymbols, MatchesAcrossDocuments) {
  Snapshot a = analyze(Annotations(kCode).code());
  Snapshot b = analyze("func.func @kernel_two() {\n  return\n}\n");
  std::vector<Snapshot> docs = {a, b};
  auto all = workspaceSymbols(docs, "");
  std::vector<std::string> names;
  for (auto &w : all)
    names.push_back(w.name);
  EXPECT_NE(std::find(names.begin(), names.end(), "x_private"), names.end());
  EXPECT_NE(std::find(names.begin(), names.end(), "helper"), names.end());

  auto ks = workspaceSymbols(docs, "KERNEL");
  ASSERT_EQ(ks.size(), 2u);
  EXPECT_EQ(ks[0].name, "kernel"); // exact first
  EXPECT_EQ(ks[0].container, "func.func");
  EXPECT_EQ(ks[0].document, 0u);
  EXPECT_EQ(ks[1].name, "kernel_two");
  EXPECT_EQ(ks[1].document, 1u);
  // A subsequence; and the limit.
  auto sub = workspaceSymbols(docs, "xpvt");
  ASSERT_EQ(sub.size(), 1u);
  EXPECT_EQ(sub[0].name, "x_private");
  EXPECT_EQ(sub[0].kind, OutlineKind::Recipe);
  EXPECT_EQ(workspaceSymbols(docs, "", 1).size(), 1u);
  EXPECT_TRUE(workspaceSymbols(docs, "zzz").empty());
}

} // namespace
