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

#include <atomic>
#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <utility>

namespace ompx::lsp {

/// What one message may be. Both limits are checked before anything is
/// allocated or parsed: llvm::json::parse recurses once per nesting level on
/// the calling thread's stack.
struct MessageLimits {
  /// Content-Length above this: the body is skipped, not read.
  uint64_t maxBytes = 64ull << 20;
  /// `[`/`{` nesting above this: refused unparsed (LSP messages nest < 20).
  unsigned maxDepth = 512;
};

/// The first offset at which `json` nests `[`/`{` deeper than `maxDepth`
/// (outside strings), if it does. One pass, no recursion.
std::optional<size_t> findExcessiveNesting(llvm::StringRef json,
                                           unsigned maxDepth);
/// llvm::json::parse(json), with the same result, but quicker on a message
/// that is mostly one string (a didOpen's or didChange's text): that string
/// is checked and decoded a run between escapes at a time, not a byte at a
/// time, in `json`'s own buffer, and the rest of the message is parsed
/// without it. A string with a `\u` escape, a control character or invalid
/// UTF-8, or one that is a key, goes through llvm::json::parse (which
/// reports what is wrong with it). `apart`, if given, says whether the string
/// was decoded apart; strings under `minLarge` bytes are not (tests and
/// fuzzers lower it). With `large`, a string decoded apart is moved there
/// and the value holds kLargeStringPlaceholder in its place (see
/// Connection::takeLargeString).
llvm::Expected<llvm::json::Value> parseMessage(std::string json,
                                               bool *apart = nullptr,
                                               size_t minLarge = 1 << 16,
                                               std::string *large = nullptr);
/// What stands for the large string parseMessage gave apart: a string no
/// message holds when the fast way is taken.
inline constexpr llvm::StringLiteral kLargeStringPlaceholder =
    llvm::StringLiteral::withInnerNUL("\0ompx-text");
/// Puts `large` back where `message` holds kLargeStringPlaceholder.
void restoreLargeString(llvm::json::Value &message, std::string large);
/// The `id` member of the top-level object in `json` (a number, string or
/// null), found without parsing the whole text: for answering a message
/// that is too large or too deep to parse.
std::optional<llvm::json::Value> findTopLevelId(llvm::StringRef json);

/// stdin framing that reports what was wrong with a message it rejects.
/// Header lines are read like clangd does: a malformed line is ignored (and
/// logged), so the message it belongs to is still read and answered.
class Input : public llvm::lsp::JSONTransportInput {
public:
  Input(std::FILE *in, llvm::lsp::JSONStreamStyle style,
        MessageLimits limits = {})
      : JSONTransportInput(style), in(in), limits(limits) {}
  bool hasError() const final { return ferror(in); }
  bool isEndOfInput() const final { return feof(in); }
  llvm::LogicalResult readStandardMessage(std::string &json) final;
  llvm::LogicalResult readDelimitedMessage(std::string &json) final;
  /// Why the last readMessage() failed ("" at end of input).
  const std::string &lastError() const { return error; }
  /// The id of the message the last readMessage() rejected, if one was found
  /// (a skipped oversized request).
  const std::optional<llvm::json::Value> &lastErrorId() const {
    return errorId;
  }

private:
  /// Reads and drops `n` body bytes, keeping the first few KiB in `head`.
  bool skipBody(uint64_t n, std::string &head);

  std::FILE *in;
  MessageLimits limits;
  std::string error;
  std::optional<llvm::json::Value> errorId;
};

class Connection;

namespace detail {
/// A request between its arrival and its answer.
struct PendingRequest {
  llvm::json::Value id = nullptr;
  std::string key; ///< the id as JSON text
  std::atomic<bool> answered{false};
  std::atomic<bool> cancelled{false};
  std::mutex mutex;               ///< guards onCancel
  std::function<void()> onCancel; ///< replaces the default cancellation
};
} // namespace detail

/// The answer to one request: call it exactly once, from any thread. A
/// second call is a bug (asserted; logged and dropped in release builds),
/// and a Reply destroyed unanswered answers with an internal error, so a
/// client never waits forever. After `$/cancelRequest` the request is
/// answered with RequestCancelled at once, unless the handler took over with
/// onCancel(); a later answer from the handler is then dropped quietly.
class Reply {
public:
  Reply(Connection &connection, std::shared_ptr<detail::PendingRequest> p)
      : connection(&connection), pending(std::move(p)) {}
  Reply(Reply &&other) noexcept
      : connection(other.connection), pending(std::move(other.pending)) {}
  Reply &operator=(Reply &&other) noexcept;
  Reply(const Reply &) = delete;
  Reply &operator=(const Reply &) = delete;
  ~Reply();

  void operator()(llvm::Expected<llvm::json::Value> result);
  /// Answers with a result that `write` puts straight into the message (one
  /// value, through the OStream): the same bytes as operator() with the
  /// equivalent json::Value, without building that tree. For huge results:
  /// every json::Object allocates at least 64 buckets (~4 KiB), so a
  /// 100k-symbol outline as a Value costs gigabytes.
  void stream(llvm::function_ref<void(llvm::json::OStream &)> write);
  /// Whether the client cancelled the request (it is answered already).
  bool isCancelled() const { return pending && pending->cancelled; }
  /// A function whose answer reports whether the request was cancelled;
  /// valid as long as needed (it shares the request's state).
  std::function<bool()> cancelledFn() const;
  /// On `$/cancelRequest`, run `hook` (on the dispatching thread) instead of
  /// answering RequestCancelled; the handler then answers itself.
  void onCancel(std::function<void()> hook);

private:
  Connection *connection;
  std::shared_ptr<detail::PendingRequest> pending;
};

/// Thread-safe outgoing side plus the dispatch table.
class Connection {
public:
  Connection(std::FILE *in, llvm::raw_ostream &out,
             llvm::lsp::JSONStreamStyle style, bool pretty,
             MessageLimits limits = {});

  void notify(llvm::StringRef method, llvm::json::Value params);
  /// A request to the client whose answer nothing waits for (the answer is
  /// dropped when it comes: see handle()).
  void request(llvm::StringRef method, llvm::json::Value params);

  using RequestHandler =
      llvm::unique_function<void(llvm::json::Value params, Reply reply)>;
  using NotificationHandler = llvm::unique_function<void(llvm::json::Value)>;
  void onRequest(llvm::StringRef method, RequestHandler handler) {
    requests[method] = std::move(handler);
  }
  /// A handler that `takesLargeString` gets a message's large string as
  /// kLargeStringPlaceholder and takes it with takeLargeString(): a
  /// document's text reaches it without a copy. Others get the text in the
  /// value.
  void onNotification(llvm::StringRef method, NotificationHandler handler,
                      bool takesLargeString = false) {
    notifications[method] = {std::move(handler), takesLargeString};
  }
  /// The large string of the notification being handled (see
  /// onNotification), once; empty when there is none.
  std::string takeLargeString() { return std::exchange(largeString, {}); }
  bool hasLargeString() const { return !largeString.empty(); }

  /// Reads and dispatches until `exit` or end of input. Returns the process
  /// exit code the LSP spec asks for (0 after shutdown, 1 otherwise).
  int run();

private:
  friend class Reply;
  void handle(llvm::json::Value message, std::string large = {});
  void reply(llvm::json::Value id, llvm::Expected<llvm::json::Value> result);
  /// Sends the answer of a pending request, once.
  void answer(detail::PendingRequest &p,
              llvm::Expected<llvm::json::Value> result);
  void answer(detail::PendingRequest &p,
              llvm::function_ref<void(llvm::json::OStream &)> write);
  /// Whether this is the first answer to `p` (and forgets `p` if so); a
  /// later one is dropped, and logged unless `p` was cancelled.
  bool claim(detail::PendingRequest &p);
  /// `$/cancelRequest`: any pending request, deferred ones included.
  void cancel(const llvm::json::Value &params);

  Input input;
  MessageLimits limits;
  llvm::lsp::JSONTransport transport;
  llvm::raw_ostream &out; ///< what `transport` writes to
  bool pretty;
  std::mutex outputMutex;
  llvm::StringMap<RequestHandler> requests;
  struct Notification {
    NotificationHandler handler;
    bool takesLargeString = false;
  };
  llvm::StringMap<Notification> notifications;
  /// The message's large string, for a handler that takes it.
  std::string largeString;
  std::mutex pendingMutex;
  std::map<std::string, std::weak_ptr<detail::PendingRequest>> pending;
  bool initialized = false;
  bool shutdownRequested = false;
  bool exitRequested = false;
  /// The ids of our requests: "ompx-1", "ompx-2", ...
  uint64_t requestCount = 0;
};

/// An LSP error with its code, for replies.
llvm::Error makeError(llvm::lsp::ErrorCode code, const llvm::Twine &message);

} // namespace ompx::lsp

#endif // OMPX_LSP_TRANSPORT_H
