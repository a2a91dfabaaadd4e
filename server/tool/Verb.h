//===- Verb.h - A subcommand of ompx-lsp ------------------------*- C++ -*-===//
//
// `ompx-lsp launch`, `devices`, `slurm`, `emit`, `opt`, `fix-device-ir`:
// each a cl::SubCommand with its own options, parsed by the one
// cl::ParseCommandLineOptions in main, which then runs the verb chosen
// (`opt` hands the command line on to MLIR's parser, mlir-opt's grammar).
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_TOOL_VERB_H
#define OMPX_TOOL_VERB_H

#include "pipeline/launch/Launch.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/CommandLine.h"

#include <string>
#include <vector>

namespace ompx {

class Verb {
public:
  Verb(llvm::StringRef name, llvm::StringRef description)
      : sub(name, description),
        help("help", llvm::cl::sub(sub), llvm::cl::Hidden),
        h("h", llvm::cl::aliasopt(help), llvm::cl::Hidden) {
    all().push_back(this);
  }
  virtual ~Verb() { llvm::erase(all(), this); }

  /// Runs the verb after the command line was parsed; `argv` is main's.
  virtual int run(int argc, char **argv,
                  const pipeline::LaunchHelpers &helpers) = 0;
  /// The usage lines, printed after a usage error.
  virtual std::string usage() const = 0;

  /// The verb on the command line, or null.
  static Verb *chosen() {
    for (Verb *verb : all())
      if (verb->sub)
        return verb;
    return nullptr;
  }

  /// Takes the verbs out of llvm::cl after the parse, so a second parser
  /// (MLIR's, in `opt`) reads their names as plain arguments.
  static void retireAll() {
    for (Verb *verb : all())
      verb->sub.retire();
  }

protected:
  /// A cl::SubCommand that can leave cl's table (unregisterSubCommand is
  /// protected).
  struct Command : llvm::cl::SubCommand {
    using SubCommand::SubCommand;
    void retire() { unregisterSubCommand(); }
  } sub;

private:
  /// cl's own `--help` is in every subcommand; the verb's replaces it, to
  /// say what the verb does and give examples (cl's lists the options).
  bool replacedHelp = llvm::cl::getRegisteredOptions(sub).erase("help");

protected:
  llvm::cl::opt<bool> help;
  llvm::cl::alias h;
  /// The options the verb does not know, for its own "unknown option"
  /// error (cl's would name the program, not the verb, and exit 1).
  llvm::cl::list<std::string> unknown{llvm::cl::Sink, llvm::cl::sub(sub)};

private:
  static std::vector<Verb *> &all() {
    static std::vector<Verb *> verbs;
    return verbs;
  }
};

} // namespace ompx

#endif // OMPX_TOOL_VERB_H
