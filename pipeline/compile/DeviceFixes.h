//===- DeviceFixes.h - Workarounds for LLVM 22.1.8 GPU defects --*- C++ -*-===//
//
// The device module that LLVM 22.1.8's OpenMP translation produces for nvptx
// and amdgcn has defects that would break a GPU build or run; each is fixed
// here on the llvm::Module after translation (before optimization), or, where
// it cannot be made correct, refused at its op after optimization. Two are
// fixed on the optimized module, runtime included, just before code
// generation: f, an NVPTX backend defect (atomic orders), and g, the barrier
// IDs LLVM 19's runtime names (a cost in occupancy, not an error).
// docs/launch.md ("GPU: LLVM 22.1.8 defects worked around") says why each
// exists; `ompx-lsp fix-device-ir` runs them alone on LLVM IR (lit tests in
// test/device-fixes/).
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_DEVICEFIXES_H
#define OMPX_PIPELINE_DEVICEFIXES_H

#include "pipeline/compile/CompileDiagnostics.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringRef.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace ompx::pipeline {

/// The target features flang-22 sets for `arch`: nvptx `+ptx88,+sm_NN` (the
/// PTX ISA of flang-22's driver without a newer CUDA), amdgcn the gfx
/// target's default list (with `+wavefrontsize64` where it has 64 lanes).
/// Empty for other triples and unknown gfx names.
std::string deviceTargetFeatures(llvm::StringRef triple, llvm::StringRef arch);

/// The post-translation fixes, one bit each (names for `--only=`).
enum DeviceFix : unsigned {
  FixTargetFeatures = 1u << 0,       ///< "target-features"
  FixReductionBuffer = 1u << 1,      ///< "reduction-buffer"
  FixCriticalNames = 1u << 2,        ///< "critical-names" (nvptx only)
  FixUnusedDeclarations = 1u << 3,   ///< "unused-declarations"
  FixAtomicOrders = 1u << 4,         ///< "atomic-orders" (nvptx only)
  FixBarrierIds = 1u << 5,           ///< "barrier-ids" (nvptx only)
  FixStackSave = 1u << 6,            ///< "stack-save" (amdgcn only)
  FixHostTeams = 1u << 7,            ///< "host-teams" (host-offload only)
  FixLoopChunks = 1u << 8,           ///< "loop-chunks" (every device)
  FixReductionDescriptors = 1u << 9, ///< "reduction-descriptors"
  FixHostCompositeChunks = 1u << 10, ///< "host-composite-chunks" (x86)
  FixHostTeamsCombines = 1u << 11,   ///< "host-teams-combines" (x86)
  FixDeferredFallbacks = 1u << 12,   ///< "deferred-fallbacks" (x86)
  FixLinkReferences = 1u << 13,      ///< "link-references" (every device)
  FixHostTeamsLeague = 1u << 14,     ///< "host-teams-league" (x86)
  AllDeviceFixes = (1u << 15) - 1,
};
/// The fix named `name` (see DeviceFix), or 0.
unsigned deviceFixByName(llvm::StringRef name);

using DeviceFixLog = std::function<void(const std::string &)>;

/// d. Sets "target-cpu" = `arch` and "target-features" = `features` on every
/// function definition (the OpenMPIRBuilder's helpers get none). Returns the
/// number of functions changed.
unsigned setDeviceTargetFeatures(llvm::Module &m, llvm::StringRef arch,
                                 llvm::StringRef features);

/// b. By-reference (array) reductions: raises each kernel environment's
/// ReductionDataSize to the size of the record its teams-reduction
/// callbacks index the buffer with. Returns the number of kernels changed.
unsigned fixReductionBufferSize(llvm::Module &m, const DeviceFixLog &log);

/// k. By-reference (array) reductions: the GPU reduction callbacks that
/// combine another thread's or the team buffer's copy (shuffle-and-reduce,
/// list_to_global_reduce, global_to_list_reduce) describe that copy with a
/// fresh Fortran descriptor of which LLVM 22.1.8 sets only the base address;
/// the combiner then reads its stride and extent from uninitialized stack
/// (an H200 faulted, "illegal memory access"). Each such descriptor is first
/// made a copy of the thread's own one (same type and shape: every copy is
/// the reduction variable's private copy or its record), then given its base
/// address. Returns the number of descriptors completed.
unsigned completeReductionDescriptors(llvm::Module &m, const DeviceFixLog &log);

/// c. Renames `.gomp_critical_user_<name>.var` (an invalid PTX identifier)
/// to `__gomp_critical_user_<name>_var`. Returns the number renamed.
unsigned renameCriticalLocks(llvm::Module &m, const DeviceFixLog &log);

/// e. Erases external declarations (functions and globals) nothing uses,
/// such as flang's `_QMomp_lib*` module constants. Returns the number erased.
unsigned dropUnusedDeclarations(llvm::Module &m);

/// f. nvptx: LLVM 22.1.8's NVPTX backend emits every `atomicrmw` as a
/// relaxed `atom`, whatever its ordering (cmpxchg, atomic loads and stores
/// and fences keep theirs), so a lock released by a seq_cst exchange (LLVM
/// 19's omp_unset_lock) publishes nothing: on an H100, 52 of 1000 updates
/// in a named critical section were lost. Each such atomicrmw becomes
/// monotonic between the fences AtomicExpand would put around it (a leading
/// release or seq_cst fence, a trailing acquire fence, in its scope).
/// Returns the number changed.
unsigned fenceAtomicRMWOrders(llvm::Module &m);

/// g. nvptx: LLVM 19's device runtime synchronizes on barriers 7 and 8
/// besides 0; ptxas then reserves 9 barriers for each block of a kernel that
/// names 8, and an H100 SM holds only 7 such blocks (ncu: "Block Limit
/// Barriers 7", 44 % theoretical occupancy for saxpy's 128-thread teams).
/// Renumbers the constant barrier IDs the module uses densely, 0 kept.
/// Changes nothing when a barrier's ID is not a constant or inline assembly
/// may name one. Returns the number of IDs renumbered.
unsigned compactBarrierIds(llvm::Module &m);

/// i. amdgcn: flang lowers a BLOCK's (or a loop's) stack scope to
/// `llvm.stacksave.p0`/`llvm.stackrestore.p0`, generic pointers; amdgcn's
/// stack is in address space 5 and LLVM 22's backend stops at "Cannot
/// select: stacksave" (any automatic array sized at run time in a target
/// region's BLOCK). Each becomes the address-space-5 intrinsic with an
/// addrspacecast, as clang emits it for amdgcn. Returns the number of calls
/// changed.
unsigned privateStackSave(llvm::Module &m);

/// j. LLVM 22's translation calls the device runtime's worksharing loops
/// (`__kmpc_distribute_static_loop`, `__kmpc_distribute_for_static_loop`,
/// `__kmpc_for_static_loop`) with a chunk of 0 whatever `dist_schedule` or
/// `schedule` said. ompx-loop-chunk-marks left the chunk in each loop body
/// as a `__ompx_loop_chunk(kind, chunk, site)` call: the chunk is computed
/// again before the runtime call (from constants and the loads through the
/// body's captured-values argument) and passed to it, and every mark is
/// erased. The marks' sites: those passed, and those whose chunk could not
/// be (no runtime call takes that body, or the chunk is computed otherwise).
/// `dist_schedule(static)`/`schedule(static)` without a chunk (marks of
/// kind 2 and 3) get the chunk of one block a team or thread, computed before
/// the call (ceil(n / omp_get_num_teams()), ceil(n or the block chunk /
/// nthreads)), where the runtime's own dealing is not already that; with
/// `passBlocked` false (LLVM 22's runtime, which deals chunks wrongly) they
/// are only erased.
struct LoopChunkFix {
  std::vector<unsigned> passedSites, refusedSites;
};
LoopChunkFix passLoopChunks(llvm::Module &m, bool passBlocked = true);

/// The fixes in `only` that apply to `triple` (nvptx64/amdgcn; nothing for
/// other triples), after translation and before optimization; also records
/// the null-wrapper parallel regions for checkGenericParallels.
void fixDeviceModule(llvm::Module &m, llvm::StringRef triple,
                     llvm::StringRef arch, const DeviceFixLog &log,
                     unsigned only = AllDeviceFixes);

/// The fixes in `only` that belong to the optimized module, device runtime
/// included, just before code generation (f, g).
void fixOptimizedDeviceModule(llvm::Module &m, llvm::StringRef triple,
                              const DeviceFixLog &log,
                              unsigned only = AllDeviceFixes);

/// a. A generic-mode kernel calling the parallel entry with a null wrapper
/// function (LLVM 22.1.8 passes none): its workers would never run the
/// region.
struct NullWrapperParallel {
  std::string kernel;   ///< the kernel function
  std::string outlined; ///< the outlined parallel region it passes
  std::string entry;    ///< __kmpc_parallel_60 (or _51)
};
/// Records every such call (before optimization; fixDeviceModule does) in
/// the module's named metadata, so the check still finds it after the
/// optimizer inlined a linked device runtime's parallel entry. Returns the
/// number recorded.
unsigned recordNullWrapperParallels(llvm::Module &m);
/// Every such call of a kernel that is still generic in the (optimized)
/// device module: those recorded and those still there.
std::vector<NullWrapperParallel> findNullWrapperParallels(llvm::Module &m);

/// host-offload: libomptarget's x86_64 plugin calls a kernel once, and
/// ompx's serial device runtime is one team; every kernel is renamed
/// `__ompx_team.NAME` and NAME becomes a loop that calls it once per team,
/// after `__ompx_host_team(team, N)` (HostDeviceRuntime.c). N is the lower
/// bound of its environment's team count when it is a constant > 1
/// (`num_teams(N)`, `num_teams(N:M)`, acc `num_gangs(N)`: OpenMP 5.1 creates
/// at least the lower bound), else what the host asked at the launch
/// (requestHostTeams), else 1. Returns the number of kernels wrapped.
unsigned runTeamsInTurn(llvm::Module &m);

/// The thread-local variable through which a host-offload program tells its
/// device image how many teams a launch asks for (a `num_teams` known only
/// at run time): the program defines and exports it, the image looks it up.
inline constexpr const char *kHostTeamsRequest = "__ompx_host_teams_request";

/// host-offload, the host module: defines kHostTeamsRequest (weak, thread
/// local) and stores each __tgt_target_kernel call's team count in it
/// before the call (0 after). Returns the number of calls.
unsigned requestHostTeams(llvm::Module &host);

/// What fixHostCompositeChunks did.
struct HostCompositeChunks {
  unsigned rewritten = 0;
  /// Parallel regions of composite loops whose `if` clause now forms a team
  /// of one thread (libomp 19 aborted their schedule when serialized).
  unsigned unserialized = 0;
  /// The loops with chunks at both levels, now stopping the program when
  /// several teams have several threads: `file:line:col` each ("" when the
  /// IR names no source).
  std::vector<std::string> refused;
  /// `__kmpc_dist_for_static_init_*` calls that a league of one team now
  /// makes as `__kmpc_for_static_init_*` (libomp 19 aborted where that team
  /// was serialized inside an active team: a `nowait` region's host
  /// fallback on a hidden-helper thread, a region met in a parallel region).
  unsigned oneTeamGuarded = 0;
};
/// The host module (x86): each composite distribute parallel do that LLVM
/// 22 translated with two `__kmpc_for_static_init` calls on the same bounds
/// (a team's threads ran other teams' iterations) runs each iteration once
/// (HostCompositeChunks.cpp), or, where no call of libomp's gives both
/// chunk sizes, runs with one team or one thread per team and stops the
/// program naming it otherwise. Every call of libomp's composite entry
/// then asks for the league's size: one team runs the threads' schedule.
HostCompositeChunks fixHostCompositeChunks(llvm::Module &host);

/// The host module (x86): each `__kmpc_fork_teams` no num_teams or
/// thread_limit call precedes asks libomp for the default league first, as
/// libomp does itself when its thread's record of the last league is empty
/// (libomp 19 left the record of a pool thread full, and aborted when it
/// forked a league as a worker of a later parallel region;
/// HostTeamsEntry.cpp). Returns the number of forks.
unsigned askTeamsLeague(llvm::Module &host);

/// What lockHostTeamsCombines did.
struct HostTeamsCombines {
  /// `__kmpc_reduce` combines in code a teams region runs, now under one
  /// program-wide lock.
  unsigned locked = 0;
  /// Such calls whose combine was not found (no switch on the result, no
  /// `__kmpc_end_reduce`): left as they were.
  unsigned unrecognized = 0;
  /// Of the locked, those a team's initial thread makes alone (the teams
  /// region's own code): the call and its end (barriers that waited for the
  /// team's other threads) are gone.
  unsigned alone = 0;
  /// `__kmpc_barrier` calls in the teams regions' own code, removed.
  unsigned barriers = 0;
};
/// The host module (x86): each reduction combine that a `__kmpc_reduce`
/// call admits in code a `teams` region runs also takes a lock shared by
/// every team, so teams of one thread (which the call does not exclude from
/// each other) no longer combine into the shared original at once
/// (HostTeamsCombines.cpp).
HostTeamsCombines lockHostTeamsCombines(llvm::Module &host);

/// A device module: each use of a `declare target link` variable outside
/// the kernels (in a declare target procedure, an OpenACC `routine`) reads
/// its address from the variable's reference pointer, which the runtime
/// sets when the variable is mapped, as the kernels' uses do. LLVM 22 left
/// those uses on the device's own, never mapped copy (zeros). Returns the
/// number of uses rerouted.
unsigned routeLinkReferences(llvm::Module &m);

/// The slots of derived types' binding tables (`.v.TYPE`) that no unit
/// builds for the device (undef, or a procedure only declared) get a
/// procedure that traps: a kernel dispatching to one called address 0 (a
/// segfault on host-offload; a GPU build took it for unreachable and
/// dropped the kernel's body, silently). For a complete program's device
/// code. Returns the bindings guarded, as `TYPE%BINDING`.
std::vector<std::string> guardUnbuiltBindings(llvm::Module &m);

/// What captureDeferredFallbacks did.
struct DeferredFallbacks {
  /// Host fallback arguments of deferred target tasks that now point at the
  /// task's copy of a by-copy value.
  unsigned rewired = 0;
  /// By-copy arguments of such tasks matched to no fallback argument (left
  /// as they were).
  unsigned unrecognized = 0;
};
/// The host module (x86): the host fallback of each target task (`target
/// nowait`, `depend`) reads its firstprivate scalars from the copies the
/// task made when the construct was met, as the kernel launch does, not
/// from the variables when the task runs (DeferredFallbacks.cpp).
DeferredFallbacks captureDeferredFallbacks(llvm::Module &host);

/// The functions `roots` can run: everything they call or pass as a
/// function pointer (outlined regions, reduction callbacks), transitively.
llvm::SetVector<llvm::Function *>
reachableFrom(llvm::ArrayRef<llvm::Function *> roots);

/// What placeDescriptorCopies did.
struct DescriptorCopies {
  /// Copies in the target task of a deferred region (freed with the task).
  unsigned inTasks = 0;
  /// Copies on the stack of the thread that waits for its region, used
  /// inside an active parallel region.
  unsigned onStack = 0;
  /// Copies whose region was not recognized: the region maps the host's
  /// descriptor, as before.
  unsigned unrecognized = 0;
};
/// The host module (x86) of an offload build: places the descriptor copies
/// ompx-descriptor-copies asked for (`__ompx_descriptor_copy(desc, size)`,
/// when a target construct is met): in the target task of a deferred region,
/// which lives until its last transfer back, or on the stack of one the
/// thread waits for, used inside an active parallel region
/// (DeferredFallbacks.cpp).
DescriptorCopies placeDescriptorCopies(llvm::Module &host);

/// The op that kernel `kernel` was outlined from: the omp.target whose
/// enclosing function and line the kernel name encodes
/// (`__omp_offloading_<dev>_<file>_<function>_l<line>[_<count>]`).
mlir::Operation *findTargetForKernel(mlir::ModuleOp module,
                                     llvm::StringRef kernel);

/// The first of findNullWrapperParallels as a failure at its omp.parallel
/// in `deviceMlir` (the device copy the module was translated from).
std::optional<Failure> checkGenericParallels(llvm::Module &m,
                                             mlir::ModuleOp deviceMlir,
                                             llvm::StringRef triple,
                                             const DiagnosticCollector &diags);
/// Where kernel `kernel` (its outlined parallel region `outlined`, when
/// given and found) lies in the source `deviceMlir` was made from.
std::optional<SourceLocation> locateKernel(mlir::ModuleOp deviceMlir,
                                           llvm::StringRef kernel,
                                           llvm::StringRef outlined,
                                           const DiagnosticCollector &diags);
/// The same, located by `locate(kernel, outlined)` (a linked program's
/// device code, whose MLIR is gone: the units' kernel location tables).
std::optional<Failure> checkGenericParallels(
    llvm::Module &m, llvm::StringRef triple,
    llvm::function_ref<std::optional<SourceLocation>(llvm::StringRef kernel,
                                                     llvm::StringRef outlined)>
        locate);

} // namespace ompx::pipeline

#endif // OMPX_PIPELINE_DEVICEFIXES_H
