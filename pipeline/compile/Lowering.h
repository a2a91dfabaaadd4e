//===- Lowering.h - ompx passes and Flang's lowering ------------*- C++ -*-===//
//
// The MLIR side of the compile: the ompx rewrites (pipeline/passes) on the
// parsed module and on the device copy, then Flang's lowering of FIR/HLFIR
// to the LLVM dialect. Each runs through an mlir::PassManager; errors reach
// the context's diagnostic handler at their ops.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_LOWERING_H
#define OMPX_PIPELINE_LOWERING_H

#include "pipeline/Types.h"
#include "pipeline/compile/Classify.h"
#include "pipeline/compile/PassTrace.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Frontend/Debug/Options.h"
#include "llvm/Support/LogicalResult.h"

#include <string>

namespace llvm {
class TargetMachine;
} // namespace llvm

namespace ompx::pipeline {

/// The host triple of every launch.
inline constexpr const char *kHostTriple = "x86_64-pc-linux-gnu";

/// Marks the host copy as a launch does before Flang's pipeline and the
/// translation: the host half, offloading to `deviceTriples` (none: target
/// regions run on the host), x86-64 with `tm`'s data layout.
void setHostCopyAttributes(mlir::ModuleOp host,
                           llvm::ArrayRef<std::string> deviceTriples,
                           const llvm::TargetMachine &tm);

/// Marks the device copy: the device half (`gpu` or a host-offload device)
/// for `triple`/`cpu`/`features` with `tm`'s data layout, and the input's
/// OpenMP version.
void setDeviceCopyAttributes(mlir::ModuleOp device, bool gpu,
                             unsigned openmpVersion, llvm::StringRef triple,
                             llvm::StringRef cpu, llvm::StringRef features,
                             const llvm::TargetMachine &tm);

/// Removes every `omp.host_ir_filepath` in `root`: MLIR's translation reads
/// the file it names (OpenMPIRBuilder::loadOffloadInfoMetadata, without a
/// bound or a check of its kind), and the path is the document's word. The
/// only host IR a translation reads is the one a launch wrote itself.
void dropHostIRFilePaths(mlir::Operation *root);

/// Calls of the OpenACC data routines OpenMP has no twin for (acc_hostptr,
/// acc_attach, acc_detach), which ompx's openacc module declares with the
/// binding label `ompx_acc_data_api__NAME__SPEC` that no library defines
/// (pipeline/runtime/openacc.f90): an error at each call, naming the
/// procedure, rather than a link error. False if there were any.
/// runInputPasses starts with it.
bool refuseAccDataApi(mlir::ModuleOp module);
/// What follows the procedure's name `name` in that error (ompx-flang's
/// too).
std::string accDataApiReason(llvm::StringRef name);

/// Before the host/device split: flang names -> linker names (LLVM dialect
/// input), OpenACC host fallback (acc input), host_eval values the device
/// cannot recompute mapped (when offloading).
/// `trace`: snapshots of the passes (as the input view).
llvm::LogicalResult runInputPasses(mlir::ModuleOp module,
                                   const Classification &c, bool offload,
                                   bool mapCheck = false,
                                   PassTrace *trace = nullptr);

/// The device copy: host-only llvm.func marked, host_eval recomputed in the
/// target regions, the module's target cpu/features on every llvm.func.
/// `privateAllocas`: LLVM-dialect input for amdgcn (its allocas were lowered
/// for the host, in address space 0).
llvm::LogicalResult runDeviceCopyPasses(mlir::ModuleOp device,
                                        bool privateAllocas = false,
                                        PassTrace *trace = nullptr);

/// The device copy in the LLVM dialect, just before translation: each
/// worksharing loop body marked with its chunks (ompx-loop-chunk-marks),
/// which the translation would drop; passLoopChunks takes them over. And
/// map arguments of global storage taken through an identity
/// (ompx-global-map-addresses), which the translation would fold away.
llvm::LogicalResult runLoopChunkMarks(mlir::ModuleOp device,
                                      PassTrace *trace = nullptr);

/// The host copy, before translation, mended where LLVM 22's host
/// translation gets it wrong: each composite distribute parallel do given a
/// schedule it distributes to the teams (ompx-host-composite-schedule), each
/// team of a teams reduction its own copy (ompx-host-teams-reduction).
llvm::LogicalResult runHostTranslationFixes(mlir::ModuleOp host,
                                            PassTrace *trace = nullptr);

/// MLIR's translation sizes a map with bounds as element count times the
/// element type's size in bits (OpenMPToLLVMIRTranslation getSizeInBytes),
/// which for x86_fp80 (REAL(10)) is 10 bytes, though each element takes 16:
/// a map of n elements moved 10n of the 16n bytes and the program crashed.
/// Gives such maps (LLVM dialect) i128 elements instead: 16 bytes, the same
/// alignment and GEP stride, so only the sizes change.
void widenX87MapElements(mlir::ModuleOp module);

/// GPUs have no 80-bit floating-point type (code generation aborts on
/// x86_fp80): the first op of a target region (or of a function compiled
/// for the device) with a REAL(10)/COMPLEX(10) operand or result, or null.
mlir::Operation *findX87DeviceOp(mlir::ModuleOp device);

/// Flang's MLIR -> LLVM dialect pipeline (HLFIR -> FIR -> LLVM) for the host
/// or the device copy of a module with FIR, added to `pm`; `debugInfo`
/// adds flang's debug information pass (`-g`).
void addFlangPipeline(mlir::PassManager &pm, const Classification &c,
                      bool isDevice, llvm::StringRef triple, OptLevel optLevel,
                      llvm::StringRef file,
                      llvm::codegenoptions::DebugInfoKind debugInfo =
                          llvm::codegenoptions::NoDebugInfo);

/// Runs addFlangPipeline's passes on `module`.
llvm::LogicalResult
runFlangPipeline(mlir::ModuleOp module, const Classification &c, bool isDevice,
                 llvm::StringRef triple, OptLevel optLevel,
                 llvm::StringRef file, PassTrace *trace = nullptr,
                 llvm::codegenoptions::DebugInfoKind debugInfo =
                     llvm::codegenoptions::NoDebugInfo);

} // namespace ompx::pipeline

#endif // OMPX_PIPELINE_LOWERING_H
