//===- FileRead.cpp - Reading user files safely ---------------------------===//

#include "support/FileRead.h"

#include "llvm/ADT/Twine.h"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace ompx;

std::string ompx::describeBytes(uint64_t bytes) {
  const char *units[] = {"GiB", "MiB", "KiB"};
  for (int i = 0; i < 3; ++i) {
    uint64_t unit = uint64_t(1) << (30 - 10 * i);
    if (bytes >= unit && bytes % unit == 0)
      return std::to_string(bytes / unit) + " " + units[i];
  }
  return std::to_string(bytes) + " bytes";
}

static const char *kindOf(mode_t mode) {
  if (S_ISDIR(mode))
    return "a directory";
  if (S_ISFIFO(mode))
    return "a FIFO";
  if (S_ISCHR(mode))
    return "a character device";
  if (S_ISBLK(mode))
    return "a block device";
  if (S_ISSOCK(mode))
    return "a socket";
  return "not a file";
}

static llvm::Error notRegular(mode_t mode) {
  return llvm::createStringError(llvm::Twine("is ") + kindOf(mode) +
                                 ", not a regular file");
}

static llvm::Error tooLarge(uint64_t size, uint64_t limit, bool atLeast) {
  return llvm::createStringError(
      llvm::Twine("is ") + (atLeast ? "more than " : "") +
      std::to_string(atLeast ? limit : size) + " bytes, over the " +
      describeBytes(limit) + " limit for input files");
}

/// Reads `fd` to its end, failing once more than `limit` bytes came.
static llvm::Expected<std::string> readAll(int fd, uint64_t limit,
                                           uint64_t sizeHint) {
  std::string text;
  text.reserve(std::min<uint64_t>(sizeHint, limit));
  char buffer[1 << 16];
  while (true) {
    ssize_t n = ::read(fd, buffer, sizeof(buffer));
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0)
      return llvm::createStringError(strerror(errno));
    if (n == 0)
      return text;
    if (text.size() + uint64_t(n) > limit)
      return tooLarge(0, limit, /*atLeast=*/true);
    text.append(buffer, n);
  }
}

llvm::Expected<std::string> ompx::readRegularFile(llvm::StringRef path,
                                                  uint64_t limit) {
  if (path == "-")
    return readAll(STDIN_FILENO, limit, 0);
  std::string p = path.str();
  // A look before opening: opening some devices has effects of its own.
  struct stat st;
  if (::stat(p.c_str(), &st) != 0)
    return llvm::createStringError(strerror(errno));
  if (!S_ISREG(st.st_mode))
    return notRegular(st.st_mode);
  // O_NONBLOCK: a FIFO put in its place meanwhile does not block the open;
  // the descriptor's own type below is what counts.
  int fd = ::open(p.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (fd < 0)
    return llvm::createStringError(strerror(errno));
  auto result = [&]() -> llvm::Expected<std::string> {
    if (::fstat(fd, &st) != 0)
      return llvm::createStringError(strerror(errno));
    if (!S_ISREG(st.st_mode))
      return notRegular(st.st_mode);
    if (uint64_t(st.st_size) > limit)
      return tooLarge(st.st_size, limit, /*atLeast=*/false);
    // Regular files ignore O_NONBLOCK; clear it all the same.
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    return readAll(fd, limit, st.st_size);
  }();
  ::close(fd);
  return result;
}
