//===- PipelineTypesTest.cpp - pipeline/Types.h and BuildProtocol.h -------===//
//
// The shared enums' name tables (each name parses back to its value; the
// spellings the protocol and the command line rely on), and the launcher <->
// build child contract: the plan and every frame survive the trip, frames
// split anywhere are reassembled, and what is not a frame is skipped.
//
//===----------------------------------------------------------------------===//

#include "pipeline/Types.h"
#include "pipeline/launch/BuildProtocol.h"
#include "pipeline/launch/Launch.h"

#include "llvm/ADT/StringRef.h"

#include "gtest/gtest.h"

using namespace ompx::pipeline;

template <typename Enum, size_t N>
static void expectRoundTrip(const EnumName<Enum> (&table)[N]) {
  for (const EnumName<Enum> &row : table) {
    std::optional<Enum> back = parseIn<Enum>(table, row.name);
    ASSERT_TRUE(back) << row.name;
    EXPECT_EQ(*back, row.value) << row.name;
    EXPECT_STREQ(nameIn<Enum>(table, row.value), row.name);
  }
}

TEST(PipelineTypes, NameTablesRoundTrip) {
  expectRoundTrip(kStageNames);
  expectRoundTrip(kDeviceKindNames);
  expectRoundTrip(kIRLevelNames);
  expectRoundTrip(kLaunchStatusNames);
}

TEST(PipelineTypes, Spellings) {
  EXPECT_STREQ(stageName(Stage::LowerDevice), "lower device");
  EXPECT_STREQ(deviceKindName(DeviceKind::HostOffload), "host-offload");
  EXPECT_STREQ(irLevelName(IRLevel::LLVM), "llvm");
  EXPECT_STREQ(statusName(LaunchStatus::Cancelled), "cancelled");
  EXPECT_EQ(parseIRLevel("fir"), IRLevel::FIR);
  EXPECT_EQ(parseIRLevel("FIR"), std::nullopt);
  EXPECT_EQ(parseDeviceKind("nvptx"), DeviceKind::NVPTX);
  EXPECT_EQ(parseDeviceKind("nvptx:0"), std::nullopt);
}

TEST(PipelineTypes, DeviceSpec) {
  std::string error;
  std::optional<DeviceSpec> spec = DeviceSpec::parse("host-offload:2", error);
  ASSERT_TRUE(spec) << error;
  EXPECT_EQ(spec->kind, DeviceKind::HostOffload);
  EXPECT_EQ(spec->index, 2);
  EXPECT_EQ(spec->str(), "host-offload:2");
  EXPECT_FALSE(DeviceSpec::parse("host:1", error));
  EXPECT_EQ(error, "bad device 'host:1': host takes no index");
  EXPECT_FALSE(DeviceSpec::parse("cuda", error));
}

TEST(BuildProtocol, PlanRoundTrip) {
  BuildPlan plan;
  plan.job.inputPath = "/w/a.mlir";
  plan.job.inputText = "module {}\n\xff not UTF-8\n";
  plan.job.device = DeviceKind::AMDGPU;
  plan.job.deviceArch = "gfx90a";
  plan.job.gpuRuntime.kind = GpuRuntime::Kind::LLVM19Shim;
  plan.job.gpuRuntime.label = "shim";
  plan.job.optLevel = OptLevel::O2;
  plan.flang = "/usr/bin/flang-22";
  plan.useLld = true;
  plan.deviceIndex = 3;
  plan.drivers = {"/w/a.driver.f90", "/w/b.o"};
  plan.driversGiven = true;
  std::string input = encodeBuildPlanLine(plan);
  ASSERT_EQ(input.find('\n'), input.size() - 1);
  input += plan.job.inputText;

  BuildPlan back;
  ASSERT_TRUE(decodeBuildInput(input, back));
  EXPECT_EQ(back.job.inputPath, plan.job.inputPath);
  EXPECT_EQ(back.job.inputText, plan.job.inputText);
  EXPECT_EQ(back.job.device, DeviceKind::AMDGPU);
  EXPECT_EQ(back.job.deviceArch, "gfx90a");
  EXPECT_EQ(back.job.gpuRuntime.kind, plan.job.gpuRuntime.kind);
  EXPECT_EQ(back.job.gpuRuntime.label, "shim");
  EXPECT_EQ(back.job.optLevel, OptLevel::O2);
  EXPECT_EQ(back.flang, plan.flang);
  EXPECT_TRUE(back.useLld);
  EXPECT_EQ(back.deviceIndex, 3);
  EXPECT_EQ(back.drivers, plan.drivers);
  EXPECT_TRUE(back.driversGiven);

  // The level crosses the pipe by its name; a wrong one is refused.
  std::string badLevel = encodeBuildPlanLine(plan);
  size_t at = badLevel.find("\"optLevel\":\"2\"");
  ASSERT_NE(at, std::string::npos);
  badLevel.replace(at, 14, "\"optLevel\":\"7\"");
  EXPECT_FALSE(decodeBuildInput(badLevel + plan.job.inputText, back));

  EXPECT_FALSE(decodeBuildInput("not json\nmodule {}", back));
  EXPECT_FALSE(decodeBuildInput("{\"inputPath\": \"a\"}\n", back));
}

TEST(BuildProtocol, EventsRoundTripAndSplit) {
  BuildEvent stage{BuildEvent::Kind::Stage, Stage::LowerDevice, "sm_90"};
  BuildEvent log{BuildEvent::Kind::Log, Stage::Setup, "a \"quoted\" line"};
  BuildEvent done{BuildEvent::Kind::Done, Stage::Codegen, "no", false,
                  SourceLocation{"a.mlir", 12, 7}};
  std::string wire = encodeBuildEvent(stage) + "junk that is not JSON\n" +
                     "{\"t\":\"other\"}\n" + encodeBuildEvent(log) +
                     encodeBuildEvent(done);
  // Fed a byte at a time: frames come out whole, junk is skipped.
  BuildEventReader reader;
  std::vector<BuildEvent> events;
  for (char c : wire)
    for (BuildEvent &e : reader.feed(llvm::StringRef(&c, 1)))
      events.push_back(std::move(e));
  ASSERT_EQ(events.size(), 3u);
  EXPECT_EQ(events[0].kind, BuildEvent::Kind::Stage);
  EXPECT_EQ(events[0].stage, Stage::LowerDevice);
  EXPECT_EQ(events[0].message, "sm_90");
  EXPECT_EQ(events[1].kind, BuildEvent::Kind::Log);
  EXPECT_EQ(events[1].message, "a \"quoted\" line");
  EXPECT_EQ(events[2].kind, BuildEvent::Kind::Done);
  EXPECT_FALSE(events[2].ok);
  EXPECT_EQ(events[2].stage, Stage::Codegen);
  ASSERT_TRUE(events[2].location);
  EXPECT_EQ(events[2].location->file, "a.mlir");
  EXPECT_EQ(events[2].location->line, 12u);
  EXPECT_EQ(events[2].location->column, 7u);

  // The wire format itself (the parent of an older build reads it).
  EXPECT_EQ(encodeBuildEvent(stage),
            "{\"msg\":\"sm_90\",\"stage\":3,\"t\":\"stage\"}\n");
  BuildEvent ok{BuildEvent::Kind::Done, Stage::Link, "", true};
  EXPECT_EQ(encodeBuildEvent(ok),
            "{\"msg\":\"\",\"ok\":true,\"stage\":5,\"t\":\"done\"}\n");
}

TEST(BuildProtocol, Drivers) {
  EXPECT_EQ(driverKind("x/main.F90"), DriverKind::Fortran);
  EXPECT_EQ(driverKind("main.c"), DriverKind::C);
  EXPECT_EQ(driverKind("lib.a"), DriverKind::Object);
  EXPECT_EQ(driverKind("main.cpp"), DriverKind::Unknown);
  EXPECT_EQ(sidecarStem("/w/omp_teams.hlfir.mlir"), "/w/omp_teams");
}
