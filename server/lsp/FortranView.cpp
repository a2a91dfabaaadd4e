//===- FortranView.cpp - ompx.emitMLIR, ompx.fortranLocation, ... ---------===//
//
// The LSP face of the Fortran -> MLIR view:
//   ompx.emitMLIR        [{uri, kind?: hlfir|fir|llvm, device?, output?}]
//     runs `ompx-lsp emit` off the dispatch thread and writes the MLIR next
//     to the Fortran; answers {uri, path, kind, command, stderr}.
//   ompx.fortranLocation [{uri, position}] (an MLIR document)
//     -> {uri, path, range, op} of the Fortran line the op came from, or null.
//   ompx.mlirLocations   [{uri, fortranUri, line}] (0-based line)
//     -> Location[] of the ops in the MLIR document `uri` from that line.
//
//===----------------------------------------------------------------------===//

#include "server/features/FortranView.h"
#include "server/lsp/Server.h"
#include "support/FileRead.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace ompx;
using namespace ompx::lsp;
using llvm::StringRef;
using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;
using llvm::lsp::ErrorCode;
namespace pl = ompx::pipeline;

static constexpr const char *kEmitMLIR = "ompx.emitMLIR";
static constexpr const char *kFortranLocation = "ompx.fortranLocation";
static constexpr const char *kMlirLocations = "ompx.mlirLocations";

std::vector<std::string> Server::emitCommand() {
  static int anchor;
  return {llvm::sys::fs::getMainExecutable("ompx-lsp", &anchor), "emit"};
}

void Server::addFortranCommands(Array &commands) {
  commands.push_back(kEmitMLIR);
  commands.push_back(kFortranLocation);
  commands.push_back(kMlirLocations);
}

/// Line `line` (1-based) of `path`, for the hover; empty when unreadable.
static std::string sourceLine(StringRef path, uint32_t line) {
  if (line == 0)
    return "";
  // A regular file only: a loc() may name a FIFO or a device.
  llvm::Expected<std::string> text = readRegularFile(path, 64 << 20);
  if (!text) {
    llvm::consumeError(text.takeError());
    return "";
  }
  StringRef rest = *text;
  for (uint32_t i = 1; i < line && !rest.empty(); ++i)
    rest = rest.split('\n').second;
  return rest.split('\n').first.rtrim("\r").take_front(400).str();
}

/// A location's file as a path: a relative one (`../flang/omp/x.f90`, as the
/// corpus spells them) is taken from the MLIR document's folder.
static std::string resolveSource(const Snapshot &snap, StringRef file) {
  if (llvm::sys::path::is_absolute(file))
    return file.str();
  auto doc = llvm::lsp::URIForFile::fromURI(snap.uri);
  if (!doc) {
    llvm::consumeError(doc.takeError());
    return file.str();
  }
  llvm::SmallString<256> p = llvm::sys::path::parent_path(doc->file());
  llvm::sys::path::append(p, file);
  llvm::sys::path::remove_dots(p, /*remove_dot_dot=*/true);
  return p.str().str();
}

std::string ompx::lsp::originMarkdown(const Snapshot &snap, uint32_t offset) {
  std::optional<SourceOrigin> origin = fortranOrigin(snap, offset);
  if (!origin)
    return "";
  return renderOrigin(
      *origin, sourceLine(resolveSource(snap, origin->file), origin->line));
}

/// The file: URI of an absolute path ("" when it cannot be one).
static std::string uriOf(StringRef path) {
  auto uri = llvm::lsp::URIForFile::fromFile(path);
  if (!uri) {
    llvm::consumeError(uri.takeError());
    return "";
  }
  return uri->uri().str();
}

/// A file path for a `uri` argument (file: URIs only).
static std::optional<std::string> pathOf(const Object &arg, StringRef key,
                                         std::string &error) {
  std::string uri = arg.getString(key).value_or("").str();
  auto file = llvm::lsp::URIForFile::fromURI(uri);
  if (!file) {
    error = "bad " + key.str() + " '" + uri +
            "': " + llvm::toString(file.takeError());
    return std::nullopt;
  }
  return file->file().str();
}

bool Server::executeFortranCommand(const ExecuteCommandParams &p,
                                   Reply &reply) {
  StringRef command = p.command;
  if (command != kEmitMLIR && command != kFortranLocation &&
      command != kMlirLocations)
    return false;
  const Object *arg =
      p.arguments.empty() ? nullptr : p.arguments[0].getAsObject();
  if (!arg) {
    reply(makeError(ErrorCode::InvalidParams,
                    command + " needs an object argument"));
    return true;
  }
  std::string error;
  if (command == kEmitMLIR) {
    std::optional<std::string> path = pathOf(*arg, "uri", error);
    if (!path) {
      reply(makeError(ErrorCode::InvalidParams, error));
      return true;
    }
    pl::EmitRequest request;
    request.inputPath = *path;
    StringRef kind = arg->getString("kind").value_or("hlfir");
    if (kind == "hlfir")
      request.kind = pl::EmitKind::HLFIR;
    else if (kind == "fir")
      request.kind = pl::EmitKind::FIR;
    else if (kind == "llvm")
      request.kind = pl::EmitKind::LLVM;
    else {
      reply(makeError(ErrorCode::InvalidParams,
                      "unknown kind '" + kind + "' (hlfir, fir or llvm)"));
      return true;
    }
    if (auto device = arg->getString("device"); device && !device->empty()) {
      request.device = pl::EmitDevice::parse(*device, error);
      if (!request.device) {
        reply(makeError(ErrorCode::InvalidParams, error));
        return true;
      }
    }
    std::string output =
        pl::emitOutputPath(*path, request.kind, request.device.has_value());
    if (auto o = arg->getString("output"); o && !o->empty()) {
      llvm::SmallString<256> out(*o);
      if (!llvm::sys::path::is_absolute(out)) {
        out = llvm::sys::path::parent_path(*path);
        llvm::sys::path::append(out, *o);
      }
      output = out.str().str();
      // A client names where MLIR goes, never what a file becomes, and
      // only beside the Fortran or in the workspace.
      if (!StringRef(output).ends_with(".mlir")) {
        reply(makeError(ErrorCode::InvalidParams,
                        "'output' must name a .mlir file: " + output));
        return true;
      }
      if (!launches.inWorkspace(llvm::sys::path::parent_path(output),
                                llvm::sys::path::parent_path(*path))) {
        reply(makeError(ErrorCode::InvalidParams,
                        "'output' must be in the Fortran file's folder or "
                        "under a workspace folder: " +
                            output));
        return true;
      }
    }
    auto shared = std::make_shared<Reply>(std::move(reply));
    std::string kindName = kind.str();
    emits.emit(std::move(request), output,
               [shared, output, kindName](const pl::EmitResult &r) {
                 if (!r.ok) {
                   std::string message = "ompx-lsp emit: " + r.message;
                   if (!r.flangStderr.empty())
                     message += "\n" + r.flangStderr;
                   return (*shared)(
                       makeError(ErrorCode::RequestFailed, message));
                 }
                 Array command;
                 for (const std::string &a : r.command)
                   command.push_back(a);
                 (*shared)(Object{{"uri", uriOf(output)},
                                  {"path", output},
                                  {"kind", kindName},
                                  {"command", std::move(command)},
                                  {"stderr", r.flangStderr}});
               });
    return true;
  }
  std::string uri = arg->getString("uri").value_or("").str();
  if (command == kFortranLocation) {
    LinePosition at;
    llvm::json::Path::Root root;
    const Value *pos = arg->get("position");
    if (!pos || !fromJSON(*pos, at, root)) {
      reply(
          makeError(ErrorCode::InvalidParams, std::string(kFortranLocation) +
                                                  " needs [{uri, position}]"));
      return true;
    }
    answerWithSnapshot(uri, at, std::move(reply),
                       [](const Snapshot &snap, uint32_t offset) -> Value {
                         std::optional<SourceOrigin> o =
                             fortranOrigin(snap, offset);
                         if (!o)
                           return nullptr;
                         o->file = resolveSource(snap, o->file);
                         uint32_t line = o->line ? o->line - 1 : 0;
                         uint32_t column = o->column ? o->column - 1 : 0;
                         llvm::lsp::Range range{{int(line), int(column)},
                                                {int(line), int(column)}};
                         return Object{{"uri", uriOf(o->file)},
                                       {"path", o->file},
                                       {"range", toJSON(range)},
                                       {"op", o->op}};
                       });
    return true;
  }
  // kMlirLocations
  std::optional<std::string> fortran = pathOf(*arg, "fortranUri", error);
  std::optional<int64_t> line = arg->getInteger("line");
  if (!fortran || !line || *line < 0) {
    reply(makeError(ErrorCode::InvalidParams,
                    fortran ? std::string(kMlirLocations) +
                                  " needs [{uri, fortranUri, line}]"
                            : error));
    return true;
  }
  PositionEncoding enc = encoding;
  streamWithSnapshot(
      uri, std::nullopt, std::move(reply),
      [file = *fortran, l = uint32_t(*line + 1),
       enc](const Snapshot &snap, uint32_t, llvm::json::OStream &j) {
        writeLocations(j, snap.uri, *snap.lines, enc,
                       opsFromLine(snap, file, l));
      });
  return true;
}
