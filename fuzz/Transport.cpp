//===- Transport.cpp - Fuzz target: framing and JSON-RPC dispatch ---------===//
//
// The input is what a client writes to the server's stdin. Seeds are whole
// sessions (initialize, didOpen of an MLIR file, requests at positions in
// it, edits, shutdown, exit), so mutations reach every handler with a real
// analysis behind it. Oracles: no crash, sanitizer report or hang, and what
// the server writes is well-formed: Content-Length framed JSON-RPC 2.0
// messages only.
//
//===----------------------------------------------------------------------===//

#include "fuzz/FuzzTargets.h"
#include "fuzz/LspHarness.h"

#include "server/lsp/Transport.h"

#include "llvm/Support/JSON.h"

using namespace ompx;

/// Aborts unless `out` is a sequence of framed JSON-RPC messages.
static void checkOutput(llvm::StringRef out) {
  while (!out.empty()) {
    fuzz::check(out.consume_front("Content-Length: "),
                "output message without Content-Length");
    size_t length = 0;
    auto [digits, rest] = out.split("\r\n\r\n");
    fuzz::check(!digits.getAsInteger(10, length) && length <= rest.size(),
                "bad Content-Length in the output");
    llvm::Expected<llvm::json::Value> msg =
        llvm::json::parse(rest.take_front(length));
    if (!msg) {
      llvm::consumeError(msg.takeError());
      fuzz::check(false, "the server wrote invalid JSON");
    }
    const llvm::json::Object *obj = msg->getAsObject();
    fuzz::check(obj && obj->getString("jsonrpc") == "2.0",
                "the server wrote a message that is not JSON-RPC 2.0");
    out = rest.drop_front(length);
  }
}

/// Aborts unless lsp::parseMessage, with its way for large strings taken
/// for any string, gives what llvm::json::parse gives.
static void checkParseMessage(llvm::StringRef input) {
  llvm::Expected<llvm::json::Value> fast =
      lsp::parseMessage(input.str(), nullptr, /*minLarge=*/1);
  llvm::Expected<llvm::json::Value> slow = llvm::json::parse(input);
  fuzz::check(bool(fast) == bool(slow),
              "parseMessage and json::parse disagree on success");
  if (!fast) {
    std::string a = llvm::toString(fast.takeError());
    fuzz::check(a == llvm::toString(slow.takeError()),
                "parseMessage and json::parse report different errors");
    return;
  }
  fuzz::check(*fast == *slow, "parseMessage and json::parse differ");
}

int fuzz::transport(const uint8_t *data, size_t size) {
  llvm::StringRef input(reinterpret_cast<const char *>(data), size);
  checkParseMessage(input);
  // And each framed body of the session.
  for (llvm::StringRef rest = input; rest.consume_front("Content-Length: ");) {
    auto [digits, body] = rest.split("\r\n\r\n");
    size_t length = 0;
    if (digits.getAsInteger(10, length) || length > body.size())
      break;
    checkParseMessage(body.take_front(length));
    rest = body.drop_front(length);
  }
  std::string out =
      runSession(llvm::StringRef(reinterpret_cast<const char *>(data), size),
                 /*analyze=*/true);
  checkOutput(out);
  return 0;
}
