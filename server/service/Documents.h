//===- Documents.h - Open documents and their chunk analyses ----*- C++ -*-===//
//
// A document is its text, its `// -----` chunks and one analysis per chunk.
// Analyses are cached by the hash of the chunk's text, so an edit only
// re-analyzes the chunks whose text changed; unchanged chunks that moved get
// their cached analysis shifted.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_SERVICE_DOCUMENTS_H
#define OMPX_SERVICE_DOCUMENTS_H

#include "server/model/Analysis.h"
#include "server/model/Snapshot.h"
#include "server/syntax/EditMap.h"
#include "server/syntax/Text.h"

#include "llvm/ADT/ArrayRef.h"

#include <chrono>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace ompx {

class Document {
public:
  Document(std::string uri, int64_t version, std::string text);

  /// Replaces the text; keeps the analyses of chunks whose text is unchanged.
  /// `edits` turned the old text into `text`, in order, as byte ranges;
  /// empty: found by comparing the texts.
  void setText(int64_t version, std::string text,
               llvm::ArrayRef<ByteEdit> edits = {});
  /// Records the analysis of a chunk with hash `hash` (from any version).
  void addAnalysis(uint64_t hash, std::shared_ptr<const ChunkAnalysis> a);

  const std::string &uri() const { return uriStr; }
  int64_t version() const { return ver; }
  /// When this version's text arrived (setText), for the publication log.
  std::chrono::steady_clock::time_point arrived() const { return arrivedAt; }
  llvm::StringRef text() const { return content->str(); }
  /// The memfd holding the text, for a worker to map (SharedText::fd); -1
  /// when the text is small enough to send.
  int textFd() const { return content->fd(); }
  const LineTable &lines() const { return *lineTable; }
  /// The current text and analyses, safe to read after the lock is gone.
  Snapshot snapshot() const;
  const SplitResult &split() const { return chunks; }
  uint64_t chunkHash(unsigned i) const { return hashes[i]; }
  /// Null while chunk `i` is not analyzed yet.
  const std::shared_ptr<const ChunkAnalysis> &analysis(unsigned i) const {
    return analyses[i];
  }
  std::vector<unsigned> pendingChunks() const;
  bool complete() const { return pendingChunks().empty(); }

  /// Records the final diagnostics (document offsets) of chunk `i`, whose
  /// analysis is still to come: what documentDiagnostics() reports for it
  /// meanwhile. Only on a copy made to publish them: features read
  /// analyses, never these.
  void setEarlyDiagnostics(unsigned i, std::vector<Diagnostic> diags);
  /// Whether every chunk has its analysis or its early diagnostics.
  bool diagnosticsFinal() const;
  /// Chunk `i`'s diagnostics: its analysis's, else its early ones, or null.
  const std::vector<Diagnostic> *diagnostics(unsigned i) const;

  /// Records the lowering-readiness diagnostics of a chunk text (ranges
  /// relative to the chunk's start, so a chunk that moves keeps them).
  void addLowering(uint64_t hash, std::vector<Diagnostic> relative);
  /// Chunks that parsed and verified cleanly, or are not analyzed yet, and
  /// have no lowering result.
  std::vector<unsigned> pendingLowering() const;
  /// Chunk `i`'s lowering diagnostics (relative ranges), or null.
  const std::vector<Diagnostic> *lowering(unsigned i) const;

private:
  void attach(unsigned i);
  /// Once every chunk is analyzed, what features see becomes the base that
  /// fills units which stop parsing later.
  void rebaseIfComplete();

  std::string uriStr;
  int64_t ver;
  std::chrono::steady_clock::time_point arrivedAt;
  /// Shared with copies of this document (a copy is made per edit), and
  /// with the worker that analyzes it (SharedText::fd).
  std::shared_ptr<const SharedText> content;
  std::shared_ptr<const LineTable> lineTable;
  SplitResult chunks;
  std::vector<uint64_t> hashes;
  std::vector<std::shared_ptr<const ChunkAnalysis>> analyses;
  /// Early diagnostics by chunk index, of this version only.
  std::map<unsigned, std::vector<Diagnostic>> early;
  /// Analyses by chunk-text hash, including ones of chunks not attached yet.
  std::map<uint64_t, std::shared_ptr<const ChunkAnalysis>> cache;
  /// Lowering diagnostics by chunk-text hash, kept like `cache`.
  std::map<uint64_t, std::shared_ptr<const std::vector<Diagnostic>>>
      loweringCache;
  /// The analyses (stale records included) of the last complete version,
  /// in its offsets, and the edits made since: where a new analysis blanks
  /// a unit, they fill it (withStaleRecords).
  std::vector<std::shared_ptr<const ChunkAnalysis>> base;
  EditMap sinceBase;
};

/// Every diagnostic of a fully analyzed document (or one whose pending
/// chunks have early diagnostics), in document order: split marker near
/// misses, then each chunk's parser/verifier/crash diagnostics; then, with
/// `lowering`, the lowering-readiness ones known so far.
std::vector<Diagnostic> documentDiagnostics(const Document &doc,
                                            bool lowering = false);

} // namespace ompx

#endif // OMPX_SERVICE_DOCUMENTS_H
