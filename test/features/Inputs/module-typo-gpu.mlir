modul attributes {gpu.container_module, omp.is_target_device = false} {
  gpu.module @kernels {
    gpu.func @k() kernel {
      gpu.return
    }
  }
  func.func @f() {
    %c1 = arith.constant 1 : index
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
    return
  }
  func.func @g() {
    %d = arith.addi %e, %e : i32
    return
  }
}
