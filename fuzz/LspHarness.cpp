//===- LspHarness.cpp - One in-process server session per input -----------===//

#include "fuzz/LspHarness.h"
#include "fuzz/FuzzTargets.h"

#include "server/lsp/Server.h"
#include "server/lsp/Transport.h"
#include "server/service/FortranDocuments.h"
#include "server/service/LaunchService.h"
#include "server/service/Scheduler.h"
#include "server/worker/Worker.h"

#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <memory>

using namespace ompx;

/// One MLIR context for all sessions (making one loads every dialect, far
/// slower than a session), renewed now and then because a context keeps
/// every type and attribute it ever uniqued.
static std::shared_ptr<AnalysisEngine> sharedEngine() {
  static std::shared_ptr<AnalysisEngine> engine;
  static unsigned sessions = 0;
  if (!engine || ++sessions % 5000 == 0)
    engine = std::make_shared<AnalysisEngine>();
  return engine;
}

std::string fuzz::frame(llvm::StringRef body) {
  return "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" +
         body.str();
}

std::string fuzz::runSession(llvm::StringRef input, bool analyze,
                             llvm::function_ref<void(Scheduler &)> inspect) {
  std::string bytes = input.str();
  // fmemopen refuses an empty buffer: empty input is /dev/null's.
  std::FILE *in = bytes.empty() ? std::fopen("/dev/null", "r")
                                : fmemopen(bytes.data(), bytes.size(), "r");
  check(in != nullptr, "cannot open the session's input");
  std::string output;
  llvm::raw_string_ostream out(output);
  {
    lsp::Connection connection(in, out, llvm::lsp::JSONStreamStyle::Standard,
                               /*pretty=*/false);
    WorkerOptions worker;
    worker.isolate = false;
    if (analyze)
      worker.engine = sharedEngine();
    Scheduler scheduler(worker, /*synchronous=*/analyze);
    if (!analyze)
      scheduler.shutdown(); // its analysis thread is gone: a document store
    FileAccess files;
    LaunchService launches(
        [&](const std::string &uri) { return scheduler.text(uri); },
        [&](const std::string &uri) { scheduler.republish(uri); },
        /*synchronous=*/true, /*finishOnExit=*/true, /*buildChild=*/{}, files);
    // No emit command: a Fortran document is never compiled here.
    FortranDocuments fortran(worker, /*emitCommand=*/{}, /*synchronous=*/true);
    lsp::Server server(connection, scheduler, launches, files, fortran);
    connection.onRequest(
        "workspace/executeCommand", [](llvm::json::Value, lsp::Reply reply) {
          reply(lsp::makeError(llvm::lsp::ErrorCode::InvalidRequest,
                               "commands spawn processes: not fuzzed"));
        });
    connection.run();
    if (inspect)
      inspect(scheduler);
  }
  std::fclose(in);
  return output;
}
