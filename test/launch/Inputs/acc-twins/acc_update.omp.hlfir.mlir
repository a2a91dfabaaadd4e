module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, fir.defaultkind = "a1c4d8i4l4r4", fir.kindmap = "", llvm.data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", llvm.ident = "Debian flang version 22.1.8", llvm.target_triple = "x86_64-pc-linux-gnu", omp.is_gpu = false, omp.is_target_device = false, omp.target_triples = [], omp.version = #omp.version<version = 52>} {
  func.func @_QPexchange(%arg0: !fir.ref<i32> {fir.bindc_name = "n"}, %arg1: !fir.ref<!fir.array<?xf32>> {fir.bindc_name = "a"}, %arg2: !fir.ref<!fir.array<?xf32>> {fir.bindc_name = "b"}) {
    %0 = fir.dummy_scope : !fir.dscope
    %1:2 = hlfir.declare %arg0 dummy_scope %0 arg 1 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFexchangeEn"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
    %2 = fir.alloca i32 {bindc_name = "queue3", uniq_name = "_QFexchangeEqueue3"}
    %3:2 = hlfir.declare %2 {uniq_name = "_QFexchangeEqueue3"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    %4 = fir.load %1#0 : !fir.ref<i32>
    %5 = fir.convert %4 : (i32) -> i64
    %6 = fir.convert %5 : (i64) -> index
    %c0 = arith.constant 0 : index
    %7 = arith.cmpi sgt, %6, %c0 : index
    %8 = arith.select %7, %6, %c0 : index
    %9 = fir.shape %8 : (index) -> !fir.shape<1>
    %10:2 = hlfir.declare %arg1(%9) dummy_scope %0 arg 2 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFexchangeEa"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
    %11 = fir.load %1#0 : !fir.ref<i32>
    %12 = fir.convert %11 : (i32) -> i64
    %13 = fir.convert %12 : (i64) -> index
    %c0_0 = arith.constant 0 : index
    %14 = arith.cmpi sgt, %13, %c0_0 : index
    %15 = arith.select %14, %13, %c0_0 : index
    %16 = fir.shape %15 : (index) -> !fir.shape<1>
    %17:2 = hlfir.declare %arg2(%16) dummy_scope %0 arg 3 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFexchangeEb"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
    %c1 = arith.constant 1 : index
    %c0_1 = arith.constant 0 : index
    %18:3 = fir.box_dims %10#0, %c0_1 : (!fir.box<!fir.array<?xf32>>, index) -> (index, index, index)
    %c0_2 = arith.constant 0 : index
    %19 = arith.subi %18#1, %c1 : index
    %20 = omp.map.bounds lower_bound(%c0_2 : index) upper_bound(%19 : index) extent(%18#1 : index) stride(%18#2 : index) start_idx(%c1 : index) {stride_in_bytes = true}
    %21 = omp.map.info var_ptr(%10#1 : !fir.ref<!fir.array<?xf32>>, f32) map_clauses(to) capture(ByRef) bounds(%20) -> !fir.ref<!fir.array<?xf32>> {name = "a"}
    %c1_3 = arith.constant 1 : index
    %c0_4 = arith.constant 0 : index
    %22:3 = fir.box_dims %17#0, %c0_4 : (!fir.box<!fir.array<?xf32>>, index) -> (index, index, index)
    %c0_5 = arith.constant 0 : index
    %23 = arith.subi %22#1, %c1_3 : index
    %24 = omp.map.bounds lower_bound(%c0_5 : index) upper_bound(%23 : index) extent(%22#1 : index) stride(%22#2 : index) start_idx(%c1_3 : index) {stride_in_bytes = true}
    %25 = omp.map.info var_ptr(%17#1 : !fir.ref<!fir.array<?xf32>>, f32) map_clauses(to) capture(ByRef) bounds(%24) -> !fir.ref<!fir.array<?xf32>> {name = "b"}
    omp.target_data map_entries(%21, %25 : !fir.ref<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>) {
      omp.task depend(taskdependinout -> %3#0 : !fir.ref<i32>) {
        %c1_11 = arith.constant 1 : index
        %c0_12 = arith.constant 0 : index
        %41:3 = fir.box_dims %10#0, %c0_12 : (!fir.box<!fir.array<?xf32>>, index) -> (index, index, index)
        %c0_13 = arith.constant 0 : index
        %42 = arith.subi %41#1, %c1_11 : index
        %43 = omp.map.bounds lower_bound(%c0_13 : index) upper_bound(%42 : index) extent(%41#1 : index) stride(%41#2 : index) start_idx(%c1_11 : index) {stride_in_bytes = true}
        %44 = omp.map.info var_ptr(%10#1 : !fir.ref<!fir.array<?xf32>>, f32) map_clauses(present, to) capture(ByRef) bounds(%43) -> !fir.ref<!fir.array<?xf32>> {name = "a"}
        omp.target_update map_entries(%44 : !fir.ref<!fir.array<?xf32>>)
        omp.terminator
      }
      %false = arith.constant false
      omp.task depend(taskdependinout -> %3#0 : !fir.ref<i32>) if(%false) {
        omp.terminator
      }
      %c1_6 = arith.constant 1 : index
      %c0_7 = arith.constant 0 : index
      %26:3 = fir.box_dims %17#0, %c0_7 : (!fir.box<!fir.array<?xf32>>, index) -> (index, index, index)
      %c0_8 = arith.constant 0 : index
      %27 = fir.load %1#0 : !fir.ref<i32>
      %c2_i32 = arith.constant 2 : i32
      %28 = arith.divsi %27, %c2_i32 : i32
      %29 = fir.convert %28 : (i32) -> i64
      %30 = fir.convert %29 : (i64) -> index
      %31 = arith.subi %30, %c1_6 : index
      %32 = omp.map.bounds lower_bound(%c0_8 : index) upper_bound(%31 : index) extent(%15 : index) stride(%26#2 : index) start_idx(%c1_6 : index) {stride_in_bytes = true}
      %33 = omp.map.info var_ptr(%17#1 : !fir.ref<!fir.array<?xf32>>, f32) map_clauses(present, from) capture(ByRef) bounds(%32) -> !fir.ref<!fir.array<?xf32>> {name = "b(1:n/2_4)"}
      omp.target_update map_entries(%33 : !fir.ref<!fir.array<?xf32>>)
      %c1_9 = arith.constant 1 : index
      %c0_10 = arith.constant 0 : index
      %34:3 = fir.box_dims %10#0, %c0_10 : (!fir.box<!fir.array<?xf32>>, index) -> (index, index, index)
      %35 = fir.load %1#0 : !fir.ref<i32>
      %36 = fir.convert %35 : (i32) -> i64
      %37 = fir.convert %36 : (i64) -> index
      %38 = arith.subi %37, %c1_9 : index
      %39 = omp.map.bounds lower_bound(%38 : index) upper_bound(%38 : index) extent(%c1_9 : index) stride(%34#2 : index) start_idx(%c1_9 : index) {stride_in_bytes = true}
      %40 = omp.map.info var_ptr(%10#1 : !fir.ref<!fir.array<?xf32>>, f32) map_clauses(from) capture(ByRef) bounds(%39) -> !fir.ref<!fir.array<?xf32>> {name = "a(n)"}
      omp.target_update map_entries(%40 : !fir.ref<!fir.array<?xf32>>)
      omp.terminator
    }
    return
  }
}
