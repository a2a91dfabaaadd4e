//===- AccPlan.h - What acc-to-omp makes of each acc op, as data -*- C++
//-*-===//
//
// The decisions of the `ompx-acc-to-omp` pass for one OpenACC op, as plain
// data (enums, flags and strings): what the op becomes, or why the pass
// refuses it. pipeline/passes/AccPlan.h computes it from IR (the pass
// consumes it); the worker records it per op, so that hover words it
// without deciding anything itself (server/features/AccLowering.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_DIALECTS_ACCPLAN_H
#define OMPX_DIALECTS_ACCPLAN_H

#include <cstdint>
#include <string>

namespace ompx {

/// How one acc.loop runs.
enum class AccLevel : uint8_t { Seq, Gang, GangVector, Worker };

/// Why a loop runs sequentially (AccLevel::Seq).
enum class AccSeqWhy : uint8_t {
  None,
  Orphan,         ///< not in a compute construct (an `acc routine`)
  Serial,         ///< in a serial construct
  Nested,         ///< nested in another loop
  KernelsCode,    ///< inside other code of a kernels region
  SeqClause,      ///< `seq`
  Auto,           ///< `auto`
  Unstructured,   ///< an unstructured loop
  KernelsNoLevel, ///< kernels: neither `independent` nor a level
  KernelsNotSpmd, ///< kernels: its kernel is not an SPMD nest
};

/// Where a partitioned loop runs beside the rest of its construct.
enum class AccLoopWhere : uint8_t {
  Anywhere,  ///< nothing to add
  OwnKernel, ///< kernels: as its own (SPMD) kernel
  AfterCode, ///< gang loop beside other code, num_gangs: after that code
  EachGang,  ///< worker/vector loop with num_gangs: in each team
  Spmd,      ///< the construct's only code: the SPMD nest
  OneTeam,   ///< beside other code, no num_gangs: in the construct's one team
};

/// Why the pass refuses an op (`detail` names the clause, type or user).
enum class AccRefusal : uint8_t {
  None,
  NumGangsDims,       ///< num_gangs with several values, not one nest alone
  ClauseNoMapType,    ///< a construct's clause `detail` has no map type
  Firstprivate,       ///< firstprivate of type `detail` (`section`: bounds)
  ReductionType,      ///< a reduction on type `detail`
  LoopFirstprivate,   ///< firstprivate on a loop
  GangDim,            ///< gang(dim:)
  LoopInParallelCode, ///< a loop inside other code of a parallel construct
  ZeroModifier,       ///< create(zero:) / copyout(zero:)
  Unsupported,        ///< op `detail` has no lowering
  EntryNoMapType,     ///< entry op `detail` on a construct: no map type
  EnterDataClause,    ///< entry op `detail` on enter data
  ExitDataNoRelease,  ///< an exit data clause without copyout/delete
  UnpairedDetach,     ///< exit data detach(`detail`), no enter data attach
  UpdateClause,       ///< entry op `detail` on update
  DeclareData,        ///< data clause of declare op `detail`
  HostDataIf,         ///< `if` on host_data
  AtomicIf,           ///< `if` on an atomic
  ReductionLoop,      ///< the reduction's loop is refused (`loopRefusal`)
  MapNotContiguous,   ///< variable `detail`: a box of a non-contiguous array
  MapUnknownExtent,   ///< variable `detail`: an array of unknown extent
  MapType,            ///< variable `detail` of type `extra`: not mappable
  ExitDataClause,     ///< entry op `detail` on exit data (not getdeviceptr)
  PrivateRecipe,      ///< private recipe `detail` is not a single-block init
  // Gang-redundant code of a parallel construct with num_gangs (each team
  // runs it):
  RedundantGangLoop,    ///< a gang loop nested in that code
  RedundantGangRoutine, ///< a call to gang routine `detail` in it
  SharedReduction,      ///< a loop reduction into a variable the teams share
  BoundsAfterWrites,    ///< a gang loop's bounds read what that code writes
  // Shapes no lowering takes (hand-written IR; flang makes neither):
  EmptyRegion,   ///< a compute construct whose region has no block
  LoopBlocks,    ///< a loop with its own control and several body blocks
  ContainerLoop, ///< an acc.loop without control, around loops (not flang's
                 ///< `unstructured`): LLVM 22's acc lowering crashes on it
};

/// What the pass makes of an op that it does not refuse.
enum class AccBecomes : uint8_t {
  Nothing,           ///< no note: not acc, or dropped with its owner
  DroppedWithGlobal, ///< inside `detail` (acc.global_ctor/dtor)
  // Constructs.
  Serial,
  Parallel,
  Kernels,
  Loop,
  Data,
  EnterData,
  ExitData,
  Update,
  HostData,
  Wait,
  InitShutdown,
  SetDevice,
  SetDropped,
  CacheDropped, ///< acc.cache: the loop reads the variable itself
  Routine,
  Bounds,
  DeclareEnter,
  DeclareExit,
  GlobalCtorDtor,
  Atomic, ///< `omp.` + `detail`
  // Data entry ops.
  Deviceptr,
  DeclareLink,
  DeclareDeviceResident,
  DeclaredData, ///< `detail`: entry map type at the declaration
  PrivateLoop,
  PrivateGang,
  FirstprivateByCopy,
  FirstprivateCopied,
  ReductionLoopPartitioned,
  ReductionLoopSeq,
  ReductionSerial,
  ReductionTeams,
  StructuredMap,  ///< map type `detail` of omp op `ompOp`
  EnterDataMap,   ///< map type `detail` (`attach`: attaches)
  DeclareExitMap, ///< map type `detail`
  ExitDataMap,    ///< map type `detail`
  UpdateMotion,   ///< motion `detail` of omp.target_update
  UseDevice,
  // Exit ops.
  UpdateHost,
  ExitDataRelease, ///< map type `detail` (`detach`: detaching)
  StructuredCopyout,
  StructuredDropped,
};

/// The plan for one acc op.
struct AccPlan {
  int32_t op = -1; ///< op index in the chunk's records (the worker sets it)
  AccBecomes becomes = AccBecomes::Nothing;
  AccRefusal refusal = AccRefusal::None;
  /// ReductionLoop: why the loop is refused (its `detail` is this `detail`).
  AccRefusal loopRefusal = AccRefusal::None;
  // Loops.
  AccLevel level = AccLevel::Seq;
  AccSeqWhy seqWhy = AccSeqWhy::None;
  AccLoopWhere where = AccLoopWhere::Anywhere;
  bool explicitLevel = false; ///< gang/worker/vector written
  // Flags; each applies to the kinds its comment names.
  bool reductions = false;          ///< compute, loop: has reductions
  bool copiedFirstprivates = false; ///< compute: a firstprivate copied
  bool async = false;               ///< constructs: async/wait given
  bool ifKept = false;              ///< data constructs: `if` given
  bool finalize = false;            ///< exit data
  bool ifPresent = false;           ///< update
  bool implicit = false;            ///< entry ops
  bool section = false;             ///< Firstprivate refusal: of a section
  bool nohost = false;              ///< routine
  bool bind = false;                ///< routine
  bool copiedOut = false;           ///< DeclaredData: copied out at the end
  bool attach = false;              ///< EnterDataMap
  bool detach = false;              ///< ExitDataRelease
  bool copyout = false;             ///< ExitDataRelease: from (not storage)
  bool spmd = false;                ///< compute: one loop alone, SPMD nest
  bool numGangs = false;            ///< compute: num_gangs given
  bool split = false; ///< kernels: split into parts inside omp.target_data
  /// Data entry ops of enter/exit data, update and declare: the map entry's
  /// omp::ClauseMapFlags bits (the pass's; `detail` words them).
  uint32_t mapFlags = 0;
  /// The name, type or map type the kind or refusal names.
  std::string detail;
  /// StructuredMap: the omp op ("omp.target"); Loop: the collapse count;
  /// MapType: the variable's type (`detail` "": an implicit variable);
  /// GlobalCtorDtor, DroppedWithGlobal: "link" for a `declare link` global.
  std::string extra;

  bool refused() const { return refusal != AccRefusal::None; }
  bool hasNote() const { return refused() || becomes != AccBecomes::Nothing; }
};

} // namespace ompx

#endif // OMPX_DIALECTS_ACCPLAN_H
