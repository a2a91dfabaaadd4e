//===- Driver.cpp - A driver for a library module -------------------------===//

#include "server/features/Driver.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace ompx;
using llvm::StringRef;

std::string ompx::sidecarDriverName(StringRef inputName) {
  return (llvm::sys::path::filename(inputName).split('.').first + ".driver.f90")
      .str();
}

namespace {
/// One dummy argument as the driver declares it.
struct Dummy {
  std::string name;    ///< the driver's variable
  std::string type;    ///< Fortran type, e.g. "real(8)"
  std::string extents; ///< "(n, n)" for an array, else ""
  std::string value;   ///< placeholder value
};

struct Procedure {
  std::string name; ///< Fortran name (`_QP` dropped)
  std::vector<Dummy> dummies;
  std::string unsupported; ///< why it is not called, if it is not
};
} // namespace

/// Fortran's spelling of a scalar element, and a placeholder value.
static bool scalarType(const ArgumentFact &arg, std::string &type,
                       std::string &value) {
  using E = ArgumentFact::Element;
  static const struct {
    E element;
    unsigned bytes;
    const char *fortran, *value;
  } kTypes[] = {
      {E::Integer, 1, "integer(1)", "n"},
      {E::Integer, 2, "integer(2)", "n"},
      {E::Integer, 4, "integer", "n"},
      {E::Integer, 8, "integer(8)", "n"},
      {E::Real, 2, "real(2)", "1"},
      {E::Real, 4, "real", "1"},
      {E::Real, 8, "real(8)", "1"},
      {E::Real, 16, "real(16)", "1"},
      {E::Logical, 1, "logical(1)", ".true."},
      {E::Logical, 4, "logical", ".true."},
      {E::Logical, 8, "logical(8)", ".true."},
      {E::Complex, 4, "complex", "(1, 0)"},
      {E::Complex, 8, "complex(8)", "(1, 0)"},
  };
  for (const auto &k : kTypes)
    if (arg.element == k.element && arg.elementBytes == k.bytes) {
      type = k.fortran;
      value = k.value;
      return true;
    }
  return false;
}

/// Whether `s` can name a Fortran variable.
static bool isFortranName(StringRef s) {
  return !s.empty() && (llvm::isAlpha(s[0]) || s[0] == '_') &&
         llvm::all_of(s, [](char c) { return llvm::isAlnum(c) || c == '_'; });
}

/// Declares dummy number `index` (`%arg0: !fir.ref<i32> {fir.bindc_name =
/// "n"}`); false with `why` for what an implicit interface cannot pass.
static bool declare(const ArgumentFact &arg, unsigned index, Dummy &d,
                    std::string &why) {
  std::string name = isFortranName(arg.bindcName)
                         ? StringRef(arg.bindcName).lower()
                         : "arg" + std::to_string(index + 1);
  d.name = name;
  std::string type = "`" + StringRef(arg.type).str() + "`";
  if (!arg.byReference) {
    why = "`" + name + "` is passed as " + type +
          ", which needs an explicit interface";
    return false;
  }
  if (!scalarType(arg, d.type, d.value)) {
    why =
        "`" + name + "` " +
        (arg.array ? "has elements of a type no driver declares: " : "is a ") +
        type;
    return false;
  }
  if (!arg.array)
    return true;
  d.extents = "(";
  for (size_t i = 0; i < arg.extents.size(); ++i)
    d.extents +=
        (i ? ", " : "") + (arg.extents[i] < 0 ? std::string("n")
                                              : std::to_string(arg.extents[i]));
  d.extents += ")";
  return true;
}

/// The procedure `func.func @_QPname(...)` with signature `fn` (null: not
/// known, as for an op of a failed parse).
static Procedure procedure(StringRef name, const FunctionFact *fn) {
  Procedure p;
  p.name = name.drop_front(3).str();
  if (!fn) {
    p.unsupported = "its signature could not be read";
    return p;
  }
  if (fn->results) {
    p.unsupported = "it is a function (it returns a value)";
    return p;
  }
  unsigned i = 0;
  for (const ArgumentFact &arg : fn->arguments) {
    Dummy d;
    if (!declare(arg, i++, d, p.unsupported))
      return p;
    p.dummies.push_back(std::move(d));
  }
  return p;
}

bool ompx::offersDriverAt(const Snapshot &snapshot, TextRange range) {
  if (!snapshot.text)
    return false;
  StringRef text = snapshot.str();
  for (const auto &analysis : snapshot.analyses) {
    if (!analysis)
      continue;
    for (const OpRecord &op : analysis->ops) {
      if (!(op.name == "builtin.module" ||
            (op.name == "func.func" &&
             StringRef(op.symbol).starts_with("_QP"))) ||
          op.nameRange.begin > text.size())
        continue;
      size_t nl = text.find('\n', op.nameRange.begin);
      uint32_t lineEnd = nl == StringRef::npos ? text.size() : uint32_t(nl);
      size_t prev = text.take_front(op.nameRange.begin).rfind('\n');
      uint32_t lineStart = prev == StringRef::npos ? 0 : uint32_t(prev + 1);
      if (range.begin <= lineEnd && range.end >= lineStart)
        return true;
    }
  }
  return false;
}

std::optional<std::string> ompx::libraryDriver(const Snapshot &snapshot,
                                               StringRef inputName) {
  if (!snapshot.text)
    return std::nullopt;
  std::vector<Procedure> procs;
  for (const auto &analysis : snapshot.analyses) {
    if (!analysis)
      continue;
    for (size_t i = 0; i < analysis->ops.size(); ++i) {
      const OpRecord &op = analysis->ops[i];
      if (op.symbol == "_QQmain" || op.symbol == "main")
        return std::nullopt;
      if (op.name == "func.func" && StringRef(op.symbol).starts_with("_QP"))
        procs.push_back(procedure(op.symbol, functionOf(*analysis, i)));
    }
  }
  if (procs.empty())
    return std::nullopt;

  std::string out;
  llvm::raw_string_ostream os(out);
  StringRef file = llvm::sys::path::filename(inputName);
  os << "! Driver for " << file
     << ", written by ompx: it calls each procedure\n"
        "! of the library once with placeholder arguments. Edit the values "
        "(and `n`,\n"
        "! the extent of every array) to what the procedures expect, then "
        "launch:\n"
        "! ompx-lsp launch uses "
     << sidecarDriverName(file)
     << " next to the module by itself,\n"
        "! or name it with --driver=FILE (ompx.launch.drivers in VS Code).\n"
        "program main\n"
        "  implicit none\n"
        "  integer, parameter :: n = 100 ! placeholder size; integer "
        "arguments get it too\n";
  // Declarations first, then the calls.
  auto var = [](const Procedure &p, const Dummy &d) {
    std::string v = p.name + "_" + d.name;
    return v.size() <= 63 ? v : d.name;
  };
  for (const Procedure &p : procs) {
    if (!p.unsupported.empty())
      continue;
    os << "  ! arguments of " << p.name << "\n";
    for (const Dummy &d : p.dummies)
      os << "  " << d.type << " :: " << var(p, d) << d.extents << "\n";
  }
  os << "\n";
  for (const Procedure &p : procs) {
    if (!p.unsupported.empty()) {
      os << "  ! " << p.name << " is not called here: " << p.unsupported
         << "\n\n";
      continue;
    }
    for (const Dummy &d : p.dummies)
      os << "  " << var(p, d) << " = " << d.value << "\n";
    // Free-form lines end at 132 characters: one argument per line if long.
    std::string call = "  call " + p.name + "(";
    size_t width = call.size();
    for (const Dummy &d : p.dummies)
      width += var(p, d).size() + 2;
    for (size_t i = 0; i < p.dummies.size(); ++i)
      call += (i ? (width > 100 ? ", &\n      " : ", ") : "") +
              var(p, p.dummies[i]);
    os << call << ")\n";
    for (const Dummy &d : p.dummies)
      if (!d.extents.empty() && !StringRef(d.type).starts_with("logical"))
        os << "  print *, '" << p.name << ": sum(" << d.name << ") =', sum("
           << var(p, d) << ")\n";
    os << "  print *, '" << p.name << ": done'\n\n";
  }
  os << "end program main\n";
  return out;
}
