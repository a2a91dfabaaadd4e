//===- Observe.h - The one preloaded tool that watches a launched program -===//
//
// `ompx-lsp launch` observes the program it runs through one library,
// libompx-observe.so (LD_PRELOAD): the OMPT tool libomp starts (Observe.c)
// and the offload entry points it interposes (MapCheck.c). Each part is on
// when its environment variable names its log:
//  - OMPX_MAPCHECK_LOG: the checked launch (--check-maps, MapCheck.c);
//  - OMPX_PROFILE_LOG: the recorded launch (--profile, Profile.c).
// In a checked launch the library also watches the host's accesses
// (HostWatch.c) and gives the program's small heap blocks pages of their
// own, so that they can be watched (HostHeap.c, which interposes malloc).
// The OMPT interface (OpenMP 5.1), as far as the parts use it, and what each
// part offers the others.
//
//===----------------------------------------------------------------------===//

#ifndef OMPX_RUNTIME_OBSERVE_H
#define OMPX_RUNTIME_OBSERVE_H

#include <stddef.h>
#include <stdint.h>

typedef union {
  uint64_t value;
  void *ptr;
} ompt_data_t;
typedef uint64_t ompt_id_t;
typedef void (*ompt_callback_t)(void);
typedef ompt_callback_t (*ompt_function_lookup_t)(const char *);
typedef int (*ompt_set_callback_t)(int event, ompt_callback_t callback);
typedef int (*ompt_initialize_t)(ompt_function_lookup_t, int, ompt_data_t *);
typedef void (*ompt_finalize_t)(ompt_data_t *);
typedef struct {
  ompt_initialize_t initialize;
  ompt_finalize_t finalize;
  ompt_data_t tool_data;
} ompt_start_tool_result_t;
enum {
  kCallbackDeviceInitialize = 12,
  kCallbackTargetEmi = 33,
  kCallbackTargetDataOpEmi = 34,
  kCallbackTargetSubmitEmi = 35,
  kScopeBegin = 1,
  kScopeEnd = 2,
  kDataAlloc = 1,
  kDataToDevice = 2,
  kDataFromDevice = 3,
  kDataDelete = 4,
};

// The checked launch (MapCheck.c).
/// Opens the findings log at `path`; nonzero when it is open.
int ompxMapCheckStart(const char *path);
/// libomp started the tool / libomptarget reported a device.
void ompxMapCheckStarted(void);
void ompxMapCheckDeviceSeen(void);
void ompxMapCheckDataOp(int endpoint, ompt_data_t *targetTask,
                        ompt_data_t *targetData, ompt_id_t *hostOpId,
                        int optype, void *src, int srcDevice, void *dst,
                        int dstDevice, size_t bytes, const void *codeptr);
/// Writes the counts of repeated findings and closes the log.
void ompxMapCheckFinish(void);
/// The map clause string (`;file;name;line;col;;`) of the entry of the
/// construct running on this thread whose host range holds [p, p+n), and
/// its map type; NULL when none does.
const char *ompxMapCheckEntrySite(const void *p, size_t n, int64_t *type);
/// A declare target variable the program registered (its offload entry):
/// its host address, mangled name and size (Profile.c's
/// __tgt_register_lib hands them on).
void ompxMapCheckDeclared(void *host, const char *name, size_t size);

// The recorded launch (Profile.c).
/// Opens the record at `path`; nonzero when it is open.
int ompxProfileStart(const char *path);
/// Registers its OMPT callbacks (target, submit).
void ompxProfileInitialize(ompt_set_callback_t set);
void ompxProfileDeviceSeen(int device, const char *type);
void ompxProfileDataOp(int endpoint, ompt_data_t *targetTask,
                       ompt_data_t *targetData, ompt_id_t *hostOpId, int optype,
                       void *src, int srcDevice, void *dst, int dstDevice,
                       size_t bytes, const void *codeptr);
/// A kernel launch is about to enter libomptarget (__tgt_target_kernel's
/// arguments; `args` is its KernelArgsTy).
void ompxProfileKernel(const void *loc, int64_t device, int32_t teams,
                       int32_t threads, const void *hostPtr, const void *args);
/// The program ends: the record is cut to what was written.
void ompxProfileFinish(void);

#endif // OMPX_RUNTIME_OBSERVE_H
