//===- Analysis.cpp - Fuzz target: whole-document analysis in process ----===//
//
// The input is an MLIR document. Each `// -----` chunk is analyzed in this
// process (every dialect registered, as in a worker; on a big-stack thread
// like the worker's), then the analysis goes through the worker's wire
// format and back, and the features run on the snapshot: documentSymbol,
// inlay hints, quick fixes and semantic tokens over the whole text, and hover
// (rendered), definition, references, completion, highlights and rename at
// offsets spread over the text.
// Oracles: no crash or sanitizer report, every range the analysis or a feature
// returns lies inside the document (the server turns them into positions), and
// the serialized analysis reads back to the same bytes.
//
// MLIR 22 itself aborts or crashes on some inputs (the worker process
// contains that in the server); scripts/fuzz.sh runs this target with
// -fork so that such a crash is saved and the run goes on.
//
//===----------------------------------------------------------------------===//

#include "fuzz/FuzzTargets.h"

#include "server/analysis/ChunkAnalyzer.h"
#include "server/features/CodeActions.h"
#include "server/features/Completion.h"
#include "server/features/DocumentSymbols.h"
#include "server/features/Highlight.h"
#include "server/features/Hover.h"
#include "server/features/InlayHints.h"
#include "server/features/Navigation.h"
#include "server/features/Rename.h"
#include "server/features/SemanticTokens.h"
#include "server/model/Serialize.h"
#include "server/model/Snapshot.h"
#include "server/syntax/Lexer.h"

#include "llvm/Support/thread.h"

#include <algorithm>
#include <memory>

using namespace ompx;
using fuzz::check;

static void checkRange(TextRange r, size_t size, const char *what) {
  check(r.begin <= r.end && r.end <= size, what);
}

static void checkOutline(const std::vector<OutlineSymbol> &symbols,
                         size_t size) {
  for (const OutlineSymbol &s : symbols) {
    checkRange(s.range, size, "documentSymbol: range outside the text");
    checkRange(s.selection, size, "documentSymbol: selection outside");
    checkOutline(s.children, size);
  }
}

static void checkAnalysis(const ChunkAnalysis &a, size_t size) {
  for (const Diagnostic &d : a.diagnostics) {
    checkRange(d.range, size, "analysis: diagnostic outside the text");
    for (const DiagnosticNote &n : d.notes)
      if (n.hasRange)
        checkRange(n.range, size, "analysis: note outside the text");
    // A quick fix edits the text it was computed on (the mapping checks).
    for (const DiagnosticFix &fix : d.fixes)
      for (const TextEdit &e : fix.edits)
        checkRange(e.range, size, "analysis: fix edit outside the text");
  }
  for (const OpRecord &op : a.ops) {
    checkRange(op.nameRange, size, "analysis: op name outside the text");
    checkRange(op.fullRange, size, "analysis: op outside the text");
  }
  for (const ValueRecord &v : a.values) {
    checkRange(v.def, size, "analysis: value outside the text");
    for (TextRange u : a[v.uses])
      checkRange(u, size, "analysis: value use outside the text");
  }
  for (const BlockRecord &b : a.blocks) {
    checkRange(b.def, size, "analysis: block outside the text");
    for (TextRange u : a[b.uses])
      checkRange(u, size, "analysis: block use outside the text");
  }
  for (const SymbolUse &s : a.symbolUses)
    checkRange(s.range, size, "analysis: symbol use outside the text");
  // What a worker sends is what the server reads.
  std::string wire, again;
  serialize(a, wire);
  ChunkAnalysis back;
  check(deserialize(wire, back), "serialize: cannot read its own output");
  serialize(back, again);
  check(wire == again, "serialize: round trip changed the analysis");
}

int fuzz::analysis(const uint8_t *data, size_t size) {
  // One context for all inputs, renewed now and then: it keeps every type
  // and attribute it ever uniqued.
  static std::unique_ptr<AnalysisEngine> engine;
  static unsigned inputs = 0;
  if (!engine || ++inputs % 5000 == 0)
    engine = std::make_unique<AnalysisEngine>();

  Snapshot s;
  s.uri = "file:///fuzz.mlir";
  s.text =
      SharedText::make(std::string(reinterpret_cast<const char *>(data), size));
  s.lines = std::make_shared<const LineTable>(s.str());
  s.chunks = splitChunks(s.str()).chunks;
  // The worker's analysis thread has a 1 GiB stack for the default depth
  // limit (4000); a quarter of it is plenty for inputs of fuzzing size.
  llvm::thread analysisThread(std::optional<unsigned>(256u << 20), [&] {
    for (const ChunkSpan &span : s.chunks)
      s.analyses.push_back(std::make_shared<const ChunkAnalysis>(
          analyzeChunk(engine->context(), *s.text, span, AnalyzerOptions())));
  });
  analysisThread.join();
  for (const auto &a : s.analyses)
    checkAnalysis(*a, size);

  checkOutline(documentSymbols(s), size);
  for (const QuickFix &f : quickFixes(s, TextRange{0, uint32_t(size)}))
    check(!f.fix.edits.empty(), "quickFixes: a fix without edits");
  for (const InlayHint &h : inlayHints(s, TextRange{0, uint32_t(size)}))
    check(h.offset <= size, "inlayHints: offset outside the text");
  // Semantic tokens: in order, disjoint, each within one line of the text.
  std::vector<SemanticToken> semantic =
      semanticTokens(s, TextRange{0, uint32_t(size)});
  for (size_t i = 0; i < semantic.size(); ++i) {
    const TextRange &r = semantic[i].range;
    checkRange(r, size, "semanticTokens: range outside the text");
    check(r.begin < r.end, "semanticTokens: an empty token");
    check(i == 0 || semantic[i - 1].range.end <= r.begin,
          "semanticTokens: tokens overlap or are out of order");
    check(s.str().slice(r.begin, r.end).find('\n') == llvm::StringRef::npos,
          "semanticTokens: a token spans a line break");
  }

  // Token middles, evenly spread (about 48), and the end of the text.
  std::vector<uint32_t> tokens, offsets;
  Lexer lexer(*s.text);
  for (Token t = lexer.next(); !t.is(TokenKind::Eof); t = lexer.next())
    tokens.push_back(t.range.begin + (t.range.end - t.range.begin) / 2);
  size_t step = std::max<size_t>(1, tokens.size() / 48);
  for (size_t i = 0; i < tokens.size(); i += step)
    offsets.push_back(tokens[i]);
  offsets.push_back(size);
  for (uint32_t o : offsets) {
    if (std::optional<HoverInfo> h = hover(s, o)) {
      checkRange(h->range, size, "hover: range outside the text");
      (void)renderHover(*h);
    }
    for (TextRange r : definition(s, o))
      checkRange(r, size, "definition: range outside the text");
    for (TextRange r : references(s, o, /*includeDeclaration=*/true))
      checkRange(r, size, "references: range outside the text");
    (void)complete(s, o);
    for (const Highlight &h : documentHighlights(s, o))
      checkRange(h.range, size, "documentHighlight: range outside the text");
    RenameTarget target = prepareRename(s, o);
    if (target.error.empty()) {
      checkRange(target.range, size, "prepareRename: range outside the text");
      RenameResult renamed = rename(s, o, "fuzz_name");
      for (size_t i = 0; i < renamed.edits.size(); ++i) {
        checkRange(renamed.edits[i].range, size,
                   "rename: edit outside the text");
        check(i == 0 || renamed.edits[i - 1].range.end <=
                            renamed.edits[i].range.begin,
              "rename: edits overlap");
      }
    }
  }
  return 0;
}
