//===- MapCheckReport.cpp - What a checked launch found -------------------===//

#include "pipeline/launch/MapCheckReport.h"
#include "pipeline/compile/MapSites.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

#include <map>
#include <tuple>

using namespace ompx::pipeline;
using llvm::StringRef;

/// A source file's name: a path, or a name with a source file's extension.
static bool looksLikeFile(StringRef s) {
  if (s.contains('/'))
    return true;
  StringRef ext = s.rsplit('.').second;
  return s.contains('.') &&
         llvm::is_contained({"f", "f90", "f95", "f03", "f08", "for", "ftn",
                             "fpp", "mlir", "c", "cpp"},
                            ext.lower());
}

std::optional<MapClause> ompx::pipeline::parseMapClause(StringRef text) {
  if (!text.consume_front(";") || !text.consume_back(";;"))
    return std::nullopt;
  MapClause c;
  auto [rest, col] = text.rsplit(';');
  auto [rest2, line] = rest.rsplit(';');
  auto [file, name] = rest2.rsplit(';');
  if (col.getAsInteger(10, c.column) || line.getAsInteger(10, c.line))
    return std::nullopt;
  // A program built for running (not for a checked or recorded launch) has
  // them as libomptarget prints them, name first (KernelSources.h,
  // nameMapEntries): `--program` runs such a program.
  // A variable's name never looks like a file's.
  if (looksLikeFile(name))
    std::tie(name, file) = rest2.split(';');
  c.file = file.str();
  // The tags the build appends for the checker (MapSites.h).
  c.name = name.take_until([](char ch) { return ch == '#'; }).str();
  c.unreadAfter = name.contains(kUnreadAfterTag);
  return c;
}

std::map<std::pair<unsigned, unsigned>, MapSite>
ompx::pipeline::readMapSites(StringRef text) {
  std::map<std::pair<unsigned, unsigned>, MapSite> sites;
  llvm::SmallVector<StringRef, 8> fields;
  for (StringRef line : llvm::split(text, '\n')) {
    fields.clear();
    line.split(fields, '\t');
    unsigned l, c;
    if (fields.size() != 8 || fields[0].getAsInteger(10, l) ||
        fields[1].getAsInteger(10, c))
      continue;
    MapSite site{fields[2].str(), fields[3].str(), std::nullopt,
                 fields[7] == "1"};
    SourceLocation src{fields[4].str(), 0, 0};
    if (!src.file.empty() && !fields[5].getAsInteger(10, src.line) &&
        !fields[6].getAsInteger(10, src.column))
      site.source = src;
    auto [it, fresh] = sites.try_emplace({l, c}, std::move(site));
    if (!fresh)
      it->second.unreadAfter &= fields[7] == "1";
  }
  return sites;
}

namespace {
/// libomptarget's map types as a clause would spell them.
/// An implicitly firstprivate scalar has no map clause.
std::string mapWords(StringRef words) {
  if (words.starts_with("firstprivate"))
    return "firstprivate (no map clause)";
  // A declare target variable a region reaches without a map entry (a
  // procedure it calls uses it): MapCheck.c's afterKernelDeclared.
  if (words == "declare-target")
    return "declare target (no map clause)";
  return "map(" + words.str() + ")";
}
} // namespace

MapCheckReport ompx::pipeline::parseMapCheckLog(StringRef log,
                                                StringRef sidecar,
                                                StringRef inputPath) {
  MapCheckReport report;
  auto sites = readMapSites(sidecar);
  // First occurrences in the order found; counts from the lines at exit.
  std::map<std::pair<std::string, std::string>, size_t> index;
  llvm::SmallVector<StringRef, 8> fields;
  for (StringRef line : llvm::split(log, '\n')) {
    fields.clear();
    line.split(fields, '\t');
    if (fields[0] == "S")
      report.started = true;
    else if (fields[0] == "D")
      report.connected = true;
    else if (fields[0] == "C" && fields.size() == 4) {
      auto it = index.find({fields[1].str(), fields[2].str()});
      unsigned long count;
      // A count of 0 is a line cut or garbled by a crash: the F line stands.
      if (it != index.end() && !fields[3].getAsInteger(10, count) && count)
        report.findings[it->second].count = count;
    } else if (fields[0] == "F" && fields.size() == 6) {
      // The checker's classes only (a line cut by a crash may hold anything).
      if (!llvm::is_contained({"uninitialized-read", "not-copied-back",
                               "stale-device-copy", "redundant-transfer",
                               "stale-host-read", "nowait-host-access",
                               "firstprivate-write", "outside-section"},
                              fields[1]))
        continue;
      std::optional<MapClause> clause = parseMapClause(fields[2]);
      if (!clause)
        continue;
      MapFinding f;
      f.check = fields[1].str();
      f.warning = f.check != "redundant-transfer";
      f.variable = clause->name == "unknown" ? "?" : clause->name;
      f.location = {clause->file, clause->line, clause->column};
      f.mapOpName = "omp.map.info";
      // A device change nothing on the host reads afterwards (a checked
      // build's flang names say so; else the sidecar, below).
      if (f.check == "not-copied-back" && clause->unreadAfter)
        continue;
      if (clause->file == inputPath)
        if (auto it = sites.find({clause->line, clause->column});
            it != sites.end()) {
          // A device change nothing on the host reads afterwards.
          if (f.check == "not-copied-back" && it->second.unreadAfter)
            continue;
          f.mapOpName = it->second.op;
          if (!it->second.variable.empty())
            f.variable = it->second.variable;
          if (it->second.source) {
            f.mapOp = f.location;
            f.location = *it->second.source;
          }
        }
      f.message = "'" + f.variable + "' " + mapWords(fields[3]) + ", " +
                  fields[4].str() + " bytes: " + fields[5].str();
      index[{fields[1].str(), fields[2].str()}] = report.findings.size();
      report.findings.push_back(std::move(f));
    }
  }
  return report;
}

std::string ompx::pipeline::formatMapFinding(const MapFinding &f) {
  auto at = [](const SourceLocation &l) {
    return l.file + ":" + std::to_string(l.line) + ":" +
           std::to_string(l.column) + ": ";
  };
  std::string out = at(f.location) + (f.warning ? "warning: " : "remark: ") +
                    mapFindingMessage(f) + " [mapcheck-" + f.check + "]\n";
  if (f.mapOp)
    out += at(*f.mapOp) + "note: the " + f.mapOpName + " of '" + f.variable +
           "' in the MLIR the program was built from\n";
  return out;
}

std::string ompx::pipeline::mapFindingMessage(const MapFinding &f) {
  return f.message + " (" +
         (f.count == 1 ? std::string("once")
                       : std::to_string(f.count) + " times") +
         ")";
}
