module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, fir.defaultkind = "a1c4d8i4l4r4", fir.kindmap = "", llvm.data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", llvm.ident = "Debian flang version 22.1.8", llvm.target_triple = "x86_64-pc-linux-gnu", omp.is_gpu = false, omp.is_target_device = false, omp.requires = #omp<clause_requires none>, omp.target_triples = [], omp.version = #omp.version<version = 52>} {
  func.func @_QPserial_init(%arg0: !fir.ref<i32> {fir.bindc_name = "n"}, %arg1: !fir.ref<!fir.array<?xf32>> {fir.bindc_name = "a"}, %arg2: !fir.ref<f32> {fir.bindc_name = "first"}) {
    %0 = fir.alloca i32
    %1 = fir.alloca i32
    %2 = fir.dummy_scope : !fir.dscope
    %3:2 = hlfir.declare %arg0 dummy_scope %2 arg 1 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFserial_initEn"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
    %4:2 = hlfir.declare %arg2 dummy_scope %2 arg 3 {fortran_attrs = #fir.var_attrs<intent_out>, uniq_name = "_QFserial_initEfirst"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
    %5 = fir.alloca i32 {bindc_name = "i", uniq_name = "_QFserial_initEi"}
    %6:2 = hlfir.declare %5 {uniq_name = "_QFserial_initEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    %7 = fir.load %3#0 : !fir.ref<i32>
    fir.store %7 to %0 : !fir.ref<i32>
    fir.store %7 to %1 : !fir.ref<i32>
    %8 = fir.convert %7 : (i32) -> i64
    %9 = fir.convert %8 : (i64) -> index
    %c0 = arith.constant 0 : index
    %10 = arith.cmpi sgt, %9, %c0 : index
    %11 = arith.select %10, %9, %c0 : index
    %12 = fir.shape %11 : (index) -> !fir.shape<1>
    %13:2 = hlfir.declare %arg1(%12) dummy_scope %2 arg 2 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFserial_initEa"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
    %c1 = arith.constant 1 : index
    %c0_0 = arith.constant 0 : index
    %14:3 = fir.box_dims %13#0, %c0_0 : (!fir.box<!fir.array<?xf32>>, index) -> (index, index, index)
    %c0_1 = arith.constant 0 : index
    %15 = arith.subi %14#1, %c1 : index
    %16 = omp.map.bounds lower_bound(%c0_1 : index) upper_bound(%15 : index) extent(%14#1 : index) stride(%14#2 : index) start_idx(%c1 : index) {stride_in_bytes = true}
    %17 = omp.map.info var_ptr(%13#1 : !fir.ref<!fir.array<?xf32>>, f32) map_clauses(tofrom) capture(ByRef) bounds(%16) -> !fir.ref<!fir.array<?xf32>> {name = "a"}
    %18 = omp.map.info var_ptr(%4#1 : !fir.ref<f32>, f32) map_clauses(from) capture(ByRef) -> !fir.ref<f32> {name = "first"}
    %19 = omp.map.info var_ptr(%1 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = ""}
    omp.target map_entries(%17 -> %arg3, %18 -> %arg4, %19 -> %arg5 : !fir.ref<!fir.array<?xf32>>, !fir.ref<f32>, !fir.ref<i32>) {
      %27 = fir.load %arg5 : !fir.ref<i32>
      %28 = fir.convert %27 : (i32) -> i64
      %c0_5 = arith.constant 0 : index
      %29 = fir.convert %28 : (i64) -> index
      %30 = arith.cmpi sgt, %29, %c0_5 : index
      %31 = arith.select %30, %29, %c0_5 : index
      %32 = fir.shape %31 : (index) -> !fir.shape<1>
      %33:2 = hlfir.declare %arg3(%32) {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFserial_initEa"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
      %34:2 = hlfir.declare %arg4 {fortran_attrs = #fir.var_attrs<intent_out>, uniq_name = "_QFserial_initEfirst"} : (!fir.ref<f32>) -> (!fir.ref<f32>, !fir.ref<f32>)
      %cst = arith.constant 4.200000e+01 : f32
      %c1_6 = arith.constant 1 : index
      %35 = hlfir.designate %33#0 (%c1_6)  : (!fir.box<!fir.array<?xf32>>, index) -> !fir.ref<f32>
      hlfir.assign %cst to %35 : f32, !fir.ref<f32>
      %c1_7 = arith.constant 1 : index
      %36 = hlfir.designate %33#0 (%c1_7)  : (!fir.box<!fir.array<?xf32>>, index) -> !fir.ref<f32>
      %37 = fir.load %36 : !fir.ref<f32>
      hlfir.assign %37 to %34#0 : f32, !fir.ref<f32>
      omp.terminator
    }
    %c1_2 = arith.constant 1 : index
    %c0_3 = arith.constant 0 : index
    %20:3 = fir.box_dims %13#0, %c0_3 : (!fir.box<!fir.array<?xf32>>, index) -> (index, index, index)
    %c0_4 = arith.constant 0 : index
    %21 = arith.subi %20#1, %c1_2 : index
    %22 = omp.map.bounds lower_bound(%c0_4 : index) upper_bound(%21 : index) extent(%20#1 : index) stride(%20#2 : index) start_idx(%c1_2 : index) {stride_in_bytes = true}
    %23 = omp.map.info var_ptr(%13#1 : !fir.ref<!fir.array<?xf32>>, f32) map_clauses(tofrom) capture(ByRef) bounds(%22) -> !fir.ref<!fir.array<?xf32>> {name = "a"}
    %24 = omp.map.info var_ptr(%6#1 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = "i"}
    %25 = omp.map.info var_ptr(%3#1 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = "n"}
    %26 = omp.map.info var_ptr(%0 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = ""}
    omp.target map_entries(%23 -> %arg3, %24 -> %arg4, %25 -> %arg5, %26 -> %arg6 : !fir.ref<!fir.array<?xf32>>, !fir.ref<i32>, !fir.ref<i32>, !fir.ref<i32>) {
      %27 = fir.load %arg6 : !fir.ref<i32>
      %28 = fir.convert %27 : (i32) -> i64
      %c0_5 = arith.constant 0 : index
      %29 = fir.convert %28 : (i64) -> index
      %30 = arith.cmpi sgt, %29, %c0_5 : index
      %31 = arith.select %30, %29, %c0_5 : index
      %32 = fir.shape %31 : (index) -> !fir.shape<1>
      %33:2 = hlfir.declare %arg3(%32) {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFserial_initEa"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
      %34:2 = hlfir.declare %arg4 {uniq_name = "_QFserial_initEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
      %35:2 = hlfir.declare %arg5 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFserial_initEn"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
      %c2_i32 = arith.constant 2 : i32
      %36 = fir.convert %c2_i32 : (i32) -> index
      %37 = fir.load %35#0 : !fir.ref<i32>
      %38 = fir.convert %37 : (i32) -> index
      %c1_6 = arith.constant 1 : index
      %39 = fir.convert %36 : (index) -> i32
      %40 = fir.do_loop %arg7 = %36 to %38 step %c1_6 iter_args(%arg8 = %39) -> (i32) {
        fir.store %arg8 to %34#0 : !fir.ref<i32>
        %41 = fir.load %34#0 : !fir.ref<i32>
        %c1_i32 = arith.constant 1 : i32
        %42 = arith.subi %41, %c1_i32 overflow<nsw> : i32
        %43 = fir.convert %42 : (i32) -> i64
        %44 = hlfir.designate %33#0 (%43)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        %45 = fir.load %44 : !fir.ref<f32>
        %cst = arith.constant 1.000000e+00 : f32
        %46 = arith.addf %45, %cst fastmath<contract> : f32
        %47 = fir.load %34#0 : !fir.ref<i32>
        %48 = fir.convert %47 : (i32) -> i64
        %49 = hlfir.designate %33#0 (%48)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        hlfir.assign %46 to %49 : f32, !fir.ref<f32>
        %50 = fir.convert %c1_6 : (index) -> i32
        %51 = fir.load %34#0 : !fir.ref<i32>
        %52 = arith.addi %51, %50 overflow<nsw> : i32
        fir.result %52 : i32
      }
      fir.store %40 to %34#0 : !fir.ref<i32>
      omp.terminator
    }
    return
  }
}
