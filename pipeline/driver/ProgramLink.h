//===- ProgramLink.h - A program's device link, set up ----------*- C++ -*-===//
//
// The device link of a program's objects (DeviceLink.h) with its tools and
// runtime found for the target, and the host link arguments it adds: what
// `ompx-flang`'s link and a launch whose drivers hold target regions share.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_DRIVER_PROGRAMLINK_H
#define OMPX_PIPELINE_DRIVER_PROGRAMLINK_H

#include "pipeline/Types.h"
#include "pipeline/compile/DeviceLink.h"
#include "pipeline/driver/DriverArgs.h"

#include "llvm/ADT/ArrayRef.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace ompx::pipeline {

class Toolchain;

struct ProgramLinkOutcome : LinkOutcome {
  /// What the host link adds: the registration object, the CUDA set-up,
  /// the symbols the image takes from the program.
  std::vector<std::string> linkArgs;
};

/// Links the device code that the units of a link (objects, the archive
/// members it pulls in) carry for each of `targets` into one image per
/// target, all registered by one object, in `workDir`; some unit must carry
/// device code for each (deviceTargetsIn says which do). `sharedLibraries`
/// are the link's shared libraries, whose device images the program's
/// device code cannot call into.
ProgramLinkOutcome
linkProgramDevice(llvm::ArrayRef<OffloadTarget> targets,
                  const LinkedInputs &linked, Toolchain &tools,
                  OptLevel optLevel, const std::string &workDir,
                  const std::function<void(const std::string &)> &log,
                  llvm::ArrayRef<std::string> sharedLibraries = {});

/// The flags that select `target` on flang's command line
/// (`-fopenmp-targets=...` / `--offload-arch=...`).
/// Writes to `path` the host object of a program without device images that
/// loads libomptarget anyway (omp_get_num_devices, omp_target_alloc): an
/// empty registration sets libomptarget up, whose API otherwise crashes on
/// its null plugin manager. Its references are weak, so a program that
/// calls none of those routines does not load libomptarget.
bool writeEmptyRegistration(const std::string &path, std::string &error);

/// Writes to `path` a host object carrying empty device code for each of
/// `targets` (no kernel, no variable): the device link of a program none
/// of whose units has device code still builds and registers an image per
/// target, so libomptarget loads their plugins and the program sees the
/// devices (omp_get_num_devices, omp_target_alloc), as flang-22's own
/// objects give.
bool writeEmptyDeviceCode(const std::string &path,
                          llvm::ArrayRef<OffloadTarget> targets,
                          std::string &error);

std::vector<std::string> offloadFlags(const OffloadTarget &target);

} // namespace ompx::pipeline

#endif // OMPX_PIPELINE_DRIVER_PROGRAMLINK_H
