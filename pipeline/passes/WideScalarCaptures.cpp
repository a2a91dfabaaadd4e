//===- WideScalarCaptures.cpp - Scalars over 64 bits passed by copy -------===//
//
// A scalar a target region uses without a map is firstprivate: the region
// gets the value it had when the construct was met. LLVM 22 passes a
// by-copy capture in one 64-bit kernel argument, so flang-22 captures only
// scalars of 8 bytes or less by copy; a wider one (complex(8), integer(16),
// real(10), real(16)) it maps `implicit, to` by reference, which is not
// firstprivate:
//  - on the host (a host build, --device=host, a host fallback) the region
//    wrote the host's variable (`z = 1; !$omp target; z = 9` left 9);
//  - a `target nowait` copied the value when its task ran, not when the
//    construct was met (the host's later assignment leaked in).
// And a wide by-copy capture flang-22 does make (`defaultmap(to: scalar)`)
// reached the device cut to its first 8 bytes (complex(8) (1.5,2.5) read
// (1.5,0)).
//
// Each such capture becomes by-copy 64-bit words of a copy the host makes
// at the construct; the region puts the words back together in a copy of
// its own. Both the host and every device then run the region as OpenMP
// describes.
//
//===----------------------------------------------------------------------===//

#include "pipeline/passes/Passes.h"
#include "pipeline/passes/TargetEntries.h"

#include "flang/Optimizer/Dialect/FIROps.h"
#include "flang/Optimizer/Dialect/FIRType.h"
#include "flang/Optimizer/HLFIR/HLFIROps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"

namespace ompx::passes {
#define GEN_PASS_DEF_WIDESCALARCAPTURESPASS
#include "pipeline/passes/Passes.h.inc"
} // namespace ompx::passes

using namespace mlir;

namespace {
/// The bytes of an intrinsic scalar of type `t` in memory (f80 takes 16);
/// nullopt for any other type.
std::optional<unsigned> scalarBytes(Type t) {
  return llvm::TypeSwitch<Type, std::optional<unsigned>>(t)
      .Case<IntegerType>([](IntegerType i) { return (i.getWidth() + 7) / 8; })
      .Case<FloatType>([](FloatType f) {
        return f.getWidth() == 80 ? 16u : f.getWidth() / 8;
      })
      .Case<ComplexType>([](ComplexType c) -> std::optional<unsigned> {
        std::optional<unsigned> part = scalarBytes(c.getElementType());
        if (!part)
          return std::nullopt;
        return 2 * *part;
      })
      .Case<fir::LogicalType>(
          [](fir::LogicalType l) { return unsigned(l.getFKind()); })
      .Default([](Type) { return std::nullopt; });
}

std::optional<fir::FortranVariableFlagsEnum> fortranAttrs(Value v) {
  return llvm::TypeSwitch<Operation *,
                          std::optional<fir::FortranVariableFlagsEnum>>(
             v.getDefiningOp())
      .Case<hlfir::DeclareOp, fir::DeclareOp>(
          [](auto d) { return d.getFortranAttrs(); })
      .Default([](Operation *) { return std::nullopt; });
}

/// How many 64-bit words carry `map`'s value, when it is a firstprivate
/// scalar wider than 64 bits: flang's by-reference `implicit, to` map of one
/// without the TARGET attribute (ompx-implicit-map-rules made the others
/// tofrom), or a by-copy capture. 0 otherwise.
unsigned wideFirstprivateWords(omp::MapInfoOp map) {
  using Flags = omp::ClauseMapFlags;
  if (!map.getMembers().empty() || !map.getBounds().empty() ||
      map.getVarPtrPtr() || !map.getVarPtr() || !map->hasOneUse() ||
      !fir::isa_ref_type(map.getVarPtr().getType()))
    return 0;
  std::optional<unsigned> bytes = scalarBytes(map.getVarType());
  if (!bytes || *bytes <= 8)
    return 0;
  std::optional<fir::FortranVariableFlagsEnum> attrs =
      fortranAttrs(map.getVarPtr());
  // An absent optional has no value to copy (ompx-optional-captures guards
  // the narrow ones).
  if (attrs && bitEnumContainsAny(
                   *attrs, fir::FortranVariableFlagsEnum::optional |
                               fir::FortranVariableFlagsEnum::target |
                               fir::FortranVariableFlagsEnum::pointer |
                               fir::FortranVariableFlagsEnum::allocatable))
    return 0;
  bool byCopy = map.getMapCaptureType() == omp::VariableCaptureKind::ByCopy;
  bool implicitTo =
      map.getMapCaptureType() == omp::VariableCaptureKind::ByRef &&
      map.getMapType() == (Flags::implicit | Flags::to);
  if (!byCopy && !implicitTo)
    return 0;
  return (*bytes + 7) / 8;
}

/// Where allocas for code at `op` go: the entry of the closest region that
/// is outlined or of the function (not a loop's body).
Block *allocaBlock(Operation *op) {
  for (Operation *p = op->getParentOp(); p; p = p->getParentOp()) {
    if (auto outlined = dyn_cast<omp::OutlineableOpenMPOpInterface>(p))
      return outlined.getAllocaBlock();
    if (auto func = dyn_cast<func::FuncOp>(p))
      return &func.getBody().front();
  }
  return nullptr;
}

/// `words` by-copy maps of a copy of `map`'s value made here, in place of
/// `map` on `target`; the region rebuilds the value from them.
void splitIntoWords(omp::TargetOp target, omp::MapInfoOp map, unsigned words) {
  Block *hostAllocas = allocaBlock(target);
  if (!hostAllocas)
    return;
  Location loc = map.getLoc();
  Type type = map.getVarType();
  OpBuilder b(map);
  Type i64 = b.getI64Type();
  auto storage = fir::SequenceType::get({int64_t(words)}, i64);
  Type wordRef = fir::ReferenceType::get(i64);
  auto coordinate = [&](Value base, unsigned i) -> Value {
    Value index = fir::ConvertOp::create(
        b, loc, b.getIndexType(),
        arith::ConstantIntOp::create(b, loc, i64, int64_t(i)));
    return fir::CoordinateOp::create(b, loc, wordRef, base, ValueRange{index});
  };
  // The host: the value as the construct meets it, in words (the copy has
  // the type's alignment; its size is a whole number of words).
  Value copy;
  {
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToStart(hostAllocas);
    copy = fir::AllocaOp::create(b, loc, type);
  }
  fir::StoreOp::create(b, loc, fir::LoadOp::create(b, loc, map.getVarPtr()),
                       copy);
  Value copyWords =
      fir::ConvertOp::create(b, loc, fir::ReferenceType::get(storage), copy);
  using Flags = omp::ClauseMapFlags;
  Flags flags = map.getMapCaptureType() == omp::VariableCaptureKind::ByCopy
                    ? map.getMapType()
                    : Flags::implicit;
  llvm::SmallVector<Value> wordMaps;
  for (unsigned i = 0; i < words; ++i) {
    Value address = coordinate(copyWords, i);
    auto word = cast<omp::MapInfoOp>(b.clone(*map));
    word.getVarPtrMutable().assign(address);
    word.setVarType(i64);
    word.setMapType(flags);
    word.setMapCaptureType(omp::VariableCaptureKind::ByCopy);
    word->getResult(0).setType(wordRef);
    wordMaps.push_back(word.getResult());
  }

  // The region: its own copy, from the words.
  auto iface = cast<omp::BlockArgOpenMPOpInterface>(target.getOperation());
  Block &entry = target.getRegion().front();
  unsigned index = 0;
  for (Value v : target.getMapVars()) {
    if (v == map.getResult())
      break;
    ++index;
  }
  BlockArgument valueArg = iface.getMapBlockArgs()[index];
  // The region's uses of the value, before the words' loads are added.
  llvm::SmallVector<OpOperand *> uses;
  for (OpOperand &use : valueArg.getUses())
    uses.push_back(&use);
  target.getMapVarsMutable()[index].set(wordMaps[0]);
  valueArg.setType(wordRef);
  llvm::SmallVector<Value> wordArgs{valueArg};
  for (unsigned i = 1; i < words; ++i)
    wordArgs.push_back(ompx::passes::appendMapEntry(target, wordMaps[i]));
  b.setInsertionPointToStart(&entry);
  Value own = fir::AllocaOp::create(b, loc, type);
  Value ownWords =
      fir::ConvertOp::create(b, loc, fir::ReferenceType::get(storage), own);
  for (unsigned i = 0; i < words; ++i) {
    Value word = fir::LoadOp::create(b, loc, wordArgs[i]);
    fir::StoreOp::create(b, loc, word, coordinate(ownWords, i));
  }
  for (OpOperand *use : uses)
    use->set(own);
  map.erase();
}

struct WideScalarCapturesPass
    : ompx::passes::impl::WideScalarCapturesPassBase<WideScalarCapturesPass> {
  void runOnOperation() final {
    getOperation()->walk([&](omp::TargetOp target) {
      for (Value v : llvm::to_vector(target.getMapVars()))
        if (auto map = v.getDefiningOp<omp::MapInfoOp>())
          if (unsigned words = wideFirstprivateWords(map))
            splitIntoWords(target, map, words);
    });
  }
};
} // namespace
