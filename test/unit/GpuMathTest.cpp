//===- GpuMathTest.cpp - pipeline/compile/GpuMath: libdevice
//---------------===//
//
// The locator on a fake CUDA tree (ptxas as found and through a link), and
// the rewrite + link on a small stand-in for libdevice.10.bc: no CUDA
// toolkit needed.
//
//===----------------------------------------------------------------------===//

#include "pipeline/compile/GpuMath.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/AsmParser/Parser.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <cstdlib>

using namespace ompx::pipeline;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

namespace {
class GpuMathTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(fs::createUniqueDirectory("ompx-gpumath", dir));
    for (const char *var : {"OMPX_LIBDEVICE_DIR", "CUDA_HOME", "CUDA_PATH"})
      if (const char *v = getenv(var)) {
        saved.emplace_back(var, v);
        unsetenv(var);
      }
  }
  void TearDown() override {
    fs::remove_directories(dir);
    unsetenv("OMPX_LIBDEVICE_DIR");
    for (auto &[var, value] : saved)
      setenv(var.c_str(), value.c_str(), 1);
  }
  std::string file(llvm::StringRef rel, llvm::StringRef text = "") {
    llvm::SmallString<256> p(dir);
    path::append(p, rel);
    EXPECT_FALSE(fs::create_directories(path::parent_path(p)));
    std::error_code ec;
    llvm::raw_fd_ostream os(p, ec);
    EXPECT_FALSE(ec);
    os << text;
    return p.str().str();
  }
  llvm::SmallString<256> dir;
  std::vector<std::pair<std::string, std::string>> saved;
};

std::unique_ptr<llvm::Module> parse(llvm::StringRef ir,
                                    llvm::LLVMContext &ctx) {
  llvm::SMDiagnostic err;
  auto m = llvm::parseAssemblyString(ir, err, ctx);
  if (!m)
    ADD_FAILURE() << err.getMessage().str();
  return m;
}
} // namespace

TEST_F(GpuMathTest, FindsLibdeviceNextToPtxas) {
  std::string ptxas = file("cuda/bin/ptxas");
  std::string bc = file("cuda/nvvm/libdevice/libdevice.10.bc", "x");
  std::string looked;
  EXPECT_EQ(findLibdevice(ptxas, looked), bc);
  // /usr/bin/ptxas -> the toolkit's: found through the link.
  llvm::SmallString<256> link(dir);
  path::append(link, "bin", "ptxas");
  ASSERT_FALSE(fs::create_directories(path::parent_path(link)));
  ASSERT_FALSE(fs::create_link(ptxas, link));
  EXPECT_EQ(findLibdevice(link, looked), bc);
  // OMPX_LIBDEVICE_DIR is the only folder looked in.
  llvm::SmallString<256> empty(dir);
  path::append(empty, "empty");
  ASSERT_FALSE(fs::create_directories(empty));
  setenv("OMPX_LIBDEVICE_DIR", empty.c_str(), 1);
  EXPECT_EQ(findLibdevice(ptxas, looked), "");
  EXPECT_EQ(looked, empty.str());
  setenv("OMPX_LIBDEVICE_DIR", path::parent_path(bc).str().c_str(), 1);
  EXPECT_EQ(findLibdevice("", looked), bc);
}

TEST_F(GpuMathTest, RewritesMathToLibdevice) {
  llvm::LLVMContext ctx;
  // A stand-in for libdevice: the functions' types are libdevice's.
  auto lib = parse(R"(
define double @__nv_sin(double %x) { ret double %x }
define float @__nv_sinf(float %x) { ret float %x }
define double @__nv_erf(double %x) { ret double %x }
define double @__nv_powi(double %x, i32 %n) { ret double %x }
define i64 @__nv_llround(double %x) { ret i64 7 }
define double @__nv_cos(double %x) { ret double %x }
define double @__nv_hypot(double %x, double %y) { ret double %x }
define double @__nv_unused(double %x) { ret double %x }
define double @__nv_min(double %x) { ret double %x }
)",
                   ctx);
  ASSERT_TRUE(lib);
  std::string bc = file("libdevice.10.bc");
  {
    std::error_code ec;
    llvm::raw_fd_ostream os(bc, ec);
    ASSERT_FALSE(ec);
    llvm::WriteBitcodeToFile(*lib, os);
  }
  auto m = parse(R"(
target triple = "nvptx64-nvidia-cuda"
declare double @llvm.sin.f64(double)
declare float @llvm.sin.f32(float)
declare <2 x double> @llvm.sin.v2f64(<2 x double>)
declare double @llvm.powi.f64.i32(double, i32)
declare i32 @llvm.lround.i32.f64(double)
declare { double, double } @llvm.sincos.f64(double)
declare double @llvm.sqrt.f64(double)
declare double @erf(double)
declare float @hypot(float, float)
declare double @mine(double)
declare double @min(double)
define double @k(double %x, float %f, <2 x double> %v, i32 %n) {
  %a = call double @llvm.sin.f64(double %x)
  %b = call float @llvm.sin.f32(float %f)
  %c = call <2 x double> @llvm.sin.v2f64(<2 x double> %v)
  %d = call double @llvm.powi.f64.i32(double %x, i32 %n)
  %e = call i32 @llvm.lround.i32.f64(double %x)
  %g = call double @erf(double %x)
  %h = call float @hypot(float %f, float %f)
  %i = call double @mine(double %x)
  %m = call double @min(double %x)
  %j = call double @llvm.sqrt.f64(double %x)
  %s = call { double, double } @llvm.sincos.f64(double %x)
  ret double %a
}
)",
                 ctx);
  ASSERT_TRUE(m);
  std::vector<std::string> linked;
  std::string error;
  ASSERT_TRUE(linkLibdevice(*m, bc, linked, error)) << error;
  EXPECT_EQ(linked,
            (std::vector<std::string>{"__nv_cos", "__nv_erf", "__nv_llround",
                                      "__nv_powi", "__nv_sin", "__nv_sinf"}));
  EXPECT_FALSE(llvm::verifyModule(*m, &llvm::errs()));
  std::string text;
  llvm::raw_string_ostream os(text);
  m->print(os, nullptr);
  for (const char *gone :
       {"call double @llvm.sin.f64", "call float @llvm.sin.f32",
        "call double @llvm.powi", "call i32 @llvm.lround",
        "call { double, double } @llvm.sincos", "call double @erf",
        "@__nv_unused"})
    EXPECT_EQ(text.find(gone), std::string::npos) << gone << "\n" << text;
  for (const char *kept :
       {"define double @__nv_sin(", "define float @__nv_sinf(",
        "call double @__nv_powi(double %x, i32 %n)", "trunc i64",
        "call double @__nv_erf(double %x)", "call double @__nv_cos(double %x)",
        // No __nv_ twin of its type (hypotf is __nv_hypotf); not a C math
        // function, though libdevice has its name (min); not a math
        // function; a vector; an instruction: left as they were.
        "call float @hypot(", "call double @mine(", "call double @min(",
        "call <2 x double> @llvm.sin.v2f64", "call double @llvm.sqrt.f64"})
    EXPECT_NE(text.find(kept), std::string::npos) << kept << "\n" << text;
}
