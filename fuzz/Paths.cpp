//===- Paths.cpp - Fuzz target: hostile paths in a document ---------------===//
//
// A document names files: `loc("PATH":L:C)` (a hover shows line L of PATH)
// and `omp.host_ir_filepath = "PATH"` (MLIR's translation reads PATH as host
// IR). The input picks PATH: one of a set of hostile bases (a secret outside
// the workspace by absolute path, by `..`, through symbolic links inside the
// workspace; /dev/zero; FIFOs inside and outside; /proc files) combined
// with the input's bytes (any byte, NUL and newline included). Each input
// then goes through
//  - a real server session (Connection, Server, in-process analysis) with
//    the workspace as its root: open the document, hover on its ops;
//  - the lowering-readiness check (`--check --lowering`, the editor's
//    lowering diagnostics) of the same module.
// Oracles: no crash; the secret's first line never appears in what the
// server wrote; the process read (/proc/self/io `rchar`) less than the
// secret's size, so no byte of the 16 MiB secret and no run of /dev/zero was
// read; a FIFO never blocks (libFuzzer's -timeout); and a path that names
// the workspace's own Fortran file does get its line into the hover, so the
// oracles above cannot pass by the feature being dead.
//
//===----------------------------------------------------------------------===//

#include "fuzz/FuzzTargets.h"
#include "fuzz/LspHarness.h"

#include "pipeline/compile/Readiness.h"
#include "server/worker/Worker.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <fcntl.h>
#include <fstream>
#include <memory>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

using namespace ompx;
using fuzz::check;

namespace {
constexpr const char *kSecretLine = "OMPX-FUZZ-SECRET-LINE must never show";
constexpr const char *kInsideLine = "OMPX-FUZZ-INSIDE-LINE may show";
constexpr uint64_t kSecretBytes = 16 << 20;

/// The tree every input runs in: ROOT/ws (the workspace: doc.mlir's folder,
/// src.f90, links out, a FIFO) and ROOT/outside (the secret, a FIFO).
struct Tree {
  std::string root, ws, outside, secret;
  Tree() {
    char tmpl[] = "/tmp/ompx-fuzz-paths.XXXXXX";
    check(mkdtemp(tmpl) != nullptr, "paths: mkdtemp");
    root = tmpl;
    ws = root + "/ws";
    outside = root + "/outside";
    check(mkdir(ws.c_str(), 0700) == 0 && mkdir(outside.c_str(), 0700) == 0 &&
              mkdir((ws + "/sub").c_str(), 0700) == 0,
          "paths: mkdir");
    secret = outside + "/secret.f90";
    write(secret, std::string(kSecretLine) + "\n");
    // Sparse: reading it all counts 16 MiB in rchar, storing it costs none.
    check(truncate(secret.c_str(), kSecretBytes) == 0, "paths: truncate");
    write(ws + "/src.f90", std::string(kInsideLine) + "\n");
    check(symlink(secret.c_str(), (ws + "/link.f90").c_str()) == 0 &&
              symlink(outside.c_str(), (ws + "/linkdir").c_str()) == 0 &&
              symlink("/dev/zero", (ws + "/zero.f90").c_str()) == 0 &&
              mkfifo((ws + "/fifo.f90").c_str(), 0600) == 0 &&
              mkfifo((outside + "/fifo.f90").c_str(), 0600) == 0,
          "paths: links and FIFOs");
  }
  static void write(const std::string &path, const std::string &text) {
    std::ofstream(path) << text;
  }
};

const Tree &tree() {
  static Tree t;
  return t;
}

uint64_t bytesRead() {
  std::ifstream io("/proc/self/io");
  std::string key;
  uint64_t value = 0;
  while (io >> key >> value)
    if (key == "rchar:")
      return value;
  return 0;
}

/// `s` as the body of an MLIR string literal (every byte kept: quotes,
/// backslashes and non-printable bytes as \XX).
std::string mlirString(llvm::StringRef s) {
  std::string out;
  for (unsigned char c : s) {
    if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') {
      out += char(c);
      continue;
    }
    out += '\\';
    out += llvm::hexdigit(c >> 4, /*LowerCase=*/true);
    out += llvm::hexdigit(c & 15, /*LowerCase=*/true);
  }
  return out;
}

std::string request(int id, llvm::StringRef method, const std::string &params) {
  return fuzz::frame("{\"jsonrpc\":\"2.0\",\"id\":" + std::to_string(id) +
                     ",\"method\":\"" + method.str() +
                     "\",\"params\":" + params + "}");
}

std::string notification(llvm::StringRef method, const std::string &params) {
  return fuzz::frame("{\"jsonrpc\":\"2.0\",\"method\":\"" + method.str() +
                     "\",\"params\":" + params + "}");
}

std::string jsonString(llvm::StringRef s) {
  std::string out;
  llvm::raw_string_ostream os(out);
  os << llvm::json::Value(s.str());
  return out;
}
} // namespace

int fuzz::paths(const uint8_t *data, size_t size) {
  const Tree &t = tree();
  if (size < 2)
    return 0;
  const std::string bases[] = {t.secret,
                               "../outside/secret.f90",
                               "link.f90",
                               "linkdir/secret.f90",
                               "sub/../../outside/secret.f90",
                               "/dev/zero",
                               "zero.f90",
                               "fifo.f90",
                               t.outside + "/fifo.f90",
                               "/proc/self/environ",
                               "/etc/passwd",
                               "src.f90",
                               t.ws + "/src.f90",
                               ""};
  const std::string &base = bases[data[0] % std::size(bases)];
  llvm::StringRef rest(reinterpret_cast<const char *>(data + 2), size - 2);
  std::string path;
  switch (data[1] % 4) {
  case 0:
    path = base;
    break;
  case 1:
    path = base + rest.str();
    break;
  case 2:
    path = rest.str() + base;
    break;
  default:
    path = rest.str();
  }
  bool legit = path == "src.f90" || path == t.ws + "/src.f90";

  std::string p = mlirString(path);
  std::string doc =
      "module attributes {omp.is_target_device = true, omp.is_gpu = false, "
      "omp.host_ir_filepath = \"" +
      p +
      "\"} {\n"
      "  llvm.func @f() {\n"
      "    omp.target {\n"
      "      omp.terminator\n"
      "    } loc(\"" +
      p +
      "\":1:1)\n"
      "    llvm.return loc(\"" +
      p + "\":1:7)\n  }\n}\n";
  std::string docUri = "file://" + t.ws + "/doc.mlir";

  uint64_t before = bytesRead();
  std::string input =
      request(1, "initialize",
              "{\"rootUri\":" + jsonString("file://" + t.ws) +
                  ",\"capabilities\":{}}") +
      notification("initialized", "{}") +
      notification("textDocument/didOpen",
                   "{\"textDocument\":{\"uri\":" + jsonString(docUri) +
                       ",\"languageId\":\"mlir\",\"version\":1,\"text\":" +
                       jsonString(doc) + "}}") +
      request(2, "textDocument/hover",
              "{\"textDocument\":{\"uri\":" + jsonString(docUri) +
                  "},\"position\":{\"line\":2,\"character\":6}}") +
      request(3, "textDocument/hover",
              "{\"textDocument\":{\"uri\":" + jsonString(docUri) +
                  "},\"position\":{\"line\":5,\"character\":6}}") +
      request(4, "shutdown", "null") + notification("exit", "null");
  std::string output = fuzz::runSession(input, /*analyze=*/true);
  check(output.find(kSecretLine) == std::string::npos,
        "paths: a hover showed a line of a file outside the workspace");
  if (legit)
    check(output.find(kInsideLine) != std::string::npos,
          "paths: a hover did not show the workspace's own Fortran line");

  // The readiness check, as the lowering worker runs it. A context keeps
  // every path it ever uniqued: renewed now and then, as the harness's.
  static std::shared_ptr<AnalysisEngine> engine;
  static unsigned runs = 0;
  if (!engine || ++runs % 2000 == 0)
    engine = std::make_shared<AnalysisEngine>();
  mlir::MLIRContext &ctx = engine->context();
  mlir::ScopedDiagnosticHandler quiet(
      &ctx, [](mlir::Diagnostic &) { return mlir::success(); });
  if (mlir::OwningOpRef<mlir::ModuleOp> module =
          mlir::parseSourceString<mlir::ModuleOp>(doc, &ctx))
    pipeline::checkLoweringReadiness(*module, t.ws + "/doc.mlir");
  check(bytesRead() - before < kSecretBytes / 2,
        "paths: a document made the server read a file outside the "
        "workspace (the secret or a device)");
  return 0;
}
