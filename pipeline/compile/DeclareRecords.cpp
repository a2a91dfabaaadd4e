//===- DeclareRecords.cpp - declare target module variables across units --===//

#include "pipeline/compile/DeclareRecords.h"
#include "pipeline/compile/DirectiveScan.h"
#include "pipeline/compile/ModuleCache.h"
#include "pipeline/passes/GlobalOf.h"
#include "pipeline/passes/Passes.h"
#include "support/FileRead.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <map>

using namespace ompx::pipeline;
using llvm::StringRef;
namespace fs = llvm::sys::fs;
namespace path = llvm::sys::path;

static constexpr StringRef kGlobal = "fir.global ";

std::optional<StringRef> ompx::pipeline::moduleOfGlobal(StringRef symbol) {
  if (!symbol.consume_front("_QM"))
    return std::nullopt;
  // Flang's names are lower case; an upper-case letter starts the next part
  // (E: a variable; S: a submodule's, which lives in a .smod).
  size_t end = symbol.find_first_of("ABCDEFGHIJKLMNOPQRSTUVWXYZ");
  if (end == 0 || end == StringRef::npos || symbol[end] != 'E')
    return std::nullopt;
  return symbol.take_front(end);
}

std::string ompx::pipeline::declareRecordRoot() {
  llvm::SmallString<256> dir;
  if (!path::cache_directory(dir))
    return "";
  path::append(dir, "ompx", "declare-target");
  return dir.str().str();
}

static std::string hashOf(StringRef text) {
  return llvm::utohexstr(llvm::xxh3_64bits(text), /*LowerCase=*/true);
}

/// The record of `module` whose .mod file is in `dir`.
static std::string recordPath(StringRef root, StringRef dir, StringRef module) {
  llvm::SmallString<256> real;
  if (fs::real_path(dir.empty() ? StringRef(".") : dir, real))
    real = dir;
  llvm::SmallString<256> p(root);
  path::append(p, hashOf(real), module);
  return p.str().str();
}

/// The record of `module` by its .mod file's hash `modHash`, wherever the
/// file is: a build that copies .mod files (`make install`, CMake's
/// install(FILES)) and compiles against the copies finds it there.
static std::string recordByModPath(StringRef root, StringRef modHash,
                                   StringRef module) {
  llvm::SmallString<256> p(root);
  path::append(p, "by-mod", modHash, module);
  return p.str().str();
}

static std::string modPath(StringRef dir, StringRef module) {
  llvm::SmallString<256> p(dir.empty() ? StringRef(".") : dir);
  path::append(p, module + ".mod");
  return p.str().str();
}

/// A `fir.global` line: the global it defines or declares (`common`
/// linkage too), and the rest of the line after the name (an initial value
/// `(...)`, attributes, the type).
struct GlobalLine {
  StringRef name, rest;
};
static std::optional<GlobalLine> globalLine(StringRef line) {
  line = line.ltrim();
  if (!line.consume_front(kGlobal))
    return std::nullopt;
  line.consume_front("common ");
  if (!line.consume_front("@"))
    return std::nullopt;
  size_t end = line.find_first_of(" (");
  if (end == StringRef::npos)
    return std::nullopt;
  StringRef rest = line.drop_front(end);
  rest.consume_front(" ");
  return GlobalLine{line.take_front(end), rest};
}

/// `text` with each line replaced by what `rewrite` appends for it.
static std::string rewriteLines(
    StringRef text,
    llvm::function_ref<void(StringRef line, std::string &out)> rewrite) {
  std::string out;
  out.reserve(text.size());
  bool first = true;
  for (StringRef line : llvm::split(text, '\n')) {
    if (!first)
      out += '\n';
    first = false;
    rewrite(line, out);
  }
  return out;
}

/// `line` (a global `g`) with `attr` added to its attributes, after the
/// initial value (`(dense<...>)`) if any.
static std::string withAttribute(StringRef line, const GlobalLine &g,
                                 StringRef attr) {
  StringRef tail = g.rest;
  if (tail.starts_with("("))
    for (int depth = 0; !tail.empty(); tail = tail.drop_front()) {
      depth += tail[0] == '(' ? 1 : tail[0] == ')' ? -1 : 0;
      if (depth == 0) {
        tail = tail.drop_front();
        break;
      }
    }
  std::string out = line.drop_back(tail.size()).rtrim().str();
  tail = tail.ltrim();
  if (tail.consume_front("{"))
    return out + " {" + attr.str() + ", " + tail.str();
  return out + " {" + attr.str() + "} " + tail.str();
}

/// A global flang names without its module (`_Q...`): a common block
/// (`blk_`) or a BIND(C) variable (`g_count`).
static bool unqualified(StringRef name) { return !name.starts_with("_Q"); }

/// `attrs`' attribute `name = #...<...>` as written, or "".
static std::string attributeText(StringRef attrs, StringRef name) {
  size_t at = attrs.find((name + " = #").str());
  if (at == StringRef::npos)
    return "";
  int depth = 0;
  for (size_t i = at; i < attrs.size(); ++i) {
    depth += attrs[i] == '<' ? 1 : attrs[i] == '>' ? -1 : 0;
    if (attrs[i] == '>' && depth == 0)
      return attrs.slice(at, i + 1).str();
  }
  return "";
}

/// The SSA values `text` names (`%5#1` is `%5`).
static llvm::SmallVector<StringRef> valuesIn(StringRef text) {
  llvm::SmallVector<StringRef> out;
  for (size_t at = text.find('%'); at != StringRef::npos;
       at = text.find('%', at + 1)) {
    StringRef v = text.drop_front(at).take_while([](char c) {
      return c == '%' || llvm::isAlnum(c) || c == '_' || c == '.' || c == '$' ||
             c == '-';
    });
    if (v.size() > 1)
      out.push_back(v);
  }
  return out;
}

/// Module globals -> the first procedure compiled for the device (declare
/// target, not for the host only) that uses them, from flang's printing: a
/// `func.func` line with its attributes, its body up to the line closing it
/// at the same indentation. flang-22 declares every variable of a module in
/// each of its procedures: an address only declared or converted is no use.
static llvm::StringMap<std::string> deviceProcedureUses(StringRef hlfir) {
  llvm::StringMap<std::string> uses;
  llvm::StringMap<std::string> views; // SSA value -> the global it views
  StringRef procedure, close;
  for (StringRef line : llvm::split(hlfir, '\n')) {
    StringRef t = line.ltrim();
    if (procedure.empty()) {
      if (t.starts_with("func.func @") && t.contains("omp.declare_target") &&
          !t.contains("device_type = (host)") && t.rtrim().ends_with("{")) {
        procedure = t.drop_front(11).take_until(
            [](char c) { return c == '(' || c == ' '; });
        close = line.take_front(line.size() - t.size());
        views.clear();
      }
      continue;
    }
    if (line.rtrim() == (close + "}").str()) {
      procedure = {};
      continue;
    }
    // `%r = op operands` or `%r:2 = op operands`, or an op without results.
    size_t eq = t.starts_with("%") ? t.find(" = ") : StringRef::npos;
    StringRef result =
        eq == StringRef::npos ? StringRef() : t.take_front(eq).split(':').first;
    StringRef body = eq == StringRef::npos ? t : t.drop_front(eq + 3);
    if (body.starts_with("fir.address_of(@")) {
      StringRef name =
          body.drop_front(16).take_until([](char c) { return c == ')'; });
      if (moduleOfGlobal(name) && !result.empty())
        views[result] = name.str();
      continue;
    }
    bool view = !result.empty() && (body.starts_with("hlfir.declare ") ||
                                    body.starts_with("fir.declare ") ||
                                    body.starts_with("fir.convert "));
    for (StringRef v : valuesIn(body)) {
      auto it = views.find(v);
      if (it == views.end())
        continue;
      if (view)
        views[result] = it->second;
      else
        uses.try_emplace(it->second, procedure.str());
    }
  }
  return uses;
}

bool ompx::pipeline::writeDeclareRecords(StringRef hlfir, StringRef source,
                                         StringRef moduleDir, StringRef root,
                                         std::string &error) {
  // module -> "GLOBAL\tATTRIBUTES" (what its declarations get)
  std::map<std::string, std::vector<std::string>> byModule;
  for (const std::string &m : definedModules(source))
    byModule[m];
  // The module variables each device procedure uses (the first one).
  llvm::StringMap<std::string> deviceUses = deviceProcedureUses(hlfir);
  for (StringRef line : llvm::split(hlfir, '\n')) {
    auto g = globalLine(line);
    if (!g)
      continue;
    auto [name, rest] = *g;
    std::optional<StringRef> module = moduleOfGlobal(name);
    // A module's common block or BIND(C) variable: flang names it without
    // the module, so each module of the file records it (a unit using one
    // of them finds it there).
    if (unqualified(name) && !byModule.empty() && rest.contains("{")) {
      StringRef attrs = rest.drop_until([](char c) { return c == '{'; })
                            .take_until([](char c) { return c == '}'; });
      std::vector<std::string> marks;
      bool common =
          line.ltrim().drop_front(kGlobal.size()).starts_with("common ");
      std::string target = attributeText(attrs, "omp.declare_target");
      if (!target.empty() && !attrs.contains("device_type = (host)")) {
        // A common block is defined by every unit naming it: each gets
        // flang's own attribute, as with the directive in the unit.
        if (common)
          marks.push_back(target);
        else if (attrs.contains("capture_clause = (link)"))
          marks.push_back("ompx.declare_target_elsewhere = \"link\"");
        else
          marks.push_back("ompx.declare_target_elsewhere");
      }
      if (std::string acc = attributeText(attrs, "acc.declare"); !acc.empty())
        marks.push_back(acc);
      if (!marks.empty())
        for (auto &[m, names] : byModule)
          names.push_back(name.str() + "\t" + llvm::join(marks, ", "));
      continue;
    }
    if (!module || !byModule.count(module->str()))
      continue;
    // Used by a device procedure and not declare target: a map of it in
    // another unit would miss the copy the procedure uses
    // (ompx-unpaired-globals refuses it there).
    auto uses = deviceUses.find(name);
    if (uses != deviceUses.end() && !rest.contains("omp.declare_target") &&
        !rest.starts_with("constant") && !rest.contains(" constant ")) {
      byModule[module->str()].push_back(name.str() + "\t" +
                                        ompx::passes::kDeviceUsesAttr.str() +
                                        " = \"" + uses->second + "\"");
      continue;
    }
    if (!rest.starts_with("{"))
      continue;
    StringRef attrs = rest.take_until([](char c) { return c == '}'; });
    std::vector<std::string> marks;
    // For the device (a `device_type(host)` one is not there); a `link`
    // one is mapped tofrom where a region names it.
    if (attrs.contains("omp.declare_target") &&
        !attrs.contains("device_type = (host)")) {
      // A link one gets flang's own attribute: the unit's maps of it then
      // set the device's reference pointer, through which its declare
      // target procedures reach the mapped copy (both weak, joined at
      // link).
      if (attrs.contains("capture_clause = (link)"))
        marks.push_back(attributeText(attrs, "omp.declare_target"));
      else if (attrs.contains("capture_clause = (to)") ||
               attrs.contains("capture_clause = (enter)"))
        marks.push_back("ompx.declare_target_elsewhere");
    }
    // OpenACC's declare attribute as it is: acc-to-omp reads it on the
    // declaration as on the definition.
    size_t acc = attrs.find("acc.declare = #acc.declare<");
    if (acc != StringRef::npos) {
      size_t end = attrs.find('>', acc);
      if (end != StringRef::npos)
        marks.push_back(attrs.slice(acc, end + 1).str());
    }
    if (!marks.empty())
      byModule[module->str()].push_back(name.str() + "\t" +
                                        llvm::join(marks, ", "));
  }
  if (root.empty())
    return true;
  for (auto &[module, names] : byModule) {
    std::string file = recordPath(root, moduleDir, module);
    llvm::Expected<std::string> mod =
        ompx::readRegularFile(modPath(moduleDir, module));
    // A module without any gets a record too (its .mod file's hash alone):
    // a unit using a module without one knows it was built elsewhere.
    if (!mod) {
      llvm::consumeError(mod.takeError());
      fs::remove(file);
      continue;
    }
    std::string text = "mod " + hashOf(*mod) + "\n";
    for (const std::string &n : names)
      text += n + "\n";
    // By its folder, and by the .mod file's hash for copies of that file.
    for (const std::string &at :
         {file, recordByModPath(root, hashOf(*mod), module)}) {
      if (std::error_code ec = fs::create_directories(path::parent_path(at))) {
        error = "cannot create " + path::parent_path(at).str() + ": " +
                ec.message();
        return false;
      }
      std::error_code ec;
      llvm::raw_fd_ostream out(at, ec, fs::OF_Text);
      if (ec) {
        error = "cannot write " + at + ": " + ec.message();
        return false;
      }
      out << text;
    }
  }
  return true;
}

/// The record of `module`, whose .mod file in `dir` holds `mod`: the
/// folder's, else that of the same .mod file elsewhere (a copy of it: an
/// installed library's). Nullopt when neither goes with the file.
static std::optional<std::string> readRecord(StringRef root, StringRef dir,
                                             StringRef module, StringRef mod) {
  std::string modHash = hashOf(mod);
  for (const std::string &at : {recordPath(root, dir, module),
                                recordByModPath(root, modHash, module)}) {
    llvm::Expected<std::string> read = ompx::readRegularFile(at);
    if (!read) {
      llvm::consumeError(read.takeError());
      continue;
    }
    if (StringRef(*read).split('\n').first == "mod " + modHash)
      return std::move(*read);
  }
  return std::nullopt;
}

/// `used` (the modules a unit's source `use`s), the modules of the module
/// variables `hlfir` declares, and the modules those use (their .mod files'
/// `use` lines, the first of `searchDirs` holding each), each once.
static std::vector<std::string>
usedClosure(StringRef hlfir, llvm::ArrayRef<std::string> used,
            llvm::ArrayRef<std::string> searchDirs) {
  std::vector<std::string> order(used.begin(), used.end());
  for (StringRef line : llvm::split(hlfir, '\n'))
    if (auto g = globalLine(line))
      if (std::optional<StringRef> module = moduleOfGlobal(g->name))
        order.push_back(module->str());
  llvm::StringSet<> seen;
  std::vector<std::string> closure;
  while (!order.empty()) {
    std::string module = order.back();
    order.pop_back();
    if (!seen.insert(module).second)
      continue;
    closure.push_back(module);
    for (const std::string &dir : searchDirs)
      if (llvm::Expected<std::string> mod =
              ompx::readRegularFile(modPath(dir, module))) {
        llvm::append_range(order, ompx::pipeline::usedModules(*mod));
        break;
      } else {
        llvm::consumeError(mod.takeError());
      }
  }
  return closure;
}

/// The record of `module` that goes with the first .mod file of it in
/// `searchDirs` (as flang finds it), and that file's path; nullopt text when
/// that file has none, no path when no folder holds one.
static std::pair<std::optional<std::string>, std::string>
firstRecord(StringRef root, llvm::ArrayRef<std::string> searchDirs,
            StringRef module) {
  for (const std::string &dir : searchDirs) {
    llvm::Expected<std::string> mod =
        ompx::readRegularFile(modPath(dir, module));
    if (!mod) { // flang looks further
      llvm::consumeError(mod.takeError());
      continue;
    }
    return {readRecord(root, dir, module, *mod), modPath(dir, module)};
  }
  return {std::nullopt, ""};
}

bool ompx::pipeline::modulesDeclareAcc(llvm::ArrayRef<std::string> usedModules,
                                       llvm::ArrayRef<std::string> searchDirs,
                                       StringRef root) {
  if (root.empty() || usedModules.empty())
    return false;
  return llvm::any_of(usedClosure("", usedModules, searchDirs),
                      [&](const std::string &m) {
                        std::optional<std::string> text =
                            firstRecord(root, searchDirs, m).first;
                        return text && StringRef(*text).contains("acc.declare");
                      });
}

std::string ompx::pipeline::markDeclaredElsewhere(
    StringRef hlfir, llvm::ArrayRef<std::string> searchDirs, StringRef root,
    llvm::ArrayRef<std::string> usedModules, std::vector<std::string> &marked,
    std::vector<std::string> *unrecorded) {
  // module -> global -> the attributes its declaration gets
  llvm::StringMap<llvm::StringMap<std::string>> records;
  auto recordOf =
      [&](StringRef module) -> const llvm::StringMap<std::string> & {
    auto [it, added] = records.try_emplace(module);
    if (!added || root.empty())
      return it->second;
    auto [text, mod] = firstRecord(root, searchDirs, module);
    if (!text) {
      if (unrecorded && !mod.empty())
        unrecorded->push_back(mod);
      return it->second;
    }
    StringRef entries = StringRef(*text).split('\n').second;
    for (StringRef e : llvm::split(entries, '\n')) {
      auto [name, attrs] = e.trim().split('\t');
      if (!name.empty() && !attrs.empty())
        it->second[name] = attrs.str();
    }
    return it->second;
  };
  // Common blocks and BIND(C) variables of the modules the unit uses (their
  // records' unqualified entries), read once a unit names one. Only those:
  // a module of the folders it does not use (another program's, in a
  // module folder a Makefile's programs share) declares nothing for it.
  std::optional<llvm::StringMap<std::string>> unqualifiedRecords;
  auto unqualifiedRecord = [&]() -> const llvm::StringMap<std::string> & {
    if (unqualifiedRecords)
      return *unqualifiedRecords;
    unqualifiedRecords.emplace();
    if (root.empty())
      return *unqualifiedRecords;
    for (const std::string &module :
         usedClosure(hlfir, usedModules, searchDirs))
      for (const auto &entry : recordOf(module))
        if (unqualified(entry.getKey()))
          unqualifiedRecords->try_emplace(entry.getKey(), entry.getValue());
    return *unqualifiedRecords;
  };
  return rewriteLines(hlfir, [&](StringRef line, std::string &out) {
    auto g = globalLine(line);
    if (g && unqualified(g->name) && !g->rest.contains("omp.declare_target") &&
        !g->rest.contains("acc.declare") && !g->rest.contains(" constant")) {
      bool common =
          line.ltrim().drop_front(kGlobal.size()).starts_with("common ");
      bool declaration =
          g->rest.starts_with(": ") || g->rest.starts_with("target : ");
      auto found = (common || declaration) ? unqualifiedRecord().find(g->name)
                                           : unqualifiedRecord().end();
      // A common block gets flang's attribute; a BIND(C) variable's
      // declaration the mark, as a module variable's.
      if (found != unqualifiedRecord().end()) {
        // A common block's also says it came from a module's record: the
        // unit's link record checks that the module still declares it.
        std::string attrs = found->second;
        if (common && StringRef(attrs).contains("omp.declare_target"))
          attrs += ", " + ompx::passes::kDeclaredElsewhereAttr.str();
        out += withAttribute(line, *g, attrs);
        marked.push_back(g->name.str());
        return;
      }
    }
    // A declaration (`fir.global @x : f64 loc(...)`, `@x target : ...` for
    // a TARGET one): a module variable this unit uses. A definition has
    // attributes or a body.
    std::optional<StringRef> module =
        g ? moduleOfGlobal(g->name) : std::nullopt;
    if (!module ||
        !(g->rest.starts_with(": ") || g->rest.starts_with("target : ")) ||
        line.rtrim().ends_with("{")) {
      out += line;
      return;
    }
    const llvm::StringMap<std::string> &record = recordOf(*module);
    auto found = record.find(g->name);
    if (found == record.end()) {
      out += line;
      return;
    }
    size_t at = line.size() - g->rest.size();
    out += line.take_front(at);
    out += "{" + found->second + "} ";
    out += line.drop_front(at);
    if (!StringRef(found->second).starts_with(ompx::passes::kDeviceUsesAttr))
      marked.push_back(g->name.str());
  });
}

/// Whether `source` has a line starting a BLOCK DATA unit (`block data`,
/// `blockdata`).
static bool hasBlockData(StringRef source) {
  return llvm::any_of(llvm::split(source, '\n'), [](StringRef line) {
    StringRef t = line.trim();
    if (!t.consume_front_insensitive("block"))
      return false;
    t = t.ltrim();
    return t.consume_front_insensitive("data") &&
           (t.empty() || !(llvm::isAlnum(t.front()) || t.front() == '_'));
  });
}

/// `source`'s statements, comments and blanks dropped, continuation lines
/// joined, `;` split, character literals emptied, lower case: enough for
/// the words mayDefineNamedData looks for.
static std::vector<std::string> statementWords(StringRef source,
                                               bool fixedForm) {
  std::vector<std::string> out;
  std::string words;
  bool continued = false;
  auto finish = [&] {
    if (!words.empty())
      out.push_back(words);
    words.clear();
  };
  for (StringRef line : llvm::split(source, '\n')) {
    line = line.rtrim("\r");
    if (fixedForm) {
      if (!line.empty() && llvm::is_contained("cC*!", line.front()))
        continue;
      bool continuation = line.size() > 5 && line[5] != ' ' && line[5] != '0' &&
                          line.take_front(5).trim().empty();
      if (!continuation)
        finish();
      line = line.size() > 6 ? line.drop_front(6).take_front(66) : "";
    } else if (!continued) {
      finish();
    }
    char quote = 0;
    std::string part;
    for (char c : line) {
      if (quote) { // a literal's text is no code
        quote = c == quote ? 0 : quote;
        continue;
      }
      if (c == '!')
        break;
      if (c == '\'' || c == '"')
        quote = c;
      if (c == ';') {
        words += StringRef(part).ltrim('&');
        part.clear();
        finish();
        continue;
      }
      if (c != ' ' && c != '\t')
        part += llvm::toLower(c);
    }
    if (fixedForm) {
      words += part;
      continue;
    }
    // A free-form continuation goes on past blank and comment lines.
    if (part.empty() && continued)
      continue;
    words += StringRef(part).ltrim('&');
    continued = StringRef(words).ends_with("&");
    if (continued)
      words.pop_back();
  }
  finish();
  return out;
}

bool ompx::pipeline::mayDefineNamedData(StringRef source, bool fixedForm) {
  bool common = false, data = false, module = false, constants = false;
  for (StringRef s : statementWords(source, fixedForm)) {
    bool assignment = s.contains('=') && !s.contains("::");
    // BLOCK DATA (the blanks are gone: `blockdatainit`).
    if (s.starts_with("blockdata") && !assignment)
      return true;
    // A BIND(C) variable: an attribute or a BIND statement, not a
    // procedure's, a type's or an enumeration's binding.
    size_t bind = s.find("bind(c");
    if (bind != StringRef::npos) {
      StringRef before = s.take_front(bind);
      if (!before.contains("subroutine") && !before.contains("function") &&
          !before.starts_with("type") && !before.starts_with("enum") &&
          (bind == 0 || s.contains("::")))
        return true;
    }
    common |= s.starts_with("common") && !assignment;
    data |= s.starts_with("data") && s.contains('/') && !assignment;
    module |= s.starts_with("module") && !s.starts_with("moduleprocedure") &&
              !s.starts_with("modulesubroutine") &&
              !s.starts_with("modulefunction");
    // A named constant a module keeps as a global: an array, a character
    // string or a derived-type value (scalar numbers are folded).
    size_t colons = s.find("::");
    if (colons != StringRef::npos) {
      StringRef attrs = s.take_front(colons), entities = s.drop_front(colons);
      constants |=
          attrs.contains("parameter") &&
          (attrs.contains("dimension(") || attrs.starts_with("character") ||
           attrs.starts_with("type(") ||
           entities.take_until([](char c) { return c == '='; }).contains('(') ||
           entities.contains('['));
    }
  }
  // DATA for a common block outside BLOCK DATA (flang accepts it).
  return (common && data) || (module && constants);
}

std::string
ompx::pipeline::markBlockDataDeclareTarget(StringRef hlfir, StringRef source,
                                           std::vector<std::string> &marked) {
  // The common blocks (global name -> link) of the declare target
  // directives, when the source has a BLOCK DATA unit.
  if (!hasBlockData(source))
    return hlfir.str();
  llvm::SmallVector<StringRef> lines;
  source.split(lines, '\n');
  llvm::StringMap<bool> commons;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (!isDirective(lines[i], "omp"))
      continue;
    std::string d = directiveStatement(lines, i);
    std::string words;
    for (char c : d)
      if (c != ' ' && c != '\t')
        words += c;
    StringRef rest = words;
    size_t at = rest.find("declaretarget");
    if (at == StringRef::npos)
      continue;
    rest = rest.drop_front(at + 13);
    bool link = rest.starts_with("link");
    for (size_t slash = rest.find('/'); slash != StringRef::npos;) {
      size_t end = rest.find('/', slash + 1);
      if (end == StringRef::npos)
        break;
      commons[(rest.slice(slash + 1, end) + "_").str()] = link;
      slash = rest.find('/', end + 1);
    }
  }
  if (commons.empty())
    return hlfir.str();
  return rewriteLines(hlfir, [&](StringRef line, std::string &out) {
    auto g = globalLine(line);
    auto found = g ? commons.find(g->name) : commons.end();
    if (found == commons.end() || g->rest.contains("omp.declare_target")) {
      out += line;
      return;
    }
    std::string attr = std::string("omp.declare_target = #omp.declaretarget<"
                                   "device_type = (any), capture_clause = (") +
                       (found->second ? "link" : "to") + ")>";
    out += withAttribute(line, *g, attr);
    marked.push_back(g->name.str());
  });
}

std::string ompx::pipeline::unrecordedModulesWarning(
    StringRef hlfir, llvm::ArrayRef<std::string> unrecorded) {
  if (unrecorded.empty())
    return "";
  bool offloads = false;
  for (StringRef op : {"omp.target ", "omp.target_data ", "acc.parallel ",
                       "acc.serial ", "acc.kernels ", "acc.data "})
    offloads |= hlfir.contains(op);
  if (!offloads)
    return "";
  return "this unit uses variables of modules compiled without ompx (" +
         llvm::join(unrecorded, ", ") +
         "): flang-22's .mod files drop `!$omp declare target` and `!$acc "
         "declare`, so a device region here uses copies of the host's values "
         "of any such variable; compile those modules with ompx-flang";
}

std::string ompx::pipeline::declaredElsewhereNote(StringRef global) {
  return "declared for the device in its module (flang-22's .mod file omits "
         "it): " +
         global.str();
}
