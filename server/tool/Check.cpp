//===- Check.cpp - `ompx-lsp --check FILE...` -----------------------------===//

#include "server/tool/Check.h"
#include "server/analysis/Bytecode.h"
#include "server/model/FortranInput.h"
#include "server/service/Bytecode.h"
#include "server/service/FortranDocuments.h"
#include "server/tool/VerifyExpected.h"
#include "support/FileRead.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"

#include <algorithm>
#include <array>
#include <mutex>
#include <optional>

using namespace ompx;
using llvm::StringRef;

namespace {
struct FileResult {
  std::string path;
  std::string text;
  std::string ioError;
  std::vector<Diagnostic> diagnostics;
  /// With --lowering: chunks the readiness check translated (the others
  /// did not verify, or hold ops no launch translates).
  std::optional<unsigned> lowered;
};
} // namespace

/// A Fortran source: emitted to HLFIR by `ompx-lsp emit` in a child (with
/// the project's flags and modules: emit reads compile_commands.json),
/// analyzed as MLIR, and each finding put at the Fortran line and column of
/// the op it is about (flang's locations); flang's own errors at theirs.
/// The editor's check of a Fortran document is the same (FortranDocuments).
static void checkFortran(WorkerPool &workers, FileResult &file,
                         const CheckOptions &options) {
  FortranCheckOptions check;
  check.emitCommand = {options.worker.command.front(), "emit"};
  check.compileCommands = options.compileCommands;
  FortranCheckResult result = checkFortranFile(workers, file.path, check);
  if (!result.error.empty()) {
    file.ioError = std::move(result.error);
    return;
  }
  file.text = std::move(result.text);
  file.diagnostics = std::move(result.diagnostics);
  if (options.worker.analyzer.lowering && result.mlir)
    file.lowered = result.lowered;
}

static void analyzeFile(WorkerPool &workers, FileResult &file,
                        const CheckOptions &options) {
  // A regular file of at most 1 GiB (or stdin): never a FIFO or a device.
  auto contents = readRegularFile(file.path);
  if (!contents) {
    file.ioError = llvm::toString(contents.takeError());
    return;
  }
  file.text = std::move(*contents);
  // Bytecode is checked in its text form (what the editor shows), converted
  // in a child process like the server does.
  if (isMLIRBytecode(file.text)) {
    auto text =
        convertBytecode(BytecodeDirection::ToText, file.text, file.path);
    if (!text) {
      file.ioError = llvm::toString(text.takeError());
      return;
    }
    file.text = std::move(*text);
  }
  StringRef text = file.text;
  if (hasFortranExtension(file.path) && !options.verifyExpected &&
      !options.worker.command.empty()) {
    checkFortran(workers, file, options);
    return;
  }
  // Fortran (by its content) given as MLIR by mistake: one diagnostic
  // saying what to run, not the MLIR parser's view of it.
  if (std::optional<Diagnostic> fortran =
          fortranInputDiagnostic(file.path, text)) {
    file.diagnostics.push_back(std::move(*fortran));
    return;
  }
  SplitResult split;
  if (options.split) {
    split = splitChunks(text);
  } else if (!text.empty()) {
    split.chunks.push_back({0, uint32_t(text.size())});
  }
  std::vector<unsigned> all;
  for (unsigned i = 0; i < split.chunks.size(); ++i)
    all.push_back(i);
  std::vector<ChunkAnalysis> analyses(split.chunks.size());
  workers.analyzeChunks(text, split.chunks, all,
                        [&](unsigned idx, ChunkAnalysis &&a) {
                          analyses[idx] = std::move(a);
                        });
  if (options.worker.analyzer.lowering) {
    file.lowered = 0;
    for (const ChunkAnalysis &a : analyses)
      *file.lowered += a.lowered;
  }
  if (options.verifyExpected) {
    file.diagnostics = verifyExpected(text, split.chunks, analyses);
    return;
  }
  for (uint32_t offset : split.nearMisses)
    file.diagnostics.push_back(nearMissDiagnostic(offset));
  for (ChunkAnalysis &a : analyses)
    for (Diagnostic &d : a.diagnostics)
      file.diagnostics.push_back(std::move(d));
  // What a launch would say comes after what the parser and verifiers say,
  // as the editor publishes it.
  std::stable_partition(
      file.diagnostics.begin(), file.diagnostics.end(),
      [](const Diagnostic &d) { return d.kind != DiagKind::Lowering; });
}

/// Prints the source line of `range` with a caret/tilde marker under it,
/// windowed for very long lines.
static void printSnippet(llvm::raw_ostream &os, StringRef text,
                         const LineTable &lines, TextRange range) {
  auto [line, col] = lines.toLineColumn(lines.characterStart(range.begin));
  uint32_t lineBegin = lines.compilerLineStart(line - 1);
  uint32_t lineEnd = text.find('\n', lineBegin);
  if (lineEnd == StringRef::npos)
    lineEnd = text.size();
  StringRef src = text.slice(lineBegin, lineEnd).rtrim("\r");
  uint32_t start = col - 1;
  uint32_t len = std::max<uint32_t>(
      1, std::min<uint32_t>(range.end, lineEnd) - std::min<uint32_t>(range.begin, lineEnd));
  constexpr uint32_t kWidth = 160;
  uint32_t from = 0;
  if (src.size() > kWidth && start > kWidth / 2)
    from = std::min<uint32_t>(start - kWidth / 2, src.size() - std::min<uint32_t>(src.size(), kWidth));
  StringRef shown = src.substr(from, kWidth);
  std::string prefix = from ? "..." : "";
  os << prefix;
  for (char c : shown)
    os << (c == '\t' || static_cast<unsigned char>(c) < 0x20 ? ' ' : c);
  if (from + kWidth < src.size())
    os << "...";
  os << "\n";
  os.indent(prefix.size() + (start >= from ? start - from : 0));
  os << "^";
  for (uint32_t i = 1; i < len && i < kWidth; ++i)
    os << "~";
  os << "\n";
}

static void printText(llvm::raw_ostream &os, const FileResult &file) {
  LineTable lines(file.text);
  for (const Diagnostic &d : file.diagnostics) {
    auto [line, col] = lines.toLineColumn(lines.characterStart(d.range.begin));
    os << file.path << ":" << line << ":" << col << ": "
       << severityName(d.severity) << ": " << d.message << "\n";
    printSnippet(os, file.text, lines, d.range);
    for (const DiagnosticNote &n : d.notes) {
      if (n.hasRange) {
        auto [nl, nc] =
            lines.toLineColumn(lines.characterStart(n.range.begin));
        os << file.path << ":" << nl << ":" << nc << ": note: " << n.message
           << "\n";
      } else {
        os << file.path << ": note: " << n.message << "\n";
      }
    }
  }
}

/// Compiler-style (line, byte column) of both ends, rounded outwards to whole
/// characters: an end column never points inside a UTF-8 sequence.
static std::array<uint32_t, 4> lineColumns(const LineTable &lines, TextRange r,
                                           bool nonEmpty) {
  uint32_t begin = lines.characterStart(r.begin);
  uint32_t end = std::max(begin, lines.characterEnd(r.end));
  if (nonEmpty && end == begin) // one whole character
    end = lines.characterEnd(begin + 1);
  auto [l1, c1] = lines.toLineColumn(begin);
  auto [l2, c2] = lines.toLineColumn(end);
  return {l1, c1, l2, c2};
}

static llvm::json::Object jsonRange(const LineTable &lines, TextRange r) {
  auto [l1, c1, l2, c2] = lineColumns(lines, r, /*nonEmpty=*/false);
  return llvm::json::Object{
      {"line", l1}, {"column", c1}, {"endLine", l2}, {"endColumn", c2}};
}

static llvm::json::Value toJson(const std::vector<FileResult> &files) {
  llvm::json::Array out;
  for (const FileResult &file : files) {
    LineTable lines(file.text);
    llvm::json::Array diags;
    for (const Diagnostic &d : file.diagnostics) {
      llvm::json::Object o = jsonRange(lines, d.range);
      o["severity"] = severityName(d.severity);
      o["code"] = diagKindName(d.kind);
      o["message"] = d.message;
      llvm::json::Array notes;
      for (const DiagnosticNote &n : d.notes) {
        llvm::json::Object no =
            n.hasRange ? jsonRange(lines, n.range) : llvm::json::Object{};
        no["message"] = n.message;
        notes.push_back(std::move(no));
      }
      o["notes"] = std::move(notes);
      diags.push_back(std::move(o));
    }
    llvm::json::Object f{{"file", file.path}, {"diagnostics", std::move(diags)}};
    if (!file.ioError.empty())
      f["error"] = file.ioError;
    if (file.lowered)
      f["loweredChunks"] = *file.lowered;
    out.push_back(std::move(f));
  }
  return llvm::json::Object{{"files", std::move(out)}};
}

/// Percent-encodes what a URI path may not hold as is.
static std::string uriPath(StringRef path) {
  std::string uri;
  for (char c : path) {
    if (isalnum(static_cast<unsigned char>(c)) ||
        StringRef("/-_.~").contains(c))
      uri += c;
    else {
      char buf[4];
      snprintf(buf, sizeof(buf), "%%%02X", static_cast<unsigned char>(c));
      uri += buf;
    }
  }
  return uri;
}

static std::string absolutePath(StringRef path) {
  llvm::SmallString<256> abs(path);
  (void)llvm::sys::fs::make_absolute(abs);
  llvm::sys::path::remove_dots(abs, /*remove_dot_dot=*/true);
  return std::string(abs);
}

/// SARIF artifact locations relative to `%SRCROOT%` (the --sarif-root, else
/// the current directory), as code scanning expects; a file outside the root
/// keeps its absolute file:// URI.
static const char *const kSarifRootId = "SRCROOT";

/// `root` ends with a slash.
static llvm::json::Object artifactLocation(StringRef path, StringRef root) {
  std::string abs = absolutePath(path);
  StringRef rel(abs);
  if (rel.consume_front(root) && !rel.empty())
    return llvm::json::Object{{"uri", uriPath(rel)},
                              {"uriBaseId", kSarifRootId}};
  return llvm::json::Object{{"uri", "file://" + uriPath(abs)}};
}

static llvm::json::Value toSarif(const std::vector<FileResult> &files,
                                 StringRef sarifRoot) {
  std::string root = absolutePath(sarifRoot.empty() ? "." : sarifRoot);
  if (!StringRef(root).ends_with("/"))
    root += '/';
  auto region = [](const LineTable &lines, TextRange r) {
    auto [l1, c1, l2, c2] = lineColumns(lines, r, /*nonEmpty=*/true);
    return llvm::json::Object{{"startLine", l1},
                              {"startColumn", c1},
                              {"endLine", l2},
                              {"endColumn", c2}};
  };
  llvm::json::Array results;
  for (const FileResult &file : files) {
    LineTable lines(file.text);
    llvm::json::Object artifact = artifactLocation(file.path, root);
    auto location = [&](TextRange r) {
      return llvm::json::Object{
          {"physicalLocation",
           llvm::json::Object{
               {"artifactLocation", llvm::json::Object(artifact)},
               {"region", region(lines, r)}}}};
    };
    for (const Diagnostic &d : file.diagnostics) {
      llvm::json::Array related;
      for (const DiagnosticNote &n : d.notes) {
        llvm::json::Object rel{
            {"message", llvm::json::Object{{"text", n.message}}}};
        if (n.hasRange)
          rel["physicalLocation"] =
              std::move(*location(n.range).getObject("physicalLocation"));
        related.push_back(std::move(rel));
      }
      StringRef level = d.severity == Severity::Error     ? "error"
                        : d.severity == Severity::Warning ? "warning"
                                                          : "note";
      llvm::json::Object result{
          {"ruleId", diagKindName(d.kind)},
          {"level", level},
          {"message", llvm::json::Object{{"text", d.message}}},
          {"locations", llvm::json::Array{location(d.range)}}};
      if (!related.empty())
        result["relatedLocations"] = std::move(related);
      results.push_back(std::move(result));
    }
  }
  llvm::json::Array rules;
  for (DiagKind k :
       {DiagKind::Parse, DiagKind::Verify, DiagKind::Crash, DiagKind::Limit,
        DiagKind::Split, DiagKind::Internal, DiagKind::Mapping,
        DiagKind::Lowering})
    rules.push_back(llvm::json::Object{{"id", diagKindName(k)}});
  return llvm::json::Object{
      {"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
      {"version", "2.1.0"},
      {"runs",
       llvm::json::Array{llvm::json::Object{
           {"tool",
            llvm::json::Object{
                {"driver",
                 llvm::json::Object{{"name", "ompx-lsp"},
                                    {"version", OMPX_VERSION},
                                    {"rules", std::move(rules)}}}}},
           {"originalUriBaseIds",
            llvm::json::Object{
                {kSarifRootId,
                 llvm::json::Object{{"uri", "file://" + uriPath(root)}}}}},
           {"results", std::move(results)}}}}};
}

int ompx::runCheck(llvm::ArrayRef<std::string> files,
                   const CheckOptions &checkOptions, llvm::raw_ostream &out,
                   llvm::raw_ostream &err) {
  CheckOptions options = checkOptions;
  if (options.verifyExpected) {
    options.worker.analyzer.verifyAfterRecovery = false;
    // mlir-opt --verify-diagnostics knows no mapping checks.
    options.worker.analyzer.mappingChecks = false;
  }
  std::vector<FileResult> results(files.size());
  for (size_t i = 0; i < files.size(); ++i)
    results[i].path = files[i];
  unsigned jobs = options.jobs ? options.jobs
                               : llvm::hardware_concurrency().compute_thread_count();
  jobs = std::max(1u, std::min<unsigned>(jobs, files.size()));
  WorkerPool workers(options.worker);
  workers.reserve(jobs);
  if (jobs == 1) {
    for (FileResult &file : results)
      analyzeFile(workers, file, options);
  } else {
    // Each thread drives a spawned worker process of its own and only waits
    // for it, so one thread per core keeps every core busy.
    llvm::DefaultThreadPool pool(llvm::hardware_concurrency(jobs));
    for (FileResult &file : results)
      pool.async([&workers, &file, &options] {
        analyzeFile(workers, file, options);
      });
    pool.wait();
  }

  bool ioError = false, anyDiag = false;
  for (const FileResult &file : results) {
    if (!file.ioError.empty()) {
      err << "ompx-lsp: error: cannot read '" << file.path
          << "': " << file.ioError << "\n";
      ioError = true;
    }
    for (const Diagnostic &d : file.diagnostics)
      anyDiag |= d.severity == Severity::Error || d.severity == Severity::Warning;
  }
  switch (options.format) {
  case OutputFormat::Text:
    for (const FileResult &file : results)
      printText(out, file);
    if (options.verifyExpected && !anyDiag && !ioError)
      out << "verified " << results.size() << " file(s): every expected "
          << "diagnostic was produced and no other\n";
    break;
  case OutputFormat::Json:
    out << llvm::formatv("{0:2}", toJson(results)) << "\n";
    break;
  case OutputFormat::Sarif:
    out << llvm::formatv("{0:2}", toSarif(results, options.sarifRoot)) << "\n";
    break;
  }
  out.flush();
  return ioError ? 2 : anyDiag ? 1 : 0;
}
