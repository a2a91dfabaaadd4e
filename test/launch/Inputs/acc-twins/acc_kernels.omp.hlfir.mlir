module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, fir.defaultkind = "a1c4d8i4l4r4", fir.kindmap = "", llvm.data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", llvm.ident = "Debian flang version 22.1.8", llvm.target_triple = "x86_64-pc-linux-gnu", omp.is_gpu = false, omp.is_target_device = false, omp.requires = #omp<clause_requires none>, omp.target_triples = [], omp.version = #omp.version<version = 52>} {
  omp.private {type = private} @_QFheatEi_private_i32 : i32
  func.func @_QPheat(%arg0: !fir.ref<i32> {fir.bindc_name = "n"}, %arg1: !fir.ref<!fir.array<?xf64>> {fir.bindc_name = "t"}, %arg2: !fir.ref<!fir.array<?xf64>> {fir.bindc_name = "tnew"}) {
    %0 = fir.alloca i32
    %1 = fir.alloca i32
    %2 = fir.alloca i32
    %3 = fir.dummy_scope : !fir.dscope
    %4 = fir.alloca i32 {bindc_name = "i", uniq_name = "_QFheatEi"}
    %5:2 = hlfir.declare %4 {uniq_name = "_QFheatEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    %6 = fir.alloca i32 {bindc_name = "iter", uniq_name = "_QFheatEiter"}
    %7:2 = hlfir.declare %6 {uniq_name = "_QFheatEiter"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    %8:2 = hlfir.declare %arg0 dummy_scope %3 arg 1 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFheatEn"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
    %9 = fir.load %8#0 : !fir.ref<i32>
    fir.store %9 to %0 : !fir.ref<i32>
    fir.store %9 to %2 : !fir.ref<i32>
    %10 = fir.convert %9 : (i32) -> i64
    %11 = fir.convert %10 : (i64) -> index
    %c0 = arith.constant 0 : index
    %12 = arith.cmpi sgt, %11, %c0 : index
    %13 = arith.select %12, %11, %c0 : index
    %14 = fir.shape %13 : (index) -> !fir.shape<1>
    %15:2 = hlfir.declare %arg1(%14) dummy_scope %3 arg 2 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFheatEt"} : (!fir.ref<!fir.array<?xf64>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf64>>, !fir.ref<!fir.array<?xf64>>)
    %16 = fir.load %8#0 : !fir.ref<i32>
    fir.store %16 to %1 : !fir.ref<i32>
    %17 = fir.convert %16 : (i32) -> i64
    %18 = fir.convert %17 : (i64) -> index
    %c0_0 = arith.constant 0 : index
    %19 = arith.cmpi sgt, %18, %c0_0 : index
    %20 = arith.select %19, %18, %c0_0 : index
    %21 = fir.shape %20 : (index) -> !fir.shape<1>
    %22:2 = hlfir.declare %arg2(%21) dummy_scope %3 arg 3 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFheatEtnew"} : (!fir.ref<!fir.array<?xf64>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf64>>, !fir.ref<!fir.array<?xf64>>)
    %c1 = arith.constant 1 : index
    %c0_1 = arith.constant 0 : index
    %23:3 = fir.box_dims %15#0, %c0_1 : (!fir.box<!fir.array<?xf64>>, index) -> (index, index, index)
    %c0_2 = arith.constant 0 : index
    %24 = arith.subi %23#1, %c1 : index
    %25 = omp.map.bounds lower_bound(%c0_2 : index) upper_bound(%24 : index) extent(%23#1 : index) stride(%23#2 : index) start_idx(%c1 : index) {stride_in_bytes = true}
    %26 = omp.map.info var_ptr(%15#1 : !fir.ref<!fir.array<?xf64>>, f64) map_clauses(tofrom) capture(ByRef) bounds(%25) -> !fir.ref<!fir.array<?xf64>> {name = "t"}
    %c1_3 = arith.constant 1 : index
    %c0_4 = arith.constant 0 : index
    %27:3 = fir.box_dims %22#0, %c0_4 : (!fir.box<!fir.array<?xf64>>, index) -> (index, index, index)
    %c0_5 = arith.constant 0 : index
    %28 = arith.subi %27#1, %c1_3 : index
    %29 = omp.map.bounds lower_bound(%c0_5 : index) upper_bound(%28 : index) extent(%27#1 : index) stride(%27#2 : index) start_idx(%c1_3 : index) {stride_in_bytes = true}
    %30 = omp.map.info var_ptr(%22#1 : !fir.ref<!fir.array<?xf64>>, f64) map_clauses(storage) capture(ByRef) bounds(%29) -> !fir.ref<!fir.array<?xf64>> {name = "tnew"}
    omp.target_data map_entries(%26, %30 : !fir.ref<!fir.array<?xf64>>, !fir.ref<!fir.array<?xf64>>) {
      %39 = omp.map.info var_ptr(%7#1 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = "iter"}
      %40 = omp.map.info var_ptr(%5#1 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = "i"}
      %41 = omp.map.info var_ptr(%8#1 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = "n"}
      %c1_10 = arith.constant 1 : index
      %c0_11 = arith.constant 0 : index
      %42 = arith.subi %20, %c1_10 : index
      %43 = omp.map.bounds lower_bound(%c0_11 : index) upper_bound(%42 : index) extent(%20 : index) stride(%c1_10 : index) start_idx(%c1_10 : index)
      %44 = omp.map.info var_ptr(%22#1 : !fir.ref<!fir.array<?xf64>>, f64) map_clauses(implicit, tofrom) capture(ByRef) bounds(%43) -> !fir.ref<!fir.array<?xf64>> {name = "tnew"}
      %c1_12 = arith.constant 1 : index
      %c0_13 = arith.constant 0 : index
      %45 = arith.subi %13, %c1_12 : index
      %46 = omp.map.bounds lower_bound(%c0_13 : index) upper_bound(%45 : index) extent(%13 : index) stride(%c1_12 : index) start_idx(%c1_12 : index)
      %47 = omp.map.info var_ptr(%15#1 : !fir.ref<!fir.array<?xf64>>, f64) map_clauses(implicit, tofrom) capture(ByRef) bounds(%46) -> !fir.ref<!fir.array<?xf64>> {name = "t"}
      %48 = omp.map.info var_ptr(%2 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = ""}
      %49 = omp.map.info var_ptr(%1 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = ""}
      omp.target map_entries(%39 -> %arg3, %40 -> %arg4, %41 -> %arg5, %44 -> %arg6, %47 -> %arg7, %48 -> %arg8, %49 -> %arg9 : !fir.ref<i32>, !fir.ref<i32>, !fir.ref<i32>, !fir.ref<!fir.array<?xf64>>, !fir.ref<!fir.array<?xf64>>, !fir.ref<i32>, !fir.ref<i32>) {
        %50 = fir.load %arg9 : !fir.ref<i32>
        %51 = fir.load %arg8 : !fir.ref<i32>
        %52 = fir.convert %51 : (i32) -> i64
        %53 = fir.convert %50 : (i32) -> i64
        %c0_14 = arith.constant 0 : index
        %54 = fir.convert %53 : (i64) -> index
        %55 = arith.cmpi sgt, %54, %c0_14 : index
        %c0_15 = arith.constant 0 : index
        %56 = fir.convert %52 : (i64) -> index
        %57 = arith.cmpi sgt, %56, %c0_15 : index
        %58 = arith.select %57, %56, %c0_15 : index
        %59 = arith.select %55, %54, %c0_14 : index
        %60:2 = hlfir.declare %arg3 {uniq_name = "_QFheatEiter"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
        %61:2 = hlfir.declare %arg4 {uniq_name = "_QFheatEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
        %62:2 = hlfir.declare %arg5 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFheatEn"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
        %63 = fir.shape %59 : (index) -> !fir.shape<1>
        %64:2 = hlfir.declare %arg6(%63) {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFheatEtnew"} : (!fir.ref<!fir.array<?xf64>>, !fir.shape<1>) -> (!fir.box<!fir.array<?xf64>>, !fir.ref<!fir.array<?xf64>>)
        %65 = fir.shape %58 : (index) -> !fir.shape<1>
        %66:2 = hlfir.declare %arg7(%65) {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFheatEt"} : (!fir.ref<!fir.array<?xf64>>, !fir.shape<1>) -> (!fir.box<!fir.array<?xf64>>, !fir.ref<!fir.array<?xf64>>)
        %c1_i32_16 = arith.constant 1 : i32
        %67 = fir.convert %c1_i32_16 : (i32) -> index
        %c10_i32 = arith.constant 10 : i32
        %68 = fir.convert %c10_i32 : (i32) -> index
        %c1_17 = arith.constant 1 : index
        %69 = fir.convert %67 : (index) -> i32
        %70 = fir.do_loop %arg10 = %67 to %68 step %c1_17 iter_args(%arg11 = %69) -> (i32) {
          fir.store %arg11 to %60#0 : !fir.ref<i32>
          %c2_i32 = arith.constant 2 : i32
          %71 = fir.convert %c2_i32 : (i32) -> index
          %72 = fir.load %62#0 : !fir.ref<i32>
          %c1_i32_18 = arith.constant 1 : i32
          %73 = arith.subi %72, %c1_i32_18 overflow<nsw> : i32
          %74 = fir.convert %73 : (i32) -> index
          %c1_19 = arith.constant 1 : index
          %75 = fir.convert %71 : (index) -> i32
          %76 = fir.do_loop %arg12 = %71 to %74 step %c1_19 iter_args(%arg13 = %75) -> (i32) {
            fir.store %arg13 to %61#0 : !fir.ref<i32>
            %cst = arith.constant 5.000000e-01 : f64
            %102 = fir.load %61#0 : !fir.ref<i32>
            %c1_i32_27 = arith.constant 1 : i32
            %103 = arith.subi %102, %c1_i32_27 overflow<nsw> : i32
            %104 = fir.convert %103 : (i32) -> i64
            %105 = hlfir.designate %66#0 (%104)  : (!fir.box<!fir.array<?xf64>>, i64) -> !fir.ref<f64>
            %106 = fir.load %105 : !fir.ref<f64>
            %107 = fir.load %61#0 : !fir.ref<i32>
            %c1_i32_28 = arith.constant 1 : i32
            %108 = arith.addi %107, %c1_i32_28 overflow<nsw> : i32
            %109 = fir.convert %108 : (i32) -> i64
            %110 = hlfir.designate %66#0 (%109)  : (!fir.box<!fir.array<?xf64>>, i64) -> !fir.ref<f64>
            %111 = fir.load %110 : !fir.ref<f64>
            %112 = arith.addf %106, %111 fastmath<contract> : f64
            %113 = hlfir.no_reassoc %112 : f64
            %114 = arith.mulf %cst, %113 fastmath<contract> : f64
            %115 = fir.load %61#0 : !fir.ref<i32>
            %116 = fir.convert %115 : (i32) -> i64
            %117 = hlfir.designate %64#0 (%116)  : (!fir.box<!fir.array<?xf64>>, i64) -> !fir.ref<f64>
            hlfir.assign %114 to %117 : f64, !fir.ref<f64>
            %118 = fir.convert %c1_19 : (index) -> i32
            %119 = fir.load %61#0 : !fir.ref<i32>
            %120 = arith.addi %119, %118 overflow<nsw> : i32
            fir.result %120 : i32
          }
          fir.store %76 to %61#0 : !fir.ref<i32>
          %c2 = arith.constant 2 : index
          %77 = fir.load %62#0 : !fir.ref<i32>
          %c1_i32_20 = arith.constant 1 : i32
          %78 = arith.subi %77, %c1_i32_20 overflow<nsw> : i32
          %79 = fir.convert %78 : (i32) -> i64
          %80 = fir.convert %79 : (i64) -> index
          %c1_21 = arith.constant 1 : index
          %c0_22 = arith.constant 0 : index
          %81 = arith.subi %80, %c2 : index
          %82 = arith.addi %81, %c1_21 : index
          %83 = arith.divsi %82, %c1_21 : index
          %84 = arith.cmpi sgt, %83, %c0_22 : index
          %85 = arith.select %84, %83, %c0_22 : index
          %86 = fir.shape %85 : (index) -> !fir.shape<1>
          %87 = hlfir.designate %64#0 (%c2:%80:%c1_21)  shape %86 : (!fir.box<!fir.array<?xf64>>, index, index, index, !fir.shape<1>) -> !fir.box<!fir.array<?xf64>>
          %c2_23 = arith.constant 2 : index
          %88 = fir.load %62#0 : !fir.ref<i32>
          %c1_i32_24 = arith.constant 1 : i32
          %89 = arith.subi %88, %c1_i32_24 overflow<nsw> : i32
          %90 = fir.convert %89 : (i32) -> i64
          %91 = fir.convert %90 : (i64) -> index
          %c1_25 = arith.constant 1 : index
          %c0_26 = arith.constant 0 : index
          %92 = arith.subi %91, %c2_23 : index
          %93 = arith.addi %92, %c1_25 : index
          %94 = arith.divsi %93, %c1_25 : index
          %95 = arith.cmpi sgt, %94, %c0_26 : index
          %96 = arith.select %95, %94, %c0_26 : index
          %97 = fir.shape %96 : (index) -> !fir.shape<1>
          %98 = hlfir.designate %66#0 (%c2_23:%91:%c1_25)  shape %97 : (!fir.box<!fir.array<?xf64>>, index, index, index, !fir.shape<1>) -> !fir.box<!fir.array<?xf64>>
          hlfir.assign %87 to %98 : !fir.box<!fir.array<?xf64>>, !fir.box<!fir.array<?xf64>>
          %99 = fir.convert %c1_17 : (index) -> i32
          %100 = fir.load %60#0 : !fir.ref<i32>
          %101 = arith.addi %100, %99 overflow<nsw> : i32
          fir.result %101 : i32
        }
        fir.store %70 to %60#0 : !fir.ref<i32>
        omp.terminator
      }
      omp.terminator
    }
    %c4_i32 = arith.constant 4 : i32
    %c1_i32 = arith.constant 1 : i32
    %31 = fir.load %8#0 : !fir.ref<i32>
    %c1_i32_6 = arith.constant 1 : i32
    %c1_7 = arith.constant 1 : index
    %c0_8 = arith.constant 0 : index
    %32:3 = fir.box_dims %15#0, %c0_8 : (!fir.box<!fir.array<?xf64>>, index) -> (index, index, index)
    %c0_9 = arith.constant 0 : index
    %33 = arith.subi %32#1, %c1_7 : index
    %34 = omp.map.bounds lower_bound(%c0_9 : index) upper_bound(%33 : index) extent(%32#1 : index) stride(%32#2 : index) start_idx(%c1_7 : index) {stride_in_bytes = true}
    %35 = omp.map.info var_ptr(%15#1 : !fir.ref<!fir.array<?xf64>>, f64) map_clauses(tofrom) capture(ByRef) bounds(%34) -> !fir.ref<!fir.array<?xf64>> {name = "t"}
    %36 = omp.map.info var_ptr(%5#1 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = "i"}
    %37 = omp.map.info var_ptr(%8#1 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = "n"}
    %38 = omp.map.info var_ptr(%0 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = ""}
    omp.target host_eval(%c1_i32 -> %arg3, %31 -> %arg4, %c1_i32_6 -> %arg5, %c4_i32 -> %arg6 : i32, i32, i32, i32) map_entries(%35 -> %arg7, %36 -> %arg8, %37 -> %arg9, %38 -> %arg10 : !fir.ref<!fir.array<?xf64>>, !fir.ref<i32>, !fir.ref<i32>, !fir.ref<i32>) {
      %39 = fir.load %arg10 : !fir.ref<i32>
      %40 = fir.convert %39 : (i32) -> i64
      %c0_10 = arith.constant 0 : index
      %41 = fir.convert %40 : (i64) -> index
      %42 = arith.cmpi sgt, %41, %c0_10 : index
      %43 = arith.select %42, %41, %c0_10 : index
      %44 = fir.shape %43 : (index) -> !fir.shape<1>
      %45:2 = hlfir.declare %arg7(%44) {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFheatEt"} : (!fir.ref<!fir.array<?xf64>>, !fir.shape<1>) -> (!fir.box<!fir.array<?xf64>>, !fir.ref<!fir.array<?xf64>>)
      %46:2 = hlfir.declare %arg8 {uniq_name = "_QFheatEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
      %47:2 = hlfir.declare %arg9 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFheatEn"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
      omp.teams {
        omp.parallel num_threads(%arg6 : i32) private(@_QFheatEi_private_i32 %46#0 -> %arg11 : !fir.ref<i32>) {
          %48:2 = hlfir.declare %arg11 {uniq_name = "_QFheatEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
          omp.distribute {
            omp.wsloop {
              omp.loop_nest (%arg12) : i32 = (%arg3) to (%arg4) inclusive step (%arg5) {
                hlfir.assign %arg12 to %48#0 : i32, !fir.ref<i32>
                %49 = fir.load %48#0 : !fir.ref<i32>
                %50 = fir.convert %49 : (i32) -> i64
                %51 = hlfir.designate %45#0 (%50)  : (!fir.box<!fir.array<?xf64>>, i64) -> !fir.ref<f64>
                %52 = fir.load %51 : !fir.ref<f64>
                %cst = arith.constant 9.000000e-01 : f64
                %53 = arith.mulf %52, %cst fastmath<contract> : f64
                %54 = fir.load %48#0 : !fir.ref<i32>
                %55 = fir.convert %54 : (i32) -> i64
                %56 = hlfir.designate %45#0 (%55)  : (!fir.box<!fir.array<?xf64>>, i64) -> !fir.ref<f64>
                hlfir.assign %53 to %56 : f64, !fir.ref<f64>
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
