//===- Index.h - Position lookup and cross links of a chunk -----*- C++ -*-===//
//
// What is at a position (an op name, a value, a block label, a symbol
// reference, a keyword) and the links between the plain records of a chunk
// analysis (op -> facts, block argument -> clause binding, symbol -> op).
// Built once per chunk analysis and shared by every feature, so a hover on a
// 200k-line file is a binary search.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_MODEL_INDEX_H
#define OMPX_MODEL_INDEX_H

#include "dialects/OdsTables.h"
#include "server/model/Snapshot.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"

namespace ompx {

enum class EntityKind : uint8_t {
  OpName,
  ValueDef,
  ValueUse,
  BlockDef,
  BlockUse,
  SymbolUse,
  SymbolDef, ///< the `@name` of an op defining a symbol (index: the op)
};

struct Entity {
  TextRange range;
  EntityKind kind;
  int32_t index; ///< op, value, block or symbol-use index
};

/// A binding seen from its block argument.
struct BindingRef {
  int32_t fact = -1;    ///< index into ChunkAnalysis::facts
  int32_t binding = -1; ///< index into OpFacts::bindings
};

class ChunkIndex {
public:
  ChunkIndex(std::shared_ptr<const ChunkAnalysis> analysis,
             llvm::StringRef text);

  const ChunkAnalysis &analysis() const { return *a; }
  /// The entity whose range contains `offset`; a token just before the
  /// cursor counts too (the cursor sits after `%arg4`).
  const Entity *at(uint32_t offset) const;
  /// Facts of op `op`, or null.
  const OpFacts *factsOf(int32_t op) const;
  /// The clause binding whose entry block argument is `value`, if any.
  std::optional<BindingRef> bindingOf(int32_t value) const;
  const EntryBinding &binding(BindingRef r) const {
    return a->facts[r.fact].bindings[r.binding];
  }
  /// The op defining symbol `name`, or -1.
  int32_t symbolOp(llvm::StringRef name) const;
  /// The innermost op whose text contains `offset`, or -1.
  int32_t opContaining(uint32_t offset) const;
  /// The op owning the block that owns block argument `value`, or -1.
  int32_t blockArgOwner(int32_t value) const;
  /// The ODS description of op `op`, or null (not omp/acc).
  const ods::Op *odsOf(int32_t op) const;
  /// Where `op`'s clause list uses operand `operand`, found as the use of
  /// the operand's value in the op's text (the `%23` of `%23 -> %arg4`).
  std::optional<TextRange> operandUse(int32_t op, uint32_t operand) const;
  /// The operand (op, operand number) a value use at `use` stands for, when
  /// the use is in the op's own text rather than in its regions.
  std::optional<std::pair<int32_t, uint32_t>> operandAt(int32_t value,
                                                        TextRange use) const;
  /// Every entity, sorted by range.begin (semantic tokens walk them in
  /// step with the text).
  llvm::ArrayRef<Entity> allEntities() const { return entities; }
  /// Its entities and ops: what the index cache counts against its budget.
  size_t size() const { return entities.size() + opsByBegin.size(); }

private:
  std::shared_ptr<const ChunkAnalysis> a;
  std::vector<Entity> entities; ///< sorted by range.begin
  std::vector<int32_t> factOfOp;
  llvm::DenseMap<int32_t, BindingRef> bindingOfValue;
  llvm::StringMap<int32_t> symbols;
  std::vector<int32_t> opsByBegin; ///< op indices sorted by fullRange.begin
  std::vector<bool> usesSorted;    ///< per value: uses in text order
  /// The uses of `value` from the first at or after `offset` (all of them
  /// when they are not in text order).
  llvm::ArrayRef<TextRange> usesFrom(int32_t value, uint32_t offset) const;
};

/// The index of `snapshot`'s chunk `chunk` (built on first use, cached).
std::shared_ptr<const ChunkIndex> chunkIndex(const Snapshot &snapshot,
                                             int chunk);

/// The spelling of a value at its definition (`%arg4`; `%3` for the group
/// `%3:2`).
std::string valueName(const Snapshot &s, const ChunkAnalysis &a, int32_t value);

/// Result `k` of value `value`'s group as a use spells it: `%3#1` in a group
/// of several, else valueName().
std::string resultName(const Snapshot &s, const ChunkAnalysis &a, int32_t value,
                       uint32_t k);

/// Operand `operand` of op `op` as written there (`%3#1`, `%arg4`), or "?".
std::string operandName(const Snapshot &s, const ChunkAnalysis &a, int32_t op,
                        uint32_t operand);

/// Where `op` spells the symbol it defines: its first `@name` token (bare or
/// quoted) after the op name, within the op's text. The one rule for symbol
/// definitions (the index's SymbolDef entities, go-to-definition).
std::optional<TextRange> symbolDefinition(llvm::StringRef text,
                                          const OpRecord &op);

/// The bare identifier at or just before `offset` (keywords, enum values,
/// op names, also as `"omp.x"`), or an empty range.
TextRange wordAt(llvm::StringRef text, uint32_t offset);

} // namespace ompx

#endif // OMPX_MODEL_INDEX_H
