//===- AccLowering.cpp - What acc-to-omp makes of an acc op ---------------===//
//
// Words the plan the worker recorded for the op (pipeline/passes/AccPlan.h
// decides, the pass follows the same plan); nothing is decided here.
// test/features/acc-lowering-hover.mlir pins the sentences.
//
//===----------------------------------------------------------------------===//

#include "server/features/AccLowering.h"

#include "llvm/ADT/StringRef.h"

#include <algorithm>

using namespace ompx;

namespace {

AccLoweringNote lowered(std::string text) { return {std::move(text), false}; }

/// The async/wait clauses of an op: the pass runs everything synchronously.
std::string syncNote(bool any) {
  return any ? "; `async`/`wait` run synchronously" : "";
}

std::string withImplicit(const AccPlan &p, std::string type) {
  return p.implicit ? type + ", implicit" : type;
}

/// What the pass cannot map (the parenthesis of the refusal sentence).
std::string refusalText(AccRefusal why, const AccPlan &p) {
  switch (why) {
  case AccRefusal::None:
    return "";
  case AccRefusal::NumGangsDims:
    return "`num_gangs` with more than one value around gang-redundant code "
           "or a reduction (OpenMP teams are one-dimensional)";
  case AccRefusal::ClauseNoMapType:
    return "the `" + p.detail + "` clause: no OpenMP map type expresses it";
  case AccRefusal::Firstprivate:
    return "`firstprivate` of " +
           std::string(p.section ? "a section of " : "") + "`" + p.detail +
           "` (intrinsic scalars and whole arrays of constant size are "
           "lowered)";
  case AccRefusal::ReductionType:
    return "a reduction on `" + p.detail +
           "` (integer, real, logical and complex scalars are lowered)";
  case AccRefusal::LoopFirstprivate:
    return "`firstprivate` on a loop";
  case AccRefusal::GangDim:
    return "`gang(dim:)`: OpenMP teams are one-dimensional";
  case AccRefusal::LoopInParallelCode:
    return "a loop inside other code of a parallel construct";
  case AccRefusal::ZeroModifier:
    return "the `zero` modifier of a variable that is not a whole integer or "
           "real one of constant shape: ompx zeroes only those";
  case AccRefusal::Unsupported:
    return "`" + p.detail + "`";
  case AccRefusal::EntryNoMapType:
    return "`" + p.detail + "`: no OpenMP map type expresses it";
  case AccRefusal::EnterDataClause:
    return "`" + p.detail + "` on enter data";
  case AccRefusal::ExitDataNoRelease:
    return "an exit data clause without copyout/delete";
  case AccRefusal::UnpairedDetach:
    return "`detach(" + p.detail +
           ")` without an `enter data attach` of it in this procedure (the "
           "detach would release the data a copyin/create mapped)";
  case AccRefusal::UpdateClause:
    return "`" + p.detail + "` on update";
  case AccRefusal::DeclareData:
    return "`declare` data (`" + p.detail + "`)";
  case AccRefusal::HostDataIf:
    return "`if` on host_data";
  case AccRefusal::AtomicIf:
    return "`if` on an atomic";
  case AccRefusal::ReductionLoop:
    return "its loop: " + refusalText(p.loopRefusal, p);
  case AccRefusal::MapNotContiguous:
    return "`" + p.detail +
           "` by box value: a section of an array of unknown contiguity, or "
           "a polymorphic or pointer box";
  case AccRefusal::MapUnknownExtent:
    return "`" + p.detail + "`: an array of unknown extent";
  case AccRefusal::MapType:
    return (p.detail.empty() ? "a variable the region uses (mapped "
                               "implicitly)"
                             : "`" + p.detail + "`") +
           " of type `" + p.extra + "`: no device mapping for it";
  case AccRefusal::ExitDataClause:
    return "`" + p.detail +
           "` on exit data (its clauses are `acc.getdeviceptr`)";
  case AccRefusal::PrivateRecipe:
    return "private recipe `" + p.detail +
           "`: only a one-block init without destroy is inlined";
  case AccRefusal::RedundantGangLoop:
    return "a gang loop inside gang-redundant code of a construct with "
           "`num_gangs` (each team runs that code)";
  case AccRefusal::RedundantGangRoutine:
    return "a call to gang routine `" + p.detail +
           "` inside gang-redundant code of a construct with `num_gangs` "
           "(each team would run its gang loops whole)";
  case AccRefusal::SharedReduction:
    return "a reduction in gang-redundant code of a construct with "
           "`num_gangs` into a variable the teams share (each team would "
           "combine into it); reduce into the construct's reduction or "
           "private copy";
  case AccRefusal::BoundsAfterWrites:
    return "the bounds of a gang loop after gang-redundant code that writes "
           "what they read: LLVM 22 evaluates them on the host, before the "
           "kernel";
  case AccRefusal::EmptyRegion:
    return "a compute construct whose region has no block";
  case AccRefusal::LoopBlocks:
    return "a loop with its own bounds whose body has several blocks";
  case AccRefusal::ContainerLoop:
    return "an `acc.loop` without bounds of its own around other loops: "
           "LLVM 22's OpenACC lowering does not convert it";
  }
  return "";
}

/// How a parallel or kernels construct runs: the SPMD nest or
/// gang-redundant code.
std::string computeShape(const AccPlan &p) {
  if (p.becomes == AccBecomes::Kernels) {
    if (p.split)
      return "Offloads as one kernel per loop nest (acc-to-omp): an "
             "independent loop becomes `target teams distribute parallel do`, "
             "other loops and the code between them run on one thread, all "
             "inside `omp.target_data` with the kernels' clauses";
    // One part: the pass lowers the construct itself, no target data.
    return p.spmd ? "Offloads as one SPMD kernel, `target teams distribute "
                    "...` (acc-to-omp): the region is one partitioned loop, "
                    "its bounds evaluated on the host"
                  : "Offloads as one `omp.target` run by one thread "
                    "(acc-to-omp): the region is one loop nest or stretch of "
                    "code that is not a partitioned loop, so its loops run "
                    "sequentially; the kernels' clauses map on the "
                    "`omp.target`";
  }
  if (p.spmd)
    return "Offloads as the SPMD nest `target teams distribute ...` "
           "(acc-to-omp): its one partitioned loop is the construct's only "
           "code, its bounds evaluated on the host";
  return p.numGangs
             ? "Offloads as `omp.target` + `omp.teams` (acc-to-omp), "
               "gang-redundant: each of the `num_gangs` teams runs its code; "
               "its gang loops are distributed over the teams, its "
               "worker/vector loops shared by each team's threads"
             : "Offloads as `omp.target` + `omp.teams` (acc-to-omp), "
               "gang-redundant: one team runs its code, its loops shared by "
               "the team's threads";
}

std::string computeText(const AccPlan &p) {
  bool serial = p.becomes == AccBecomes::Serial;
  std::string text =
      serial ? "Offloads as `omp.target` run by one thread (acc-to-omp); its "
               "loops run sequentially"
             : computeShape(p);
  if (p.reductions)
    text += serial ? "; its reduction variables map `tofrom`"
                   : "; its reduction variables map `tofrom` and reduce over "
                     "the teams";
  if (p.copiedFirstprivates)
    text += serial ? "; its array and wide firstprivates map a host copy `to` "
                     "and are copied once in the kernel"
            : p.spmd ? "; its array and wide firstprivates map a host copy "
                       "`to` and are copied per thread running the loop "
                       "(`omp.private`)"
                     : "; its array and wide firstprivates map a host copy "
                       "`to` and are copied per team";
  return text + syncNote(p.async);
}

std::string seqWhyText(AccSeqWhy why) {
  switch (why) {
  case AccSeqWhy::None:
    return "";
  case AccSeqWhy::Orphan:
    return "an orphan loop runs sequentially in the caller's thread (in an "
           "`acc routine`)";
  case AccSeqWhy::Serial:
    return "in a serial construct every loop runs sequentially";
  case AccSeqWhy::Nested:
    return "a loop nested in another loop runs sequentially in each thread";
  case AccSeqWhy::KernelsCode:
    return "a loop inside other code of a kernels region runs on one "
           "thread with that code";
  case AccSeqWhy::SeqClause:
    return "`seq`";
  case AccSeqWhy::Auto:
    return "`auto` runs it sequentially";
  case AccSeqWhy::Unstructured:
    return "an unstructured loop runs sequentially";
  case AccSeqWhy::KernelsNoLevel:
    return "in kernels only an `independent` loop or one with a level is "
           "partitioned";
  case AccSeqWhy::KernelsNotSpmd:
    return "a kernels loop is partitioned only as an SPMD kernel, which a "
           "worker/vector loop with `num_gangs` or a private copy made by "
           "more than declarations is not, so one thread runs it";
  }
  return "";
}

/// Where a partitioned loop runs (after "(acc-to-omp)").
std::string whereText(AccLoopWhere where) {
  switch (where) {
  case AccLoopWhere::Anywhere:
    return "";
  case AccLoopWhere::OwnKernel:
    return ", as its own kernel";
  case AccLoopWhere::AfterCode:
    return ", after the construct's other code, which each of the "
           "`num_gangs` teams runs (its bounds evaluated on the host)";
  case AccLoopWhere::EachGang:
    return ", in each of the `num_gangs` teams";
  case AccLoopWhere::Spmd:
    return ": the construct's only code, the SPMD nest (its bounds evaluated "
           "on the host)";
  case AccLoopWhere::OneTeam:
    return ": beside other code, the construct runs in one team";
  }
  return "";
}

/// The omp loop a partitioned loop becomes.
std::string ompLoopText(const AccPlan &p) {
  if (p.where == AccLoopWhere::OneTeam)
    return "`parallel do` of the construct's one team";
  switch (p.level) {
  case AccLevel::Gang:
    return p.where == AccLoopWhere::AfterCode
               ? "`distribute`"
               : "`distribute` of `target teams distribute`";
  case AccLevel::Worker:
    return p.where == AccLoopWhere::Spmd || p.where == AccLoopWhere::OwnKernel
               ? "`distribute parallel do`"
               : "`parallel do` shared by a team's threads";
  default:
    return "`distribute parallel do`";
  }
}

/// Where a partitioned loop's reductions combine.
std::string loopReductionText(const AccPlan &p) {
  bool gang = p.level == AccLevel::Gang;
  switch (p.where) {
  case AccLoopWhere::OneTeam:
  case AccLoopWhere::EachGang:
    return "; its reductions → `omp.declare_reduction` on the `omp.wsloop`" +
           std::string(p.where == AccLoopWhere::EachGang
                           ? ", into each team's own copy"
                           : "");
  case AccLoopWhere::AfterCode:
    return gang ? "; its reductions accumulate in each team's own copy"
                : "; its reductions → `omp.declare_reduction` on the "
                  "`omp.wsloop`, into each team's own copy";
  default:
    return std::string("; its reductions → `omp.declare_reduction` on "
                       "`omp.teams`") +
           (gang ? "" : " and the `omp.wsloop`");
  }
}

std::string loopText(const AccPlan &p) {
  if (p.level == AccLevel::Seq)
    return "Runs as a sequential loop (acc-to-omp): " + seqWhyText(p.seqWhy) +
           (p.reductions ? "; its reduction accumulates in the variable itself"
                         : "") +
           (p.extra.empty() ? "" : "; `collapse(" + p.extra + ")` kept");
  std::string level = p.level == AccLevel::Gang     ? "`gang`"
                      : p.level == AccLevel::Worker ? "`worker`/`vector`"
                      : p.explicitLevel ? "`gang` with `worker`/`vector`"
                                        : "No level given";
  std::string text = level + " → " + ompLoopText(p) +
                     (p.level == AccLevel::GangVector && !p.explicitLevel
                          ? " (gang vector, acc-to-omp)"
                          : " (acc-to-omp)") +
                     whereText(p.where);
  if (p.reductions)
    text += loopReductionText(p);
  if (!p.extra.empty())
    text += "; `collapse(" + p.extra + ")` kept";
  return text;
}

/// Constructs and directives.
/// After "the global is `declare target": how long its device copy lives.
std::string globalLife(const AccPlan &p) {
  if (p.extra == "link")
    return " link`: its device copy exists only while a data clause maps it";
  return "`, present from the moment the image loads";
}

std::string constructText(const AccPlan &p) {
  std::string ifNote = p.ifKept ? "; `if` kept" : "";
  switch (p.becomes) {
  case AccBecomes::Data:
    return "Becomes `omp.target_data` (acc-to-omp); its clauses map with "
           "`ompx_hold`, so the data stays until the region ends" +
           ifNote + syncNote(p.async);
  case AccBecomes::EnterData:
    return "Becomes `omp.target_enter_data` (acc-to-omp): copyin → `to`, "
           "create → `storage`, attach → `present, storage`" +
           ifNote + syncNote(p.async);
  case AccBecomes::ExitData:
    return std::string("Becomes `omp.target_exit_data` (acc-to-omp): "
                       "copyout → `from`, delete and detach → `storage` "
                       "(release)") +
           (p.finalize ? ", `finalize` → `delete`" : "") + ifNote +
           syncNote(p.async);
  case AccBecomes::Update:
    return std::string("Becomes `omp.target_update` (acc-to-omp): device → "
                       "`to`, host/self → `from`") +
           (p.ifPresent ? "; `if_present` drops the `present` modifier"
                        : ", each with the `present` modifier") +
           ifNote + syncNote(p.async);
  case AccBecomes::HostData:
    return "Becomes `omp.target_data` with `use_device_addr` (acc-to-omp): "
           "the body sees device addresses";
  case AccBecomes::Wait:
    return "Dropped by acc-to-omp: `async` work runs synchronously, so there "
           "is nothing to wait for";
  case AccBecomes::InitShutdown:
    return "Dropped by acc-to-omp (the OpenMP runtime manages the device)";
  case AccBecomes::SetDevice:
    return "Becomes a call of `omp_set_default_device` (acc-to-omp)";
  case AccBecomes::CacheDropped:
    return "Dropped by acc-to-omp: `cache` is a hint, and the loop reads the "
           "variable itself";
  case AccBecomes::SetDropped:
    return "Dropped by acc-to-omp: the launch picked the device, and `async` "
           "work runs synchronously (a default queue changes nothing)";
  case AccBecomes::Routine:
    return std::string("Its function becomes `declare target` ") +
           (p.nohost ? "`device_type(nohost)` " : "") +
           "(acc-to-omp); its loops run sequentially" +
           (p.bind ? "; calls in target regions call the `bind` name" : "");
  case AccBecomes::Bounds:
    return "Becomes `omp.map.bounds` of its clause's map entry (acc-to-omp)";
  case AccBecomes::DeclareEnter:
    return "Becomes `omp.target_enter_data` (acc-to-omp): the declared "
           "variables enter the device's data";
  case AccBecomes::DeclareExit:
    return "Becomes `omp.target_exit_data` (acc-to-omp)";
  case AccBecomes::GlobalCtorDtor:
    return "Dropped by acc-to-omp: the global is `declare target" +
           globalLife(p);
  case AccBecomes::Atomic:
    return "Becomes `omp." + p.detail + "` (acc-to-omp)";
  default:
    return "";
  }
}

/// Data entry and exit ops.
std::string dataText(const AccPlan &p) {
  switch (p.becomes) {
  case AccBecomes::Deviceptr:
    return "`has_device_addr` entry of the `omp.target` (acc-to-omp): the "
           "variable already holds a device address";
  case AccBecomes::DeclareLink:
    return "Its global becomes `declare target link` (acc-to-omp)";
  case AccBecomes::DeclareDeviceResident:
    return "Its global becomes `declare target` (acc-to-omp)";
  case AccBecomes::DeclaredData:
    return "Map entry `" + p.detail +
           "` of `omp.target_enter_data` at the declaration and `" +
           (p.copiedOut ? "from" : "storage") +
           "` of `omp.target_exit_data` where it ends (acc-to-omp)";
  case AccBecomes::PrivateLoop:
    return "Inlined by acc-to-omp: the recipe's init makes a fresh copy in "
           "each iteration";
  case AccBecomes::PrivateGang:
    return "Inlined by acc-to-omp: the recipe's init makes one copy per gang";
  case AccBecomes::FirstprivateByCopy:
    return "Map entry `" + withImplicit(p, "to") +
           "` captured `ByCopy` of the `omp.target` (acc-to-omp)";
  case AccBecomes::FirstprivateCopied:
    return "Map entry `to` of a copy made on the host when the construct "
           "starts (acc-to-omp); the kernel copies it per team, per thread of "
           "a lone parallel loop (`omp.private`)";
  case AccBecomes::ReductionLoopPartitioned:
    return "A by-value `omp.declare_reduction` on `omp.teams` and the "
           "`omp.wsloop` of its loop (acc-to-omp)";
  case AccBecomes::ReductionLoopSeq:
    return "The loop runs sequentially (acc-to-omp), so the variable itself "
           "accumulates";
  case AccBecomes::ReductionSerial:
    return "Mapped `tofrom`; the one gang of the serial construct updates it "
           "(acc-to-omp)";
  case AccBecomes::ReductionTeams:
    return "Mapped `tofrom` and reduced over the teams (`omp.teams` "
           "reduction, acc-to-omp); in a construct that is one parallel loop "
           "the loop's threads reduce into their team's copy (`omp.wsloop` "
           "reduction)";
  case AccBecomes::StructuredMap:
    return "Map entry `" + withImplicit(p, p.detail) + "` of the `" + p.extra +
           "` (acc-to-omp)";
  case AccBecomes::EnterDataMap:
    return "Map entry `" + withImplicit(p, p.detail) +
           "` of `omp.target_enter_data` (acc-to-omp)" +
           (p.attach ? ": mapping the present pointer attaches it" : "");
  case AccBecomes::DeclareExitMap:
  case AccBecomes::ExitDataMap:
    return "Map entry `" + withImplicit(p, p.detail) +
           "` of `omp.target_exit_data` (acc-to-omp)";
  case AccBecomes::UpdateMotion:
    return "Motion `" + p.detail + "` of `omp.target_update` (acc-to-omp)";
  case AccBecomes::UseDevice:
    return "`use_device_addr` entry of `omp.target_data` (acc-to-omp): the "
           "body sees the device address";
  case AccBecomes::UpdateHost:
    return "The `from` motion of `omp.target_update` (acc-to-omp)";
  case AccBecomes::ExitDataRelease:
    return std::string("The `") + (p.copyout ? "from" : "storage") +
           (p.finalize ? ", delete" : "") +
           "` map entry of `omp.target_exit_data` (acc-to-omp)" +
           (p.detach ? ": detaching is releasing the pointer's map entry" : "");
  case AccBecomes::StructuredCopyout:
    return "Makes its entry's map entry copy back (`from`) when the region "
           "ends (acc-to-omp)";
  case AccBecomes::StructuredDropped:
    return "Dropped by acc-to-omp: the entry's `ompx_hold` map entry ends "
           "with the region";
  default:
    return constructText(p);
  }
}

} // namespace

const AccPlan *ompx::accPlanOf(const ChunkAnalysis &a, int32_t op) {
  auto it =
      std::lower_bound(a.accPlans.begin(), a.accPlans.end(), op,
                       [](const AccPlan &p, int32_t op) { return p.op < op; });
  return it != a.accPlans.end() && it->op == op ? &*it : nullptr;
}

std::optional<AccLoweringNote> ompx::describeAccPlan(const AccPlan &p) {
  if (p.refused())
    return AccLoweringNote{refusalText(p.refusal, p), true,
                           p.refusal == AccRefusal::EmptyRegion ||
                               p.refusal == AccRefusal::LoopBlocks ||
                               p.refusal == AccRefusal::ContainerLoop};
  switch (p.becomes) {
  case AccBecomes::Nothing:
    return std::nullopt;
  case AccBecomes::DroppedWithGlobal:
    return lowered("Dropped by acc-to-omp with its " + p.detail +
                   ": the global is `declare target" + globalLife(p));
  case AccBecomes::Serial:
  case AccBecomes::Parallel:
  case AccBecomes::Kernels:
    return lowered(computeText(p));
  case AccBecomes::Loop:
    return lowered(loopText(p));
  default:
    return lowered(dataText(p));
  }
}

/// A refused plan of an op inside compute construct `op`, or of an op whose
/// result `op` takes (its reductions, its data entries): the pass stops
/// there, so the construct is not lowered either.
static const AccPlan *refusedWithin(const ChunkAnalysis &a, int32_t op) {
  const OpRecord &rec = a.ops[op];
  for (const AccPlan &q : a.accPlans) {
    if (!q.refused() || q.op == op || q.op < 0 || size_t(q.op) >= a.ops.size())
      continue;
    for (int32_t up = a.ops[q.op].parent; up >= 0; up = a.ops[up].parent)
      if (up == op)
        return &q;
    for (int32_t v : a[rec.operands])
      if (v >= 0 && size_t(v) < a.values.size() && a.values[v].ownerOp == q.op)
        return &q;
  }
  return nullptr;
}

std::optional<AccLoweringNote> ompx::accLowering(const ChunkIndex &index,
                                                 int32_t op) {
  const ChunkAnalysis &a = index.analysis();
  const AccPlan *p = accPlanOf(a, op);
  if (!p)
    return std::nullopt;
  auto refusedConstruct = [&](int32_t construct) -> const AccPlan * {
    const AccPlan *c = accPlanOf(a, construct);
    if (!c || c->refused() ||
        (c->becomes != AccBecomes::Serial &&
         c->becomes != AccBecomes::Parallel &&
         c->becomes != AccBecomes::Kernels))
      return nullptr;
    return refusedWithin(a, construct);
  };
  auto because = [&](const AccPlan &inner, llvm::StringRef prefix) {
    std::optional<AccLoweringNote> why = describeAccPlan(inner);
    return AccLoweringNote{
        prefix.str() + " `" + a.ops[inner.op].name.ref().str() +
            "`: " + (why ? why->text : std::string("refused")),
        true, why && why->hostToo};
  };
  if (!p->refused()) {
    if (const AccPlan *inner = refusedConstruct(op))
      return because(*inner, "its");
    // A clause's op (a data entry, a reduction) of such a construct.
    if (const OpFacts *f = index.factsOf(op))
      for (int32_t user : f->users)
        if (const AccPlan *inner = refusedConstruct(user))
          return because(*inner, "its construct's");
  }
  return describeAccPlan(*p);
}

std::string ompx::renderAccLowering(const AccLoweringNote &note) {
  if (note.hostToo)
    return "Not lowered by acc-to-omp or by `--device=host` (" + note.text +
           ")";
  if (note.refused)
    return "Not lowered by acc-to-omp yet (" + note.text +
           "): `--device=host` runs it";
  return note.text;
}
