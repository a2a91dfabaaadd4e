//===- Serialize.cpp - ChunkAnalysis to bytes and back --------------------===//

#include "server/model/Serialize.h"

#include <cstring>

using namespace ompx;

namespace {
class Writer {
public:
  explicit Writer(std::string &out) : out(out) {}
  void u32(uint32_t v) { out.append(reinterpret_cast<const char *>(&v), 4); }
  void i32(int32_t v) { u32(static_cast<uint32_t>(v)); }
  void f64(double v) { out.append(reinterpret_cast<const char *>(&v), 8); }
  void str(const std::string &s) {
    u32(s.size());
    out.append(s);
  }
  void range(const TextRange &r) {
    u32(r.begin);
    u32(r.end);
  }
  template <typename T, typename Fn> void list(const std::vector<T> &v, Fn fn) {
    u32(v.size());
    for (const T &x : v)
      fn(x);
  }

private:
  std::string &out;
};

class Reader {
public:
  explicit Reader(llvm::StringRef in) : in(in) {}
  bool ok() const { return good; }
  uint32_t u32() {
    uint32_t v = 0;
    take(&v, 4);
    return v;
  }
  int32_t i32() { return static_cast<int32_t>(u32()); }
  double f64() {
    double v = 0;
    take(&v, 8);
    return v;
  }
  std::string str() {
    uint32_t n = u32();
    if (!good || n > in.size() - pos) {
      good = false;
      return {};
    }
    std::string s = in.substr(pos, n).str();
    pos += n;
    return s;
  }
  TextRange range() {
    TextRange r;
    r.begin = u32();
    r.end = u32();
    return r;
  }
  template <typename T, typename Fn> void list(std::vector<T> &v, Fn fn) {
    uint32_t n = u32();
    // Each element takes at least 4 bytes: reject absurd counts early.
    if (!good || n > (in.size() - pos) / 4 + 1) {
      good = false;
      return;
    }
    v.resize(n);
    for (T &x : v)
      fn(x);
  }

private:
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
};
} // namespace

static constexpr uint32_t kMagic = 0x6f6d7832; // "omx2"

void ompx::serialize(const ChunkAnalysis &a, std::string &out) {
  Writer w(out);
  w.u32(kMagic);
  w.u32(a.chunkBegin);
  w.u32(a.chunkEnd);
  w.u32(a.parsed | a.recovered << 1 | a.crashed << 2);
  w.f64(a.parseMs);
  w.f64(a.verifyMs);
  w.list(a.diagnostics, [&](const Diagnostic &d) {
    w.u32(uint32_t(d.severity) | uint32_t(d.kind) << 8);
    w.range(d.range);
    w.u32(d.anchor);
    w.str(d.message);
    w.list(d.notes, [&](const DiagnosticNote &n) {
      w.range(n.range);
      w.u32(n.hasRange);
      w.str(n.message);
    });
  });
  auto ints = [&](const std::vector<int32_t> &v) {
    w.list(v, [&](int32_t x) { w.i32(x); });
  };
  auto ranges = [&](const std::vector<TextRange> &v) {
    w.list(v, [&](const TextRange &r) { w.range(r); });
  };
  w.list(a.ops, [&](const OpRecord &op) {
    w.str(op.name);
    w.range(op.nameRange);
    w.range(op.fullRange);
    w.i32(op.parent);
    ints(op.results);
    ints(op.operands);
    ints(op.blocks);
    w.str(op.symbol);
    w.u32(op.flags);
  });
  w.list(a.values, [&](const ValueRecord &v) {
    w.range(v.def);
    ranges(v.uses);
    w.str(v.type);
    w.i32(v.ownerOp);
    w.i32(v.ownerBlock);
    w.u32(v.index);
    w.u32(v.count);
  });
  w.list(a.blocks, [&](const BlockRecord &b) {
    w.range(b.def);
    ranges(b.uses);
    w.i32(b.parentOp);
    w.u32(b.region);
    ints(b.args);
  });
  w.list(a.symbolUses, [&](const SymbolUse &s) {
    w.str(s.name);
    w.range(s.range);
    w.i32(s.userOp);
  });
  auto strs = [&](const std::vector<std::string> &v) {
    w.list(v, [&](const std::string &x) { w.str(x); });
  };
  w.list(a.facts, [&](const OpFacts &f) {
    w.i32(f.op);
    w.i32(f.odsOp);
    w.u32(f.segmentsValid | f.hasMap << 1 | f.map.partial << 2);
    w.list(f.groups, [&](const OperandGroup &g) {
      w.u32(g.odsArg);
      w.u32(g.first);
      w.u32(g.count);
    });
    w.list(f.attrs, [&](const AttrFact &x) {
      w.str(x.name);
      w.str(x.value);
    });
    w.list(f.bindings, [&](const EntryBinding &b) {
      w.i32(b.blockArg);
      w.u32(b.odsArg);
      w.u32(b.entry);
      w.u32(b.operand);
      w.i32(b.outer);
      strs(b.roles);
    });
    w.list(f.constants, [&](const OperandConstant &c) {
      w.u32(c.operand);
      w.str(c.literal);
    });
    if (f.hasMap) {
      const MapFacts &m = f.map;
      w.str(m.varName);
      strs(m.flags);
      w.str(m.capture);
      w.str(m.varType);
      w.str(m.mapper);
      w.i32(m.varPtr);
      w.i32(m.varPtrPtr);
      ints(m.members);
      ints(m.bounds);
      w.i32(m.parent);
    }
    ints(f.users);
    w.str(f.composite);
  });
}

bool ompx::deserialize(llvm::StringRef in, ChunkAnalysis &a) {
  Reader r(in);
  if (r.u32() != kMagic)
    return false;
  a.chunkBegin = r.u32();
  a.chunkEnd = r.u32();
  uint32_t flags = r.u32();
  a.parsed = flags & 1;
  a.recovered = flags & 2;
  a.crashed = flags & 4;
  a.parseMs = r.f64();
  a.verifyMs = r.f64();
  r.list(a.diagnostics, [&](Diagnostic &d) {
    uint32_t sk = r.u32();
    d.severity = Severity(sk & 0xff);
    d.kind = DiagKind(sk >> 8);
    d.range = r.range();
    d.anchor = r.u32();
    d.message = r.str();
    r.list(d.notes, [&](DiagnosticNote &n) {
      n.range = r.range();
      n.hasRange = r.u32();
      n.message = r.str();
    });
  });
  auto ints = [&](std::vector<int32_t> &v) {
    r.list(v, [&](int32_t &x) { x = r.i32(); });
  };
  auto ranges = [&](std::vector<TextRange> &v) {
    r.list(v, [&](TextRange &x) { x = r.range(); });
  };
  r.list(a.ops, [&](OpRecord &op) {
    op.name = r.str();
    op.nameRange = r.range();
    op.fullRange = r.range();
    op.parent = r.i32();
    ints(op.results);
    ints(op.operands);
    ints(op.blocks);
    op.symbol = r.str();
    op.flags = r.u32();
  });
  r.list(a.values, [&](ValueRecord &v) {
    v.def = r.range();
    ranges(v.uses);
    v.type = r.str();
    v.ownerOp = r.i32();
    v.ownerBlock = r.i32();
    v.index = r.u32();
    v.count = r.u32();
  });
  r.list(a.blocks, [&](BlockRecord &b) {
    b.def = r.range();
    ranges(b.uses);
    b.parentOp = r.i32();
    b.region = r.u32();
    ints(b.args);
  });
  r.list(a.symbolUses, [&](SymbolUse &s) {
    s.name = r.str();
    s.range = r.range();
    s.userOp = r.i32();
  });
  auto strs = [&](std::vector<std::string> &v) {
    r.list(v, [&](std::string &x) { x = r.str(); });
  };
  r.list(a.facts, [&](OpFacts &f) {
    f.op = r.i32();
    f.odsOp = r.i32();
    uint32_t flags = r.u32();
    f.segmentsValid = flags & 1;
    f.hasMap = flags & 2;
    f.map.partial = flags & 4;
    r.list(f.groups, [&](OperandGroup &g) {
      g.odsArg = uint16_t(r.u32());
      g.first = r.u32();
      g.count = r.u32();
    });
    r.list(f.attrs, [&](AttrFact &x) {
      x.name = r.str();
      x.value = r.str();
    });
    r.list(f.bindings, [&](EntryBinding &b) {
      b.blockArg = r.i32();
      b.odsArg = uint16_t(r.u32());
      b.entry = r.u32();
      b.operand = r.u32();
      b.outer = r.i32();
      strs(b.roles);
    });
    r.list(f.constants, [&](OperandConstant &c) {
      c.operand = r.u32();
      c.literal = r.str();
    });
    if (f.hasMap) {
      MapFacts &m = f.map;
      m.varName = r.str();
      strs(m.flags);
      m.capture = r.str();
      m.varType = r.str();
      m.mapper = r.str();
      m.varPtr = r.i32();
      m.varPtrPtr = r.i32();
      ints(m.members);
      ints(m.bounds);
      m.parent = r.i32();
    }
    ints(f.users);
    f.composite = r.str();
  });
  return r.ok();
}
