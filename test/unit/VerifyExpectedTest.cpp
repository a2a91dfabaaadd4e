//===- VerifyExpectedTest.cpp - expected-* annotations --------------------===//

#include "server/tool/VerifyExpected.h"

#include "gtest/gtest.h"

using namespace ompx;

namespace {
struct Case {
  std::string text;
  SplitResult split;
  std::vector<ChunkAnalysis> analyses;
  explicit Case(std::string t) : text(std::move(t)), split(splitChunks(text)) {
    analyses.resize(split.chunks.size());
  }
  void error(unsigned chunk, llvm::StringRef atText, std::string msg,
             Severity s = Severity::Error) {
    Diagnostic d;
    d.severity = s;
    d.anchor = text.find(atText.str());
    d.range = {d.anchor, d.anchor + 1};
    d.message = std::move(msg);
    analyses[chunk].diagnostics.push_back(d);
  }
  std::vector<Diagnostic> run() {
    return verifyExpected(text, split.chunks, analyses);
  }
};
} // namespace

TEST(VerifyExpected, DesignatorsMatch) {
  Case c("// expected-error@+1 {{bad op}}\nop1\nop2\n"
         "// expected-warning@-1 {{warn}}\n"
         "// expected-error@below {{below}}\n// expected-note@below {{n}}\nop3\n"
         "op4\n// expected-remark@above {{r}}\n");
  c.error(0, "op1", "a bad op here");
  c.error(0, "op2", "warn", Severity::Warning);
  c.error(0, "op3", "below it");
  c.error(0, "op3", "n", Severity::Hint);
  c.error(0, "op4", "r", Severity::Information);
  EXPECT_TRUE(c.run().empty());
}

TEST(VerifyExpected, ReportsUnexpectedMissingAndWrongKind) {
  Case c("// expected-error@+1 {{gone}}\nop1\n// expected-error@+1 {{kind}}\nop2\nop3\n");
  c.error(0, "op2", "kind", Severity::Warning);
  c.error(0, "op3", "surprise");
  std::vector<Diagnostic> problems = c.run();
  // Like mlir-opt: the near miss is reported, and the expectation stays unmet.
  ASSERT_EQ(problems.size(), 4u);
  std::string all;
  for (const Diagnostic &d : problems)
    all += d.message + "\n";
  EXPECT_NE(all.find("expected error \"gone\" was not produced"), std::string::npos);
  EXPECT_NE(all.find("'warning' diagnostic emitted when expecting a 'error'"), std::string::npos);
  EXPECT_NE(all.find("unexpected error: surprise"), std::string::npos);
}

TEST(VerifyExpected, RegexAndChunkRelativeLines) {
  Case c("op0\n// -----\n// expected-error-re@+1 {{value {{[0-9]+}} bad}}\nop1\n");
  c.error(1, "op1", "value 42 bad");
  EXPECT_TRUE(c.run().empty());
  Case d("// expected-error-re {{a {{x}}\nop\n");
  std::vector<Diagnostic> problems = d.run();
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_NE(problems[0].message.find("no end '}}'"), std::string::npos);
}
