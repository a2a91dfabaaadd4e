//===- FixDeviceIRCommand.h - `ompx-lsp fix-device-ir` ----------*- C++ -*-===//

#ifndef OMPX_TOOL_FIXDEVICEIRCOMMAND_H
#define OMPX_TOOL_FIXDEVICEIRCOMMAND_H

namespace ompx {

/// Registers the verb `ompx-lsp fix-device-ir [--triple=T] [--arch=A]
/// [--only=FIX,...] [-On] [-o OUT] IN.ll` (for tests): the launch
/// pipeline's LLVM 22.1.8 device-module workarounds
/// (pipeline/compile/DeviceFixes) on LLVM IR, printed as LLVM IR. It exits
/// 0, 1 when the generic-parallel check refuses the module, 2 on bad usage
/// or input.
void registerFixDeviceIRCommand();

} // namespace ompx

#endif // OMPX_TOOL_FIXDEVICEIRCOMMAND_H
