//===- Codegen.h - LLVM IR -> objects, offload image embedding --*- C++ -*-===//
//
// The LLVM side of the compile: target machines, the optimization pipeline,
// object/assembly emission, and the OffloadBinary that carries the device
// image inside the host object.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_CODEGEN_H
#define OMPX_PIPELINE_CODEGEN_H

#include "pipeline/Types.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CodeGen.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Target/TargetMachine.h"

#include <memory>
#include <string>
#include <vector>

namespace llvm {
class Module;
class PassInstrumentationCallbacks;
} // namespace llvm

namespace ompx::pipeline {

/// Registers every LLVM target (once per process).
void initializeTargets();

/// A TargetMachine for `triple`/`cpu`/`features` at -O`optLevel`; null with
/// `error` set when LLVM has no such target.
std::unique_ptr<llvm::TargetMachine>
makeTargetMachine(llvm::StringRef triple, llvm::StringRef cpu, bool pic,
                  OptLevel optLevel, std::string &error,
                  llvm::StringRef features = "");

/// LLVM's default -O`optLevel` pipeline (nothing at -O0); `callbacks`
/// watch its passes (PassTrace).
void optimize(llvm::Module &module, llvm::TargetMachine &tm, OptLevel optLevel,
              llvm::PassInstrumentationCallbacks *callbacks = nullptr);

/// Generates an object or assembly file of `module` into `out`.
bool emitCode(llvm::Module &module, llvm::TargetMachine &tm,
              llvm::CodeGenFileType type, llvm::SmallVectorImpl<char> &out,
              std::string &error);

/// A host module without offload targets still registers (emptily) with
/// libomptarget, so device memory routines work on the initial device.
void addEmptyOffloadRegistration(llvm::Module &module);

/// Wraps a device image in an OffloadBinary and embeds it in the host
/// module's .llvm.offloading section, where the linker wrapper finds it.
void embedOffloadImage(llvm::Module &host,
                       std::unique_ptr<llvm::MemoryBuffer> image, bool cubin,
                       llvm::StringRef triple, llvm::StringRef arch);

/// The key of a unit's device bitcode OffloadBinary (embedDeviceBitcode)
/// that lists its kernels' source locations, one `kernel\tfile:line:col` per
/// line: the program's device link names the op and Fortran line of a
/// kernel it refuses.
inline constexpr const char *kKernelLocationsKey = "ompx.kernels";
/// The key that lists the module variables of other units a unit's target
/// regions copy in as host scalars (flang's implicit firstprivate), one
/// `symbol\tname\tfile:line:col` per line: the program's device link
/// refuses a unit whose copy is of a variable another unit's device code
/// declares target (the unit was compiled before the module declared it:
/// flang-22's .mod files do not record `declare target`, so a build that
/// compares .mod files does not recompile it).
inline constexpr const char *kHostCopiesKey = "ompx.host-copies";
/// The key that marks ompx's own device bitcode (its value: the producer).
inline constexpr const char *kProducerKey = "ompx.producer";

/// The section of a host object built without offload targets whose unit
/// has offload constructs: `file:line:col\tconstruct` of the first. Linked
/// into a program that offloads, those constructs would run on the host,
/// on the host's copies of data the other units map to the device; the
/// program's link refuses the object (or the shared library holding it:
/// the section is kept by links, one line per unit).
inline constexpr const char *kHostOnlySection = ".ompx.host_only";

/// Embeds `construct` in the host module's kHostOnlySection.
void embedHostOnlyConstruct(llvm::Module &host, llvm::StringRef construct);

/// Embeds `device` as LLVM bitcode (an OffloadBinary of kind bitcode for
/// `triple`/`arch`, with `kernelLocations` and `hostCopies`) in the host
/// module's .llvm.offloading section, for the program's device link.
void embedDeviceBitcode(llvm::Module &host, const llvm::Module &device,
                        llvm::StringRef triple, llvm::StringRef arch,
                        llvm::StringRef kernelLocations,
                        llvm::StringRef hostCopies);

/// Puts a COMPLETE device image (nothing left to device-link) into the host
/// module together with its libomptarget registration, so the program links
/// with a plain host link (no linker wrapper, no device linker). A non-empty
/// `setupFunction` (a `void()` the link provides) is called first by the
/// registering constructor, before libomptarget sees the device, and
/// `<setupFunction>_end` last, after the registration.
bool registerOffloadImage(llvm::Module &host,
                          std::unique_ptr<llvm::MemoryBuffer> image, bool cubin,
                          llvm::StringRef triple, llvm::StringRef arch,
                          llvm::StringRef setupFunction, std::string &error);

/// One complete device image of a program built for several targets.
struct ImageToRegister {
  std::unique_ptr<llvm::MemoryBuffer> image;
  bool cubin = false;
  std::string triple, arch;
};
/// As registerOffloadImage, for several images (one per offload target) in
/// one descriptor over the host's offload entries: libomptarget gives each
/// the devices its plugin finds.
bool registerOffloadImages(llvm::Module &host,
                           std::vector<ImageToRegister> images,
                           llvm::StringRef setupFunction, std::string &error);

bool writeFile(llvm::StringRef path, llvm::StringRef data, std::string &error);
std::string joinPath(llvm::StringRef dir, llvm::StringRef name);

} // namespace ompx::pipeline

#endif // OMPX_PIPELINE_CODEGEN_H
