//===- PrinterRepair.cpp - flang-22's misprinted clause entries -----------===//

#include "pipeline/compile/PrinterRepair.h"
#include "dialects/ir/Registry.h"
#include "pipeline/compile/WideFloats.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/OpenACC/OpenACC.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OperationSupport.h"
#include "mlir/Parser/Parser.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace ompx::pipeline;
using llvm::StringRef;

std::string PrinterRepair::note() const {
  std::string what =
      wholeModule ? std::string("the module is")
                  : (functions.size() == 1 ? "function " : "functions ") +
                        llvm::join(functions, ", ") +
                        (functions.size() == 1 ? " is" : " are");
  if (accLoops)
    return "flang-22 prints an acc.loop's `device_type(...) vector` or "
           "`worker` (`vector([#acc.device_type<nvidia>])`) in a form that "
           "does not parse back: " +
           what + " printed in MLIR's generic form";
  return "flang-22 prints a clause entry `%x -> %arg : type` with the "
         "operand's type where the block argument has another (its printer "
         "defect, e.g. for an assumed-shape array in a map clause), which "
         "does not parse: " +
         what + " printed in MLIR's generic form, which keeps both types";
}

namespace {
struct Parsed {
  mlir::OwningOpRef<mlir::ModuleOp> module;
  bool typeMismatch = false; ///< the defect's parse error was seen
};
} // namespace

static Parsed parseText(mlir::MLIRContext &context, StringRef text) {
  Parsed parsed;
  mlir::ScopedDiagnosticHandler handler(&context, [&](mlir::Diagnostic &d) {
    parsed.typeMismatch |=
        StringRef(d.str()).contains("expects different type than prior uses");
    return mlir::success();
  });
  llvm::SourceMgr sm;
  // Exact REAL(10)/REAL(16) constants (WideFloats.h): the module may be
  // printed again.
  sm.AddNewSourceBuffer(llvm::MemoryBuffer::getMemBufferCopy(
                            exactWideFloatLiterals(text), "<flang>"),
                        llvm::SMLoc());
  parsed.module = mlir::parseSourceFile<mlir::ModuleOp>(sm, &context);
  return parsed;
}

/// The functions holding an op whose clause operand and block argument
/// types differ; nullopt when one lies outside any function.
static std::optional<llvm::SmallVector<mlir::func::FuncOp>>
misprintedFunctions(mlir::ModuleOp module) {
  llvm::SmallVector<mlir::func::FuncOp> funcs;
  bool outside = false;
  auto add = [&](mlir::Operation *op) {
    auto func = op->getParentOfType<mlir::func::FuncOp>();
    if (!func)
      outside = true;
    else if (!llvm::is_contained(funcs, func))
      funcs.push_back(func);
  };
  module->walk([&](mlir::omp::BlockArgOpenMPOpInterface op) {
    llvm::SmallVector<std::pair<mlir::Value, mlir::BlockArgument>> pairs;
    op.getBlockArgsPairs(pairs);
    if (!llvm::all_of(pairs, [](auto &p) {
          return p.first.getType() == p.second.getType();
        }))
      add(op);
  });
  // A loop's `device_type(nvidia) gang vector`: `vector([#acc.device_type<
  // nvidia>])` as printed does not parse back ("expected ','").
  module->walk([&](mlir::acc::LoopOp loop) {
    auto named = [](mlir::ArrayAttr a) { return a && !a.empty(); };
    if (named(loop.getVectorAttr()) || named(loop.getWorkerAttr()))
      add(loop);
  });
  if (outside)
    return std::nullopt;
  return funcs;
}

/// The lines [begin, end] of function `name` in flang's text: its
/// `func.func ... @name(` line to the `}` at its indentation.
static std::optional<std::pair<size_t, size_t>>
functionLines(llvm::ArrayRef<StringRef> lines, StringRef name) {
  std::string plain = ("@" + name + "(").str();
  std::string quoted = ("@\"" + name + "\"(").str();
  for (size_t i = 0; i < lines.size(); ++i) {
    StringRef t = lines[i].ltrim(' ');
    if (!t.starts_with("func.func ") ||
        (!t.contains(plain) && !t.contains(quoted)))
      continue;
    size_t indent = lines[i].size() - t.size();
    for (size_t j = i + 1; j < lines.size(); ++j)
      if (lines[j].size() > indent &&
          lines[j].take_front(indent).count(' ') == indent &&
          lines[j][indent] == '}')
        return std::make_pair(i, j);
    return std::nullopt;
  }
  return std::nullopt;
}

/// `text` with each function of `funcs` printed generic in place of its
/// pretty lines; nullopt when one is not found.
static std::optional<std::string>
spliceGeneric(StringRef text, llvm::ArrayRef<mlir::func::FuncOp> funcs) {
  llvm::SmallVector<StringRef> lines;
  text.split(lines, '\n');
  std::vector<std::string> replacement(lines.size());
  std::vector<bool> dropped(lines.size(), false);
  for (mlir::func::FuncOp func : funcs) {
    auto range = functionLines(lines, func.getSymName());
    if (!range)
      return std::nullopt;
    size_t indent =
        lines[range->first].size() - lines[range->first].ltrim(' ').size();
    std::string generic;
    llvm::raw_string_ostream os(generic);
    func->print(os,
                mlir::OpPrintingFlags().printGenericOpForm().enableDebugInfo(
                    /*enable=*/true, /*prettyForm=*/false));
    std::string &out = replacement[range->first];
    for (StringRef line : llvm::split(StringRef(generic).rtrim('\n'), '\n'))
      out += std::string(indent, ' ') + line.str() + "\n";
    for (size_t i = range->first; i <= range->second; ++i)
      dropped[i] = true;
  }
  std::string result;
  for (size_t i = 0; i < lines.size(); ++i) {
    result += replacement[i];
    if (!dropped[i])
      result += lines[i].str() + (i + 1 < lines.size() ? "\n" : "");
  }
  return result;
}

/// Whether a map of a descriptor (`var_ptr(%x : !fir.ref<!fir.box<...>>,
/// !fir.box<...>)`) yields another type than a reference to it, as an
/// assumed-shape array's does: a parse of the whole text (a fifth of an
/// emit's time on a 50k-line file) only then.
static bool mayHaveDefect(StringRef text) {
  if (text.contains("vector([#acc.device_type") ||
      text.contains("worker([#acc.device_type"))
    return true;
  for (StringRef line : llvm::split(text, '\n')) {
    size_t at = line.find("omp.map.info var_ptr(");
    if (at == StringRef::npos)
      continue;
    StringRef rest = line.drop_front(at);
    size_t arrow = rest.rfind(") -> ");
    if (arrow == StringRef::npos)
      continue;
    StringRef result = rest.drop_front(arrow + 5);
    bool descriptor =
        rest.contains(", !fir.box<") || rest.contains(", !fir.class<");
    if (descriptor && !result.starts_with("!fir.ref<!fir.box<") &&
        !result.starts_with("!fir.ref<!fir.class<"))
      return true;
  }
  return false;
}

PrinterRepair ompx::pipeline::repairFlangPrinterDefect(
    std::string &mlir,
    llvm::function_ref<std::optional<std::string>()> genericText) {
  PrinterRepair repair;
  if (!mayHaveDefect(mlir))
    return repair;
  mlir::MLIRContext context(mlir::MLIRContext::Threading::DISABLED);
  ompx::setUpOmpxContext(context);
  Parsed pretty = parseText(context, mlir);
  repair.accLoops = StringRef(mlir).contains("vector([#acc.device_type") ||
                    StringRef(mlir).contains("worker([#acc.device_type");
  if (pretty.module || (!pretty.typeMismatch && !repair.accLoops))
    return repair;
  std::optional<std::string> generic = genericText();
  Parsed parsed = generic ? parseText(context, *generic) : Parsed();
  if (!parsed.module) {
    repair.error = "flang-22's text has its clause-entry printer defect, and "
                   "its generic form does not parse either";
    return repair;
  }
  repair.repaired = true;
  auto funcs = misprintedFunctions(*parsed.module);
  std::optional<std::string> spliced;
  if (funcs && !funcs->empty())
    spliced = spliceGeneric(mlir, *funcs);
  if (spliced && parseText(context, *spliced).module) {
    for (mlir::func::FuncOp f : *funcs)
      repair.functions.push_back(f.getSymName().str());
    mlir = std::move(*spliced);
    return repair;
  }
  repair.wholeModule = true;
  mlir = std::move(*generic);
  return repair;
}
