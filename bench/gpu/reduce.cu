// CUDA C++ references for the reductions of reduction_bench.f90, built with
// nvcc on the GPU node for bench/bench_gpu.py: a hand-written reduction of
// ours and CUB's DeviceReduce (what a CUDA programmer reaches for first), on
// the same data as the Fortran program, timed the same way: the data
// resident on the device; each repetition copies the result's initial value
// to the device, reduces, copies the result back (as `map(tofrom: s)` does),
// all timed on the host. Output lines as reference.cu's.
// Usage: reduce hand|cub sum_r8|sum_r4|sum_i4|max_r8 [N [REPS]]
#include <cfloat>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#include <cub/device/device_reduce.cuh>
#include <cuda_runtime.h>

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t err = (call);                                                  \
    if (err != cudaSuccess) {                                                  \
      std::fprintf(stderr, "reduce: %s: %s\n", #call,                          \
                   cudaGetErrorString(err));                                   \
      std::exit(2);                                                            \
    }                                                                          \
  } while (0)

struct Sum {
  template <typename T> __host__ __device__ T operator()(T a, T b) const {
    return a + b;
  }
};
struct Max {
  template <typename T> __host__ __device__ T operator()(T a, T b) const {
    return a > b ? a : b;
  }
};

__device__ void combine(Sum, float *p, float v) { atomicAdd(p, v); }
__device__ void combine(Sum, double *p, double v) { atomicAdd(p, v); }
__device__ void combine(Sum, int *p, int v) { atomicAdd(p, v); }
// No atomicMax for doubles: compare-and-swap on the bits until ours is not
// larger than what is there.
__device__ void combine(Max, double *p, double v) {
  auto *bits = reinterpret_cast<unsigned long long *>(p);
  unsigned long long old = *bits;
  while (__longlong_as_double(old) < v) {
    unsigned long long seen = atomicCAS(bits, old, __double_as_longlong(v));
    if (seen == old)
      break;
    old = seen;
  }
}

// Grid-stride accumulation in registers, a warp-shuffle tree, the warps'
// values combined by warp 0, one atomic per block.
template <typename T, typename Op>
__global__ void reduce(int n, const T *x, T *out, T identity) {
  Op op;
  T v = identity;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += gridDim.x * blockDim.x)
    v = op(v, x[i]);
  for (int o = 16; o > 0; o /= 2)
    v = op(v, __shfl_down_sync(0xffffffffu, v, o));
  __shared__ T warps[32];
  int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  if (lane == 0)
    warps[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = lane < blockDim.x / 32 ? warps[lane] : identity;
    for (int o = 16; o > 0; o /= 2)
      v = op(v, __shfl_down_sync(0xffffffffu, v, o));
    if (lane == 0)
      combine(op, out, v);
  }
}

static double now() {
  return std::chrono::duration<double>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// One computation: x as reduction_bench.f90 fills it, the expected result
// computed here, `tolerance` relative (0: exact).
template <typename T, typename Op>
static int run(const char *impl, const char *what, int n, int reps,
               const cudaDeviceProp &prop, T identity, T (*value)(long long),
               double tolerance) {
  std::vector<T> x(n);
  Op op;
  double want = identity;
  for (int i = 0; i < n; ++i) {
    x[i] = value(i + 1);
    want = op(want, double(x[i]));
  }
  T *dx, *ds;
  CHECK(cudaMalloc(&dx, n * sizeof(T)));
  CHECK(cudaMalloc(&ds, sizeof(T)));
  CHECK(cudaMemcpy(dx, x.data(), n * sizeof(T), cudaMemcpyHostToDevice));
  bool cub = !std::strcmp(impl, "cub");
  void *temp = nullptr;
  size_t bytes = 0;
  if (cub) {
    if constexpr (std::is_same_v<Op, Sum>)
      CHECK(cub::DeviceReduce::Sum(temp, bytes, dx, ds, n));
    else
      CHECK(cub::DeviceReduce::Max(temp, bytes, dx, ds, n));
    CHECK(cudaMalloc(&temp, bytes));
  }
  int blocks = prop.multiProcessorCount * 8;
  for (int r = 1; r <= reps; ++r) {
    T s = identity;
    double t0 = now();
    CHECK(cudaMemcpy(ds, &s, sizeof(T), cudaMemcpyHostToDevice));
    if (!cub)
      reduce<T, Op><<<blocks, 256>>>(n, dx, ds, identity);
    else if constexpr (std::is_same_v<Op, Sum>)
      CHECK(cub::DeviceReduce::Sum(temp, bytes, dx, ds, n));
    else
      CHECK(cub::DeviceReduce::Max(temp, bytes, dx, ds, n));
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(&s, ds, sizeof(T), cudaMemcpyDeviceToHost));
    std::printf("time %d %.5e\n", r, now() - t0);
    if (std::fabs(double(s) - want) > tolerance * std::fabs(want)) {
      std::printf("%s %s: WRONG at repetition %d: %.17g, want %.17g\n", impl,
                  what, r, double(s), want);
      return 1;
    }
  }
  std::printf("%s %s: ok n=%d reps=%d\n", impl, what, n, reps);
  return 0;
}

int main(int argc, char **argv) {
  if (argc < 3 ||
      (std::strcmp(argv[1], "hand") && std::strcmp(argv[1], "cub"))) {
    std::fprintf(stderr, "usage: reduce hand|cub sum_r8|sum_r4|sum_i4|max_r8 "
                         "[N [REPS]]\n");
    return 2;
  }
  const char *impl = argv[1];
  std::string what = argv[2];
  int n = argc > 3 ? std::atoi(argv[3]) : 1 << 26;
  int reps = argc > 4 ? std::atoi(argv[4]) : 20;
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, 0));
  std::printf("device: %s, %d SMs\n", prop.name, prop.multiProcessorCount);
  // The values of reduction_bench.f90, by 1-based index.
  if (what == "sum_r8")
    return run<double, Sum>(
        impl, argv[2], n, reps, prop, 0.0,
        [](long long i) { return double(i % 7); }, 0);
  if (what == "sum_r4")
    // Ones at every 8th element: exact in single precision in any order
    // while the sum stays below 2**24.
    return run<float, Sum>(
        impl, argv[2], n, reps, prop, 0.0f,
        [](long long i) { return float(i % 8 == 0); },
        n / 8 <= (1 << 24) ? 0 : 1e-5);
  if (what == "sum_i4")
    return run<int, Sum>(
        impl, argv[2], n, reps, prop, 0, [](long long i) { return int(i % 7); },
        0);
  if (what == "max_r8")
    return run<double, Max>(
        impl, argv[2], n, reps, prop, -DBL_MAX,
        [](long long i) { return double(i * 7919 % 1000003); }, 0);
  std::fprintf(stderr, "reduce: unknown computation '%s'\n", argv[2]);
  return 2;
}
