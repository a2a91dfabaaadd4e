//===- Pages.h - Giving memory pages back to the system ---------*- C++ -*-===//
//
// A range of a mapping whose bytes are no longer needed, or hold again what
// the mapped file holds, can drop its pages while the mapping stays.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_SUPPORT_PAGES_H
#define OMPX_SUPPORT_PAGES_H

#include <cstddef>

namespace ompx {

/// Drops the whole pages inside [begin, end) (MADV_DONTNEED); the partial
/// pages at its ends, which may hold bytes still in use, are kept. Read
/// again, a dropped page of an anonymous mapping is zeros, one of a private
/// file mapping the file's bytes, shared with its other mappings.
void givePagesBack(const char *begin, const char *end);

/// Sets [begin, end) to NUL bytes, its whole pages by replacing them with
/// fresh zero pages (which take no memory until written) rather than by
/// writing them, which would copy each page of a private file mapping.
void zeroPages(char *begin, char *end);

/// A private, writable mapping of the first `size` bytes of the file `fd`
/// (its pages are the file's until written), or null.
char *mapPrivately(int fd, size_t size);

} // namespace ompx

#endif // OMPX_SUPPORT_PAGES_H
