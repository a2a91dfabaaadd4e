/* A libcuda.so.1 that reports GPUs of 132 SMs x 2048 threads (32 blocks an
 * SM) and prints every call the ompx CUDA set-up makes (cuda-setup.test).
 * FAKE_CUDA_DEVICES says how many GPUs there are (1 by default). */
#include <stdio.h>
#include <stdlib.h>
int cuInit(unsigned flags) { printf("cuInit %u\n", flags); return 0; }
int cuDeviceGetCount(int *count) {
  const char *n = getenv("FAKE_CUDA_DEVICES");
  *count = n ? atoi(n) : 1;
  return 0;
}
int cuDeviceGet(int *device, int ordinal) {
  printf("cuDeviceGet ordinal %d\n", ordinal);
  *device = 40 + ordinal;
  return 0;
}
int cuDeviceGetAttribute(int *value, int attribute, int device) {
  *value = attribute == 16    ? 132
           : attribute == 39  ? 2048
           : attribute == 106 ? 32
                              : 0;
  return 0;
}
int cuDevicePrimaryCtxSetFlags_v2(int device, unsigned flags) {
  printf("cuDevicePrimaryCtxSetFlags device %d flags %u\n", device, flags);
  return 0;
}
int cuDevicePrimaryCtxRetain(void **context, int device) {
  printf("cuDevicePrimaryCtxRetain device %d\n", device);
  *context = 0;
  return 0;
}
