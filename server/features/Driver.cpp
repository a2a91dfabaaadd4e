//===- Driver.cpp - A driver for a library module -------------------------===//

#include "server/features/Driver.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
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

/// The top-level comma-separated pieces of `s` (brackets and strings kept
/// whole).
static llvm::SmallVector<StringRef> splitTopLevel(StringRef s) {
  llvm::SmallVector<StringRef> out;
  int depth = 0;
  bool inString = false;
  size_t start = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    if (inString) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        inString = false;
      continue;
    }
    if (c == '"')
      inString = true;
    else if (StringRef("([{<").contains(c))
      ++depth;
    else if (StringRef(")]}>").contains(c) &&
             !(c == '>' && i && s[i - 1] == '-'))
      --depth;
    else if (c == ',' && depth == 0) {
      out.push_back(s.slice(start, i).trim());
      start = i + 1;
    }
  }
  if (!s.slice(start, s.size()).trim().empty())
    out.push_back(s.slice(start, s.size()).trim());
  return out;
}

/// The end of the bracket that opens at `open` (`s[open]` is `(`), or npos.
static size_t matchingParen(StringRef s, size_t open) {
  int depth = 0;
  bool inString = false;
  for (size_t i = open; i < s.size(); ++i) {
    char c = s[i];
    if (inString) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        inString = false;
    } else if (c == '"') {
      inString = true;
    } else if (c == '(') {
      ++depth;
    } else if (c == ')' && --depth == 0) {
      return i;
    }
  }
  return StringRef::npos;
}

/// Fortran's spelling of a FIR scalar element type, and a placeholder.
static bool scalarType(StringRef t, std::string &type, std::string &value) {
  static const struct {
    const char *fir, *fortran, *value;
  } kTypes[] = {
      {"i8", "integer(1)", "n"},
      {"i16", "integer(2)", "n"},
      {"i32", "integer", "n"},
      {"i64", "integer(8)", "n"},
      {"f16", "real(2)", "1"},
      {"f32", "real", "1"},
      {"f64", "real(8)", "1"},
      {"f128", "real(16)", "1"},
      {"!fir.logical<1>", "logical(1)", ".true."},
      {"!fir.logical<4>", "logical", ".true."},
      {"!fir.logical<8>", "logical(8)", ".true."},
      {"complex<f32>", "complex", "(1, 0)"},
      {"complex<f64>", "complex(8)", "(1, 0)"},
  };
  for (const auto &k : kTypes)
    if (t == k.fir) {
      type = k.fortran;
      value = k.value;
      return true;
    }
  return false;
}

/// Declares dummy `arg` (`%arg0: !fir.ref<i32> {fir.bindc_name = "n"}`);
/// false with `why` for what an implicit interface cannot pass.
static bool declare(StringRef arg, unsigned index, Dummy &d, std::string &why) {
  StringRef rest = arg.split(':').second.trim();
  StringRef type = rest.take_until([](char c) { return c == ' ' || c == '{'; });
  // The attribute dictionary may follow without a space.
  size_t brace = rest.find(" {");
  if (brace != StringRef::npos)
    type = rest.take_front(brace).trim();
  llvm::SmallVector<StringRef, 2> m;
  llvm::Regex bindc("fir.bindc_name = \"([A-Za-z_][A-Za-z0-9_]*)\"");
  std::string name =
      bindc.match(arg, &m) ? m[1].lower() : "arg" + std::to_string(index + 1);
  d.name = name;
  StringRef inner = type;
  if (!inner.consume_front("!fir.ref<") || !inner.consume_back(">")) {
    why = "`" + name + "` is passed as `" + type.str() +
          "`, which needs an explicit interface";
    return false;
  }
  if (inner.consume_front("!fir.array<") && inner.consume_back(">")) {
    llvm::SmallVector<StringRef> dims;
    inner.split(dims, 'x');
    StringRef element = dims.pop_back_val();
    if (!scalarType(element, d.type, d.value)) {
      why = "`" + name + "` has elements of type `" + element.str() + "`";
      return false;
    }
    d.extents = "(";
    for (size_t i = 0; i < dims.size(); ++i) {
      unsigned long long n;
      if (dims[i] != "?" && dims[i].getAsInteger(10, n)) {
        why = "`" + name + "` is a `" + type.str() + "`";
        return false;
      }
      d.extents += (i ? ", " : "") + (dims[i] == "?" ? "n" : dims[i].str());
    }
    d.extents += ")";
    return true;
  }
  if (!scalarType(inner, d.type, d.value)) {
    why = "`" + name + "` is a `" + type.str() + "`";
    return false;
  }
  return true;
}

/// The procedure `func.func @_QPname(...)` whose text is `op`.
static Procedure procedure(StringRef name, StringRef op) {
  Procedure p;
  p.name = name.drop_front(3).str();
  size_t open = op.find('(');
  size_t close = open == StringRef::npos ? open : matchingParen(op, open);
  if (close == StringRef::npos) {
    p.unsupported = "its signature could not be read";
    return p;
  }
  StringRef after = op.drop_front(close + 1).ltrim();
  if (after.starts_with("->")) {
    p.unsupported = "it is a function (it returns a value)";
    return p;
  }
  unsigned i = 0;
  for (StringRef arg : splitTopLevel(op.slice(open + 1, close))) {
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
  StringRef text = snapshot.str();
  std::vector<Procedure> procs;
  for (const auto &analysis : snapshot.analyses) {
    if (!analysis)
      continue;
    for (const OpRecord &op : analysis->ops) {
      if (op.symbol == "_QQmain" || op.symbol == "main")
        return std::nullopt;
      if (op.name != "func.func" || !StringRef(op.symbol).starts_with("_QP") ||
          op.fullRange.end > text.size())
        continue;
      // The op's text; its signature is read up to the argument list's `)`.
      StringRef opText = text.slice(op.nameRange.end, op.fullRange.end);
      size_t at = opText.find('@');
      if (at == StringRef::npos)
        continue;
      procs.push_back(procedure(op.symbol, opText.drop_front(at)));
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
