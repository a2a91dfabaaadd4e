//===- RecoveryTest.cpp - Parse errors stay inside their op ---------------===//
//
// The analysis of a chunk with one broken op, in process: one parse error,
// and every other function's outline and hover unchanged.
// Each bracket kind, missing and extra, in custom and generic form and in a
// nested module; a typo in an op name; the error cap; a too-deep unit; the
// re-parse of flang-22 output through a repaired copy of the text.
//
//===----------------------------------------------------------------------===//

#include "AnalyzeInProcess.h"
#include "server/analysis/ChunkAnalyzer.h"
#include "server/features/DocumentSymbols.h"
#include "server/features/Hover.h"

#include "gtest/gtest.h"

#include <tuple>

using namespace ompx;

namespace {

Snapshot analyze(const std::string &code,
                 const AnalyzerOptions &options = AnalyzerOptions()) {
  return test::analyzeInProcess(code, "test:///recovery.mlir", options);
}

std::vector<const Diagnostic *> errors(const Snapshot &s) {
  std::vector<const Diagnostic *> out;
  for (const auto &a : s.analyses)
    for (const Diagnostic &d : a->diagnostics)
      if (d.severity == Severity::Error)
        out.push_back(&d);
  return out;
}

using Flat = std::tuple<std::string, int, uint32_t, uint32_t, uint32_t>;

/// The outline as (name, kind, begin, end, selection begin), outside
/// [skipBegin, skipEnd); offsets at or after `from` moved by `delta`.
std::vector<Flat> outline(const Snapshot &s, uint32_t skipBegin,
                          uint32_t skipEnd, uint32_t from = ~0u,
                          int delta = 0) {
  std::vector<Flat> out;
  auto move = [&](uint32_t o) { return o >= from ? o + delta : o; };
  std::function<void(const std::vector<OutlineSymbol> &)> walk =
      [&](const std::vector<OutlineSymbol> &symbols) {
        for (const OutlineSymbol &sym : symbols) {
          if (sym.range.end <= skipBegin || sym.range.begin >= skipEnd)
            out.emplace_back(sym.name, int(sym.kind), move(sym.range.begin),
                             move(sym.range.end), move(sym.selection.begin));
          walk(sym.children);
        }
      };
  walk(documentSymbols(s));
  return out;
}

// Three functions; @b holds every bracket kind. The markers `@@B` and
// `@@C` (removed) bound @b's text.
const char *kCustom = R"mlir(module {
  func.func @a(%q: i32) {
    %0 = arith.addi %q, %q : i32
    return
  }
@@B  func.func @b(%x: i32, %p: !llvm.ptr) {
    %0 = arith.addi %x, %x : i32
    %1 = llvm.mlir.constant(dense<[1, 2]> : vector<2xi32>) : vector<2xi32>
    %2 = "test.op"(%x) {a = [1, 2]} : (i32) -> !llvm.ptr
    return
  }
@@C  func.func @c(%q: i32) {
    %0 = arith.muli %q, %q : i32
    return
  }
}
)mlir";

const char *kGeneric = R"mlir("builtin.module"() ({
  "func.func"() ({
  ^bb0(%q: i32):
    %0 = "arith.addi"(%q, %q) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    "func.return"() : () -> ()
  }) {function_type = (i32) -> (), sym_name = "a"} : () -> ()
@@B  "func.func"() ({
  ^bb0(%x: i32, %p: !llvm.ptr):
    %0 = "arith.addi"(%x, %x) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    %2 = "test.op"(%x) {a = [1, 2]} : (i32) -> !llvm.ptr
    "func.return"() : () -> ()
  }) {function_type = (i32, !llvm.ptr) -> (), sym_name = "b"} : () -> ()
@@C  "func.func"() ({
  ^bb0(%q: i32):
    %0 = "arith.muli"(%q, %q) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
    "func.return"() : () -> ()
  }) {function_type = (i32) -> (), sym_name = "c"} : () -> ()
}) : () -> ()
)mlir";

const char *kNested = R"mlir(module {
  func.func @z() {
    return
  }
  module @inner {
    func.func @a(%q: i32) {
      %0 = arith.addi %q, %q : i32
      return
    }
@@B    func.func @b(%x: i32, %p: !llvm.ptr) {
      %0 = arith.addi %x, %x : i32
      %1 = llvm.mlir.constant(dense<[1, 2]> : vector<2xi32>) : vector<2xi32>
      %2 = "test.op"(%x) {a = [1, 2]} : (i32) -> !llvm.ptr
      return
    }
@@C    func.func @c(%q: i32) {
      %0 = arith.muli %q, %q : i32
      return
    }
  }
}
)mlir";

struct Source {
  std::string text;
  uint32_t b = 0, c = 0; ///< where @b and @c begin
};

Source source(std::string text) {
  Source s;
  s.b = text.find("@@B");
  text.erase(s.b, 3);
  s.c = text.find("@@C");
  text.erase(s.c, 3);
  s.text = text;
  return s;
}

/// Checks one broken variant of `base`: the text with `edit` (a deletion
/// of one byte at `at`, or an insertion of `insert` there).
void checkVariant(const Source &base, const Snapshot &good, uint32_t at,
                  const std::string &insert) {
  std::string text = base.text;
  int delta;
  if (insert.empty()) {
    text.erase(at, 1);
    delta = -1;
  } else {
    text.insert(at, insert);
    delta = insert.size();
  }
  SCOPED_TRACE(text);
  Snapshot s = analyze(text);
  // One parse error (MLIR may say it in two messages at one place); where
  // it is mlir-opt's business (check/recovery-differential.test).
  std::vector<const Diagnostic *> errs = errors(s);
  ASSERT_FALSE(errs.empty());
  for (const Diagnostic *d : errs) {
    EXPECT_EQ(d->kind, DiagKind::Parse);
    EXPECT_EQ(d->anchor, errs[0]->anchor);
  }
  // Every other function: the same outline, fully analyzed.
  EXPECT_EQ(outline(s, base.b, base.c + delta),
            outline(good, base.b, base.c, at, delta));
  for (uint32_t off : {uint32_t(text.find("arith.addi")),
                       uint32_t(text.find("arith.muli"))}) {
    std::optional<HoverInfo> h = hover(s, off);
    ASSERT_TRUE(h && h->op);
    EXPECT_FALSE(h->op->partial);
  }
}

void checkAllBrackets(const char *code) {
  Source base = source(code);
  Snapshot good = analyze(base.text);
  ASSERT_TRUE(errors(good).empty());
  unsigned variants = 0;
  // Each bracket of @b missing...
  for (uint32_t i = base.b; i < base.c; ++i) {
    char ch = base.text[i];
    if (!llvm::StringRef("()[]{}<>").contains(ch) ||
        (ch == '>' && base.text[i - 1] == '-'))
      continue;
    checkVariant(base, good, i, "");
    ++variants;
  }
  // ... and each kind one too many, at the end of each line of @b.
  for (uint32_t i = base.b; i < base.c; ++i) {
    if (base.text[i] != '\n')
      continue;
    for (char ch : llvm::StringRef("()[]{}<>")) {
      checkVariant(base, good, i, std::string(" ") + ch);
      ++variants;
    }
  }
  EXPECT_GT(variants, 40u);
}

TEST(Recovery, EachBracketMissingOrExtraCustomForm) {
  checkAllBrackets(kCustom);
}

TEST(Recovery, EachBracketMissingOrExtraGenericForm) {
  checkAllBrackets(kGeneric);
}

TEST(Recovery, EachBracketMissingOrExtraNestedModule) {
  checkAllBrackets(kNested);
}

TEST(Recovery, IssueExampleReportsOnlyTheMissingParen) {
  std::string text = "module {\n  func.func @a() {\n    return\n  }\n"
                     "  func.func @b(%x: i32) {\n"
                     "    %0 = arith.addi %x, %x : (i32\n    return\n  }\n}\n";
  Snapshot s = analyze(text);
  std::vector<const Diagnostic *> errs = errors(s);
  ASSERT_EQ(errs.size(), 1u);
  EXPECT_EQ(errs[0]->message, "expected ')'");
  EXPECT_EQ(s.lines->toLineColumn(errs[0]->anchor),
            std::make_pair(6u, 34u)); // as mlir-opt-22 says
  std::optional<HoverInfo> h = hover(s, text.find("return"));
  ASSERT_TRUE(h && h->op);
  EXPECT_FALSE(h->op->partial);
}

TEST(Recovery, TypoInOpNameCostsOneFunction) {
  std::string text = R"mlir(func.func @a(%p: !llvm.ptr) {
  omp.target {
    omp.terminator
  }
  return
}
func.func @b() {
  omp.targetx {
    omp.terminator
  }
  return
}
func.func @c() {
  omp.parallel {
    omp.terminator
  }
  return
}
)mlir";
  Snapshot s = analyze(text);
  std::vector<const Diagnostic *> errs = errors(s);
  ASSERT_EQ(errs.size(), 1u);
  EXPECT_EQ(errs[0]->range.begin, text.find("omp.targetx"));
  for (const char *op : {"omp.target {", "omp.parallel"}) {
    std::optional<HoverInfo> h = hover(s, text.find(op));
    ASSERT_TRUE(h && h->op) << op;
    EXPECT_FALSE(h->op->partial) << op;
  }
  // @b itself is not analyzed (serving its last good analysis is the
  // document's business); its neighbours are, in full.
  std::vector<OutlineSymbol> symbols = documentSymbols(s);
  ASSERT_EQ(symbols.size(), 2u);
  EXPECT_EQ(symbols[0].name, "func.func @a");
  EXPECT_FALSE(symbols[0].children.empty());
  EXPECT_EQ(symbols[1].name, "func.func @c");
  EXPECT_FALSE(symbols[1].children.empty());
}

TEST(Recovery, NoFollowOnFromAnOpUsingABlankedSymbol) {
  // The mapper does not parse; the map that names it must not say
  // "invalid mapper id" (a message that does not name the symbol).
  std::string text = R"mlir(omp.declare_mapper @m : !llvm.struct<(i32)> {
^bb0(%arg0: !llvm.ptr):
  %0 = omp.map.info var_ptr(%arg0 : !llvm.ptr, !llvm.struct<(i32))) map_clauses(tofrom) capture(ByRef) -> !llvm.ptr {name = ""}
  omp.declare_mapper.info map_entries(%0 : !llvm.ptr)
}
func.func @f(%p: !llvm.ptr) {
  %1 = omp.map.info var_ptr(%p : !llvm.ptr, !llvm.struct<(i32)>) map_clauses(to) capture(ByRef) mapper(@m) -> !llvm.ptr {name = "s"}
  omp.target map_entries(%1 -> %a : !llvm.ptr) {
    omp.terminator
  }
  return
}
)mlir";
  Snapshot s = analyze(text);
  std::vector<const Diagnostic *> errs = errors(s);
  ASSERT_EQ(errs.size(), 1u);
  EXPECT_EQ(errs[0]->message, "unbalanced '<' character in pretty dialect name");
}

TEST(Recovery, ErrorCapIsSaid) {
  std::string text;
  for (int i = 0; i < 6; ++i)
    text += "func.func @f" + std::to_string(i) + "() {\n  bogus\n}\n";
  AnalyzerOptions options;
  options.maxParseErrors = 3;
  Snapshot s = analyze(text, options);
  const std::vector<Diagnostic> &diags = s.analyses[0]->diagnostics;
  ASSERT_EQ(diags.size(), 4u);
  EXPECT_EQ(errors(s).size(), 3u);
  EXPECT_EQ(diags[3].kind, DiagKind::Limit);
  EXPECT_EQ(diags[3].severity, Severity::Warning);
  EXPECT_EQ(diags[3].message,
            "stopped after 3 parse errors: later errors in this chunk are "
            "not shown and it is not analyzed");
}

TEST(Recovery, TooDeepUnitLeavesNoOtherError) {
  // The op wraps onto a second line, which alone is not an op.
  std::string text = "func.func @a() {\n  return\n}\n\"test.op\"()\n"
                     "    {x = " +
                     std::string(40, '[') + std::string(40, ']') +
                     "} : () -> ()\nfunc.func @c() {\n  return\n}\n";
  AnalyzerOptions options;
  options.depthLimit = 20;
  Snapshot s = analyze(text, options);
  const std::vector<Diagnostic> &diags = s.analyses[0]->diagnostics;
  ASSERT_EQ(diags.size(), 1u);
  EXPECT_EQ(diags[0].kind, DiagKind::Limit);
  EXPECT_TRUE(s.analyses[0]->parsed);
  EXPECT_EQ(documentSymbols(s).size(), 2u);
}

TEST(Recovery, RepairedTypeOfDifferentLengthMapsBack) {
  // The shape of flang-22's defect with types of different lengths: every
  // position after the repaired type must still be exact.
  std::string text = R"mlir(func.func @f(%p: !llvm.ptr) {
  %m = omp.map.info var_ptr(%p : !llvm.ptr, f32) map_clauses(to) capture(ByRef) -> !llvm.ptr {name = "x"}
  omp.target map_entries(%m -> %a : !llvm.ptr) {
    %v = "test.use"(%a) : (!llvm.ptr<1>) -> i32
    %w = "test.use"(%v) : (i32) -> i64
    omp.terminator
  }
  return
}
)mlir";
  Snapshot s = analyze(text);
  std::vector<const Diagnostic *> errs = errors(s);
  ASSERT_EQ(errs.size(), 1u);
  EXPECT_EQ(errs[0]->range.begin, text.find("%a) :"));
  ASSERT_EQ(errs[0]->notes.size(), 2u);
  EXPECT_NE(errs[0]->notes[1].message.find("-mmlir --mlir-print-op-generic"),
            std::string::npos);
  const ChunkAnalysis &a = *s.analyses[0];
  EXPECT_TRUE(a.parsed);
  // The block argument has the type its uses say.
  std::optional<HoverInfo> arg = hover(s, text.find("%a :"));
  ASSERT_TRUE(arg && arg->value);
  EXPECT_EQ(arg->value->value.type, "!llvm.ptr<1>");
  // Ranges after the repair are the document's.
  uint32_t w = text.find("%w");
  std::optional<HoverInfo> hw = hover(s, w);
  ASSERT_TRUE(hw);
  EXPECT_EQ(hw->range, (TextRange{w, w + 2}));
  uint32_t term = text.find("omp.terminator");
  std::optional<HoverInfo> ht = hover(s, term);
  ASSERT_TRUE(ht && ht->op);
  EXPECT_EQ(ht->range,
            (TextRange{term, term + uint32_t(strlen("omp.terminator"))}));
  uint32_t v = text.find("%v)");
  std::optional<HoverInfo> hv = hover(s, v);
  ASSERT_TRUE(hv && hv->value);
  EXPECT_EQ(hv->range, (TextRange{v, v + 2}));
  EXPECT_EQ(hv->value->value.type, "i32");
}

} // namespace
