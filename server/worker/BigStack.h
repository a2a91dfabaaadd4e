//===- BigStack.h - Threads with room for a deep parse ----------*- C++ -*-===//

#ifndef OMPX_WORKER_BIGSTACK_H
#define OMPX_WORKER_BIGSTACK_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/thread.h"

namespace ompx {

/// Starts `fn` on a thread with `stackBytes` of stack and an alternate
/// signal stack, so deep recursion in the parser has room and a stack
/// overflow can still be reported.
llvm::thread startOnBigStack(unsigned stackBytes,
                             llvm::function_ref<void()> fn);

/// Runs `fn` on such a thread and waits for it.
inline void runOnBigStack(unsigned stackBytes, llvm::function_ref<void()> fn) {
  startOnBigStack(stackBytes, fn).join();
}

} // namespace ompx

#endif // OMPX_WORKER_BIGSTACK_H
