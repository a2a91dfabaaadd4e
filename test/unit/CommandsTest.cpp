//===- CommandsTest.cpp - One schema per executeCommand argument ----------===//

#include "server/lsp/Commands.h"
#include "server/features/FortranView.h"

#include "gtest/gtest.h"

using namespace ompx;
using namespace ompx::lsp;

namespace {
ExecuteCommandParams params(const char *command, const char *json) {
  ExecuteCommandParams p;
  p.command = command;
  llvm::Expected<llvm::json::Value> v = llvm::json::parse(json);
  EXPECT_TRUE(bool(v)) << json;
  if (v)
    p.arguments.push_back(std::move(*v));
  else
    llvm::consumeError(v.takeError());
  return p;
}

template <typename T>
std::string refusal(const char *command, const char *json,
                    bool optional = false) {
  auto args = commandArgument<T>(params(command, json), optional);
  if (args)
    return "accepted";
  return llvm::toString(args.takeError());
}
} // namespace

TEST(Commands, WrongTypesAreRefusedNamingTheField) {
  const char *c = "ompx.compileAndLaunch";
  EXPECT_EQ(refusal<LaunchArgs>(c, R"({"uri":"file:///a.mlir","device":5})"),
            "ompx.compileAndLaunch: expected string at arguments[0].device");
  EXPECT_EQ(refusal<LaunchArgs>(c, R"({"uri":"file:///a.mlir","timeout":"x"})"),
            "ompx.compileAndLaunch: expected number at arguments[0].timeout");
  EXPECT_EQ(
      refusal<LaunchArgs>(c, R"({"uri":"file:///a.mlir","args":[1,null]})"),
      "ompx.compileAndLaunch: expected string at arguments[0].args[0]");
  EXPECT_EQ(refusal<LaunchArgs>(c, R"({"uri":"file:///a.mlir","timout":5})"),
            "ompx.compileAndLaunch: unknown field (known: uri, device, args, "
            "timeout, drivers, bundle, launcher, checkMaps, profile, slurm) at "
            "arguments[0].timout");
  EXPECT_EQ(refusal<LaunchArgs>(c, R"({"device":"host"})"),
            "ompx.compileAndLaunch: missing value at arguments[0].uri");
  EXPECT_EQ(refusal<LaunchArgs>(c, R"([1])"),
            "ompx.compileAndLaunch: expected object when parsing arguments[0]");
  EXPECT_EQ(
      refusal<LaunchArgs>(c, R"({"uri":"file:///a.mlir","slurm":{"gpus":-1}})"),
      "ompx.compileAndLaunch: expected a string (\"2\", \"a100:2\") or "
      "a count at arguments[0].slurm.gpus");
  EXPECT_EQ(
      refusal<EmitArgs>("ompx.emitMLIR", R"({"uri":"file:///a.f90","kind":5})"),
      "ompx.emitMLIR: expected string at arguments[0].kind");
  EXPECT_EQ(
      refusal<MlirLocationsArgs>(
          "ompx.mlirLocations",
          R"({"uri":"file:///a.mlir","fortranUri":"file:///a.f90","line":1.5})"),
      "ompx.mlirLocations: expected integer at arguments[0].line");
}

TEST(Commands, NumbersAreBounded) {
  const char *c = "ompx.compileAndLaunch";
  // 1e20 was no limit at all; a negative or infinite time is no time.
  for (const char *t : {"1e20", "-1", "2592001", "1e999"})
    EXPECT_NE(
        refusal<LaunchArgs>(
            c, (std::string(R"({"uri":"file:///a.mlir","timeout":)") + t + "}")
                   .c_str())
            .find("at arguments[0].timeout"),
        std::string::npos)
        << t;
  EXPECT_EQ(refusal<LaunchArgs>(c, R"({"uri":"file:///a.mlir","timeout":0})"),
            "accepted");
  EXPECT_EQ(refusal<LaunchArgs>(c, R"({"uri":"file:///a.mlir","timeout":2.5})"),
            "accepted");
  EXPECT_NE(refusal<MlirLocationsArgs>(
                "ompx.mlirLocations",
                R"({"uri":"u","fortranUri":"f","line":4294967296})")
                .find("at arguments[0].line"),
            std::string::npos);
}

TEST(Commands, OptionalArgumentsAndNulls) {
  // listDevices takes no argument, or {slurm}; null fields are absent.
  ExecuteCommandParams none;
  none.command = "ompx.listDevices";
  EXPECT_TRUE(bool(commandArgument<SlurmOnlyArgs>(none, /*optional=*/true)));
  EXPECT_EQ(refusal<SlurmOnlyArgs>("ompx.listDevices", "null", true),
            "accepted");
  EXPECT_EQ(refusal<SlurmOnlyArgs>("ompx.listDevices",
                                   R"({"slurm":{"stage":1}})", true),
            "ompx.listDevices: expected string at arguments[0].slurm.stage");
  // profileHotSpots: no argument or {uri}, read through its schema too.
  const char *hot = "ompx.profileHotSpots";
  EXPECT_EQ(refusal<ProfileHotSpotsArgs>(hot, "{}", true), "accepted");
  EXPECT_EQ(refusal<ProfileHotSpotsArgs>(hot, R"({"uri":5})", true),
            "ompx.profileHotSpots: expected string at arguments[0].uri");
  EXPECT_EQ(refusal<ProfileHotSpotsArgs>(hot, R"({"uri":"u","bogus":1})", true),
            "ompx.profileHotSpots: unknown field (known: uri) at "
            "arguments[0].bogus");
  auto args = commandArgument<LaunchArgs>(params(
      "ompx.compileAndLaunch",
      R"({"uri":"file:///a.mlir","device":null,"slurm":{"gpus":2,"args":["-N1"]}})"));
  ASSERT_TRUE(bool(args)) << llvm::toString(args.takeError());
  EXPECT_FALSE(args->device.has_value());
  ASSERT_TRUE(args->slurm.has_value());
  EXPECT_EQ(args->slurm->gpus, std::optional<std::string>("2"));
}

TEST(Commands, UrisWithControlCharactersAreRefused) {
  EXPECT_TRUE(bool(filePathOf("file:///a/b.f90")));
  for (const char *uri : {"file:///a%00b.f90", "file:///a%0Atouch%20X.mlir"}) {
    auto p = filePathOf(uri);
    ASSERT_FALSE(bool(p)) << uri;
    EXPECT_NE(llvm::toString(p.takeError()).find("its path holds"),
              std::string::npos);
  }
}

TEST(Commands, LocalhostUrisNameTheLocalFile) {
  // RFC 8089: the host `localhost` is the local machine.
  for (const char *uri :
       {"file://localhost/a/b%20c.f90", "file://LocalHost/a/b%20c.f90"}) {
    auto p = filePathOf(uri);
    ASSERT_TRUE(bool(p)) << llvm::toString(p.takeError());
    EXPECT_EQ(*p, "/a/b c.f90");
  }
  // Another host is not this machine's file.
  auto other = filePathOf("file://server/a/b.f90");
  EXPECT_TRUE(!other || *other != "/a/b.f90");
  if (!other)
    llvm::consumeError(other.takeError());
}

TEST(Markdown, NoTextClosesItsFence) {
  EXPECT_EQ(markdownCodeSpan("saxpy.f90:3"), "`saxpy.f90:3`");
  EXPECT_EQ(markdownCodeSpan("a`b"), "``a`b``");
  EXPECT_EQ(markdownCodeSpan("`x"), "`` `x ``");
  EXPECT_EQ(markdownCodeSpan("a\nb"), "`a\xEF\xBF\xBD"
                                      "b`");
  EXPECT_EQ(markdownCodeBlock("x = 1", "fortran"), "```fortran\nx = 1\n```");
  // A line of ``` ends a fence of three; the fence grows past it.
  EXPECT_EQ(markdownCodeBlock("```\n![img](http://x)", "fortran"),
            "````fortran\n```\n![img](http://x)\n````");
  EXPECT_EQ(markdownCodeBlock("a ````` b", ""), "``````\na ````` b\n``````");
}
