//===- RecordBuilder.cpp - Records of a parsed chunk ----------------------===//

#include "server/analysis/RecordBuilder.h"
#include "server/analysis/AccPlanFacts.h"
#include "server/analysis/SymbolFacts.h"
#include "dialects/OdsTables.h"
#include "dialects/ir/ClauseModelBuilder.h"
#include "server/syntax/Lexer.h"

#include "mlir/IR/Operation.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <tuple>

using namespace ompx;
using llvm::StringRef;

void RecordBuilder::computeParentsByContainment(size_t firstOp) {
  std::vector<int32_t> order;
  for (size_t i = firstOp; i < result.ops.size(); ++i)
    order.push_back(i);
  std::sort(order.begin(), order.end(), [&](int32_t a, int32_t b) {
    const TextRange &ra = result.ops[a].fullRange,
                    &rb = result.ops[b].fullRange;
    return ra.begin != rb.begin ? ra.begin < rb.begin : ra.end > rb.end;
  });
  std::vector<int32_t> stack;
  for (int32_t i : order) {
    const TextRange &r = result.ops[i].fullRange;
    while (!stack.empty() && result.ops[stack.back()].fullRange.end <= r.begin)
      stack.pop_back();
    if (!stack.empty())
      result.ops[i].parent = stack.back();
    stack.push_back(i);
  }
}

void RecordBuilder::collectPartial(const mlir::AsmParserState &state,
                                   TextRange unit) {
  TextRange docUnit{text.toDoc(unit.begin), text.toDoc(unit.end)};
  auto inUnit = [&](const TextRange &r) {
    return r.begin >= docUnit.begin && r.end <= docUnit.end;
  };
  size_t firstOp = result.ops.size();
  for (const mlir::AsmParserState::OperationDefinition &def :
       state.getOpDefs()) {
    OpRecord op;
    op.nameRange = text.toDoc(def.loc);
    op.fullRange = text.toDoc(def.scopeLoc);
    if (!inUnit(op.fullRange))
      continue;
    op.name = intern(
        text.doc().slice(op.nameRange.begin, op.nameRange.end).trim('"'));
    op.flags = OpPartial;
    int32_t opIdx = result.ops.size();
    for (const auto &group : def.resultGroups) {
      ValueRecord v;
      v.def = text.toDoc(group.definition.loc);
      for (const llvm::SMRange &use : group.definition.uses)
        result.append(v.uses, text.toDoc(use));
      v.ownerOp = opIdx;
      v.index = group.startIndex;
      result.append(op.results, int32_t(result.values.size()));
      result.values.push_back(std::move(v));
    }
    result.ops.push_back(std::move(op));
  }
  // The ops the parser was still inside when it failed (the construct
  // around the error) have no definition in the parser state; their names
  // are still worth a hover, so take omp/acc op names from the text.
  Lexer lexer(StringRef(text).take_front(unit.end), unit.begin);
  for (Token t = lexer.next(); !t.is(TokenKind::Eof); t = lexer.next()) {
    // `omp.x` (custom form) or `"omp.x"` (generic form).
    uint32_t at = t.range.begin;
    if (t.is(TokenKind::String) && isBareIdentifier(t.name()))
      ++at;
    else if (!t.is(TokenKind::BareIdentifier))
      continue;
    StringRef name = t.name().rtrim('.');
    if (!(name.starts_with("omp.") || name.starts_with("acc.")))
      continue;
    // An op name, not an attribute name (`omp.declare_target = ...`).
    StringRef after =
        StringRef(text).slice(at + name.size(), unit.end).ltrim(" \t\"");
    if (!ods::lookupOp(name) || after.starts_with("=") ||
        after.starts_with("<"))
      continue;
    uint32_t b = text.toDoc(at);
    TextRange r{b, b + uint32_t(name.size())};
    bool known = false;
    for (size_t i = firstOp; i < result.ops.size() && !known; ++i)
      known = result.ops[i].nameRange == r;
    if (known)
      continue;
    OpRecord op;
    op.name = intern(name);
    op.nameRange = r;
    op.fullRange = r;
    op.flags = OpPartial;
    result.ops.push_back(std::move(op));
  }
  computeParentsByContainment(firstOp);
  for (const mlir::AsmParserState::BlockDefinition &def :
       state.getBlockDefs()) {
    // Block arguments of a failed parse: ranges only.
    BlockRecord block;
    block.def = def.definition.loc.isValid() ? text.toDoc(def.definition.loc)
                                             : TextRange{};
    bool any = block.def.end != 0 && inUnit(block.def);
    for (const auto &arg : def.arguments) {
      if (!arg.loc.isValid() || !inUnit(text.toDoc(arg.loc)))
        continue;
      any = true;
      ValueRecord v;
      v.def = text.toDoc(arg.loc);
      for (const llvm::SMRange &use : arg.uses)
        result.append(v.uses, text.toDoc(use));
      v.ownerBlock = result.blocks.size();
      v.index = block.args.size();
      result.append(block.args, int32_t(result.values.size()));
      result.values.push_back(std::move(v));
    }
    if (any)
      result.blocks.push_back(std::move(block));
  }
}

/// The op's origin: the first file location inside `loc` (fused, name and
/// call-site locations walked), unless it is the chunk itself, which is what
/// the parser gives an op written without `loc(...)`, or line 0 (flang's
/// module: the whole file).
void RecordBuilder::recordSourceLocation(OpRecord &rec, mlir::Location loc,
                                         FileLocCache &firstFileLoc) {
  // The parser's own location (an op without loc(...)) needs no walk: a
  // location walk is ~0.5 us, a third of a million-op chunk's collection.
  auto file = llvm::dyn_cast<mlir::FileLineColLoc>(loc);
  if (!file) {
    // flang gives the ops of one statement one location: walk it once.
    auto [it, inserted] = firstFileLoc.try_emplace(loc.getAsOpaquePointer());
    if (inserted)
      it->second = loc->findInstanceOf<mlir::FileLineColLoc>();
    file = it->second;
  }
  if (!file || file.getLine() == 0 || file.getFilename() == kChunkBufferName ||
      file.getFilename().empty())
    return;
  auto indexOf = [&](mlir::StringAttr name) {
    auto [it, inserted] =
        sourceFileIndex.try_emplace(name, int32_t(result.sourceFiles.size()));
    if (inserted)
      result.sourceFiles.push_back(name.str());
    return it->second;
  };
  rec.sourceFile = indexOf(file.getFilename());
  rec.sourceLine = file.getLine();
  rec.sourceColumn = file.getColumn();
  // flang's `fused<[base, inclusion]>[#in_include_file, #include_line]`.
  if (auto fused = llvm::dyn_cast<mlir::FusedLoc>(loc))
    for (mlir::Location part : llvm::reverse(fused.getLocations()))
      if (auto at = llvm::dyn_cast<mlir::FileLineColLoc>(part);
          at && at.getLine() && at.getFilename() != file.getFilename()) {
        rec.includeFile = indexOf(at.getFilename());
        rec.includeLine = at.getLine();
        rec.includeColumn = at.getColumn();
        break;
      }
}

/// The record of `v` (-1: none), found through its op's result groups or
/// its block's arguments: a map of every value was, after the IR and the
/// parser states, the largest thing the worker held.
int32_t RecordBuilder::valueIndexOf(mlir::Value v) const {
  if (auto res = llvm::dyn_cast<mlir::OpResult>(v)) {
    auto it = opIndex.find(res.getOwner());
    if (it == opIndex.end())
      return -1;
    unsigned n = res.getResultNumber();
    for (int32_t g : result[result.ops[it->second].results])
      if (n >= result.values[g].index &&
          n < result.values[g].index + result.values[g].count)
        return g;
    return -1;
  }
  auto arg = llvm::cast<mlir::BlockArgument>(v);
  auto it = blockIndex.find(arg.getOwner());
  if (it == blockIndex.end())
    return -1;
  llvm::ArrayRef<int32_t> args = result[result.blocks[it->second].args];
  return arg.getArgNumber() < args.size() ? args[arg.getArgNumber()] : -1;
}

void RecordBuilder::collectOps(const DefTable &defs) {
  opIndex.reserve(opIndex.size() + defs.ops.size());
  result.ops.reserve(result.ops.size() + defs.ops.size());
  FileLocCache firstFileLoc; // freed before the records' peak
  for (const DefTable::Op &def : defs.ops) {
    opIndex[def.op] = result.ops.size();
    OpRecord rec;
    auto [name, inserted] =
        opNames.try_emplace(def.op->getName().getAsOpaquePointer());
    if (inserted)
      name->second = intern(def.op->getName().getStringRef());
    rec.name = name->second;
    rec.nameRange = text.docRange(def.name);
    rec.fullRange = text.docRange(def.full);
    recordSourceLocation(rec, def.op->getLoc(), firstFileLoc);
    result.ops.push_back(std::move(rec));
  }
}

/// Copies what the records need out of the parser states and frees them,
/// before any record is made (the crossing uses of a parallel parse too).
DefTable RecordBuilder::tabulate(ParsedDefs &parsed) {
  DefTable t;
  size_t groups = 0, uses = 0;
  for (const mlir::AsmParserState::OperationDefinition *def : parsed.ops) {
    groups += def->resultGroups.size();
    for (const auto &group : def->resultGroups)
      uses += group.definition.uses.size();
  }
  for (const mlir::AsmParserState::BlockDefinition *def : parsed.blocks) {
    groups += def->arguments.size();
    uses += def->definition.uses.size();
    for (const auto &arg : def->arguments)
      uses += arg.uses.size();
  }
  t.ops.reserve(parsed.ops.size());
  t.blocks.reserve(parsed.blocks.size());
  t.defs.reserve(groups);
  t.uses.reserve(uses);
  // Appends `ranges` to `uses`; returns where they begin and end there.
  auto addUses = [&](llvm::ArrayRef<llvm::SMRange> ranges) {
    uint32_t begin = t.uses.size();
    for (const llvm::SMRange &use : ranges)
      t.uses.push_back(text.toWork(use));
    return std::pair<uint32_t, uint32_t>(begin, t.uses.size());
  };
  auto addDef = [&](unsigned startIndex, llvm::SMRange loc,
                    llvm::ArrayRef<llvm::SMRange> defUses) {
    DefTable::Def d;
    d.startIndex = startIndex;
    d.loc = text.toWork(loc);
    std::tie(d.uses, d.usesEnd) = addUses(defUses);
    t.defs.push_back(d);
  };
  for (const mlir::AsmParserState::OperationDefinition *def : parsed.ops) {
    DefTable::Op o{def->op, text.toWork(def->loc), text.toWork(def->scopeLoc),
                   uint32_t(t.defs.size()), 0};
    for (const auto &group : def->resultGroups)
      addDef(group.startIndex, group.definition.loc, group.definition.uses);
    o.groupsEnd = t.defs.size();
    uint32_t idx = t.ops.size();
    for (const llvm::SMRange &use : def->symbolUses)
      t.symbolUses.push_back({idx, text.toWork(use)});
    if (auto it = parsed.crossSymbolUses.find(def->op);
        it != parsed.crossSymbolUses.end())
      for (const llvm::SMRange &use : it->second)
        t.symbolUses.push_back({idx, text.toWork(use)});
    t.ops.push_back(o);
  }
  for (const mlir::AsmParserState::BlockDefinition *def : parsed.blocks) {
    DefTable::Block b{def->block, def->definition.loc.isValid(), {}, 0, 0, 0,
                      0};
    if (b.hasDef)
      b.def = text.toWork(def->definition.loc);
    std::tie(b.uses, b.usesEnd) = addUses(def->definition.uses);
    b.args = t.defs.size();
    for (const auto &arg : def->arguments)
      addDef(0, arg.loc, arg.uses);
    b.argsEnd = t.defs.size();
    t.blocks.push_back(b);
  }
  parsed.release();
  return t;
}

/// The type's text, printed once per type.
IStr RecordBuilder::typeString(mlir::Type type) {
  auto [it, inserted] = typeStrings.try_emplace(type);
  if (inserted) {
    std::string printed;
    llvm::raw_string_ostream os(printed);
    type.print(os);
    it->second = intern(printed);
  }
  return it->second;
}

void RecordBuilder::reserveRest(const DefTable &defs) {
  // Records sized once: grown by doubling, a large chunk's held up to twice
  // their size at the worker's peak.
  size_t values = result.values.size(), indices = result.indices.size(),
         ranges = result.ranges.size();
  for (const DefTable::Op &def : defs.ops) {
    values += def.groupsEnd - def.groups;
    indices += def.groupsEnd - def.groups + def.op->getNumOperands();
    for (mlir::Region &region : def.op->getRegions())
      indices += region.getBlocks().size();
    for (const DefTable::Def &group : defs.groupsOf(def))
      ranges += group.usesEnd - group.uses;
  }
  for (const DefTable::Block &def : defs.blocks) {
    values += def.block->getNumArguments();
    indices += def.block->getNumArguments();
    ranges += def.usesEnd - def.uses;
    for (const DefTable::Def &arg : defs.argsOf(def))
      ranges += arg.usesEnd - arg.uses;
  }
  result.values.reserve(values);
  result.indices.reserve(indices);
  result.ranges.reserve(ranges);
  result.blocks.reserve(result.blocks.size() + defs.blocks.size());
}

/// Each op's symbol, result values and symbol uses.
void RecordBuilder::collectResults(const DefTable &defs, size_t firstOp) {
  size_t symbolUse = 0;
  for (size_t d = 0, e = defs.ops.size(); d != e; ++d) {
    const DefTable::Op &def = defs.ops[d];
    mlir::Operation *op = def.op;
    int32_t idx = firstOp++;
    OpRecord &rec = result.ops[idx];
    if (auto sym = op->getAttrOfType<mlir::StringAttr>(
            mlir::SymbolTable::getSymbolAttrName()))
      rec.symbol = intern(sym.getValue());
    llvm::ArrayRef<DefTable::Def> groups = defs.groupsOf(def);
    for (size_t g = 0, e = groups.size(); g != e; ++g) {
      const DefTable::Def &group = groups[g];
      unsigned end = g + 1 < e ? groups[g + 1].startIndex : op->getNumResults();
      ValueRecord v;
      v.def = text.docRange(group.loc);
      for (const TextRange &use : defs.usesOf(group.uses, group.usesEnd))
        result.append(v.uses, text.docRange(use));
      v.ownerOp = idx;
      v.index = group.startIndex;
      v.count = end - group.startIndex;
      if (v.count == 1) {
        v.type = typeString(op->getResult(group.startIndex).getType());
      } else {
        std::string types;
        for (unsigned r = group.startIndex; r < end; ++r) {
          if (r != group.startIndex)
            types += ", ";
          types += typeString(op->getResult(r).getType()).ref();
          result.append(v.typeEnds, uint32_t(types.size()));
        }
        v.type = intern(types);
      }
      result.append(rec.results, int32_t(result.values.size()));
      result.values.push_back(std::move(v));
    }
    for (; symbolUse < defs.symbolUses.size() &&
           defs.symbolUses[symbolUse].first == d;
         ++symbolUse) {
      TextRange r = text.docRange(defs.symbolUses[symbolUse].second);
      StringRef name = text.doc().slice(r.begin, r.end);
      // `@outer::@inner` refers to its leaf.
      name = name.rsplit("::").second.empty() ? name : name.rsplit("::").second;
      result.symbolUses.push_back({intern(name.ltrim('@').trim('"')), r, idx});
    }
  }
}

void RecordBuilder::collectBlocks(const DefTable &defs) {
  for (const DefTable::Block &def : defs.blocks) {
    mlir::Block *block = def.block;
    int32_t bidx = result.blocks.size();
    blockIndex[block] = bidx;
    BlockRecord rec;
    if (def.hasDef)
      rec.def = text.docRange(def.def);
    for (const TextRange &use : defs.usesOf(def.uses, def.usesEnd))
      result.append(rec.uses, text.docRange(use));
    if (mlir::Operation *parent = block->getParentOp()) {
      auto it = opIndex.find(parent);
      rec.parentOp = it == opIndex.end() ? -1 : it->second;
      rec.region = block->getParent()->getRegionNumber();
    }
    llvm::ArrayRef<DefTable::Def> args = defs.argsOf(def);
    for (unsigned i = 0, e = block->getNumArguments(); i != e; ++i) {
      ValueRecord v;
      if (i < args.size()) {
        v.def = text.docRange(args[i].loc);
        for (const TextRange &use : defs.usesOf(args[i].uses, args[i].usesEnd))
          result.append(v.uses, text.docRange(use));
      }
      v.type = typeString(block->getArgument(i).getType());
      v.ownerBlock = bidx;
      v.index = i;
      result.append(rec.args, int32_t(result.values.size()));
      result.values.push_back(std::move(v));
    }
    result.blocks.push_back(std::move(rec));
  }
}

/// Links that need every op, value and block indexed.
void RecordBuilder::collectLinks(const DefTable &defs) {
  std::vector<uint32_t> operandResults;
  for (const DefTable::Op &def : defs.ops) {
    mlir::Operation *op = def.op;
    OpRecord &rec = result.ops[opIndex[op]];
    if (mlir::Operation *parent = op->getParentOp()) {
      auto it = opIndex.find(parent);
      if (it != opIndex.end())
        rec.parent = it->second;
    }
    operandResults.clear();
    for (mlir::OpOperand &use : op->getOpOperands()) {
      int32_t value = valueIndexOf(use.get());
      result.append(rec.operands, value);
      // `%3#1`: which result of the group the operand is.
      auto res = llvm::dyn_cast<mlir::OpResult>(use.get());
      if (value < 0 || !res || result.values[value].count < 2)
        continue;
      operandResults.resize(op->getNumOperands(), 0);
      operandResults[use.getOperandNumber()] =
          res.getResultNumber() - result.values[value].index;
    }
    if (!operandResults.empty())
      result.assign(rec.operandResults, llvm::ArrayRef(operandResults));
    for (mlir::Region &region : op->getRegions())
      for (mlir::Block &block : region) {
        auto it = blockIndex.find(&block);
        if (it != blockIndex.end())
          result.append(rec.blocks, it->second);
      }
  }
}

void RecordBuilder::collectRest(DefTable &defs, size_t firstOp, bool verified) {
  reserveRest(defs);
  collectResults(defs, firstOp);
  // In text order: the parser state resolves them per symbol table in hash
  // order, which depends on where MLIR allocated the attributes.
  std::stable_sort(result.symbolUses.begin(), result.symbolUses.end(),
                   [](const SymbolUse &a, const SymbolUse &b) {
                     return a.range.begin < b.range.begin;
                   });

  collectBlocks(defs);
  collectLinks(defs);

  std::vector<mlir::Operation *> ops;
  ops.reserve(defs.ops.size());
  for (const DefTable::Op &def : defs.ops)
    ops.push_back(def.op);
  defs = DefTable();
  auto indexOf = [&](mlir::Operation *op) -> int32_t {
    auto it = opIndex.find(op);
    return it == opIndex.end() ? -1 : it->second;
  };
  result.facts = buildClauseFacts(
      ops, [&](mlir::Value v) { return valueIndexOf(v); }, indexOf);
  recordSymbolFacts(ops, indexOf, text.doc(), result);
  if (verified)
    result.accPlans = recordAccPlans(ops, indexOf);
}

void RecordBuilder::retypeRepairedArgs() {
  for (const auto &[def, type] : text.repairedArgTypes())
    for (ValueRecord &v : result.values)
      if (v.ownerBlock >= 0 && v.def.begin == def)
        v.type = intern(type);
}
