//===- FlangNames.h - flang-22's names as the program wrote them -*- C++
//-*-===//
//
// flang-22 names a map clause item after its typed expression. Messages of
// the passes, the mapping checks and the editor show the names the program
// wrote; this plain-text rewrite is shared by all of them.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_SUPPORT_FLANGNAMES_H
#define OMPX_SUPPORT_FLANGNAMES_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace ompx {

/// A map clause item's name (flang's `name` of an entry) as the program
/// wrote it: flang-22 names the item after its expression once typed, an
/// integer literal with its kind (`ys(3_8)%v`: `ys(3)%v`) and a subscript
/// of another kind converted (`ys(int(i,kind=8))%v`: `ys(i)%v`). A kind
/// inside a name (`a_8(k_8)`) stays, and so does a mangled name (`_QF...`).
std::string sourceName(llvm::StringRef name);

} // namespace ompx

#endif // OMPX_SUPPORT_FLANGNAMES_H
