//===- AliasCover.cpp - Run-time clusters of items sharing storage --------===//
//
// The body of `_QQompx.alias_cover` (AliasCover.h): loops over the items,
// O(n^2) comparisons at run time for n items (a construct has few), in one
// function a module.
//
//===----------------------------------------------------------------------===//

#include "pipeline/passes/AliasCover.h"
#include "pipeline/passes/RuntimeCalls.h"

#include "flang/Optimizer/Builder/FIRBuilder.h"
#include "flang/Optimizer/Dialect/FIROps.h"
#include "flang/Optimizer/Dialect/FIRType.h"
#include "flang/Optimizer/Dialect/Support/KindMapping.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "llvm/ADT/STLFunctionalExtras.h"

using namespace mlir;
using namespace ompx::passes;
using Pred = arith::CmpIPredicate;

namespace {
/// Builds the function's body: fields of the buffer, loops, tests.
class CoverBody {
public:
  CoverBody(fir::FirOpBuilder &b, Location loc, Value buf, Value n)
      : b(b), loc(loc), buf(buf), n(n), i64(b.getI64Type()) {}

  /// The items' clusters (kAliasLead): the first item of each, by merging
  /// the clusters of every overlapping pair.
  void clusters() {
    each([&](Value k) {
      for (AliasField f :
           {kAliasCoverLo, kAliasCoverHi, kAliasMoveTo, kAliasMoveFrom})
        set(k, f, word(0));
      set(k, kAliasLead, word(-1));
    });
    each([&](Value i) {
      loop(add(i, index(1)), n, [&](Value j) {
        Value overlap =
            all({ne(get(i, kAliasLo), word(0)), ne(get(j, kAliasLo), word(0)),
                 cmp(Pred::ult, get(i, kAliasLo), get(j, kAliasHi)),
                 cmp(Pred::ult, get(j, kAliasLo), get(i, kAliasHi))});
        when(overlap, [&] {
          Value a = leadOr(i), c = leadOr(j);
          Value m = arith::MinSIOp::create(b, loc, a, c);
          each([&](Value k) {
            Value l = get(k, kAliasLead);
            when(any({eq(l, a), eq(l, c)}), [&] { set(k, kAliasLead, m); });
          });
          set(i, kAliasLead, m);
          set(j, kAliasLead, m);
        });
      });
    });
  }

  /// Whether each cluster is present in one copy, absent (then covered, or
  /// for `nowait` mapped right as written), or neither (`refuse` set).
  void presence(Value device, Value nowait, Value refuse) {
    Value none = slot(b.getI1Type()), together = slot(b.getI1Type()),
          natural = slot(b.getI1Type()), haveRef = slot(b.getI1Type());
    Value ref = slot(i64), lo = slot(i64), hi = slot(i64);
    each([&](Value c) {
      when(eq(get(c, kAliasLead), wordOf(c)), [&] {
        for (Value v : {none, together, natural})
          store(bit(true), v);
        store(bit(false), haveRef);
        store(word(-1), lo);
        store(word(0), hi);
        each([&](Value k) {
          when(eq(get(k, kAliasLead), wordOf(c)), [&] {
            member(k, c, device, {none, together, natural, haveRef, ref});
            store(arith::MinUIOp::create(b, loc, load(lo), get(k, kAliasLo)),
                  lo);
            store(arith::MaxUIOp::create(b, loc, load(hi), get(k, kAliasHi)),
                  hi);
          });
        });
        Value absent = all({load(none), negate(nowait)});
        when(absent, [&] {
          set(c, kAliasCoverLo, load(lo));
          set(c, kAliasCoverHi, load(hi));
        });
        Value fine = any({all({load(together), load(haveRef)}), absent,
                          all({load(none), load(natural)})});
        when(negate(fine), [&] { store(bit(true), refuse); });
      });
    });
  }

  /// Which items of covered clusters copy their bytes in and out: each
  /// byte once, by the first item holding it.
  void moves() {
    Value move = slot(b.getI1Type());
    each([&](Value k) {
      Value c = get(k, kAliasLead);
      Value cb = arith::MaxSIOp::create(b, loc, c, word(0));
      Value covered = all({cmp(Pred::sge, c, word(0)),
                           ne(get(toIndex(cb), kAliasCoverLo), word(0))});
      when(covered, [&] {
        for (auto [motion, field] : {std::pair{kAliasTo, kAliasMoveTo},
                                     std::pair{kAliasFrom, kAliasMoveFrom}}) {
          when(hasMotion(k, motion), [&] {
            store(bit(true), move);
            each([&](Value j) {
              Value holds =
                  all({ne(wordOf(j), wordOf(k)), eq(get(j, kAliasLead), c),
                       hasMotion(j, motion), inside(k, j),
                       any({cmp(Pred::ult, wordOf(j), wordOf(k)),
                            ne(get(j, kAliasLo), get(k, kAliasLo)),
                            ne(get(j, kAliasHi), get(k, kAliasHi))})});
              when(holds, [&] { store(bit(false), move); });
            });
            set(k, field, b.createConvert(loc, i64, load(move)));
          });
        }
      });
    });
  }

private:
  /// Item `k` of cluster `c`: its first and last bytes asked of
  /// libomptarget; for `nowait`, whether an earlier item of the cluster
  /// holds it and moves what it moves.
  void member(Value k, Value c, Value device, ArrayRef<Value> v) {
    Value none = v[0], together = v[1], natural = v[2], haveRef = v[3],
          ref = v[4];
    Type ptr = fir::ReferenceType::get(b.getI8Type());
    Value implicit = ne(flag(k, kAliasImplicit), word(0));
    Value lo = get(k, kAliasLo);
    for (Value host :
         {lo, arith::SubIOp::create(b, loc, get(k, kAliasHi), word(1))
                  .getResult()}) {
      Value at =
          callRuntime(b, loc, "omp_get_mapped_ptr",
                      b.getFunctionType({ptr, b.getI32Type()}, {ptr}),
                      ValueRange{b.createConvert(loc, ptr, host), device})[0];
      Value dev = b.createConvert(loc, i64, at);
      Value present = ne(dev, word(0));
      Value offset = arith::SubIOp::create(b, loc, dev, host);
      when(all({present, load(haveRef), ne(offset, load(ref))}),
           [&] { store(bit(false), together); });
      when(all({present, negate(load(haveRef))}), [&] {
        store(offset, ref);
        store(bit(true), haveRef);
      });
      when(present, [&] { store(bit(false), none); });
      when(all({negate(present), negate(implicit)}),
           [&] { store(bit(false), together); });
    }
    when(ne(wordOf(k), wordOf(c)), [&] {
      Value held = slot(b.getI1Type());
      store(bit(false), held);
      loop(index(0), k, [&](Value j) {
        Value extra = arith::AndIOp::create(
            b, loc, get(k, kAliasFlags),
            arith::XOrIOp::create(b, loc, get(j, kAliasFlags), word(-1)));
        when(all({eq(get(j, kAliasLead), wordOf(c)), inside(k, j),
                  eq(arith::AndIOp::create(b, loc, extra,
                                           word(kAliasTo | kAliasFrom)),
                     word(0))}),
             [&] { store(bit(true), held); });
      });
      when(negate(load(held)), [&] { store(bit(false), natural); });
    });
  }

  /// Whether item `k`'s bytes lie inside item `j`'s.
  Value inside(Value k, Value j) {
    return all({cmp(Pred::ule, get(j, kAliasLo), get(k, kAliasLo)),
                cmp(Pred::uge, get(j, kAliasHi), get(k, kAliasHi))});
  }
  Value hasMotion(Value k, int64_t motion) {
    return ne(flag(k, motion), word(0));
  }
  Value flag(Value k, int64_t f) {
    return arith::AndIOp::create(b, loc, get(k, kAliasFlags), word(f));
  }
  /// Item `k`'s cluster, or itself where it has none yet.
  Value leadOr(Value k) {
    Value l = get(k, kAliasLead);
    return arith::SelectOp::create(b, loc, cmp(Pred::slt, l, word(0)),
                                   wordOf(k), l);
  }

  Value field(Value k, AliasField f) {
    Value at =
        add(arith::MulIOp::create(b, loc, k, index(kAliasFields)), index(f));
    return fir::CoordinateOp::create(b, loc, fir::ReferenceType::get(i64), buf,
                                     ValueRange{at});
  }
  Value get(Value k, AliasField f) { return load(field(k, f)); }
  void set(Value k, AliasField f, Value v) { store(v, field(k, f)); }
  Value load(Value ref) { return fir::LoadOp::create(b, loc, ref); }
  void store(Value v, Value ref) { fir::StoreOp::create(b, loc, v, ref); }
  /// A variable of the function (its entry block's alloca).
  Value slot(Type t) {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(b.getAllocaBlock());
    return fir::AllocaOp::create(b, loc, t);
  }

  /// `body` for each index in [from, to).
  void loop(Value from, Value to, llvm::function_ref<void(Value)> body) {
    auto l = fir::DoLoopOp::create(
        b, loc, from, arith::SubIOp::create(b, loc, to, index(1)), index(1));
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(l.getBody());
    body(l.getInductionVar());
  }
  void each(llvm::function_ref<void(Value)> body) { loop(index(0), n, body); }
  void when(Value c, llvm::function_ref<void()> body) {
    b.genIfThen(loc, c).genThen(body).end();
  }

  Value index(int64_t v) {
    return b.createIntegerConstant(loc, b.getIndexType(), v);
  }
  Value word(int64_t v) { return b.createIntegerConstant(loc, i64, v); }
  Value wordOf(Value indexValue) {
    return b.createConvert(loc, i64, indexValue);
  }
  Value toIndex(Value v) { return b.createConvert(loc, b.getIndexType(), v); }
  Value bit(bool v) { return b.createBool(loc, v); }
  Value add(Value x, Value y) { return arith::AddIOp::create(b, loc, x, y); }
  Value cmp(Pred p, Value x, Value y) {
    return arith::CmpIOp::create(b, loc, p, x, y);
  }
  Value eq(Value x, Value y) { return cmp(Pred::eq, x, y); }
  Value ne(Value x, Value y) { return cmp(Pred::ne, x, y); }
  Value negate(Value x) { return arith::XOrIOp::create(b, loc, x, bit(true)); }
  Value all(ArrayRef<Value> xs) {
    Value r = xs.front();
    for (Value x : xs.drop_front())
      r = arith::AndIOp::create(b, loc, r, x);
    return r;
  }
  Value any(ArrayRef<Value> xs) {
    Value r = xs.front();
    for (Value x : xs.drop_front())
      r = arith::OrIOp::create(b, loc, r, x);
    return r;
  }

  fir::FirOpBuilder &b;
  Location loc;
  Value buf, n;
  Type i64;
};
} // namespace

func::FuncOp ompx::passes::aliasCoverFunction(ModuleOp module,
                                              const fir::KindMapping &kinds) {
  constexpr llvm::StringLiteral name = "_QQompx.alias_cover";
  if (auto f = module.lookupSymbol<func::FuncOp>(name))
    return f;
  Location loc = module.getLoc();
  OpBuilder mb = OpBuilder::atBlockEnd(module.getBody());
  MLIRContext *ctx = module.getContext();
  Type buffer = fir::ReferenceType::get(fir::SequenceType::get(
      {fir::SequenceType::getUnknownExtent()}, IntegerType::get(ctx, 64)));
  Type i1 = mb.getI1Type();
  auto f = func::FuncOp::create(
      mb, loc, name,
      mb.getFunctionType({buffer, mb.getIndexType(), mb.getI32Type(), i1},
                         {i1}));
  ompx::passes::makeInternal(f);
  Block *entry = f.addEntryBlock();
  OpBuilder ob = OpBuilder::atBlockEnd(entry);
  fir::FirOpBuilder b(ob, kinds);
  Value refuse = fir::AllocaOp::create(b, loc, i1);
  fir::StoreOp::create(b, loc, b.createBool(loc, false), refuse);
  CoverBody body(b, loc, entry->getArgument(0), entry->getArgument(1));
  body.clusters();
  body.presence(entry->getArgument(2), entry->getArgument(3), refuse);
  body.moves();
  func::ReturnOp::create(b, loc,
                         ValueRange{fir::LoadOp::create(b, loc, refuse)});
  return f;
}
