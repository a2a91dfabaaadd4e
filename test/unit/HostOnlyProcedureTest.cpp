//===- HostOnlyProcedureTest.cpp - pipeline/compile/HostOffloadCheck -----===//
//
// Which mangled names a device link refuses as a Fortran procedure no unit
// compiles for the device, and how it spells them: a program's module
// procedure and external procedure are refused, a procedure of an intrinsic
// module (which no declare target of the program's can give) and other
// names are not.
//
//===----------------------------------------------------------------------===//

#include "pipeline/compile/HostOffloadCheck.h"

#include "gtest/gtest.h"

using namespace ompx::pipeline;

TEST(HostOnlyProcedure, ModuleProcedureOfTheProgram) {
  std::optional<std::string> why = hostOnlyProcedure("_QMweightsPweight");
  ASSERT_TRUE(why);
  EXPECT_NE(why->find("the device code calls weight of module weights, which "
                      "no unit of this build compiles for the device"),
            std::string::npos)
      << *why;
  EXPECT_NE(why->find("`!$omp declare target(weight)` to module weights"),
            std::string::npos)
      << *why;
}

TEST(HostOnlyProcedure, ExternalProcedureOfTheProgram) {
  std::optional<std::string> why = hostOnlyProcedure("_QPramp");
  ASSERT_TRUE(why);
  EXPECT_NE(why->find("the device code calls ramp, which no unit compiles "
                      "for the device (it is not declare target)"),
            std::string::npos)
      << *why;
}

TEST(HostOnlyProcedure, IntrinsicModulesAndOtherNamesAreNotRefused) {
  EXPECT_FALSE(hostOnlyProcedure("_QMieee_arithmeticPieee_is_nan"));
  EXPECT_FALSE(hostOnlyProcedure("_QMiso_c_bindingPc_f_pointer"));
  EXPECT_FALSE(hostOnlyProcedure("_QMomp_libPomp_get_thread_num"));
  EXPECT_FALSE(hostOnlyProcedure("_QQmain"));
  EXPECT_FALSE(hostOnlyProcedure("ramp_"));
  EXPECT_FALSE(hostOnlyProcedure("_FortranAioBeginExternalListOutput"));
  EXPECT_FALSE(hostOnlyProcedure("__kmpc_fork_call"));
}

TEST(HostOnlyProcedure, Spelling) {
  EXPECT_EQ(spelledFortranName("_QMphys_opsPdamp"),
            "'damp' of module 'phys_ops' (_QMphys_opsPdamp)");
  EXPECT_EQ(spelledFortranName("cube_"), "cube_");
}
