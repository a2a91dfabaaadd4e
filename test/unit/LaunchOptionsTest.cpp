//===- LaunchOptionsTest.cpp - One schema for a launch's options ----------===//
//
// The launch schema (pipeline/LaunchOptions.h) against the other spellings
// of the same options: ompx.compileAndLaunch's argument (server/lsp/
// Commands.h) and its name tables. The editor's settings are checked by
// test/check/launch-schema.test.
//
//===----------------------------------------------------------------------===//

#include "pipeline/launch/LaunchOptions.h"
#include "server/lsp/Commands.h"

#include "llvm/ADT/StringExtras.h"

#include "gtest/gtest.h"

#include <set>

using namespace ompx;
using namespace ompx::pipeline;

namespace {
std::optional<std::string> apply(llvm::StringRef flagOrField,
                                 llvm::StringRef value, LaunchRequest &request,
                                 Spelling spelling,
                                 llvm::StringRef folder = "") {
  const LaunchOption *option = spelling == Spelling::Flag
                                   ? launchOptionByFlag(flagOrField)
                                   : launchOptionByField(flagOrField);
  EXPECT_NE(option, nullptr) << flagOrField.str();
  if (!option)
    return "no such option";
  return applyLaunchOption(*option, value, request, spelling, folder);
}
} // namespace

// Every field compileAndLaunch reads is a row of the schema and every row
// with a field is read: an option added on one side only fails here.
TEST(LaunchOptions, ArgumentFieldsAreTheSchemasFields) {
  std::set<std::string> argument, schema;
  for (const char *field : lsp::launchArgsFields())
    if (llvm::StringRef(field) != "uri" && llvm::StringRef(field) != "slurm")
      argument.insert(field);
  for (const char *field : lsp::slurmArgsFields())
    argument.insert("slurm." + std::string(field));
  for (const LaunchOption &o : launchOptions())
    if (!o.field.empty())
      schema.insert(o.field.str());
  EXPECT_EQ(argument, schema);
}

TEST(LaunchOptions, FlagsAndFieldsAreUnique) {
  std::set<std::string> flags, fields;
  for (const LaunchOption &o : launchOptions()) {
    if (!o.flag.empty()) {
      EXPECT_TRUE(flags.insert(o.flag.str()).second) << o.flag.str();
    }
    if (!o.field.empty()) {
      EXPECT_TRUE(fields.insert(o.field.str()).second) << o.field.str();
    }
    EXPECT_FALSE(o.flag.empty() && o.field.empty());
    EXPECT_FALSE(o.setting && o.field.empty()) << o.flag.str();
    EXPECT_EQ(o.type == OptionType::Enum, !o.names.empty()) << o.flag.str();
    EXPECT_NE(o.set, nullptr);
  }
}

// Each name of an enum's table is one the request takes, the default first.
TEST(LaunchOptions, EnumNamesAreAccepted) {
  LaunchRequest defaults;
  for (const LaunchOption &o : launchOptions()) {
    if (o.type != OptionType::Enum)
      continue;
    for (llvm::StringRef name : o.names) {
      LaunchRequest r;
      EXPECT_EQ(applyLaunchOption(o, name, r, Spelling::Flag), std::nullopt)
          << o.flag.str() << "=" << name.str();
    }
  }
  LaunchRequest r;
  EXPECT_EQ(apply("launcher", "slurm", r, Spelling::Flag), std::nullopt);
  EXPECT_EQ(r.launcher, LauncherKind::Slurm);
  EXPECT_EQ(apply("slurm.stage", "sbcast", r, Spelling::Field), std::nullopt);
  EXPECT_EQ(r.slurm.staging, SlurmOptions::Staging::Sbcast);
  EXPECT_EQ(apply("slurm-allocation", "reuse", r, Spelling::Flag),
            std::nullopt);
  EXPECT_EQ(r.slurm.allocation, SlurmOptions::Allocation::Reuse);
  EXPECT_EQ(defaults.launcher, LauncherKind::Local);
}

// The same check, named as each side spells the option.
TEST(LaunchOptions, ErrorsNameTheOptionAsGiven) {
  LaunchRequest r;
  EXPECT_EQ(apply("launcher", "pbs", r, Spelling::Flag),
            "--launcher is local or slurm, not 'pbs'");
  EXPECT_EQ(apply("launcher", "pbs", r, Spelling::Field),
            "'launcher' must be \"local\" or \"slurm\"");
  EXPECT_EQ(apply("slurm.allocation", "old", r, Spelling::Field),
            "'slurm.allocation' must be \"new\" or \"reuse\"");
  EXPECT_EQ(apply("bundle", "", r, Spelling::Flag), "--bundle needs a folder");
  EXPECT_EQ(apply("bundle", "", r, Spelling::Field), "'bundle' needs a folder");
  EXPECT_EQ(apply("driver", "", r, Spelling::Flag), "--driver needs a file");
  EXPECT_EQ(apply("timeout", "ten", r, Spelling::Flag),
            "--timeout takes a number of seconds, not 'ten'");
  EXPECT_EQ(apply("O", "4", r, Spelling::Flag), "-O takes 0 to 3, not '4'");
  std::optional<std::string> device =
      apply("device", "tpu", r, Spelling::Field);
  ASSERT_TRUE(device.has_value());
  EXPECT_EQ(device->rfind("'device': unknown device 'tpu'", 0), 0u) << *device;
}

// The editor's paths are the document's; the command line's the current
// folder's.
TEST(LaunchOptions, RelativePathsFromTheFolderGiven) {
  LaunchRequest r;
  EXPECT_EQ(apply("drivers", "main.f90", r, Spelling::Field, "/doc"),
            std::nullopt);
  EXPECT_EQ(apply("drivers", "/abs/c.c", r, Spelling::Field, "/doc"),
            std::nullopt);
  EXPECT_EQ(apply("driver", "rel.c", r, Spelling::Flag), std::nullopt);
  EXPECT_EQ(r.drivers,
            (std::vector<std::string>{"/doc/main.f90", "/abs/c.c", "rel.c"}));
  EXPECT_EQ(apply("bundle", "gpu", r, Spelling::Field, "/doc"), std::nullopt);
  EXPECT_EQ(r.bundleDir, "/doc/gpu");
  EXPECT_TRUE(r.noRun);
  EXPECT_EQ(apply("slurm.stageDir", "", r, Spelling::Field, "/doc"),
            std::nullopt);
  EXPECT_EQ(r.slurm.stageDir, "");
}

// compileAndLaunch's argument as the schema reads it.
TEST(LaunchOptions, ArgumentValuesByField) {
  llvm::Expected<llvm::json::Value> v = llvm::json::parse(
      R"({"uri":"file:///a.mlir","timeout":2.5,"args":["x","y"],)"
      R"("slurm":{"gpus":2,"stage":"sbcast"}})");
  ASSERT_TRUE(bool(v));
  lsp::LaunchArgs args;
  llvm::json::Path::Root root;
  ASSERT_TRUE(fromJSON(*v, args, root));
  lsp::FieldValues values = lsp::fieldValues(args);
  lsp::FieldValues expected = {{"uri", {"file:///a.mlir"}},
                               {"args", {"x", "y"}},
                               {"timeout", {"3"}},
                               {"slurm.gpus", {"2"}},
                               {"slurm.stage", {"sbcast"}}};
  EXPECT_EQ(values, expected);
}

TEST(LaunchOptions, HelpAndUsageShowEveryFlag) {
  std::string help = launchOptionsHelp(), usage = launchUsageOptions(23, 80);
  for (const LaunchOption &o : launchOptions()) {
    if (o.flag.empty())
      continue;
    EXPECT_NE(help.find("  " + flagSpelling(o)), std::string::npos)
        << o.flag.str();
    EXPECT_NE(usage.find("[" + (o.type == OptionType::OptLevel
                                    ? std::string("-O")
                                    : "--" + o.flag.str())),
              std::string::npos)
        << o.flag.str();
  }
  for (llvm::StringRef line : llvm::split(usage, '\n'))
    EXPECT_LE(line.size(), 80u) << line.str();
}
