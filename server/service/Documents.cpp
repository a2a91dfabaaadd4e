//===- Documents.cpp - Open documents and their chunk analyses ------------===//

#include "server/service/Documents.h"
#include "server/model/Stale.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>

using namespace ompx;

Document::Document(std::string uri, int64_t version, std::string text)
    : uriStr(std::move(uri)), ver(version) {
  setText(version, std::move(text));
}

void Document::setText(int64_t version, std::string text,
                       llvm::ArrayRef<ByteEdit> edits) {
  ver = version;
  arrivedAt = std::chrono::steady_clock::now();
  if (content) {
    if (edits.empty())
      sinceBase.add(diffEdit(content->str(), text));
    for (const ByteEdit &e : edits)
      sinceBase.add(e);
  }
  chunks = splitChunks(text);
  // Shared with the worker only when it has much to read: an edit that
  // changes a small chunk sends that chunk, and a memfd copy of the whole
  // text would cost more than it saves (a third of a 200k-line edit).
  std::vector<uint64_t> previous, next;
  size_t unanalyzed = 0;
  for (const ChunkSpan &span : chunks.chunks) {
    next.push_back(
        llvm::xxh3_64bits(llvm::StringRef(text).slice(span.begin, span.end)));
    if (!cache.count(next.back()))
      unanalyzed += span.end - span.begin;
  }
  content = SharedText::make(std::move(text),
                             unanalyzed >= SharedText::kSharedMinBytes
                                 ? SharedText::Placement::BySize
                                 : SharedText::Placement::Heap);
  lineTable = std::make_shared<const LineTable>(content->str());
  early.clear();
  // Keep the previous version's analyses too, so that undo is free.
  previous.swap(hashes);
  hashes.swap(next);
  analyses.assign(chunks.chunks.size(), nullptr);
  std::map<uint64_t, std::shared_ptr<const ChunkAnalysis>> kept;
  std::map<uint64_t, std::shared_ptr<const std::vector<Diagnostic>>>
      keptLowering;
  auto keep = [&](uint64_t h) {
    auto it = cache.find(h);
    if (it != cache.end())
      kept.insert(*it);
    auto l = loweringCache.find(h);
    if (l != loweringCache.end())
      keptLowering.insert(*l);
  };
  for (uint64_t h : hashes)
    keep(h);
  for (uint64_t h : previous)
    keep(h);
  cache.swap(kept);
  loweringCache.swap(keptLowering);
  for (unsigned i = 0; i < hashes.size(); ++i)
    attach(i);
  rebaseIfComplete();
}

void Document::rebaseIfComplete() {
  if (!complete())
    return;
  base = analyses;
  sinceBase.clear();
}

void Document::attach(unsigned i) {
  auto it = cache.find(hashes[i]);
  if (it == cache.end())
    return;
  const ChunkSpan &span = chunks.chunks[i];
  std::shared_ptr<const ChunkAnalysis> a = it->second;
  if (a->chunkBegin != span.begin) {
    auto moved = std::make_shared<ChunkAnalysis>(*a);
    shiftAnalysis(*moved, int64_t(span.begin) - int64_t(moved->chunkBegin));
    a = std::move(moved);
  }
  // A unit that does not parse now shows what it was when it last did.
  if (auto filled = withStaleRecords(*a, base, sinceBase))
    a = std::move(filled);
  analyses[i] = std::move(a);
}

void Document::addAnalysis(uint64_t hash,
                           std::shared_ptr<const ChunkAnalysis> a) {
  cache[hash] = std::move(a);
  for (unsigned i = 0; i < hashes.size(); ++i)
    if (hashes[i] == hash && !analyses[i])
      attach(i);
  rebaseIfComplete();
}

std::vector<unsigned> Document::pendingChunks() const {
  std::vector<unsigned> pending;
  for (unsigned i = 0; i < analyses.size(); ++i)
    if (!analyses[i])
      pending.push_back(i);
  return pending;
}

void Document::setEarlyDiagnostics(unsigned i, std::vector<Diagnostic> diags) {
  early[i] = std::move(diags);
}

bool Document::diagnosticsFinal() const {
  for (unsigned i = 0; i < analyses.size(); ++i)
    if (!analyses[i] && !early.count(i))
      return false;
  return true;
}

const std::vector<Diagnostic> *Document::diagnostics(unsigned i) const {
  if (analyses[i])
    return &analyses[i]->diagnostics;
  auto it = early.find(i);
  return it == early.end() ? nullptr : &it->second;
}

void Document::addLowering(uint64_t hash, std::vector<Diagnostic> relative) {
  loweringCache[hash] =
      std::make_shared<const std::vector<Diagnostic>>(std::move(relative));
}

std::vector<unsigned> Document::pendingLowering() const {
  std::vector<unsigned> pending;
  for (unsigned i = 0; i < analyses.size(); ++i) {
    const std::shared_ptr<const ChunkAnalysis> &a = analyses[i];
    if (loweringCache.count(hashes[i]))
      continue;
    // Not analyzed yet (a lowering started beside the first analysis): the
    // worker finds out. Else it translates only what parsed and verified
    // cleanly.
    if (!a) {
      pending.push_back(i);
      continue;
    }
    if (!a->parsed || a->recovered || a->crashed || !a->blankedUnits.empty())
      continue;
    if (llvm::none_of(a->diagnostics, [](const Diagnostic &d) {
          return d.severity == Severity::Error;
        }))
      pending.push_back(i);
  }
  return pending;
}

const std::vector<Diagnostic> *Document::lowering(unsigned i) const {
  auto it = loweringCache.find(hashes[i]);
  return it == loweringCache.end() ? nullptr : it->second.get();
}

Snapshot Document::snapshot() const {
  Snapshot s;
  s.uri = uriStr;
  s.text = content;
  s.lines = lineTable;
  s.chunks = chunks.chunks;
  s.analyses = analyses;
  return s;
}

std::vector<Diagnostic> ompx::documentDiagnostics(const Document &doc,
                                                  bool lowering) {
  std::vector<Diagnostic> result;
  for (uint32_t offset : doc.split().nearMisses)
    result.push_back(nearMissDiagnostic(offset));
  for (unsigned i = 0; i < doc.split().chunks.size(); ++i)
    if (const std::vector<Diagnostic> *d = doc.diagnostics(i))
      result.insert(result.end(), d->begin(), d->end());
  if (!lowering)
    return result;
  // After the parse/verify ones, as they arrive later.
  for (unsigned i = 0; i < doc.split().chunks.size(); ++i)
    if (const std::vector<Diagnostic> *l = doc.lowering(i)) {
      uint32_t begin = doc.split().chunks[i].begin;
      for (Diagnostic d : *l) {
        shiftDiagnostic(d, begin);
        result.push_back(std::move(d));
      }
    }
  return result;
}
