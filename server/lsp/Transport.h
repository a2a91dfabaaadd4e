//===- Transport.h - JSON-RPC framing and dispatch --------------*- C++ -*-===//
//
// Reads messages with llvm::lsp's JSONTransportInput interface and writes
// with llvm::lsp::JSONTransport, but dispatches itself, because the upstream
// run loop ends the session on a message that is not a JSON-RPC object and
// answers nothing to invalid JSON. Here every malformed message gets the
// error response the JSON-RPC/LSP specs define and the session goes on.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_LSP_TRANSPORT_H
#define OMPX_LSP_TRANSPORT_H

#include "llvm/ADT/FunctionExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/LSP/Transport.h"

#include <cstdio>
#include <memory>
#include <mutex>
#include <optional>

namespace ompx::lsp {

/// stdin framing that reports what was wrong with a message it rejects.
class Input : public llvm::lsp::JSONTransportInput {
public:
  Input(std::FILE *in, llvm::lsp::JSONStreamStyle style)
      : JSONTransportInput(style), in(in) {}
  bool hasError() const final { return ferror(in); }
  bool isEndOfInput() const final { return feof(in); }
  llvm::LogicalResult readStandardMessage(std::string &json) final;
  llvm::LogicalResult readDelimitedMessage(std::string &json) final;
  /// Why the last readMessage() failed ("" at end of input).
  const std::string &lastError() const { return error; }

private:
  std::FILE *in;
  std::string error;
};

using Reply = llvm::unique_function<void(llvm::Expected<llvm::json::Value>)>;

/// Thread-safe outgoing side plus the dispatch table.
class Connection {
public:
  Connection(std::FILE *in, llvm::raw_ostream &out,
             llvm::lsp::JSONStreamStyle style, bool pretty);

  void notify(llvm::StringRef method, llvm::json::Value params);
  void reply(llvm::json::Value id, llvm::Expected<llvm::json::Value> result);

  using RequestHandler =
      llvm::unique_function<void(llvm::json::Value params, Reply reply)>;
  using NotificationHandler = llvm::unique_function<void(llvm::json::Value)>;
  void onRequest(llvm::StringRef method, RequestHandler handler) {
    requests[method] = std::move(handler);
  }
  void onNotification(llvm::StringRef method, NotificationHandler handler) {
    notifications[method] = std::move(handler);
  }

  /// The id of the request whose handler is running (valid only inside a
  /// request handler, on the dispatching thread); $/cancelRequest names it.
  const llvm::json::Value *currentRequestId() const {
    return dispatchingId ? &*dispatchingId : nullptr;
  }

  /// Reads and dispatches until `exit` or end of input. Returns the process
  /// exit code the LSP spec asks for (0 after shutdown, 1 otherwise).
  int run();

private:
  void handle(llvm::json::Value message);

  Input input;
  llvm::lsp::JSONTransport transport;
  std::mutex outputMutex;
  llvm::StringMap<RequestHandler> requests;
  llvm::StringMap<NotificationHandler> notifications;
  bool initialized = false;
  bool shutdownRequested = false;
  bool exitRequested = false;
  std::optional<llvm::json::Value> dispatchingId;
};

/// An LSP error with its code, for replies.
llvm::Error makeError(llvm::lsp::ErrorCode code, const llvm::Twine &message);

} // namespace ompx::lsp

#endif // OMPX_LSP_TRANSPORT_H
