//===- FuzzMain.cpp - libFuzzer entry point of one target -----------------===//
//
// Compiled once per target with OMPX_FUZZ_TARGET naming its function.
//
//===----------------------------------------------------------------------===//

#include "fuzz/FuzzTargets.h"

#include "llvm/Support/LSP/Logging.h"

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  // The server logs every rejected message; millions of them would drown
  // libFuzzer's own output (errors from ompx code are still printed).
  llvm::lsp::Logger::setLogLevel(llvm::lsp::Logger::Level::Error);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  return ompx::fuzz::OMPX_FUZZ_TARGET(data, size);
}
