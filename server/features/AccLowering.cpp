//===- AccLowering.cpp - What acc-to-omp makes of an acc op ---------------===//
//
// Mirrors the decisions of pipeline/passes/AccToOmp.cpp (Converter):
// structuredFlags, convertEnterData/ExitData/Update/HostData/Set,
// convertCompute (SPMD loop or gang-redundant code), levelOf, checkLoop and
// convertRoutines. When the pass changes, change the matching case here;
// test/features/acc-lowering-hover.mlir pins the sentences.
//
//===----------------------------------------------------------------------===//

#include "server/features/AccLowering.h"
#include "server/features/Describe.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"

using namespace ompx;
using llvm::StringRef;

namespace {

/// How one acc.loop runs (AccToOmp.cpp's Level).
enum class Level { Seq, Gang, GangVector, Worker };

class Reader {
public:
  explicit Reader(const ChunkIndex &index) : idx(index), a(index.analysis()) {}

  std::optional<AccLoweringNote> note(int32_t op);

private:
  StringRef name(int32_t op) const {
    return op >= 0 && size_t(op) < a.ops.size() ? StringRef(a.ops[op].name)
                                                : StringRef();
  }
  /// The operands of ODS group `group` of `op`, as op indices of their
  /// defining ops (-1: not a result in this chunk).
  std::vector<int32_t> groupDefs(int32_t op, StringRef group) const;
  uint32_t groupCount(int32_t op, StringRef group) const;
  /// An attribute that is set: a true flag, or any other value.
  bool has(int32_t op, StringRef attr) const;
  /// A device-type list attribute (`seq = [#acc.device_type<none>]`) that
  /// names the default device type, as the pass's `hasSeq(None)` reads it.
  bool forNone(int32_t op, StringRef attr) const;
  /// Users of `op`'s first result and the ODS group of the use.
  std::vector<std::pair<int32_t, std::string>> users(int32_t op) const;
  /// The acc op behind the data clause operand of exit op `op`.
  int32_t entryOf(int32_t op) const;

  std::optional<AccLoweringNote> compute(int32_t op, StringRef kind);
  std::optional<AccLoweringNote> loop(int32_t op);
  std::optional<AccLoweringNote> entry(int32_t op);
  std::optional<AccLoweringNote> exitOp(int32_t op);
  /// Refusals of the clauses of a compute or data construct.
  std::optional<AccLoweringNote> badClause(int32_t op) const;
  /// Where a loop runs: its level, or why it runs sequentially / is refused.
  struct LoopPlan {
    Level level = Level::Seq;
    std::string why;     ///< for Seq: why sequential
    std::string refusal; ///< non-empty: the pass reports an error
    std::string caveat;  ///< a condition the records cannot settle
    bool explicitLevel = false;
  };
  LoopPlan plan(int32_t op);
  Level ownLevel(int32_t op, bool kernels) const;

  const ChunkIndex &idx;
  const ChunkAnalysis &a;
};

AccLoweringNote lowered(std::string text) { return {std::move(text), false}; }
AccLoweringNote refused(std::string why) { return {std::move(why), true}; }

std::vector<int32_t> Reader::groupDefs(int32_t op, StringRef group) const {
  std::vector<int32_t> out;
  const OpFacts *f = idx.factsOf(op);
  const ods::Op *info = idx.odsOf(op);
  if (!f || !info)
    return out;
  const OpRecord &rec = a.ops[op];
  for (const OperandGroup &g : f->groups) {
    if (g.odsArg >= info->numArgs || group != info->args[g.odsArg].name)
      continue;
    for (uint32_t i = g.first; i < g.first + g.count; ++i) {
      int32_t v = i < rec.operands.size() ? a[rec.operands][i] : -1;
      out.push_back(v >= 0 ? a.values[v].ownerOp : -1);
    }
  }
  return out;
}

uint32_t Reader::groupCount(int32_t op, StringRef group) const {
  return groupDefs(op, group).size();
}

bool Reader::has(int32_t op, StringRef attr) const {
  const OpFacts *f = idx.factsOf(op);
  const AttrFact *at = f ? f->attr(attr) : nullptr;
  return at && (at->kind != AttrKind::Flag || at->flag);
}

bool Reader::forNone(int32_t op, StringRef attr) const {
  const OpFacts *f = idx.factsOf(op);
  const AttrFact *at = f ? f->attr(attr) : nullptr;
  return at && StringRef(at->text).contains("device_type<none>");
}

std::vector<std::pair<int32_t, std::string>> Reader::users(int32_t op) const {
  std::vector<std::pair<int32_t, std::string>> out;
  const OpFacts *f = idx.factsOf(op);
  const OpRecord &rec = a.ops[op];
  if (!f || rec.results.empty())
    return out;
  for (int32_t u : f->users) {
    std::string group;
    const OpRecord &ur = a.ops[u];
    for (uint32_t i = 0; i < ur.operands.size(); ++i)
      if (a[ur.operands][i] == a[rec.results][0])
        if (auto cl = operandClause(idx, u, i)) {
          group = cl->first->name;
          break;
        }
    out.emplace_back(u, std::move(group));
  }
  return out;
}

int32_t Reader::entryOf(int32_t op) const {
  for (int32_t v : a[a.ops[op].operands]) {
    int32_t def = v >= 0 ? a.values[v].ownerOp : -1;
    if (def >= 0 && def != op && name(def).starts_with("acc."))
      return def;
  }
  return -1;
}

/// Whether the construct or data region `user` is where a structured clause
/// lives (its map entry gets ompx_hold).
bool isStructuredUser(StringRef user) {
  return user == "acc.parallel" || user == "acc.serial" ||
         user == "acc.kernels" || user == "acc.data";
}

/// The omp op a structured clause's map entry belongs to.
StringRef ompOf(StringRef user) {
  return user == "acc.data" ? "omp.target_data" : "omp.target";
}

/// structuredFlags() of AccToOmp.cpp for entry op `entry` ("" if refused).
std::string structuredMapType(StringRef entry, bool copiedOut) {
  std::string type =
      llvm::StringSwitch<std::string>(entry)
          .Case("acc.copyin", "to")
          .Cases({"acc.present", "acc.attach"}, "present, storage")
          .Cases({"acc.create", "acc.nocreate"}, "storage")
          .Default("");
  if (type.empty())
    return type;
  if (copiedOut)
    type = type == "to"        ? "tofrom"
           : type == "storage" ? "from"
                               : "present, from";
  return type + ", ompx_hold";
}

std::optional<AccLoweringNote> Reader::badClause(int32_t op) const {
  for (int32_t def : groupDefs(op, "dataClauseOperands")) {
    StringRef entry = name(def);
    if (def >= 0 && entry != "acc.deviceptr" &&
        structuredMapType(entry, false).empty())
      return refused("the `" + entry.str() +
                     "` clause: no OpenMP map type expresses it");
  }
  return std::nullopt;
}

/// The async/wait clauses of an op: the pass runs everything synchronously.
std::string syncNote(bool any) {
  return any ? "; `async`/`wait` run synchronously" : "";
}

/// How acc-to-omp passes a firstprivate, from its `varType` (the pass's
/// isTrivialScalar, fitsByCopy and copyableFirstprivate).
enum class FirstprivateWay { ByCopy, Copied, Refused };

/// An intrinsic scalar type's spelling; `narrow`: 64 bits at most and not
/// complex (a kernel argument carries it by copy).
bool intrinsicScalar(StringRef t, bool &narrow) {
  auto bits = [](StringRef digits, unsigned &n) {
    return !digits.empty() && llvm::all_of(digits, llvm::isDigit) &&
           !digits.getAsInteger(10, n);
  };
  unsigned n = 0;
  if (t == "index") {
    narrow = true;
    return true;
  }
  if (t.consume_front("!fir.logical<") && t.consume_back(">") && bits(t, n)) {
    narrow = n <= 8;
    return true;
  }
  if (t.consume_front("complex<") && t.consume_back(">")) {
    bool ignored;
    narrow = false;
    return (t.starts_with("f") || t.starts_with("bf")) &&
           intrinsicScalar(t, ignored);
  }
  // `!fir.vector<4:f32>` (PowerPC vectors): intrinsic, never by copy.
  if (t.consume_front("!fir.vector<") && t.consume_back(">")) {
    bool ignored;
    auto [count, elem] = t.split(':');
    narrow = false;
    return bits(count, n) && intrinsicScalar(elem, ignored);
  }
  if ((t.consume_front("bf") || t.consume_front("i") || t.consume_front("f")) &&
      bits(t, n)) {
    narrow = n <= 64;
    return true;
  }
  return false;
}

FirstprivateWay firstprivateWay(const OpFacts *f) {
  std::string type = f ? attrWord(*f, "varType") : "";
  StringRef t = type;
  bool narrow = false;
  if (intrinsicScalar(t, narrow))
    return narrow ? FirstprivateWay::ByCopy : FirstprivateWay::Copied;
  // `!fir.array<4x8xf32>`: constant extents, an intrinsic element.
  if (t.consume_front("!fir.array<") && t.consume_back(">")) {
    unsigned dims = 0;
    for (size_t n; (n = t.find_first_not_of("0123456789")) != 0 &&
                   n != StringRef::npos && t[n] == 'x';
         ++dims)
      t = t.drop_front(n + 1);
    if (dims && intrinsicScalar(t, narrow))
      return FirstprivateWay::Copied;
  }
  return FirstprivateWay::Refused;
}

std::string varTypeOf(const OpFacts *f) {
  return f ? attrWord(*f, "varType") : "";
}

/// Whether the reduction pass declares a reduction for `varType`: an
/// intrinsic scalar (integer, real, logical, complex).
bool reducibleType(const OpFacts *f) {
  bool narrow;
  std::string type = varTypeOf(f);
  return intrinsicScalar(type, narrow) &&
         !StringRef(type).starts_with("!fir.vector<") && type != "index";
}

std::optional<AccLoweringNote> Reader::compute(int32_t op, StringRef kind) {
  if (groupCount(op, "selfCond") || has(op, "selfAttr"))
    return refused("the `self` clause");
  if (kind != "acc.serial" && groupCount(op, "numGangs") > 1)
    return refused("`num_gangs` with more than one value (OpenMP teams are "
                   "one-dimensional)");
  if (auto bad = badClause(op))
    return bad;
  bool copied = false;
  for (int32_t fp : groupDefs(op, "firstprivateOperands")) {
    FirstprivateWay way = groupCount(fp, "bounds")
                              ? FirstprivateWay::Refused
                              : firstprivateWay(idx.factsOf(fp));
    if (way == FirstprivateWay::Refused ||
        (way == FirstprivateWay::Copied && kind == "acc.kernels"))
      return refused(
          "`firstprivate` of " +
          std::string(groupCount(fp, "bounds") ? "a section of " : "") + "`" +
          varTypeOf(idx.factsOf(fp)) +
          "` (intrinsic scalars and whole arrays of constant size "
          "are lowered)");
    copied |= way == FirstprivateWay::Copied;
  }
  bool async = groupCount(op, "asyncOperands") || has(op, "asyncOnly") ||
               groupCount(op, "waitOperands") || has(op, "waitOnly");
  std::string text;
  if (kind == "acc.serial")
    text = "Offloads as `omp.target` run by one thread (acc-to-omp); its "
           "loops run sequentially";
  else if (kind == "acc.parallel")
    text = "Offloads as `omp.target` + `omp.teams` (acc-to-omp); a loop "
           "alone in it becomes `target teams distribute parallel do`; with "
           "other code it runs in one team (in each of `num_gangs` teams when "
           "given), its loops shared by the team's threads";
  else
    text = "Offloads as one kernel per loop nest (acc-to-omp): an "
           "independent loop becomes `target teams distribute parallel do`, "
           "other loops and the code between them run on one thread, all "
           "inside `omp.target_data` with the kernels' clauses";
  for (int32_t red : groupDefs(op, "reductionOperands"))
    if (!reducibleType(idx.factsOf(red)))
      return refused("a reduction on `" + varTypeOf(idx.factsOf(red)) +
                     "` (integer, real, logical and complex scalars are "
                     "lowered)");
  if (groupCount(op, "reductionOperands"))
    text += kind == "acc.serial"
                ? "; its reduction variables map `tofrom`"
                : "; its reduction variables map `tofrom` and reduce over "
                  "the teams";
  if (copied)
    text += kind == "acc.serial"
                ? "; its array and wide firstprivates map a host copy `to` "
                  "and are copied once in the kernel"
                : "; its array and wide firstprivates map a host copy `to` "
                  "and are copied per team (a lone parallel loop: per "
                  "thread, a lone gang loop: per team, as `omp.private`)";
  return lowered(text + syncNote(async));
}

Level Reader::ownLevel(int32_t op, bool kernels) const {
  if (forNone(op, "seq") || forNone(op, "auto_") || has(op, "unstructured"))
    return Level::Seq;
  bool gang = forNone(op, "gang");
  bool wv = forNone(op, "worker") || forNone(op, "vector");
  if (gang)
    return wv ? Level::GangVector : Level::Gang;
  if (wv)
    return Level::Worker;
  if (!kernels || forNone(op, "independent"))
    return Level::GangVector;
  return Level::Seq;
}

Reader::LoopPlan Reader::plan(int32_t op) {
  LoopPlan p;
  int32_t compute = -1;
  bool nested = false;
  for (int32_t up = a.ops[op].parent; up >= 0; up = a.ops[up].parent) {
    StringRef n = name(up);
    if (n == "acc.loop")
      nested = true;
    if (n == "acc.parallel" || n == "acc.serial" || n == "acc.kernels") {
      compute = up;
      break;
    }
  }
  StringRef kind = name(compute);
  if (compute < 0) {
    p.why = "an orphan loop runs sequentially in the caller's thread (in an "
            "`acc routine`)";
    return p;
  }
  if (kind == "acc.serial") {
    p.why = "in a serial construct every loop runs sequentially";
    return p;
  }
  if (nested) {
    p.why = "a loop nested in another loop runs sequentially in each thread";
    return p;
  }
  bool kernels = kind == "acc.kernels";
  bool direct = a.ops[op].parent == compute;
  if (kernels && !direct) {
    p.why = "a loop inside other code of a kernels region runs on one "
            "thread with that code";
    return p;
  }
  if (!direct) {
    // Neither the SPMD nest nor gang-redundant code converts it.
    p.refusal = "a loop inside other code of a parallel construct";
    return p;
  }
  p.level = ownLevel(op, kernels);
  p.explicitLevel =
      forNone(op, "gang") || forNone(op, "worker") || forNone(op, "vector");
  if (p.level == Level::Seq) {
    p.why = forNone(op, "seq")     ? "`seq`"
            : forNone(op, "auto_") ? "`auto` runs it sequentially"
            : has(op, "unstructured")
                ? "an unstructured loop runs sequentially"
                : "in kernels only an `independent` loop or one with a level "
                  "is partitioned";
    return p;
  }
  bool gangs = groupCount(compute, "numGangs") > 0;
  if (kernels)
    p.caveat = "as its own kernel";
  else if ((p.level == Level::Gang || p.level == Level::GangVector) && gangs)
    p.caveat = "after other code of the construct too (its bounds evaluated "
               "on the host)";
  else if (p.level == Level::Worker && gangs)
    p.caveat = "in each of the `num_gangs` teams";
  else if (p.level != Level::Worker)
    p.caveat = "when it is the construct's only code (beside other code: "
               "`parallel do` of the construct's one team)";
  return p;
}

std::optional<AccLoweringNote> Reader::loop(int32_t op) {
  if (groupCount(op, "firstprivateOperands"))
    return refused("`firstprivate` on a loop");
  if (const OpFacts *f = idx.factsOf(op))
    if (const AttrFact *at = f->attr("gangOperandsArgType");
        at && StringRef(at->text).contains_insensitive("dim"))
      return refused("`gang(dim:)`: OpenMP teams are one-dimensional");
  LoopPlan p = plan(op);
  if (!p.refusal.empty())
    return refused(p.refusal);
  bool reduction = groupCount(op, "reductionOperands") > 0;
  for (int32_t red : groupDefs(op, "reductionOperands"))
    if (!reducibleType(idx.factsOf(red)))
      return refused("a reduction on `" + varTypeOf(idx.factsOf(red)) +
                     "` (integer, real, logical and complex scalars are "
                     "lowered)");
  std::string text;
  switch (p.level) {
  case Level::Seq:
    text = "Runs as a sequential loop (acc-to-omp): " + p.why;
    if (reduction)
      text += "; its reduction accumulates in the variable itself";
    break;
  case Level::Gang:
    text = "`gang` → `distribute` of `target teams distribute` (acc-to-omp)";
    break;
  case Level::GangVector:
    text = p.explicitLevel
               ? "`gang` with `worker`/`vector` → `distribute parallel do` "
                 "(acc-to-omp)"
               : "No level given → `distribute parallel do` (gang vector, "
                 "acc-to-omp)";
    break;
  case Level::Worker:
    text = "`worker`/`vector` → `parallel do` shared by a team's threads "
           "(acc-to-omp; alone in the construct: `distribute parallel do`)";
    break;
  }
  if (!p.caveat.empty())
    text += ", " + p.caveat;
  if (reduction && p.level != Level::Seq)
    text += std::string("; its reductions → `omp.declare_reduction` on "
                        "`omp.teams`") +
            (p.level == Level::Gang ? "" : " and the `omp.wsloop`") +
            " (in a construct with `num_gangs` beside other code: only into "
            "the construct's reduction or private copy)";
  if (const OpFacts *f = idx.factsOf(op))
    if (const AttrFact *at = f->attr("collapse")) {
      std::string n = at->integers.size() == 1
                          ? std::to_string(at->integers[0])
                          : StringRef(at->text).trim("[] ").str();
      text += "; `collapse(" + n + ")` kept";
    }
  return lowered(text);
}

std::optional<AccLoweringNote> Reader::entry(int32_t op) {
  StringRef n = name(op);
  if (const OpFacts *f = idx.factsOf(op))
    if (const AttrFact *dc = f->attr("dataClause");
        dc && StringRef(dc->text).contains("_zero"))
      return refused("the `zero` modifier: OpenMP maps never zero memory");
  if (n == "acc.cache")
    return refused("`" + n.str() + "`");
  if (n == "acc.deviceptr")
    return lowered("`has_device_addr` entry of the `omp.target` "
                   "(acc-to-omp): the variable already holds a device "
                   "address");
  if (n == "acc.declare_link")
    return lowered("Its global becomes `declare target link` (acc-to-omp)");
  if (n == "acc.declare_device_resident")
    return lowered("Its global becomes `declare target` (acc-to-omp)");
  auto us = users(op);
  bool copiedOut = false, deleted = false, detached = false, hostUpdate = false;
  for (auto &[u, group] : us) {
    StringRef un = name(u);
    copiedOut |= un == "acc.copyout";
    deleted |= un == "acc.delete";
    detached |= un == "acc.detach";
    hostUpdate |= un == "acc.update_host";
  }
  bool declared = false, undeclared = false;
  for (auto &[u, group] : us) {
    declared |= name(u) == "acc.declare_enter";
    undeclared |= name(u) == "acc.declare_exit";
  }
  if (declared && undeclared && (n == "acc.copyin" || n == "acc.create"))
    return lowered(std::string("Map entry `") +
                   (n == "acc.copyin" ? "to" : "storage") +
                   "` of `omp.target_enter_data` at the declaration and `" +
                   (copiedOut ? "from" : "storage") +
                   "` of `omp.target_exit_data` where it ends (acc-to-omp)");
  bool implicit = has(op, "implicit");
  auto withImplicit = [&](std::string type) {
    return implicit ? type + ", implicit" : type;
  };
  for (auto &[u, group] : us) {
    StringRef un = name(u);
    if (n == "acc.private" && (isStructuredUser(un) || un == "acc.loop"))
      return lowered(un == "acc.loop"
                         ? "Inlined by acc-to-omp: the recipe's init makes a "
                           "fresh copy in each iteration"
                         : "Inlined by acc-to-omp: the recipe's init makes "
                           "one copy per gang");
    if (n == "acc.firstprivate") {
      if (un == "acc.loop")
        return refused("`firstprivate` on a loop");
      FirstprivateWay way = groupCount(op, "bounds")
                                ? FirstprivateWay::Refused
                                : firstprivateWay(idx.factsOf(op));
      if (way == FirstprivateWay::Refused ||
          (way == FirstprivateWay::Copied && un == "acc.kernels"))
        return refused(
            "`firstprivate` of " +
            std::string(groupCount(op, "bounds") ? "a section of " : "") + "`" +
            varTypeOf(idx.factsOf(op)) +
            "` (intrinsic scalars and whole arrays of constant "
            "size are lowered)");
      if (isStructuredUser(un))
        return lowered(
            way == FirstprivateWay::ByCopy
                ? "Map entry `" + withImplicit("to") +
                      "` captured `ByCopy` of the `omp.target` (acc-to-omp)"
                : "Map entry `to` of a copy made on the host when the "
                  "construct starts (acc-to-omp); the kernel copies it per "
                  "team, per thread of a lone parallel loop (`omp.private`)");
    }
    if (n == "acc.reduction") {
      if (!reducibleType(idx.factsOf(op)))
        return refused("a reduction on `" + varTypeOf(idx.factsOf(op)) +
                       "` (integer, real, logical and complex scalars are "
                       "lowered)");
      if (un == "acc.loop") {
        if (auto l = loop(u); l && l->refused)
          return refused("its loop: " + l->text);
        if (plan(u).level != Level::Seq)
          return lowered("A by-value `omp.declare_reduction` on `omp.teams` "
                         "and the `omp.wsloop` of its loop (acc-to-omp)");
        return lowered("The loop runs sequentially (acc-to-omp), so the "
                       "variable itself accumulates");
      }
      if (isStructuredUser(un))
        return lowered(un == "acc.serial"
                           ? "Mapped `tofrom`; the one gang of the serial "
                             "construct updates it (acc-to-omp)"
                           : "Mapped `tofrom` and reduced over the teams "
                             "(`omp.teams` reduction, acc-to-omp); in a "
                             "construct that is one parallel loop the "
                             "loop's threads reduce into their team's copy "
                             "(`omp.wsloop` reduction)");
    }
    if (isStructuredUser(un) && group == "dataClauseOperands") {
      std::string type = structuredMapType(n, copiedOut);
      if (type.empty())
        return refused("`" + n.str() + "`: no OpenMP map type expresses it");
      return lowered("Map entry `" + withImplicit(type) + "` of the `" +
                     ompOf(un).str() + "` (acc-to-omp)");
    }
    if (un == "acc.enter_data" || un == "acc.declare_enter") {
      if (n == "acc.copyin")
        return lowered("Map entry `" + withImplicit("to") +
                       "` of `omp.target_enter_data` (acc-to-omp)");
      if (n == "acc.create")
        return lowered("Map entry `" + withImplicit("storage") +
                       "` of `omp.target_enter_data` (acc-to-omp)");
      if (n == "acc.attach" && un == "acc.enter_data")
        return lowered("Map entry `" + withImplicit("present, storage") +
                       "` of `omp.target_enter_data` (acc-to-omp): mapping "
                       "the present pointer attaches it");
      return refused("`" + n.str() + "` on enter data");
    }
    if (un == "acc.declare_exit")
      return lowered("Map entry `" +
                     withImplicit(copiedOut ? "from" : "storage") +
                     "` of `omp.target_exit_data` (acc-to-omp)");
    if (un == "acc.exit_data") {
      if (!copiedOut && !deleted && !detached)
        return refused("an exit data clause without copyout/delete");
      std::string type = copiedOut ? "from" : "storage";
      if (has(u, "finalize"))
        type += ", delete";
      return lowered("Map entry `" + withImplicit(type) +
                     "` of `omp.target_exit_data` (acc-to-omp)");
    }
    if (un == "acc.update") {
      std::string present = has(u, "ifPresent") ? "" : ", present";
      if (n == "acc.update_device")
        return lowered("Motion `to" + present +
                       "` of `omp.target_update` (acc-to-omp)");
      if (n == "acc.getdeviceptr" && hostUpdate)
        return lowered("Motion `from" + present +
                       "` of `omp.target_update` (acc-to-omp)");
      return refused("`" + n.str() + "` on update");
    }
    if (un == "acc.host_data" && n == "acc.use_device")
      return lowered("`use_device_addr` entry of `omp.target_data` "
                     "(acc-to-omp): the body sees the device address");
    if (un.starts_with("acc.declare"))
      return refused("`declare` data (`" + un.str() + "`)");
  }
  return std::nullopt;
}

std::optional<AccLoweringNote> Reader::exitOp(int32_t op) {
  StringRef n = name(op);
  int32_t e = entryOf(op);
  bool exitData = false, structured = false, finalize = false;
  for (auto &[u, group] : users(e)) {
    exitData |= name(u) == "acc.exit_data";
    finalize |= name(u) == "acc.exit_data" && has(u, "finalize");
    structured |= isStructuredUser(name(u));
  }
  if (n == "acc.update_host")
    return lowered("The `from` motion of `omp.target_update` (acc-to-omp)");
  if (exitData)
    return lowered(std::string("The `") +
                   (n == "acc.copyout" ? "from" : "storage") +
                   (finalize ? ", delete" : "") +
                   "` map entry of `omp.target_exit_data` (acc-to-omp)" +
                   (n == "acc.detach" ? ": detaching is releasing the "
                                        "pointer's map entry"
                                      : ""));
  if (!structured)
    return std::nullopt;
  if (n == "acc.copyout")
    return lowered("Makes its entry's map entry copy back (`from`) when the "
                   "region ends (acc-to-omp)");
  return lowered("Dropped by acc-to-omp: the entry's `ompx_hold` map entry "
                 "ends with the region");
}

std::optional<AccLoweringNote> Reader::note(int32_t op) {
  StringRef n = name(op);
  if (!n.starts_with("acc."))
    return std::nullopt;
  for (int32_t up = a.ops[op].parent; up >= 0; up = a.ops[up].parent)
    if (name(up) == "acc.global_ctor" || name(up) == "acc.global_dtor")
      return lowered("Dropped by acc-to-omp with its " + name(up).str() +
                     ": the global is `declare target`, present from the "
                     "moment the image loads");
  if (n == "acc.parallel" || n == "acc.serial" || n == "acc.kernels")
    return compute(op, n);
  if (n == "acc.loop")
    return loop(op);
  bool async = groupCount(op, "asyncOperands") ||
               groupCount(op, "asyncOperand") || has(op, "asyncOnly") ||
               has(op, "async") || groupCount(op, "waitOperands") ||
               has(op, "waitOnly") || has(op, "wait");
  std::string ifNote = groupCount(op, "ifCond") ? "; `if` kept" : "";
  if (n == "acc.data") {
    if (auto bad = badClause(op))
      return bad;
    return lowered("Becomes `omp.target_data` (acc-to-omp); its clauses map "
                   "with `ompx_hold`, so the data stays until the region "
                   "ends" +
                   ifNote + syncNote(async));
  }
  if (n == "acc.enter_data") {
    for (int32_t def : groupDefs(op, "dataClauseOperands"))
      if (name(def) != "acc.copyin" && name(def) != "acc.create" &&
          name(def) != "acc.attach")
        return refused("`" + name(def).str() + "` on enter data");
    return lowered("Becomes `omp.target_enter_data` (acc-to-omp): copyin → "
                   "`to`, create → `storage`, attach → `present, storage`" +
                   ifNote + syncNote(async));
  }
  if (n == "acc.exit_data") {
    return lowered(
        std::string("Becomes `omp.target_exit_data` (acc-to-omp): "
                    "copyout → `from`, delete and detach → `storage` "
                    "(release)") +
        (has(op, "finalize") ? ", `finalize` → `delete`" : "") + ifNote +
        syncNote(async));
  }
  if (n == "acc.update")
    return lowered(std::string("Becomes `omp.target_update` (acc-to-omp): "
                               "device → `to`, host/self → `from`") +
                   (has(op, "ifPresent")
                        ? "; `if_present` drops the `present` modifier"
                        : ", each with the `present` modifier") +
                   ifNote + syncNote(async));
  if (n == "acc.host_data") {
    if (groupCount(op, "ifCond"))
      return refused("`if` on host_data");
    return lowered("Becomes `omp.target_data` with `use_device_addr` "
                   "(acc-to-omp): the body sees device addresses");
  }
  if (n == "acc.wait")
    return lowered("Dropped by acc-to-omp: `async` work runs synchronously, "
                   "so there is nothing to wait for");
  if (n == "acc.init" || n == "acc.shutdown")
    return lowered("Dropped by acc-to-omp (the OpenMP runtime manages the "
                   "device)");
  if (n == "acc.set") {
    if (groupCount(op, "defaultAsync"))
      return refused("`set default_async`");
    if (groupCount(op, "deviceNum"))
      return lowered("Becomes a call of `omp_set_default_device` "
                     "(acc-to-omp)");
    return lowered("Dropped by acc-to-omp: the launch picked the device");
  }
  if (n == "acc.routine")
    return lowered(std::string("Its function becomes `declare target` ") +
                   (has(op, "nohost") ? "`device_type(nohost)` " : "") +
                   "(acc-to-omp); its loops run sequentially" +
                   (has(op, "bindIdName") || has(op, "bindStrName")
                        ? "; calls in target regions call the `bind` name"
                        : ""));
  if (n == "acc.bounds")
    return lowered("Becomes `omp.map.bounds` of its clause's map entry "
                   "(acc-to-omp)");
  if (n == "acc.declare_enter")
    return lowered("Becomes `omp.target_enter_data` (acc-to-omp): the "
                   "declared variables enter the device's data");
  if (n == "acc.declare_exit")
    return lowered("Becomes `omp.target_exit_data` (acc-to-omp)");
  if (n == "acc.global_ctor" || n == "acc.global_dtor")
    return lowered("Dropped by acc-to-omp: the global is `declare target`, "
                   "present from the moment the image loads");
  if (n.starts_with("acc.atomic.")) {
    if (groupCount(op, "ifCond"))
      return refused("`if` on an atomic");
    return lowered("Becomes `omp." + n.drop_front(4).str() + "` (acc-to-omp)");
  }
  if (n.starts_with("acc.declare") || n == "acc.kernel_environment")
    return refused("`" + n.str() + "`");
  if (n == "acc.copyout" || n == "acc.delete" || n == "acc.detach" ||
      n == "acc.update_host")
    return exitOp(op);
  if (const OpFacts *f = idx.factsOf(op);
      f && (f->attr("dataClause") || n == "acc.private" ||
            n == "acc.firstprivate" || n == "acc.reduction"))
    return entry(op);
  if (n == "acc.deviceptr" || n == "acc.attach" || n == "acc.cache" ||
      n == "acc.declare_link" || n == "acc.declare_device_resident")
    return entry(op);
  return std::nullopt;
}

} // namespace

std::optional<AccLoweringNote> ompx::accLowering(const ChunkIndex &index,
                                                 int32_t op) {
  return Reader(index).note(op);
}

std::string ompx::renderAccLowering(const AccLoweringNote &note) {
  if (note.refused)
    return "Not lowered by acc-to-omp yet (" + note.text +
           "): `--device=host` runs it";
  return note.text;
}
