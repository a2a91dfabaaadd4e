//===- WorkerProtocol.h - What the server and a worker exchange -*- C++ -*-===//
//
// The one statement of the contract between WorkerPool (the server side,
// WorkerPool.cpp) and a worker process (`ompx-lsp --worker`,
// WorkerMain.cpp). On the worker's stdin/stdout:
//
//   request  u32 header size, JSON header (WorkerRequest: document size;
//            index, span and options of each chunk to analyze), then those
//            chunks' bytes in the header's order, unless the header says
//            `docFd`: then the document's memfd (SharedText) arrives on
//            descriptor kTextSocketFd (sendFd) and no bytes follow
//   replies  frames: u32 index, u32 payload size, payload (host byte order:
//            both ends are one machine):
//            - a chunk's index: its serialize()d ChunkAnalysis;
//            - index | kEarlyFrameBit, when the request asks for them
//              ("early"), before that chunk's frame: a ChunkAnalysis holding
//              only chunkBegin, chunkEnd and the chunk's final diagnostics
//              (sent once they are, before the facts are recorded: the
//              editor publishes them at once);
//            - kHelloFrame once at start-up: the registered op names, one a
//              line (the server names crash sites with them);
//            - kDoneFrame, empty, after the last chunk of a request.
//
// The worker's breadcrumbs (where it is, for a crash) live in a memfd the
// server passes as descriptor kBreadcrumbsFd.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_WORKER_WORKERPROTOCOL_H
#define OMPX_WORKER_WORKERPROTOCOL_H

#include "server/analysis/ChunkAnalyzer.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ompx {

/// The descriptor number of the breadcrumbs memfd in a worker.
inline constexpr int kBreadcrumbsFd = 3;
/// A socket on which the server sends a document's memfd (SharedText) when
/// a request says `"docFd": true`, instead of the chunks' bytes.
inline constexpr int kTextSocketFd = 4;
/// Frame indices that are not chunks.
inline constexpr uint32_t kHelloFrame = 0xfffffffe, kDoneFrame = 0xffffffff;
/// Set in the index of a chunk's early frame (its diagnostics only).
inline constexpr uint32_t kEarlyFrameBit = 0x80000000;

llvm::json::Value toJSON(const AnalyzerOptions &o);
bool fromJSON(const llvm::json::Value &v, AnalyzerOptions &o);

/// The request's JSON header.
struct WorkerRequest {
  size_t docSize = 0;
  /// The document comes as a memfd on kTextSocketFd, not as bytes.
  bool docFd = false;
  unsigned stackBytes = 1u << 30;
  /// Send each chunk's early frame.
  bool early = false;
  AnalyzerOptions defaults;
  struct Chunk {
    unsigned idx;
    ChunkSpan span;
    /// Options of this chunk instead of `defaults`.
    std::optional<AnalyzerOptions> options;
  };
  std::vector<Chunk> chunks;

  /// The request's first part: u32 header size and the header.
  std::string encode() const;
  /// Reads a header; false with `error` when it is not JSON.
  static bool decode(llvm::StringRef header, WorkerRequest &out,
                     std::string &error);
};

void appendU32(std::string &out, uint32_t v);
/// The 8 bytes before a frame's payload.
std::string frameHeader(uint32_t idx, uint32_t size);
/// Writes one frame to `fd`.
bool writeFrame(int fd, uint32_t idx, llvm::StringRef payload);

/// Takes the frames out of a worker's stdout as it arrives, in pieces.
class FrameReader {
public:
  /// Hands each frame that `data` completes to `onFrame`.
  void take(llvm::StringRef data,
            llvm::function_ref<void(uint32_t, llvm::StringRef)> onFrame);
  /// Bytes of an incomplete frame held.
  size_t pending() const { return buffer.size(); }

private:
  std::string buffer;
};

/// Sends descriptor `fd` over the unix socket `sock`.
bool sendFd(int sock, int fd);
/// The descriptor sent by sendFd on `sock`, or -1.
int receiveFd(int sock);

} // namespace ompx

#endif // OMPX_WORKER_WORKERPROTOCOL_H
