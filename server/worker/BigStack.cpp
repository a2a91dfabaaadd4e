//===- BigStack.cpp - Threads with room for a deep parse ------------------===//

#include "server/worker/BigStack.h"

#include <csignal>
#include <cstdlib>
#include <cstring>
#include <optional>

using namespace ompx;

llvm::thread ompx::startOnBigStack(unsigned stackBytes,
                                   llvm::function_ref<void()> fn) {
  return llvm::thread(std::optional<unsigned>(stackBytes), [fn] {
    static constexpr size_t kAltStack = 1 << 18;
    stack_t ss;
    ss.ss_sp = malloc(kAltStack);
    ss.ss_size = kAltStack;
    ss.ss_flags = 0;
    sigaltstack(&ss, nullptr);
    fn();
    stack_t off;
    memset(&off, 0, sizeof(off));
    off.ss_flags = SS_DISABLE;
    sigaltstack(&off, nullptr);
    free(ss.ss_sp);
  });
}
