/*===- OpenAccData.c - The OpenACC data API over libomptarget -------------===*
 *
 * OpenACC's data routines (acc_copyin, acc_copyout, acc_map_data, ...) on
 * the entry points `target enter data`, `target exit data` and `target
 * update` compile to, so that they and acc-to-omp's directives share one
 * present table and one set of reference counts. acc-to-omp maps a
 * structured data construct with `ompx_hold` (the hold count) and enter and
 * exit data without it (the dynamic count): libomptarget keeps the two
 * apart the way OpenACC 3.x keeps its structured and dynamic counts, so
 * - acc_copyin/acc_create add one to the dynamic count (copying in only
 *   when the data was not present),
 * - acc_copyout/acc_delete take one off it (a count already zero stays
 *   zero: no action while a data construct holds the data), copying out
 *   and freeing when both counts reach zero,
 * - the _finalize forms set the dynamic count to zero,
 * - acc_update_device/_self copy data that must be present (an absent one
 *   is a runtime error, as OpenACC says),
 * - acc_map_data associates device memory (never freed by the counts).
 * Each routine has OpenACC's C binding (a program's own `bind(c)`
 * interfaces call these) and the descriptor-taking forms the openacc
 * module's generic interfaces bind to. `async` forms run synchronously, as
 * acc-to-omp runs async work. On the initial device (a host build, or
 * OMP_TARGET_OFFLOAD=disabled) libomptarget does nothing: the data is
 * shared, as OpenACC says for host memory.
 *===----------------------------------------------------------------------===*/

#include <ISO_Fortran_binding.h>

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* libomptarget 22's entry points and the OpenMP device memory routines. */
typedef struct {
  int32_t reserved1, flags, reserved2, reserved3;
  const char *source;
} Ident;
void __tgt_target_data_begin_mapper(Ident *, int64_t, int32_t, void **, void **,
                                    int64_t *, int64_t *, void **, void **);
void __tgt_target_data_end_mapper(Ident *, int64_t, int32_t, void **, void **,
                                  int64_t *, int64_t *, void **, void **);
void __tgt_target_data_update_mapper(Ident *, int64_t, int32_t, void **,
                                     void **, int64_t *, int64_t *, void **,
                                     void **);
int omp_get_default_device(void);
int omp_get_initial_device(void);
int omp_get_num_devices(void);
int omp_target_is_present(const void *, int);
void *omp_get_mapped_ptr(const void *, int);
void *omp_target_alloc(size_t, int);
void omp_target_free(void *, int);
int omp_target_memcpy(void *, const void *, size_t, size_t, size_t, int, int);
int omp_target_associate_ptr(const void *, const void *, size_t, size_t, int);
int omp_target_disassociate_ptr(const void *, int);

/* OMP_TGT_MAPTYPE_* (libomptarget's map type bits). */
enum {
  kTo = 0x1,
  kFrom = 0x2,
  kDelete = 0x8,
  kPresent = 0x1000,
};

static void fail(const char *routine, const char *why) {
  fprintf(stderr, "OpenACC runtime error: %s: %s\n", routine, why);
  fflush(NULL);
  exit(1);
}

/* One map entry of `bytes` at `data` on the current device. */
static void move(const char *routine, void *data, size_t bytes, int64_t type,
                 int begin, int update) {
  if (!data || !bytes)
    return;
  /* The routine's name where libomptarget reports a problem. */
  char source[96];
  snprintf(source, sizeof source, ";openacc;%s;0;0;;", routine);
  Ident loc = {0, 0x2, 0, 0, source};
  void *base = data, *begin_ = data;
  int64_t size = (int64_t)bytes;
  int64_t device = omp_get_default_device();
  if (update)
    __tgt_target_data_update_mapper(&loc, device, 1, &base, &begin_, &size,
                                    &type, NULL, NULL);
  else if (begin)
    __tgt_target_data_begin_mapper(&loc, device, 1, &base, &begin_, &size,
                                   &type, NULL, NULL);
  else
    __tgt_target_data_end_mapper(&loc, device, 1, &base, &begin_, &size, &type,
                                 NULL, NULL);
}

/* The bytes a Fortran actual argument spans: it must be contiguous (the
 * routines take one range) and of known size. */
static size_t extentOf(const char *routine, const CFI_cdesc_t *a) {
  size_t bytes = a->elem_len, stride = a->elem_len;
  for (int d = 0; d < a->rank; ++d) {
    if (a->dim[d].extent < 0)
      fail(routine, "an assumed-size array has no size: pass the bytes "
                    "(acc_...(a, bytes))");
    if (a->dim[d].extent > 1 && (size_t)a->dim[d].sm != stride)
      fail(routine, "the data is not contiguous (OpenACC's data routines "
                    "take a contiguous array or section)");
    stride *= (size_t)a->dim[d].extent;
    bytes *= (size_t)a->dim[d].extent;
  }
  return bytes;
}

/* ---- OpenACC's C binding ---------------------------------------------- */

void *acc_copyin(void *data, size_t bytes) {
  move("acc_copyin", data, bytes, kTo, 1, 0);
  return omp_get_mapped_ptr(data, omp_get_default_device());
}
void *acc_create(void *data, size_t bytes) {
  move("acc_create", data, bytes, 0, 1, 0);
  return omp_get_mapped_ptr(data, omp_get_default_device());
}
void *acc_present_or_copyin(void *data, size_t bytes) {
  return acc_copyin(data, bytes);
}
void *acc_pcopyin(void *data, size_t bytes) { return acc_copyin(data, bytes); }
void *acc_present_or_create(void *data, size_t bytes) {
  return acc_create(data, bytes);
}
void *acc_pcreate(void *data, size_t bytes) { return acc_create(data, bytes); }
void acc_copyout(void *data, size_t bytes) {
  move("acc_copyout", data, bytes, kFrom, 0, 0);
}
void acc_copyout_finalize(void *data, size_t bytes) {
  move("acc_copyout_finalize", data, bytes, kFrom | kDelete, 0, 0);
}
void acc_delete(void *data, size_t bytes) {
  move("acc_delete", data, bytes, 0, 0, 0);
}
void acc_delete_finalize(void *data, size_t bytes) {
  move("acc_delete_finalize", data, bytes, kDelete, 0, 0);
}
void acc_update_device(void *data, size_t bytes) {
  move("acc_update_device", data, bytes, kTo | kPresent, 0, 1);
}
void acc_update_self(void *data, size_t bytes) {
  move("acc_update_self", data, bytes, kFrom | kPresent, 0, 1);
}
void *acc_copyin_async(void *data, size_t bytes, int async) {
  return acc_copyin(data, bytes);
}
void *acc_create_async(void *data, size_t bytes, int async) {
  return acc_create(data, bytes);
}
void acc_copyout_async(void *data, size_t bytes, int async) {
  acc_copyout(data, bytes);
}
void acc_copyout_finalize_async(void *data, size_t bytes, int async) {
  acc_copyout_finalize(data, bytes);
}
void acc_delete_async(void *data, size_t bytes, int async) {
  acc_delete(data, bytes);
}
void acc_delete_finalize_async(void *data, size_t bytes, int async) {
  acc_delete_finalize(data, bytes);
}
void acc_update_device_async(void *data, size_t bytes, int async) {
  acc_update_device(data, bytes);
}
void acc_update_self_async(void *data, size_t bytes, int async) {
  acc_update_self(data, bytes);
}

int acc_is_present(void *data, size_t bytes) {
  int dev = omp_get_default_device();
  if (!bytes || dev == omp_get_initial_device() || omp_get_num_devices() == 0)
    return 1;
  return omp_target_is_present(data, dev) &&
         omp_target_is_present((char *)data + bytes - 1, dev);
}

/* NULL where the data is not present; the address itself on the host. */
void *acc_deviceptr(void *data) {
  return omp_get_mapped_ptr(data, omp_get_default_device());
}

void *acc_malloc(size_t bytes) {
  return omp_target_alloc(bytes, omp_get_default_device());
}
void acc_free(void *device) {
  omp_target_free(device, omp_get_default_device());
}

void acc_map_data(void *data, void *device, size_t bytes) {
  int dev = omp_get_default_device();
  if (dev == omp_get_initial_device() || omp_get_num_devices() == 0)
    return; /* host memory is the device's */
  if (omp_target_is_present(data, dev))
    fail("acc_map_data", "the data is already present on the device");
  if (omp_target_associate_ptr(data, device, bytes, 0, dev))
    fail("acc_map_data", "the device runtime refused the association");
}
void acc_unmap_data(void *data) {
  int dev = omp_get_default_device();
  if (dev == omp_get_initial_device() || omp_get_num_devices() == 0)
    return;
  if (omp_target_disassociate_ptr(data, dev))
    fail("acc_unmap_data",
         "the data was not mapped by acc_map_data (or is still in use)");
}

static void copy(const char *routine, void *to, const void *from, size_t bytes,
                 int toDevice, int fromDevice) {
  if (!bytes)
    return;
  if (omp_target_memcpy(to, from, bytes, 0, 0, toDevice, fromDevice))
    fail(routine, "the copy failed (an address that is not the device's?)");
}
void acc_memcpy_to_device(void *device, void *data, size_t bytes) {
  copy("acc_memcpy_to_device", device, data, bytes, omp_get_default_device(),
       omp_get_initial_device());
}
void acc_memcpy_from_device(void *data, void *device, size_t bytes) {
  copy("acc_memcpy_from_device", data, device, bytes, omp_get_initial_device(),
       omp_get_default_device());
}
void acc_memcpy_device(void *to, void *from, size_t bytes) {
  int dev = omp_get_default_device();
  copy("acc_memcpy_device", to, from, bytes, dev, dev);
}
void acc_memcpy_to_device_async(void *device, void *data, size_t bytes,
                                int async) {
  acc_memcpy_to_device(device, data, bytes);
}
void acc_memcpy_from_device_async(void *data, void *device, size_t bytes,
                                  int async) {
  acc_memcpy_from_device(data, device, bytes);
}
void acc_memcpy_device_async(void *to, void *from, size_t bytes, int async) {
  acc_memcpy_device(to, from, bytes);
}

/* ---- The openacc module's specifics ------------------------------------
 * ompx_acc_NAME_a(a): the whole of `a`; ompx_acc_NAME_b4/_b8(a, bytes): that
 * many bytes from its first element (by reference, integer(4) or (8)). */

static size_t count(const char *routine, int64_t bytes) {
  if (bytes < 0)
    fail(routine, "a negative number of bytes");
  return (size_t)bytes;
}

#define OMPX_ACC_DATA(name)                                                    \
  void ompx_acc_##name##_a(CFI_cdesc_t *a) {                                   \
    acc_##name(a->base_addr, extentOf("acc_" #name, a));                       \
  }                                                                            \
  void ompx_acc_##name##_b4(CFI_cdesc_t *a, int32_t *bytes) {                  \
    acc_##name(a->base_addr, count("acc_" #name, *bytes));                     \
  }                                                                            \
  void ompx_acc_##name##_b8(CFI_cdesc_t *a, int64_t *bytes) {                  \
    acc_##name(a->base_addr, count("acc_" #name, *bytes));                     \
  }                                                                            \
  void ompx_acc_##name##_async_a(CFI_cdesc_t *a, int32_t *async) {             \
    ompx_acc_##name##_a(a);                                                    \
  }                                                                            \
  void ompx_acc_##name##_async_b4(CFI_cdesc_t *a, int32_t *bytes,              \
                                  int32_t *async) {                            \
    ompx_acc_##name##_b4(a, bytes);                                            \
  }                                                                            \
  void ompx_acc_##name##_async_b8(CFI_cdesc_t *a, int64_t *bytes,              \
                                  int32_t *async) {                            \
    ompx_acc_##name##_b8(a, bytes);                                            \
  }

OMPX_ACC_DATA(copyin)
OMPX_ACC_DATA(create)
OMPX_ACC_DATA(copyout)
OMPX_ACC_DATA(copyout_finalize)
OMPX_ACC_DATA(delete)
OMPX_ACC_DATA(delete_finalize)
OMPX_ACC_DATA(update_device)
OMPX_ACC_DATA(update_self)
OMPX_ACC_DATA(present_or_copyin)
OMPX_ACC_DATA(present_or_create)
OMPX_ACC_DATA(pcopyin)
OMPX_ACC_DATA(pcreate)

void *ompx_acc_deviceptr_a(CFI_cdesc_t *a) {
  return acc_deviceptr(a->base_addr);
}
void ompx_acc_map_data_b4(CFI_cdesc_t *a, void *device, int32_t *bytes) {
  acc_map_data(a->base_addr, device, count("acc_map_data", *bytes));
}
void ompx_acc_map_data_b8(CFI_cdesc_t *a, void *device, int64_t bytes) {
  acc_map_data(a->base_addr, device, (size_t)bytes);
}
void ompx_acc_unmap_data_a(CFI_cdesc_t *a) { acc_unmap_data(a->base_addr); }
void ompx_acc_memcpy_to_device_b4(void *device, CFI_cdesc_t *a,
                                  int32_t *bytes) {
  acc_memcpy_to_device(device, a->base_addr,
                       count("acc_memcpy_to_device", *bytes));
}
void ompx_acc_memcpy_to_device_b8(void *device, CFI_cdesc_t *a, int64_t bytes) {
  acc_memcpy_to_device(device, a->base_addr, (size_t)bytes);
}
void ompx_acc_memcpy_from_device_b4(CFI_cdesc_t *a, void *device,
                                    int32_t *bytes) {
  acc_memcpy_from_device(a->base_addr, device,
                         count("acc_memcpy_from_device", *bytes));
}
void ompx_acc_memcpy_from_device_b8(CFI_cdesc_t *a, void *device,
                                    int64_t bytes) {
  acc_memcpy_from_device(a->base_addr, device, (size_t)bytes);
}
