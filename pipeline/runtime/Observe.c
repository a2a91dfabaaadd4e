//===- Observe.c - The OMPT tool of the one preloaded observer ------------===//
//
// libomp (19) starts the tool through ompt_start_tool and libomptarget (22)
// connects to it. OMPT takes one callback per event: the data operations go
// to each part that is on (Observe.h), the checker first (it judges a copy
// before it happens; the recorder's time then includes that work).
//
//===----------------------------------------------------------------------===//

#define _GNU_SOURCE
#include "Observe.h"

#include <stdlib.h>

static int mapCheckOn, profileOn;

static void onDataOp(int endpoint, ompt_data_t *targetTask,
                     ompt_data_t *targetData, ompt_id_t *hostOpId, int optype,
                     void *src, int srcDevice, void *dst, int dstDevice,
                     size_t bytes, const void *codeptr) {
  if (mapCheckOn)
    ompxMapCheckDataOp(endpoint, targetTask, targetData, hostOpId, optype, src,
                       srcDevice, dst, dstDevice, bytes, codeptr);
  if (profileOn)
    ompxProfileDataOp(endpoint, targetTask, targetData, hostOpId, optype, src,
                      srcDevice, dst, dstDevice, bytes, codeptr);
}

static void onDeviceInitialize(int device, const char *type, void *handle,
                               ompt_function_lookup_t lookup,
                               const char *documentation) {
  if (mapCheckOn)
    ompxMapCheckDeviceSeen();
  if (profileOn)
    ompxProfileDeviceSeen(device, type);
}

static int initialize(ompt_function_lookup_t lookup, int initialDevice,
                      ompt_data_t *data) {
  ompt_set_callback_t set = (ompt_set_callback_t)lookup("ompt_set_callback");
  // libomp connects libomptarget only for a tool that asked for devices.
  set(kCallbackDeviceInitialize, (ompt_callback_t)onDeviceInitialize);
  set(kCallbackTargetDataOpEmi, (ompt_callback_t)onDataOp);
  if (profileOn)
    ompxProfileInitialize(set);
  if (mapCheckOn)
    ompxMapCheckStarted();
  return 1;
}

static void finalize(ompt_data_t *data) {
  if (mapCheckOn)
    ompxMapCheckFinish();
  if (profileOn)
    ompxProfileFinish();
}

ompt_start_tool_result_t *ompt_start_tool(unsigned int version,
                                          const char *runtime) {
  static ompt_start_tool_result_t result = {initialize, finalize, {0}};
  const char *mapCheckLog = getenv("OMPX_MAPCHECK_LOG");
  const char *profileLog = getenv("OMPX_PROFILE_LOG");
  if (mapCheckLog && !mapCheckOn)
    mapCheckOn = ompxMapCheckStart(mapCheckLog);
  if (profileLog && !profileOn)
    profileOn = ompxProfileStart(profileLog);
  return &result;
}
