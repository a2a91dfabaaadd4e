//===- Pipeline.cpp - ompx.pipeline, ompx.pipelineSnapshot, ... -----------===//
//
// The LSP face of the pass explorer and the reducer (`ompx-lsp pipeline`,
// `ompx-lsp reduce`, run as children by the PipelineService):
//   ompx.pipeline         [{uri, device?, offloadArch?, after?, timeout?}]
//     the saved file of the document through the launch's build with a
//     snapshot after every pass; $/progress with the stages; answers the
//     numbered passes per view, a run id, and the failure if one.
//   ompx.pipelineSnapshot [{run, snapshot}] -> {name, ..., languageId, text}
//   ompx.pipelineFollow   [{run, uri, position}]
//     what became of the op at the position (a document of the project, or
//     a snapshot's `ompx-pipeline:` document) at each pass that changed it.
//   ompx.reduce           [{uri, mode, diagnostic?, timeout?}]
//     STEM.reduced.mlir beside the file; the code action on a contained
//     crash, a lowering "not yet implemented" or a verifier error runs it.
//
//===----------------------------------------------------------------------===//

#include "pipeline/snapshots/Follow.h"
#include "server/lsp/Commands.h"
#include "server/lsp/Server.h"
#include "server/model/FortranInput.h"
#include "support/FileRead.h"
#include "support/JsonParse.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"

using namespace ompx;
using namespace ompx::lsp;
using llvm::StringRef;
using llvm::json::Array;
using llvm::json::Object;
using llvm::json::Value;
using llvm::lsp::ErrorCode;
namespace snap = ompx::snapshots;

static constexpr const char *kPipeline = "ompx.pipeline";
static constexpr const char *kPipelineSnapshot = "ompx.pipelineSnapshot";
static constexpr const char *kPipelineFollow = "ompx.pipelineFollow";
static constexpr const char *kReduce = "ompx.reduce";
/// A snapshot's document: `ompx-pipeline:/RUN/NAME`.
static constexpr StringRef kSnapshotScheme = "ompx-pipeline:";

void Server::addPipelineCommands(Array &commands) {
  for (const char *c : {kPipeline, kPipelineSnapshot, kPipelineFollow, kReduce})
    commands.push_back(c);
}

std::string ompx::lsp::snapshotUri(StringRef run, StringRef name) {
  return (kSnapshotScheme + "/" + run + "/" + name).str();
}

/// The run and the snapshot an `ompx-pipeline:/RUN/NAME` URI names.
static std::optional<std::pair<std::string, std::string>>
parseSnapshotUri(StringRef uri) {
  if (!uri.consume_front(kSnapshotScheme))
    return std::nullopt;
  uri = uri.ltrim('/');
  auto [run, name] = uri.split('/');
  if (run.empty() || name.empty())
    return std::nullopt;
  return std::pair(run.str(), name.str());
}

/// The open text of `uri` (an MLIR or a Fortran document).
std::optional<std::string> Server::openText(const std::string &uri) {
  if (std::optional<FortranDocumentView> view = fortran.view(uri))
    return *view->text;
  return scheduler.text(uri);
}

llvm::Expected<std::string> Server::savedFileOf(const std::string &uri) {
  llvm::Expected<std::string> path = filePathOf(uri);
  if (!path)
    return llvm::createStringError("bad uri '" + uri +
                                   "': " + llvm::toString(path.takeError()));
  if (!StringRef(*path).ends_with(".mlir") && !hasFortranExtension(*path))
    return llvm::createStringError(*path +
                                   " is neither MLIR (.mlir) nor Fortran");
  // The file a child compiles: one the editor has open, or one under a
  // workspace folder, as for a launch (support/FileAccess.h).
  std::optional<std::string> open = openText(uri);
  std::string docFolder =
      open ? llvm::sys::path::parent_path(*path).str() : std::string();
  llvm::Expected<std::string> real = files.confine(*path, docFolder);
  if (!real && open && !llvm::sys::fs::exists(*path)) {
    llvm::consumeError(real.takeError());
    return llvm::createStringError(
        *path + " is open but its file is gone (deleted or moved): save the "
                "document first (the compile reads the file)");
  }
  if (!real) {
    llvm::consumeError(real.takeError());
    return llvm::createStringError(
        uri + " is neither an open document nor a file under a workspace "
              "folder; open it in the editor");
  }
  if (open) {
    llvm::Expected<std::string> saved =
        files.read(*real, docFolder, FileKind::Any, uint64_t(1) << 32);
    if (!saved)
      return saved.takeError();
    if (*saved != *open)
      return llvm::createStringError(
          *path + " has unsaved changes: save it first (the compile reads "
                  "the file)");
  }
  return *real;
}

/// The lines of a child's stderr that say what failed
/// (`f.mlir:4:3: error: [parse] ...`, `ompx-lsp: error: ...`).
static std::string errorLines(StringRef err) {
  std::vector<std::string> out;
  for (StringRef line : llvm::split(err, '\n'))
    if (line.contains("error: "))
      out.push_back(line.str());
  return out.empty() ? err.trim().str() : llvm::join(out, "\n");
}

static Value rangeJSON(const LineRange &r) {
  auto pos = [](const LinePosition &p) {
    return Object{{"line", int64_t(p.line)},
                  {"character", int64_t(p.character)}};
  };
  return Object{{"start", pos(r.start)}, {"end", pos(r.end)}};
}

static const char *languageOf(StringRef name) {
  StringRef ext = llvm::sys::path::extension(name);
  if (ext == ".mlir")
    return "mlir";
  if (ext == ".ll")
    return "llvm";
  if (ext == ".ptx")
    return "ptx";
  return "asm";
}

static Object locationJSON(const std::optional<std::string> &file,
                           unsigned line, unsigned column) {
  if (!file)
    return Object{};
  return Object{
      {"file", *file}, {"line", int64_t(line)}, {"column", int64_t(column)}};
}

/// The view's previous snapshot: the one before in the same view, else (the
/// first of the host or device copy) the last of the input.
static const snap::SnapshotRecord *previousOf(const snap::Store &store,
                                              const snap::SnapshotRecord &r) {
  const snap::SnapshotRecord *before = nullptr, *input = nullptr;
  for (const snap::SnapshotRecord &s : store.snapshots()) {
    if (s.number >= r.number)
      break;
    if (s.view == r.view)
      before = &s;
    if (s.view == "input")
      input = &s;
  }
  return before ? before : input;
}

static Object snapshotJSON(const snap::Store &store, StringRef run,
                           const snap::SnapshotRecord &r) {
  Object counts;
  for (const auto &[op, n] : r.opCounts)
    counts[op] = int64_t(n);
  Array functions;
  for (const std::string &f : r.changedFunctions)
    functions.push_back(f);
  Object o{{"number", int64_t(r.number)},
           {"name", r.name},
           {"pass", r.pass},
           {"stage", r.stage},
           {"view", r.view},
           {"changed", r.changed},
           {"failed", r.failed},
           {"opCounts", std::move(counts)},
           {"changedFunctions", std::move(functions)},
           {"languageId", languageOf(r.name)},
           {"uri", snapshotUri(run, r.name)}};
  if (const snap::SnapshotRecord *p = previousOf(store, r))
    o["previous"] = int64_t(p->number);
  return o;
}

/// ompx.pipeline's answer: the passes by view, in the order they ran.
static Object pipelineJSON(const PipelineRun &run, StringRef source) {
  const snap::Store &store = *run.store;
  Array views;
  for (StringRef view : {"input", "host", "device"}) {
    Array passes;
    for (const snap::SnapshotRecord &r : store.snapshots())
      if (r.view == view)
        passes.push_back(snapshotJSON(store, run.id, r));
    if (!passes.empty())
      views.push_back(
          Object{{"view", view.str()}, {"passes", std::move(passes)}});
  }
  Object out{{"run", run.id},
             {"source", source.str()},
             {"status", run.end.timedOut        ? "timeout"
                        : store.failure()       ? "failed"
                        : run.end.exitCode == 0 ? "ok"
                                                : "failed"},
             {"views", std::move(views)},
             {"snapshots", int64_t(store.snapshots().size())},
             {"pieces", int64_t(store.pieceCount())},
             {"textBytes", int64_t(store.pieceBytes())}};
  if (const std::optional<snap::FailureRecord> &f = store.failure())
    out["failure"] =
        Object{{"stage", f->stage},
               {"message", f->message},
               {"pass", f->pass},
               {"view", f->view},
               {"crashed", f->crashed},
               {"afterSnapshot", int64_t(f->afterSnapshot)},
               {"location", locationJSON(f->file, f->line, f->column)}};
  return out;
}

/// What a workDoneToken's $/progress says of a child: each stage of its
/// `ompx-lsp: [stage] ...` lines once, and the reducer's own lines.
static std::function<void(StringRef)>
progressOfLines(Connection &conn, std::optional<Value> token) {
  auto last = std::make_shared<std::string>();
  return [&conn, token, last](StringRef line) {
    if (!token || !line.consume_front("ompx-lsp: "))
      return;
    std::string message;
    if (line.starts_with("[")) {
      message = line.drop_front().split(']').first.str();
    } else if (line.consume_front("reduce: ") || line.starts_with("reduced ")) {
      message = line.take_front(200).str();
    }
    if (message.empty() || message == *last)
      return;
    *last = message;
    conn.notify("$/progress", Object{{"token", *token},
                                     {"value", Object{{"kind", "report"},
                                                      {"message", message}}}});
  };
}

static void progressEnd(Connection &conn, const std::optional<Value> &token,
                        StringRef message) {
  if (token)
    conn.notify(
        "$/progress",
        Object{{"token", *token},
               {"value", Object{{"kind", "end"}, {"message", message.str()}}}});
}

static void progressBegin(Connection &conn, const std::optional<Value> &token,
                          StringRef title) {
  if (token)
    conn.notify("$/progress", Object{{"token", *token},
                                     {"value", Object{{"kind", "begin"},
                                                      {"title", title.str()},
                                                      {"cancellable", true}}}});
}

void Server::runPipelineCommand(const PipelineArgs &arg,
                                std::optional<Value> token, Reply reply) {
  auto fail = [&](ErrorCode code, const std::string &message) {
    reply(makeError(code, std::string(kPipeline) + ": " + message));
  };
  llvm::Expected<std::string> file = savedFileOf(arg.uri);
  if (!file)
    return fail(ErrorCode::InvalidParams, llvm::toString(file.takeError()));
  std::string after = arg.after.value_or("changed");
  if (after != "changed" && after != "all")
    return fail(ErrorCode::InvalidParams,
                "'after' takes changed or all, not '" + after + "'");
  ChildJob job;
  // The child reads only the project and the toolchain, whatever the
  // source includes or uses (support/Confine.h).
  job.args = {*file, "--after=" + after, "--confine"};
  for (const std::string &root : files.folders())
    job.args.push_back("--project-root=" + root);
  // The launch schema checks the values (an unknown device is refused).
  if (arg.device)
    job.args.push_back("--device=" + *arg.device);
  if (arg.offloadArch)
    job.args.push_back("--offload-arch=" + *arg.offloadArch);
  if (arg.timeout)
    job.timeout = std::chrono::seconds(int64_t(std::ceil(*arg.timeout)));
  Connection &conn = connection;
  progressBegin(conn, token, "ompx: pipeline");
  auto shared = std::make_shared<Reply>(std::move(reply));
  auto cancel = pipelines.runPipeline(
      std::move(job), progressOfLines(conn, token),
      [shared, token, &conn, source = *file](const PipelineRun &run) {
        auto error = [&](ErrorCode code, const std::string &message) {
          progressEnd(conn, token, "failed");
          (*shared)(makeError(code, std::string(kPipeline) + ": " + message));
        };
        if (run.end.cancelled)
          return error(ErrorCode::RequestCancelled, "cancelled");
        if (!run.end.error.empty())
          return error(ErrorCode::RequestFailed, run.end.error);
        if (!run.storeError.empty())
          return error(ErrorCode::RequestFailed, run.storeError);
        // Its usage error: an option the client gave (an unknown device).
        if (run.end.exitCode == 2)
          return error(ErrorCode::InvalidParams,
                       StringRef(errorLines(run.end.stderrText))
                           .split('\n')
                           .first.split("error: ")
                           .second.str());
        // Refused before the first snapshot: it does not parse or verify
        // (the verifier's diagnostics), or the options are wrong.
        if (!run.store)
          return error(ErrorCode::RequestFailed,
                       (run.end.timedOut ? "timed out; " : "") +
                           std::string("no snapshots were taken:\n") +
                           errorLines(run.end.stderrText));
        Object answer = pipelineJSON(run, source);
        if (run.end.exitCode != 0 && !run.store->failure())
          answer["message"] = errorLines(run.end.stderrText);
        progressEnd(conn, token, *answer.getString("status"));
        (*shared)(Value(std::move(answer)));
      });
  shared->onCancel([cancel] { *cancel = true; });
}

void Server::pipelineSnapshot(const PipelineSnapshotArgs &arg, Reply reply) {
  std::string error;
  std::shared_ptr<const snap::Store> store = pipelines.store(arg.run, &error);
  if (!store)
    return reply(makeError(
        ErrorCode::InvalidParams,
        std::string(kPipelineSnapshot) +
            (error.empty() ? ": no run '" + arg.run +
                                 "' (run ompx.pipeline again: the server "
                                 "keeps the last few runs)"
                           : ": run " + arg.run + ": " + error)));
  const snap::SnapshotRecord *r = store->find(arg.snapshot);
  if (!r)
    return reply(makeError(ErrorCode::InvalidParams,
                           std::string(kPipelineSnapshot) + ": no snapshot '" +
                               arg.snapshot + "' in run " + arg.run));
  Object out = snapshotJSON(*store, arg.run, *r);
  out["text"] = store->text(*r);
  reply(Value(std::move(out)));
}

/// The target region a kernel of LLVM IR or assembly was made of: its name
/// ends in the line (`__omp_offloading_fe00_a7828b__QQmain_l337`); the file
/// is the one the parsed input's locations name at that line, else the
/// run's source.
static std::optional<snap::FollowTarget>
kernelTarget(const snap::Store &store, StringRef line, std::string &why) {
  llvm::Regex kernel("__omp_offloading_[0-9A-Za-z_$]*_l([0-9]+)");
  llvm::SmallVector<StringRef> m;
  unsigned at = 0;
  if (!kernel.match(line, &m) || m[1].getAsInteger(10, at) || at == 0) {
    why = "no op here: in LLVM IR and assembly, only a kernel "
          "(__omp_offloading_..._lLINE) leads back to its source";
    return std::nullopt;
  }
  StringRef source = store.header().getString("source").value_or("");
  snap::FollowTarget target{llvm::sys::path::filename(source).str(), at, 0};
  if (!store.snapshots().empty()) {
    std::string input = store.text(store.snapshots().front());
    llvm::Regex loc("loc\\(\"([^\"]*)\":" + std::to_string(at) + ":");
    if (loc.match(input, &m))
      target.file = llvm::sys::path::filename(m[1]).str();
  }
  return target;
}

/// Where the op at `line` (1-based) of `uri` comes from: a snapshot's op
/// by its location (a kernel's by its name), an MLIR document's by its
/// location, a Fortran line itself.
std::optional<snap::FollowTarget> Server::followTargetAt(const std::string &uri,
                                                         unsigned line,
                                                         std::string &why) {
  if (auto named = parseSnapshotUri(uri)) {
    std::shared_ptr<const snap::Store> store = pipelines.store(named->first);
    const snap::SnapshotRecord *r =
        store ? store->find(named->second) : nullptr;
    if (!r) {
      why = "no snapshot " + uri + " (run ompx.pipeline again)";
      return std::nullopt;
    }
    std::string text = store->text(*r);
    if (!StringRef(r->name).ends_with(".mlir")) {
      llvm::SmallVector<StringRef> lines;
      StringRef(text).split(lines, '\n');
      StringRef at = line && line <= lines.size() ? lines[line - 1] : "";
      return kernelTarget(*store, at, why);
    }
    return snap::targetOfMlirLine(text, r->name, line, why);
  }
  llvm::Expected<std::string> path = filePathOf(uri);
  if (!path) {
    why = "bad uri '" + uri + "': " + llvm::toString(path.takeError());
    return std::nullopt;
  }
  StringRef name = llvm::sys::path::filename(*path);
  if (hasFortranExtension(name))
    return snap::FollowTarget{name.str(), line, 0};
  std::optional<std::string> text = openText(uri);
  if (!text) {
    why = uri + " is not open";
    return std::nullopt;
  }
  return snap::targetOfMlirLine(*text, name, line, why);
}

void Server::pipelineFollow(const PipelineFollowArgs &arg, Reply reply) {
  auto invalid = [&](const std::string &message) {
    reply(makeError(ErrorCode::InvalidParams,
                    std::string(kPipelineFollow) + ": " + message));
  };
  std::string error;
  std::shared_ptr<const snap::Store> store = pipelines.store(arg.run, &error);
  if (!store)
    return invalid(error.empty()
                       ? "no run '" + arg.run + "' (run ompx.pipeline again)"
                       : "run " + arg.run + ": " + error);
  std::string why;
  std::optional<snap::FollowTarget> target =
      followTargetAt(arg.uri, arg.position.line + 1, why);
  if (!target)
    return invalid(why);
  Array steps;
  for (const snap::FollowStep &s : snap::follow(*store, *target)) {
    Array found;
    for (const std::string &f : s.found)
      found.push_back(f);
    steps.push_back(Object{{"number", int64_t(s.snapshot->number)},
                           {"name", s.snapshot->name},
                           {"pass", s.snapshot->pass},
                           {"stage", s.snapshot->stage},
                           {"view", s.snapshot->view},
                           {"changed", s.changed},
                           {"found", std::move(found)},
                           {"uri", snapshotUri(arg.run, s.snapshot->name)}});
  }
  Object out{{"target", target->str()}, {"steps", std::move(steps)}};
  // The line in the run's source, when the op comes from that file: where
  // an editor jumps back to (from a kernel to its omp.target).
  StringRef source = store->header().getString("source").value_or("");
  if (!source.empty() && target->line &&
      llvm::sys::path::filename(source) == target->file) {
    uint32_t line = target->line - 1;
    uint32_t column = target->column ? target->column - 1 : 0;
    out["source"] =
        Object{{"uri", uriOfPath(source)},
               {"range", rangeJSON({{line, column}, {line, column}})}};
  }
  reply(Value(std::move(out)));
}

/// Where the reducer writes for `file`: STEM.reduced.mlir beside it, as
/// `ompx-lsp reduce` names it. The folder must be a workspace folder's, and
/// a file there must be one the reducer wrote (it is replaced).
static llvm::Expected<std::string> reducedPathFor(StringRef file,
                                                  const FileAccess &files) {
  llvm::SmallString<256> out(llvm::sys::path::parent_path(file));
  llvm::sys::path::append(
      out, llvm::sys::path::filename(file).split('.').first + ".reduced.mlir");
  if (llvm::Error e = files.checkCreate(out, "", "the reproducer",
                                        /*mayExist=*/true))
    return std::move(e);
  if (!llvm::sys::fs::exists(out))
    return out.str().str();
  auto head = readRegularFileHead(out, 4096);
  if (!head)
    return llvm::createStringError(out + " exists and " +
                                   llvm::toString(head.takeError()));
  if (StringRef(*head).starts_with("// RUN: ") &&
      StringRef(*head).contains("// Reduced by `ompx-lsp reduce"))
    return out.str().str();
  return llvm::createStringError(
      out + " exists and is not a reproducer ompx wrote; ompx replaces only "
            "what it wrote: remove or rename it");
}

namespace {
/// `ompx-lsp reduce --result`'s JSON.
struct ReduceOutcome {
  int64_t from = 0, to = 0;
  Array notes;
};
} // namespace

static std::optional<ReduceOutcome> parseReduceOutcome(StringRef json) {
  llvm::Expected<Value> v = ompx::parseJson(json);
  if (!v) {
    llvm::consumeError(v.takeError());
    return std::nullopt;
  }
  const Object *o = v->getAsObject();
  std::optional<int64_t> from = o ? o->getInteger("from") : std::nullopt;
  std::optional<int64_t> to = o ? o->getInteger("to") : std::nullopt;
  if (!from || !to)
    return std::nullopt;
  ReduceOutcome out{*from, *to, {}};
  if (const Array *notes = o->getArray("notes"))
    out.notes = *notes;
  return out;
}

void Server::reduceCommand(const ReduceArgs &arg, std::optional<Value> token,
                           Reply reply) {
  auto fail = [&](ErrorCode code, const std::string &message) {
    reply(makeError(code, std::string(kReduce) + ": " + message));
  };
  std::string mode;
  if (arg.mode == "crash" || arg.mode == "lowering")
    mode = "--" + arg.mode;
  else if (arg.mode == "diagnostic" && arg.diagnostic &&
           !StringRef(*arg.diagnostic).trim().empty())
    mode = "--diagnostic=" + *arg.diagnostic;
  else
    return fail(ErrorCode::InvalidParams,
                "'mode' takes crash, lowering or diagnostic (with "
                "'diagnostic', the text to keep)");
  llvm::Expected<std::string> file = savedFileOf(arg.uri);
  if (!file)
    return fail(ErrorCode::InvalidParams, llvm::toString(file.takeError()));
  if (!StringRef(*file).ends_with(".mlir"))
    return fail(ErrorCode::InvalidParams, "the reducer takes MLIR (.mlir)");
  llvm::Expected<std::string> out = reducedPathFor(*file, files);
  if (!out)
    return fail(ErrorCode::InvalidParams, llvm::toString(out.takeError()));
  // The reducer's outcome comes back as JSON (--result), not read from its
  // messages.
  llvm::SmallString<128> result;
  if (std::error_code ec = llvm::sys::fs::createTemporaryFile(
          "ompx-reduce-result", "json", result))
    return fail(ErrorCode::InternalError,
                "cannot make a temporary file: " + ec.message());
  ChildJob job;
  unsigned seconds = arg.timeout ? unsigned(std::ceil(*arg.timeout)) : 120;
  job.args = {*file,
              mode,
              "-o",
              *out,
              "--timeout=" + std::to_string(seconds),
              "--result=" + result.str().str()};
  // The reducer's own deadline, then time to write what it kept.
  job.timeout = std::chrono::seconds(seconds + 30);
  Connection &conn = connection;
  progressBegin(conn, token, "ompx: reduce");
  auto shared = std::make_shared<Reply>(std::move(reply));
  bool existed = llvm::sys::fs::exists(*out);
  auto cancel = pipelines.runReduce(
      std::move(job), progressOfLines(conn, token),
      [shared, token, &conn, output = *out, existed,
       result = result.str().str()](const ChildEnd &end) {
        auto outcome = readRegularFile(result, 1 << 20);
        llvm::sys::fs::remove(result);
        auto error = [&](ErrorCode code, const std::string &message) {
          progressEnd(conn, token, "failed");
          (*shared)(makeError(code, std::string(kReduce) + ": " + message));
        };
        // Stopped politely, the reducer writes what it reached: a file the
        // user asked not to have.
        if (end.cancelled) {
          if (!existed)
            llvm::sys::fs::remove(output);
          return error(ErrorCode::RequestCancelled, "cancelled");
        }
        if (!end.error.empty())
          return error(ErrorCode::RequestFailed, end.error);
        std::optional<ReduceOutcome> o;
        if (outcome)
          o = parseReduceOutcome(*outcome);
        else
          llvm::consumeError(outcome.takeError());
        if (end.exitCode != 0 || !o)
          return error(ErrorCode::RequestFailed,
                       (end.timedOut ? "timed out; " : "") +
                           errorLines(end.stderrText));
        progressEnd(conn, token,
                    std::to_string(o->from) + " -> " + std::to_string(o->to) +
                        " lines");
        (*shared)(Object{{"path", output},
                         {"uri", uriOfPath(output)},
                         {"from", o->from},
                         {"to", o->to},
                         {"notes", std::move(o->notes)}});
      });
  shared->onCancel([cancel] { *cancel = true; });
}

/// The reducer's mode for a diagnostic of ours, and the text it keeps.
static std::optional<std::pair<std::string, std::string>>
reduceModeOf(const ContextDiagnostic &d) {
  if (d.code == "mlir-crash")
    return std::pair(std::string("crash"), std::string());
  if (d.code == "lowering" &&
      StringRef(d.message).contains("not yet implemented"))
    return std::pair(std::string("lowering"), std::string());
  if (d.code == "verify" && !d.message.empty())
    // The message's first line: the reducer matches the text `--check`
    // prints, which has no notes.
    return std::pair(std::string("diagnostic"),
                     StringRef(d.message).split('\n').first.trim().str());
  return std::nullopt;
}

Array Server::reduceActions(const CodeActionParams &p) {
  Array out;
  llvm::Expected<std::string> path = filePathOf(p.textDocument.uri);
  if (!path) {
    llvm::consumeError(path.takeError());
    return out;
  }
  if (!StringRef(*path).ends_with(".mlir"))
    return out;
  std::string name =
      llvm::sys::path::filename(*path).split('.').first.str() + ".reduced.mlir";
  for (const ContextDiagnostic &d : p.diagnostics) {
    auto mode = reduceModeOf(d);
    if (!mode)
      continue;
    Object arg{{"uri", p.textDocument.uri}, {"mode", mode->first}};
    if (!mode->second.empty())
      arg["diagnostic"] = mode->second;
    std::string title = "Reduce to a minimal reproducer (" + name + ")";
    out.push_back(
        Object{{"title", title},
               {"kind", "quickfix"},
               {"diagnostics", Array{Object{{"range", rangeJSON(d.range)},
                                            {"code", d.code},
                                            {"message", d.message}}}},
               {"command", Object{{"title", title},
                                  {"command", kReduce},
                                  {"arguments", Array{std::move(arg)}}}}});
  }
  return out;
}

bool Server::executePipelineCommand(const ExecuteCommandParams &p,
                                    Reply &reply) {
  StringRef command = p.command;
  auto invalid = [&](llvm::Error e) {
    reply(makeError(ErrorCode::InvalidParams, llvm::toString(std::move(e))));
    return true;
  };
  if (command == kPipeline) {
    auto arg = commandArgument<PipelineArgs>(p);
    if (!arg)
      return invalid(arg.takeError());
    runPipelineCommand(*arg, p.workDoneToken, std::move(reply));
    return true;
  }
  if (command == kPipelineSnapshot) {
    auto arg = commandArgument<PipelineSnapshotArgs>(p);
    if (!arg)
      return invalid(arg.takeError());
    pipelineSnapshot(*arg, std::move(reply));
    return true;
  }
  if (command == kPipelineFollow) {
    auto arg = commandArgument<PipelineFollowArgs>(p);
    if (!arg)
      return invalid(arg.takeError());
    pipelineFollow(*arg, std::move(reply));
    return true;
  }
  if (command == kReduce) {
    auto arg = commandArgument<ReduceArgs>(p);
    if (!arg)
      return invalid(arg.takeError());
    reduceCommand(*arg, p.workDoneToken, std::move(reply));
    return true;
  }
  return false;
}
