// CUDA C++ references for bench/bench_gpu.py, built with nvcc on the GPU
// node. The same computations as saxpy_bench.f90 and reduction_bench.f90,
// timed the same way: the data resident on the device, each repetition one
// launch waited for on the host (the reduction also zeroes and copies back
// its 8-byte result, as `map(tofrom: s)` does). `copy` times a
// device-to-device copy of n floats, the bandwidth saxpy is measured against.
// Usage: reference saxpy|reduction|copy [N [REPS]]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <cuda_runtime.h>

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t err = (call);                                                  \
    if (err != cudaSuccess) {                                                  \
      std::fprintf(stderr, "reference: %s: %s\n", #call,                       \
                   cudaGetErrorString(err));                                   \
      std::exit(2);                                                            \
    }                                                                          \
  } while (0)

__global__ void saxpy(int n, float a, const float *x, float *y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

// Grid-stride accumulation, warp shuffles, one atomic per block.
__global__ void sum(int n, const double *x, double *s) {
  double v = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += gridDim.x * blockDim.x)
    v += x[i];
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
      atomicAdd(s, v);
  }
}

static double now() {
  return std::chrono::duration<double>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

int main(int argc, char **argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: reference saxpy|reduction|copy [N [REPS]]\n");
    return 2;
  }
  const char *what = argv[1];
  int n = argc > 2 ? std::atoi(argv[2]) : 1 << 26;
  int reps = argc > 3 ? std::atoi(argv[3]) : 20;
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, 0));
  std::printf("device: %s, %d SMs\n", prop.name, prop.multiProcessorCount);
  if (!std::strcmp(what, "saxpy") || !std::strcmp(what, "copy")) {
    std::vector<float> x(n), y(n);
    for (int i = 0; i < n; ++i) {
      x[i] = float((i + 1) % 5);
      y[i] = 1.0f;
    }
    float *dx, *dy;
    CHECK(cudaMalloc(&dx, n * sizeof(float)));
    CHECK(cudaMalloc(&dy, n * sizeof(float)));
    CHECK(cudaMemcpy(dx, x.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(dy, y.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    bool copy = !std::strcmp(what, "copy");
    for (int r = 1; r <= reps; ++r) {
      double t0 = now();
      if (copy)
        CHECK(cudaMemcpy(dy, dx, n * sizeof(float), cudaMemcpyDeviceToDevice));
      else
        saxpy<<<(n + 255) / 256, 256>>>(n, 2.0f, dx, dy);
      CHECK(cudaGetLastError());
      CHECK(cudaDeviceSynchronize());
      std::printf("time %d %.5e\n", r, now() - t0);
    }
    CHECK(cudaMemcpy(y.data(), dy, n * sizeof(float), cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; ++i) {
      float want = copy ? x[i] : 1.0f + reps * 2.0f * x[i];
      if (y[i] != want) {
        std::printf("%s: WRONG at %d: %f, want %f\n", what, i + 1, y[i], want);
        return 1;
      }
    }
    std::printf("%s: ok n=%d reps=%d\n", what, n, reps);
  } else if (!std::strcmp(what, "reduction")) {
    std::vector<double> x(n);
    long long total = 0;
    for (int i = 0; i < n; ++i) {
      x[i] = double((i + 1) % 7);
      total += (i + 1) % 7;
    }
    double *dx, *ds;
    CHECK(cudaMalloc(&dx, n * sizeof(double)));
    CHECK(cudaMalloc(&ds, sizeof(double)));
    CHECK(cudaMemcpy(dx, x.data(), n * sizeof(double), cudaMemcpyHostToDevice));
    int blocks = prop.multiProcessorCount * 8;
    for (int r = 1; r <= reps; ++r) {
      double s = 0;
      double t0 = now();
      CHECK(cudaMemcpy(ds, &s, sizeof(double), cudaMemcpyHostToDevice));
      sum<<<blocks, 256>>>(n, dx, ds);
      CHECK(cudaGetLastError());
      CHECK(cudaMemcpy(&s, ds, sizeof(double), cudaMemcpyDeviceToHost));
      std::printf("time %d %.5e\n", r, now() - t0);
      if (s != double(total)) {
        std::printf("reduction: WRONG at repetition %d: %.1f, want %lld\n", r, s,
                    total);
        return 1;
      }
    }
    std::printf("reduction: ok n=%d reps=%d\n", n, reps);
  } else {
    std::fprintf(stderr, "reference: unknown computation '%s'\n", what);
    return 2;
  }
  return 0;
}
