//===- DiagnosticMapper.cpp - MLIR diagnostics as ompx Diagnostics --------===//

#include "server/analysis/DiagnosticMapper.h"
#include "server/analysis/SymbolFacts.h"
#include "server/syntax/Lexer.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Regex.h"

#include <set>

using namespace ompx;
using llvm::StringRef;

RawDiagnostic ompx::toRaw(mlir::Diagnostic &diag) {
  RawDiagnostic raw{diag.getSeverity(), diag.getLocation(), diag.str(), {}};
  for (mlir::Diagnostic &note : diag.getNotes())
    raw.notes.emplace_back(note.getLocation(), note.str());
  return raw;
}

/// Verifier messages that name an operand, result or attribute get the range
/// of that operand/attribute instead of the op name.
TextRange DiagnosticMapper::refineVerifierRange(uint32_t chunkOff,
                                                StringRef message) const {
  TextRange nameRange = text.docRangeAt(chunkOff);
  // Find the op whose name starts here.
  const OpRecord *op = nullptr;
  for (const OpRecord &rec : result.ops)
    if (rec.nameRange.begin == text.toDoc(chunkOff) ||
        rec.fullRange.begin == text.toDoc(chunkOff)) {
      op = &rec;
      break;
    }
  if (!op)
    return nameRange;
  llvm::SmallVector<StringRef> m;
  static const llvm::Regex operandRe("operand #([0-9]+)");
  if (operandRe.match(message, &m)) {
    unsigned idx = 0;
    llvm::ArrayRef<int32_t> operands = result[op->operands];
    if (!m[1].getAsInteger(10, idx) && idx < operands.size() &&
        operands[idx] >= 0) {
      const ValueRecord &v = result.values[operands[idx]];
      // The k-th use of this value inside the op, for repeated operands.
      unsigned k = 0;
      for (unsigned i = 0; i < idx; ++i)
        k += operands[i] == operands[idx];
      for (const TextRange &use : result[v.uses]) {
        if (use.begin < op->fullRange.begin || use.end > op->fullRange.end)
          continue;
        if (k-- == 0)
          return use;
      }
    }
  }
  static const llvm::Regex attrRe("attribute '([A-Za-z_][A-Za-z0-9_$.]*)'");
  if (attrRe.match(message, &m)) {
    StringRef opText = text.doc().slice(op->nameRange.end, op->fullRange.end);
    for (uint32_t off : findOpNameTokens(opText, m[1])) {
      uint32_t begin = op->nameRange.end + off;
      return {begin, begin + uint32_t(m[1].size())};
    }
  }
  return op->nameRange;
}

const OpRecord *DiagnosticMapper::opAt(uint32_t chunkOff) const {
  for (const OpRecord &rec : result.ops)
    if (rec.nameRange.begin == text.toDoc(chunkOff) ||
        rec.fullRange.begin == text.toDoc(chunkOff))
      return &rec;
  return nullptr;
}

/// The clause keyword a translation message names ("not yet implemented:
/// Unhandled clause allocate in omp.taskgroup operation", "ignored clause:
/// linear in omp.simd operation", "hint clause discarded"), as the custom
/// assembly spells it; "" when it names none.
std::string ompx::loweringClauseKeyword(StringRef message) {
  if (message.contains("cancel directive construct type"))
    return "cancellation_construct_type";
  static const llvm::Regex unhandled("Unhandled clause ([A-Za-z_-]+)");
  static const llvm::Regex ignored("ignored clause: ([A-Za-z_]+)");
  static const llvm::Regex discarded("^([A-Za-z_]+) clause discarded");
  llvm::SmallVector<StringRef> m;
  if (!unhandled.match(message, &m) && !ignored.match(message, &m) &&
      !discarded.match(message, &m))
    return "";
  StringRef name = m[1];
  if (name == "privatization" || name == "firstprivate")
    return "private";
  if (name == "parallelization-level")
    return "par_level_simd";
  return name.str();
}

/// Translation messages about a clause get the range of the clause keyword
/// in the op's text (before its regions); others the op name.
TextRange DiagnosticMapper::refineLoweringRange(uint32_t chunkOff,
                                                StringRef message) const {
  const OpRecord *op = opAt(chunkOff);
  if (!op)
    return text.docRangeAt(chunkOff);
  std::string keyword = loweringClauseKeyword(message);
  if (keyword.empty())
    return op->nameRange;
  Lexer lexer(text.doc().take_front(op->fullRange.end), op->nameRange.end);
  for (Token t = lexer.next(); !t.is(TokenKind::Eof); t = lexer.next()) {
    if (t.isPunct("{"))
      break;
    if (t.is(TokenKind::BareIdentifier) &&
        (t.spelling == keyword || t.spelling.starts_with(keyword + "_")))
      return t.range;
  }
  return op->nameRange;
}

Diagnostic DiagnosticMapper::convert(const RawDiagnostic &raw,
                                     DiagKind kind) const {
  Diagnostic d;
  d.kind = kind;
  switch (raw.severity) {
  case mlir::DiagnosticSeverity::Error:
    d.severity = Severity::Error;
    break;
  case mlir::DiagnosticSeverity::Warning:
    d.severity = Severity::Warning;
    break;
  case mlir::DiagnosticSeverity::Remark:
    d.severity = Severity::Information;
    break;
  case mlir::DiagnosticSeverity::Note:
    d.severity = Severity::Hint;
    break;
  }
  d.message = raw.message;
  if (kind == DiagKind::Parse || kind == DiagKind::Verify)
    d.unknownOp = unknownOpName(raw.message).str();
  if (std::optional<uint32_t> off = text.chunkOffset(raw.loc)) {
    d.anchor = text.toDoc(*off);
    d.range = kind == DiagKind::Verify ? refineVerifierRange(*off, raw.message)
              : kind == DiagKind::Lowering
                  ? refineLoweringRange(*off, raw.message)
                  : text.docRangeAt(*off);
  } else
    d.range = {text.span().begin, text.span().begin};
  for (const auto &[loc, msg] : raw.notes) {
    DiagnosticNote note;
    note.message = msg;
    if (std::optional<uint32_t> off = text.chunkOffset(loc)) {
      note.range = text.docRangeAt(*off);
      // Notes on an op point at its name, not its first character.
      for (const OpRecord &rec : result.ops)
        if (rec.fullRange.begin == text.toDoc(*off)) {
          note.range = rec.nameRange;
          break;
        }
      note.hasRange = true;
    }
    d.notes.push_back(std::move(note));
  }
  return d;
}

/// Verifier messages about a clause's symbol (`failed to lookup privatizer op
/// with symbol: '@x'`, `expected symbol reference @r to point to a reduction
/// declaration`) or an illegal use of a host_eval argument are reported at
/// the op; the places they are about become related locations: the symbol
/// where the op names it and where it is defined, the offending use.
void DiagnosticMapper::addRelatedLocations(Diagnostic &d) const {
  if (d.anchor == Diagnostic::kNoAnchor)
    return;
  int32_t opIdx = -1;
  for (size_t i = 0; i < result.ops.size(); ++i)
    if (result.ops[i].nameRange.begin == d.anchor ||
        result.ops[i].fullRange.begin == d.anchor) {
      opIdx = int32_t(i);
      break;
    }
  if (opIdx < 0)
    return;
  const OpRecord &op = result.ops[opIdx];
  auto note = [&](TextRange r, std::string message) {
    d.notes.push_back({r, true, std::move(message), /*related=*/true});
  };
  llvm::SmallVector<StringRef> m;
  static const llvm::Regex symRe("@(\"[^\"]*\"|[A-Za-z_$.][A-Za-z0-9_$.-]*)");
  if (symRe.match(d.message, &m)) {
    std::string sym = StringRef(m[1]).trim('"').str();
    // The clause lists come before the op's regions.
    Lexer lexer(text.doc().take_front(op.fullRange.end), op.nameRange.end);
    for (Token t = lexer.next(); !t.is(TokenKind::Eof) && !t.isPunct("{");
         t = lexer.next())
      if (t.is(TokenKind::AtIdentifier) && t.name() == sym) {
        note(t.range, "`@" + sym + "` is named here");
        break;
      }
    auto def = llvm::find_if(
        result.ops, [&](const OpRecord &o) { return o.symbol == sym; });
    if (def != result.ops.end())
      note(def->nameRange,
           "`@" + sym + "` is defined here, by `" + def->name.str() + "`");
    else if (!d.notes.empty())
      d.notes.back().message += "; nothing in this chunk defines it";
    return;
  }
  static const llvm::Regex hostEvalRe(
      "host_eval argument (illegal use|only legal as .*) in '([a-z_.]+)'");
  if (!hostEvalRe.match(d.message, &m))
    return;
  StringRef user = m[2];
  for (const OpFacts &f : result.facts) {
    if (f.op != opIdx)
      continue;
    for (const EntryBinding &b : f.bindings) {
      if (b.group != ClauseGroup::HostEvalVars || b.blockArg < 0)
        continue;
      for (const HostEvalRole &r : b.roles) {
        if (r.user < 0 || size_t(r.user) >= result.ops.size() ||
            result.ops[r.user].name != user ||
            (r.kind != HostEvalKind::NotAClause &&
             r.kind != HostEvalKind::OtherClause))
          continue;
        const OpRecord &u = result.ops[r.user];
        const ValueRecord &v = result.values[b.blockArg];
        StringRef name = text.doc().slice(v.def.begin, v.def.end);
        TextRange at = u.nameRange;
        for (const TextRange &use : result[v.uses])
          if (use.begin >= u.fullRange.begin && use.end <= u.fullRange.end) {
            at = use;
            break;
          }
        note(at, "`" + name.str() + "` (host_eval entry #" +
                     std::to_string(b.entry) + ") used here by `" +
                     u.name.str() + "`");
      }
    }
  }
}

bool DiagnosticMapper::isFollowOn(const RawDiagnostic &raw) const {
  // Errors about symbols that only a blanked (unparsable) unit defined are
  // follow-ons of a parse error already reported.
  StringRef msg = raw.message;
  const std::set<std::string> &blankedSymbols = text.blankedSymbols();
  for (const std::string &sym : blankedSymbols)
    if (msg.contains("@" + sym) || msg.contains("'" + sym + "'") ||
        msg.contains("\"" + sym + "\""))
      return true;
  // So are the errors of an op that uses such a symbol, whatever they
  // say (`mapper(@m)`: "invalid mapper id"). And an op whose types were
  // repaired is not what the text says; its verifier's opinion is about the
  // repair.
  bool followOn = false;
  uint32_t chunkBegin = text.span().begin;
  if (std::optional<uint32_t> off = text.chunkOffset(raw.loc))
    for (size_t i = 0; i < result.ops.size() && !followOn; ++i) {
      const OpRecord &op = result.ops[i];
      if (op.nameRange.begin != text.toDoc(*off) &&
          op.fullRange.begin != text.toDoc(*off))
        continue;
      // (The parser records no use of a symbol it did not find, so read
      // the text of an op without regions.)
      if (op.blocks.empty())
        for (const std::string &sym : symbolTokens(
                 text.doc().slice(op.fullRange.begin, op.fullRange.end)))
          followOn |= blankedSymbols.count(sym) > 0;
      for (const WorkText::Repair &r : text.repairs())
        followOn |= op.fullRange.begin <= chunkBegin + r.origBegin &&
                    chunkBegin + r.origEnd <= op.fullRange.end;
    }
  return followOn;
}

/// flang-22 prints a block-argument clause entry (`map_entries(%m -> %arg :
/// type)`) with one type for both sides, the operand's, so an assumed-shape
/// array mapped into `omp.target` reads as `!fir.ref<...>` while its uses
/// in the region say `!fir.box<...>`, and the text does not parse.
std::optional<FlangTypeMismatch>
DiagnosticMapper::flangTypeMismatch(const RawDiagnostic &raw) const {
  static const llvm::Regex re("^use of value '(%[^']+)' expects different "
                              "type than prior uses: '(.+)' vs '(.+)'$");
  llvm::SmallVector<StringRef, 4> m;
  if (!re.match(raw.message, &m) || raw.notes.size() != 1)
    return std::nullopt;
  std::optional<uint32_t> useAt = text.chunkOffset(raw.loc);
  std::optional<uint32_t> priorAt = text.chunkOffset(raw.notes[0].first);
  if (!useAt || !priorAt)
    return std::nullopt;
  return FlangTypeMismatch{*useAt, *priorAt, m[1].str(), m[2].str(),
                           m[3].str()};
}

DiagnosticNote DiagnosticMapper::flangRepairNote(const FlangTypeMismatch &m) {
  DiagnosticNote note;
  note.message =
      "flang-22 prints the clause entry `... -> " + m.arg +
      " : type` with the operand's type, while the block argument has "
      "type '" +
      m.used +
      "' (a printer defect, e.g. for an assumed-shape array in a map "
      "clause); flang's generic form (-mmlir --mlir-print-op-generic) "
      "parses. ompx analyzes the region with the argument's real type.";
  return note;
}
