//===- Transport.cpp - JSON-RPC framing and dispatch ----------------------===//

#include "server/lsp/Transport.h"
#include "support/JsonParse.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/LSP/Logging.h"
#include "llvm/Support/LSP/Protocol.h"

#include <cstring>
#include <malloc.h>

using namespace ompx::lsp;
using llvm::lsp::ErrorCode;
using llvm::lsp::Logger;

llvm::Error ompx::lsp::makeError(ErrorCode code, const llvm::Twine &message) {
  return llvm::make_error<llvm::lsp::LSPError>(message.str(), code);
}

/// Reads one line including '\n' (false at end of input). Of a line longer
/// than 2 * `keep` bytes, only the last `keep` are kept: a header that follows
/// junk on the same line (a body shorter than its Content-Length said) is
/// found there.
static bool readLine(std::FILE *in, std::string &line, size_t keep = 4096) {
  line.clear();
  int c;
  while ((c = std::fgetc(in)) != EOF) {
    line.push_back(static_cast<char>(c));
    if (c == '\n')
      return true;
    if (line.size() > 2 * keep)
      line.erase(0, line.size() - keep);
  }
  return !line.empty();
}

namespace {
/// The decoded size of the largest string of a message, if it is simple
/// enough to decode without llvm::json's parser: its escapes are all one
/// character (`\u` would need its surrogate handling), it holds no control
/// character and it is valid UTF-8, as llvm::json::parse would find.
/// Std::nullopt otherwise.
std::optional<size_t> simpleDecodedSize(llvm::StringRef raw) {
  unsigned char control = 0;
  for (char c : raw) // one flag, so that the loop vectorizes
    control |= static_cast<unsigned char>(c) < 0x20;
  if (control || !llvm::json::isUTF8(raw))
    return std::nullopt;
  size_t escapes = 0;
  for (size_t slash = raw.find('\\'); slash != llvm::StringRef::npos;
       slash = raw.find('\\', slash + 2), ++escapes)
    if (slash + 1 >= raw.size() ||
        !llvm::StringRef("\"\\/bfnrt").contains(raw[slash + 1]))
      return std::nullopt;
  return raw.size() - escapes;
}

/// Decodes `raw`, checked by simpleDecodedSize, to `out`, which may be
/// raw.data() or before it: the text of a large message is decoded where
/// it arrived, not into a fresh copy (megabytes of fresh pages cost more
/// than the decoding).
void decodeSimple(llvm::StringRef raw, char *out) {
  // The one-character escapes and what each stands for.
  static constexpr llvm::StringLiteral kEscaped = "\"\\/bfnrt",
                                       kMeant = "\"\\/\b\f\n\r\t";
  for (size_t i = 0;;) {
    size_t slash = raw.find('\\', i);
    size_t run = (slash == llvm::StringRef::npos ? raw.size() : slash) - i;
    std::memmove(out, raw.data() + i, run);
    out += run;
    if (slash == llvm::StringRef::npos)
      return;
    *out++ = kMeant[kEscaped.find(raw[slash + 1])];
    i = slash + 2;
  }
}

/// The string values of `v` equal to `s`, and where the last one is.
unsigned findString(llvm::json::Value &v, llvm::StringRef s,
                    llvm::json::Value *&at) {
  if (std::optional<llvm::StringRef> str = v.getAsString()) {
    if (*str != s)
      return 0;
    at = &v;
    return 1;
  }
  unsigned n = 0;
  if (llvm::json::Object *o = v.getAsObject())
    for (auto &member : *o)
      n += findString(member.second, s, at);
  else if (llvm::json::Array *a = v.getAsArray())
    for (llvm::json::Value &e : *a)
      n += findString(e, s, at);
  return n;
}

bool holdsString(llvm::json::Value &v, llvm::StringRef s) {
  llvm::json::Value *at = nullptr;
  return findString(v, s, at) != 0;
}
} // namespace

llvm::Expected<llvm::json::Value> ompx::lsp::parseMessage(std::string json,
                                                          bool *apart,
                                                          size_t minLarge,
                                                          std::string *large) {
  if (apart)
    *apart = false;
  // Below 64 KiB, llvm::json::parse is as quick.
  if (json.size() < minLarge)
    return llvm::json::parse(json);
  llvm::StringRef all = json;
  size_t begin = 0, end = 0;
  for (size_t i = all.find('"'); i != llvm::StringRef::npos;
       i = all.find('"', i)) {
    size_t e = jsonStringEnd(all, i);
    if (e == llvm::StringRef::npos)
      return llvm::json::parse(json); // it reports the unterminated string
    if (e - i > end - begin) {
      begin = i;
      end = e;
    }
    i = e;
  }
  // A key is followed by ':'.
  size_t next = all.find_first_not_of(" \t\r\n", end);
  if (end - begin < minLarge ||
      (next != llvm::StringRef::npos && all[next] == ':'))
    return llvm::json::parse(json);
  llvm::StringRef raw = all.slice(begin + 1, end - 1);
  std::optional<size_t> size = simpleDecodedSize(raw);
  if (!size)
    return llvm::json::parse(json);
  // The rest, with a placeholder where the string was: it is the only
  // string of the parsed message that equals it, or the fast way is not
  // taken. The rest must be valid UTF-8 too, as in llvm::json::parse.
  std::string rest =
      (all.take_front(begin) + "\"\\u0000" +
       kLargeStringPlaceholder.drop_front() + "\"" + all.drop_front(end))
          .str();
  llvm::Expected<llvm::json::Value> v = llvm::json::parse(rest);
  if (!v) {
    llvm::consumeError(v.takeError());
    return llvm::json::parse(json);
  }
  llvm::json::Value *at = nullptr;
  if (findString(*v, kLargeStringPlaceholder, at) != 1)
    return llvm::json::parse(json);
  // The message's own buffer becomes the string: no copy of the text.
  decodeSimple(raw, json.data());
  json.resize(*size);
  if (large)
    *large = std::move(json);
  else
    *at = llvm::json::Value(std::move(json));
  if (apart)
    *apart = true;
  return v;
}

void ompx::lsp::restoreLargeString(llvm::json::Value &message,
                                   std::string large) {
  llvm::json::Value *at = nullptr;
  if (findString(message, kLargeStringPlaceholder, at) == 1)
    *at = llvm::json::Value(std::move(large));
}

std::optional<size_t> ompx::lsp::findExcessiveNesting(llvm::StringRef json,
                                                      unsigned maxDepth) {
  return ompx::findExcessiveNesting(json, maxDepth);
}

std::optional<llvm::json::Value>
ompx::lsp::findTopLevelId(llvm::StringRef json) {
  auto skipSpace = [&](size_t i) {
    while (i < json.size() && llvm::StringRef(" \t\r\n").contains(json[i]))
      ++i;
    return i;
  };
  // Only a number, string or null is an id; anything else is not parsed.
  auto parseId = [](llvm::StringRef text) -> std::optional<llvm::json::Value> {
    llvm::Expected<llvm::json::Value> v = llvm::json::parse(text);
    if (!v) {
      llvm::consumeError(v.takeError());
      return std::nullopt;
    }
    // An id as handle() answers it: an integer, a string or null.
    if (v->kind() != llvm::json::Value::String &&
        v->kind() != llvm::json::Value::Null && !v->getAsInteger())
      return std::nullopt;
    return std::move(*v);
  };
  size_t i = skipSpace(0);
  if (i == json.size() || json[i] != '{')
    return std::nullopt;
  unsigned depth = 1;
  for (++i; i < json.size();) {
    char c = json[i];
    if (c == '"') {
      size_t end = jsonStringEnd(json, i);
      if (end == llvm::StringRef::npos)
        return std::nullopt;
      size_t next = skipSpace(end);
      // A string followed by ':' directly in the top-level object is a key.
      if (depth == 1 && json.slice(i, end) == "\"id\"" && next < json.size() &&
          json[next] == ':') {
        size_t v = skipSpace(next + 1);
        if (v < json.size() && json[v] == '"') {
          size_t e = jsonStringEnd(json, v);
          return e == llvm::StringRef::npos ? std::nullopt
                                            : parseId(json.slice(v, e));
        }
        size_t e = v;
        while (e < json.size() &&
               llvm::StringRef("+-.0123456789eEnul").contains(json[e]))
          ++e;
        return parseId(json.slice(v, e));
      }
      i = end;
      continue;
    }
    if (c == '{' || c == '[')
      ++depth;
    else if ((c == '}' || c == ']') && --depth == 0)
      return std::nullopt;
    ++i;
  }
  return std::nullopt;
}

bool Input::skipBody(uint64_t n, std::string &head) {
  constexpr size_t kHead = 64 << 10;
  char buffer[kHead];
  while (n) {
    size_t got =
        std::fread(buffer, 1, std::min<uint64_t>(n, sizeof buffer), in);
    if (got == 0)
      return false;
    if (head.size() < kHead)
      head.append(buffer, std::min(got, kHead - head.size()));
    n -= got;
  }
  return true;
}

llvm::LogicalResult Input::readStandardMessage(std::string &json) {
  error.clear();
  errorId.reset();
  // Headers: `Name: value` lines ended by an empty line. As in clangd, a
  // malformed line is skipped, not the whole message.
  std::optional<uint64_t> contentLength;
  std::optional<uint64_t> conflicting; ///< a second, different length
  std::string line;
  bool sawHeader = false;
  while (true) {
    if (!readLine(in, line)) {
      if (sawHeader)
        error = "end of input inside a message header";
      return llvm::failure();
    }
    llvm::StringRef l = llvm::StringRef(line).rtrim("\r\n");
    if (l.empty()) {
      if (!sawHeader)
        continue; // tolerate stray blank lines between messages
      break;
    }
    sawHeader = true;
    // Junk before a header on its line (the rest of a body longer than its
    // Content-Length said): resynchronize on the header. A well-formed
    // header (`X-Content-Length: 1`) is left alone.
    auto isToken = [](char c) {
      return llvm::isAlnum(c) || c == '-' || c == '_';
    };
    size_t at = l.find_insensitive("content-length:");
    if (at != llvm::StringRef::npos && at != 0 &&
        !llvm::all_of(l.take_front(at), isToken)) {
      Logger::error("ignoring {0} bytes before a Content-Length header", at);
      l = l.drop_front(at);
    }
    auto [name, value] = l.split(':');
    if (l.find(':') == llvm::StringRef::npos || name.trim().empty()) {
      Logger::error("ignoring an invalid header line: '{0}'", l.take_front(80));
      continue;
    }
    if (name.trim().equals_insensitive("Content-Length")) {
      uint64_t n;
      if (value.trim().getAsInteger(10, n)) {
        error =
            ("invalid Content-Length: '" + value.trim().take_front(40) + "'")
                .str();
        continue;
      }
      if (contentLength && *contentLength != n && !conflicting)
        conflicting = std::max(*contentLength, n);
      if (!contentLength || n < *contentLength)
        contentLength = n;
    }
  }
  if (!contentLength) {
    if (error.empty())
      error = "message header without Content-Length";
    return llvm::failure();
  }
  error.clear(); // a valid Content-Length came after an invalid one
  if (*contentLength > limits.maxBytes) {
    // Skip it without allocating; answer the request if it is one.
    std::string head;
    if (!skipBody(*contentLength, head)) {
      error = "end of input inside a message body";
      return llvm::failure();
    }
    errorId = findTopLevelId(head);
    error = llvm::formatv("a message of {0} bytes is over the limit of {1} "
                          "bytes (--max-message-size); skipped",
                          *contentLength, limits.maxBytes)
                .str();
    return llvm::failure();
  }
  json.resize(*contentLength);
  size_t read = 0;
  while (read < *contentLength) {
    size_t n = std::fread(&json[read], 1, *contentLength - read, in);
    if (n == 0) {
      error = "end of input inside a message body";
      return llvm::failure();
    }
    read += n;
  }
  if (conflicting) {
    // Which length is true cannot be known: the message is refused, read
    // to the shorter one so that the next message is not swallowed (the
    // rest of a longer body is junk that the next header resynchronizes
    // past).
    errorId = findTopLevelId(json);
    error = llvm::formatv("two different Content-Length headers ({0} and "
                          "{1}); the message is skipped",
                          std::max(*contentLength, *conflicting),
                          std::min(*contentLength, *conflicting))
                .str();
    return llvm::failure();
  }
  return llvm::success();
}

llvm::LogicalResult Input::readDelimitedMessage(std::string &json) {
  // `--lit-test` input: messages separated by `// -----`, `//` comments.
  error.clear();
  json.clear();
  std::string line;
  // Whole lines, however long (a test's didOpen can be one line of 100 KB),
  // up to the message size limit.
  bool over = false;
  while (readLine(in, line, limits.maxBytes)) {
    llvm::StringRef l = llvm::StringRef(line).trim();
    if (l.starts_with("//")) {
      if (l == "// -----")
        break;
      continue;
    }
    over |= line.size() > limits.maxBytes ||
            json.size() + l.size() + 1 > limits.maxBytes;
    if (over)
      continue;
    json += l;
    json += '\n';
  }
  if (over) {
    json.clear();
    error = llvm::formatv("a message over the limit of {0} bytes "
                          "(--max-message-size); skipped",
                          limits.maxBytes)
                .str();
    return llvm::failure();
  }
  return llvm::success(!llvm::StringRef(json).trim().empty());
}

Connection::Connection(std::FILE *in, llvm::raw_ostream &out,
                       llvm::lsp::JSONStreamStyle style, bool pretty,
                       MessageLimits limits)
    : input(in, style, limits), limits(limits),
      transport(std::make_unique<Input>(in, style), out, pretty), out(out),
      pretty(pretty) {}

void Connection::notify(llvm::StringRef method, llvm::json::Value params) {
  std::lock_guard<std::mutex> lock(outputMutex);
  Logger::info("--> {0}", method);
  transport.notify(method, std::move(params));
}

void Connection::request(llvm::StringRef method, llvm::json::Value params) {
  std::lock_guard<std::mutex> lock(outputMutex);
  Logger::info("--> {0} (request)", method);
  transport.call(method, std::move(params),
                 "ompx-" + std::to_string(++requestCount));
}

void Connection::reply(llvm::json::Value id,
                       llvm::Expected<llvm::json::Value> result) {
  std::lock_guard<std::mutex> lock(outputMutex);
  if (!result)
    Logger::info("--> reply({0}) error", id);
  transport.reply(std::move(id), std::move(result));
}

static std::string idKey(const llvm::json::Value &id) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << id;
  return s;
}

bool Connection::claim(detail::PendingRequest &p) {
  if (p.answered.exchange(true)) {
    if (p.cancelled) {
      Logger::info("dropping the answer to cancelled request {0}", p.id);
      return false;
    }
    Logger::error("a second answer to request {0} (dropped)", p.id);
    assert(false && "a request was answered twice");
    return false;
  }
  std::lock_guard<std::mutex> lock(pendingMutex);
  auto it = pending.find(p.key);
  if (it != pending.end()) {
    auto live = it->second.lock();
    if (!live || live.get() == &p)
      pending.erase(it);
  }
  return true;
}

void Connection::answer(detail::PendingRequest &p,
                        llvm::Expected<llvm::json::Value> result) {
  if (!claim(p)) {
    if (!result)
      llvm::consumeError(result.takeError());
    return;
  }
  reply(p.id, std::move(result));
}

void Connection::answer(detail::PendingRequest &p,
                        llvm::function_ref<void(llvm::json::OStream &)> write) {
  if (!claim(p))
    return;
  // The message JSONTransport::reply would send, keys in the order it
  // prints them (sorted), framed and indented the same way; rendered
  // before taking the output lock.
  std::string body;
  {
    llvm::raw_string_ostream os(body);
    os.SetBuffered(); // OStream writes a few bytes at a time
    llvm::json::OStream j(os, pretty ? 2 : 0);
    j.object([&] {
      j.attribute("id", p.id);
      j.attribute("jsonrpc", "2.0");
      j.attributeBegin("result");
      write(j);
      j.attributeEnd();
    });
    if (pretty)
      os << "\n";
    os.flush();
  }
  std::lock_guard<std::mutex> lock(outputMutex);
  out << "Content-Length: " << body.size() << "\r\n\r\n" << body;
  out.flush();
  Logger::debug(">>> {0}\n", body);
}

void Connection::cancel(const llvm::json::Value &params) {
  const llvm::json::Object *o = params.getAsObject();
  const llvm::json::Value *id = o ? o->get("id") : nullptr;
  if (!id)
    return;
  std::shared_ptr<detail::PendingRequest> p;
  {
    std::lock_guard<std::mutex> lock(pendingMutex);
    auto it = pending.find(idKey(*id));
    if (it != pending.end())
      p = it->second.lock();
  }
  if (!p || p->answered)
    return; // answered already, or never known: nothing to do
  p->cancelled = true;
  std::function<void()> hook;
  {
    std::lock_guard<std::mutex> lock(p->mutex);
    hook = p->onCancel;
  }
  if (hook)
    return hook();
  answer(*p,
         makeError(ErrorCode::RequestCancelled, "the request was cancelled"));
}

Reply &Reply::operator=(Reply &&other) noexcept {
  if (this != &other) {
    Reply previous(std::move(*this)); // answered, if it was not, on return
    connection = other.connection;
    pending = std::move(other.pending);
  }
  return *this;
}

Reply::~Reply() {
  if (!pending || pending->answered)
    return;
  Logger::error("request {0} was dropped unanswered", pending->id);
  connection->answer(*pending,
                     makeError(ErrorCode::InternalError,
                               "the server dropped the request unanswered"));
}

void Reply::operator()(llvm::Expected<llvm::json::Value> result) {
  if (!pending) {
    Logger::error("an answer through an empty Reply (dropped)");
    assert(false && "answer through a moved-from Reply");
    if (!result)
      llvm::consumeError(result.takeError());
    return;
  }
  connection->answer(*pending, std::move(result));
}

void Reply::stream(llvm::function_ref<void(llvm::json::OStream &)> write) {
  if (!pending) {
    Logger::error("an answer through an empty Reply (dropped)");
    assert(false && "answer through a moved-from Reply");
    return;
  }
  connection->answer(*pending, write);
}

std::function<bool()> Reply::cancelledFn() const {
  std::shared_ptr<detail::PendingRequest> p = pending;
  return [p] { return p && p->cancelled; };
}

void Reply::onCancel(std::function<void()> hook) {
  if (!pending)
    return;
  std::lock_guard<std::mutex> lock(pending->mutex);
  pending->onCancel = std::move(hook);
}

void Connection::handle(llvm::json::Value message, std::string large) {
  llvm::json::Object *object = message.getAsObject();
  if (!object) {
    reply(nullptr, makeError(ErrorCode::InvalidRequest,
                             "a JSON-RPC message must be an object"));
    return;
  }
  // A large string kept apart waits in `large` only for the params of a
  // notification; anywhere else (an id, a method) it goes back now.
  llvm::json::Value *rawParams = object->get("params");
  if (!large.empty() &&
      (!rawParams || !holdsString(*rawParams, kLargeStringPlaceholder)))
    restoreLargeString(message, std::exchange(large, {}));
  std::optional<llvm::json::Value> id;
  if (llvm::json::Value *rawId = object->get("id"))
    id = *rawId;
  // LSP: `id: integer | string`. A fraction, an exponent beyond 64 bits or
  // 1e999 (infinity, which would be echoed as the invalid JSON `inf`) is
  // answered with id null, as JSON-RPC says for an id that cannot be read.
  if (id && id->kind() != llvm::json::Value::String &&
      id->kind() != llvm::json::Value::Null && !id->getAsInteger()) {
    reply(nullptr, makeError(ErrorCode::InvalidRequest,
                             id->kind() == llvm::json::Value::Number
                                 ? "'id' must be an integer or a string (not a "
                                   "fraction or a number beyond 64 bits)"
                                 : "'id' must be an integer or a string"));
    return;
  }
  if (object->getString("jsonrpc") != std::optional<llvm::StringRef>("2.0")) {
    reply(id ? *id : nullptr,
          makeError(ErrorCode::InvalidRequest, "'jsonrpc' must be \"2.0\""));
    return;
  }
  std::optional<llvm::StringRef> method = object->getString("method");
  if (!method) {
    if (object->get("method")) {
      reply(id ? *id : nullptr,
            makeError(ErrorCode::InvalidRequest, "'method' must be a string"));
      return;
    }
    // A response to a request of ours; none needs an answer.
    if (id && (object->get("result") || object->get("error")))
      return;
    reply(id ? *id : nullptr,
          makeError(ErrorCode::InvalidRequest, "missing 'method'"));
    return;
  }
  llvm::json::Value params = nullptr;
  if (llvm::json::Value *p = object->get("params"))
    params = std::move(*p);

  if (!id) { // Notification: never answered.
    Logger::info("<-- {0}", *method);
    if (*method == "exit") {
      exitRequested = true;
      return;
    }
    if (*method == "$/cancelRequest")
      return cancel(params);
    if (!initialized && *method != "initialized")
      return; // the spec: drop notifications before initialize
    auto it = notifications.find(*method);
    if (it != notifications.end()) {
      if (!large.empty() && it->second.takesLargeString)
        largeString = std::move(large);
      else if (!large.empty())
        restoreLargeString(params, std::move(large));
      it->second.handler(std::move(params));
      std::string().swap(largeString); // not taken: dropped with the message
    } else if (!method->starts_with("$/"))
      Logger::info("ignoring unknown notification {0}", *method);
    return;
  }

  if (id->kind() == llvm::json::Value::Null)
    return reply(nullptr, makeError(ErrorCode::InvalidRequest,
                                    "'id' must be an integer or a string"));
  Logger::info("<-- {0}({1})", *method, *id);
  llvm::json::Value replyId = *id;
  auto fail = [&](llvm::Error e) { reply(replyId, std::move(e)); };
  if (*method == "initialize") {
    if (initialized)
      return fail(makeError(ErrorCode::InvalidRequest,
                            "initialize was already received"));
    initialized = true;
  } else if (!initialized) {
    return fail(makeError(ErrorCode::ServerNotInitialized,
                          "the server is not initialized: send "
                          "'initialize' first"));
  } else if (shutdownRequested) {
    return fail(
        makeError(ErrorCode::InvalidRequest, "the server is shutting down"));
  }
  if (*method == "shutdown")
    shutdownRequested = true;
  auto it = requests.find(*method);
  if (it == requests.end())
    return fail(
        makeError(ErrorCode::MethodNotFound, "method not found: " + *method));
  if (!large.empty())
    restoreLargeString(params, std::move(large));
  auto p = std::make_shared<detail::PendingRequest>();
  p->id = *id;
  p->key = idKey(*id);
  {
    std::lock_guard<std::mutex> lock(pendingMutex);
    pending[p->key] = p;
  }
  it->second(std::move(params), Reply(*this, std::move(p)));
}

int Connection::run() {
  std::string json;
  while (!exitRequested) {
    if (llvm::failed(input.readMessage(json))) {
      if (!input.lastError().empty()) {
        Logger::error("bad message framing: {0}", input.lastError());
        if (const std::optional<llvm::json::Value> &id = input.lastErrorId()) {
          reply(*id, makeError(ErrorCode::InvalidRequest, input.lastError()));
        } else {
          reply(nullptr,
                makeError(ErrorCode::ParseError,
                          "bad message framing: " + input.lastError()));
          // A skipped notification (a huge didOpen) has no one to answer:
          // tell the user.
          if (llvm::StringRef(input.lastError()).contains("over the limit"))
            notify("window/showMessage",
                   llvm::json::Object{
                       {"type", int(llvm::lsp::MessageType::Error)},
                       {"message", "ompx-lsp: " + input.lastError()}});
        }
        if (!input.isEndOfInput())
          continue;
      }
      if (input.isEndOfInput() || input.hasError())
        break;
      continue;
    }
    // llvm::json::parse recurses per level: refuse deep nesting unparsed.
    if (std::optional<size_t> at =
            findExcessiveNesting(json, limits.maxDepth)) {
      std::optional<llvm::json::Value> id = findTopLevelId(json);
      Logger::error("message nested deeper than {0} levels; not parsed",
                    limits.maxDepth);
      reply(id ? std::move(*id) : nullptr,
            makeError(ErrorCode::InvalidRequest,
                      llvm::formatv("a message nested deeper than {0} levels "
                                    "(at byte {1}) is not parsed",
                                    limits.maxDepth, *at)));
      continue;
    }
    // The message's buffer goes to the parse (a large text is decoded in
    // it and kept apart); the next message gets a fresh one.
    std::string large;
    llvm::Expected<llvm::json::Value> message =
        parseMessage(std::exchange(json, {}), nullptr, 1 << 16, &large);
    if (!message) {
      std::string why = llvm::toString(message.takeError());
      Logger::error("JSON parse error: {0}", why);
      reply(nullptr, makeError(ErrorCode::ParseError, "invalid JSON: " + why));
      continue;
    }
    bool trim = large.size() > (1u << 20);
    handle(std::move(*message), std::move(large));
    // A didOpen of a large file leaves megabytes freed by now: glibc keeps
    // freed chunks below its (rising) mmap threshold resident, 17 MiB after
    // the open of an 18 MB file. Trimmed once here rather than lowering the
    // threshold, which made each edit's copy of the text a fresh mapping
    // (+8 ms).
    if (trim)
      malloc_trim(0);
  }
  return shutdownRequested ? 0 : 1;
}
