//===- SymbolFacts.cpp - Facts of functions, globals and diagnostics ------===//

#include "server/analysis/SymbolFacts.h"
#include "server/syntax/Lexer.h"

#include "flang/Optimizer/Dialect/FIRType.h"

#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

using namespace ompx;
using llvm::StringRef;

static constexpr StringRef kDeclareTargetName = "omp.declare_target";

/// Where `op`'s text spells `omp.declare_target = #omp.declaretarget<...>`:
/// the name and the value, or nothing (an alias, another spelling). The
/// attribute dictionary comes before any region, so the lexer stops soon.
static void locateDeclareTarget(StringRef doc, const OpRecord &rec,
                                DeclareTargetFact &fact) {
  if (rec.fullRange.end > doc.size() || rec.nameRange.end > rec.fullRange.end)
    return;
  Lexer lexer(doc.take_front(rec.fullRange.end), rec.nameRange.end);
  Token t = lexer.next();
  for (; !t.is(TokenKind::Eof); t = lexer.next()) {
    if (!(t.is(TokenKind::BareIdentifier) && t.spelling == kDeclareTargetName))
      continue;
    Token eq = lexer.next(), hash = lexer.next(), open = lexer.next();
    if (!eq.isPunct("=") || !hash.is(TokenKind::HashIdentifier) ||
        hash.spelling != "#omp.declaretarget" || !open.isPunct("<"))
      return;
    // The attribute ends at its `<`'s matching `>`.
    for (int depth = 1; depth > 0;) {
      Token u = lexer.next();
      if (u.is(TokenKind::Eof))
        return;
      if (u.isPunct("<"))
        ++depth;
      else if (u.isPunct(">") && --depth == 0) {
        fact.name = t.range;
        fact.value = {hash.range.begin, u.range.end};
      }
    }
    return;
  }
}

static void recordDeclareTarget(mlir::Operation *op, const OpRecord &rec,
                                int32_t index, StringRef doc,
                                ChunkAnalysis &result) {
  auto attr =
      op->getAttrOfType<mlir::omp::DeclareTargetAttr>(kDeclareTargetName);
  if (!attr)
    return;
  DeclareTargetFact fact;
  fact.op = index;
  if (auto deviceType = attr.getDeviceType())
    fact.deviceType = intern(
        mlir::omp::stringifyDeclareTargetDeviceType(deviceType.getValue()));
  if (auto capture = attr.getCaptureClause())
    fact.captureClause = intern(
        mlir::omp::stringifyDeclareTargetCaptureClause(capture.getValue()));
  if (auto automap = attr.getAutomap())
    fact.automap = automap.getValue();
  locateDeclareTarget(doc, rec, fact);
  result.declareTargets.push_back(fact);
}

static IStr printed(mlir::Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  type.print(os);
  return intern(text);
}

/// Classifies `t`, a scalar FIR/builtin type, into `arg`.
static void classifyElement(mlir::Type t, ArgumentFact &arg) {
  using E = ArgumentFact::Element;
  if (auto i = llvm::dyn_cast<mlir::IntegerType>(t)) {
    if (i.isSignless())
      arg.element = E::Integer, arg.elementBytes = i.getWidth() / 8;
  } else if (auto f = llvm::dyn_cast<mlir::FloatType>(t)) {
    if (f.isF16() || f.isF32() || f.isF64() || f.isF128())
      arg.element = E::Real, arg.elementBytes = f.getWidth() / 8;
  } else if (auto l = llvm::dyn_cast<fir::LogicalType>(t)) {
    arg.element = E::Logical, arg.elementBytes = l.getFKind();
  } else if (auto c = llvm::dyn_cast<mlir::ComplexType>(t)) {
    auto part = llvm::dyn_cast<mlir::FloatType>(c.getElementType());
    if (part && (part.isF32() || part.isF64()))
      arg.element = E::Complex, arg.elementBytes = part.getWidth() / 8;
  }
}

/// What a driver needs of an argument's type: a reference to a scalar or to
/// an array of one, with the array's shape.
static void classify(mlir::Type type, ArgumentFact &arg) {
  auto ref = llvm::dyn_cast<fir::ReferenceType>(type);
  if (!ref)
    return;
  arg.byReference = true;
  mlir::Type inner = ref.getEleTy();
  if (auto seq = llvm::dyn_cast<fir::SequenceType>(inner)) {
    arg.array = true;
    for (int64_t extent : seq.getShape())
      arg.extents.push_back(
          extent == fir::SequenceType::getUnknownExtent() ? -1 : extent);
    inner = seq.getEleTy();
  }
  classifyElement(inner, arg);
}

static void recordFunction(mlir::FunctionOpInterface fn, int32_t index,
                           ChunkAnalysis &result) {
  FunctionFact fact;
  fact.op = index;
  llvm::ArrayRef<mlir::Type> args = fn.getArgumentTypes();
  for (unsigned i = 0, e = args.size(); i != e; ++i) {
    ArgumentFact arg;
    arg.type = printed(args[i]);
    classify(args[i], arg);
    if (auto name = fn.getArgAttrOfType<mlir::StringAttr>(i, "fir.bindc_name"))
      arg.bindcName = intern(name.getValue());
    fact.arguments.push_back(arg);
  }
  fact.results = fn.getResultTypes().size();
  result.functions.push_back(std::move(fact));
}

void ompx::recordSymbolFacts(
    llvm::ArrayRef<mlir::Operation *> ops,
    llvm::function_ref<int32_t(mlir::Operation *)> opIndex, StringRef doc,
    ChunkAnalysis &result) {
  for (mlir::Operation *op : ops) {
    // Only symbols (functions, globals) carry either fact.
    if (!op->hasAttr(mlir::SymbolTable::getSymbolAttrName()))
      continue;
    int32_t index = opIndex(op);
    if (index < 0 || size_t(index) >= result.ops.size())
      continue;
    // Signatures only of flang's external procedures: the library driver
    // (features/Driver) calls those and nothing else reads one, so other
    // functions' types are not printed.
    auto fn = llvm::dyn_cast<mlir::FunctionOpInterface>(op);
    if (fn && fn.getName().starts_with("_QP"))
      recordFunction(fn, index, result);
    recordDeclareTarget(op, result.ops[index], index, doc, result);
  }
  // Ordered by op index, as the lookups (functionOf, ...) expect.
  auto byOp = [](const auto &a, const auto &b) { return a.op < b.op; };
  llvm::stable_sort(result.functions, byOp);
  llvm::stable_sort(result.declareTargets, byOp);
}

StringRef ompx::unknownOpName(StringRef message) {
  for (StringRef lead : {"custom op '", "unregistered operation '"}) {
    size_t at = message.find(lead);
    if (at == StringRef::npos)
      continue;
    StringRef rest = message.drop_front(at + lead.size());
    return rest.take_until([](char c) { return c == '\''; });
  }
  return {};
}
