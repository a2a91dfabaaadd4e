//===- FortranInput.cpp - Fortran given where MLIR is expected ------------===//

#include "server/model/FortranInput.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Path.h"

using namespace ompx;
using llvm::StringRef;

bool ompx::hasFortranExtension(StringRef path) {
  StringRef ext = llvm::sys::path::extension(path);
  return llvm::any_of(
      std::initializer_list<StringRef>{".f90", ".f", ".f95", ".f03", ".f08",
                                       ".f18", ".for", ".ftn", ".fpp", ".f77"},
      [&](StringRef e) { return ext.equals_insensitive(e); });
}

bool ompx::looksLikeFortran(StringRef text) {
  for (StringRef line : llvm::split(text.take_front(64 * 1024), '\n')) {
    StringRef t = line.trim();
    // An OpenMP or OpenACC directive (`!$omp`, fixed form's `C$OMP`): no
    // MLIR name has a `$` there (an include file may start with one).
    StringRef sentinel = t.size() > 1 && llvm::is_contained("!cC*", t[0]) &&
                                 t[1] == '$' && (t[0] == '!' || line[0] == t[0])
                             ? t.drop_front(2)
                             : StringRef();
    if (sentinel.starts_with_insensitive("omp") ||
        sentinel.starts_with_insensitive("acc"))
      return true;
    // Blank lines, Fortran comments.
    if (t.empty() || t.starts_with("!"))
      continue;
    // The first statement decides; MLIR starts with an op, attribute alias,
    // `//` comment, `module {` or `%`/`#`/`!` names.
    std::string lower = t.lower();
    StringRef s(lower);
    for (StringRef unit :
         {"program", "subroutine", "module", "submodule", "function",
          "block data", "implicit", "use", "integer", "real",
          "double precision", "logical", "character", "complex", "pure",
          "elemental", "recursive", "include"}) {
      if (!s.starts_with(unit))
        continue;
      StringRef rest = s.drop_front(unit.size());
      // `module {` / `module attributes {...}` / `module @m` are MLIR.
      if (unit == "module" &&
          (rest.ltrim().starts_with("{") || rest.ltrim().starts_with("@") ||
           rest.ltrim().starts_with("attributes")))
        return false;
      if (rest.empty() || rest[0] == ' ' || rest[0] == '(' || rest[0] == ',' ||
          rest[0] == '*' || rest[0] == ':' || rest[0] == '\t' ||
          rest[0] == '\'' || rest[0] == '"')
        return !t.contains('{');
    }
    return false;
  }
  return false;
}

std::optional<Diagnostic> ompx::fortranInputDiagnostic(StringRef path,
                                                       StringRef text) {
  if (!hasFortranExtension(path) && !looksLikeFortran(text))
    return std::nullopt;
  StringRef file = llvm::sys::path::filename(path);
  // `untitled:saxpy.f90`: the name after the URI's scheme.
  if (size_t colon = file.rfind(':'); colon != StringRef::npos)
    file = file.drop_front(colon + 1);
  if (file.empty() || !hasFortranExtension(file))
    file = "FILE.f90";
  StringRef stem = file.take_until([](char c) { return c == '.'; });
  Diagnostic d;
  d.severity = Severity::Error;
  d.kind = DiagKind::Parse;
  d.range = {0, uint32_t(text.find('\n') == StringRef::npos ? text.size()
                                                            : text.find('\n'))};
  d.anchor = 0;
  d.message = ("this is Fortran source, not MLIR: ompx reads the MLIR that "
               "flang-22 makes of it. Run `ompx-lsp emit " +
               file + " -o " + stem +
               ".hlfir.mlir` (in VS Code: \"OMPX: Show MLIR for this Fortran "
               "file\"; in Neovim: :OmpxEmit) and open that file")
                  .str();
  return d;
}
