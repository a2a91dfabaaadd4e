//===- Transport.cpp - JSON-RPC framing and dispatch ----------------------===//

#include "server/lsp/Transport.h"
#include "support/JsonParse.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/LSP/Logging.h"
#include "llvm/Support/LSP/Protocol.h"

#include <malloc.h>

using namespace ompx::lsp;
using llvm::lsp::ErrorCode;
using llvm::lsp::Logger;

llvm::Error ompx::lsp::makeError(ErrorCode code, const llvm::Twine &message) {
  return llvm::make_error<llvm::lsp::LSPError>(message.str(), code);
}

/// Reads one line including '\n' (false at end of input). Of a line longer
/// than a header can be, only the tail is kept: a header that follows junk on
/// the same line (a body shorter than its Content-Length said) is found
/// there.
static bool readLine(std::FILE *in, std::string &line) {
  constexpr size_t kKeep = 4096;
  line.clear();
  int c;
  while ((c = std::fgetc(in)) != EOF) {
    line.push_back(static_cast<char>(c));
    if (c == '\n')
      return true;
    if (line.size() > 2 * kKeep)
      line.erase(0, line.size() - kKeep);
  }
  return !line.empty();
}

namespace {
/// The largest string of a message, decoded, if it is simple enough to
/// decode without llvm::json's parser: its escapes are all one character
/// (`\u` would need its surrogate handling), it holds no control character
/// and it is valid UTF-8, as llvm::json::parse would find. Std::nullopt
/// otherwise.
std::optional<std::string> decodeSimple(llvm::StringRef raw) {
  unsigned char control = 0;
  for (char c : raw) // one flag, so that the loop vectorizes
    control |= static_cast<unsigned char>(c) < 0x20;
  if (control || !llvm::json::isUTF8(raw))
    return std::nullopt;
  std::string out;
  out.reserve(raw.size());
  for (size_t i = 0;;) {
    size_t slash = raw.find('\\', i);
    out.append(raw.data() + i,
               (slash == llvm::StringRef::npos ? raw.size() : slash) - i);
    if (slash == llvm::StringRef::npos)
      return out;
    if (slash + 1 >= raw.size())
      return std::nullopt;
    // The one-character escapes and what each stands for.
    static constexpr llvm::StringLiteral kEscaped = "\"\\/bfnrt",
                                         kMeant = "\"\\/\b\f\n\r\t";
    size_t k = kEscaped.find(raw[slash + 1]);
    if (k == llvm::StringRef::npos)
      return std::nullopt;
    out.push_back(kMeant[k]);
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
} // namespace

llvm::Expected<llvm::json::Value>
ompx::lsp::parseMessage(llvm::StringRef json, bool *apart, size_t minLarge) {
  if (apart)
    *apart = false;
  // Below 64 KiB, llvm::json::parse is as quick.
  if (json.size() < minLarge)
    return llvm::json::parse(json);
  size_t begin = 0, end = 0;
  for (size_t i = json.find('"'); i != llvm::StringRef::npos;
       i = json.find('"', i)) {
    size_t e = jsonStringEnd(json, i);
    if (e == llvm::StringRef::npos)
      return llvm::json::parse(json); // it reports the unterminated string
    if (e - i > end - begin) {
      begin = i;
      end = e;
    }
    i = e;
  }
  // A key is followed by ':'.
  size_t next = json.find_first_not_of(" \t\r\n", end);
  if (end - begin < minLarge ||
      (next != llvm::StringRef::npos && json[next] == ':'))
    return llvm::json::parse(json);
  std::optional<std::string> text =
      decodeSimple(json.slice(begin + 1, end - 1));
  if (!text)
    return llvm::json::parse(json);
  // The rest, with a placeholder where the string was: it is the only
  // string of the parsed message that equals it, or the fast way is not
  // taken. The rest must be valid UTF-8 too, as in llvm::json::parse.
  static constexpr llvm::StringLiteral kPlaceholder = "\\u0000ompx-text";
  std::string rest = (json.take_front(begin) + "\"" + kPlaceholder + "\"" +
                      json.drop_front(end))
                         .str();
  llvm::Expected<llvm::json::Value> v = llvm::json::parse(rest);
  if (!v) {
    llvm::consumeError(v.takeError());
    return llvm::json::parse(json);
  }
  llvm::json::Value *at = nullptr;
  if (findString(*v, llvm::StringRef("\0ompx-text", 10), at) != 1)
    return llvm::json::parse(json);
  *at = llvm::json::Value(std::move(*text));
  if (apart)
    *apart = true;
  return v;
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
  while (readLine(in, line)) {
    llvm::StringRef l = llvm::StringRef(line).trim();
    if (l.starts_with("//")) {
      if (l == "// -----")
        break;
      continue;
    }
    json += l;
    json += '\n';
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

void Connection::handle(llvm::json::Value message) {
  llvm::json::Object *object = message.getAsObject();
  if (!object) {
    reply(nullptr, makeError(ErrorCode::InvalidRequest,
                             "a JSON-RPC message must be an object"));
    return;
  }
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
    if (it != notifications.end())
      it->second(std::move(params));
    else if (!method->starts_with("$/"))
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
    llvm::Expected<llvm::json::Value> message = parseMessage(json);
    if (!message) {
      std::string why = llvm::toString(message.takeError());
      Logger::error("JSON parse error: {0}", why);
      reply(nullptr, makeError(ErrorCode::ParseError, "invalid JSON: " + why));
      continue;
    }
    // A didOpen of a large file leaves megabytes behind: free them before
    // the handler copies the text on (the message would otherwise be held
    // four times at once: these bytes, the parsed value, the params and the
    // document), and do not keep the capacity for the small messages next.
    bool large = json.capacity() > (1u << 20);
    if (large)
      std::string().swap(json);
    handle(std::move(*message));
    // And its parsed copies, freed by now: glibc keeps freed chunks below
    // its (rising) mmap threshold resident, 17 MiB after the open of an
    // 18 MB file. Trimmed once here rather than lowering the threshold,
    // which made each edit's copy of the text a fresh mapping (+8 ms).
    if (large)
      malloc_trim(0);
  }
  return shutdownRequested ? 0 : 1;
}
