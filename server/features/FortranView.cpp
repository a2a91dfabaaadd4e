//===- FortranView.cpp - MLIR ops <-> the Fortran they came from ----------===//

#include "server/features/FortranView.h"
#include "server/model/Index.h"

#include "llvm/Support/raw_ostream.h"

using namespace ompx;
using llvm::StringRef;

bool ompx::sameSourceFile(StringRef locFile, StringRef file) {
  if (locFile.empty() || file.empty())
    return false;
  if (locFile == file)
    return true;
  StringRef longer = locFile.size() > file.size() ? locFile : file;
  StringRef shorter = locFile.size() > file.size() ? file : locFile;
  shorter.consume_front("./");
  return longer.ends_with(shorter) &&
         longer[longer.size() - shorter.size() - 1] == '/';
}

std::optional<SourceOrigin> ompx::fortranOrigin(const Snapshot &snapshot,
                                                uint32_t offset) {
  int chunk = snapshot.chunkAt(offset);
  if (chunk < 0)
    return std::nullopt;
  std::shared_ptr<const ChunkIndex> index = chunkIndex(snapshot, chunk);
  if (!index)
    return std::nullopt;
  const ChunkAnalysis &a = index->analysis();
  for (int32_t op = index->opContaining(offset);
       op >= 0 && size_t(op) < a.ops.size(); op = a.ops[op].parent) {
    const OpRecord &rec = a.ops[op];
    if (rec.sourceFile < 0 || size_t(rec.sourceFile) >= a.sourceFiles.size())
      continue;
    return SourceOrigin{a.sourceFiles[rec.sourceFile], rec.sourceLine,
                        rec.sourceColumn, rec.name.str(), rec.nameRange};
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

std::string ompx::renderOrigin(const SourceOrigin &origin, StringRef lineText) {
  std::string out;
  llvm::raw_string_ostream os(out);
  StringRef name = origin.file;
  size_t slash = name.rfind('/');
  if (slash != StringRef::npos)
    name = name.drop_front(slash + 1);
  os << "From `" << name << ":" << origin.line << "`";
  if (!lineText.trim().empty())
    os << "\n\n```fortran\n" << lineText.rtrim() << "\n```";
  return out;
}
