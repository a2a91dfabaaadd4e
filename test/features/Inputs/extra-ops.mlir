// Instances of the omp/acc ops that neither the corpus nor the other tests
// contain, so that the coverage test can hover every registered op.

func.func @target_mem(%dev: i64) {
  %0 = omp.target_allocmem %dev : i64, i32
  omp.target_freemem %dev, %0 : i64, i64
  return
}

// -----

func.func @acc_bounds_queries(%a: memref<10xf32>) {
  %c0 = arith.constant 0 : index
  %c9 = arith.constant 9 : index
  %b = acc.bounds lowerbound(%c0 : index) upperbound(%c9 : index)
  %lb = acc.get_lowerbound %b : (!acc.data_bounds_ty) -> index
  %ub = acc.get_upperbound %b : (!acc.data_bounds_ty) -> index
  %ext = acc.get_extent %b : (!acc.data_bounds_ty) -> index
  %st = acc.get_stride %b : (!acc.data_bounds_ty) -> index
  %fp = acc.firstprivate_map varPtr(%a : memref<10xf32>) bounds(%b) -> memref<10xf32>
  acc.kernel_environment dataOperands(%fp : memref<10xf32>) {
    acc.terminator
  }
  return
}
