//===- SnapshotStore.cpp - IR snapshots that share their text -------------===//

#include "pipeline/snapshots/SnapshotStore.h"
#include "support/FileRead.h"
#include "support/JsonParse.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Compression.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

using namespace ompx::snapshots;
using llvm::StringRef;
namespace fs = llvm::sys::fs;

static constexpr StringRef kMagic = "OMPXSNP1";
/// A frame's or a piece's largest size: what one read of the store may
/// allocate.
static constexpr uint64_t kMaxFrameBytes = uint64_t(1) << 30;

static llvm::Error ioError(const llvm::Twine &what) {
  return llvm::createStringError(
      std::error_code(errno, std::generic_category()),
      what + ": " + strerror(errno));
}

static std::string join(StringRef dir, StringRef name) {
  llvm::SmallString<256> p(dir);
  llvm::sys::path::append(p, name);
  return p.str().str();
}

static bool writeAllFd(int fd, StringRef data) {
  while (!data.empty()) {
    ssize_t n = ::write(fd, data.data(), data.size());
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      return false;
    data = data.drop_front(n);
  }
  return true;
}

std::string ompx::snapshots::encodeManifest(llvm::ArrayRef<uint32_t> pieces) {
  std::string out;
  for (size_t i = 0; i < pieces.size();) {
    size_t j = i;
    while (j + 1 < pieces.size() && pieces[j + 1] == pieces[j] + 1)
      ++j;
    if (!out.empty())
      out += ',';
    out += std::to_string(pieces[i]);
    if (j > i)
      out += "-" + std::to_string(pieces[j]);
    i = j + 1;
  }
  return out;
}

std::optional<std::vector<uint32_t>>
ompx::snapshots::decodeManifest(StringRef text) {
  std::vector<uint32_t> out;
  if (text.empty())
    return out;
  for (StringRef item : llvm::split(text, ',')) {
    auto [first, last] = item.split('-');
    uint32_t a = 0, b = 0;
    if (first.getAsInteger(10, a))
      return std::nullopt;
    b = a;
    if (item.contains('-') &&
        (last.getAsInteger(10, b) || b < a || b - a > (uint32_t(1) << 24)))
      return std::nullopt;
    for (uint64_t i = a; i <= b; ++i)
      out.push_back(uint32_t(i));
  }
  return out;
}

llvm::json::Value ompx::snapshots::toJSON(const SnapshotRecord &r) {
  llvm::json::Object counts;
  for (const auto &[name, n] : r.opCounts)
    counts[name] = int64_t(n);
  llvm::json::Object o{{"number", int64_t(r.number)},
                       {"name", r.name},
                       {"pass", r.pass},
                       {"stage", r.stage},
                       {"view", r.view},
                       {"changed", r.changed},
                       {"ops", std::move(counts)},
                       {"changedFunctions", r.changedFunctions},
                       {"pieces", encodeManifest(r.pieces)}};
  if (r.failed)
    o["failed"] = true;
  return o;
}

bool ompx::snapshots::fromJSON(const llvm::json::Value &v, SnapshotRecord &r,
                               llvm::json::Path path) {
  llvm::json::ObjectMapper o(v, path);
  std::string manifest;
  std::map<std::string, int64_t> counts;
  if (!(o && o.map("number", r.number) && o.map("name", r.name) &&
        o.map("pass", r.pass) && o.map("stage", r.stage) &&
        o.map("view", r.view) && o.map("changed", r.changed) &&
        o.mapOptional("failed", r.failed) && o.map("ops", counts) &&
        o.map("changedFunctions", r.changedFunctions) &&
        o.map("pieces", manifest)))
    return false;
  for (const auto &[name, n] : counts)
    r.opCounts[name] = unsigned(n);
  auto pieces = decodeManifest(manifest);
  if (!pieces) {
    path.field("pieces").report("not a list of piece ranges");
    return false;
  }
  r.pieces = std::move(*pieces);
  return true;
}

//===----------------------------------------------------------------------===//
// Writing
//===----------------------------------------------------------------------===//

llvm::Expected<std::unique_ptr<StoreWriter>>
StoreWriter::create(StringRef dir, const llvm::json::Object &header) {
  if (std::error_code ec = fs::create_directories(dir))
    return llvm::createStringError(ec, "cannot create " + dir + ": " +
                                           ec.message());
  std::unique_ptr<StoreWriter> w(new StoreWriter());
  w->dir = dir.str();
  // A former run's index would describe pieces this run replaces.
  fs::remove(join(dir, kIndexFile));
  std::string pieces = join(dir, kPiecesFile);
  w->piecesFd =
      ::open(pieces.c_str(),
             O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC | O_NOFOLLOW, 0644);
  if (w->piecesFd < 0)
    return ioError("cannot write " + pieces);
  std::string journal = join(dir, kJournalFile);
  w->journal = ::open(
      journal.c_str(),
      O_WRONLY | O_CREAT | O_TRUNC | O_APPEND | O_CLOEXEC | O_NOFOLLOW, 0644);
  if (w->journal < 0)
    return ioError("cannot write " + journal);
  if (!writeAllFd(w->piecesFd, kMagic))
    return ioError("cannot write " + pieces);
  llvm::json::Object line = header;
  line["t"] = "start";
  if (llvm::Error e = w->writeLine(std::move(line)))
    return std::move(e);
  return std::move(w);
}

StoreWriter::~StoreWriter() {
  if (piecesFd >= 0)
    ::close(piecesFd);
  if (journal >= 0)
    ::close(journal);
}

uint32_t StoreWriter::addPiece(StringRef text, bool *isNew) {
  llvm::XXH128_hash_t h = llvm::xxh3_128bits(llvm::arrayRefFromStringRef(text));
  auto [it, inserted] = byHash.try_emplace({h.high64, h.low64},
                                           uint32_t(flushed + pending.size()));
  if (inserted)
    pending.push_back(text.str());
  if (isNew)
    *isNew = inserted;
  return it->second;
}

llvm::Error StoreWriter::flushFrame() {
  if (pending.empty())
    return llvm::Error::success();
  std::string raw;
  uint32_t count = uint32_t(pending.size());
  for (const std::string &text : pending) {
    char size[4];
    llvm::support::endian::write32le(size, uint32_t(text.size()));
    raw.append(size, 4);
  }
  for (const std::string &text : pending)
    raw += text;
  // zstd where LLVM has it: snapshots of one module are alike, and a frame
  // holds a pass's new pieces together.
  llvm::SmallVector<uint8_t, 0> packed;
  uint8_t codec = 0;
  if (llvm::compression::zstd::isAvailable()) {
    llvm::compression::zstd::compress(llvm::arrayRefFromStringRef(raw), packed,
                                      /*Level=*/1);
    codec = 1;
  }
  StringRef stored = codec ? llvm::toStringRef(packed) : StringRef(raw);
  char head[13];
  if (raw.size() > kMaxFrameBytes)
    return llvm::createStringError("a snapshot frame of " +
                                   std::to_string(raw.size()) +
                                   " bytes is over the 1 GiB limit");
  llvm::support::endian::write32le(head, count);
  llvm::support::endian::write32le(head + 4, uint32_t(raw.size()));
  llvm::support::endian::write32le(head + 8, uint32_t(stored.size()));
  head[12] = char(codec);
  if (!writeAllFd(piecesFd, StringRef(head, 13)) ||
      !writeAllFd(piecesFd, stored))
    return ioError("cannot write " + join(dir, kPiecesFile));
  flushed += count;
  pending.clear();
  return llvm::Error::success();
}

llvm::Error StoreWriter::writeLine(const llvm::json::Value &line) {
  std::string text;
  llvm::raw_string_ostream(text) << line << "\n";
  if (!writeAllFd(journal, text))
    return ioError("cannot write " + join(dir, kJournalFile));
  return llvm::Error::success();
}

llvm::Error StoreWriter::addSnapshot(SnapshotRecord &record) {
  // The pieces first: a journal line never names a piece not on disk.
  if (llvm::Error e = flushFrame())
    return e;
  record.number = nextNumber++;
  llvm::json::Value v = toJSON(record);
  v.getAsObject()->insert({"t", "snapshot"});
  return writeLine(v);
}

llvm::Error StoreWriter::addFailure(StringRef view, StringRef pass) {
  return writeLine(
      llvm::json::Object{{"t", "failed"}, {"view", view}, {"pass", pass}});
}

std::string ompx::snapshots::crashLine(StringRef view, StringRef pass) {
  std::string line;
  llvm::raw_string_ostream(line)
      << llvm::json::Value(
             llvm::json::Object{{"t", "crash"}, {"view", view}, {"pass", pass}})
      << "\n";
  return line;
}

//===----------------------------------------------------------------------===//
// Reading
//===----------------------------------------------------------------------===//

llvm::Error ompx::snapshots::readPieces(StringRef data, uint64_t &count,
                                        uint64_t &textBytes,
                                        std::vector<std::string> *texts) {
  count = textBytes = 0;
  auto bad = [](const llvm::Twine &why) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "pieces.bin: " + why);
  };
  if (!data.consume_front(kMagic))
    return bad("not a snapshot store (no OMPXSNP1 header)");
  while (!data.empty()) {
    if (data.size() < 13)
      return bad("a frame header is cut short");
    uint32_t n = llvm::support::endian::read32le(data.data());
    uint32_t rawSize = llvm::support::endian::read32le(data.data() + 4);
    uint32_t storedSize = llvm::support::endian::read32le(data.data() + 8);
    uint8_t codec = uint8_t(data[12]);
    data = data.drop_front(13);
    if (storedSize > data.size())
      return bad("a frame of " + llvm::Twine(storedSize) +
                 " bytes is longer than the file");
    if (rawSize > kMaxFrameBytes || uint64_t(n) * 4 > rawSize)
      return bad("a frame's sizes do not fit");
    StringRef stored = data.take_front(storedSize);
    data = data.drop_front(storedSize);
    count += n;
    textBytes += rawSize - uint64_t(n) * 4;
    if (!texts)
      continue;
    llvm::SmallVector<uint8_t, 0> unpacked;
    StringRef raw;
    if (codec == 0) {
      raw = stored;
    } else if (codec == 1) {
      if (!llvm::compression::zstd::isAvailable())
        return bad("the store is zstd-compressed and this LLVM has no zstd");
      if (llvm::Error e = llvm::compression::zstd::decompress(
              llvm::arrayRefFromStringRef(stored), unpacked, rawSize))
        return bad("a frame does not decompress: " +
                   llvm::toString(std::move(e)));
      raw = llvm::toStringRef(unpacked);
    } else {
      return bad("unknown codec " + llvm::Twine(unsigned(codec)));
    }
    if (raw.size() != rawSize)
      return bad("a frame's size is not the one its header gives");
    StringRef rest = raw.drop_front(uint64_t(n) * 4);
    for (uint32_t i = 0; i < n; ++i) {
      uint32_t size = llvm::support::endian::read32le(raw.data() + 4 * i);
      if (size > rest.size())
        return bad("a piece is longer than its frame");
      texts->push_back(rest.take_front(size).str());
      rest = rest.drop_front(size);
    }
    if (!rest.empty())
      return bad("a frame holds more than its pieces");
  }
  return llvm::Error::success();
}

namespace {
/// What a journal holds: the header, the snapshots, the failure lines.
struct Journal {
  llvm::json::Object header;
  std::vector<SnapshotRecord> records;
  std::optional<FailureRecord> failure;
};
} // namespace

static llvm::Expected<Journal> readJournal(StringRef dir) {
  std::string file = join(dir, kJournalFile);
  auto text = ompx::readRegularFile(file);
  if (!text)
    return llvm::createStringError("cannot read " + file + ": " +
                                   llvm::toString(text.takeError()));
  Journal j;
  unsigned lineNo = 0;
  for (StringRef line : llvm::split(*text, '\n')) {
    ++lineNo;
    if (line.trim().empty())
      continue;
    auto v = ompx::parseJson(line);
    // A line cut short by a crash is the last one; anything else is wrong.
    if (!v) {
      llvm::consumeError(v.takeError());
      continue;
    }
    const llvm::json::Object *o = v->getAsObject();
    StringRef t = o ? o->getString("t").value_or("") : "";
    if (t == "start") {
      j.header = *o;
      j.header.erase("t");
    } else if (t == "snapshot") {
      SnapshotRecord r;
      llvm::json::Path::Root root("journal line " + std::to_string(lineNo));
      if (!fromJSON(*v, r, root))
        return llvm::createStringError(file + ":" + std::to_string(lineNo) +
                                       ": not a snapshot record");
      j.records.push_back(std::move(r));
    } else if (t == "failed" || t == "crash") {
      // The first failure is the one that stopped the run.
      if (j.failure)
        continue;
      FailureRecord f;
      f.view = o->getString("view").value_or("").str();
      f.pass = o->getString("pass").value_or("").str();
      f.crashed = t == "crash";
      f.afterSnapshot = int(j.records.size()) - 1;
      j.failure = std::move(f);
    }
  }
  return j;
}

static llvm::json::Value failureJSON(const FailureRecord &f) {
  llvm::json::Object o{
      {"stage", f.stage},     {"message", f.message},
      {"pass", f.pass},       {"view", f.view},
      {"crashed", f.crashed}, {"afterSnapshot", int64_t(f.afterSnapshot)}};
  if (f.file)
    o["location"] = llvm::json::Object{{"file", *f.file},
                                       {"line", int64_t(f.line)},
                                       {"column", int64_t(f.column)}};
  return o;
}

llvm::Expected<std::optional<FailureRecord>>
ompx::snapshots::finalizeIndex(StringRef dir, const RunEnd &end) {
  auto journal = readJournal(dir);
  if (!journal)
    return journal.takeError();
  std::optional<FailureRecord> failure = journal->failure;
  if (!end.ok && !failure) {
    failure.emplace();
    failure->afterSnapshot = int(journal->records.size()) - 1;
  }
  if (failure) {
    failure->stage = end.stage;
    failure->message = end.message;
    failure->file = end.file;
    failure->line = end.line;
    failure->column = end.column;
    if (end.ok) // a pass failed and the build went on: not a run failure
      failure->message = "the pass failed; the build went on";
  }
  llvm::json::Array snapshots;
  for (const SnapshotRecord &r : journal->records)
    snapshots.push_back(toJSON(r));
  llvm::json::Object index = std::move(journal->header);
  index["version"] = 1;
  if (!end.source.empty())
    index["source"] = end.source;
  index["status"] = failure ? "failed" : "ok";
  index["snapshots"] = std::move(snapshots);
  if (failure)
    index["failure"] = failureJSON(*failure);
  std::string tmp = join(dir, std::string(kIndexFile) + ".tmp");
  std::error_code ec;
  {
    llvm::raw_fd_ostream os(tmp, ec, fs::OF_Text);
    if (ec)
      return llvm::createStringError(ec, "cannot write " + tmp + ": " +
                                             ec.message());
    os << llvm::formatv("{0:1}", llvm::json::Value(std::move(index))) << "\n";
  }
  if ((ec = fs::rename(tmp, join(dir, kIndexFile))))
    return llvm::createStringError(ec, "cannot write the index in " + dir +
                                           ": " + ec.message());
  fs::remove(join(dir, kJournalFile));
  return failure;
}

static std::optional<FailureRecord>
failureFromJSON(const llvm::json::Value *v) {
  const llvm::json::Object *o = v ? v->getAsObject() : nullptr;
  if (!o)
    return std::nullopt;
  FailureRecord f;
  f.stage = o->getString("stage").value_or("").str();
  f.message = o->getString("message").value_or("").str();
  f.pass = o->getString("pass").value_or("").str();
  f.view = o->getString("view").value_or("").str();
  f.crashed = o->getBoolean("crashed").value_or(false);
  f.afterSnapshot = int(o->getInteger("afterSnapshot").value_or(-1));
  if (const llvm::json::Object *at = o->getObject("location")) {
    f.file = at->getString("file").value_or("").str();
    f.line = unsigned(at->getInteger("line").value_or(0));
    f.column = unsigned(at->getInteger("column").value_or(0));
  }
  return f;
}

llvm::Expected<Store> Store::open(StringRef dir) {
  Store store;
  std::string indexFile = join(dir, kIndexFile);
  if (fs::exists(indexFile)) {
    auto text = ompx::readRegularFile(indexFile);
    if (!text)
      return llvm::createStringError("cannot read " + indexFile + ": " +
                                     llvm::toString(text.takeError()));
    auto v = ompx::parseJson(*text);
    if (!v)
      return llvm::createStringError(
          indexFile + " is not JSON: " + llvm::toString(v.takeError()));
    llvm::json::Object *o = v->getAsObject();
    const llvm::json::Array *list = o ? o->getArray("snapshots") : nullptr;
    if (!list)
      return llvm::createStringError(indexFile + " has no snapshot list");
    for (size_t i = 0; i < list->size(); ++i) {
      SnapshotRecord r;
      llvm::json::Path::Root root("snapshot " + std::to_string(i));
      if (!fromJSON((*list)[i], r, root))
        return llvm::createStringError(indexFile + ": snapshot " +
                                       std::to_string(i) +
                                       " is not a snapshot record");
      store.records.push_back(std::move(r));
    }
    store.failed = failureFromJSON(o->get("failure"));
    store.head = std::move(*o);
    store.head.erase("snapshots");
  } else {
    auto journal = readJournal(dir);
    if (!journal)
      return llvm::createStringError(
          dir + " holds no snapshots (no index.json, no journal.jsonl)");
    store.records = std::move(journal->records);
    store.failed = std::move(journal->failure);
    store.head = std::move(journal->header);
  }
  std::string piecesFile = join(dir, kPiecesFile);
  auto data = ompx::readRegularFile(piecesFile);
  if (!data)
    return llvm::createStringError("cannot read " + piecesFile + ": " +
                                   llvm::toString(data.takeError()));
  store.data = std::move(*data);
  if (llvm::Error e = readPieces(store.data, store.numPieces, store.textBytes))
    return std::move(e);
  for (const SnapshotRecord &r : store.records)
    for (uint32_t id : r.pieces)
      if (id >= store.numPieces)
        return llvm::createStringError(
            "snapshot " + r.name + " names piece " + std::to_string(id) +
            ", which the store does not hold (" +
            std::to_string(store.numPieces) + " pieces)");
  return std::move(store);
}

const SnapshotRecord *Store::find(StringRef key) const {
  unsigned n = 0;
  bool numeric = !key.getAsInteger(10, n);
  for (const SnapshotRecord &r : records)
    if ((numeric && r.number == n) || r.name == key ||
        StringRef(r.name).split('.').first == key)
      return &r;
  // A pass's name: its first snapshot.
  for (const SnapshotRecord &r : records)
    if (r.pass == key)
      return &r;
  return nullptr;
}

std::string Store::text(const SnapshotRecord &record) const {
  std::string out;
  for (uint32_t id : record.pieces)
    out += pieceTexts[id];
  return out;
}

llvm::Error Store::loadPieces() {
  if (!pieceTexts.empty() || !numPieces)
    return llvm::Error::success();
  uint64_t count = 0, bytes = 0;
  return readPieces(data, count, bytes, &pieceTexts);
}
