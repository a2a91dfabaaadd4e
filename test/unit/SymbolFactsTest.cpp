//===- SymbolFactsTest.cpp - Facts features read instead of text ----------===//
//
// Function signatures, declare target attributes and unknown-op names as
// the analyzer records them (server/analysis/SymbolFacts.h), through the
// wire format, the moves of an edit and stale records; and the features
// that read them.
//
//===----------------------------------------------------------------------===//

#include "server/analysis/SymbolFacts.h"
#include "AnalyzeInProcess.h"
#include "server/features/CodeActions.h"
#include "server/features/Driver.h"
#include "server/features/Hover.h"
#include "server/model/Serialize.h"
#include "server/model/Stale.h"

#include "gtest/gtest.h"

using namespace ompx;
using llvm::StringRef;

namespace {

const char *kDeclareTarget =
    "!ref = !fir.ref<i32>\n"
    "fir.global @_QMmEx {omp.declare_target = #omp.declaretarget<device_type "
    "= (any), capture_clause = (link)>} : i32 {\n"
    "  %c0 = arith.constant 0 : i32\n"
    "  fir.has_value %c0 : i32\n"
    "}\n"
    "func.func @_QPdev(%arg0: !ref {fir.bindc_name = \"N\"},\n"
    "                  %arg1: !fir.ref<!fir.array<4x?xf64>>)\n"
    "    attributes {omp.declare_target = #omp.declaretarget<device_type = "
    "(nohost), capture_clause = (to)>} {\n"
    "  return\n"
    "}\n"
    "func.func @_QPfn() -> f32 {\n"
    "  %0 = arith.constant 1.0 : f32\n"
    "  return %0 : f32\n"
    "}\n";

int32_t opNamed(const ChunkAnalysis &a, StringRef symbol) {
  for (size_t i = 0; i < a.ops.size(); ++i)
    if (a.ops[i].symbol == symbol)
      return int32_t(i);
  return -1;
}

StringRef textOf(StringRef text, TextRange r) {
  return text.slice(r.begin, r.end);
}

TEST(SymbolFacts, RecordsSignaturesAndDeclareTargets) {
  Snapshot s = test::analyzeInProcess(kDeclareTarget, "file:///tmp/dt.mlir");
  ASSERT_EQ(s.analyses.size(), 1u);
  const ChunkAnalysis &a = *s.analyses[0];
  ASSERT_TRUE(a.parsed);

  const FunctionFact *dev = functionOf(a, opNamed(a, "_QPdev"));
  ASSERT_TRUE(dev);
  ASSERT_EQ(dev->arguments.size(), 2u);
  EXPECT_EQ(dev->arguments[0].type, "!fir.ref<i32>");
  EXPECT_EQ(dev->arguments[0].bindcName, "N");
  EXPECT_EQ(dev->arguments[1].type, "!fir.ref<!fir.array<4x?xf64>>");
  EXPECT_EQ(dev->arguments[1].bindcName, "");
  EXPECT_EQ(dev->results, 0u);
  const FunctionFact *fn = functionOf(a, opNamed(a, "_QPfn"));
  ASSERT_TRUE(fn);
  EXPECT_TRUE(fn->arguments.empty());
  EXPECT_EQ(fn->results, 1u);
  EXPECT_FALSE(functionOf(a, opNamed(a, "_QMmEx")));

  ASSERT_EQ(a.declareTargets.size(), 2u);
  const DeclareTargetFact *global = declareTargetOf(a, opNamed(a, "_QMmEx"));
  ASSERT_TRUE(global);
  EXPECT_EQ(global->deviceType, "any");
  EXPECT_EQ(global->captureClause, "link");
  EXPECT_FALSE(global->automap);
  EXPECT_EQ(textOf(s.str(), global->name), "omp.declare_target");
  EXPECT_EQ(textOf(s.str(), global->value),
            "#omp.declaretarget<device_type = (any), capture_clause = "
            "(link)>");
  // On the function's third line: found all the same.
  const DeclareTargetFact *func = declareTargetOf(a, opNamed(a, "_QPdev"));
  ASSERT_TRUE(func);
  EXPECT_EQ(func->deviceType, "nohost");
  EXPECT_EQ(func->captureClause, "to");
  EXPECT_EQ(textOf(s.str(), func->value),
            "#omp.declaretarget<device_type = (nohost), capture_clause = "
            "(to)>");
  EXPECT_FALSE(declareTargetOf(a, opNamed(a, "_QPfn")));
}

TEST(SymbolFacts, ArgumentTypesAreClassifiedNotPrinted) {
  // The driver reads these, never the printed type.
  Snapshot s = test::analyzeInProcess(kDeclareTarget, "file:///tmp/dt.mlir");
  const ChunkAnalysis &a = *s.analyses[0];
  const FunctionFact *dev = functionOf(a, opNamed(a, "_QPdev"));
  ASSERT_TRUE(dev);
  ASSERT_EQ(dev->arguments.size(), 2u);
  using E = ArgumentFact::Element;
  const ArgumentFact &n = dev->arguments[0], &x = dev->arguments[1];
  EXPECT_TRUE(n.byReference);
  EXPECT_FALSE(n.array);
  EXPECT_EQ(n.element, E::Integer);
  EXPECT_EQ(n.elementBytes, 4);
  EXPECT_TRUE(x.byReference);
  EXPECT_TRUE(x.array);
  EXPECT_EQ(x.element, E::Real);
  EXPECT_EQ(x.elementBytes, 8);
  EXPECT_EQ(x.extents, (std::vector<int64_t>{4, -1}));

  std::string bytes;
  serialize(a, bytes);
  ChunkAnalysis b;
  ASSERT_TRUE(deserialize(bytes, b));
  const FunctionFact *back = functionOf(b, opNamed(a, "_QPdev"));
  ASSERT_TRUE(back);
  ASSERT_EQ(back->arguments.size(), 2u);
  EXPECT_EQ(back->arguments[1].extents, x.extents);
  EXPECT_EQ(back->arguments[1].element, E::Real);
  EXPECT_EQ(back->arguments[1].elementBytes, 8);
  EXPECT_TRUE(back->arguments[1].array);
}

TEST(SymbolFacts, OnlyFortranProceduresHaveSignatures) {
  // The driver is all that reads a signature, and it calls only flang's
  // external procedures (`_QP...`): other functions cost no printed types.
  Snapshot s = test::analyzeInProcess(
      "func.func @helper(%arg0: i32, %arg1: f64) {\n  return\n}\n"
      "llvm.func @ext(i32)\n"
      "func.func @_QPsub(%arg0: !fir.ref<i32>) {\n  return\n}\n",
      "file:///tmp/procs.mlir");
  const ChunkAnalysis &a = *s.analyses[0];
  ASSERT_TRUE(a.parsed);
  EXPECT_FALSE(functionOf(a, opNamed(a, "helper")));
  EXPECT_FALSE(functionOf(a, opNamed(a, "ext")));
  const FunctionFact *sub = functionOf(a, opNamed(a, "_QPsub"));
  ASSERT_TRUE(sub);
  ASSERT_EQ(sub->arguments.size(), 1u);
  EXPECT_EQ(sub->arguments[0].type, "!fir.ref<i32>");
  EXPECT_EQ(a.functions.size(), 1u);
}

TEST(SymbolFacts, AnAliasHasTheFactButNoRange) {
  Snapshot s = test::analyzeInProcess(
      "#dt = #omp.declaretarget<device_type = (host), capture_clause = "
      "(enter)>\n"
      "func.func @f() attributes {omp.declare_target = #dt} {\n"
      "  return\n}\n",
      "file:///tmp/alias.mlir");
  const ChunkAnalysis &a = *s.analyses[0];
  const DeclareTargetFact *d = declareTargetOf(a, opNamed(a, "f"));
  ASSERT_TRUE(d);
  EXPECT_EQ(d->deviceType, "host");
  EXPECT_EQ(d->captureClause, "enter");
  EXPECT_EQ(d->value, TextRange{});
}

TEST(SymbolFacts, UnknownOpNames) {
  EXPECT_EQ(unknownOpName("custom op 'omp.targt' is unknown"), "omp.targt");
  EXPECT_EQ(unknownOpName("unregistered operation 'acc.x' found in dialect "
                          "('acc') that does not allow unknown operations"),
            "acc.x");
  EXPECT_EQ(unknownOpName("expected '{' to begin a region"), "");

  Snapshot s = test::analyzeInProcess(
      "func.func @f() {\n  omp.targt {\n  }\n  return\n}\n",
      "file:///tmp/typo.mlir");
  const ChunkAnalysis &a = *s.analyses[0];
  ASSERT_FALSE(a.diagnostics.empty());
  EXPECT_EQ(a.diagnostics[0].kind, DiagKind::Parse);
  EXPECT_EQ(a.diagnostics[0].unknownOp, "omp.targt");

  Snapshot generic = test::analyzeInProcess(
      "func.func @f() {\n  \"omp.targt\"() : () -> ()\n  return\n}\n",
      "file:///tmp/generic.mlir");
  const ChunkAnalysis &g = *generic.analyses[0];
  ASSERT_FALSE(g.diagnostics.empty());
  EXPECT_EQ(g.diagnostics[0].kind, DiagKind::Verify);
  EXPECT_EQ(g.diagnostics[0].unknownOp, "omp.targt");
}

TEST(SymbolFacts, TheQuickFixReadsTheFactNotTheMessage) {
  std::string code = "func.func @f() {\n  omp.targt {\n  }\n  return\n}\n";
  uint32_t at = code.find("omp.targt");
  Diagnostic d;
  d.range = {at, at + 9};
  d.anchor = at;
  d.message = "something MLIR may word otherwise";
  d.unknownOp = "omp.targt";
  std::vector<QuickFix> fixes =
      spellingFixes(test::withDiagnostic(code, d), {at, at});
  ASSERT_EQ(fixes.size(), 1u);
  EXPECT_EQ(fixes[0].fix.title, "Did you mean `omp.target`?");
  // The message alone says nothing.
  d.unknownOp.clear();
  d.message = "custom op 'omp.targt' is unknown";
  EXPECT_TRUE(spellingFixes(test::withDiagnostic(code, d), {at, at}).empty());
}

TEST(SymbolFacts, HoverAndDriverReadTheFacts) {
  Snapshot s = test::analyzeInProcess(kDeclareTarget, "file:///tmp/dt.mlir");
  StringRef text = s.str();
  uint32_t nohost = text.find("(nohost)");
  std::optional<HoverInfo> h = hover(s, nohost + 1);
  ASSERT_TRUE(h);
  EXPECT_EQ(h->kind, HoverInfo::Kind::DeclareTarget);
  ASSERT_TRUE(h->declareTarget);
  EXPECT_EQ(h->declareTarget->deviceType, "nohost");
  EXPECT_EQ(textOf(text, h->range).take_front(19), "#omp.declaretarget<");
  // The attribute on the function's third line: the text scan the hover
  // once made read only an op's first line.
  std::optional<HoverInfo> op = hover(s, text.find("func.func @_QPdev") + 1);
  ASSERT_TRUE(op && op->op);
  ASSERT_TRUE(op->op->declareTarget);
  EXPECT_EQ(op->op->declareTarget->captureClause, "to");

  // `!ref` is an alias: the driver reads the type, not its spelling.
  std::optional<std::string> src = libraryDriver(s, "/tmp/dt.fir.mlir");
  ASSERT_TRUE(src);
  EXPECT_NE(src->find("  integer :: dev_n\n  real(8) :: dev_arg2(4, n)\n"),
            std::string::npos)
      << *src;
  EXPECT_NE(src->find("! fn is not called here: it is a function"),
            std::string::npos)
      << *src;
}

TEST(SymbolFacts, SerializedShiftedAndKeptStale) {
  Snapshot s = test::analyzeInProcess(kDeclareTarget, "file:///tmp/dt.mlir");
  const ChunkAnalysis &a = *s.analyses[0];
  ASSERT_EQ(a.functions.size(), 2u);
  ASSERT_EQ(a.declareTargets.size(), 2u);
  std::string bytes;
  serialize(a, bytes);
  ChunkAnalysis b;
  ASSERT_TRUE(deserialize(bytes, b));
  ASSERT_EQ(b.functions.size(), a.functions.size());
  EXPECT_EQ(b.functions[0].op, a.functions[0].op);
  ASSERT_EQ(b.functions[0].arguments.size(), 2u);
  EXPECT_EQ(b.functions[0].arguments[0].bindcName, "N");
  ASSERT_EQ(b.declareTargets.size(), 2u);
  EXPECT_EQ(b.declareTargets[1].deviceType, "nohost");
  EXPECT_EQ(b.declareTargets[1].value, a.declareTargets[1].value);

  Diagnostic d;
  d.unknownOp = "omp.targt";
  ChunkAnalysis withDiag;
  withDiag.diagnostics.push_back(d);
  bytes.clear();
  serialize(withDiag, bytes);
  ChunkAnalysis c;
  ASSERT_TRUE(deserialize(bytes, c));
  EXPECT_EQ(c.diagnostics[0].unknownOp, "omp.targt");

  shiftAnalysis(b, 5);
  EXPECT_EQ(b.declareTargets[1].value.begin,
            a.declareTargets[1].value.begin + 5);
  EXPECT_EQ(b.declareTargets[1].name.end, a.declareTargets[1].name.end + 5);

  // The function's body stops parsing after an edit far from the
  // attribute: its facts come back stale, the attribute moved.
  std::string edited = std::string(kDeclareTarget);
  size_t ret = edited.find("  return\n}\nfunc.func @_QPfn");
  edited.insert(ret, "  %x = \n");
  Snapshot now = test::analyzeInProcess(edited, "file:///tmp/dt.mlir");
  EditMap edits;
  edits.add({uint32_t(ret), uint32_t(ret), 8});
  std::shared_ptr<const ChunkAnalysis> stale =
      withStaleRecords(*now.analyses[0], s.analyses, edits);
  ASSERT_TRUE(stale);
  const DeclareTargetFact *dev =
      declareTargetOf(*stale, opNamed(*stale, "_QPdev"));
  ASSERT_TRUE(dev);
  EXPECT_TRUE(stale->ops[dev->op].flags & OpStale);
  EXPECT_EQ(dev->deviceType, "nohost");
  EXPECT_EQ(textOf(edited, dev->value).take_front(19), "#omp.declaretarget<");
  const FunctionFact *fn = functionOf(*stale, opNamed(*stale, "_QPdev"));
  ASSERT_TRUE(fn);
  EXPECT_EQ(fn->arguments.size(), 2u);
}

} // namespace
