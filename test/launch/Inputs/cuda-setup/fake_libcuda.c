/* A libcuda.so.1 that reports a GPU of 132 SMs x 2048 threads and prints
 * every call the ompx CUDA set-up makes (cuda-setup.test). */
#include <stdio.h>
int cuInit(unsigned flags) { printf("cuInit %u\n", flags); return 0; }
int cuDeviceGet(int *device, int ordinal) {
  printf("cuDeviceGet ordinal %d\n", ordinal);
  *device = 40 + ordinal;
  return 0;
}
int cuDeviceGetAttribute(int *value, int attribute, int device) {
  *value = attribute == 16 ? 132 : attribute == 39 ? 2048 : 0;
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
