//===- CrashSite.cpp - Which op a worker crashed on -----------------------===//

#include "server/worker/CrashSite.h"
#include "server/syntax/Lexer.h"
#include "support/Subprocess.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/Support/Regex.h"

#include <cctype>
#include <vector>

using namespace ompx;
using llvm::StringRef;

CrashSite ompx::crashSiteFromFrames(
    llvm::function_ref<std::string(StringRef)> opNameForClass,
    const Breadcrumbs &crumbs) {
  static const llvm::Regex opFrame(
      "([A-Za-z0-9_]+)::([A-Za-z0-9_]+Op)::([A-Za-z0-9_]+)\\(");
  for (unsigned i = 0; i < crumbs.numFrames; ++i) {
    std::string demangled = llvm::demangle(crumbs.frames[i]);
    llvm::SmallVector<StringRef> m;
    if (!opFrame.match(demangled, &m))
      continue;
    std::string name = opNameForClass((llvm::Twine(m[1]) + "::" + m[2]).str());
    if (!name.empty())
      return {name, m[3].str()};
  }
  return {};
}

std::string ompx::firstErrorLine(StringRef tail) {
  llvm::SmallVector<StringRef> lines;
  tail.split(lines, '\n');
  for (StringRef line : lines) {
    line = line.trim();
    if (line.empty() || line.starts_with("PLEASE ") ||
        line.starts_with("Stack dump") || line.starts_with("#") ||
        line.starts_with("0."))
      continue;
    return line.take_front(300).str();
  }
  return "";
}

std::optional<uint32_t> ompx::crashOffset(StringRef chunkText, CrashSite &site,
                                          const Breadcrumbs &crumbs,
                                          std::optional<uint32_t> verifiedAt) {
  std::optional<uint32_t> at = verifiedAt;
  if (at && site.opName.empty()) {
    // The frames did not name the op (inlined or stripped), but the
    // breadcrumb points at its name.
    TextRange name = tokenRangeAt(chunkText, *at);
    site.opName = chunkText.slice(name.begin, name.end).trim('"').str();
  }
  if (!at && !site.opName.empty()) {
    std::vector<uint32_t> tokens = findOpNameTokens(chunkText, site.opName);
    uint32_t progress = crumbs.parseProgress == ~0u ? 0 : crumbs.parseProgress;
    for (uint32_t t : tokens)
      if (t >= progress) {
        at = t;
        break;
      }
    if (!at && !tokens.empty())
      at = tokens.back();
  }
  if (!at && crumbs.parseProgress != ~0u) {
    uint32_t p = crumbs.parseProgress;
    while (p < chunkText.size() &&
           isspace(static_cast<unsigned char>(chunkText[p])))
      ++p;
    at = p;
  }
  return at;
}

Diagnostic ompx::crashDiagnostic(StringRef chunkText, ChunkSpan span,
                                 const CrashSite &site, Phase phase, int sig,
                                 std::optional<uint32_t> at,
                                 StringRef stderrTail) {
  Diagnostic d;
  d.kind = DiagKind::Crash;
  std::string what = phase == Phase::Parse    ? "parser"
                     : phase == Phase::Verify ? "verifier"
                                              : "analysis";
  d.message =
      "MLIR crashed (" + (sig ? ExitStatus::signalName(sig) : "abnormal exit") +
      ") in the " + what +
      (site.opName.empty() ? " of this chunk" : " of '" + site.opName + "'") +
      "; this is a bug in LLVM/MLIR 22, contained by ompx: the "
      "enclosing op is skipped and the rest of the chunk is "
      "analyzed without it";
  TextRange rel = at ? tokenRangeAt(chunkText, *at) : TextRange{0, 0};
  d.range = {rel.begin + span.begin, rel.end + span.begin};
  d.anchor = d.range.begin;
  std::string detail = firstErrorLine(stderrTail);
  if (!detail.empty())
    d.notes.push_back({{}, false, "MLIR printed: " + detail});
  return d;
}

Diagnostic ompx::loweringCrashDiagnostic(StringRef chunkText, ChunkSpan span,
                                         const CrashSite &site, int sig,
                                         StringRef stderrTail) {
  std::optional<uint32_t> at;
  if (!site.opName.empty()) {
    std::vector<uint32_t> tokens = findOpNameTokens(chunkText, site.opName);
    if (!tokens.empty())
      at = tokens.front();
  }
  if (!at) {
    // No op in the frames (report_fatal_error deep in LLVM): the
    // chunk's first token, its module or first op.
    Token first = Lexer(chunkText).next();
    at = first.is(TokenKind::Eof) ? 0 : first.range.begin;
  }
  Diagnostic d;
  d.kind = DiagKind::Lowering;
  d.message = "LLVM crashed (" +
              (sig ? ExitStatus::signalName(sig) : "abnormal exit") +
              ") translating " +
              (site.opName.empty() ? "this chunk" : "'" + site.opName + "'") +
              " to LLVM IR, as a launch would; this is a bug in LLVM/MLIR 22, "
              "contained by ompx (the parse and verify results stand)";
  TextRange rel = tokenRangeAt(chunkText, *at);
  d.range = {rel.begin + span.begin, rel.end + span.begin};
  d.anchor = d.range.begin;
  std::string detail = firstErrorLine(stderrTail);
  if (!detail.empty())
    d.notes.push_back({{}, false, "LLVM printed: " + detail});
  return d;
}
