//===- Bytecode.cpp - .mlirbc conversions for the server ------------------===//

#include "server/service/Bytecode.h"
#include "support/Subprocess.h"

#include "llvm/Support/FileSystem.h"

using namespace ompx;

llvm::Expected<std::string> ompx::convertBytecode(BytecodeDirection direction,
                                                  llvm::StringRef input,
                                                  llvm::StringRef name,
                                                  unsigned timeoutMs) {
  static int anchor;
  SpawnOptions options;
  options.argv = {llvm::sys::fs::getMainExecutable("ompx-lsp", &anchor),
                  direction == BytecodeDirection::ToText
                      ? "--convert-bytecode=to-text"
                      : "--convert-bytecode=to-bytecode"};
  if (!name.empty())
    options.argv.push_back(name.str());
  options.newProcessGroup = true;
  auto child = Subprocess::spawn(options);
  if (!child)
    return child.takeError();
  // Written whole before reading: the child reads all of stdin first.
  bool written = (*child)->writeStdin(input);
  (*child)->closeStdin();
  std::string out;
  Subprocess::Outcome outcome = (*child)->run(
      Clock::now() + std::chrono::milliseconds(timeoutMs), nullptr,
      [&](llvm::StringRef bytes) { out.append(bytes.data(), bytes.size()); });
  if (outcome.timedOut)
    return llvm::createStringError("conversion timed out after " +
                                   std::to_string(timeoutMs / 1000) + " s");
  llvm::StringRef tail = llvm::StringRef((*child)->stderrTail()).trim();
  tail.consume_front("ompx-lsp: ");
  if (!outcome.status.success())
    return llvm::createStringError(tail.empty() ? "the conversion " +
                                                      outcome.status.describe()
                                                : tail.str());
  if (!written)
    return llvm::createStringError("the conversion did not read its input");
  return out;
}
