//===- SnapshotStore.h - IR snapshots that share their text -----*- C++ -*-===//
//
// `ompx-lsp pipeline` keeps the IR after every pass. A snapshot is split
// into pieces (an MLIR module into its top-level ops, LLVM IR into its
// functions and the rest), each piece is stored once by content hash, and a
// snapshot is a manifest: the list of its pieces. A pass that changes one
// function of a 50k-line module adds that function, not the module.
//
// On disk, in the snapshot folder:
//   pieces.bin     "OMPXSNP1", then frames: u32 count, u32 raw size,
//                  u32 stored size, u8 codec (0 none, 1 zstd), the stored
//                  bytes; raw = count u32 piece sizes, then the texts.
//                  Pieces are numbered in the order they were added.
//   journal.jsonl  while it runs: a JSON line per snapshot (its manifest
//                  as ranges of piece numbers) and per failure; the build
//                  process writes it, so a crash loses no snapshot taken.
//   index.json     at the end: the snapshots and how the run ended
//                  (finalizeIndex, in the process that spawned the build).
// Plain data: no MLIR, no LLVM IR; the recorder is compile/PassTrace.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_PIPELINE_SNAPSHOTS_SNAPSHOTSTORE_H
#define OMPX_PIPELINE_SNAPSHOTS_SNAPSHOTSTORE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ompx::snapshots {

inline constexpr const char *kPiecesFile = "pieces.bin";
inline constexpr const char *kJournalFile = "journal.jsonl";
inline constexpr const char *kIndexFile = "index.json";

/// One snapshot: the IR of one view after one pass (or step).
struct SnapshotRecord {
  unsigned number = 0;
  std::string name;  ///< `003-host-convert-hlfir-to-fir.mlir`
  std::string pass;  ///< the pass argument (`convert-hlfir-to-fir`) or step
  std::string stage; ///< hlfir, fir, llvm-dialect, llvm-ir, asm
  std::string view;  ///< input (before the host/device split), host, device
  bool changed = true;
  bool failed = false; ///< the pass failed; this is the IR it left
  std::map<std::string, unsigned> opCounts;  ///< only the non-zero ones
  std::vector<std::string> changedFunctions; ///< pieces new in this one
  std::vector<uint32_t> pieces;              ///< the manifest
};

/// How the run ended, as the spawning process saw it.
struct RunEnd {
  std::string source; ///< the file the user named (.mlir or Fortran)
  bool ok = true;
  std::string stage;   ///< the build stage that failed
  std::string message; ///< its error
  std::optional<std::string> file;
  unsigned line = 0, column = 0;
};

/// The failure the index marks: the run's error, and the pass or step that
/// was running (known when the recorder saw it fail or crash).
struct FailureRecord {
  std::string stage, message, pass, view;
  bool crashed = false;
  /// The last snapshot before the failure (-1: none was taken).
  int afterSnapshot = -1;
  std::optional<std::string> file;
  unsigned line = 0, column = 0;
};

/// `0-4,9,5-8`: ascending runs of piece numbers, as the journal and the
/// index write a manifest.
std::string encodeManifest(llvm::ArrayRef<uint32_t> pieces);
std::optional<std::vector<uint32_t>> decodeManifest(llvm::StringRef text);

llvm::json::Value toJSON(const SnapshotRecord &r);
bool fromJSON(const llvm::json::Value &v, SnapshotRecord &r,
              llvm::json::Path path);

/// Writes a snapshot folder as the pipeline runs. Pieces added since the
/// last snapshot are written as one frame when the snapshot is added.
class StoreWriter {
public:
  /// Creates (or empties of its own files) `dir`.
  static llvm::Expected<std::unique_ptr<StoreWriter>>
  create(llvm::StringRef dir, const llvm::json::Object &header);
  ~StoreWriter();

  /// The number of the piece with this text: the one stored already, else
  /// a new one; `isNew` says which.
  uint32_t addPiece(llvm::StringRef text, bool *isNew = nullptr);
  /// Numbers and names nothing: the record's number is set here.
  llvm::Error addSnapshot(SnapshotRecord &record);
  /// The journal's line for a pass that failed (`crashed`: the process is
  /// dying; see crashLine).
  llvm::Error addFailure(llvm::StringRef view, llvm::StringRef pass);
  unsigned snapshotCount() const { return nextNumber; }
  /// The journal's descriptor, for a line written from a signal handler.
  int journalFd() const { return journal; }

private:
  StoreWriter() = default;
  llvm::Error flushFrame();
  llvm::Error writeLine(const llvm::json::Value &line);

  std::string dir;
  int piecesFd = -1, journal = -1;
  /// xxh3-128 of a piece's text -> its number.
  std::map<std::pair<uint64_t, uint64_t>, uint32_t> byHash;
  /// Pieces not yet written (numbers `flushed` on); written ones are not
  /// kept in memory.
  std::vector<std::string> pending;
  uint32_t flushed = 0; ///< pieces written to pieces.bin
  unsigned nextNumber = 0;
};

/// The journal line a crash handler writes: names the pass that was
/// running. Kept short and fixed so it needs no allocation.
std::string crashLine(llvm::StringRef view, llvm::StringRef pass);

/// Reads journal.jsonl, adds how the run ended and writes index.json (the
/// journal is removed). Returns the failure the index marks, if any.
llvm::Expected<std::optional<FailureRecord>> finalizeIndex(llvm::StringRef dir,
                                                           const RunEnd &end);

/// A snapshot folder, read.
class Store {
public:
  /// Reads index.json (or the journal of a run that has not finished) and
  /// the frame headers of the pieces; every size is checked against the
  /// file. The texts are read by loadPieces.
  static llvm::Expected<Store> open(llvm::StringRef dir);
  /// Decompresses the pieces (text, piece and follow need them).
  llvm::Error loadPieces();

  const std::vector<SnapshotRecord> &snapshots() const { return records; }
  const std::optional<FailureRecord> &failure() const { return failed; }
  const llvm::json::Object &header() const { return head; }
  /// The snapshot numbered `n`, or named `n` (`3`, `003`, `003-host-...`),
  /// else the first of the pass `n`.
  const SnapshotRecord *find(llvm::StringRef numberOrName) const;
  /// The text of snapshot `record`, rebuilt from its pieces (loaded).
  std::string text(const SnapshotRecord &record) const;
  llvm::StringRef piece(uint32_t id) const { return pieceTexts[id]; }
  uint64_t pieceCount() const { return numPieces; }
  uint64_t pieceBytes() const { return textBytes; }    ///< uncompressed
  uint64_t storedBytes() const { return data.size(); } ///< pieces.bin

private:
  std::vector<SnapshotRecord> records;
  std::optional<FailureRecord> failed;
  llvm::json::Object head;
  std::string data; ///< pieces.bin
  uint64_t numPieces = 0, textBytes = 0;
  std::vector<std::string> pieceTexts;
};

/// Reads the frames of `data` (a pieces.bin), checking every size: the
/// number of pieces and their bytes, and with `texts`, the pieces.
llvm::Error readPieces(llvm::StringRef data, uint64_t &count,
                       uint64_t &textBytes,
                       std::vector<std::string> *texts = nullptr);

} // namespace ompx::snapshots

#endif // OMPX_PIPELINE_SNAPSHOTS_SNAPSHOTSTORE_H
