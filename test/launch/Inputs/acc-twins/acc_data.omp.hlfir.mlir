module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, fir.defaultkind = "a1c4d8i4l4r4", fir.kindmap = "", llvm.data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", llvm.ident = "Debian flang version 22.1.8", llvm.target_triple = "x86_64-pc-linux-gnu", omp.is_gpu = false, omp.is_target_device = false, omp.requires = #omp<clause_requires none>, omp.target_triples = [], omp.version = #omp.version<version = 52>} {
  omp.private {type = private} @_QFdata_regionEi_private_i32 : i32
  func.func @_QPdata_region(%arg0: !fir.ref<i32> {fir.bindc_name = "n"}, %arg1: !fir.ref<!fir.array<?xf32>> {fir.bindc_name = "a"}, %arg2: !fir.ref<!fir.array<?xf32>> {fir.bindc_name = "b"}, %arg3: !fir.ref<!fir.array<?xf32>> {fir.bindc_name = "c"}) {
    %0 = fir.alloca i32
    %1 = fir.alloca i32
    %2 = fir.alloca i32
    %3 = fir.alloca i32
    %4 = fir.alloca i32
    %5 = fir.alloca i32
    %6 = fir.alloca i32
    %7 = fir.dummy_scope : !fir.dscope
    %8:2 = hlfir.declare %arg0 dummy_scope %7 arg 1 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFdata_regionEn"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
    %9 = fir.alloca i32 {bindc_name = "i", uniq_name = "_QFdata_regionEi"}
    %10:2 = hlfir.declare %9 {uniq_name = "_QFdata_regionEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    %11 = fir.load %8#0 : !fir.ref<i32>
    fir.store %11 to %1 : !fir.ref<i32>
    fir.store %11 to %5 : !fir.ref<i32>
    %12 = fir.convert %11 : (i32) -> i64
    %13 = fir.convert %12 : (i64) -> index
    %c0 = arith.constant 0 : index
    %14 = arith.cmpi sgt, %13, %c0 : index
    %15 = arith.select %14, %13, %c0 : index
    %16 = fir.shape %15 : (index) -> !fir.shape<1>
    %17:2 = hlfir.declare %arg1(%16) dummy_scope %7 arg 2 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFdata_regionEa"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
    %18 = fir.load %8#0 : !fir.ref<i32>
    fir.store %18 to %0 : !fir.ref<i32>
    fir.store %18 to %3 : !fir.ref<i32>
    %19 = fir.convert %18 : (i32) -> i64
    %20 = fir.convert %19 : (i64) -> index
    %c0_0 = arith.constant 0 : index
    %21 = arith.cmpi sgt, %20, %c0_0 : index
    %22 = arith.select %21, %20, %c0_0 : index
    %23 = fir.shape %22 : (index) -> !fir.shape<1>
    %24:2 = hlfir.declare %arg2(%23) dummy_scope %7 arg 3 {fortran_attrs = #fir.var_attrs<intent_out>, uniq_name = "_QFdata_regionEb"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
    %25 = fir.load %8#0 : !fir.ref<i32>
    fir.store %25 to %4 : !fir.ref<i32>
    %26 = fir.convert %25 : (i32) -> i64
    %27 = fir.convert %26 : (i64) -> index
    %c0_1 = arith.constant 0 : index
    %28 = arith.cmpi sgt, %27, %c0_1 : index
    %29 = arith.select %28, %27, %c0_1 : index
    %30 = fir.shape %29 : (index) -> !fir.shape<1>
    %31:2 = hlfir.declare %arg3(%30) dummy_scope %7 arg 4 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFdata_regionEc"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
    %32 = fir.load %8#0 : !fir.ref<i32>
    fir.store %32 to %2 : !fir.ref<i32>
    fir.store %32 to %6 : !fir.ref<i32>
    %33 = fir.convert %32 : (i32) -> i64
    %34 = fir.convert %33 : (i64) -> index
    %c0_2 = arith.constant 0 : index
    %35 = arith.cmpi sgt, %34, %c0_2 : index
    %36 = arith.select %35, %34, %c0_2 : index
    %37 = fir.alloca !fir.array<?xf32>, %36 {bindc_name = "tmp", uniq_name = "_QFdata_regionEtmp"}
    %38 = fir.shape %36 : (index) -> !fir.shape<1>
    %39:2 = hlfir.declare %37(%38) {uniq_name = "_QFdata_regionEtmp"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
    %c1 = arith.constant 1 : index
    %c0_3 = arith.constant 0 : index
    %40:3 = fir.box_dims %17#0, %c0_3 : (!fir.box<!fir.array<?xf32>>, index) -> (index, index, index)
    %c0_4 = arith.constant 0 : index
    %41 = arith.subi %40#1, %c1 : index
    %42 = omp.map.bounds lower_bound(%c0_4 : index) upper_bound(%41 : index) extent(%40#1 : index) stride(%40#2 : index) start_idx(%c1 : index) {stride_in_bytes = true}
    %43 = omp.map.info var_ptr(%17#1 : !fir.ref<!fir.array<?xf32>>, f32) map_clauses(to) capture(ByRef) bounds(%42) -> !fir.ref<!fir.array<?xf32>> {name = "a"}
    %c1_5 = arith.constant 1 : index
    %c0_6 = arith.constant 0 : index
    %44:3 = fir.box_dims %24#0, %c0_6 : (!fir.box<!fir.array<?xf32>>, index) -> (index, index, index)
    %c0_7 = arith.constant 0 : index
    %45 = arith.subi %44#1, %c1_5 : index
    %46 = omp.map.bounds lower_bound(%c0_7 : index) upper_bound(%45 : index) extent(%44#1 : index) stride(%44#2 : index) start_idx(%c1_5 : index) {stride_in_bytes = true}
    %47 = omp.map.info var_ptr(%24#1 : !fir.ref<!fir.array<?xf32>>, f32) map_clauses(from) capture(ByRef) bounds(%46) -> !fir.ref<!fir.array<?xf32>> {name = "b"}
    %c1_8 = arith.constant 1 : index
    %c0_9 = arith.constant 0 : index
    %48:3 = fir.box_dims %39#0, %c0_9 : (!fir.box<!fir.array<?xf32>>, index) -> (index, index, index)
    %c0_10 = arith.constant 0 : index
    %49 = arith.subi %48#1, %c1_8 : index
    %50 = omp.map.bounds lower_bound(%c0_10 : index) upper_bound(%49 : index) extent(%48#1 : index) stride(%48#2 : index) start_idx(%c1_8 : index) {stride_in_bytes = true}
    %51 = omp.map.info var_ptr(%39#1 : !fir.ref<!fir.array<?xf32>>, f32) map_clauses(storage) capture(ByRef) bounds(%50) -> !fir.ref<!fir.array<?xf32>> {name = "tmp"}
    %c1_11 = arith.constant 1 : index
    %c0_12 = arith.constant 0 : index
    %52:3 = fir.box_dims %31#0, %c0_12 : (!fir.box<!fir.array<?xf32>>, index) -> (index, index, index)
    %c0_13 = arith.constant 0 : index
    %53 = arith.subi %52#1, %c1_11 : index
    %54 = omp.map.bounds lower_bound(%c0_13 : index) upper_bound(%53 : index) extent(%52#1 : index) stride(%52#2 : index) start_idx(%c1_11 : index) {stride_in_bytes = true}
    %55 = omp.map.info var_ptr(%31#1 : !fir.ref<!fir.array<?xf32>>, f32) map_clauses(tofrom) capture(ByRef) bounds(%54) -> !fir.ref<!fir.array<?xf32>> {name = "c"}
    omp.target_data map_entries(%43, %47, %51, %55 : !fir.ref<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>) {
      %c1_i32_20 = arith.constant 1 : i32
      %77 = fir.load %8#0 : !fir.ref<i32>
      %c1_i32_21 = arith.constant 1 : i32
      %c1_22 = arith.constant 1 : index
      %c0_23 = arith.constant 0 : index
      %78:3 = fir.box_dims %17#0, %c0_23 : (!fir.box<!fir.array<?xf32>>, index) -> (index, index, index)
      %c0_24 = arith.constant 0 : index
      %79 = arith.subi %78#1, %c1_22 : index
      %80 = omp.map.bounds lower_bound(%c0_24 : index) upper_bound(%79 : index) extent(%78#1 : index) stride(%78#2 : index) start_idx(%c1_22 : index) {stride_in_bytes = true}
      %81 = omp.map.info var_ptr(%17#1 : !fir.ref<!fir.array<?xf32>>, f32) map_clauses(present, storage) capture(ByRef) bounds(%80) -> !fir.ref<!fir.array<?xf32>> {name = "a"}
      %c1_25 = arith.constant 1 : index
      %c0_26 = arith.constant 0 : index
      %82:3 = fir.box_dims %39#0, %c0_26 : (!fir.box<!fir.array<?xf32>>, index) -> (index, index, index)
      %c0_27 = arith.constant 0 : index
      %83 = arith.subi %82#1, %c1_25 : index
      %84 = omp.map.bounds lower_bound(%c0_27 : index) upper_bound(%83 : index) extent(%82#1 : index) stride(%82#2 : index) start_idx(%c1_25 : index) {stride_in_bytes = true}
      %85 = omp.map.info var_ptr(%39#1 : !fir.ref<!fir.array<?xf32>>, f32) map_clauses(present, storage) capture(ByRef) bounds(%84) -> !fir.ref<!fir.array<?xf32>> {name = "tmp"}
      %86 = omp.map.info var_ptr(%10#1 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = "i"}
      %87 = omp.map.info var_ptr(%8#1 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = "n"}
      %88 = omp.map.info var_ptr(%6 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = ""}
      %89 = omp.map.info var_ptr(%5 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = ""}
      omp.target host_eval(%c1_i32_20 -> %arg4, %77 -> %arg5, %c1_i32_21 -> %arg6 : i32, i32, i32) map_entries(%81 -> %arg7, %85 -> %arg8, %86 -> %arg9, %87 -> %arg10, %88 -> %arg11, %89 -> %arg12 : !fir.ref<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>, !fir.ref<i32>, !fir.ref<i32>, !fir.ref<i32>, !fir.ref<i32>) {
        %108 = fir.load %arg12 : !fir.ref<i32>
        %109 = fir.load %arg11 : !fir.ref<i32>
        %110 = fir.convert %109 : (i32) -> i64
        %111 = fir.convert %108 : (i32) -> i64
        %c0_39 = arith.constant 0 : index
        %112 = fir.convert %111 : (i64) -> index
        %113 = arith.cmpi sgt, %112, %c0_39 : index
        %c0_40 = arith.constant 0 : index
        %114 = fir.convert %110 : (i64) -> index
        %115 = arith.cmpi sgt, %114, %c0_40 : index
        %116 = arith.select %115, %114, %c0_40 : index
        %117 = arith.select %113, %112, %c0_39 : index
        %118 = fir.shape %117 : (index) -> !fir.shape<1>
        %119:2 = hlfir.declare %arg7(%118) {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFdata_regionEa"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
        %120 = fir.shape %116 : (index) -> !fir.shape<1>
        %121:2 = hlfir.declare %arg8(%120) {uniq_name = "_QFdata_regionEtmp"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
        %122:2 = hlfir.declare %arg9 {uniq_name = "_QFdata_regionEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
        %123:2 = hlfir.declare %arg10 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFdata_regionEn"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
        omp.teams {
          omp.parallel private(@_QFdata_regionEi_private_i32 %122#0 -> %arg13 : !fir.ref<i32>) {
            %124:2 = hlfir.declare %arg13 {uniq_name = "_QFdata_regionEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
            omp.distribute {
              omp.wsloop {
                omp.loop_nest (%arg14) : i32 = (%arg4) to (%arg5) inclusive step (%arg6) {
                  hlfir.assign %arg14 to %124#0 : i32, !fir.ref<i32>
                  %125 = fir.load %124#0 : !fir.ref<i32>
                  %126 = fir.convert %125 : (i32) -> i64
                  %127 = hlfir.designate %119#0 (%126)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
                  %128 = fir.load %127 : !fir.ref<f32>
                  %cst = arith.constant 2.000000e+00 : f32
                  %129 = arith.mulf %128, %cst fastmath<contract> : f32
                  %130 = fir.load %124#0 : !fir.ref<i32>
                  %131 = fir.convert %130 : (i32) -> i64
                  %132 = hlfir.designate %121#0 (%131)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
                  hlfir.assign %129 to %132 : f32, !fir.ref<f32>
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
      %c1_i32_28 = arith.constant 1 : i32
      %90 = fir.load %8#0 : !fir.ref<i32>
      %c1_i32_29 = arith.constant 1 : i32
      %c1_30 = arith.constant 1 : index
      %c0_31 = arith.constant 0 : index
      %91:3 = fir.box_dims %39#0, %c0_31 : (!fir.box<!fir.array<?xf32>>, index) -> (index, index, index)
      %c0_32 = arith.constant 0 : index
      %92 = arith.subi %91#1, %c1_30 : index
      %93 = omp.map.bounds lower_bound(%c0_32 : index) upper_bound(%92 : index) extent(%91#1 : index) stride(%91#2 : index) start_idx(%c1_30 : index) {stride_in_bytes = true}
      %94 = omp.map.info var_ptr(%39#1 : !fir.ref<!fir.array<?xf32>>, f32) map_clauses(present, storage) capture(ByRef) bounds(%93) -> !fir.ref<!fir.array<?xf32>> {name = "tmp"}
      %c1_33 = arith.constant 1 : index
      %c0_34 = arith.constant 0 : index
      %95:3 = fir.box_dims %24#0, %c0_34 : (!fir.box<!fir.array<?xf32>>, index) -> (index, index, index)
      %c0_35 = arith.constant 0 : index
      %96 = arith.subi %95#1, %c1_33 : index
      %97 = omp.map.bounds lower_bound(%c0_35 : index) upper_bound(%96 : index) extent(%95#1 : index) stride(%95#2 : index) start_idx(%c1_33 : index) {stride_in_bytes = true}
      %98 = omp.map.info var_ptr(%24#1 : !fir.ref<!fir.array<?xf32>>, f32) map_clauses(present, storage) capture(ByRef) bounds(%97) -> !fir.ref<!fir.array<?xf32>> {name = "b"}
      %c1_36 = arith.constant 1 : index
      %c0_37 = arith.constant 0 : index
      %99:3 = fir.box_dims %31#0, %c0_37 : (!fir.box<!fir.array<?xf32>>, index) -> (index, index, index)
      %c0_38 = arith.constant 0 : index
      %100 = arith.subi %99#1, %c1_36 : index
      %101 = omp.map.bounds lower_bound(%c0_38 : index) upper_bound(%100 : index) extent(%99#1 : index) stride(%99#2 : index) start_idx(%c1_36 : index) {stride_in_bytes = true}
      %102 = omp.map.info var_ptr(%31#1 : !fir.ref<!fir.array<?xf32>>, f32) map_clauses(storage) capture(ByRef) bounds(%101) -> !fir.ref<!fir.array<?xf32>> {name = "c"}
      %103 = omp.map.info var_ptr(%10#1 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = "i"}
      %104 = omp.map.info var_ptr(%8#1 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = "n"}
      %105 = omp.map.info var_ptr(%4 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = ""}
      %106 = omp.map.info var_ptr(%3 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = ""}
      %107 = omp.map.info var_ptr(%2 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = ""}
      omp.target host_eval(%c1_i32_28 -> %arg4, %90 -> %arg5, %c1_i32_29 -> %arg6 : i32, i32, i32) map_entries(%94 -> %arg7, %98 -> %arg8, %102 -> %arg9, %103 -> %arg10, %104 -> %arg11, %105 -> %arg12, %106 -> %arg13, %107 -> %arg14 : !fir.ref<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>, !fir.ref<i32>, !fir.ref<i32>, !fir.ref<i32>, !fir.ref<i32>, !fir.ref<i32>) {
        %108 = fir.load %arg14 : !fir.ref<i32>
        %109 = fir.load %arg13 : !fir.ref<i32>
        %110 = fir.load %arg12 : !fir.ref<i32>
        %111 = fir.convert %110 : (i32) -> i64
        %112 = fir.convert %109 : (i32) -> i64
        %113 = fir.convert %108 : (i32) -> i64
        %c0_39 = arith.constant 0 : index
        %114 = fir.convert %113 : (i64) -> index
        %115 = arith.cmpi sgt, %114, %c0_39 : index
        %c0_40 = arith.constant 0 : index
        %116 = fir.convert %112 : (i64) -> index
        %117 = arith.cmpi sgt, %116, %c0_40 : index
        %c0_41 = arith.constant 0 : index
        %118 = fir.convert %111 : (i64) -> index
        %119 = arith.cmpi sgt, %118, %c0_41 : index
        %120 = arith.select %119, %118, %c0_41 : index
        %121 = arith.select %117, %116, %c0_40 : index
        %122 = arith.select %115, %114, %c0_39 : index
        %123 = fir.shape %122 : (index) -> !fir.shape<1>
        %124:2 = hlfir.declare %arg7(%123) {uniq_name = "_QFdata_regionEtmp"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
        %125 = fir.shape %121 : (index) -> !fir.shape<1>
        %126:2 = hlfir.declare %arg8(%125) {fortran_attrs = #fir.var_attrs<intent_out>, uniq_name = "_QFdata_regionEb"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
        %127 = fir.shape %120 : (index) -> !fir.shape<1>
        %128:2 = hlfir.declare %arg9(%127) {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFdata_regionEc"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
        %129:2 = hlfir.declare %arg10 {uniq_name = "_QFdata_regionEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
        %130:2 = hlfir.declare %arg11 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFdata_regionEn"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
        omp.teams {
          omp.parallel private(@_QFdata_regionEi_private_i32 %129#0 -> %arg15 : !fir.ref<i32>) {
            %131:2 = hlfir.declare %arg15 {uniq_name = "_QFdata_regionEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
            omp.distribute {
              omp.wsloop {
                omp.loop_nest (%arg16) : i32 = (%arg4) to (%arg5) inclusive step (%arg6) {
                  hlfir.assign %arg16 to %131#0 : i32, !fir.ref<i32>
                  %132 = fir.load %131#0 : !fir.ref<i32>
                  %133 = fir.convert %132 : (i32) -> i64
                  %134 = hlfir.designate %124#0 (%133)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
                  %135 = fir.load %134 : !fir.ref<f32>
                  %136 = fir.load %131#0 : !fir.ref<i32>
                  %137 = fir.convert %136 : (i32) -> i64
                  %138 = hlfir.designate %128#0 (%137)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
                  %139 = fir.load %138 : !fir.ref<f32>
                  %140 = arith.addf %135, %139 fastmath<contract> : f32
                  %141 = fir.load %131#0 : !fir.ref<i32>
                  %142 = fir.convert %141 : (i32) -> i64
                  %143 = hlfir.designate %126#0 (%142)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
                  hlfir.assign %140 to %143 : f32, !fir.ref<f32>
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
      omp.terminator
    }
    %c1_14 = arith.constant 1 : index
    %c0_15 = arith.constant 0 : index
    %56:3 = fir.box_dims %17#0, %c0_15 : (!fir.box<!fir.array<?xf32>>, index) -> (index, index, index)
    %c0_16 = arith.constant 0 : index
    %57 = fir.load %8#0 : !fir.ref<i32>
    %c2_i32 = arith.constant 2 : i32
    %58 = arith.divsi %57, %c2_i32 : i32
    %59 = fir.convert %58 : (i32) -> i64
    %60 = fir.convert %59 : (i64) -> index
    %61 = arith.subi %60, %c1_14 : index
    %62 = omp.map.bounds lower_bound(%c0_16 : index) upper_bound(%61 : index) extent(%15 : index) stride(%56#2 : index) start_idx(%c1_14 : index) {stride_in_bytes = true}
    %63 = omp.map.info var_ptr(%17#1 : !fir.ref<!fir.array<?xf32>>, f32) map_clauses(to) capture(ByRef) bounds(%62) -> !fir.ref<!fir.array<?xf32>> {name = "a(1:n/2_4)"}
    %c1_17 = arith.constant 1 : index
    %c0_18 = arith.constant 0 : index
    %64:3 = fir.box_dims %24#0, %c0_18 : (!fir.box<!fir.array<?xf32>>, index) -> (index, index, index)
    %65 = fir.load %8#0 : !fir.ref<i32>
    %c2_i32_19 = arith.constant 2 : i32
    %66 = arith.divsi %65, %c2_i32_19 : i32
    %c1_i32 = arith.constant 1 : i32
    %67 = arith.addi %66, %c1_i32 : i32
    %68 = fir.convert %67 : (i32) -> i64
    %69 = fir.convert %68 : (i64) -> index
    %70 = arith.subi %69, %c1_17 : index
    %71 = fir.load %8#0 : !fir.ref<i32>
    %72 = fir.convert %71 : (i32) -> i64
    %73 = fir.convert %72 : (i64) -> index
    %74 = arith.subi %73, %c1_17 : index
    %75 = omp.map.bounds lower_bound(%70 : index) upper_bound(%74 : index) extent(%22 : index) stride(%64#2 : index) start_idx(%c1_17 : index) {stride_in_bytes = true}
    %76 = omp.map.info var_ptr(%24#1 : !fir.ref<!fir.array<?xf32>>, f32) map_clauses(from) capture(ByRef) bounds(%75) -> !fir.ref<!fir.array<?xf32>> {name = "b(n/2_4+1_4:n)"}
    omp.target_data map_entries(%63, %76 : !fir.ref<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>) {
      %c1_i32_20 = arith.constant 1 : i32
      %77 = fir.load %8#0 : !fir.ref<i32>
      %c2_i32_21 = arith.constant 2 : i32
      %78 = arith.divsi %77, %c2_i32_21 : i32
      %c1_i32_22 = arith.constant 1 : i32
      %79 = omp.map.info var_ptr(%10#1 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = "i"}
      %80 = omp.map.info var_ptr(%8#1 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = "n"}
      %c1_23 = arith.constant 1 : index
      %c0_24 = arith.constant 0 : index
      %81 = arith.subi %22, %c1_23 : index
      %82 = omp.map.bounds lower_bound(%c0_24 : index) upper_bound(%81 : index) extent(%22 : index) stride(%c1_23 : index) start_idx(%c1_23 : index)
      %83 = omp.map.info var_ptr(%24#1 : !fir.ref<!fir.array<?xf32>>, f32) map_clauses(implicit, tofrom) capture(ByRef) bounds(%82) -> !fir.ref<!fir.array<?xf32>> {name = "b"}
      %c1_25 = arith.constant 1 : index
      %c0_26 = arith.constant 0 : index
      %84 = arith.subi %15, %c1_25 : index
      %85 = omp.map.bounds lower_bound(%c0_26 : index) upper_bound(%84 : index) extent(%15 : index) stride(%c1_25 : index) start_idx(%c1_25 : index)
      %86 = omp.map.info var_ptr(%17#1 : !fir.ref<!fir.array<?xf32>>, f32) map_clauses(implicit, tofrom) capture(ByRef) bounds(%85) -> !fir.ref<!fir.array<?xf32>> {name = "a"}
      %87 = omp.map.info var_ptr(%1 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = ""}
      %88 = omp.map.info var_ptr(%0 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = ""}
      omp.target host_eval(%c1_i32_20 -> %arg4, %78 -> %arg5, %c1_i32_22 -> %arg6 : i32, i32, i32) map_entries(%79 -> %arg7, %80 -> %arg8, %83 -> %arg9, %86 -> %arg10, %87 -> %arg11, %88 -> %arg12 : !fir.ref<i32>, !fir.ref<i32>, !fir.ref<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>, !fir.ref<i32>, !fir.ref<i32>) {
        %89 = fir.load %arg12 : !fir.ref<i32>
        %90 = fir.load %arg11 : !fir.ref<i32>
        %91 = fir.convert %90 : (i32) -> i64
        %92 = fir.convert %89 : (i32) -> i64
        %c0_27 = arith.constant 0 : index
        %93 = fir.convert %92 : (i64) -> index
        %94 = arith.cmpi sgt, %93, %c0_27 : index
        %c0_28 = arith.constant 0 : index
        %95 = fir.convert %91 : (i64) -> index
        %96 = arith.cmpi sgt, %95, %c0_28 : index
        %97 = arith.select %96, %95, %c0_28 : index
        %98 = arith.select %94, %93, %c0_27 : index
        %99:2 = hlfir.declare %arg7 {uniq_name = "_QFdata_regionEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
        %100:2 = hlfir.declare %arg8 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFdata_regionEn"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
        %101 = fir.shape %98 : (index) -> !fir.shape<1>
        %102:2 = hlfir.declare %arg9(%101) {fortran_attrs = #fir.var_attrs<intent_out>, uniq_name = "_QFdata_regionEb"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
        %103 = fir.shape %97 : (index) -> !fir.shape<1>
        %104:2 = hlfir.declare %arg10(%103) {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFdata_regionEa"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
        omp.teams {
          omp.parallel private(@_QFdata_regionEi_private_i32 %99#0 -> %arg13 : !fir.ref<i32>) {
            %105:2 = hlfir.declare %arg13 {uniq_name = "_QFdata_regionEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
            omp.distribute {
              omp.wsloop {
                omp.loop_nest (%arg14) : i32 = (%arg4) to (%arg5) inclusive step (%arg6) {
                  hlfir.assign %arg14 to %105#0 : i32, !fir.ref<i32>
                  %106 = fir.load %105#0 : !fir.ref<i32>
                  %107 = fir.convert %106 : (i32) -> i64
                  %108 = hlfir.designate %104#0 (%107)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
                  %109 = fir.load %108 : !fir.ref<f32>
                  %110 = fir.load %105#0 : !fir.ref<i32>
                  %111 = fir.load %100#0 : !fir.ref<i32>
                  %c2_i32_29 = arith.constant 2 : i32
                  %112 = arith.divsi %111, %c2_i32_29 : i32
                  %113 = arith.addi %110, %112 overflow<nsw> : i32
                  %114 = fir.convert %113 : (i32) -> i64
                  %115 = hlfir.designate %102#0 (%114)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
                  hlfir.assign %109 to %115 : f32, !fir.ref<f32>
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
      omp.terminator
    }
    return
  }
}
