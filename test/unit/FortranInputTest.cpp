//===- FortranInputTest.cpp - Fortran given where MLIR is expected --------===//

#include "server/model/FortranInput.h"
#include "server/features/FortranView.h"

#include "gtest/gtest.h"

using namespace ompx;

TEST(FortranInput, ByExtension) {
  EXPECT_TRUE(hasFortranExtension("/a/saxpy.f90"));
  EXPECT_TRUE(hasFortranExtension("K.F90"));
  EXPECT_TRUE(hasFortranExtension("file:///a/k.f"));
  EXPECT_FALSE(hasFortranExtension("/a/saxpy.hlfir.mlir"));
  EXPECT_FALSE(hasFortranExtension("/a/f90"));
}

TEST(FortranInput, ByContent) {
  EXPECT_TRUE(looksLikeFortran("! comment\n\nsubroutine saxpy(n)\nend\n"));
  EXPECT_TRUE(looksLikeFortran("  PROGRAM main\n"));
  EXPECT_TRUE(looksLikeFortran("module field_mod\ncontains\nend module\n"));
  EXPECT_TRUE(looksLikeFortran("integer :: n\n"));
  EXPECT_TRUE(looksLikeFortran("!$omp declare target\nreal function f(x)\n"));
  // MLIR, whatever words it has.
  EXPECT_FALSE(looksLikeFortran("module {\n}\n"));
  EXPECT_FALSE(looksLikeFortran("module attributes {omp.version = 52} {\n}"));
  EXPECT_FALSE(looksLikeFortran("module @program {\n}\n"));
  EXPECT_FALSE(looksLikeFortran("// subroutine\nfunc.func @f() {\n"));
  EXPECT_FALSE(looksLikeFortran("#loc = loc(\"a.f90\":1:1)\nmodule {\n}\n"));
  EXPECT_FALSE(looksLikeFortran("programs.x {\n"));
  EXPECT_FALSE(looksLikeFortran(""));
}

TEST(FortranInput, OneDiagnosticNamingEmit) {
  auto d = fortranInputDiagnostic("/w/saxpy.f90", "subroutine s\nend\n");
  ASSERT_TRUE(d);
  EXPECT_EQ(d->range, (TextRange{0, 12}));
  EXPECT_NE(d->message.find("`ompx-lsp emit saxpy.f90 -o saxpy.hlfir.mlir`"),
            std::string::npos)
      << d->message;
  EXPECT_FALSE(fortranInputDiagnostic("/w/k.mlir", "module {\n}\n"));
}

TEST(FortranView, SameSourceFile) {
  EXPECT_TRUE(sameSourceFile("/a/b/k.f90", "/a/b/k.f90"));
  EXPECT_TRUE(sameSourceFile("../b/k.f90", "/a/b/k.f90") == false);
  EXPECT_TRUE(sameSourceFile("b/k.f90", "/a/b/k.f90"));
  EXPECT_TRUE(sameSourceFile("./k.f90", "/a/b/k.f90"));
  EXPECT_FALSE(sameSourceFile("/a/b/xk.f90", "k.f90"));
  EXPECT_FALSE(sameSourceFile("", "/a/k.f90"));
}
