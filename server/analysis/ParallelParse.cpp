//===- ParallelParse.cpp - Parse a chunk, in two halves at once -----------===//

#include "server/analysis/ParallelParse.h"
#include "server/analysis/Breadcrumbs.h"
#include "server/syntax/Lexer.h"
#include "support/Pages.h"
#include "support/ParseHeap.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <thread>

using namespace ompx;
using llvm::StringRef;

// The parse in flight on this thread, for the crash handler of a worker
// (see currentParseProgress), which runs on the thread that crashed: a chunk
// parsed in two halves has a parse on each of two threads.
static thread_local const mlir::AsmParserState *activeParseState = nullptr;
static thread_local const char *activeParseBuffer = nullptr;
/// Where this thread's text starts to count (the second half's cut): a
/// crash before its first op is past everything the first half holds.
static thread_local uint32_t activeParseFloor = 0;

uint32_t ompx::currentParseProgress() {
  if (!activeParseState || !activeParseBuffer)
    return ~0u;
  uint32_t progress = activeParseFloor;
  for (const auto &def : activeParseState->getOpDefs())
    progress = std::max<uint32_t>(progress, def.scopeLoc.End.getPointer() -
                                                activeParseBuffer);
  return progress;
}

bool ompx::parseText(mlir::MLIRContext &ctx, StringRef text, Parse &parse,
                     uint32_t floor) {
  auto buffer =
      llvm::MemoryBuffer::getMemBuffer(text, kChunkBufferName,
                                       /*RequiresNullTerminator=*/true);
  parse.buffer = buffer->getBufferStart();
  parse.sourceMgr.AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
  mlir::ParserConfig config(&ctx, /*verifyAfterParse=*/false);
  activeParseState = &parse.state;
  activeParseBuffer = parse.buffer;
  activeParseFloor = floor;
  // The parser state's definitions on pages apart from the IR's, so that
  // freeing them (DefTable) gives their pages back.
  ParseHeap heap({sizeof(mlir::AsmParserState::OperationDefinition),
                  sizeof(mlir::AsmParserState::BlockDefinition)});
  bool ok = mlir::succeeded(mlir::parseAsmSourceFile(
      parse.sourceMgr, &parse.block, config, &parse.state));
  activeParseState = nullptr;
  activeParseBuffer = nullptr;
  activeParseFloor = 0;
  return ok;
}

void ParsedDefs::release() {
  CrossSymbolUses().swap(crossSymbolUses);
  ops = {};
  blocks = {};
  for (mlir::AsmParserState *state : states)
    *state = mlir::AsmParserState();
  states.clear();
  // Their pages went back with them, but for those of anything else the
  // parse made of their sizes that is still alive: give back the rest.
  ParseHeap::trim();
}

/// FIR's record types and LLVM's identified structs are mutable types whose
/// body the parser sets at the first occurrence, without a lock around
/// FIR's check-then-set: parse each once here, so that the two halves of a
/// parallel parse only ever read them. False when one does not parse alone
/// (an alias inside, say): then the chunk is parsed in one piece.
bool ParallelParse::prepareMutableTypes(const StructureScan &scan) {
  StringRef work = text;
  llvm::StringSet<> seen;
  std::vector<RawDiagnostic> ignored;
  DiagnosticCollector collect(ctx, ignored);
  for (uint32_t at : scan.mutableTypes) {
    // `!fir.type<NAME{...}>`, `!llvm.struct<"NAME", (...)>`.
    bool fir = work.substr(at).starts_with("!fir.type<");
    size_t open = at + (fir ? 9 : 12);
    if (open >= work.size() || work[open] != '<')
      continue;
    size_t nameBegin = open + 1 + (fir ? 0 : 1);
    if (!fir && (nameBegin > work.size() || work[open + 1] != '"'))
      continue; // a literal struct
    size_t nameEnd = work.find_first_of(fir ? "{>" : "\"", nameBegin);
    if (nameEnd == StringRef::npos)
      return false;
    // Only occurrences with a body set one.
    bool body =
        fir ? work[nameEnd] == '{' : work.substr(nameEnd + 1).starts_with(",");
    if (!body || !seen.insert(work.slice(nameBegin, nameEnd)).second)
      continue;
    // MLIR's parser finds where the type ends, in the rest of its line (a
    // printed type does not span lines; given all the text, the parser
    // state it sets up cost 25 ms more on 18 MB).
    size_t read = 0;
    if (!mlir::parseType(work.slice(at, work.find('\n', at)), &ctx, &read))
      return false;
  }
  return ignored.empty();
}

/// Parses the chunk as two halves on two threads (ParseSplit) and
/// merges them into `first`'s block, with `defs` in the order of a single
/// parse. False, with nothing kept, when the chunk does not qualify or a
/// half has any diagnostic: then the caller parses the whole chunk, which
/// reports what a single parse says.
bool ParallelParse::run(const StructureScan &scan, uint32_t minBytes,
                        ParsedDefs &defs) {
  if (!hooks.runBeside || !ctx.isMultithreadingEnabled() ||
      text.size() < minBytes || !text.blankedUnits().empty())
    return false;
  // Dialect resources and distinct attributes are made once per parse;
  // two parses would make two.
  const std::optional<ParseSplit> &split = scan.split;
  if (!split || scan.oncePerParse || !prepareMutableTypes(scan))
    return false;
  // The parser loads a registered dialect the first time it meets it, and
  // loading is not thread-safe: load them all here (once per context).
  ctx.loadAllAvailableDialects();
  first = std::make_unique<Parse>();
  second = std::make_unique<Parse>();
  if (!parseHalves(*split))
    return giveUp();
  return merge(*split, defs) || giveUp();
}

bool ParallelParse::giveUp() {
  first.reset();
  second.reset();
  firstHalfText = llvm::sys::OwningMemoryBlock();
  std::string().swap(textCopy);
  return false;
}

/// Parses each half on a thread of its own; true when both parsed without
/// a diagnostic. The text is the chunk again after.
bool ParallelParse::parseHalves(const ParseSplit &split) {
  // Each half is parsed with the other blanked, at the chunk's offsets. With
  // the WorkText lent, the second half is parsed in it, blanked and
  // restored from the first half's text, and the first half gets its own
  // view of the document with the second half's bytes NUL (the lexer skips
  // NULs as blanks): a second private mapping of the document's file, whose
  // pages are the file's and the second half's fresh zero pages, so nothing
  // is copied; without the file, fresh zero pages with the first half's
  // bytes copied in. Not lent, the second half gets a copy.
  size_t size = text.size();
  const TextRange &firstRange = split.first, &secondRange = split.second;
  char *textA = text.data(), *textB = nullptr;
  char *fileView = nullptr;
  if (text.isLent() && hooks.mutableDocFd >= 0 &&
      (fileView = mapPrivately(hooks.mutableDocFd, text.doc().size() + 1))) {
    firstHalfText = llvm::sys::OwningMemoryBlock(
        llvm::sys::MemoryBlock(fileView, text.doc().size() + 1));
    textA = fileView + text.span().begin;
    textA[size] = '\0';
    zeroPages(textA + secondRange.begin, textA + secondRange.end);
    textB = text.data();
  } else if (text.isLent()) {
    std::error_code ec;
    firstHalfText =
        llvm::sys::OwningMemoryBlock(llvm::sys::Memory::allocateMappedMemory(
            size + 1, nullptr,
            llvm::sys::Memory::MF_READ | llvm::sys::Memory::MF_WRITE, ec));
    if (ec)
      return false;
    textA = static_cast<char *>(firstHalfText.base());
    std::copy(text.data(), text.data() + secondRange.begin, textA);
    std::copy(text.data() + secondRange.end, text.data() + size,
              textA + secondRange.end);
    textB = text.data();
  } else {
    textCopy = StringRef(text).str();
    textB = textCopy.data();
  }
  if (Breadcrumbs *crumbs = currentBreadcrumbs())
    crumbs->phase = Phase::Parse;
  bool okA = false, okB = false;
  {
    std::thread::id here = std::this_thread::get_id();
    mlir::ScopedDiagnosticHandler handler(&ctx, [&](mlir::Diagnostic &diag) {
      (std::this_thread::get_id() == here ? first : second)
          ->diags.push_back(toRaw(diag));
      return mlir::success();
    });
    auto blank = [](char *text, TextRange range) {
      for (uint32_t i = range.begin; i < range.end; ++i)
        if (text[i] != '\n' && text[i] != '\r')
          text[i] = ' ';
    };
    hooks.runBeside(
        [&] {
          if (!text.isLent())
            blank(textA, secondRange);
          okA = parseText(ctx, StringRef(textA, size), *first);
        },
        [&] {
          blank(textB, firstRange);
          okB = parseText(ctx, StringRef(textB, size), *second,
                          secondRange.begin);
        });
  }
  // The text is the chunk again (the other buffer keeps its place: its
  // parser state points into it).
  if (text.isLent()) {
    std::copy(textA + firstRange.begin, textA + firstRange.end,
              text.data() + firstRange.begin);
    if (hooks.mutableDocMapsFile)
      givePagesBack(text.data() + firstRange.begin,
                    text.data() + firstRange.end);
    // The first half's parser state only locates: its pointers are turned
    // into offsets, the bytes behind them are never read again. Give the
    // pages back (they read as zeros, or as the file) while the records are
    // collected, which is when the worker peaks.
    char *base = static_cast<char *>(firstHalfText.base());
    givePagesBack(base, base + firstHalfText.allocatedSize());
  } else {
    std::copy(textB + secondRange.begin, textB + secondRange.end,
              text.data() + secondRange.begin);
  }
  return okA && okB && first->diags.empty() && second->diags.empty();
}

/// Merges the second half's ops into the first's block and their
/// definitions into `defs`, in the order of a single parse.
bool ParallelParse::merge(const ParseSplit &split, ParsedDefs &defs) {
  text.setBuffers(first->buffer, second->buffer);

  // The second half's ops join the first's container: the chunk's top
  // level, or the body of its one module.
  mlir::Block *into = &first->block, *from = &second->block;
  mlir::Operation *moduleA = nullptr, *moduleB = nullptr;
  if (split.inModule) {
    auto onlyModule = [](mlir::Block &b) -> mlir::ModuleOp {
      return llvm::hasSingleElement(b)
                 ? llvm::dyn_cast<mlir::ModuleOp>(b.front())
                 : nullptr;
    };
    mlir::ModuleOp a = onlyModule(first->block), b = onlyModule(second->block);
    if (!a || !b)
      return false;
    into = a.getBody();
    from = b.getBody();
    moduleA = a;
    moduleB = b;
  }
  if (from->empty())
    return false;
  mlir::Operation *firstB = &from->front();
  into->getOperations().splice(into->end(), from->getOperations());

  // A single parse finalizes ops innermost first (the module last) and
  // records blocks as it creates them (the module's body first).
  const mlir::AsmParserState::OperationDefinition *moduleDef = nullptr;
  for (const auto &def : first->state.getOpDefs()) {
    if (def.op == moduleA)
      moduleDef = &def;
    else
      defs.ops.push_back(&def);
  }
  for (const auto &def : second->state.getOpDefs())
    if (def.op != moduleB)
      defs.ops.push_back(&def);
  if (moduleDef)
    defs.ops.push_back(moduleDef);
  for (const auto &def : first->state.getBlockDefs())
    defs.blocks.push_back(&def);
  for (const auto &def : second->state.getBlockDefs())
    if (!moduleB || def.block->getParentOp() != moduleB)
      defs.blocks.push_back(&def);
  defs.states = {&first->state, &second->state};
  if (!addCrossHalfSymbolUses(*into, firstB, split, defs.crossSymbolUses))
    return false;
  secondBegin = split.second.begin;
  return true;
}

/// Each half's parser resolved the symbol uses in its own ops against its
/// own symbols only; a use of a symbol the other half defines was dropped.
/// Finds those in the text of each half: `@name` (and `@name::@nested`)
/// tokens naming a symbol the container's ops in the other half define,
/// resolved like the parser state does (all components or none), outside
/// nested symbol tables (a single parse resolves uses in there against
/// that table only). False when a symbol is defined twice: the caller then
/// parses in one piece.
bool ParallelParse::addCrossHalfSymbolUses(mlir::Block &container,
                                           mlir::Operation *firstB,
                                           const ParseSplit &split,
                                           CrossSymbolUses &out) {
  llvm::StringMap<mlir::Operation *> defined[2];
  std::vector<TextRange> nestedTables[2];
  int half = 0;
  for (mlir::Operation &op : container) {
    if (&op == firstB)
      half = 1;
    // A symbol defined twice (an error the verifier reports): one parse
    // resolves every use to one definition, two halves each to their own.
    if (auto name = op.getAttrOfType<mlir::StringAttr>(
            mlir::SymbolTable::getSymbolAttrName()))
      if (!defined[half].try_emplace(name.getValue(), &op).second ||
          defined[1 - half].count(name.getValue()))
        return false;
  }
  for (int h = 0; h < 2; ++h)
    for (const auto &def : (h ? *second : *first).state.getOpDefs())
      if (def.op->hasTrait<mlir::OpTrait::SymbolTable>() &&
          def.op != container.getParentOp() &&
          def.op->getBlock() != &second->block)
        nestedTables[h].push_back(
            {text.workOffset(def.scopeLoc.Start.getPointer()),
             text.workOffset(def.scopeLoc.End.getPointer())});
  for (int h = 0; h < 2; ++h) {
    const llvm::StringMap<mlir::Operation *> &other = defined[1 - h];
    if (other.empty())
      continue;
    TextRange range = h ? split.second : split.first;
    StringRef work = text;
    // `@` is rare (a few thousand in 18 MB of flang output): find each, then
    // lex only its line to see whether it starts a token.
    for (size_t at = work.find('@', range.begin); at < range.end;
         at = work.find('@', at + 1)) {
      std::optional<Token> t = tokenAt(work, uint32_t(at));
      if (!t || !t->is(TokenKind::AtIdentifier) || t->range.begin != at)
        continue;
      llvm::SmallVector<Token, 2> parts{*t};
      while (work.substr(parts.back().range.end).starts_with("::@")) {
        Token next = Lexer::lexAt(work, parts.back().range.end + 2);
        if (!next.is(TokenKind::AtIdentifier))
          break;
        parts.push_back(next);
      }
      StringRef root = parts[0].name();
      auto it = other.find(root);
      if (it == other.end())
        continue;
      if (llvm::any_of(nestedTables[h], [&](const TextRange &r) {
            return r.begin < at && at < r.end;
          }))
        continue;
      llvm::SmallVector<mlir::Operation *, 2> ops{it->second};
      for (size_t i = 1; i < parts.size() && ops.size() == i; ++i)
        if (ops.back()->hasTrait<mlir::OpTrait::SymbolTable>())
          if (mlir::Operation *inner = mlir::SymbolTable::lookupSymbolIn(
                  ops.back(), parts[i].name()))
            ops.push_back(inner);
      if (ops.size() != parts.size())
        continue;
      for (size_t i = 0; i < parts.size(); ++i)
        out[ops[i]].push_back(
            {llvm::SMLoc::getFromPointer(text.data() + parts[i].range.begin),
             llvm::SMLoc::getFromPointer(text.data() + parts[i].range.end)});
    }
  }
  return true;
}
