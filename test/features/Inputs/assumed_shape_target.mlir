// flang-22 -fc1 -emit-hlfir -fopenmp assumed_shape_target.f90 -o assumed_shape_target.mlir (Debian flang 22.1.8); unchanged output below.
module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, fir.defaultkind = "a1c4d8i4l4r4", fir.kindmap = "", llvm.data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", llvm.ident = "Debian flang version 22.1.8", llvm.target_triple = "x86_64-pc-linux-gnu", omp.is_gpu = false, omp.is_target_device = false, omp.requires = #omp<clause_requires none>, omp.target_triples = [], omp.version = #omp.version<version = 31>} {
  func.func @_QPscale(%arg0: !fir.box<!fir.array<?xf32>> {fir.bindc_name = "a"}) {
    %0 = fir.alloca !fir.box<!fir.array<?xf32>>
    %1 = fir.dummy_scope : !fir.dscope
    %2:2 = hlfir.declare %arg0 dummy_scope %1 arg 1 {uniq_name = "_QFscaleEa"} : (!fir.box<!fir.array<?xf32>>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.box<!fir.array<?xf32>>)
    %3 = fir.alloca i32 {bindc_name = "i", uniq_name = "_QFscaleEi"}
    %4:2 = hlfir.declare %3 {uniq_name = "_QFscaleEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    %5 = omp.map.info var_ptr(%4#1 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = "i"}
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %6:3 = fir.box_dims %2#0, %c0 : (!fir.box<!fir.array<?xf32>>, index) -> (index, index, index)
    %c0_0 = arith.constant 0 : index
    %7 = arith.subi %6#1, %c1 : index
    %8 = omp.map.bounds lower_bound(%c0_0 : index) upper_bound(%7 : index) extent(%6#1 : index) stride(%6#2 : index) start_idx(%c1 : index) {stride_in_bytes = true}
    %9 = fir.box_addr %2#1 : (!fir.box<!fir.array<?xf32>>) -> !fir.ref<!fir.array<?xf32>>
    %10 = fir.is_present %2#1 : (!fir.box<!fir.array<?xf32>>) -> i1
    fir.if %10 {
      fir.store %2#1 to %0 : !fir.ref<!fir.box<!fir.array<?xf32>>>
    }
    %11 = fir.box_offset %0 base_addr : (!fir.ref<!fir.box<!fir.array<?xf32>>>) -> !fir.llvm_ptr<!fir.ref<!fir.array<?xf32>>>
    %12 = omp.map.info var_ptr(%0 : !fir.ref<!fir.box<!fir.array<?xf32>>>, f32) map_clauses(implicit, tofrom) capture(ByRef) var_ptr_ptr(%11 : !fir.llvm_ptr<!fir.ref<!fir.array<?xf32>>>) bounds(%8) -> !fir.llvm_ptr<!fir.ref<!fir.array<?xf32>>> {name = ""}
    %13 = omp.map.info var_ptr(%0 : !fir.ref<!fir.box<!fir.array<?xf32>>>, !fir.box<!fir.array<?xf32>>) map_clauses(always, implicit, to) capture(ByRef) members(%12 : [0] : !fir.llvm_ptr<!fir.ref<!fir.array<?xf32>>>) -> !fir.ref<!fir.array<?xf32>> {name = "a"}
    omp.target map_entries(%5 -> %arg1, %13 -> %arg2, %12 -> %arg3 : !fir.ref<i32>, !fir.ref<!fir.array<?xf32>>, !fir.llvm_ptr<!fir.ref<!fir.array<?xf32>>>) {
      %14:2 = hlfir.declare %arg1 {uniq_name = "_QFscaleEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
      %15:2 = hlfir.declare %arg2 {uniq_name = "_QFscaleEa"} : (!fir.box<!fir.array<?xf32>>) -> (!fir.box<!fir.array<?xf32>>, !fir.box<!fir.array<?xf32>>)
      %c1_i32 = arith.constant 1 : i32
      %16 = fir.convert %c1_i32 : (i32) -> index
      %c0_1 = arith.constant 0 : index
      %17:3 = fir.box_dims %15#0, %c0_1 : (!fir.box<!fir.array<?xf32>>, index) -> (index, index, index)
      %18 = fir.convert %17#1 : (index) -> i64
      %19 = fir.convert %18 : (i64) -> i32
      %20 = fir.convert %19 : (i32) -> index
      %c1_2 = arith.constant 1 : index
      %21 = fir.convert %16 : (index) -> i32
      %22 = fir.do_loop %arg4 = %16 to %20 step %c1_2 iter_args(%arg5 = %21) -> (i32) {
        fir.store %arg5 to %14#0 : !fir.ref<i32>
        %23 = fir.load %14#0 : !fir.ref<i32>
        %24 = fir.convert %23 : (i32) -> i64
        %25 = hlfir.designate %15#0 (%24)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        %26 = fir.load %25 : !fir.ref<f32>
        %cst = arith.constant 2.000000e+00 : f32
        %27 = arith.mulf %26, %cst fastmath<contract> : f32
        %28 = fir.load %14#0 : !fir.ref<i32>
        %29 = fir.convert %28 : (i32) -> i64
        %30 = hlfir.designate %15#0 (%29)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        hlfir.assign %27 to %30 : f32, !fir.ref<f32>
        %31 = fir.convert %c1_2 : (index) -> i32
        %32 = fir.load %14#0 : !fir.ref<i32>
        %33 = arith.addi %32, %31 overflow<nsw> : i32
        fir.result %33 : i32
      }
      fir.store %22 to %14#0 : !fir.ref<i32>
      omp.terminator
    }
    return
  }
}
