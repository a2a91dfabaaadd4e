//===- Confine.cpp - Keep a process and its children to some folders ------===//

#include "support/Confine.h"

#include <linux/landlock.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <fcntl.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

// glibc may predate the calls and the kernel headers the newer rights;
// the numbers are the same on every architecture.
#ifndef SYS_landlock_create_ruleset
#define SYS_landlock_create_ruleset 444
#endif
#ifndef SYS_landlock_add_rule
#define SYS_landlock_add_rule 445
#endif
#ifndef SYS_landlock_restrict_self
#define SYS_landlock_restrict_self 446
#endif

using namespace ompx;

namespace {
// The filesystem rights of each Landlock ABI (1: bits 0-12; 2: REFER;
// 3: TRUNCATE; 5: IOCTL_DEV).
constexpr uint64_t kExecute = 1ULL << 0, kWriteFile = 1ULL << 1,
                   kReadFile = 1ULL << 2, kReadDir = 1ULL << 3,
                   kRefer = 1ULL << 13, kTruncate = 1ULL << 14,
                   kIoctlDev = 1ULL << 15;

uint64_t handledRights(int abi) {
  uint64_t rights = (1ULL << 13) - 1;
  if (abi >= 2)
    rights |= kRefer;
  if (abi >= 3)
    rights |= kTruncate;
  if (abi >= 5)
    rights |= kIoctlDev;
  return rights;
}

/// The rights that apply to a file, not a folder (Landlock refuses the
/// others on a file's rule).
constexpr uint64_t kFileRights =
    kExecute | kWriteFile | kReadFile | kTruncate | kIoctlDev;

llvm::Error failure(const std::string &what) {
  return llvm::createStringError(
      std::error_code(errno, std::generic_category()),
      what + ": " + std::strerror(errno));
}

struct Fd {
  int fd;
  ~Fd() {
    if (fd >= 0)
      close(fd);
  }
};
} // namespace

int ompx::landlockVersion() {
  long abi = syscall(SYS_landlock_create_ruleset, nullptr, 0,
                     LANDLOCK_CREATE_RULESET_VERSION);
  return abi > 0 ? int(abi) : 0;
}

llvm::Error ompx::confineFileAccess(const Confinement &c) {
  int abi = landlockVersion();
  if (abi == 0)
    return llvm::createStringError(
        "this kernel offers no Landlock (Linux 5.13 or later, with landlock "
        "among its security modules)");
  uint64_t handled = handledRights(abi);
  struct landlock_ruleset_attr attr = {};
  attr.handled_access_fs = handled;
  Fd ruleset{int(syscall(SYS_landlock_create_ruleset, &attr, sizeof(attr), 0))};
  if (ruleset.fd < 0)
    return failure("cannot make a Landlock rule set");
  auto allow = [&](const std::string &path, uint64_t rights) -> llvm::Error {
    Fd at{open(path.c_str(), O_PATH | O_CLOEXEC)};
    if (at.fd < 0)
      return llvm::Error::success(); // not there: nothing to allow
    struct stat st;
    if (fstat(at.fd, &st) != 0)
      return failure("cannot look at " + path);
    struct landlock_path_beneath_attr beneath = {};
    beneath.allowed_access =
        (S_ISDIR(st.st_mode) ? rights : rights & kFileRights) & handled;
    beneath.parent_fd = at.fd;
    if (syscall(SYS_landlock_add_rule, ruleset.fd, LANDLOCK_RULE_PATH_BENEATH,
                &beneath, 0) != 0)
      return failure("cannot allow " + path);
    return llvm::Error::success();
  };
  for (const std::string &p : c.read)
    if (llvm::Error e = allow(p, kExecute | kReadFile | kReadDir))
      return e;
  for (const std::string &p : c.write)
    if (llvm::Error e = allow(p, handled))
      return e;
  // Required to restrict oneself without privileges; set-user-ID programs
  // could not gain them back anyway.
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
    return failure("cannot set no_new_privs");
  if (syscall(SYS_landlock_restrict_self, ruleset.fd, 0) != 0)
    return failure("cannot confine the process");
  return llvm::Error::success();
}
