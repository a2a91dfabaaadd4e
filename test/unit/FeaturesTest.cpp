//===- FeaturesTest.cpp - Feature structs on real analyses ----------------===//
//
// Each test builds a Snapshot from annotated MLIR by running the real chunk
// analysis in process, then checks what a feature returns field by field.
//
//===----------------------------------------------------------------------===//

#include "AnalyzeInProcess.h"
#include "Annotations.h"

#include "server/analysis/ChunkAnalyzer.h"
#include "server/features/Completion.h"
#include "server/features/DocumentSymbols.h"
#include "server/features/Hover.h"
#include "server/features/InlayHints.h"
#include "server/features/Navigation.h"
#include "server/model/Serialize.h"

#include "gtest/gtest.h"

using namespace ompx;

namespace ompx {
void PrintTo(const TextRange &r, std::ostream *os) {
  *os << "[" << r.begin << ", " << r.end << ")";
}
} // namespace ompx

namespace {

/// A snapshot of `code` with every chunk analyzed in process.
Snapshot analyze(const std::string &code) {
  return test::analyzeInProcess(code, "test:///features.mlir");
}

// omp.target with map_entries and host_eval around a composite loop.
const char *kTarget = R"mlir(
func.func @f(%x: !llvm.ptr, %y: !llvm.ptr, %n: i32) {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  %mx = omp.map.info var_ptr(%x : !llvm.ptr, f32) map_clauses(to) capture(ByRef) -> !llvm.ptr {name = "x"}
  $my[[%my]] = omp.map.info var_ptr(%y : !llvm.ptr, f32) map_clauses(tofrom) capture(ByRef) -> !llvm.ptr {name = "y"}
  omp.target host_eval(%c0 -> %lb, $n[[%n]] -> $ubdef[[%u^b]], %c1 -> %st : i32, i32, i32) map_entries(%mx -> %ax, $myuse[[%my]] -> $ay[[%a$ay^y]] : !llvm.ptr, !llvm.ptr) {
    omp.teams {
      omp.parallel {
        omp.$dist^distribute {
          omp.wsloop {
            omp.loop_nest (%i) : i32 = (%lb) to ($ubuse[[%$ubuse^ub]]) inclusive step (%st) {
              %v = llvm.load $ayuse[[%ay]] : !llvm.ptr -> f32
              omp.yield
            }
          } {omp.composite}
        } {omp.composite}
        omp.terminator
      } {omp.composite}
      omp.terminator
    }
    omp.terminator
  }
  return
}
)mlir";

TEST(Features, HoverOnMapEntryBlockArgument) {
  Annotations t(kTarget);
  Snapshot s = analyze(t.code());
  std::optional<HoverInfo> h = hover(s, t.point("ay"));
  ASSERT_TRUE(h);
  EXPECT_EQ(h->kind, HoverInfo::Kind::Value);
  EXPECT_EQ(h->name, "%ay");
  EXPECT_EQ(h->range, t.range("ay"));
  ASSERT_TRUE(h->value && h->value->binding);
  const BindingInfo &b = *h->value->binding;
  EXPECT_EQ(b.group, ClauseGroup::MapVars);
  EXPECT_EQ(b.clause, "map_entries");
  EXPECT_EQ(b.entry, 1u);
  EXPECT_EQ(b.owner, "omp.target");
  EXPECT_EQ(b.outer, "%my");
  EXPECT_TRUE(b.mapped);
  EXPECT_EQ(b.variable, "y");
  EXPECT_EQ(b.mapType, "tofrom");
  EXPECT_EQ(b.capture, "ByRef");
  ASSERT_TRUE(h->value->outer && h->value->outer->map);
  EXPECT_EQ(h->value->outer->op, "omp.map.info");
  EXPECT_EQ(h->value->outer->map->varPtr, "%y");
  std::string md = renderHover(*h);
  EXPECT_TRUE(llvm::StringRef(md).starts_with(
      "**%ay** — `map_entries` entry #1 of `omp.target`: device copy of "
      "**y**, mapped `tofrom`, captured `ByRef`\n\nBound to `%my`"))
      << md;
}

TEST(Features, HoverOnHostEvalArgument) {
  Annotations t(kTarget);
  Snapshot s = analyze(t.code());
  for (llvm::StringRef at : {"", "ubuse"}) {
    std::optional<HoverInfo> h = hover(s, t.point(at));
    ASSERT_TRUE(h && h->value && h->value->binding) << at.str();
    const BindingInfo &b = *h->value->binding;
    EXPECT_EQ(b.group, ClauseGroup::HostEvalVars);
    EXPECT_EQ(b.entry, 1u);
    EXPECT_EQ(b.outer, "%n");
    ASSERT_EQ(b.roles.size(), 1u);
    EXPECT_EQ(b.roles[0].kind, HostEvalKind::UpperBound);
    EXPECT_EQ(b.roles[0].dimension, 0u);
    EXPECT_EQ(b.roles[0].user, "omp.loop_nest");
    EXPECT_EQ(bindingMeaning(b), "upper bound of loop dimension 0 of "
                                 "omp.loop_nest, evaluated on the host");
  }
}

// Before its chunk is analyzed, a clause keyword is explained from the op
// name that starts its statement, found by the lexer past the results.
TEST(Features, KeywordHoverBeforeAnalysis) {
  Annotations t(R"mlir(
  %m, %n:2 = omp.map.info $custom^var_ptr(%x : !llvm.ptr, f32) map_clauses(to)
  %w = "omp.map.info" $generic^var_ptr(%x : !llvm.ptr, f32)
)mlir");
  Snapshot s;
  s.text = SharedText::make(t.code());
  s.lines = std::make_shared<const LineTable>(*s.text);
  s.chunks = splitChunks(*s.text).chunks;
  s.analyses.resize(s.chunks.size()); // nothing analyzed yet
  for (llvm::StringRef at : {"custom", "generic"}) {
    std::optional<HoverInfo> h = hover(s, t.point(at));
    ASSERT_TRUE(h && h->keyword) << at.str();
    EXPECT_EQ(h->keyword->op, "omp.map.info") << at.str();
  }
}

TEST(Features, DefinitionOfClauseBoundArgument) {
  Annotations t(kTarget);
  Snapshot s = analyze(t.code());
  // One location, the binding in the clause list, so editors jump; from
  // there, the outer value.
  std::vector<TextRange> defs = definition(s, t.point("ubuse"));
  ASSERT_EQ(defs.size(), 1u);
  EXPECT_EQ(defs[0], t.range("n"));
  std::vector<TextRange> mapDefs = definition(s, t.point("ay"));
  ASSERT_EQ(mapDefs.size(), 1u);
  EXPECT_EQ(mapDefs[0], t.range("myuse"));
  std::vector<TextRange> outer = definition(s, t.range("myuse").begin);
  ASSERT_EQ(outer.size(), 1u);
  EXPECT_EQ(outer[0], t.range("my"));
}

TEST(Features, ReferencesJoinInsideAndOutside) {
  Annotations t(kTarget);
  Snapshot s = analyze(t.code());
  std::vector<TextRange> refs = references(s, t.point("ay"), true);
  for (const char *name : {"ay", "ayuse", "my", "myuse"})
    EXPECT_NE(std::find(refs.begin(), refs.end(), t.range(name)), refs.end())
        << name;
}

TEST(Features, InlayHintAfterHostEvalUse) {
  Annotations t(kTarget);
  Snapshot s = analyze(t.code());
  std::vector<InlayHint> hints = inlayHints(s, {0, uint32_t(t.code().size())});
  auto it = std::find_if(hints.begin(), hints.end(), [&](const InlayHint &h) {
    return h.offset == t.range("ubuse").end;
  });
  ASSERT_NE(it, hints.end());
  EXPECT_EQ(it->label, "ub(host)");
  EXPECT_FALSE(it->acc);
  EXPECT_EQ(it->binding.group, ClauseGroup::HostEvalVars);
  ASSERT_EQ(it->binding.roles.size(), 1u);
  EXPECT_EQ(it->binding.roles[0].kind, HostEvalKind::UpperBound);
  // The use of %ay says what it maps.
  auto ay = std::find_if(hints.begin(), hints.end(), [&](const InlayHint &h) {
    return h.offset == t.range("ayuse").end;
  });
  ASSERT_NE(ay, hints.end());
  EXPECT_EQ(ay->label, "y tofrom");
}

TEST(Features, CompositeConstructInHoverAndOutline) {
  Annotations t(kTarget);
  Snapshot s = analyze(t.code());
  std::optional<HoverInfo> h = hover(s, t.point("dist"));
  ASSERT_TRUE(h && h->op);
  EXPECT_EQ(h->kind, HoverInfo::Kind::Op);
  EXPECT_EQ(h->name, "omp.distribute");
  EXPECT_TRUE(h->op->composite);
  std::vector<OutlineSymbol> outline = documentSymbols(s);
  std::function<const OutlineSymbol *(const std::vector<OutlineSymbol> &)>
      find =
          [&](const std::vector<OutlineSymbol> &syms) -> const OutlineSymbol * {
    for (const OutlineSymbol &o : syms) {
      if (o.name == "omp.distribute")
        return &o;
      if (const OutlineSymbol *c = find(o.children))
        return c;
    }
    return nullptr;
  };
  const OutlineSymbol *dist = find(outline);
  ASSERT_TRUE(dist);
  EXPECT_NE(dist->detail.find("composite"), std::string::npos) << dist->detail;
}

const char *kPrivate = R"mlir(
omp.private {type = firstprivate} $privdef[[@priv_i32]] : i32 copy {
^bb0(%a: !llvm.ptr, %b: !llvm.ptr):
  omp.yield(%b : !llvm.ptr)
}
omp.declare_reduction @add_i32 : i32 init {
^bb0(%a: i32):
  %z = llvm.mlir.constant(0 : i32) : i32
  omp.yield(%z : i32)
} combiner {
^bb0(%a: i32, %b: i32):
  %s = llvm.add %a, %b : i32
  omp.yield(%s : i32)
}
func.func @g(%p: !llvm.ptr, %r: !llvm.ptr, %n: i32) {
  %c0 = llvm.mlir.constant(0 : i32) : i32
  %c1 = llvm.mlir.constant(1 : i32) : i32
  omp.$par^parallel private(@pri$privuse^v_i32 %p -> %p$pa^a : !llvm.ptr) {
    omp.wsloop reduction(@add_i32 %r -> %r$ra^a : !llvm.ptr) {
      omp.loop_nest (%i) : i32 = (%c0) to (%n) step (%c1) {
        %v = llvm.load %pa : !llvm.ptr -> i32
        llvm.store %v, %ra : i32, !llvm.ptr
        omp.yield
      }
    }
    omp.terminator
  }
  return
}
)mlir";

TEST(Features, PrivateAndReductionSymbols) {
  Annotations t(kPrivate);
  Snapshot s = analyze(t.code());
  std::optional<HoverInfo> pa = hover(s, t.point("pa"));
  ASSERT_TRUE(pa && pa->value && pa->value->binding);
  EXPECT_EQ(pa->value->binding->group, ClauseGroup::PrivateVars);
  EXPECT_EQ(pa->value->binding->symbol, "priv_i32");
  EXPECT_EQ(pa->value->binding->privatizerKind, "firstprivate");
  EXPECT_EQ(pa->value->binding->outer, "%p");
  std::optional<HoverInfo> ra = hover(s, t.point("ra"));
  ASSERT_TRUE(ra && ra->value && ra->value->binding);
  EXPECT_EQ(ra->value->binding->group, ClauseGroup::ReductionVars);
  EXPECT_EQ(ra->value->binding->symbol, "add_i32");
  EXPECT_EQ(ra->value->binding->clause, "reduction");

  std::optional<HoverInfo> sym = hover(s, t.point("privuse"));
  ASSERT_TRUE(sym && sym->symbol);
  EXPECT_EQ(sym->name, "@priv_i32");
  EXPECT_TRUE(sym->symbol->defined);
  EXPECT_EQ(sym->symbol->op, "omp.private");
  EXPECT_EQ(sym->symbol->privatizerKind, "firstprivate");
  EXPECT_EQ(sym->symbol->type, "i32");
  std::vector<TextRange> defs = definition(s, t.point("privuse"));
  ASSERT_EQ(defs.size(), 1u);
  EXPECT_EQ(defs[0], t.range("privdef"));

  // The op's clause list shows the symbol list as a list.
  std::optional<HoverInfo> par = hover(s, t.point("par"));
  ASSERT_TRUE(par && par->op);
  auto syms =
      std::find_if(par->op->attrs.begin(), par->op->attrs.end(),
                   [](const AttrFact &a) { return a.name == "private_syms"; });
  ASSERT_NE(syms, par->op->attrs.end());
  EXPECT_EQ(syms->kind, AttrKind::SymbolList);
  EXPECT_EQ(syms->list, std::vector<std::string>{"priv_i32"});
  EXPECT_EQ(attrText(*syms), "[@priv_i32]");
}

TEST(Features, CompletionOffersPrivatizers) {
  Annotations t(R"mlir(
omp.private {type = private} @priv_i32 : i32
func.func @g(%p: !llvm.ptr) {
  omp.parallel private(@^
)mlir");
  Snapshot s = analyze(t.code());
  std::vector<CompletionItem> items = complete(s, t.point());
  ASSERT_EQ(items.size(), 1u);
  EXPECT_EQ(items[0].label, "@priv_i32");
  // It replaces the `@` typed so far.
  EXPECT_EQ(items[0].insertText, "@priv_i32");
  EXPECT_EQ(items[0].replace, (TextRange{t.point() - 1, t.point()}));
  EXPECT_EQ(items[0].kind, CompletionKind::Recipe);
  EXPECT_EQ(items[0].detail, "omp.private private : i32");
}

TEST(Features, UseDeviceAddrNamesTheMappedVariable) {
  Annotations t(R"mlir(
func.func @h(%q: !llvm.ptr) {
  %mq = omp.map.info var_ptr(%q : !llvm.ptr, i32) map_clauses(tofrom) capture(ByRef) -> !llvm.ptr {name = "q"}
  omp.target_data map_entries(%mq : !llvm.ptr) use_device_addr(%mq -> %d^q : !llvm.ptr) {
    %v = llvm.load %dq : !llvm.ptr -> i32
    omp.terminator
  }
  return
}
)mlir");
  Snapshot s = analyze(t.code());
  std::optional<HoverInfo> h = hover(s, t.point());
  ASSERT_TRUE(h && h->value && h->value->binding);
  const BindingInfo &b = *h->value->binding;
  EXPECT_EQ(b.group, ClauseGroup::UseDeviceAddrVars);
  EXPECT_EQ(b.clause, "use_device_addr");
  EXPECT_TRUE(b.mapped);
  EXPECT_EQ(b.variable, "q");
  EXPECT_EQ(bindingMeaning(b), "device address of **q**");
}

TEST(Features, AccDataClauseChain) {
  Annotations t(R"mlir(
func.func @acc(%c: memref<10xf32>) {
  %cc = acc.$in^copyin varPtr(%c : memref<10xf32>) -> memref<10xf32> {dataClause = #acc<data_clause acc_copy>, name = "c"}
  acc.data dataOperands(%cc : memref<10xf32>) {
    acc.terminator
  }
  acc.$out^copyout accVar(%cc : memref<10xf32>) to varPtr(%c : memref<10xf32>) {dataClause = #acc<data_clause acc_copy>, name = "c"}
  return
}
)mlir");
  Snapshot s = analyze(t.code());
  std::optional<HoverInfo> in = hover(s, t.point("in"));
  ASSERT_TRUE(in && in->op && in->op->acc);
  const OpHoverInfo::AccChain &c = *in->op->acc;
  EXPECT_EQ(c.variable, "c");
  EXPECT_EQ(c.dataClause, "acc_copy");
  EXPECT_EQ(c.decomposedFrom, "copy");
  ASSERT_EQ(c.users.size(), 2u);
  std::vector<std::string> users{c.users[0].op + " " + c.users[0].clause,
                                 c.users[1].op + " " + c.users[1].clause};
  std::sort(users.begin(), users.end());
  EXPECT_EQ(users, (std::vector<std::string>{"acc.copyout accVar",
                                             "acc.data dataOperands"}));
  std::optional<HoverInfo> out = hover(s, t.point("out"));
  ASSERT_TRUE(out && out->op && out->op->acc && out->op->acc->entry);
  EXPECT_EQ(out->op->acc->entry->op, "acc.copyin");
  EXPECT_EQ(out->op->acc->entry->line, 3u);
}

TEST(Features, CompletionOffersDeclareReductionsAndMapValues) {
  Annotations t(R"mlir(
omp.declare_reduction @add_i32 : i32 init {
^bb0(%x: i32):
  omp.yield(%x : i32)
} combiner {
^bb0(%x: i32, %y: i32):
  omp.yield(%x : i32)
}
omp.private {type = private} @priv_i32 : i32
func.func @g(%p: !llvm.ptr) {
  %m = omp.map.info var_ptr(%p : !llvm.ptr, i32) map_clauses(to) capture(ByRef) -> !llvm.ptr {name = "p"}
  omp.target map_entries(%$map^m -> %a : !llvm.ptr) {
    omp.terminator
  }
  return
}
func.func @h(%p: !llvm.ptr) {
  omp.parallel reduction($red^
)mlir");
  Snapshot s = analyze(t.code());
  std::vector<CompletionItem> red = complete(s, t.point("red"));
  ASSERT_FALSE(red.empty());
  EXPECT_EQ(red[0].label, "@add_i32");
  EXPECT_EQ(red[0].detail, "omp.declare_reduction : i32");
  for (const CompletionItem &i : red)
    EXPECT_TRUE(i.label == "@add_i32" ||
                llvm::StringRef(i.label).starts_with("mod: "))
        << i.label;
  std::vector<CompletionItem> map = complete(s, t.point("map"));
  ASSERT_EQ(map.size(), 1u);
  EXPECT_EQ(map[0].label, "%m");
  EXPECT_EQ(map[0].detail, "omp.map.info p to");
  // The whole `%m` at the cursor is replaced.
  EXPECT_EQ(map[0].replace,
            (TextRange{t.point("map") - 1, t.point("map") + 1}));
}

TEST(Features, InlayHintsForAccDataClauseValues) {
  Annotations t(R"mlir(
func.func @acc(%c: memref<10xf32>) {
  %cc = acc.copyin varPtr(%c : memref<10xf32>) -> memref<10xf32> {dataClause = #acc<data_clause acc_copy>, name = "c"}
  acc.data dataOperands($use[[%cc]] : memref<10xf32>) {
    acc.terminator
  }
  acc.copyout accVar($exit[[%cc]] : memref<10xf32>) to varPtr(%c : memref<10xf32>) {dataClause = #acc<data_clause acc_copy>, name = "c"}
  return
}
)mlir");
  Snapshot s = analyze(t.code());
  std::vector<InlayHint> hints = inlayHints(s, {0, uint32_t(t.code().size())});
  // The construct's use only; the exit op names the variable itself.
  ASSERT_EQ(hints.size(), 1u);
  EXPECT_EQ(hints[0].offset, t.range("use").end);
  EXPECT_EQ(hints[0].label, "c copy");
  ASSERT_TRUE(hints[0].acc);
  EXPECT_EQ(hints[0].acc->variable, "c");
  EXPECT_EQ(hints[0].acc->clause, "copy");
  EXPECT_EQ(hints[0].acc->entryOp, "acc.copyin");
  EXPECT_EQ(hints[0].acc->entryLine, 3u);
  EXPECT_EQ(hints[0].acc->user, "acc.data");
  EXPECT_EQ(hints[0].acc->userClause, "dataOperands");
  EXPECT_NE(hints[0].offset, t.range("exit").end);
}

TEST(Features, TypedFactsSurviveSerialization) {
  Annotations t(kTarget);
  Snapshot s = analyze(t.code());
  std::string bytes;
  serialize(*s.analyses[0], bytes);
  ChunkAnalysis back;
  ASSERT_TRUE(deserialize(bytes, back));
  std::string again;
  serialize(back, again);
  EXPECT_EQ(bytes, again);
  // The host_eval binding of %ub, read back.
  const EntryBinding *ub = nullptr;
  for (const OpFacts &f : back.facts)
    for (const EntryBinding &b : f.bindings)
      if (b.group == ClauseGroup::HostEvalVars && b.entry == 1)
        ub = &b;
  ASSERT_TRUE(ub);
  ASSERT_EQ(ub->roles.size(), 1u);
  EXPECT_EQ(ub->roles[0].kind, HostEvalKind::UpperBound);
  EXPECT_EQ(back.ops[ub->roles[0].user].name, "omp.loop_nest");
  EXPECT_EQ(ub->roles[0].groupSize, 1u);
}

} // namespace
