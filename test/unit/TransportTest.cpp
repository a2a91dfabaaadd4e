//===- TransportTest.cpp - Replies exactly once, generic cancellation -----===//

#include "server/lsp/Transport.h"

#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <cstdio>
#include <vector>

using namespace ompx;

namespace {
/// Runs a `--lit-test` style session (messages separated by `// -----`)
/// through `setup`'s handlers and returns what the server wrote.
std::string session(std::vector<std::string> messages,
                    llvm::function_ref<void(lsp::Connection &)> setup,
                    bool pretty = false) {
  std::string input;
  messages.insert(messages.begin(),
                  R"({"jsonrpc":"2.0","id":0,"method":"initialize"})");
  messages.push_back(R"({"jsonrpc":"2.0","method":"exit"})");
  for (const std::string &m : messages)
    input += m + "\n// -----\n";
  std::FILE *in = fmemopen(input.data(), input.size(), "r");
  std::string output;
  llvm::raw_string_ostream out(output);
  {
    lsp::Connection c(in, out, llvm::lsp::JSONStreamStyle::Delimited, pretty);
    c.onRequest("initialize",
                [](llvm::json::Value, lsp::Reply r) { r(nullptr); });
    setup(c);
    c.run();
  }
  std::fclose(in);
  return output;
}

size_t count(llvm::StringRef haystack, llvm::StringRef needle) {
  return haystack.count(needle);
}
} // namespace

TEST(Transport, DroppedReplyAnswersInternalError) {
  std::string out = session(
      {R"({"jsonrpc":"2.0","id":7,"method":"drop"})"}, [](lsp::Connection &c) {
        c.onRequest("drop", [](llvm::json::Value, lsp::Reply) {});
      });
  EXPECT_EQ(count(out, R"("id":7)"), 1u) << out;
  EXPECT_EQ(count(out, R"("code":-32603)"), 1u) << out;
}

TEST(Transport, CancelAnswersAPendingRequestOnce) {
  std::vector<lsp::Reply> kept;
  std::string out = session(
      {R"({"jsonrpc":"2.0","id":"a","method":"wait"})",
       R"({"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":"a"}})",
       R"({"jsonrpc":"2.0","id":"b","method":"late"})"},
      [&](lsp::Connection &c) {
        c.onRequest("wait", [&](llvm::json::Value, lsp::Reply r) {
          kept.push_back(std::move(r));
        });
        // Answers the cancelled request after the cancellation: dropped.
        c.onRequest("late", [&](llvm::json::Value, lsp::Reply r) {
          EXPECT_TRUE(kept.front().isCancelled());
          kept.front()(llvm::json::Value("too late"));
          r(nullptr);
        });
      });
  EXPECT_EQ(count(out, R"("id":"a")"), 1u) << out;
  EXPECT_EQ(count(out, R"("code":-32800)"), 1u) << out;
  EXPECT_EQ(count(out, "too late"), 0u) << out;
  EXPECT_EQ(count(out, R"("id":"b")"), 1u) << out;
}

TEST(Transport, CancelHookLetsTheHandlerAnswer) {
  std::vector<lsp::Reply> kept;
  std::string out = session(
      {R"({"jsonrpc":"2.0","id":3,"method":"launch"})",
       R"({"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":3}})"},
      [&](lsp::Connection &c) {
        c.onRequest("launch", [&](llvm::json::Value, lsp::Reply r) {
          kept.push_back(std::move(r));
          kept.back().onCancel(
              [&] { kept.back()(llvm::json::Value("stopped")); });
        });
      });
  EXPECT_EQ(count(out, R"("id":3)"), 1u) << out;
  EXPECT_EQ(count(out, "stopped"), 1u) << out;
  EXPECT_EQ(count(out, "-32800"), 0u) << out;
}

TEST(Transport, StreamedReplyIsTheValueReply) {
  // What the streamed answer writes, and the same as a json::Value.
  auto write = [](llvm::json::OStream &j) {
    j.array([&] {
      for (int i = 0; i < 3; ++i)
        j.object([&] {
          j.attribute("a", i);
          j.attributeArray("b", [&] { j.value("x\"y"); });
        });
    });
  };
  llvm::json::Array value;
  for (int i = 0; i < 3; ++i)
    value.push_back(llvm::json::Object{{"a", i}, {"b", {"x\"y"}}});
  for (bool pretty : {false, true}) {
    std::string out = session(
        {R"({"jsonrpc":"2.0","id":1,"method":"value"})",
         R"({"jsonrpc":"2.0","id":1,"method":"stream"})"},
        [&](lsp::Connection &c) {
          c.onRequest("value", [&](llvm::json::Value, lsp::Reply r) {
            r(llvm::json::Value(llvm::json::Array(value)));
          });
          c.onRequest("stream", [&](llvm::json::Value, lsp::Reply r) {
            r.stream(write);
          });
        },
        pretty);
    // Three framed messages: initialize's answer, then the two answers.
    llvm::SmallVector<llvm::StringRef> parts;
    llvm::StringRef(out).split(parts, "Content-Length: ");
    ASSERT_EQ(parts.size(), 4u) << out;
    EXPECT_EQ(parts[2], parts[3]) << out;
    EXPECT_TRUE(parts[3].contains(R"("a":2)") || parts[3].contains(R"("a": 2)"))
        << out;
  }
}

#ifdef NDEBUG
// (Asserted in builds with assertions.)
TEST(Transport, SecondAnswerIsDropped) {
  std::string out = session(
      {R"({"jsonrpc":"2.0","id":5,"method":"twice"})"}, [](lsp::Connection &c) {
        c.onRequest("twice", [](llvm::json::Value, lsp::Reply r) {
          r(llvm::json::Value("first"));
          r(llvm::json::Value("second"));
        });
      });
  EXPECT_EQ(count(out, R"("id":5)"), 1u) << out;
  EXPECT_EQ(count(out, "second"), 0u) << out;
}
#endif

TEST(Transport, NestingIsMeasuredWithoutParsing) {
  EXPECT_EQ(lsp::findExcessiveNesting(R"({"a":[[1]]})", 3), std::nullopt);
  EXPECT_EQ(lsp::findExcessiveNesting(R"({"a":[[[1]]]})", 3), size_t(7));
  // Brackets inside strings, escaped quotes included, do not count.
  EXPECT_EQ(lsp::findExcessiveNesting(R"({"a":"\"[[[[[["})", 1), std::nullopt);
  std::string deep = std::string(100000, '[') + std::string(100000, ']');
  EXPECT_EQ(lsp::findExcessiveNesting(deep, 512), size_t(512));
}

TEST(Transport, TopLevelIdIsFoundWithoutParsing) {
  auto id = [](llvm::StringRef json) -> std::string {
    std::optional<llvm::json::Value> v = lsp::findTopLevelId(json);
    if (!v)
      return "none";
    std::string s;
    llvm::raw_string_ostream os(s);
    os << *v;
    return s;
  };
  EXPECT_EQ(id(R"({"jsonrpc":"2.0","id":42,"method":"m"})"), "42");
  EXPECT_EQ(id(R"( { "id" : "a\"b" })"), R"("a\"b")");
  EXPECT_EQ(id(R"({"params":{"id":1},"x":"id","id":null})"), "null");
  EXPECT_EQ(id(R"({"params":[[[{"id":1}]]]})"), "none");
  EXPECT_EQ(id(R"({"id":{"x":1}})"), "none");
  EXPECT_EQ(id(R"([{"id":1}])"), "none");
  // Ids handle() refuses are not found either (1e999 would be `inf`).
  EXPECT_EQ(id(R"({"id":1e999})"), "none");
  EXPECT_EQ(id(R"({"id":1.5})"), "none");
  std::string deep = R"({"p":)" + std::string(50000, '[') +
                     std::string(50000, ']') + R"(, "id": 7})";
  EXPECT_EQ(id(deep), "7"); // after a deep member: found all the same
}

namespace {
/// A didOpen whose text is `body` (already JSON-escaped) repeated to over
/// 64 KiB, with `extra` members in its textDocument.
std::string didOpen(llvm::StringRef body, llvm::StringRef extra = "") {
  std::string text;
  while (text.size() < (1u << 17))
    text += body;
  return R"({"jsonrpc":"2.0","method":"textDocument/didOpen","params":)"
         R"({"textDocument":{"uri":"file:///a.mlir","languageId":"mlir",)"
         R"("version":1,)" +
         extra.str() + R"("text":")" + text + R"("}}})";
}

/// parseMessage and llvm::json::parse agree: the same value, or the same
/// error.
void expectSameParse(const std::string &json, bool apart = false) {
  bool decodedApart = !apart;
  llvm::Expected<llvm::json::Value> fast =
      lsp::parseMessage(json, &decodedApart);
  EXPECT_EQ(decodedApart, apart) << json.substr(0, 200);
  llvm::Expected<llvm::json::Value> slow = llvm::json::parse(json);
  ASSERT_EQ(bool(fast), bool(slow)) << json.substr(0, 200);
  if (!fast) {
    EXPECT_EQ(llvm::toString(fast.takeError()),
              llvm::toString(slow.takeError()));
    return;
  }
  EXPECT_TRUE(*fast == *slow) << json.substr(0, 200);
}
} // namespace

TEST(Transport, ParseMessageIsJsonParse) {
  // The fast way: simple escapes, UTF-8, a \" run ending in backslashes.
  expectSameParse(
      didOpen(R"(func.func @f() {\n  %0 = \"x\\\\\" \/ \t\r\b\f é\n)"),
      /*apart=*/true);
  // What it leaves to llvm::json::parse: \u escapes (surrogates included),
  // control characters, invalid UTF-8, an invalid escape, a large key, the
  // placeholder already in the message, an unterminated text, garbage.
  expectSameParse(didOpen(R"(a\u00e9\ud83d\ude00b\n)"));
  expectSameParse(didOpen("a\tb"));
  expectSameParse(didOpen("a\xff\xfe"));
  expectSameParse(didOpen(R"(a\qb)"));
  std::string key = didOpen("k");
  key.replace(key.rfind("\"}}}"), 4, "\":1}}}");
  expectSameParse(key);
  expectSameParse(didOpen("x", R"("a":"\u0000ompx-text",)"));
  std::string cut = didOpen("x");
  expectSameParse(cut.substr(0, cut.size() - 4));
  expectSameParse(didOpen("x") + "]");
  // And a message with no large string.
  expectSameParse(R"({"jsonrpc":"2.0","id":1,"method":"shutdown"})");
  // The text arrives decoded, where it belongs.
  llvm::Expected<llvm::json::Value> v = lsp::parseMessage(didOpen(R"(a\"b\n)"));
  ASSERT_TRUE(bool(v));
  std::optional<llvm::StringRef> text = v->getAsObject()
                                            ->getObject("params")
                                            ->getObject("textDocument")
                                            ->getString("text");
  ASSERT_TRUE(text.has_value());
  EXPECT_TRUE(text->starts_with("a\"b\na\"b\n"));
}

namespace {
/// Raw bytes on stdin (Content-Length framing) through a connection with an
/// `echo` request; what the server wrote.
std::string framed(llvm::StringRef body);

std::string framedSession(const std::string &input) {
  std::string bytes =
      framed(R"({"jsonrpc":"2.0","id":0,"method":"initialize"})") + input;
  std::FILE *in = fmemopen(bytes.data(), bytes.size(), "r");
  std::string output;
  llvm::raw_string_ostream out(output);
  {
    lsp::Connection c(in, out, llvm::lsp::JSONStreamStyle::Standard, false);
    c.onRequest("initialize",
                [](llvm::json::Value, lsp::Reply r) { r(nullptr); });
    c.onRequest("echo", [](llvm::json::Value v, lsp::Reply r) { r(v); });
    c.run();
  }
  std::fclose(in);
  return output;
}

std::string framed(llvm::StringRef body) {
  return "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" +
         body.str();
}
} // namespace

TEST(Transport, IdsAreIntegersOrStrings) {
  // LSP: `id: integer | string`. 1e999 parsed to infinity was echoed as
  // the invalid JSON `inf`; fractions and numbers beyond 64 bits were
  // echoed too.
  for (const char *id : {"1e999", "1.5", "1.2e22", "-1e999", "true", "[1]",
                         "{\"a\":1}", "null"}) {
    std::string out = session(
        {std::string(R"({"jsonrpc":"2.0","id":)") + id +
         R"(,"method":"echo","params":1})"},
        [](lsp::Connection &c) {
          c.onRequest("echo", [](llvm::json::Value v, lsp::Reply r) { r(v); });
        });
    EXPECT_EQ(count(out, "inf"), 0u) << id << ": " << out;
    EXPECT_EQ(count(out, R"("id":null)"), 1u) << id << ": " << out;
    EXPECT_EQ(count(out, R"("code":-32600)"), 1u) << id << ": " << out;
    EXPECT_EQ(count(out, R"("result")"), 1u) << id << ": " << out; // initialize
  }
  for (const char *id : {"7", "-3", "\"a\"", "9007199254740993", "2.0"}) {
    std::string out = session(
        {std::string(R"({"jsonrpc":"2.0","id":)") + id +
         R"(,"method":"echo","params":1})"},
        [](lsp::Connection &c) {
          c.onRequest("echo", [](llvm::json::Value v, lsp::Reply r) { r(v); });
        });
    EXPECT_EQ(count(out, R"("result":1)"), 1u) << id << ": " << out;
  }
}

TEST(Transport, DifferingContentLengthsRefuseOneMessageOnly) {
  std::string first = R"({"jsonrpc":"2.0","id":1,"method":"echo","params":1})";
  std::string second = R"({"jsonrpc":"2.0","id":2,"method":"echo","params":2})";
  // The true length first, a larger one last: the last used to win and
  // swallow the next message.
  std::string out = framedSession(
      "Content-Length: " + std::to_string(first.size()) +
      "\r\nContent-Length: " + std::to_string(first.size() + second.size()) +
      "\r\n\r\n" + first + framed(second));
  EXPECT_EQ(count(out, "two different Content-Length headers"), 1u) << out;
  EXPECT_EQ(count(out, R"("result":1)"), 0u) << out;
  EXPECT_EQ(count(out, R"("result":2)"), 1u) << out;
  // The smaller one false: the message is refused, the junk after it is
  // skipped, and the next message is answered.
  out = framedSession(
      "Content-Length: 10\r\nContent-Length: " + std::to_string(first.size()) +
      "\r\n\r\n" + first + framed(second));
  EXPECT_EQ(count(out, "two different Content-Length headers"), 1u) << out;
  EXPECT_EQ(count(out, R"("result":2)"), 1u) << out;
  // The same length twice is one length.
  out = framedSession("Content-Length: " + std::to_string(first.size()) +
                      "\r\nContent-Length: " + std::to_string(first.size()) +
                      "\r\n\r\n" + first);
  EXPECT_EQ(count(out, R"("result":1)"), 1u) << out;
}

TEST(Transport, LargeStringsGoWhereTheyWereSent) {
  // A message's large string is decoded apart (parseMessage's `large`): a
  // handler that takes it gets it through takeLargeString, any other place
  // (a request's params, a notification that does not take it, an id) gets
  // it back in the value.
  std::string big(70000, 'x');
  big += R"(\"q\" \\ \n)";
  std::string decoded = std::string(70000, 'x') + "\"q\" \\ \n";
  std::string taken, kept, echoed;
  bool placeholder = false;
  std::string out = session(
      {R"({"jsonrpc":"2.0","method":"take","params":{"t":")" + big + R"("}})",
       R"({"jsonrpc":"2.0","method":"keep","params":{"t":")" + big + R"("}})",
       R"({"jsonrpc":"2.0","id":3,"method":"echo","params":{"t":")" + big +
           R"("}})",
       R"({"jsonrpc":"2.0","id":")" + big + R"(","method":"echo"})"},
      [&](lsp::Connection &c) {
        c.onNotification(
            "take",
            [&](llvm::json::Value v) {
              placeholder = v.getAsObject()->getString("t") ==
                            lsp::kLargeStringPlaceholder;
              taken = c.takeLargeString();
            },
            /*takesLargeString=*/true);
        c.onNotification("keep", [&](llvm::json::Value v) {
          kept = v.getAsObject()->getString("t").value_or("").str();
        });
        c.onRequest("echo", [&](llvm::json::Value v, lsp::Reply r) {
          if (const llvm::json::Object *o = v.getAsObject())
            echoed = o->getString("t").value_or("").str();
          r(nullptr);
        });
      });
  EXPECT_TRUE(placeholder) << out.substr(0, 600);
  EXPECT_EQ(taken, decoded);
  EXPECT_EQ(kept, decoded);
  EXPECT_EQ(echoed, decoded);
  // The large id is answered as sent.
  EXPECT_EQ(count(out, R"("id":")" + decoded.substr(0, 69990)), 1u);
  // And parseMessage alone: the value holds the placeholder, `large` the
  // decoded text.
  std::string large;
  llvm::Expected<llvm::json::Value> v = lsp::parseMessage(
      R"({"a":1,"t":")" + big + R"("})", nullptr, 1 << 16, &large);
  ASSERT_TRUE(bool(v));
  EXPECT_EQ(v->getAsObject()->getString("t"), lsp::kLargeStringPlaceholder);
  EXPECT_EQ(large, decoded);
}
