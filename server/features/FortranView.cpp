//===- FortranView.cpp - MLIR ops <-> the Fortran they came from ----------===//

#include "server/features/FortranView.h"
#include "server/model/Index.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace ompx;
using llvm::StringRef;

bool ompx::sameSourceFile(StringRef locFile, StringRef file) {
  if (locFile.empty() || file.empty())
    return false;
  if (locFile == file)
    return true;
  StringRef longer = locFile.size() > file.size() ? locFile : file;
  StringRef shorter = locFile.size() > file.size() ? file : locFile;
  // A relative spelling names the file from a folder not known here
  // (flang's: the project's, or a build folder beside the sources that
  // names them `../src/x.f90`): without its leading `./` and `../`, it must
  // be the other's tail, whole folders. Not the file name alone: an include
  // `inc/x.f90` is not `src/x.f90`.
  while (shorter.consume_front("./") || shorter.consume_front("../"))
    ;
  return !shorter.empty() && longer.size() > shorter.size() &&
         longer.ends_with(shorter) &&
         longer[longer.size() - shorter.size() - 1] == '/';
}

/// The origin of op `op` or, without one, of its nearest enclosing op.
static std::optional<SourceOrigin> originOfOp(const ChunkAnalysis &a,
                                              int32_t op) {
  for (; op >= 0 && size_t(op) < a.ops.size(); op = a.ops[op].parent) {
    const OpRecord &rec = a.ops[op];
    if (rec.sourceFile < 0 || size_t(rec.sourceFile) >= a.sourceFiles.size())
      continue;
    return SourceOrigin{a.sourceFiles[rec.sourceFile], rec.sourceLine,
                        rec.sourceColumn, rec.name.str(), rec.nameRange};
  }
  return std::nullopt;
}

/// The index of the chunk holding `offset`, or null.
static std::shared_ptr<const ChunkIndex> indexAt(const Snapshot &snapshot,
                                                 uint32_t offset) {
  int chunk = snapshot.chunkAt(offset);
  return chunk < 0 ? nullptr : chunkIndex(snapshot, chunk);
}

std::optional<SourceOrigin> ompx::fortranOrigin(const Snapshot &snapshot,
                                                uint32_t offset) {
  std::shared_ptr<const ChunkIndex> index = indexAt(snapshot, offset);
  if (!index)
    return std::nullopt;
  return originOfOp(index->analysis(), index->opContaining(offset));
}

std::optional<SourceOrigin> ompx::mapDirectiveOrigin(const Snapshot &snapshot,
                                                     uint32_t offset) {
  std::shared_ptr<const ChunkIndex> index = indexAt(snapshot, offset);
  if (!index)
    return std::nullopt;
  const ChunkAnalysis &a = index->analysis();
  int32_t op = index->opContaining(offset);
  // map.bounds -> map.info -> (parent map.info's members ->) the directive;
  // a few hops at most, bounded against malformed text.
  for (int hop = 0; hop < 8 && op >= 0 && size_t(op) < a.ops.size(); ++hop) {
    const OpRecord &rec = a.ops[op];
    if (rec.name != "omp.map.info" && rec.name != "omp.map.bounds")
      return hop ? originOfOp(a, op) : std::nullopt;
    if (rec.results.empty())
      return std::nullopt;
    int32_t value = a[rec.results][0];
    if (value < 0 || size_t(value) >= a.values.size())
      return std::nullopt;
    int32_t user = -1;
    for (const TextRange &use : a[a.values[value].uses])
      if (auto at = index->operandAt(value, use)) {
        user = at->first;
        break;
      }
    op = user;
  }
  return std::nullopt;
}

std::vector<TextRange> ompx::opsFromLine(const Snapshot &snapshot,
                                         StringRef file, uint32_t line) {
  std::vector<TextRange> out;
  for (const std::shared_ptr<const ChunkAnalysis> &a : snapshot.analyses) {
    if (!a)
      continue;
    // Match the (few) file names once per chunk, then compare integers.
    std::vector<bool> match(a->sourceFiles.size());
    bool any = false;
    for (size_t i = 0; i < match.size(); ++i)
      any |= match[i] = sameSourceFile(a->sourceFiles[i], file);
    if (!any)
      continue;
    for (const OpRecord &op : a->ops)
      if (op.sourceLine == line && op.sourceFile >= 0 &&
          size_t(op.sourceFile) < match.size() && match[op.sourceFile])
        out.push_back(op.nameRange);
  }
  llvm::sort(out, [](const TextRange &x, const TextRange &y) {
    return x.begin < y.begin;
  });
  return out;
}

/// The longest run of backticks in `text`.
static size_t longestBacktickRun(StringRef text) {
  size_t longest = 0, run = 0;
  for (char c : text) {
    run = c == '`' ? run + 1 : 0;
    longest = std::max(longest, run);
  }
  return longest;
}

/// `text` with control characters (a newline in a file name, an escape in
/// a source line) shown as U+FFFD: hover text from a file is data.
static std::string printable(StringRef text) {
  std::string out;
  for (char c : text)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f)
      out += "\xEF\xBF\xBD";
    else
      out += c;
  return out;
}

std::string ompx::markdownCodeSpan(StringRef text) {
  // CommonMark: a span opened by N backticks ends at the next run of
  // exactly N; spaces pad text that starts or ends with one.
  std::string fence(longestBacktickRun(text) + 1, '`');
  std::string body = printable(text);
  if (!body.empty() && (body.front() == '`' || body.back() == '`'))
    body = " " + body + " ";
  return fence + body + fence;
}

std::string ompx::markdownCodeBlock(StringRef text, StringRef language) {
  // A fence longer than any backtick run inside, so no line of `text`
  // closes it and the rest never renders as markdown.
  std::string fence(std::max<size_t>(3, longestBacktickRun(text) + 1), '`');
  std::string out = fence + language.str() + "\n";
  for (StringRef line : llvm::split(text, '\n'))
    out += printable(line.rtrim("\r")) + "\n";
  return out + fence;
}

static StringRef baseName(StringRef file) {
  size_t slash = file.rfind('/');
  return slash == StringRef::npos ? file : file.drop_front(slash + 1);
}

std::string ompx::renderMapOrigin(const SourceOrigin &directive,
                                  StringRef directiveLine,
                                  const SourceOrigin &own, StringRef ownLine) {
  std::string out;
  llvm::raw_string_ostream os(out);
  os << "Mapped at "
     << markdownCodeSpan(
            (baseName(directive.file) + ":" + llvm::Twine(directive.line))
                .str())
     << " by " << markdownCodeSpan(directive.op);
  if (!directiveLine.trim().empty())
    os << "\n\n" << markdownCodeBlock(directiveLine.rtrim(), "fortran");
  os << "\n\nIts own location "
     << markdownCodeSpan(
            (baseName(own.file) + ":" + llvm::Twine(own.line)).str());
  if (!ownLine.trim().empty())
    os << "\n\n" << markdownCodeBlock(ownLine.rtrim(), "fortran");
  return out;
}

std::string ompx::renderOrigin(const SourceOrigin &origin, StringRef lineText) {
  std::string out;
  llvm::raw_string_ostream os(out);
  StringRef name = origin.file;
  size_t slash = name.rfind('/');
  if (slash != StringRef::npos)
    name = name.drop_front(slash + 1);
  os << "From "
     << markdownCodeSpan((name + ":" + llvm::Twine(origin.line)).str());
  if (!lineText.trim().empty())
    os << "\n\n" << markdownCodeBlock(lineText.rtrim(), "fortran");
  return out;
}
