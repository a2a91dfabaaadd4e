//===- DiagnosticMapperTest.cpp - MLIR diagnostics as ompx Diagnostics ----===//

#include "server/analysis/DiagnosticMapper.h"

#include "mlir/IR/Location.h"
#include "mlir/IR/MLIRContext.h"

#include "gtest/gtest.h"

#include <string>

using namespace ompx;
using llvm::StringRef;

namespace {

TEST(DiagnosticMapper, LoweringClauseKeyword) {
  EXPECT_EQ(loweringClauseKeyword("not yet implemented: Unhandled clause "
                                  "allocate in omp.taskgroup operation"),
            "allocate");
  EXPECT_EQ(loweringClauseKeyword("ignored clause: linear in omp.simd "
                                  "operation"),
            "linear");
  EXPECT_EQ(loweringClauseKeyword("hint clause discarded"), "hint");
  EXPECT_EQ(loweringClauseKeyword("Unhandled clause privatization in "
                                  "omp.parallel operation"),
            "private");
  EXPECT_EQ(loweringClauseKeyword("unsupported cancel directive construct "
                                  "type"),
            "cancellation_construct_type");
  EXPECT_EQ(loweringClauseKeyword("something else"), "");
}

/// A chunk after a prefix, with one op recorded as the records would have
/// it (document offsets).
struct Fixture {
  std::string prefix = "// x\n";
  std::string chunk = "%0 = \"test.op\"() {flag = 1} : () -> i32\n";
  std::string doc = prefix + chunk;
  ChunkSpan span{uint32_t(prefix.size()), uint32_t(doc.size())};
  WorkText text{doc, span, nullptr};
  ChunkAnalysis records;
  mlir::MLIRContext ctx;

  Fixture() {
    OpRecord op;
    op.name = intern("test.op");
    uint32_t name = doc.find("\"test.op\"");
    op.nameRange = {name, name + 9};
    op.fullRange = {span.begin, uint32_t(doc.size() - 1)};
    records.ops.push_back(op);
  }
  /// A location in the chunk buffer at `needle`'s first byte.
  mlir::Location at(StringRef needle) {
    uint32_t off = StringRef(chunk).find(needle);
    return mlir::FileLineColLoc::get(&ctx, kChunkBufferName, 1, off + 1);
  }
  TextRange docRangeOf(StringRef needle) {
    uint32_t off = StringRef(doc).find(needle, span.begin);
    return {off, off + uint32_t(needle.size())};
  }
};

TEST(DiagnosticMapper, ParseErrorAtItsToken) {
  Fixture f;
  DiagnosticMapper mapper(f.text, f.records);
  RawDiagnostic raw{
      mlir::DiagnosticSeverity::Error, f.at("flag"), "expected something", {}};
  Diagnostic d = mapper.convert(raw, DiagKind::Parse);
  EXPECT_EQ(d.severity, Severity::Error);
  EXPECT_EQ(d.kind, DiagKind::Parse);
  EXPECT_EQ(d.range, f.docRangeOf("flag"));
  EXPECT_EQ(d.anchor, f.docRangeOf("flag").begin);
  EXPECT_EQ(d.message, "expected something");
}

TEST(DiagnosticMapper, VerifierMessageNamingAnAttributeGetsItsRange) {
  Fixture f;
  DiagnosticMapper mapper(f.text, f.records);
  // The verifier reports at the op's first character (its result).
  RawDiagnostic raw{mlir::DiagnosticSeverity::Error,
                    f.at("%0"),
                    "requires attribute 'flag' to be a string",
                    {}};
  EXPECT_EQ(mapper.convert(raw, DiagKind::Verify).range, f.docRangeOf("flag"));
  raw.message = "is wrong";
  EXPECT_EQ(mapper.convert(raw, DiagKind::Verify).range,
            f.records.ops[0].nameRange);
}

TEST(DiagnosticMapper, NotesOnAnOpPointAtItsName) {
  Fixture f;
  DiagnosticMapper mapper(f.text, f.records);
  RawDiagnostic raw{mlir::DiagnosticSeverity::Warning,
                    f.at("flag"),
                    "w",
                    {{f.at("%0"), "see the op"}}};
  Diagnostic d = mapper.convert(raw, DiagKind::Verify);
  EXPECT_EQ(d.severity, Severity::Warning);
  ASSERT_EQ(d.notes.size(), 1u);
  EXPECT_TRUE(d.notes[0].hasRange);
  EXPECT_EQ(d.notes[0].range, f.records.ops[0].nameRange);
}

TEST(DiagnosticMapper, FollowOnOfABlankedSymbol) {
  Fixture f;
  f.text.blank({0, 2}); // `%0`: no symbol
  DiagnosticMapper mapper(f.text, f.records);
  RawDiagnostic raw{mlir::DiagnosticSeverity::Error,
                    f.at("flag"),
                    "'@gone' does not reference a valid function",
                    {}};
  EXPECT_FALSE(mapper.isFollowOn(raw));
  std::string doc = "func.func @gone()\n" + f.chunk;
  WorkText text(doc, {0, uint32_t(doc.size())}, nullptr);
  text.blank({0, uint32_t(doc.find('\n'))});
  DiagnosticMapper blanked(text, f.records);
  EXPECT_TRUE(blanked.isFollowOn(raw));
}

TEST(DiagnosticMapper, FlangTypeMismatchIsRead) {
  Fixture f;
  DiagnosticMapper mapper(f.text, f.records);
  RawDiagnostic raw{mlir::DiagnosticSeverity::Error,
                    f.at("flag"),
                    "use of value '%arg0' expects different type than prior "
                    "uses: '!fir.box<i32>' vs '!fir.ref<i32>'",
                    {{f.at("%0"), "prior use here"}}};
  std::optional<FlangTypeMismatch> m = mapper.flangTypeMismatch(raw);
  ASSERT_TRUE(m.has_value());
  EXPECT_EQ(m->arg, "%arg0");
  EXPECT_EQ(m->used, "!fir.box<i32>");
  EXPECT_EQ(m->printed, "!fir.ref<i32>");
  EXPECT_EQ(m->useAt, uint32_t(f.chunk.find("flag")));
  EXPECT_EQ(m->priorAt, 0u);
  EXPECT_NE(DiagnosticMapper::flangRepairNote(*m).message.find(
                "type '!fir.box<i32>'"),
            std::string::npos);
  raw.notes.clear();
  EXPECT_FALSE(mapper.flangTypeMismatch(raw).has_value());
}

} // namespace
