// The CUDA C++ twin of stream_bench.f90 for bench/bench_gpu.py, built with
// nvcc on the GPU node: the same five kernels on the same data, timed the
// same way (arrays resident on the device, each kernel one launch waited for
// on the host; dot also zeroes and copies back its 8-byte result, as
// `map(tofrom: dot)` does), the same checks and output lines. `memcpy` times
// a device-to-device cudaMemcpy of one array each repetition: the device's
// copy bandwidth, the ceiling the kernels are judged against.
// Usage: stream [N [REPS]]
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include <cuda_runtime.h>

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t err = (call);                                                  \
    if (err != cudaSuccess) {                                                  \
      std::fprintf(stderr, "stream: %s: %s\n", #call,                          \
                   cudaGetErrorString(err));                                   \
      std::exit(2);                                                            \
    }                                                                          \
  } while (0)

__global__ void copy(int n, const double *a, double *c) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = a[i];
}

__global__ void scale(int n, double s, const double *c, double *b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    b[i] = s * c[i];
}

__global__ void add(int n, const double *a, const double *b, double *c) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = a[i] + b[i];
}

__global__ void triad(int n, double s, const double *b, const double *c,
                      double *a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = b[i] + s * c[i];
}

// Grid-stride products, a warp-shuffle tree per block, one atomic per block.
__global__ void dot(int n, const double *a, const double *b, double *out) {
  double v = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += gridDim.x * blockDim.x)
    v += a[i] * b[i];
  for (int o = 16; o > 0; o /= 2)
    v += __shfl_down_sync(0xffffffffu, v, o);
  __shared__ double warps[32];
  int lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  if (lane == 0)
    warps[warp] = v;
  __syncthreads();
  if (warp == 0) {
    v = lane < blockDim.x / 32 ? warps[lane] : 0;
    for (int o = 16; o > 0; o /= 2)
      v += __shfl_down_sync(0xffffffffu, v, o);
    if (lane == 0)
      atomicAdd(out, v);
  }
}

static double now() {
  return std::chrono::duration<double>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

static bool check(const char *name, const std::vector<double> &x, double k) {
  for (size_t j = 0; j < x.size(); ++j) {
    double want = k * (1 + (j + 1) % 7);
    if (std::fabs(x[j] - want) > 1e-12 * want) {
      std::printf("stream: WRONG %s at %zu %.15e %.15e\n", name, j + 1, x[j],
                  want);
      return false;
    }
  }
  return true;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? std::atoi(argv[1]) : 1 << 26;
  int reps = argc > 2 ? std::atoi(argv[2]) : 20;
  const double s = 0.5;
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, 0));
  std::printf("device: %s, %d SMs\n", prop.name, prop.multiProcessorCount);
  std::vector<double> a(n), b(n, 0.0), c(n, 0.0);
  double squares = 0;
  for (int i = 0; i < n; ++i) {
    a[i] = 1 + (i + 1) % 7;
    squares += a[i] * a[i];
  }
  size_t bytes = size_t(n) * sizeof(double);
  double *da, *db, *dc, *dd, *dm;
  CHECK(cudaMalloc(&da, bytes));
  CHECK(cudaMalloc(&db, bytes));
  CHECK(cudaMalloc(&dc, bytes));
  CHECK(cudaMalloc(&dm, bytes));
  CHECK(cudaMalloc(&dd, sizeof(double)));
  CHECK(cudaMemcpy(da, a.data(), bytes, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(db, b.data(), bytes, cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(dc, c.data(), bytes, cudaMemcpyHostToDevice));
  int threads = 256, blocks = (n + threads - 1) / threads;
  int dotBlocks = prop.multiProcessorCount * 8;
  double ka = 1, kb = 0, kc = 0;
  for (int r = 1; r <= reps; ++r) {
    double t0 = now();
    CHECK(cudaMemcpy(dm, da, bytes, cudaMemcpyDeviceToDevice));
    CHECK(cudaDeviceSynchronize());
    std::printf("memcpy %d %.5e\n", r, now() - t0);
    t0 = now();
    copy<<<blocks, threads>>>(n, da, dc);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    std::printf("copy %d %.5e\n", r, now() - t0);
    t0 = now();
    scale<<<blocks, threads>>>(n, s, dc, db);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    std::printf("scale %d %.5e\n", r, now() - t0);
    t0 = now();
    add<<<blocks, threads>>>(n, da, db, dc);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    std::printf("add %d %.5e\n", r, now() - t0);
    t0 = now();
    triad<<<blocks, threads>>>(n, s, db, dc, da);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    std::printf("triad %d %.5e\n", r, now() - t0);
    double d = 0;
    t0 = now();
    CHECK(cudaMemcpy(dd, &d, sizeof(double), cudaMemcpyHostToDevice));
    dot<<<dotBlocks, threads>>>(n, da, db, dd);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpy(&d, dd, sizeof(double), cudaMemcpyDeviceToHost));
    std::printf("dot %d %.5e\n", r, now() - t0);
    kc = ka;
    kb = s * kc;
    kc = ka + kb;
    ka = kb + s * kc;
    double want = ka * kb * squares;
    if (std::fabs(d - want) > 1e-10 * want) {
      std::printf("stream: WRONG dot at repetition %d %.15e %.15e\n", r, d,
                  want);
      return 1;
    }
  }
  CHECK(cudaMemcpy(a.data(), da, bytes, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(b.data(), db, bytes, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(c.data(), dc, bytes, cudaMemcpyDeviceToHost));
  if (!check("a", a, ka) || !check("b", b, kb) || !check("c", c, kc))
    return 1;
  std::printf("stream: ok n=%d reps=%d\n", n, reps);
  return 0;
}
