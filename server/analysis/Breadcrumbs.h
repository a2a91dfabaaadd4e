//===- Breadcrumbs.h - What a worker was doing when it died -----*- C++ -*-===//
//
// A page of shared memory that the analysis worker writes as it goes and that
// its crash handler completes (stack frames, parser progress). The server
// reads it after the worker died to say which op's parser or verifier crashed.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_ANALYSIS_BREADCRUMBS_H
#define OMPX_ANALYSIS_BREADCRUMBS_H

#include <cstdint>

namespace ompx {

enum class Phase : uint32_t {
  Idle = 0,
  Parse = 1,
  Verify = 2,
  Collect = 3,
  Lower = 4, ///< the lowering-readiness check (translation to LLVM IR)
};

struct Breadcrumbs {
  static constexpr unsigned kMaxFrames = 48;
  static constexpr unsigned kFrameLen = 240;
  volatile Phase phase = Phase::Idle;
  volatile uint32_t chunkIndex = 0;
  /// Offset (in the chunk) of the op being verified in "locate" mode, or ~0.
  volatile uint32_t currentOp = ~0u;
  /// Offset (in the chunk) just past the last op the parser finished, or ~0.
  volatile uint32_t parseProgress = ~0u;
  volatile int32_t signal = 0;
  volatile uint32_t numFrames = 0;
  char frames[kMaxFrames][kFrameLen];
};

/// The breadcrumbs of this process, or null when not running as a worker.
Breadcrumbs *currentBreadcrumbs();
void setCurrentBreadcrumbs(Breadcrumbs *crumbs);

} // namespace ompx

#endif // OMPX_ANALYSIS_BREADCRUMBS_H
