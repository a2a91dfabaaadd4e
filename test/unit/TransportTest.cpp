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
  std::string deep = R"({"p":)" + std::string(50000, '[') +
                     std::string(50000, ']') + R"(, "id": 7})";
  EXPECT_EQ(id(deep), "7"); // after a deep member: found all the same
}
