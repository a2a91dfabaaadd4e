//===- ClauseGroupTest.cpp - The generated clause-group enum --------------===//

#include "dialects/OdsTables.h"

#include "gtest/gtest.h"

using namespace ompx;

TEST(ClauseGroup, NamesRoundTrip) {
  EXPECT_EQ(clauseGroupName(ClauseGroup::MapVars), "map_vars");
  EXPECT_EQ(clauseGroupNamed("host_eval_vars"), ClauseGroup::HostEvalVars);
  EXPECT_EQ(clauseGroupNamed("no_such_vars"), ClauseGroup::None);
  EXPECT_EQ(clauseGroupNamed(""), ClauseGroup::None);
  EXPECT_EQ(clauseGroupName(ClauseGroup::None), "");
  for (unsigned i = 1; i < kNumClauseGroups; ++i) {
    llvm::StringRef name = clauseGroupName(ClauseGroup(i));
    ASSERT_FALSE(name.empty()) << i;
    EXPECT_EQ(clauseGroupNamed(name), ClauseGroup(i)) << name.str();
  }
}

TEST(ClauseGroup, EveryOperandGroupHasItsEnumerator) {
  unsigned operands = 0;
  for (const ods::Op &op : ods::allOps())
    for (const ods::Arg &arg : op.argList()) {
      if (!arg.name)
        continue;
      if (arg.isOperand()) {
        ++operands;
        EXPECT_EQ(clauseGroupName(arg.group), arg.name) << op.name;
      } else {
        EXPECT_EQ(arg.group, ClauseGroup::None) << op.name << " " << arg.name;
      }
    }
  EXPECT_GT(operands, 100u);
}
