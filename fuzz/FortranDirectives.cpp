//===- FortranDirectives.cpp - Fuzz target: Fortran directive hover -------===//
//
// The input is a position (its first two bytes, little-endian) and a Fortran
// document (the rest). The document goes through what the server does with
// a Fortran file's text once flang-22's MLIR of it is analyzed: the directive
// hover (directive lines, continuations, designators, the ops of the line)
// at that position and at offsets spread over the text, the findings moved
// onto the text, the text read as flang's messages about it, and its include
// lines as emit finds them before flang runs (Includes.h), and the scan
// ompx-flang makes of a source to pick the units ompx builds (its directive
// statements, continuations joined; sourceNeedsOmpx; its statements for
// named data, mayDefineNamedData; the modules it defines and uses; the
// offload directive its flags make a comment, commentedOffload) and the
// reduction items it and emit refuse (elementReductions), and the
// common-block clauses they refuse (commonBlockRefusals). The MLIR is fixed
// (written below, analyzed once): no flang, no emit.
// Oracles: no crash or sanitizer report; every range lies inside the
// document; a hover holds its position, names an omp/acc op of the
// document's file (never one of inc/x.f90, a file of the same name in
// another folder) and an MLIR line that exists; a source without a
// directive sentinel needs nothing of ompx; a refused
// reduction item is an element or section found where it says; a module
// scanned is one the text spells.
//
//===----------------------------------------------------------------------===//

#include "fuzz/FuzzTargets.h"

#include "pipeline/compile/DeclareRecords.h"
#include "pipeline/compile/DirectiveScan.h"
#include "pipeline/compile/Includes.h"
#include "pipeline/compile/ModuleCache.h"
#include "pipeline/compile/Preprocessed.h"
#include "pipeline/driver/FlangDriver.h"
#include "server/analysis/ChunkAnalyzer.h"
#include "server/features/FortranDirectives.h"
#include "server/model/Snapshot.h"
#include "server/syntax/Text.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"

#include <algorithm>
#include <functional>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

using namespace ompx;
using fuzz::check;

static constexpr const char *kPath = "/fuzz/src/x.f90";

// What flang-22 might make of a file with directives on lines 1-5: a
// target with two maps (line 1), an acc parallel with a copyin (line 3),
// a parallel (line 5); and a teams from line 4 of inc/x.f90.
static constexpr const char *kMlir = R"(module {
  func.func @_QPs(%a: memref<?xi32>, %b: memref<f32>) {
    %m = omp.map.info var_ptr(%a : memref<?xi32>, tensor<?xi32>) map_clauses(tofrom) capture(ByRef) -> memref<?xi32> {name = "a"} loc("src/x.f90":2:11)
    %n = omp.map.info var_ptr(%b : memref<f32>, f32) map_clauses(to) capture(ByRef) -> memref<f32> {name = "t%x"} loc("../src/x.f90":1:22)
    omp.target map_entries(%m -> %arg0, %n -> %arg1 : memref<?xi32>, memref<f32>) {
      omp.teams {
        omp.terminator loc("inc/x.f90":4:9)
      } loc("inc/x.f90":4:9)
      omp.terminator loc("src/x.f90":1:9)
    } loc("src/x.f90":1:9)
    %c = acc.copyin varPtr(%b : memref<f32>) -> memref<f32> {name = "b"} loc("src/x.f90":3:20)
    acc.parallel dataOperands(%c : memref<f32>) {
      acc.yield loc("src/x.f90":3:9)
    } loc("src/x.f90":3:9)
    omp.parallel {
      omp.terminator loc("./x.f90":5:9)
    } loc("./x.f90":5:9)
    return
  }
}
)";

/// The analyzed MLIR, with a finding on the map entry of `a`.
static const Snapshot &mlirSnapshot() {
  static const Snapshot snapshot = [] {
    AnalysisEngine engine;
    Snapshot s;
    s.uri = "file:///fuzz/x.hlfir.mlir";
    s.text = SharedText::make(kMlir);
    s.lines = std::make_shared<const LineTable>(*s.text);
    s.chunks = {{0, uint32_t(s.text->size())}};
    ChunkAnalysis a =
        analyzeChunk(engine.context(), *s.text, s.chunks[0], AnalyzerOptions());
    Diagnostic d;
    d.message = "a finding";
    d.range.begin = uint32_t(s.str().find("omp.map.info"));
    d.range.end = d.range.begin + 12;
    a.diagnostics.push_back(d);
    s.analyses.push_back(std::make_shared<const ChunkAnalysis>(std::move(a)));
    return s;
  }();
  return snapshot;
}

static void checkRange(TextRange r, size_t size, const char *what) {
  check(r.begin <= r.end && r.end <= size, what);
}

/// The oracles cannot pass on a dead feature: a clause variable of line 1
/// (named `../src/x.f90` by its map) is hovered as its map.
static void checkAlive(const Snapshot &mlir) {
  llvm::StringRef text = "!$omp target map(to: t%x)\n";
  std::optional<DirectiveHover> h =
      directiveHover(mlir, text, kPath, uint32_t(text.find("t%x")));
  check(h && h->directive == "omp.target" && h->variable == "t%x",
        "directiveHover: the fixed MLIR's map of t%x is not found");
}

int fuzz::fortranDirectives(const uint8_t *data, size_t size) {
  const Snapshot &mlir = mlirSnapshot();
  static bool alive = (checkAlive(mlir), true);
  (void)alive;
  if (size < 2)
    return 0;
  uint32_t position = data[0] | uint32_t(data[1]) << 8;
  llvm::StringRef text(reinterpret_cast<const char *>(data) + 2, size - 2);
  uint32_t mlirLines = mlir.lines->toLineColumn(mlir.text->size()).first;

  std::vector<uint32_t> offsets{position};
  for (uint32_t i = 0; i <= 16; ++i)
    offsets.push_back(uint32_t(text.size() * i / 16));
  for (uint32_t o : offsets) {
    std::optional<DirectiveHover> h = directiveHover(mlir, text, kPath, o);
    if (!h)
      continue;
    uint32_t at = std::min<uint32_t>(o, text.size());
    checkRange(h->range, text.size(), "directiveHover: range outside");
    check(h->range.begin <= at && at <= h->range.end,
          "directiveHover: the range does not hold the position");
    llvm::StringRef op = h->directive;
    check(op.starts_with("omp.") || op.starts_with("acc."),
          "directiveHover: not an omp/acc op");
    check(op != "omp.teams", "directiveHover: an op of another file");
    check(h->mlirLine >= 1 && h->mlirLine <= mlirLines,
          "directiveHover: no such MLIR line");
    check(!renderDirectiveHover(*h).empty(), "directiveHover: no markdown");
  }

  for (const Diagnostic &d : fortranFindings(*mlir.analyses[0], text, kPath))
    checkRange(d.range, text.size(), "fortranFindings: range outside");
  // The text as flang's messages about itself (`x.f90:L:C: error: ...`).
  for (const Diagnostic &d : flangDiagnostics(text, text, kPath)) {
    checkRange(d.range, text.size(), "flangDiagnostics: range outside");
    for (const DiagnosticNote &n : d.notes)
      checkRange(n.range, text.size(), "flangDiagnostics: note outside");
  }
  // The text's include lines (what emit follows before flang reads them):
  // each on a line of the text, its name written on that line.
  llvm::SmallVector<llvm::StringRef> lines;
  llvm::StringRef(text).split(lines, '\n');
  for (const pipeline::IncludeLine &inc : pipeline::includeLines(text)) {
    check(inc.line >= 1 && inc.line <= lines.size(),
          "includeLines: no such line");
    llvm::StringRef line = lines[inc.line - 1];
    check(inc.column >= 1 && inc.column <= line.size(),
          "includeLines: column outside its line");
    check(line.contains(inc.name), "includeLines: a name not on its line");
  }
  // The declare target BLOCK DATA marking, the text as both the source and
  // the MLIR: a line for each line, and no change where nothing is marked.
  std::vector<std::string> marked;
  std::string withTargets =
      pipeline::markBlockDataDeclareTarget(text, text, marked);
  check(llvm::count(withTargets, '\n') == llvm::count(text, '\n'),
        "markBlockDataDeclareTarget: a line added or lost");
  check(!marked.empty() || withTargets == text,
        "markBlockDataDeclareTarget: a change without a mark");
  // Which units ompx-flang builds through ompx.
  pipeline::OmpxNeeds needs = pipeline::sourceNeedsOmpx(text, true);
  std::string lower = text.lower();
  if (llvm::StringRef(lower).find("$omp") == llvm::StringRef::npos &&
      llvm::StringRef(lower).find("$acc") == llvm::StringRef::npos)
    check(!needs.offload && !needs.hostFixes,
          "sourceNeedsOmpx: a source without directives needs ompx");
  // Which directive-free units ompx-flang builds for the device too (their
  // statements, both source forms): never one without the words it needs.
  // The scan reads statements without their blanks (`block data`, fixed
  // form's `b ind(c)`), continuation lines joined (`block d&` / `&ata`).
  std::string squeezed;
  llvm::copy_if(lower, std::back_inserter(squeezed),
                [](char c) { return !llvm::is_contained(" \t\r\n&", c); });
  for (bool fixedForm : {false, true}) {
    bool named = pipeline::mayDefineNamedData(text, fixedForm);
    llvm::StringRef words = squeezed;
    if (!words.contains("data") && !words.contains("bind") &&
        !words.contains("parameter"))
      check(!named, "mayDefineNamedData: named data without its words");
  }
  // The reduction items emit and ompx-flang refuse: each an array element
  // or section on a line of the text (at its column when found there), and
  // none in a text without an OpenMP sentinel.
  for (const pipeline::ElementReduction &r :
       pipeline::elementReductions(text)) {
    check(llvm::StringRef(lower).contains("$omp"),
          "elementReductions: an item without a directive");
    check(r.line >= 1 && r.line <= lines.size(),
          "elementReductions: no such line");
    check(llvm::StringRef(r.item).contains('(') && !r.array.empty(),
          "elementReductions: an item that is no element");
    if (r.column)
      check(llvm::StringRef(lines[r.line - 1].lower())
                .substr(r.column - 1)
                .starts_with(r.item),
            "elementReductions: the item is not at its column");
    check(!r.message().empty(), "elementReductions: no message");
  }
  // The `loop bind(thread)` lines ompx checks: lines of the text that open
  // an OpenMP directive.
  for (unsigned line : pipeline::threadBoundLoopLines(text))
    check(line >= 1 && line <= lines.size() &&
              pipeline::isDirective(lines[line - 1], "omp"),
          "threadBoundLoopLines: not a directive line");
  // The common-block clauses ompx refuses: each at a line of the text, in
  // a text with an OpenMP sentinel, naming a common block.
  for (const pipeline::SourceRefusal &r : pipeline::commonBlockRefusals(text)) {
    check(llvm::StringRef(lower).contains("$omp"),
          "commonBlockRefusals: a refusal without a directive");
    check(r.line >= 1 && r.line <= lines.size() && r.column >= 1 &&
              r.column <= lines[r.line - 1].size(),
          "commonBlockRefusals: no such line or column");
    check(llvm::StringRef(r.message).starts_with("ompx: ") &&
              llvm::StringRef(r.message).contains('/'),
          "commonBlockRefusals: a message without its block");
  }
  // The modules the scans say the text defines and uses (the declare
  // records a unit reads, the stale modules the editor compiles again):
  // lower-case names the text spells, each used one once, none without
  // its keyword.
  auto spelled = [&](const std::string &name) {
    return !name.empty() && llvm::StringRef(lower).contains(name) &&
           llvm::all_of(name,
                        [](char c) { return llvm::isAlnum(c) || c == '_'; }) &&
           !llvm::isDigit(name[0]) && name == llvm::StringRef(name).lower();
  };
  llvm::StringSet<> used;
  for (const std::string &name : pipeline::usedModules(text)) {
    check(spelled(name), "usedModules: a name the text does not spell");
    check(used.insert(name).second, "usedModules: a module twice");
    check(llvm::StringRef(lower).contains("use"),
          "usedModules: a module without `use`");
  }
  for (const std::string &name : pipeline::definedModules(text)) {
    check(spelled(name), "definedModules: a name the text does not spell");
    check(llvm::StringRef(lower).contains("module"),
          "definedModules: a module without `module`");
  }
  // The directive ompx-flang marks a unit by when the flags make it a
  // comment: on a line of the text holding that sentinel, none when both
  // models are built, and `target` named for OpenMP.
  for (bool openmp : {false, true})
    for (bool openacc : {false, true}) {
      std::string mark =
          pipeline::commentedOffload("x.f90", text, openmp, openacc);
      if (openmp && openacc) {
        check(mark.empty(), "commentedOffload: a mark with both models");
        continue;
      }
      if (mark.empty())
        continue;
      llvm::SmallVector<llvm::StringRef> fields;
      llvm::StringRef(mark).rtrim('\n').split(fields, '\t');
      check(fields.size() == 3, "commentedOffload: not three fields");
      auto [file, at] = fields[0].split(':');
      unsigned line = 0;
      check(file == "x.f90" && !at.split(':').first.getAsInteger(10, line) &&
                line >= 1 && line <= lines.size(),
            "commentedOffload: no such line");
      bool omp = fields[1].starts_with("!$omp");
      check(omp ? !openmp && llvm::StringRef(fields[1]).contains("target")
                : !openacc && fields[1].starts_with("!$acc"),
            "commentedOffload: a directive of a model built");
      check(fields[2] == (omp ? "-fopenmp" : "-fopenacc"),
            "commentedOffload: the wrong flag");
    }
  // The text as flang's -E output: one file per marker name, each once; a
  // text without markers is one file; no line of a file is a marker.
  std::vector<pipeline::PreprocessedFile> files =
      pipeline::splitPreprocessed(text);
  llvm::StringSet<> paths;
  for (const pipeline::PreprocessedFile &f : files) {
    check(paths.insert(f.path).second, "splitPreprocessed: a file twice");
    for (llvm::StringRef line : llvm::split(f.text, '\n'))
      check(!line.starts_with("#line "),
            "splitPreprocessed: a marker left in a file's text");
  }
  if (!llvm::StringRef(text).contains("#line"))
    check(files.size() <= 1, "splitPreprocessed: files without markers");
  return 0;
}
