//===- Serialize.cpp - ChunkAnalysis to bytes and back --------------------===//
//
// One description per record: `fields(io, record)` names each field once,
// in wire order, and the same function drives both the Writer and the
// Reader. Adding a field to a record is one line here. Scalars and enums are
// written as their bytes, strings and vectors with a 32-bit length; the
// Reader checks every length against what is left, so truncated or garbled
// input fails cleanly instead of allocating or reading past the end.
// Interned strings (IStr: op names, types, symbols) are written once per
// frame: a number, followed by the text the first time that number appears,
// so the reader interns each distinct string once.
//
//===----------------------------------------------------------------------===//

#include "server/model/Serialize.h"

#include "llvm/ADT/DenseMap.h"

#include <cassert>
#include <cstring>
#include <type_traits>

using namespace ompx;

namespace ompx {
// The field lists. Keep each in declaration order of its struct.
template <class IO> void fields(IO &io, TextRange &r) { io(r.begin, r.end); }
template <class IO> void fields(IO &io, DiagnosticNote &n) {
  io(n.range, n.hasRange, n.message, n.related);
}
template <class IO> void fields(IO &io, TextEdit &e) { io(e.range, e.newText); }
template <class IO> void fields(IO &io, DiagnosticFix &f) {
  io(f.title, f.edits);
}
template <class IO> void fields(IO &io, Diagnostic &d) {
  io(d.severity, d.kind, d.range, d.anchor, d.message, d.notes, d.check,
     d.fixes, d.unknownOp);
}
template <class IO, class T> void fields(IO &io, Span<T> &s) {
  io(s.begin, s.count);
}
template <class IO> void fields(IO &io, OpRecord &o) {
  io(o.name, o.nameRange, o.fullRange, o.parent, o.results, o.operands,
     o.blocks, o.symbol, o.flags, o.operandResults, o.sourceFile, o.sourceLine,
     o.sourceColumn, o.includeFile, o.includeLine, o.includeColumn);
}
template <class IO> void fields(IO &io, ValueRecord &v) {
  io(v.def, v.uses, v.type, v.ownerOp, v.ownerBlock, v.index, v.count,
     v.typeEnds);
}
template <class IO> void fields(IO &io, BlockRecord &b) {
  io(b.def, b.uses, b.parentOp, b.region, b.args);
}
template <class IO> void fields(IO &io, SymbolUse &s) {
  io(s.name, s.range, s.userOp);
}
template <class IO> void fields(IO &io, DeclareTargetFact &d) {
  io(d.op, d.deviceType, d.captureClause, d.automap, d.name, d.value);
}
template <class IO> void fields(IO &io, ArgumentFact &f) {
  io(f.type, f.bindcName, f.byReference, f.element, f.elementBytes, f.array,
     f.extents);
}
template <class IO> void fields(IO &io, FunctionFact &f) {
  io(f.op, f.arguments, f.results);
}
template <class IO> void fields(IO &io, OperandGroup &g) {
  io(g.odsArg, g.group, g.first, g.count);
}
template <class IO> void fields(IO &io, HostEvalRole &r) {
  io(r.kind, r.group, r.user, r.dimension, r.groupSize);
}
template <class IO> void fields(IO &io, EntryBinding &b) {
  io(b.blockArg, b.odsArg, b.group, b.entry, b.operand, b.outer, b.symbol,
     b.variable, b.roles);
}
template <class IO> void fields(IO &io, AttrFact &a) {
  io(a.name, a.kind, a.flag, a.integer, a.enumIndex, a.text, a.list,
     a.integers);
}
template <class IO> void fields(IO &io, MapFacts &m) {
  io(m.varName, m.flags, m.capture, m.varType, m.mapper, m.varPtr, m.varPtrPtr,
     m.members, m.bounds, m.parent, m.partial, m.memberIndex, m.memberPath,
     m.openmpTofrom);
}
template <class IO> void fields(IO &io, OperandConstant &c) {
  io(c.operand, c.value);
}
template <class IO> void fields(IO &io, OpFacts &f) {
  io(f.op, f.odsOp, f.segmentsValid, f.groups, f.attrs, f.bindings, f.constants,
     f.hasMap, f.map, f.users, f.composite);
}
template <class IO> void fields(IO &io, AccPlan &p) {
  io(p.op, p.becomes, p.refusal, p.loopRefusal, p.level, p.seqWhy, p.where,
     p.explicitLevel, p.reductions, p.copiedFirstprivates, p.async, p.ifKept,
     p.finalize, p.ifPresent, p.implicit, p.section, p.nohost, p.bind,
     p.copiedOut, p.attach, p.detach, p.copyout, p.spmd, p.numGangs, p.split,
     p.mapFlags, p.detail, p.extra);
}
template <class IO> void fields(IO &io, ChunkAnalysis &a) {
  io(a.chunkBegin, a.chunkEnd, a.parsed, a.recovered, a.crashed, a.diagnostics,
     a.ops, a.values, a.blocks, a.symbolUses, a.indices, a.numbers, a.ranges,
     a.facts, a.accPlans, a.functions, a.declareTargets, a.sourceFiles, a.blankedUnits,
     a.staleUnits, a.parseMs, a.verifyMs, a.parseCut, a.lowered, a.lowerMs);
}
} // namespace ompx

namespace {
template <class T>
constexpr bool kScalar = std::is_arithmetic_v<T> || std::is_enum_v<T>;
/// Arrays written and read as their bytes, in one copy: scalars (bools are
/// checked one by one) and ranges (two uint32_t, no padding).
template <class T>
constexpr bool kBulk =
    (kScalar<T> && !std::is_same_v<T, bool>) || std::is_same_v<T, TextRange>;
static_assert(sizeof(TextRange) == 2 * sizeof(uint32_t) &&
              std::is_trivially_copyable_v<TextRange>);

/// Adds up the bytes Writer will append, so that the frame is allocated
/// once at its size (a 1M-op chunk's is over 100 MB; grown by doubling, it
/// would hold up to twice that).
class Sizer {
public:
  template <class... Ts> void operator()(const Ts &...xs) { (put(xs), ...); }
  size_t size = 0;

private:
  template <class T> void put(const T &x) {
    if constexpr (kScalar<T>)
      size += sizeof(T);
    else // fields() only reads through the reference here
      fields(*this, const_cast<T &>(x));
  }
  void put(const std::string &s) { size += sizeof(uint32_t) + s.size(); }
  void put(const IStr &s) {
    size += sizeof(uint32_t);
    if (strings.try_emplace(s.number(), strings.size()).second)
      size += sizeof(uint32_t) + s.size();
  }
  template <class T> void put(const std::vector<T> &v) {
    size += sizeof(uint32_t);
    if constexpr (kBulk<T>)
      size += v.size() * sizeof(T);
    else
      for (const T &x : v)
        put(x);
  }
  /// Interned strings are unique: the number names the string.
  llvm::DenseMap<uint32_t, uint32_t> strings;
};

class Writer {
public:
  explicit Writer(std::string &out) : out(out) {}
  template <class... Ts> void operator()(const Ts &...xs) { (put(xs), ...); }

private:
  template <class T> void put(const T &x) {
    if constexpr (kScalar<T>)
      out.append(reinterpret_cast<const char *>(&x), sizeof(T));
    else // fields() only reads through the reference when writing
      fields(*this, const_cast<T &>(x));
  }
  void put(const std::string &s) {
    put(uint32_t(s.size()));
    out.append(s);
  }
  void put(const IStr &s) {
    auto [it, first] = strings.try_emplace(s.number(), strings.size());
    put(it->second);
    if (first) {
      put(uint32_t(s.size()));
      out.append(s.data(), s.size());
    }
  }
  template <class T> void put(const std::vector<T> &v) {
    put(uint32_t(v.size()));
    if constexpr (kBulk<T>) {
      if (!v.empty())
        out.append(reinterpret_cast<const char *>(v.data()),
                   v.size() * sizeof(T));
    } else {
      for (const T &x : v)
        put(x);
    }
  }
  std::string &out;
  llvm::DenseMap<uint32_t, uint32_t> strings;
};

class Reader {
public:
  explicit Reader(llvm::StringRef in) : in(in) {}
  bool ok() const { return good; }
  bool atEnd() const { return pos == in.size(); }
  template <class... Ts> void operator()(Ts &...xs) { (get(xs), ...); }

private:
  template <class T> void get(T &x) {
    if constexpr (std::is_same_v<T, bool>) {
      uint8_t b = 0;
      take(&b, 1);
      good &= b <= 1;
      x = b;
    } else if constexpr (kScalar<T>) {
      take(&x, sizeof(T));
    } else {
      fields(*this, x);
    }
  }
  void get(std::string &s) {
    uint32_t n = 0;
    get(n);
    if (!good || n > in.size() - pos) {
      good = false;
      return;
    }
    s.assign(in.data() + pos, n);
    pos += n;
  }
  void get(IStr &s) {
    uint32_t n = 0;
    get(n);
    if (!good || n > strings.size()) {
      good = false;
      return;
    }
    if (n == strings.size()) { // its first use: the text follows
      std::string text;
      get(text);
      if (!good)
        return;
      strings.push_back(intern(text));
    }
    s = strings[n];
  }
  template <class T> void get(std::vector<T> &v) {
    uint32_t n = 0;
    get(n);
    // Every element takes at least one byte: reject absurd counts early.
    if (!good || n > in.size() - pos) {
      good = false;
      return;
    }
    if constexpr (kBulk<T>) {
      v.resize(n);
      if (n) // an empty vector's data() may be null, memcpy's may not
        take(v.data(), size_t(n) * sizeof(T));
      return;
    }
    v.resize(n);
    for (T &x : v) {
      get(x);
      if (!good)
        return;
    }
  }
  void take(void *dst, size_t n) {
    if (!good || in.size() - pos < n) {
      good = false;
      return;
    }
    std::memcpy(dst, in.data() + pos, n);
    pos += n;
  }
  llvm::StringRef in;
  size_t pos = 0;
  bool good = true;
  std::vector<IStr> strings;
};
} // namespace

static constexpr uint32_t kMagic = 0x6f6d7861; // "omxa"

void ompx::serialize(const ChunkAnalysis &a, std::string &out) {
  Sizer sizer;
  sizer(kMagic, a);
  size_t before = out.size();
  out.reserve(before + sizer.size);
  Writer w(out);
  w(kMagic, a);
  assert(out.size() == before + sizer.size && "Sizer and Writer disagree");
  (void)before;
}

bool ompx::deserialize(llvm::StringRef in, ChunkAnalysis &a) {
  Reader r(in);
  uint32_t magic = 0;
  r(magic);
  if (!r.ok() || magic != kMagic)
    return false;
  r(a);
  return r.ok() && r.atEnd() && a.spansValid();
}
