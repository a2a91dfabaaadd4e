//===- SchemaFlags.h - Launch schema rows as a verb's options ---*- C++ -*-===//
//
// `launch`, `devices` and `pipeline` take (some of) the launch schema's
// options (pipeline/LaunchOptions.h); each row becomes a cl option of the
// verb, its values checked and stored by the schema.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_TOOL_SCHEMAFLAGS_H
#define OMPX_TOOL_SCHEMAFLAGS_H

#include "pipeline/launch/LaunchOptions.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"

#include <memory>
#include <utility>
#include <vector>

namespace ompx {

/// Rows of the launch schema as options of a verb: all of them, or those
/// `only` names.
struct SchemaFlags {
  SchemaFlags(llvm::cl::SubCommand &sub,
              llvm::ArrayRef<llvm::StringRef> only = {}) {
    namespace cl = llvm::cl;
    using pipeline::LaunchOption;
    using pipeline::OptionType;
    for (const LaunchOption &o : pipeline::launchOptions()) {
      if (o.flag.empty() ||
          (!only.empty() && !llvm::is_contained(only, o.flag)))
        continue;
      if (o.type == OptionType::Flag)
        flags.push_back(
            {&o, std::make_unique<cl::opt<bool>>(
                     llvm::StringRef(o.flag), cl::sub(sub), cl::desc(o.help))});
      else
        values.push_back(
            {&o, std::make_unique<cl::list<std::string>>(
                     llvm::StringRef(o.flag), cl::sub(sub), cl::desc(o.help),
                     cl::value_desc(o.metavar),
                     o.type == OptionType::OptLevel ? cl::Prefix
                                                    : cl::NormalFormatting,
                     o.type == OptionType::OptionalPath ? cl::ValueOptional
                                                        : cl::ValueRequired)});
    }
  }
  std::vector<std::pair<const pipeline::LaunchOption *,
                        std::unique_ptr<llvm::cl::list<std::string>>>>
      values;
  std::vector<std::pair<const pipeline::LaunchOption *,
                        std::unique_ptr<llvm::cl::opt<bool>>>>
      flags;
};

} // namespace ompx

#endif // OMPX_TOOL_SCHEMAFLAGS_H
