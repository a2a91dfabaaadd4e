//===- Profile.cpp - A recorded launch's figures on the ops ---------------===//
//
// The LSP face of features/ProfileMarks.h: a code lens on each op the last
// recorded launch of the document saw (its command opens the hot spots) and
// on each Fortran line those ops came from,
// the per-launch table in the op's hover, and `ompx.profileHotSpots`, the
// ops of every recorded document ranked by time, each at its place now.
//
//===----------------------------------------------------------------------===//

#include "server/features/ProfileMarks.h"
#include "server/lsp/Commands.h"
#include "server/lsp/Server.h"
#include "support/FileRead.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"

using namespace ompx;
using namespace ompx::lsp;
using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;

/// The command a lens runs: the client's own (the hot spots as a list to
/// pick from), given the document.
static constexpr const char *kShowHotSpots = "ompx.showHotSpots";

/// A lens at `at` whose command lists the hot spots of `uri`.
static Value lens(llvm::lsp::Position at, std::string title,
                  const std::string &uri) {
  return Object{
      {"range", llvm::lsp::Range(at, at)},
      {"command", Object{{"title", std::move(title)},
                         {"command", kShowHotSpots},
                         {"arguments", Array{Object{{"uri", uri}}}}}}};
}

/// The real path of a Fortran document's file (the record names it so).
static std::string realPath(llvm::StringRef path) {
  llvm::SmallString<256> real;
  if (llvm::sys::fs::real_path(path, real))
    return path.str();
  return real.str().str();
}

/// A Fortran document's lenses: on each line ops of a recorded launch came
/// from, their figures (the back-links of the Fortran view).
static Array sourceLenses(
    const std::map<std::string, std::shared_ptr<const ProfileRecord>> &records,
    llvm::StringRef path, llvm::StringRef text, PositionEncoding enc) {
  std::string real = realPath(path);
  LineTable lines(text);
  Array out;
  for (const auto &[uri, record] : records)
    for (const PlacedProfileMark &m : placeSourceMarks(*record, real, text))
      out.push_back(lens(toLSP(lines, m.offset, enc), sourceLensTitle(m), uri));
  return out;
}

std::string Server::profileSourceHoverAt(const std::string &uri,
                                         llvm::StringRef text,
                                         const LineTable &lines,
                                         uint32_t offset) {
  llvm::Expected<std::string> path = filePathOf(uri);
  if (!path) {
    llvm::consumeError(path.takeError());
    return "";
  }
  std::string real = realPath(*path);
  uint32_t line = lines.lineOf(offset);
  // The records stay alive while their marks are read.
  auto records = launches.profileRecords();
  std::vector<PlacedProfileMark> onLine;
  for (const auto &[mlir, record] : records)
    for (const PlacedProfileMark &m : placeSourceMarks(*record, real, text))
      if (m.line == line)
        onLine.push_back(m);
  return onLine.empty() ? "" : profileHover(onLine);
}

void Server::onCodeLens(const DocumentParams &p, Reply reply) {
  if (std::optional<FortranDocumentView> view =
          fortran.view(p.textDocument.uri)) {
    llvm::Expected<std::string> path = filePathOf(p.textDocument.uri);
    if (!path) {
      llvm::consumeError(path.takeError());
      return reply(Array{});
    }
    return reply(
        sourceLenses(launches.profileRecords(), *path, *view->text, encoding));
  }
  std::shared_ptr<const ProfileRecord> record =
      launches.profileRecord(p.textDocument.uri);
  if (!record)
    return reply(Array{});
  answerWithSnapshot(p.textDocument.uri, std::nullopt, std::move(reply),
                     [record, enc = encoding](const Snapshot &snap, uint32_t) {
                       Array out;
                       for (const PlacedProfileMark &m :
                            placeProfileMarks(*record, *snap.text)) {
                         out.push_back(lens(toLSP(*snap.lines, m.offset, enc),
                                            profileLensTitle(m), snap.uri));
                       }
                       return Value(std::move(out));
                     });
}

std::string Server::profileHoverAt(const Snapshot &snap, uint32_t offset) {
  std::shared_ptr<const ProfileRecord> record =
      launches.profileRecord(snap.uri);
  if (!record)
    return "";
  uint32_t line = snap.lines->lineOf(offset);
  std::vector<PlacedProfileMark> onLine;
  for (const PlacedProfileMark &m : placeProfileMarks(*record, *snap.text))
    if (m.line == line)
      onLine.push_back(m);
  return onLine.empty() ? "" : profileHover(onLine);
}

/// `ompx.profileHotSpots [{uri}]`: the ops the recorded launches saw (of
/// `uri`, else of every document), most time first, each where its
/// document (the open buffer, else the file) holds it now; an op no line
/// still reads as is left out.
bool Server::executeProfileCommand(const ExecuteCommandParams &params,
                                   Reply &reply) {
  if (params.command != kProfileHotSpots)
    return false;
  auto args = commandArgument<ProfileHotSpotsArgs>(params, /*optional=*/true);
  if (!args) {
    reply(makeError(llvm::lsp::ErrorCode::InvalidParams,
                    llvm::toString(args.takeError())));
    return true;
  }
  std::optional<std::string> only = args->uri;
  // Each document's record and text now (the open buffer, else the file).
  std::vector<std::string> uris, texts;
  std::vector<std::shared_ptr<const ProfileRecord>> records;
  for (const auto &[uri, record] : launches.profileRecords()) {
    if (only && uri != *only)
      continue;
    std::optional<std::string> text = scheduler.text(uri);
    if (!text) {
      llvm::Expected<std::string> path = filePathOf(uri);
      llvm::Expected<std::string> bytes =
          path ? readRegularFile(*path) : path.takeError();
      if (!bytes) {
        llvm::consumeError(bytes.takeError());
        continue;
      }
      text = std::move(*bytes);
    }
    uris.push_back(uri);
    texts.push_back(std::move(*text));
    records.push_back(record);
  }
  std::vector<ProfileDocument> documents;
  std::vector<LineTable> lines;
  for (size_t i = 0; i < uris.size(); ++i) {
    documents.push_back({records[i].get(), texts[i]});
    lines.emplace_back(texts[i]);
  }
  Array out;
  for (const ProfileHotSpot &s : profileHotSpots(documents)) {
    const ProfileMark &m = *s.placed.mark;
    llvm::lsp::Position at =
        toLSP(lines[s.document], s.placed.offset, encoding);
    out.push_back(
        Object{{"uri", uris[s.document]},
               {"range", llvm::lsp::Range(at, at)},
               {"kind", m.kind == ProfileMark::Kind::Kernel ? "kernel" : "map"},
               {"op", m.op},
               {"name", m.name},
               {"figures", m.figures},
               {"ns", int64_t(m.ns)},
               {"source", m.source},
               {"stale", s.placed.stale}});
  }
  reply(Value(std::move(out)));
  return true;
}
