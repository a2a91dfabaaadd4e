//===- FileRead.cpp - Reading user files safely ---------------------------===//

#include "support/FileRead.h"

#include "llvm/ADT/Twine.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <climits>
#include <cstring>
#include <fcntl.h>
#include <optional>
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

/// Reads `fd` to its end, failing once more than `limit` bytes came (or,
/// with `head`, stopping there).
static llvm::Expected<std::string>
readAll(int fd, uint64_t limit, uint64_t sizeHint, bool head = false) {
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
    if (text.size() + uint64_t(n) > limit) {
      if (head)
        return text.append(buffer, limit - text.size());
      return tooLarge(0, limit, /*atLeast=*/true);
    }
    text.append(buffer, n);
  }
}

static llvm::Expected<std::string>
readChecked(llvm::StringRef path, uint64_t limit,
            llvm::function_ref<llvm::Error(llvm::StringRef)> allow, bool head);

llvm::Expected<std::string> ompx::readRegularFile(llvm::StringRef path,
                                                  uint64_t limit) {
  return readRegularFile(path, limit, nullptr);
}

/// The path of what `fd` refers to, symbolic links resolved (Linux).
static std::optional<std::string> descriptorPath(int fd) {
  std::string link = "/proc/self/fd/" + std::to_string(fd);
  char buffer[PATH_MAX];
  ssize_t n = ::readlink(link.c_str(), buffer, sizeof(buffer));
  if (n <= 0 || size_t(n) >= sizeof(buffer))
    return std::nullopt;
  return std::string(buffer, n);
}

llvm::Expected<std::string> ompx::readRegularFileHead(llvm::StringRef path,
                                                      uint64_t bytes) {
  return readChecked(path, bytes, nullptr, /*head=*/true);
}

llvm::Expected<std::string>
ompx::readRegularFile(llvm::StringRef path, uint64_t limit,
                      llvm::function_ref<llvm::Error(llvm::StringRef)> allow) {
  return readChecked(path, limit, allow, /*head=*/false);
}

static llvm::Expected<std::string>
readChecked(llvm::StringRef path, uint64_t limit,
            llvm::function_ref<llvm::Error(llvm::StringRef)> allow, bool head) {
  if (path == "-" && !allow && !head)
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
    if (allow) {
      // What was opened, not what the name meant a moment ago: a link
      // swapped in between cannot lead the read elsewhere.
      std::optional<std::string> real = descriptorPath(fd);
      if (!real)
        return llvm::createStringError("cannot tell where it lies");
      if (llvm::Error e = allow(*real))
        return std::move(e);
    }
    if (uint64_t(st.st_size) > limit && !head)
      return tooLarge(st.st_size, limit, /*atLeast=*/false);
    // Regular files ignore O_NONBLOCK; clear it all the same.
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    return readAll(fd, limit, st.st_size, head);
  }();
  ::close(fd);
  return result;
}

llvm::Error ompx::writeTextFile(llvm::StringRef path, llvm::StringRef text) {
  return llvm::writeToOutput(path, [&](llvm::raw_ostream &os) {
    os << text;
    return llvm::Error::success();
  });
}
