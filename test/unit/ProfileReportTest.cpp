//===- ProfileReportTest.cpp - A recorded launch's record and report ------===//

#include "pipeline/launch/ProfileReport.h"

#include "llvm/Support/FormatVariadic.h"

#include "gtest/gtest.h"

#include <cstring>

using namespace ompx::pipeline;

namespace {
// The map op at /w/a.mlir:24:11 came from a.f90's directive at 8:9; the
// kernel of the omp.target at 30:5 from a.f90:9:9.
const char *kMapSites = "24\t11\tomp.map.info\tx\ta.f90\t8\t9\t0\n";
const char *kKernelSites =
    "__omp_offloading_1_2__QQmain_l9\tspmd\t30\t5\tomp.target\ta.f90\t9\t9\n";

// Two launches of one kernel (4 teams of 64 threads), each with a copy of
// x in and out; a copy the record cannot name.
const char *kLog =
    "S\t42\n"
    "D\t0\tgeneric-64bit\n"
    "N\t1\t__omp_offloading_1_2__QQmain_l9\t;a.f90;_QQmain;9;9;;\n"
    "P\t1\t;/w/a.mlir;x#f8;24;11;;\n"
    "M\t1\talloc\t0\t800\t100\t110\t23\t1\n"
    "M\t1\tto\t0\t800\t120\t150\t23\t1\n"
    "K\t1\t0\t200\t1\t4\t64\t100\n"
    "k\t1\t1200\n"
    "M\t1\tfrom\t0\t800\t1300\t1340\t23\t1\n"
    "K\t2\t0\t2000\t1\t4\t64\t100\n"
    "k\t2\t2500\n"
    "M\t2\tto\t0\t16\t2600\t2610\t0\t0\n"
    "Z\t3000\n";

TEST(ProfileReport, TotalsPerOpAtTheMlirOpAndTheFortranLine) {
  ProfileReport r = parseProfileLog(kLog, kMapSites, kKernelSites, "/w/a.mlir");
  EXPECT_TRUE(r.started);
  EXPECT_TRUE(r.connected);
  EXPECT_TRUE(r.complete);
  EXPECT_FALSE(r.full);
  EXPECT_EQ(r.spanNs, 3000u);
  ASSERT_EQ(r.kernels.size(), 1u);
  const KernelTotals &k = r.kernels[0];
  EXPECT_EQ(k.site.op, "omp.target");
  ASSERT_TRUE(k.site.mlir && k.site.source);
  EXPECT_EQ(k.site.mlir->line, 30u);
  EXPECT_EQ(k.site.source->file, "a.f90");
  EXPECT_EQ(k.mode, "spmd");
  EXPECT_EQ(k.launches, 2u);
  EXPECT_EQ(k.ns, 1500u);
  EXPECT_EQ(k.maxNs, 1000u);
  ASSERT_EQ(k.grids.size(), 1u);
  EXPECT_EQ(k.grids[0].teams, 4);
  EXPECT_EQ(k.grids[0].threads, 64);
  EXPECT_EQ(kernelFigures(k), "2 launches · 1.5 µs · 4×64 SPMD");

  ASSERT_EQ(r.maps.size(), 2u);
  const MapTotals &x = r.maps[0];
  EXPECT_EQ(x.site.name, "x");
  EXPECT_EQ(x.site.op, "omp.map.info");
  ASSERT_TRUE(x.site.source);
  EXPECT_EQ(x.site.source->line, 8u);
  EXPECT_EQ(x.alloc.count, 1u);
  EXPECT_EQ(x.to.count, 1u);
  EXPECT_EQ(x.to.bytes, 800u);
  EXPECT_EQ(x.from.ns, 40u);
  EXPECT_EQ(mapFigures(x), "to: 800 B in 1 copy · from: 800 B in 1 copy · "
                           "0.08 µs");
  EXPECT_EQ(r.maps[1].site.name, "(no map entry)");
  EXPECT_FALSE(r.maps[1].site.mlir);
  ASSERT_EQ(r.events.size(), 6u);
  // Each launch keeps its grid (the hover's per-launch table).
  EXPECT_EQ(r.events[2].kind, ProfileEvent::Kernel);
  EXPECT_EQ(r.events[2].teams, 4);
  EXPECT_EQ(r.events[2].threads, 64);
  EXPECT_EQ(profileGrid(-1, 0), "");
  EXPECT_EQ(profileGrid(8, 0), "8 teams");
  EXPECT_EQ(profileBytes(3 << 20), "3 MiB");
  EXPECT_EQ(profileMode("generic-spmd"), "generic-SPMD");
  // Never in exponent notation (a cancelled spin loop ran 1.94 s).
  EXPECT_EQ(profileDuration(412000), "412 µs");
  EXPECT_EQ(profileDuration(910000), "910 µs");
  EXPECT_EQ(profileDuration(999400000), "999 ms");
  EXPECT_EQ(profileDuration(999600000), "1 s");
  EXPECT_EQ(profileDuration(1940000000), "1.94 s");
  EXPECT_EQ(profileDuration(1234567000000), "1235 s");
}

TEST(ProfileReport, ACrashLeavesNulBytesAndAnUnfinishedKernel) {
  std::string log = "S\t1\nD\t0\tx\nN\t1\tk\t\nK\t1\t0\t100\t1\t0\t0\t0\n"
                    "M\t1\tto\t0\t8\t150\t160\t1\t9";
  log += std::string(64, '\0') + "Z\t9\n";
  ProfileReport r = parseProfileLog(log, "", "", "/w/a.mlir");
  EXPECT_FALSE(r.complete);
  ASSERT_EQ(r.kernels.size(), 1u);
  EXPECT_EQ(r.kernels[0].launches, 1u);
  EXPECT_EQ(r.kernels[0].unfinished, 1u);
  // Until the last thing recorded.
  EXPECT_EQ(r.kernels[0].ns, 60u);
  ASSERT_EQ(r.events.size(), 2u);
  EXPECT_TRUE(r.events[0].unfinished);
  EXPECT_EQ(kernelFigures(r.kernels[0]), "1 launch · 0.06 µs · 1 unfinished");
}

// libomptarget's launch lines (G): the grid and mode each launch ran with.
TEST(ProfileReport, TheGridEachLaunchRanWith) {
  std::string log = std::string(kLog);
  // Launch 1 ran as asked; launch 2 with the plugin's own grid; a line
  // naming another kernel and one for a construct never submitted are not
  // this kernel's.
  log.insert(log.find("k\t1\t1200\n"),
             "G\t1\t4\t64\tSPMD\t__omp_offloading_1_2__QQmain_l9\n"
             "G\t1\t9\t9\tSPMD\t__omp_offloading_other\n"
             "G\t7\t9\t9\tSPMD\t__omp_offloading_1_2__QQmain_l9\n");
  ProfileReport r = parseProfileLog(log, kMapSites, kKernelSites, "/w/a.mlir");
  const KernelTotals &k = r.kernels[0];
  ASSERT_EQ(k.ran.size(), 1u);
  EXPECT_EQ(k.ran[0].teams, 4);
  EXPECT_EQ(k.ran[0].mode, "spmd");
  EXPECT_EQ(kernelFigures(k), "2 launches · 1.5 µs · 4×64 SPMD");
  EXPECT_EQ(launchGrid(r.events[2]), "4×64");
  EXPECT_EQ(launchGrid(r.events[4]), "4×64"); // as asked: no line for it

  log.insert(log.find("k\t2\t2500\n"), "G\t2\t2112\t128\tGeneric-SPMD\t"
                                       "__omp_offloading_1_2__QQmain_l9\n");
  r = parseProfileLog(log, kMapSites, kKernelSites, "/w/a.mlir");
  ASSERT_EQ(r.kernels[0].ran.size(), 2u);
  EXPECT_EQ(kernelFigures(r.kernels[0]), "2 launches · 1.5 µs · 2 grids");
  EXPECT_EQ(launchGrid(r.events[4]), "2112×128 (asked 4×64)");
  EXPECT_EQ(r.events[4].ranMode, "generic-spmd");

  // One launch that ran otherwise than asked; the report keeps it.
  r = parseProfileLog(
      "N\t1\tk\t\nK\t1\t0\t10\t1\t7\t32\t0\nG\t1\t1\t1\tGeneric\tk\n"
      "k\t1\t20\nZ\t30\n",
      "", "", "/w/a.mlir");
  EXPECT_EQ(kernelFigures(r.kernels[0]),
            "1 launch · 0.01 µs · 1×1 generic (asked 7×32)");
  std::string json = llvm::formatv("{0}", toJSON(r)).str();
  llvm::Expected<ProfileReport> back = readProfileReport(json);
  ASSERT_TRUE(bool(back)) << llvm::toString(back.takeError());
  EXPECT_EQ(kernelFigures(back->kernels[0]), kernelFigures(r.kernels[0]));
  EXPECT_EQ(launchGrid(back->events[0]), "1×1 (asked 7×32)");
  // A second line for the same launch is not taken.
  r = parseProfileLog(
      "N\t1\tk\t\nK\t1\t0\t10\t1\t7\t32\t0\nG\t1\t1\t1\tGeneric\tk\n"
      "G\t1\t9\t9\tSPMD\tk\nk\t1\t20\nZ\t30\n",
      "", "", "/w/a.mlir");
  ASSERT_EQ(r.kernels[0].ran.size(), 1u);
  EXPECT_EQ(r.kernels[0].ran[0].launches, 1u);
  // A report whose grids hold more launches than its kernel had is refused.
  std::string bad = json;
  size_t at = bad.find("\"launches\":1,\"mode\":\"generic\"");
  ASSERT_NE(at, std::string::npos) << json;
  bad.replace(at, strlen("\"launches\":1"), "\"launches\":2");
  llvm::Expected<ProfileReport> refused = readProfileReport(bad);
  ASSERT_FALSE(bool(refused));
  EXPECT_NE(llvm::toString(refused.takeError()).find("more launches"),
            std::string::npos);
}

TEST(ProfileReport, LinesItCannotReadAreSkipped) {
  ProfileReport r =
      parseProfileLog("K\t1\t0\t5\t9\t0\t0\t0\n"       // an id never named
                      "M\t1\tcopy\t0\t8\t1\t2\t0\t0\n" // no such operation
                      "M\t1\tto\t0\t8\t5\t2\t0\t0\n"   // ends before it starts
                      "N\tx\tk\t\n\t\t\n",
                      "", "", "/w/a.mlir");
  EXPECT_TRUE(r.kernels.empty());
  EXPECT_TRUE(r.maps.empty());
  EXPECT_TRUE(r.events.empty());
}

TEST(ProfileReport, TotalsAfterTheRecordWasFull) {
  ProfileReport r =
      parseProfileLog(std::string(kLog) + "X\t2900\nAK\t1\t10\t5000\t900\n"
                                          "AM\t1\tto\t10\t8000\t100\n",
                      kMapSites, kKernelSites, "/w/a.mlir");
  EXPECT_TRUE(r.full);
  EXPECT_EQ(r.kernels[0].launches, 12u);
  EXPECT_EQ(r.kernels[0].ns, 6500u);
  EXPECT_EQ(r.maps[0].to.count, 11u);
  EXPECT_EQ(r.maps[0].to.bytes, 8800u);
}

TEST(ProfileReport, JsonRoundTrip) {
  ProfileReport r = parseProfileLog(kLog, kMapSites, kKernelSites, "/w/a.mlir");
  r.device = "host-offload:0";
  std::string json = llvm::formatv("{0}", toJSON(r)).str();
  llvm::Expected<ProfileReport> back = readProfileReport(json);
  ASSERT_TRUE(bool(back)) << llvm::toString(back.takeError());
  EXPECT_EQ(llvm::formatv("{0}", toJSON(*back)).str(), json);
  EXPECT_EQ(formatProfileSummary(*back), formatProfileSummary(r));
}

std::string refusal(llvm::StringRef json) {
  llvm::Expected<ProfileReport> r = readProfileReport(json);
  if (r)
    return "accepted";
  return llvm::toString(r.takeError());
}

TEST(ProfileReport, AReportThatIsNotOneIsRefusedClearly) {
  EXPECT_EQ(refusal("{"), "not JSON: [1:1, byte=1]: Expected object key");
  EXPECT_EQ(refusal("[]"),
            "not a report of `ompx-lsp launch --profile` (no \"version\")");
  EXPECT_EQ(refusal(R"({"version": 2})"),
            "a report of version 2; this ompx reads version 1");
  ProfileReport r = parseProfileLog(kLog, kMapSites, kKernelSites, "/w/a.mlir");
  llvm::json::Value v = toJSON(r);
  // An event naming a kernel the report does not have.
  (*(*v.getAsObject()->getArray("events"))[2].getAsObject())["index"] = 7;
  EXPECT_EQ(refusal(llvm::formatv("{0}", v).str()),
            "invalid report: an event names a kernel or map entry the report "
            "does not have");
  v = toJSON(r);
  (*v.getAsObject()->getArray("kernels"))[0].getAsObject()->erase("launches");
  EXPECT_EQ(refusal(llvm::formatv("{0}", v).str()),
            "invalid report: missing value at report.kernels[0].launches");
  v = toJSON(r);
  (*(*v.getAsObject()->getArray("events"))[0].getAsObject())["kind"] = "jump";
  EXPECT_EQ(refusal(llvm::formatv("{0}", v).str()),
            "invalid report: expected kernel, alloc, to, from or release at "
            "report.events[0].kind");
}

TEST(ProfileReport, HtmlEscapesEveryName) {
  EXPECT_EQ(escapeHtml("<a href=\"x\">'&'</a>"),
            "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
  ProfileReport r;
  r.input = "/w/<script>alert(1)</script>.mlir";
  r.spanNs = 10;
  KernelTotals k;
  k.site.name = "<img src=x onerror=alert(2)>";
  k.site.op = "omp.target\"><b>";
  k.site.mlir = SourceLocation{"/w/\"'<>&.mlir", 3, 4};
  k.launches = 1;
  k.ns = 5;
  r.kernels.push_back(k);
  MapTotals m;
  m.site.name = "</table><i>";
  m.to = {1, 8, 2};
  r.maps.push_back(m);
  r.events.push_back({ProfileEvent::Kernel, 0, 1, 6, 0, 0, false});
  r.events.push_back({ProfileEvent::To, 0, 7, 9, 8, 0, false});
  std::string html = profileHtml(r);
  for (const char *raw : {"<script>alert", "<img", "<b>", "</table><i>",
                          "\"'<>&.mlir", "omp.target\">"})
    EXPECT_EQ(html.find(raw), std::string::npos) << raw;
  EXPECT_NE(html.find("&lt;script&gt;alert(1)&lt;/script&gt;.mlir"),
            std::string::npos);
  EXPECT_NE(html.find("&lt;img src=x onerror=alert(2)&gt;"), std::string::npos);
  // The one script is the page's own; nothing is loaded from elsewhere.
  EXPECT_EQ(html.find("<script>"), html.rfind("<script>"));
  EXPECT_EQ(html.find("src=\""), std::string::npos);
  // The editor link's path is percent-encoded.
  EXPECT_NE(html.find("vscode://file/w/%22%27%3C%3E%26.mlir:3:4"),
            std::string::npos);
}
} // namespace
