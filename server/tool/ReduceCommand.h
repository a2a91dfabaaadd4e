//===- ReduceCommand.h - `ompx-lsp reduce`: a minimal reproducer -*- C++
//-*-===//

#ifndef OMPX_TOOL_REDUCECOMMAND_H
#define OMPX_TOOL_REDUCECOMMAND_H

namespace ompx {

/// Registers `ompx-lsp reduce FILE --crash | --diagnostic=TEXT | --lowering
/// [-o OUT] [--timeout=SEC]` (exit status 0, 1 FILE does not fail that way,
/// 2 usage) with llvm::cl, a verb of server/tool/Verb.h.
void registerReduceCommand();

/// The hidden mode `--mlir-reduce INPUT OUTPUT SIGNATURE BEST`: MLIR's
/// reduction-tree pass with ompx's dialects, in its own process.
int runMlirReduceChild(int argc, char **argv);

/// The hidden mode `--reduce-test SIGNATURE BEST CANDIDATE`, the reducer's
/// interestingness test: exit 1 when CANDIDATE fails as SIGNATURE says.
int runReduceTest(int argc, char **argv);

} // namespace ompx

#endif // OMPX_TOOL_REDUCECOMMAND_H
