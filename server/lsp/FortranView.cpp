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
#include "pipeline/Types.h"
#include "server/lsp/Commands.h"
#include "server/lsp/Server.h"
#include "server/model/FortranInput.h"
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

/// Line `line` (1-based) of `path`, for the hover of an op of the document
/// in `docFolder`; empty when unreadable. A loc() is the document's word,
/// not the user's: only a Fortran source under the workspace or the
/// document's folder is read (support/FileAccess.h), never /etc/shadow, a
/// FIFO or a device.
static std::string sourceLine(StringRef path, uint32_t line,
                              StringRef docFolder, const FileAccess &files) {
  if (line == 0)
    return "";
  llvm::Expected<std::string> text =
      files.read(path, docFolder, FileKind::Fortran, 64 << 20);
  if (!text) {
    llvm::consumeError(text.takeError());
    return "";
  }
  StringRef rest = *text;
  for (uint32_t i = 1; i < line && !rest.empty(); ++i)
    rest = rest.split('\n').second;
  return rest.split('\n').first.rtrim("\r").take_front(400).str();
}

/// The folder of the MLIR document (its file: URI), "" when it has none.
static std::string documentFolder(const Snapshot &snap) {
  llvm::Expected<std::string> doc = filePathOf(snap.uri);
  if (!doc) {
    llvm::consumeError(doc.takeError());
    return "";
  }
  return llvm::sys::path::parent_path(*doc).str();
}

/// A location's file as a path: a relative one (`../flang/omp/x.f90`, as the
/// corpus spells them) is taken from the MLIR document's folder.
static std::string resolveSource(const Snapshot &snap, StringRef file) {
  if (llvm::sys::path::is_absolute(file))
    return file.str();
  std::string folder = documentFolder(snap);
  if (folder.empty())
    return file.str();
  llvm::SmallString<256> p(folder);
  llvm::sys::path::append(p, file);
  llvm::sys::path::remove_dots(p, /*remove_dot_dot=*/true);
  return p.str().str();
}

std::string ompx::lsp::originMarkdown(const Snapshot &snap, uint32_t offset,
                                      const FileAccess &files) {
  std::optional<SourceOrigin> origin = fortranOrigin(snap, offset);
  if (!origin)
    return "";
  auto lineOf = [&](const SourceOrigin &o) {
    return sourceLine(resolveSource(snap, o.file), o.line, documentFolder(snap),
                      files);
  };
  if (std::optional<SourceOrigin> directive = mapDirectiveOrigin(snap, offset))
    if (directive->line != origin->line || directive->file != origin->file)
      return renderMapOrigin(*directive, lineOf(*directive), *origin,
                             lineOf(*origin));
  return renderOrigin(*origin, lineOf(*origin));
}

/// Whether emit may write `output` for the Fortran file `fortran`: a new
/// file beside it or under a workspace folder, or one that emit wrote
/// before (flang's output names flang in its module's `llvm.ident`), which a
/// new emit replaces.
static llvm::Error checkEmitOutput(StringRef output, StringRef fortran,
                                   const FileAccess &files) {
  StringRef folder = llvm::sys::path::parent_path(fortran);
  if (llvm::Error e = files.checkCreate(output, folder, "", /*mayExist=*/true))
    return e;
  if (!llvm::sys::fs::exists(output))
    return llvm::Error::success();
  // The module's line follows the aliases MLIR hoists above it
  // (`#loc3 = loc(...)`: many in a large file).
  auto head = readRegularFileHead(output, 16 << 20);
  if (!head)
    return llvm::createStringError(output + " exists and " +
                                   llvm::toString(head.takeError()));
  StringRef first;
  for (StringRef rest = *head; !rest.empty() && first.empty();) {
    auto [line, next] = rest.split('\n');
    rest = next;
    if (!line.trim().empty() && !line.starts_with("#") &&
        !line.starts_with("!"))
      first = line;
  }
  if (first.starts_with("module") && first.contains("llvm.ident = \"") &&
      first.contains("flang"))
    return llvm::Error::success();
  return llvm::createStringError(
      output + " exists and is not the output of an earlier emit; ompx "
               "replaces only what it wrote: remove it or name another");
}

/// A file path for the `uri`-valued field `key` ("bad uri '...': ..." when
/// it names none).
static std::optional<std::string> pathOf(const std::string &uri, StringRef key,
                                         std::string &error) {
  llvm::Expected<std::string> file = filePathOf(uri);
  if (!file) {
    error = "bad " + key.str() + " '" + uri +
            "': " + llvm::toString(file.takeError());
    return std::nullopt;
  }
  return *file;
}

/// ompx.emitMLIR [{uri, kind?, device?, output?}].
void Server::emitMLIRCommand(const ExecuteCommandParams &p, Reply &reply) {
  auto invalid = [&](const std::string &message) {
    reply(makeError(ErrorCode::InvalidParams, message));
  };
  std::string error;
  auto arg = commandArgument<EmitArgs>(p);
  if (!arg)
    return invalid(llvm::toString(arg.takeError()));
  // Only a file the editor has open or one under a workspace folder,
  // as for ompx.pipeline and a launch: a client's URI is no licence to
  // compile (and write beside) any file.
  llvm::Expected<std::string> path = savedFileOf(arg->uri);
  if (!path)
    return invalid(llvm::toString(path.takeError()));
  if (!ompx::hasFortranExtension(*path))
    return invalid(*path + " is not a Fortran source (.f90, .f, .F90, ...)");
  pl::EmitRequest request;
  request.inputPath = *path;
  std::string kind = arg->kind.value_or("hlfir");
  if (std::optional<pl::IRLevel> level = pl::parseIRLevel(kind))
    request.kind = *level;
  else
    return invalid("unknown kind '" + kind + "' (hlfir, fir or llvm)");
  if (arg->device && !arg->device->empty()) {
    request.device = pl::EmitDevice::parse(*arg->device, error);
    if (!request.device)
      return invalid(error);
  }
  std::string output =
      pl::emitOutputPath(*path, request.kind, request.device.has_value());
  if (arg->output && !arg->output->empty()) {
    llvm::SmallString<256> out(*arg->output);
    if (!llvm::sys::path::is_absolute(out)) {
      out = llvm::sys::path::parent_path(*path);
      llvm::sys::path::append(out, *arg->output);
    }
    output = out.str().str();
    // A client names where MLIR goes, never what a file becomes.
    if (!StringRef(output).ends_with(".mlir"))
      return invalid("'output' must name a .mlir file: " + output);
  }
  // Where the MLIR lands: beside the Fortran or in the workspace, and
  // never over a file that emit did not write.
  if (llvm::Error e = checkEmitOutput(output, *path, files))
    return invalid("'output' " + llvm::toString(std::move(e)));
  // The build's flags, but only from inside the project.
  request.projectRoots = files.folders();
  request.projectRoots.push_back(llvm::sys::path::parent_path(*path).str());
  auto shared = std::make_shared<Reply>(std::move(reply));
  auto cancelled = std::make_shared<std::atomic<bool>>(false);
  auto cancel = emits.emit(
      std::move(request), output,
      [shared, output, kind, cancelled](const pl::EmitResult &r) {
        if (*cancelled)
          return (*shared)(makeError(ErrorCode::RequestCancelled, "cancelled"));
        if (!r.ok) {
          std::string message = "ompx-lsp emit: " + r.message;
          if (!r.flangStderr.empty())
            message += "\n" + r.flangStderr;
          return (*shared)(makeError(ErrorCode::RequestFailed, message));
        }
        Array command;
        for (const std::string &a : r.command)
          command.push_back(a);
        (*shared)(Object{{"uri", uriOfPath(output)},
                         {"path", output},
                         {"kind", kind},
                         {"command", std::move(command)},
                         {"stderr", r.flangStderr}});
      });
  // $/cancelRequest kills the emit child and flang (it left them running
  // until their deadline).
  shared->onCancel([cancel, cancelled] {
    *cancelled = true;
    *cancel = true;
  });
}

bool Server::executeFortranCommand(const ExecuteCommandParams &p,
                                   Reply &reply) {
  StringRef command = p.command;
  if (command != kEmitMLIR && command != kFortranLocation &&
      command != kMlirLocations)
    return false;
  auto invalid = [&](const std::string &message) {
    reply(makeError(ErrorCode::InvalidParams, message));
    return true;
  };
  std::string error;
  if (command == kEmitMLIR) {
    emitMLIRCommand(p, reply);
    return true;
  }
  if (command == kFortranLocation) {
    auto arg = commandArgument<FortranLocationArgs>(p);
    if (!arg)
      return invalid(llvm::toString(arg.takeError()) + " (" + kFortranLocation +
                     " needs [{uri, position}])");
    answerWithSnapshot(arg->uri, arg->position, std::move(reply),
                       [this](const Snapshot &snap, uint32_t offset) -> Value {
                         std::optional<SourceOrigin> o =
                             fortranOrigin(snap, offset);
                         if (!o)
                           return nullptr;
                         o->file = resolveSource(snap, o->file);
                         // A loc() is the document's word: the editor is
                         // sent only to a file of the project (the hover
                         // reads no other), never to /etc/passwd.
                         llvm::Expected<std::string> inside =
                             files.confine(o->file, documentFolder(snap));
                         if (!inside) {
                           llvm::consumeError(inside.takeError());
                           return nullptr;
                         }
                         uint32_t line = o->line ? o->line - 1 : 0;
                         uint32_t column = o->column ? o->column - 1 : 0;
                         llvm::lsp::Range range{{int(line), int(column)},
                                                {int(line), int(column)}};
                         return Object{{"uri", uriOfPath(o->file)},
                                       {"path", o->file},
                                       {"range", toJSON(range)},
                                       {"op", o->op}};
                       });
    return true;
  }
  // kMlirLocations
  auto arg = commandArgument<MlirLocationsArgs>(p);
  if (!arg)
    return invalid(llvm::toString(arg.takeError()) + " (" + kMlirLocations +
                   " needs [{uri, fortranUri, line}])");
  std::optional<std::string> fortran =
      pathOf(arg->fortranUri, "fortranUri", error);
  if (!fortran)
    return invalid(error);
  PositionEncoding enc = encoding;
  streamWithSnapshot(
      arg->uri, std::nullopt, std::move(reply),
      [file = *fortran, l = uint32_t(arg->line + 1),
       enc](const Snapshot &snap, uint32_t, llvm::json::OStream &j) {
        writeLocations(j, snap.uri, *snap.lines, enc,
                       opsFromLine(snap, file, l));
      });
  return true;
}
