module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, fir.defaultkind = "a1c4d8i4l4r4", fir.kindmap = "", llvm.data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", llvm.ident = "Debian flang version 22.1.8", llvm.target_triple = "x86_64-pc-linux-gnu", omp.is_gpu = false, omp.is_target_device = false, omp.requires = #omp<clause_requires none>, omp.target_triples = [], omp.version = #omp.version<version = 52>} {
  omp.private {type = private} @_QFc2Ei_private_i32 : i32
  omp.private {type = private} @_QFc2Ej_private_i32 : i32
  func.func @_QPc2(%arg0: !fir.ref<i32> {fir.bindc_name = "n"}, %arg1: !fir.ref<i32> {fir.bindc_name = "m"}, %arg2: !fir.ref<!fir.array<?x?xf32>> {fir.bindc_name = "a"}, %arg3: !fir.ref<!fir.array<?x?xf32>> {fir.bindc_name = "b"}) {
    %0 = fir.alloca i32
    %1 = fir.alloca i32
    %2 = fir.alloca i32
    %3 = fir.alloca i32
    %4 = fir.alloca i32
    %5 = fir.alloca i32
    %6 = fir.alloca i32
    %7 = fir.alloca i32
    %8 = fir.dummy_scope : !fir.dscope
    %9:2 = hlfir.declare %arg0 dummy_scope %8 arg 1 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFc2En"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
    %10:2 = hlfir.declare %arg1 dummy_scope %8 arg 2 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFc2Em"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
    %11 = fir.alloca i32 {bindc_name = "i", uniq_name = "_QFc2Ei"}
    %12:2 = hlfir.declare %11 {uniq_name = "_QFc2Ei"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    %13 = fir.alloca i32 {bindc_name = "j", uniq_name = "_QFc2Ej"}
    %14:2 = hlfir.declare %13 {uniq_name = "_QFc2Ej"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    %15 = fir.load %9#0 : !fir.ref<i32>
    fir.store %15 to %0 : !fir.ref<i32>
    fir.store %15 to %4 : !fir.ref<i32>
    %16 = fir.convert %15 : (i32) -> i64
    %17 = fir.convert %16 : (i64) -> index
    %c0 = arith.constant 0 : index
    %18 = arith.cmpi sgt, %17, %c0 : index
    %19 = arith.select %18, %17, %c0 : index
    %20 = fir.load %10#0 : !fir.ref<i32>
    fir.store %20 to %1 : !fir.ref<i32>
    fir.store %20 to %5 : !fir.ref<i32>
    %21 = fir.convert %20 : (i32) -> i64
    %22 = fir.convert %21 : (i64) -> index
    %c0_0 = arith.constant 0 : index
    %23 = arith.cmpi sgt, %22, %c0_0 : index
    %24 = arith.select %23, %22, %c0_0 : index
    %25 = fir.shape %19, %24 : (index, index) -> !fir.shape<2>
    %26:2 = hlfir.declare %arg2(%25) dummy_scope %8 arg 3 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFc2Ea"} : (!fir.ref<!fir.array<?x?xf32>>, !fir.shape<2>, !fir.dscope) -> (!fir.box<!fir.array<?x?xf32>>, !fir.ref<!fir.array<?x?xf32>>)
    %27 = fir.load %9#0 : !fir.ref<i32>
    fir.store %27 to %2 : !fir.ref<i32>
    fir.store %27 to %6 : !fir.ref<i32>
    %28 = fir.convert %27 : (i32) -> i64
    %29 = fir.convert %28 : (i64) -> index
    %c0_1 = arith.constant 0 : index
    %30 = arith.cmpi sgt, %29, %c0_1 : index
    %31 = arith.select %30, %29, %c0_1 : index
    %32 = fir.load %10#0 : !fir.ref<i32>
    fir.store %32 to %3 : !fir.ref<i32>
    fir.store %32 to %7 : !fir.ref<i32>
    %33 = fir.convert %32 : (i32) -> i64
    %34 = fir.convert %33 : (i64) -> index
    %c0_2 = arith.constant 0 : index
    %35 = arith.cmpi sgt, %34, %c0_2 : index
    %36 = arith.select %35, %34, %c0_2 : index
    %37 = fir.shape %31, %36 : (index, index) -> !fir.shape<2>
    %38:2 = hlfir.declare %arg3(%37) dummy_scope %8 arg 4 {fortran_attrs = #fir.var_attrs<intent_out>, uniq_name = "_QFc2Eb"} : (!fir.ref<!fir.array<?x?xf32>>, !fir.shape<2>, !fir.dscope) -> (!fir.box<!fir.array<?x?xf32>>, !fir.ref<!fir.array<?x?xf32>>)
    %c1_i32 = arith.constant 1 : i32
    %39 = fir.load %10#0 : !fir.ref<i32>
    %c1_i32_3 = arith.constant 1 : i32
    %c1_i32_4 = arith.constant 1 : i32
    %40 = fir.load %9#0 : !fir.ref<i32>
    %c1_i32_5 = arith.constant 1 : i32
    %c1 = arith.constant 1 : index
    %c0_6 = arith.constant 0 : index
    %41:3 = fir.box_dims %26#0, %c0_6 : (!fir.box<!fir.array<?x?xf32>>, index) -> (index, index, index)
    %c0_7 = arith.constant 0 : index
    %42 = arith.subi %41#1, %c1 : index
    %43 = omp.map.bounds lower_bound(%c0_7 : index) upper_bound(%42 : index) extent(%41#1 : index) stride(%41#2 : index) start_idx(%c1 : index) {stride_in_bytes = true}
    %44 = arith.muli %41#2, %41#1 : index
    %c1_8 = arith.constant 1 : index
    %45:3 = fir.box_dims %26#0, %c1_8 : (!fir.box<!fir.array<?x?xf32>>, index) -> (index, index, index)
    %c0_9 = arith.constant 0 : index
    %46 = arith.subi %45#1, %c1 : index
    %47 = omp.map.bounds lower_bound(%c0_9 : index) upper_bound(%46 : index) extent(%45#1 : index) stride(%44 : index) start_idx(%c1 : index) {stride_in_bytes = true}
    %48 = omp.map.info var_ptr(%26#1 : !fir.ref<!fir.array<?x?xf32>>, f32) map_clauses(to) capture(ByRef) bounds(%43, %47) -> !fir.ref<!fir.array<?x?xf32>> {name = "a"}
    %c1_10 = arith.constant 1 : index
    %c0_11 = arith.constant 0 : index
    %49:3 = fir.box_dims %38#0, %c0_11 : (!fir.box<!fir.array<?x?xf32>>, index) -> (index, index, index)
    %c0_12 = arith.constant 0 : index
    %50 = arith.subi %49#1, %c1_10 : index
    %51 = omp.map.bounds lower_bound(%c0_12 : index) upper_bound(%50 : index) extent(%49#1 : index) stride(%49#2 : index) start_idx(%c1_10 : index) {stride_in_bytes = true}
    %52 = arith.muli %49#2, %49#1 : index
    %c1_13 = arith.constant 1 : index
    %53:3 = fir.box_dims %38#0, %c1_13 : (!fir.box<!fir.array<?x?xf32>>, index) -> (index, index, index)
    %c0_14 = arith.constant 0 : index
    %54 = arith.subi %53#1, %c1_10 : index
    %55 = omp.map.bounds lower_bound(%c0_14 : index) upper_bound(%54 : index) extent(%53#1 : index) stride(%52 : index) start_idx(%c1_10 : index) {stride_in_bytes = true}
    %56 = omp.map.info var_ptr(%38#1 : !fir.ref<!fir.array<?x?xf32>>, f32) map_clauses(from) capture(ByRef) bounds(%51, %55) -> !fir.ref<!fir.array<?x?xf32>> {name = "b"}
    %57 = omp.map.info var_ptr(%14#1 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = "j"}
    %58 = omp.map.info var_ptr(%10#1 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = "m"}
    %59 = omp.map.info var_ptr(%12#1 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = "i"}
    %60 = omp.map.info var_ptr(%9#1 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = "n"}
    %61 = omp.map.info var_ptr(%7 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = ""}
    %62 = omp.map.info var_ptr(%6 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = ""}
    %63 = omp.map.info var_ptr(%5 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = ""}
    %64 = omp.map.info var_ptr(%4 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = ""}
    omp.target host_eval(%c1_i32 -> %arg4, %c1_i32_4 -> %arg5, %39 -> %arg6, %40 -> %arg7, %c1_i32_3 -> %arg8, %c1_i32_5 -> %arg9 : i32, i32, i32, i32, i32, i32) map_entries(%48 -> %arg10, %56 -> %arg11, %57 -> %arg12, %58 -> %arg13, %59 -> %arg14, %60 -> %arg15, %61 -> %arg16, %62 -> %arg17, %63 -> %arg18, %64 -> %arg19 : !fir.ref<!fir.array<?x?xf32>>, !fir.ref<!fir.array<?x?xf32>>, !fir.ref<i32>, !fir.ref<i32>, !fir.ref<i32>, !fir.ref<i32>, !fir.ref<i32>, !fir.ref<i32>, !fir.ref<i32>, !fir.ref<i32>) {
      %91 = fir.load %arg19 : !fir.ref<i32>
      %92 = fir.load %arg18 : !fir.ref<i32>
      %93 = fir.load %arg17 : !fir.ref<i32>
      %94 = fir.load %arg16 : !fir.ref<i32>
      %95 = fir.convert %94 : (i32) -> i64
      %96 = fir.convert %93 : (i32) -> i64
      %97 = fir.convert %92 : (i32) -> i64
      %98 = fir.convert %91 : (i32) -> i64
      %c0_29 = arith.constant 0 : index
      %99 = fir.convert %98 : (i64) -> index
      %100 = arith.cmpi sgt, %99, %c0_29 : index
      %c0_30 = arith.constant 0 : index
      %101 = fir.convert %97 : (i64) -> index
      %102 = arith.cmpi sgt, %101, %c0_30 : index
      %c0_31 = arith.constant 0 : index
      %103 = fir.convert %96 : (i64) -> index
      %104 = arith.cmpi sgt, %103, %c0_31 : index
      %c0_32 = arith.constant 0 : index
      %105 = fir.convert %95 : (i64) -> index
      %106 = arith.cmpi sgt, %105, %c0_32 : index
      %107 = arith.select %106, %105, %c0_32 : index
      %108 = arith.select %104, %103, %c0_31 : index
      %109 = arith.select %102, %101, %c0_30 : index
      %110 = arith.select %100, %99, %c0_29 : index
      %111 = fir.shape %110, %109 : (index, index) -> !fir.shape<2>
      %112:2 = hlfir.declare %arg10(%111) {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFc2Ea"} : (!fir.ref<!fir.array<?x?xf32>>, !fir.shape<2>) -> (!fir.box<!fir.array<?x?xf32>>, !fir.ref<!fir.array<?x?xf32>>)
      %113 = fir.shape %108, %107 : (index, index) -> !fir.shape<2>
      %114:2 = hlfir.declare %arg11(%113) {fortran_attrs = #fir.var_attrs<intent_out>, uniq_name = "_QFc2Eb"} : (!fir.ref<!fir.array<?x?xf32>>, !fir.shape<2>) -> (!fir.box<!fir.array<?x?xf32>>, !fir.ref<!fir.array<?x?xf32>>)
      %115:2 = hlfir.declare %arg12 {uniq_name = "_QFc2Ej"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
      %116:2 = hlfir.declare %arg13 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFc2Em"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
      %117:2 = hlfir.declare %arg14 {uniq_name = "_QFc2Ei"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
      %118:2 = hlfir.declare %arg15 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFc2En"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
      omp.teams {
        omp.parallel private(@_QFc2Ej_private_i32 %115#0 -> %arg20, @_QFc2Ei_private_i32 %117#0 -> %arg21 : !fir.ref<i32>, !fir.ref<i32>) {
          %119:2 = hlfir.declare %arg20 {uniq_name = "_QFc2Ej"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
          %120:2 = hlfir.declare %arg21 {uniq_name = "_QFc2Ei"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
          omp.distribute {
            omp.wsloop {
              omp.loop_nest (%arg22, %arg23) : i32 = (%arg4, %arg5) to (%arg6, %arg7) inclusive step (%arg8, %arg9) collapse(2) {
                hlfir.assign %arg22 to %119#0 : i32, !fir.ref<i32>
                hlfir.assign %arg23 to %120#0 : i32, !fir.ref<i32>
                %121 = fir.load %120#0 : !fir.ref<i32>
                %122 = fir.convert %121 : (i32) -> i64
                %123 = fir.load %119#0 : !fir.ref<i32>
                %124 = fir.convert %123 : (i32) -> i64
                %125 = hlfir.designate %112#0 (%122, %124)  : (!fir.box<!fir.array<?x?xf32>>, i64, i64) -> !fir.ref<f32>
                %126 = fir.load %125 : !fir.ref<f32>
                %cst = arith.constant 2.000000e+00 : f32
                %127 = arith.mulf %126, %cst fastmath<contract> : f32
                %128 = fir.load %120#0 : !fir.ref<i32>
                %129 = fir.convert %128 : (i32) -> i64
                %130 = fir.load %119#0 : !fir.ref<i32>
                %131 = fir.convert %130 : (i32) -> i64
                %132 = hlfir.designate %114#0 (%129, %131)  : (!fir.box<!fir.array<?x?xf32>>, i64, i64) -> !fir.ref<f32>
                hlfir.assign %127 to %132 : f32, !fir.ref<f32>
                omp.yield
              }
            } {omp.composite}
          } {omp.composite}
          omp.terminator
        } {omp.composite}
        omp.terminator
      }
      omp.terminator
    }
    %c1_i32_15 = arith.constant 1 : i32
    %65 = fir.load %10#0 : !fir.ref<i32>
    %c1_i32_16 = arith.constant 1 : i32
    %c1_i32_17 = arith.constant 1 : i32
    %66 = fir.load %9#0 : !fir.ref<i32>
    %c1_i32_18 = arith.constant 1 : i32
    %c1_19 = arith.constant 1 : index
    %c0_20 = arith.constant 0 : index
    %67:3 = fir.box_dims %26#0, %c0_20 : (!fir.box<!fir.array<?x?xf32>>, index) -> (index, index, index)
    %c0_21 = arith.constant 0 : index
    %68 = arith.subi %67#1, %c1_19 : index
    %69 = omp.map.bounds lower_bound(%c0_21 : index) upper_bound(%68 : index) extent(%67#1 : index) stride(%67#2 : index) start_idx(%c1_19 : index) {stride_in_bytes = true}
    %70 = arith.muli %67#2, %67#1 : index
    %c1_22 = arith.constant 1 : index
    %71:3 = fir.box_dims %26#0, %c1_22 : (!fir.box<!fir.array<?x?xf32>>, index) -> (index, index, index)
    %c0_23 = arith.constant 0 : index
    %72 = arith.subi %71#1, %c1_19 : index
    %73 = omp.map.bounds lower_bound(%c0_23 : index) upper_bound(%72 : index) extent(%71#1 : index) stride(%70 : index) start_idx(%c1_19 : index) {stride_in_bytes = true}
    %74 = omp.map.info var_ptr(%26#1 : !fir.ref<!fir.array<?x?xf32>>, f32) map_clauses(to) capture(ByRef) bounds(%69, %73) -> !fir.ref<!fir.array<?x?xf32>> {name = "a"}
    %c1_24 = arith.constant 1 : index
    %c0_25 = arith.constant 0 : index
    %75:3 = fir.box_dims %38#0, %c0_25 : (!fir.box<!fir.array<?x?xf32>>, index) -> (index, index, index)
    %c0_26 = arith.constant 0 : index
    %76 = arith.subi %75#1, %c1_24 : index
    %77 = omp.map.bounds lower_bound(%c0_26 : index) upper_bound(%76 : index) extent(%75#1 : index) stride(%75#2 : index) start_idx(%c1_24 : index) {stride_in_bytes = true}
    %78 = arith.muli %75#2, %75#1 : index
    %c1_27 = arith.constant 1 : index
    %79:3 = fir.box_dims %38#0, %c1_27 : (!fir.box<!fir.array<?x?xf32>>, index) -> (index, index, index)
    %c0_28 = arith.constant 0 : index
    %80 = arith.subi %79#1, %c1_24 : index
    %81 = omp.map.bounds lower_bound(%c0_28 : index) upper_bound(%80 : index) extent(%79#1 : index) stride(%78 : index) start_idx(%c1_24 : index) {stride_in_bytes = true}
    %82 = omp.map.info var_ptr(%38#1 : !fir.ref<!fir.array<?x?xf32>>, f32) map_clauses(tofrom) capture(ByRef) bounds(%77, %81) -> !fir.ref<!fir.array<?x?xf32>> {name = "b"}
    %83 = omp.map.info var_ptr(%14#1 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = "j"}
    %84 = omp.map.info var_ptr(%10#1 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = "m"}
    %85 = omp.map.info var_ptr(%12#1 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = "i"}
    %86 = omp.map.info var_ptr(%9#1 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = "n"}
    %87 = omp.map.info var_ptr(%3 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = ""}
    %88 = omp.map.info var_ptr(%2 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = ""}
    %89 = omp.map.info var_ptr(%1 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = ""}
    %90 = omp.map.info var_ptr(%0 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = ""}
    omp.target host_eval(%c1_i32_15 -> %arg4, %c1_i32_17 -> %arg5, %65 -> %arg6, %66 -> %arg7, %c1_i32_16 -> %arg8, %c1_i32_18 -> %arg9 : i32, i32, i32, i32, i32, i32) map_entries(%74 -> %arg10, %82 -> %arg11, %83 -> %arg12, %84 -> %arg13, %85 -> %arg14, %86 -> %arg15, %87 -> %arg16, %88 -> %arg17, %89 -> %arg18, %90 -> %arg19 : !fir.ref<!fir.array<?x?xf32>>, !fir.ref<!fir.array<?x?xf32>>, !fir.ref<i32>, !fir.ref<i32>, !fir.ref<i32>, !fir.ref<i32>, !fir.ref<i32>, !fir.ref<i32>, !fir.ref<i32>, !fir.ref<i32>) {
      %91 = fir.load %arg19 : !fir.ref<i32>
      %92 = fir.load %arg18 : !fir.ref<i32>
      %93 = fir.load %arg17 : !fir.ref<i32>
      %94 = fir.load %arg16 : !fir.ref<i32>
      %95 = fir.convert %94 : (i32) -> i64
      %96 = fir.convert %93 : (i32) -> i64
      %97 = fir.convert %92 : (i32) -> i64
      %98 = fir.convert %91 : (i32) -> i64
      %c0_29 = arith.constant 0 : index
      %99 = fir.convert %98 : (i64) -> index
      %100 = arith.cmpi sgt, %99, %c0_29 : index
      %c0_30 = arith.constant 0 : index
      %101 = fir.convert %97 : (i64) -> index
      %102 = arith.cmpi sgt, %101, %c0_30 : index
      %c0_31 = arith.constant 0 : index
      %103 = fir.convert %96 : (i64) -> index
      %104 = arith.cmpi sgt, %103, %c0_31 : index
      %c0_32 = arith.constant 0 : index
      %105 = fir.convert %95 : (i64) -> index
      %106 = arith.cmpi sgt, %105, %c0_32 : index
      %107 = arith.select %106, %105, %c0_32 : index
      %108 = arith.select %104, %103, %c0_31 : index
      %109 = arith.select %102, %101, %c0_30 : index
      %110 = arith.select %100, %99, %c0_29 : index
      %111 = fir.shape %110, %109 : (index, index) -> !fir.shape<2>
      %112:2 = hlfir.declare %arg10(%111) {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFc2Ea"} : (!fir.ref<!fir.array<?x?xf32>>, !fir.shape<2>) -> (!fir.box<!fir.array<?x?xf32>>, !fir.ref<!fir.array<?x?xf32>>)
      %113 = fir.shape %108, %107 : (index, index) -> !fir.shape<2>
      %114:2 = hlfir.declare %arg11(%113) {fortran_attrs = #fir.var_attrs<intent_out>, uniq_name = "_QFc2Eb"} : (!fir.ref<!fir.array<?x?xf32>>, !fir.shape<2>) -> (!fir.box<!fir.array<?x?xf32>>, !fir.ref<!fir.array<?x?xf32>>)
      %115:2 = hlfir.declare %arg12 {uniq_name = "_QFc2Ej"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
      %116:2 = hlfir.declare %arg13 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFc2Em"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
      %117:2 = hlfir.declare %arg14 {uniq_name = "_QFc2Ei"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
      %118:2 = hlfir.declare %arg15 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFc2En"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
      omp.teams {
        omp.parallel private(@_QFc2Ej_private_i32 %115#0 -> %arg20, @_QFc2Ei_private_i32 %117#0 -> %arg21 : !fir.ref<i32>, !fir.ref<i32>) {
          %119:2 = hlfir.declare %arg20 {uniq_name = "_QFc2Ej"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
          %120:2 = hlfir.declare %arg21 {uniq_name = "_QFc2Ei"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
          omp.distribute {
            omp.wsloop {
              omp.loop_nest (%arg22, %arg23) : i32 = (%arg4, %arg5) to (%arg6, %arg7) inclusive step (%arg8, %arg9) collapse(2) {
                hlfir.assign %arg22 to %119#0 : i32, !fir.ref<i32>
                hlfir.assign %arg23 to %120#0 : i32, !fir.ref<i32>
                %121 = fir.load %120#0 : !fir.ref<i32>
                %122 = fir.convert %121 : (i32) -> i64
                %123 = fir.load %119#0 : !fir.ref<i32>
                %124 = fir.convert %123 : (i32) -> i64
                %125 = hlfir.designate %114#0 (%122, %124)  : (!fir.box<!fir.array<?x?xf32>>, i64, i64) -> !fir.ref<f32>
                %126 = fir.load %125 : !fir.ref<f32>
                %127 = fir.load %120#0 : !fir.ref<i32>
                %128 = fir.convert %127 : (i32) -> i64
                %129 = fir.load %119#0 : !fir.ref<i32>
                %130 = fir.convert %129 : (i32) -> i64
                %131 = hlfir.designate %112#0 (%128, %130)  : (!fir.box<!fir.array<?x?xf32>>, i64, i64) -> !fir.ref<f32>
                %132 = fir.load %131 : !fir.ref<f32>
                %133 = arith.addf %126, %132 fastmath<contract> : f32
                %134 = fir.load %120#0 : !fir.ref<i32>
                %135 = fir.convert %134 : (i32) -> i64
                %136 = fir.load %119#0 : !fir.ref<i32>
                %137 = fir.convert %136 : (i32) -> i64
                %138 = hlfir.designate %114#0 (%135, %137)  : (!fir.box<!fir.array<?x?xf32>>, i64, i64) -> !fir.ref<f32>
                hlfir.assign %133 to %138 : f32, !fir.ref<f32>
                omp.yield
              }
            } {omp.composite}
          } {omp.composite}
          omp.terminator
        } {omp.composite}
        omp.terminator
      }
      omp.terminator
    }
    return
  }
}
