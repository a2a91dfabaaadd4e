module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, fir.defaultkind = "a1c4d8i4l4r4", fir.kindmap = "", llvm.data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", llvm.ident = "Debian flang version 22.1.8", llvm.target_triple = "x86_64-pc-linux-gnu", omp.is_gpu = false, omp.is_target_device = false, omp.requires = #omp<clause_requires none>, omp.target_triples = [], omp.version = #omp.version<version = 52>} {
  omp.private {type = private} @_QFext_callerEi_private_i32 : i32
  omp.private {type = private} @_QFnormsEi_private_i32 : i32
  omp.private {type = private} @_QMacc_routinesFrow_normEj_private_i32 : i32
  omp.declare_reduction @add_reduction_f32 : f32 init {
  ^bb0(%arg0: f32):
    %cst = arith.constant 0.000000e+00 : f32
    omp.yield(%cst : f32)
  } combiner {
  ^bb0(%arg0: f32, %arg1: f32):
    %0 = arith.addf %arg0, %arg1 fastmath<contract> : f32
    omp.yield(%0 : f32)
  }
  func.func @_QMacc_routinesPsq(%arg0: !fir.ref<f32> {fir.bindc_name = "x"}) -> f32 attributes {omp.declare_target = #omp.declaretarget<device_type = (any), capture_clause = (to), automap = false>} {
    %0 = fir.dummy_scope : !fir.dscope
    %1 = fir.alloca f32 {bindc_name = "sq", uniq_name = "_QMacc_routinesFsqEsq"}
    %2:2 = hlfir.declare %1 {uniq_name = "_QMacc_routinesFsqEsq"} : (!fir.ref<f32>) -> (!fir.ref<f32>, !fir.ref<f32>)
    %3:2 = hlfir.declare %arg0 dummy_scope %0 arg 1 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QMacc_routinesFsqEx"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
    %4 = fir.load %3#0 : !fir.ref<f32>
    %5 = fir.load %3#0 : !fir.ref<f32>
    %6 = arith.mulf %4, %5 fastmath<contract> : f32
    hlfir.assign %6 to %2#0 : f32, !fir.ref<f32>
    %7 = fir.load %2#0 : !fir.ref<f32>
    return %7 : f32
  }
  func.func @_QMacc_routinesProw_norm(%arg0: !fir.ref<i32> {fir.bindc_name = "m"}, %arg1: !fir.ref<!fir.array<?xf32>> {fir.bindc_name = "row"}, %arg2: !fir.ref<f32> {fir.bindc_name = "r"}) attributes {omp.declare_target = #omp.declaretarget<device_type = (any), capture_clause = (to), automap = false>} {
    %0 = fir.dummy_scope : !fir.dscope
    %1 = fir.alloca i32 {bindc_name = "j", uniq_name = "_QMacc_routinesFrow_normEj"}
    %2:2 = hlfir.declare %1 {uniq_name = "_QMacc_routinesFrow_normEj"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    %3:2 = hlfir.declare %arg0 dummy_scope %0 arg 1 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QMacc_routinesFrow_normEm"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
    %4:2 = hlfir.declare %arg2 dummy_scope %0 arg 3 {fortran_attrs = #fir.var_attrs<intent_out>, uniq_name = "_QMacc_routinesFrow_normEr"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
    %5 = fir.load %3#0 : !fir.ref<i32>
    %6 = fir.convert %5 : (i32) -> i64
    %7 = fir.convert %6 : (i64) -> index
    %c0 = arith.constant 0 : index
    %8 = arith.cmpi sgt, %7, %c0 : index
    %9 = arith.select %8, %7, %c0 : index
    %10 = fir.shape %9 : (index) -> !fir.shape<1>
    %11:2 = hlfir.declare %arg1(%10) dummy_scope %0 arg 2 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QMacc_routinesFrow_normErow"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
    %cst = arith.constant 0.000000e+00 : f32
    hlfir.assign %cst to %4#0 : f32, !fir.ref<f32>
    %c1_i32 = arith.constant 1 : i32
    %12 = fir.load %3#0 : !fir.ref<i32>
    %c1_i32_0 = arith.constant 1 : i32
    omp.simd private(@_QMacc_routinesFrow_normEj_private_i32 %2#0 -> %arg3 : !fir.ref<i32>) reduction(@add_reduction_f32 %4#0 -> %arg4 : !fir.ref<f32>) {
      omp.loop_nest (%arg5) : i32 = (%c1_i32) to (%12) inclusive step (%c1_i32_0) {
        %13:2 = hlfir.declare %arg3 {uniq_name = "_QMacc_routinesFrow_normEj"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
        %14:2 = hlfir.declare %arg4 {fortran_attrs = #fir.var_attrs<intent_out>, uniq_name = "_QMacc_routinesFrow_normEr"} : (!fir.ref<f32>) -> (!fir.ref<f32>, !fir.ref<f32>)
        hlfir.assign %arg5 to %13#0 : i32, !fir.ref<i32>
        %15 = fir.load %14#0 : !fir.ref<f32>
        %16 = fir.load %13#0 : !fir.ref<i32>
        %17 = fir.convert %16 : (i32) -> i64
        %18 = hlfir.designate %11#0 (%17)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        %19 = fir.call @_QMacc_routinesPsq(%18) fastmath<contract> : (!fir.ref<f32>) -> f32
        %20 = arith.addf %15, %19 fastmath<contract> : f32
        hlfir.assign %20 to %14#0 : f32, !fir.ref<f32>
        %21 = fir.load %3#0 : !fir.ref<i32>
        %c1_i32_1 = arith.constant 1 : i32
        %22 = arith.addi %arg5, %c1_i32_1 : i32
        %c0_i32 = arith.constant 0 : i32
        %23 = arith.cmpi slt, %c1_i32_1, %c0_i32 : i32
        %24 = arith.cmpi slt, %22, %21 : i32
        %25 = arith.cmpi sgt, %22, %21 : i32
        %26 = arith.select %23, %24, %25 : i1
        fir.if %26 {
          hlfir.assign %22 to %13#0 : i32, !fir.ref<i32>
          %27 = fir.load %13#0 : !fir.ref<i32>
          hlfir.assign %27 to %2#0 : i32, !fir.ref<i32>
        }
        omp.yield
      }
    }
    return
  }
  func.func @_QMacc_routinesPdev_only(%arg0: !fir.ref<f32> {fir.bindc_name = "x"}) attributes {omp.declare_target = #omp.declaretarget<device_type = (nohost), capture_clause = (enter), automap = false>} {
    %0 = fir.dummy_scope : !fir.dscope
    %1:2 = hlfir.declare %arg0 dummy_scope %0 arg 1 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QMacc_routinesFdev_onlyEx"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
    %2 = fir.load %1#0 : !fir.ref<f32>
    %cst = arith.constant 1.000000e+00 : f32
    %3 = arith.addf %2, %cst fastmath<contract> : f32
    hlfir.assign %3 to %1#0 : f32, !fir.ref<f32>
    return
  }
  func.func @_QPnorms(%arg0: !fir.ref<i32> {fir.bindc_name = "n"}, %arg1: !fir.ref<i32> {fir.bindc_name = "m"}, %arg2: !fir.ref<!fir.array<?x?xf32>> {fir.bindc_name = "a"}, %arg3: !fir.ref<!fir.array<?xf32>> {fir.bindc_name = "r"}) {
    %0 = fir.alloca i32
    %1 = fir.alloca i32
    %2 = fir.alloca i32
    %3 = fir.dummy_scope : !fir.dscope
    %4:2 = hlfir.declare %arg1 dummy_scope %3 arg 2 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFnormsEm"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
    %5:2 = hlfir.declare %arg0 dummy_scope %3 arg 1 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFnormsEn"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
    %6 = fir.alloca i32 {bindc_name = "i", uniq_name = "_QFnormsEi"}
    %7:2 = hlfir.declare %6 {uniq_name = "_QFnormsEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    %8 = fir.load %4#0 : !fir.ref<i32>
    fir.store %8 to %0 : !fir.ref<i32>
    %9 = fir.convert %8 : (i32) -> i64
    %10 = fir.convert %9 : (i64) -> index
    %c0 = arith.constant 0 : index
    %11 = arith.cmpi sgt, %10, %c0 : index
    %12 = arith.select %11, %10, %c0 : index
    %13 = fir.load %5#0 : !fir.ref<i32>
    fir.store %13 to %1 : !fir.ref<i32>
    %14 = fir.convert %13 : (i32) -> i64
    %15 = fir.convert %14 : (i64) -> index
    %c0_0 = arith.constant 0 : index
    %16 = arith.cmpi sgt, %15, %c0_0 : index
    %17 = arith.select %16, %15, %c0_0 : index
    %18 = fir.shape %12, %17 : (index, index) -> !fir.shape<2>
    %19:2 = hlfir.declare %arg2(%18) dummy_scope %3 arg 3 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFnormsEa"} : (!fir.ref<!fir.array<?x?xf32>>, !fir.shape<2>, !fir.dscope) -> (!fir.box<!fir.array<?x?xf32>>, !fir.ref<!fir.array<?x?xf32>>)
    %20 = fir.load %5#0 : !fir.ref<i32>
    fir.store %20 to %2 : !fir.ref<i32>
    %21 = fir.convert %20 : (i32) -> i64
    %22 = fir.convert %21 : (i64) -> index
    %c0_1 = arith.constant 0 : index
    %23 = arith.cmpi sgt, %22, %c0_1 : index
    %24 = arith.select %23, %22, %c0_1 : index
    %25 = fir.shape %24 : (index) -> !fir.shape<1>
    %26:2 = hlfir.declare %arg3(%25) dummy_scope %3 arg 4 {fortran_attrs = #fir.var_attrs<intent_out>, uniq_name = "_QFnormsEr"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
    %c1_i32 = arith.constant 1 : i32
    %27 = fir.load %5#0 : !fir.ref<i32>
    %c1_i32_2 = arith.constant 1 : i32
    %c1 = arith.constant 1 : index
    %c0_3 = arith.constant 0 : index
    %28:3 = fir.box_dims %19#0, %c0_3 : (!fir.box<!fir.array<?x?xf32>>, index) -> (index, index, index)
    %c0_4 = arith.constant 0 : index
    %29 = arith.subi %28#1, %c1 : index
    %30 = omp.map.bounds lower_bound(%c0_4 : index) upper_bound(%29 : index) extent(%28#1 : index) stride(%28#2 : index) start_idx(%c1 : index) {stride_in_bytes = true}
    %31 = arith.muli %28#2, %28#1 : index
    %c1_5 = arith.constant 1 : index
    %32:3 = fir.box_dims %19#0, %c1_5 : (!fir.box<!fir.array<?x?xf32>>, index) -> (index, index, index)
    %c0_6 = arith.constant 0 : index
    %33 = arith.subi %32#1, %c1 : index
    %34 = omp.map.bounds lower_bound(%c0_6 : index) upper_bound(%33 : index) extent(%32#1 : index) stride(%31 : index) start_idx(%c1 : index) {stride_in_bytes = true}
    %35 = omp.map.info var_ptr(%19#1 : !fir.ref<!fir.array<?x?xf32>>, f32) map_clauses(to) capture(ByRef) bounds(%30, %34) -> !fir.ref<!fir.array<?x?xf32>> {name = "a"}
    %c1_7 = arith.constant 1 : index
    %c0_8 = arith.constant 0 : index
    %36:3 = fir.box_dims %26#0, %c0_8 : (!fir.box<!fir.array<?xf32>>, index) -> (index, index, index)
    %c0_9 = arith.constant 0 : index
    %37 = arith.subi %36#1, %c1_7 : index
    %38 = omp.map.bounds lower_bound(%c0_9 : index) upper_bound(%37 : index) extent(%36#1 : index) stride(%36#2 : index) start_idx(%c1_7 : index) {stride_in_bytes = true}
    %39 = omp.map.info var_ptr(%26#1 : !fir.ref<!fir.array<?xf32>>, f32) map_clauses(from) capture(ByRef) bounds(%38) -> !fir.ref<!fir.array<?xf32>> {name = "r"}
    %40 = omp.map.info var_ptr(%7#1 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = "i"}
    %41 = omp.map.info var_ptr(%5#1 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = "n"}
    %42 = omp.map.info var_ptr(%4#1 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = "m"}
    %43 = omp.map.info var_ptr(%2 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = ""}
    %44 = omp.map.info var_ptr(%1 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = ""}
    %45 = omp.map.info var_ptr(%0 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = ""}
    omp.target host_eval(%c1_i32 -> %arg4, %27 -> %arg5, %c1_i32_2 -> %arg6 : i32, i32, i32) map_entries(%35 -> %arg7, %39 -> %arg8, %40 -> %arg9, %41 -> %arg10, %42 -> %arg11, %43 -> %arg12, %44 -> %arg13, %45 -> %arg14 : !fir.ref<!fir.array<?x?xf32>>, !fir.ref<!fir.array<?xf32>>, !fir.ref<i32>, !fir.ref<i32>, !fir.ref<i32>, !fir.ref<i32>, !fir.ref<i32>, !fir.ref<i32>) {
      %46 = fir.load %arg14 : !fir.ref<i32>
      %47 = fir.load %arg13 : !fir.ref<i32>
      %48 = fir.load %arg12 : !fir.ref<i32>
      %49 = fir.convert %48 : (i32) -> i64
      %50 = fir.convert %47 : (i32) -> i64
      %51 = fir.convert %46 : (i32) -> i64
      %c0_10 = arith.constant 0 : index
      %52 = fir.convert %51 : (i64) -> index
      %53 = arith.cmpi sgt, %52, %c0_10 : index
      %c0_11 = arith.constant 0 : index
      %54 = fir.convert %50 : (i64) -> index
      %55 = arith.cmpi sgt, %54, %c0_11 : index
      %c0_12 = arith.constant 0 : index
      %56 = fir.convert %49 : (i64) -> index
      %57 = arith.cmpi sgt, %56, %c0_12 : index
      %58 = arith.select %57, %56, %c0_12 : index
      %59 = arith.select %55, %54, %c0_11 : index
      %60 = arith.select %53, %52, %c0_10 : index
      %61 = fir.shape %60, %59 : (index, index) -> !fir.shape<2>
      %62:2 = hlfir.declare %arg7(%61) {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFnormsEa"} : (!fir.ref<!fir.array<?x?xf32>>, !fir.shape<2>) -> (!fir.box<!fir.array<?x?xf32>>, !fir.ref<!fir.array<?x?xf32>>)
      %63 = fir.shape %58 : (index) -> !fir.shape<1>
      %64:2 = hlfir.declare %arg8(%63) {fortran_attrs = #fir.var_attrs<intent_out>, uniq_name = "_QFnormsEr"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
      %65:2 = hlfir.declare %arg9 {uniq_name = "_QFnormsEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
      %66:2 = hlfir.declare %arg10 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFnormsEn"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
      %67:2 = hlfir.declare %arg11 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFnormsEm"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
      omp.teams {
        omp.distribute private(@_QFnormsEi_private_i32 %65#0 -> %arg15 : !fir.ref<i32>) {
          omp.loop_nest (%arg16) : i32 = (%arg4) to (%arg5) inclusive step (%arg6) {
            %68:2 = hlfir.declare %arg15 {uniq_name = "_QFnormsEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
            hlfir.assign %arg16 to %68#0 : i32, !fir.ref<i32>
            %c1_13 = arith.constant 1 : index
            %c1_14 = arith.constant 1 : index
            %c0_15 = arith.constant 0 : index
            %69 = arith.subi %60, %c1_13 : index
            %70 = arith.addi %69, %c1_14 : index
            %71 = arith.divsi %70, %c1_14 : index
            %72 = arith.cmpi sgt, %71, %c0_15 : index
            %73 = arith.select %72, %71, %c0_15 : index
            %74 = fir.load %68#0 : !fir.ref<i32>
            %75 = fir.convert %74 : (i32) -> i64
            %76 = fir.shape %73 : (index) -> !fir.shape<1>
            %77 = hlfir.designate %62#0 (%c1_13:%60:%c1_14, %75)  shape %76 : (!fir.box<!fir.array<?x?xf32>>, index, index, index, i64, !fir.shape<1>) -> !fir.box<!fir.array<?xf32>>
            %78 = fir.load %68#0 : !fir.ref<i32>
            %79 = fir.convert %78 : (i32) -> i64
            %80 = hlfir.designate %64#0 (%79)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
            %81 = fir.box_addr %77 : (!fir.box<!fir.array<?xf32>>) -> !fir.ref<!fir.array<?xf32>>
            fir.call @_QMacc_routinesProw_norm(%67#0, %81, %80) fastmath<contract> : (!fir.ref<i32>, !fir.ref<!fir.array<?xf32>>, !fir.ref<f32>) -> ()
            omp.yield
          }
        }
        omp.terminator
      }
      omp.terminator
    }
    return
  }
  func.func @_QPext_caller(%arg0: !fir.ref<i32> {fir.bindc_name = "n"}, %arg1: !fir.ref<!fir.array<?xf32>> {fir.bindc_name = "x"}) attributes {omp.declare_target = #omp.declaretarget<device_type = (any), capture_clause = (to), automap = false>} {
    %0 = fir.alloca i32
    %1 = fir.dummy_scope : !fir.dscope
    %2 = fir.alloca i32 {bindc_name = "i", uniq_name = "_QFext_callerEi"}
    %3:2 = hlfir.declare %2 {uniq_name = "_QFext_callerEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    %4:2 = hlfir.declare %arg0 dummy_scope %1 arg 1 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFext_callerEn"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
    %5 = fir.load %4#0 : !fir.ref<i32>
    fir.store %5 to %0 : !fir.ref<i32>
    %6 = fir.convert %5 : (i32) -> i64
    %7 = fir.convert %6 : (i64) -> index
    %c0 = arith.constant 0 : index
    %8 = arith.cmpi sgt, %7, %c0 : index
    %9 = arith.select %8, %7, %c0 : index
    %10 = fir.shape %9 : (index) -> !fir.shape<1>
    %11:2 = hlfir.declare %arg1(%10) dummy_scope %1 arg 2 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFext_callerEx"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
    %c1_i32 = arith.constant 1 : i32
    %12 = fir.load %4#0 : !fir.ref<i32>
    %c1_i32_0 = arith.constant 1 : i32
    %c1 = arith.constant 1 : index
    %c0_1 = arith.constant 0 : index
    %13:3 = fir.box_dims %11#0, %c0_1 : (!fir.box<!fir.array<?xf32>>, index) -> (index, index, index)
    %c0_2 = arith.constant 0 : index
    %14 = arith.subi %13#1, %c1 : index
    %15 = omp.map.bounds lower_bound(%c0_2 : index) upper_bound(%14 : index) extent(%13#1 : index) stride(%13#2 : index) start_idx(%c1 : index) {stride_in_bytes = true}
    %16 = omp.map.info var_ptr(%11#1 : !fir.ref<!fir.array<?xf32>>, f32) map_clauses(tofrom) capture(ByRef) bounds(%15) -> !fir.ref<!fir.array<?xf32>> {name = "x"}
    %17 = omp.map.info var_ptr(%3#1 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = "i"}
    %18 = omp.map.info var_ptr(%4#1 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = "n"}
    %19 = omp.map.info var_ptr(%0 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = ""}
    omp.target host_eval(%c1_i32 -> %arg2, %12 -> %arg3, %c1_i32_0 -> %arg4 : i32, i32, i32) map_entries(%16 -> %arg5, %17 -> %arg6, %18 -> %arg7, %19 -> %arg8 : !fir.ref<!fir.array<?xf32>>, !fir.ref<i32>, !fir.ref<i32>, !fir.ref<i32>) {
      %20 = fir.load %arg8 : !fir.ref<i32>
      %21 = fir.convert %20 : (i32) -> i64
      %c0_3 = arith.constant 0 : index
      %22 = fir.convert %21 : (i64) -> index
      %23 = arith.cmpi sgt, %22, %c0_3 : index
      %24 = arith.select %23, %22, %c0_3 : index
      %25 = fir.shape %24 : (index) -> !fir.shape<1>
      %26:2 = hlfir.declare %arg5(%25) {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFext_callerEx"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
      %27:2 = hlfir.declare %arg6 {uniq_name = "_QFext_callerEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
      %28:2 = hlfir.declare %arg7 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFext_callerEn"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
      omp.teams {
        omp.parallel private(@_QFext_callerEi_private_i32 %27#0 -> %arg9 : !fir.ref<i32>) {
          %29:2 = hlfir.declare %arg9 {uniq_name = "_QFext_callerEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
          omp.distribute {
            omp.wsloop {
              omp.loop_nest (%arg10) : i32 = (%arg2) to (%arg3) inclusive step (%arg4) {
                hlfir.assign %arg10 to %29#0 : i32, !fir.ref<i32>
                %30 = fir.load %29#0 : !fir.ref<i32>
                %31 = fir.convert %30 : (i32) -> i64
                %32 = hlfir.designate %26#0 (%31)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
                fir.call @_QPext_kernel(%32) fastmath<contract> : (!fir.ref<f32>) -> ()
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
  func.func @_QPext_kernel(%arg0: !fir.ref<f32> {fir.bindc_name = "v"}) attributes {omp.declare_target = #omp.declaretarget<device_type = (any), capture_clause = (to), automap = false>} {
    %0 = fir.dummy_scope : !fir.dscope
    %1:2 = hlfir.declare %arg0 dummy_scope %0 arg 1 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFext_kernelEv"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
    %cst = arith.constant 2.000000e+00 : f32
    %2 = fir.load %1#0 : !fir.ref<f32>
    %3 = arith.mulf %cst, %2 fastmath<contract> : f32
    %cst_0 = arith.constant 1.000000e+00 : f32
    %4 = arith.addf %3, %cst_0 fastmath<contract> : f32
    hlfir.assign %4 to %1#0 : f32, !fir.ref<f32>
    return
  }
}
