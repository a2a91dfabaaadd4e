//===- TextSyncTest.cpp - Exact text sync in every position encoding ------===//
//
// didChange edits as the server applies them (applyContentChanges) against
// an independent model that edits a vector of code points, plus the edge
// cases LSP 3.17 defines: line ends, clamping, characters never split, and
// impossible ranges rejected when parsed.
//
//===----------------------------------------------------------------------===//

#include "server/lsp/Protocol.h"
#include "server/syntax/Text.h"

#include "llvm/Support/ConvertUTF.h"

#include "gtest/gtest.h"

#include <random>
#include <string>
#include <vector>

using namespace ompx;

namespace {
constexpr PositionEncoding U8 = PositionEncoding::UTF8;
constexpr PositionEncoding U16 = PositionEncoding::UTF16;
constexpr PositionEncoding U32 = PositionEncoding::UTF32;

// "aé€𝔸b": é 2 bytes/1 unit, € 3 bytes/1 unit, 𝔸 4 bytes/2 units.
const std::string kMixed = "a\xC3\xA9\xE2\x82\xAC\xF0\x9D\x94\xB8"
                           "b";

ContentChange change(uint32_t l1, uint32_t c1, uint32_t l2, uint32_t c2,
                     std::string text) {
  return {LineRange{{l1, c1}, {l2, c2}}, std::move(text)};
}

std::string applied(std::string text, std::vector<ContentChange> changes,
                    PositionEncoding enc) {
  applyContentChanges(text, changes, enc);
  return text;
}
} // namespace

TEST(TextSync, ColumnsInEachEncoding) {
  LineTable lines(kMixed);
  // Offsets of a, é, €, 𝔸, b, end.
  const uint32_t offsets[] = {0, 1, 3, 6, 10, 11};
  const uint32_t u8[] = {0, 1, 3, 6, 10, 11};
  const uint32_t u16[] = {0, 1, 2, 3, 5, 6};
  const uint32_t u32[] = {0, 1, 2, 3, 4, 5};
  for (int i = 0; i < 6; ++i) {
    EXPECT_EQ(lines.toPosition(offsets[i], U8), (LinePosition{0, u8[i]}));
    EXPECT_EQ(lines.toPosition(offsets[i], U16), (LinePosition{0, u16[i]}));
    EXPECT_EQ(lines.toPosition(offsets[i], U32), (LinePosition{0, u32[i]}));
    EXPECT_EQ(lines.toOffset({0, u8[i]}, U8), offsets[i]);
    EXPECT_EQ(lines.toOffset({0, u16[i]}, U16), offsets[i]);
    EXPECT_EQ(lines.toOffset({0, u32[i]}, U32), offsets[i]);
  }
}

TEST(TextSync, PositionsInsideACharacterMoveToItsStart) {
  LineTable lines(kMixed);
  // Between the surrogates of 𝔸 (UTF-16 column 4), inside € (UTF-8 column 4
  // and 5), inside é.
  EXPECT_EQ(lines.toOffset({0, 4}, U16), 6u);
  EXPECT_EQ(lines.toOffset({0, 4}, U8), 3u);
  EXPECT_EQ(lines.toOffset({0, 5}, U8), 3u);
  EXPECT_EQ(lines.toOffset({0, 2}, U8), 1u);
  // Byte offsets inside a sequence report the character's start; range ends
  // round up to its end.
  EXPECT_EQ(lines.toPosition(8, U16), (LinePosition{0, 3}));
  EXPECT_EQ(lines.characterStart(8), 6u);
  EXPECT_EQ(lines.characterEnd(8), 10u);
  EXPECT_EQ(lines.characterEnd(6), 6u);
  EXPECT_EQ(lines.characterEnd(99), kMixed.size());
  llvm::lsp::Range r = lsp::toLSP(lines, TextRange{6, 7}, U16);
  EXPECT_EQ(r.start.character, 3);
  EXPECT_EQ(r.end.character, 5);
}

TEST(TextSync, EveryLineEndEndsALine) {
  std::string text = "a\r\nb\rc\nd";
  LineTable lines(text);
  EXPECT_EQ(lines.numLines(), 4u);
  EXPECT_EQ(lines.toOffset({1, 0}, U16), 3u);
  EXPECT_EQ(lines.toOffset({2, 0}, U16), 5u);
  EXPECT_EQ(lines.toOffset({3, 0}, U16), 7u);
  // A column past the end stops before the line break, \r\n included.
  EXPECT_EQ(lines.toOffset({0, 5}, U16), 1u);
  EXPECT_EQ(lines.toOffset({1, 5}, U16), 4u);
  // The middle of \r\n is the line's end.
  EXPECT_EQ(lines.toPosition(2, U16), (LinePosition{0, 1}));
  // Compilers count lines by '\n' only: "b\rc" is their line 2.
  EXPECT_EQ(lines.toLineColumn(5), (std::pair<uint32_t, uint32_t>{2, 3}));
  EXPECT_EQ(lines.compilerLineStart(2), 7u);
  EXPECT_EQ(lines.lineOf(5), 2u);
}

TEST(TextSync, IssueCases) {
  // Replacing i32 by i64 after an é (UTF-16 columns 18..21).
  std::string text = "%x = \"\xC3\xA9\" : i32 ; i32\n";
  EXPECT_EQ(applied(text, {change(0, 11, 0, 14, "i64")}, U16),
            "%x = \"\xC3\xA9\" : i64 ; i32\n");
  // After an emoji (2 UTF-16 units, 1 UTF-32 unit, 4 bytes).
  std::string emoji = "\"\xF0\x9F\x98\x80\" i32\n";
  EXPECT_EQ(applied(emoji, {change(0, 5, 0, 8, "i64")}, U16),
            "\"\xF0\x9F\x98\x80\" i64\n");
  EXPECT_EQ(applied(emoji, {change(0, 4, 0, 7, "i64")}, U32),
            "\"\xF0\x9F\x98\x80\" i64\n");
  EXPECT_EQ(applied(emoji, {change(0, 7, 0, 10, "i64")}, U8),
            "\"\xF0\x9F\x98\x80\" i64\n");
}

TEST(TextSync, OutOfRangePositionsClamp) {
  std::string text = "ab\ncd";
  // Past a line's end: the line's end; past the last line: the text's end.
  EXPECT_EQ(applied(text, {change(0, 9, 0, 99, "X")}, U16), "abX\ncd");
  EXPECT_EQ(applied(text, {change(7, 0, 9, 0, "X")}, U16), "ab\ncdX");
  EXPECT_EQ(applied(text, {change(1, 1, 99, 99, "")}, U16), "ab\nc");
  // Edits apply in order, each against the previous result; the byte edits
  // come back for whoever tracks offsets.
  std::string t = "abc";
  std::vector<TextEdit> edits = applyContentChanges(
      t, {change(0, 0, 0, 1, ""), change(0, 2, 0, 2, "!"), {std::nullopt, "z"}},
      U16);
  EXPECT_EQ(t, "z");
  ASSERT_EQ(edits.size(), 3u);
  EXPECT_EQ(edits[1].range, (TextRange{2, 2}));
  EXPECT_EQ(edits[2].range, (TextRange{0, 3}));
}

static std::string parseError(llvm::StringRef json) {
  llvm::Expected<llvm::json::Value> v = llvm::json::parse(json);
  EXPECT_TRUE(bool(v));
  if (!v) {
    llvm::consumeError(v.takeError());
    return "bad test JSON";
  }
  lsp::DidChangeParams params;
  llvm::json::Path::Root root;
  if (lsp::fromJSON(*v, params, root))
    return "";
  return llvm::toString(root.getError());
}

TEST(TextSync, ImpossibleRangesAreRejectedWhenParsed) {
  auto params = [](const char *start, const char *end) {
    return std::string(R"({"textDocument":{"uri":"t","version":2},)"
                       R"("contentChanges":[{"text":"x","range":{"start":)") +
           start + R"(,"end":)" + end + "}}]}";
  };
  EXPECT_EQ(parseError(params(R"({"line":0,"character":1})",
                              R"({"line":0,"character":2})")),
            "");
  EXPECT_NE(parseError(params(R"({"line":-1,"character":0})",
                              R"({"line":0,"character":2})")),
            "");
  EXPECT_NE(parseError(params(R"({"line":0,"character":0})",
                              R"({"line":4294967296,"character":2})")),
            "");
  EXPECT_NE(parseError(params(R"({"line":0,"character":1.5})",
                              R"({"line":0,"character":2})")),
            "");
  EXPECT_NE(parseError(params(R"({"line":0,"character":3})",
                              R"({"line":0,"character":2})")),
            "")
      << "start after end";
  EXPECT_NE(parseError(params(R"({"line":2,"character":0})",
                              R"({"line":1,"character":9})")),
            "");
  // The largest 32-bit values are valid positions (clamped when applied).
  EXPECT_EQ(parseError(params(R"({"line":4294967295,"character":0})",
                              R"({"line":4294967295,"character":4294967295})")),
            "");
}

//===----------------------------------------------------------------------===//
// Property: random edit sequences against a code-point model
//===----------------------------------------------------------------------===//

namespace {
/// The reference: a document as code points, lines and columns computed
/// from the LSP 3.17 definitions directly (no LineTable).
struct Model {
  std::u32string text;

  static unsigned width(char32_t c, PositionEncoding enc) {
    switch (enc) {
    case PositionEncoding::UTF8:
      return c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
    case PositionEncoding::UTF16:
      return c < 0x10000 ? 1 : 2;
    case PositionEncoding::UTF32:
      return 1;
    }
    return 1;
  }

  /// Code-point index of `pos`.
  size_t index(LinePosition pos, PositionEncoding enc) const {
    size_t i = 0;
    for (uint32_t line = 0; line < pos.line; ++line) {
      while (i < text.size() && text[i] != U'\n' && text[i] != U'\r')
        ++i;
      if (i == text.size())
        return i; // past the last line
      i += text[i] == U'\r' && i + 1 < text.size() && text[i + 1] == U'\n' ? 2
                                                                           : 1;
    }
    uint64_t units = 0;
    while (i < text.size() && text[i] != U'\n' && text[i] != U'\r') {
      units += width(text[i], enc);
      if (units > pos.character)
        break;
      ++i;
    }
    return i;
  }

  void apply(const ContentChange &c, const std::u32string &newText,
             PositionEncoding enc) {
    if (!c.range) {
      text = newText;
      return;
    }
    size_t b = index(c.range->start, enc), e = index(c.range->end, enc);
    text.replace(b, std::max(b, e) - b, newText);
  }

  uint32_t numLines() const {
    uint32_t n = 1;
    for (size_t i = 0; i < text.size(); ++i)
      if (text[i] == U'\n' ||
          (text[i] == U'\r' && (i + 1 == text.size() || text[i + 1] != U'\n')))
        ++n;
    return n;
  }
};

std::string toUTF8(const std::u32string &s) {
  std::string out;
  for (char32_t c : s) {
    char buf[UNI_MAX_UTF8_BYTES_PER_CODE_POINT];
    char *p = buf;
    EXPECT_TRUE(llvm::ConvertCodePointToUTF8(c, p));
    out.append(buf, p);
  }
  return out;
}

char32_t randomCodePoint(std::mt19937 &rng) {
  static const char32_t common[] = {
      U'a', U'x',   U' ',    U'\n',   U'\r',    U'\r',  U'\n', U'%',
      0xE9, 0x20AC, 0x1D538, 0x1F600, 0x10FFFF, 0xFFFF, 0x7FF, 0x800};
  switch (rng() % 3) {
  case 0: { // any scalar value, surrogates excluded
    char32_t c = rng() % 0x110000;
    return c >= 0xD800 && c <= 0xDFFF ? char32_t(0x10000 + c) : c;
  }
  default:
    return common[rng() % std::size(common)];
  }
}

std::u32string randomText(std::mt19937 &rng, size_t maxLength) {
  std::u32string s;
  for (size_t n = rng() % (maxLength + 1); n; --n)
    s.push_back(randomCodePoint(rng));
  return s;
}
} // namespace

TEST(TextSync, RandomEditSequencesMatchACodePointModel) {
  for (PositionEncoding enc : {U8, U16, U32}) {
    for (unsigned seed = 0; seed < 300; ++seed) {
      std::mt19937 rng(seed);
      Model model{randomText(rng, 40)};
      std::string text = toUTF8(model.text);
      for (int step = 0; step < 40; ++step) {
        ContentChange c;
        std::u32string newText = randomText(rng, 6);
        c.text = toUTF8(newText);
        if (rng() % 25) {
          // Lines and columns a little past the ends too, to clamp.
          auto pos = [&] {
            return LinePosition{uint32_t(rng() % (model.numLines() + 2)),
                                uint32_t(rng() % 16)};
          };
          LinePosition a = pos(), b = pos();
          if (std::pair(b.line, b.character) < std::pair(a.line, a.character))
            std::swap(a, b);
          c.range = LineRange{a, b};
        }
        std::vector<TextEdit> edits = applyContentChanges(text, {c}, enc);
        model.apply(c, newText, enc);
        ASSERT_EQ(text, toUTF8(model.text))
            << "encoding " << encodingName(enc).str() << ", seed " << seed
            << ", step " << step;
        ASSERT_EQ(edits.size(), 1u);
        ASSERT_EQ(edits[0].newText, c.text);
      }
    }
  }
}
