//===- ParentWatch.h - End with the process that started us -----*- C++ -*-===//
//
// The server's helpers (analysis and lowering workers, the bytecode
// converter, `emit` and the flang it runs) must not outlive a server that
// was SIGKILLed: nothing would read their results, and one busy with a large
// input keeps a core and its memory. PR_SET_PDEATHSIG follows the thread
// that started a child, not the process, and the server starts workers from
// threads that come and go; a watch of getppid() follows the process.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_SUPPORT_PARENTWATCH_H
#define OMPX_SUPPORT_PARENTWATCH_H

namespace ompx {

/// Starts a thread that ends this process once its parent is gone (checked
/// every 100 ms): when this process leads its process group, the whole group
/// (its own children: flang under `emit`) is killed with it.
void exitWithParent();

} // namespace ompx

#endif // OMPX_SUPPORT_PARENTWATCH_H
