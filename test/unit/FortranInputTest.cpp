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
  // An include file that starts with a directive (free or fixed form).
  EXPECT_TRUE(looksLikeFortran(
      "!$omp target teams distribute parallel do map(to: a)\ndo i = 1, n\n"));
  EXPECT_TRUE(looksLikeFortran("C$OMP PARALLEL DO\n      DO 10 I = 1, N\n"));
  EXPECT_TRUE(looksLikeFortran("  !$acc parallel loop\n"));
  EXPECT_FALSE(looksLikeFortran("!alias = !fir.ref<i32>\nmodule {\n}\n"));
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
  // A build folder beside the sources (/a/build) names them from above.
  EXPECT_TRUE(sameSourceFile("../b/k.f90", "/a/b/k.f90"));
  EXPECT_FALSE(sameSourceFile("../c/k.f90", "/a/b/k.f90"));
  EXPECT_FALSE(sameSourceFile("../", "/a/b/"));
  EXPECT_TRUE(sameSourceFile("b/k.f90", "/a/b/k.f90"));
  EXPECT_TRUE(sameSourceFile("./k.f90", "/a/b/k.f90"));
  EXPECT_FALSE(sameSourceFile("/a/b/xk.f90", "k.f90"));
  EXPECT_FALSE(sameSourceFile("", "/a/k.f90"));
}

// EmitService on a stand-in for `ompx-lsp emit` (a shell script that writes
// its -o file after a delay): a second emit of the same output cancels the
// first, and the output appears whole (renamed from a temporary file).
#include "server/service/EmitService.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

#include <condition_variable>
#include <mutex>

TEST(EmitService, NewerEmitCancelsOlderOne) {
  llvm::SmallString<128> dir;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("ompx-emit-test", dir));
  std::string out = (dir + "/k.hlfir.mlir").str();
  // Arguments after the script: FILE --hlfir -v -o TMP; $# is TMP.
  EmitService service({"/bin/sh", "-c",
                       "eval tmp=\\${$#}; sleep \"$0\"; echo \"module {}\" > "
                       "\"$tmp\"",
                       "0.3"});
  std::mutex m;
  std::condition_variable cv;
  std::vector<pipeline::EmitResult> results(2);
  int done = 0;
  for (int i = 0; i < 2; ++i) {
    pipeline::EmitRequest request;
    request.inputPath = (dir + "/k.f90").str();
    service.emit(request, out, [&, i](const pipeline::EmitResult &r) {
      std::lock_guard<std::mutex> lock(m);
      results[i] = r;
      ++done;
      cv.notify_all();
    });
  }
  {
    std::unique_lock<std::mutex> lock(m);
    ASSERT_TRUE(
        cv.wait_for(lock, std::chrono::seconds(20), [&] { return done == 2; }));
  }
  EXPECT_FALSE(results[0].ok);
  EXPECT_EQ(results[0].message, "cancelled");
  EXPECT_TRUE(results[1].ok) << results[1].message;
  auto text = llvm::MemoryBuffer::getFile(out);
  ASSERT_TRUE(bool(text));
  EXPECT_EQ((*text)->getBuffer(), "module {}\n");
  std::error_code ec;
  llvm::sys::fs::directory_iterator it(dir, ec), end;
  int files = 0;
  for (; it != end && !ec; it.increment(ec))
    ++files;
  EXPECT_EQ(files, 1) << "a temporary file was left in " << dir.str().str();
  service.shutdown();
  llvm::sys::fs::remove_directories(dir);
}
