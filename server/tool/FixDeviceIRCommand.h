//===- FixDeviceIRCommand.h - `ompx-lsp fix-device-ir` ----------*- C++ -*-===//

#ifndef OMPX_TOOL_FIXDEVICEIRCOMMAND_H
#define OMPX_TOOL_FIXDEVICEIRCOMMAND_H

namespace ompx {

/// `ompx-lsp fix-device-ir [--triple=T] [--arch=A] [--only=FIX,...] [-On]
/// [-o OUT] IN.ll` (hidden; argv[0] is "fix-device-ir"): the launch
/// pipeline's LLVM 22.1.8 device-module workarounds
/// (pipeline/compile/DeviceFixes) on LLVM IR, printed as LLVM IR. Returns 0, 1
/// when the generic-parallel check refuses the module, 2 on bad usage or input.
int runFixDeviceIRCommand(int argc, char **argv);

} // namespace ompx

#endif // OMPX_TOOL_FIXDEVICEIRCOMMAND_H
