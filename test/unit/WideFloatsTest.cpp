//===- WideFloatsTest.cpp - Exact REAL(10)/REAL(16) literals --------------===//

#include "pipeline/compile/WideFloats.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include "gtest/gtest.h"

#include <string>

using ompx::pipeline::exactWideFloatLiterals;

namespace {

/// The values of the module's arith.constant ops, parsed from `text`.
llvm::SmallVector<llvm::APFloat> constants(const std::string &text) {
  mlir::MLIRContext context;
  context.loadDialect<mlir::arith::ArithDialect, mlir::func::FuncDialect>();
  auto module = mlir::parseSourceString<mlir::ModuleOp>(text, &context);
  llvm::SmallVector<llvm::APFloat> values;
  if (!module)
    return values;
  module->walk([&](mlir::arith::ConstantOp c) {
    if (auto f = llvm::dyn_cast<mlir::FloatAttr>(c.getValue()))
      values.push_back(f.getValue());
    if (auto d = llvm::dyn_cast<mlir::DenseFPElementsAttr>(c.getValue()))
      for (llvm::APFloat v : d.getValues<llvm::APFloat>())
        values.push_back(v);
  });
  return values;
}

llvm::APFloat exact(const llvm::fltSemantics &sem, llvm::StringRef s) {
  llvm::APFloat v(sem);
  llvm::consumeError(
      v.convertFromString(s, llvm::APFloat::rmNearestTiesToEven).takeError());
  return v;
}

const char *kModule = R"(func.func @f() {
  %a = arith.constant 0.333333333333333333342 : f80 // "1.5 : f80"
  %b = arith.constant dense<[0.333333333333333333342, -1.000000e-01, 5.000000e-01]> : tensor<3xf80>
  %c = arith.constant 0.333333333333333333333333333333333317 : f128
  %d = arith.constant 0.33333333333333331 : f64
  %e = arith.constant -1.000000e-01 : f80
  return
}
)";

TEST(WideFloats, ParsesExactly) {
  unsigned n = 0;
  std::string text = exactWideFloatLiterals(kModule, &n);
  // 1/3 and -0.1 (twice) as f80, 1/3 as f128; 0.5 and the f64 stay.
  EXPECT_EQ(n, 5u);
  auto values = constants(text);
  ASSERT_EQ(values.size(), 7u);
  const auto &x87 = llvm::APFloat::x87DoubleExtended();
  EXPECT_TRUE(values[0].bitwiseIsEqual(exact(x87, "0.333333333333333333342")));
  EXPECT_TRUE(values[1].bitwiseIsEqual(exact(x87, "0.333333333333333333342")));
  EXPECT_TRUE(values[2].bitwiseIsEqual(exact(x87, "-0.1")));
  EXPECT_TRUE(values[3].bitwiseIsEqual(exact(x87, "0.5")));
  EXPECT_TRUE(values[4].bitwiseIsEqual(exact(
      llvm::APFloat::IEEEquad(), "0.333333333333333333333333333333333317")));
  EXPECT_TRUE(values[5].bitwiseIsEqual(llvm::APFloat(0.33333333333333331)));
  EXPECT_TRUE(values[6].bitwiseIsEqual(exact(x87, "-0.1")));
  // Without the rewrite MLIR's parser reads them through a double.
  auto lossy = constants(kModule);
  ASSERT_EQ(lossy.size(), 7u);
  EXPECT_FALSE(lossy[0].bitwiseIsEqual(values[0]));
}

TEST(WideFloats, KeepsColumnsAndStrings) {
  std::string text = exactWideFloatLiterals(kModule);
  // Hex is no longer than these decimals: every line keeps its length.
  llvm::SmallVector<llvm::StringRef> before, after;
  llvm::StringRef(kModule).split(before, '\n');
  llvm::StringRef(text).split(after, '\n');
  ASSERT_EQ(before.size(), after.size());
  for (size_t i = 0; i < before.size(); ++i)
    if (!before[i].contains("-1.000000e-01")) // 13 characters, hex 22
      EXPECT_EQ(before[i].size(), after[i].size()) << after[i].str();
  EXPECT_NE(text.find("// \"1.5 : f80\""), std::string::npos);
  EXPECT_NE(text.find("0.33333333333333331 : f64"), std::string::npos);
  // 23 characters of decimal, 22 of hex and a blank.
  EXPECT_NE(text.find("0x3FFDAAAAAAAAAAAAAAAB  : f80"), std::string::npos);
}

} // namespace
