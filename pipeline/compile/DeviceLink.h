//===- DeviceLink.h - A program's device code, from all its units -*- C++
//-*-===//
//
// The link half of `ompx-flang`: every translation unit compiled with an
// offload target carries its device code as LLVM bitcode in an
// OffloadBinary of its object's .llvm.offloading section (Compile.h's
// `relocatable`). At the program's link the units' bitcode for one target
// is linked into one module (declare target routines and variables across
// files resolve here), built into one complete image (DeviceImage.h) and
// registered with libomptarget by a host object of its own, which the
// host link adds: LLVM's offloading format, ompx's device build.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_COMPILE_DEVICELINK_H
#define OMPX_PIPELINE_COMPILE_DEVICELINK_H

#include "pipeline/Types.h"
#include "pipeline/compile/DeviceImage.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Object/Binary.h"
#include "llvm/Support/MemoryBuffer.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace llvm {
class LLVMContext;
} // namespace llvm

namespace ompx::pipeline {

/// A link's inputs, read once: each object or shared library, and each
/// member of an archive that the link pulls in (named `lib.a(m.o)`) as `ld`
/// pulls them (also for what `sharedLibraries`, not units here, use), or
/// every member with `wholeArchives`. Inputs that cannot be read are left
/// out, for the linker to report.
class LinkedInputs {
public:
  LinkedInputs(llvm::ArrayRef<std::string> inputs, bool wholeArchives,
               llvm::ArrayRef<std::string> sharedLibraries = {});
  ~LinkedInputs();
  LinkedInputs(const LinkedInputs &) = delete;
  LinkedInputs &operator=(const LinkedInputs &) = delete;

  struct Unit {
    std::string name;
    llvm::MemoryBufferRef data;
  };
  llvm::ArrayRef<Unit> units() const { return unitList; }

private:
  std::unique_ptr<llvm::LLVMContext> context; ///< reads bitcode members
  std::vector<Unit> unitList;
  std::vector<std::unique_ptr<llvm::MemoryBuffer>> buffers;
  std::vector<std::pair<std::string, std::unique_ptr<llvm::object::Binary>>>
      binaries;
};

/// An offload target some input's device code was compiled for.
/// Whether two offload triples name one device target: spellings differ in
/// the vendor (x86_64-pc-linux-gnu, x86_64-unknown-linux-gnu), and units of
/// one program compiled with either must join one image.
bool sameOffloadTriple(llvm::StringRef a, llvm::StringRef b);

struct DeviceTarget {
  std::string triple;
  std::string arch; ///< sm_90, gfx90a, generic
  bool operator==(const DeviceTarget &o) const {
    return sameOffloadTriple(triple, o.triple) && arch == o.arch;
  }
};

/// The targets the ompx units of a link carry device code for, in
/// first-seen order. Nullopt with `error` naming the unit when one carries
/// an offload image ompx did not make (flang-22's own `-fopenmp-targets`
/// objects: their device code is finished machine code that cannot join
/// ompx's device link).
std::optional<std::vector<DeviceTarget>>
deviceTargetsIn(const LinkedInputs &linked, std::string &error);

/// The same for a link of `objects` alone.
std::optional<std::vector<DeviceTarget>>
deviceTargetsIn(llvm::ArrayRef<std::string> objects, std::string &error);

/// The targets of the device images that `libraries` (shared libraries)
/// carry, in first-seen order; unreadable ones carry none.
std::vector<DeviceTarget>
libraryImageTargets(llvm::ArrayRef<std::string> libraries);

/// An input (`lib.a(b.o)` for an archive member) built for the host alone
/// although its unit has offload constructs: the first one, as its
/// kHostOnlySection says (`file:line:col\tconstruct`), or, for an object
/// flang compiled without ompx (`unmarked`), its first target region as
/// `line N of PROCEDURE`.
struct HostOnlyUnit {
  std::string input;
  std::string construct;
  bool unmarked = false;
};

/// The units of a link that ompx or flang-22 built for the host alone
/// while they have offload constructs (flang-22's target regions; its data
/// constructs leave no trace).
std::vector<HostOnlyUnit> hostOnlyUnitsIn(const LinkedInputs &linked);

struct DeviceLinkJob {
  /// The link's objects and the archive members it pulls in.
  const LinkedInputs *linked = nullptr;
  DeviceImageJob image;            ///< the target and its tools
  std::string hostDevRuntime;      ///< host-offload: joins the image
  std::string ldLld;               ///< host-offload: links the image
  std::string cudaSetup;           ///< NVPTX: its set-up runs first
  /// Shared libraries of the link: their device images are their own, so
  /// device code that calls into one is refused by name.
  std::vector<std::string> sharedLibraries;
  /// Off: the image only (a program of several targets registers all its
  /// images in one object: writeRegistration).
  bool registerImage = true;
};

/// How a device link went: one target's (DeviceLinkOutcome) or a whole
/// program's (driver/ProgramLink.h), which passes a target's failure on.
struct LinkOutcome {
  bool ok = false;
  std::string message;
  std::optional<SourceLocation> location;
  unsigned units = 0; ///< inputs whose device code was linked
};

struct DeviceLinkOutcome : LinkOutcome {
  std::vector<std::string> kernels;
  std::vector<std::string> kernelModes;
  /// The host object that carries and registers the image.
  std::string registrationObject;
  std::string deviceImage;
  /// host-offload: symbols the image leaves to the program, which the link
  /// must export (the Fortran runtime, host procedures).
  std::vector<std::string> exports;
};

/// Links the device code of `job.image`'s target from every input, builds
/// the image and the object that registers it. Runs LLVM in this process.
DeviceLinkOutcome
linkDeviceCode(const DeviceLinkJob &job,
               const std::function<void(const std::string &)> &log);

/// A program's image for one target (DeviceLinkOutcome::deviceImage).
struct LinkedImage {
  std::string path;
  DeviceKind device = DeviceKind::Host;
  std::string triple, arch;
};

/// Writes to `path` the host object that registers `images` with
/// libomptarget in one descriptor; `cudaSetup` (NVPTX's set-up object) runs
/// around the registration when non-empty.
bool writeRegistration(llvm::ArrayRef<LinkedImage> images,
                       const std::string &cudaSetup, const std::string &path,
                       std::string &error);

/// Writes `output`: `hostObject` with the device bitcode that the ompx
/// objects `others` (the same unit compiled for other offload targets)
/// carry added to its .llvm.offloading section (`ld.lld -r`).
bool mergeDeviceCode(const std::string &hostObject,
                     llvm::ArrayRef<std::string> others,
                     const std::string &ldLld, const std::string &workDir,
                     const std::string &output, std::string &error);

} // namespace ompx::pipeline

#endif // OMPX_PIPELINE_COMPILE_DEVICELINK_H
