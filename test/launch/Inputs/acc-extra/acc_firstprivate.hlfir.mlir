module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, fir.defaultkind = "a1c4d8i4l4r4", fir.kindmap = "", llvm.data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", llvm.ident = "Debian flang version 22.1.8", llvm.target_triple = "x86_64-pc-linux-gnu"} {
  acc.firstprivate.recipe @firstprivatization_ref_f32 : !fir.ref<f32> init {
  ^bb0(%arg0: !fir.ref<f32>):
    %0 = fir.alloca f32
    %1:2 = hlfir.declare %0 {uniq_name = "acc.private.init"} : (!fir.ref<f32>) -> (!fir.ref<f32>, !fir.ref<f32>)
    acc.yield %1#0 : !fir.ref<f32>
  } copy {
  ^bb0(%arg0: !fir.ref<f32>, %arg1: !fir.ref<f32>):
    %0 = fir.load %arg0 : !fir.ref<f32>
    hlfir.assign %0 to %arg1 temporary_lhs : f32, !fir.ref<f32>
    acc.terminator
  }
  acc.firstprivate.recipe @firstprivatization_ref_i32 : !fir.ref<i32> init {
  ^bb0(%arg0: !fir.ref<i32>):
    %0 = fir.alloca i32
    %1:2 = hlfir.declare %0 {uniq_name = "acc.private.init"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    acc.yield %1#0 : !fir.ref<i32>
  } copy {
  ^bb0(%arg0: !fir.ref<i32>, %arg1: !fir.ref<i32>):
    %0 = fir.load %arg0 : !fir.ref<i32>
    hlfir.assign %0 to %arg1 temporary_lhs : i32, !fir.ref<i32>
    acc.terminator
  }
  acc.private.recipe @privatization_ref_i32 : !fir.ref<i32> init {
  ^bb0(%arg0: !fir.ref<i32>):
    %0 = fir.alloca i32
    %1:2 = hlfir.declare %0 {uniq_name = "acc.private.init"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    acc.yield %1#0 : !fir.ref<i32>
  }
  acc.firstprivate.recipe @firstprivatization_ref_z64 : !fir.ref<complex<f64>> init {
  ^bb0(%arg0: !fir.ref<complex<f64>>):
    %0 = fir.alloca complex<f64>
    %1:2 = hlfir.declare %0 {uniq_name = "acc.private.init"} : (!fir.ref<complex<f64>>) -> (!fir.ref<complex<f64>>, !fir.ref<complex<f64>>)
    acc.yield %1#0 : !fir.ref<complex<f64>>
  } copy {
  ^bb0(%arg0: !fir.ref<complex<f64>>, %arg1: !fir.ref<complex<f64>>):
    %0 = fir.load %arg0 : !fir.ref<complex<f64>>
    hlfir.assign %0 to %arg1 temporary_lhs : complex<f64>, !fir.ref<complex<f64>>
    acc.terminator
  }
  acc.firstprivate.recipe @firstprivatization_ref_f80 : !fir.ref<f80> init {
  ^bb0(%arg0: !fir.ref<f80>):
    %0 = fir.alloca f80
    %1:2 = hlfir.declare %0 {uniq_name = "acc.private.init"} : (!fir.ref<f80>) -> (!fir.ref<f80>, !fir.ref<f80>)
    acc.yield %1#0 : !fir.ref<f80>
  } copy {
  ^bb0(%arg0: !fir.ref<f80>, %arg1: !fir.ref<f80>):
    %0 = fir.load %arg0 : !fir.ref<f80>
    hlfir.assign %0 to %arg1 temporary_lhs : f80, !fir.ref<f80>
    acc.terminator
  }
  acc.firstprivate.recipe @firstprivatization_ref_4xf32 : !fir.ref<!fir.array<4xf32>> init {
  ^bb0(%arg0: !fir.ref<!fir.array<4xf32>>):
    %c4 = arith.constant 4 : index
    %0 = fir.shape %c4 : (index) -> !fir.shape<1>
    %1 = fir.alloca !fir.array<4xf32>
    %2:2 = hlfir.declare %1(%0) {uniq_name = "acc.private.init"} : (!fir.ref<!fir.array<4xf32>>, !fir.shape<1>) -> (!fir.ref<!fir.array<4xf32>>, !fir.ref<!fir.array<4xf32>>)
    acc.yield %2#0 : !fir.ref<!fir.array<4xf32>>
  } copy {
  ^bb0(%arg0: !fir.ref<!fir.array<4xf32>>, %arg1: !fir.ref<!fir.array<4xf32>>):
    hlfir.assign %arg0 to %arg1 temporary_lhs : !fir.ref<!fir.array<4xf32>>, !fir.ref<!fir.array<4xf32>>
    acc.terminator
  }
  func.func @_QPfp_loop(%arg0: !fir.ref<i32> {fir.bindc_name = "n"}, %arg1: !fir.ref<!fir.array<?xf32>> {fir.bindc_name = "x"}, %arg2: !fir.ref<!fir.array<4xf32>> {fir.bindc_name = "w"}, %arg3: !fir.ref<f80> {fir.bindc_name = "e"}, %arg4: !fir.ref<complex<f64>> {fir.bindc_name = "c"}) {
    %0 = fir.dummy_scope : !fir.dscope
    %1:2 = hlfir.declare %arg4 dummy_scope %0 arg 5 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFfp_loopEc"} : (!fir.ref<complex<f64>>, !fir.dscope) -> (!fir.ref<complex<f64>>, !fir.ref<complex<f64>>)
    %2:2 = hlfir.declare %arg3 dummy_scope %0 arg 4 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFfp_loopEe"} : (!fir.ref<f80>, !fir.dscope) -> (!fir.ref<f80>, !fir.ref<f80>)
    %3 = fir.alloca i32 {bindc_name = "i", uniq_name = "_QFfp_loopEi"}
    %4:2 = hlfir.declare %3 {uniq_name = "_QFfp_loopEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    %5:2 = hlfir.declare %arg0 dummy_scope %0 arg 1 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFfp_loopEn"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
    %c4 = arith.constant 4 : index
    %6 = fir.shape %c4 : (index) -> !fir.shape<1>
    %7:2 = hlfir.declare %arg2(%6) dummy_scope %0 arg 3 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFfp_loopEw"} : (!fir.ref<!fir.array<4xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.ref<!fir.array<4xf32>>, !fir.ref<!fir.array<4xf32>>)
    %8 = fir.load %5#0 : !fir.ref<i32>
    %9 = fir.convert %8 : (i32) -> i64
    %10 = fir.convert %9 : (i64) -> index
    %c0 = arith.constant 0 : index
    %11 = arith.cmpi sgt, %10, %c0 : index
    %12 = arith.select %11, %10, %c0 : index
    %13 = fir.shape %12 : (index) -> !fir.shape<1>
    %14:2 = hlfir.declare %arg1(%13) dummy_scope %0 arg 2 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFfp_loopEx"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
    %15 = acc.firstprivate varPtr(%7#0 : !fir.ref<!fir.array<4xf32>>) recipe(@firstprivatization_ref_4xf32) -> !fir.ref<!fir.array<4xf32>> {name = "w"}
    %16 = acc.firstprivate varPtr(%2#0 : !fir.ref<f80>) recipe(@firstprivatization_ref_f80) -> !fir.ref<f80> {name = "e"}
    %17 = acc.firstprivate varPtr(%1#0 : !fir.ref<complex<f64>>) recipe(@firstprivatization_ref_z64) -> !fir.ref<complex<f64>> {name = "c"}
    %18 = acc.copyin var(%14#0 : !fir.box<!fir.array<?xf32>>) -> !fir.box<!fir.array<?xf32>> {dataClause = #acc<data_clause acc_copy>, name = "x"}
    acc.parallel combined(loop) dataOperands(%18 : !fir.box<!fir.array<?xf32>>) firstprivate(%15, %16, %17 : !fir.ref<!fir.array<4xf32>>, !fir.ref<f80>, !fir.ref<complex<f64>>) {
      %19 = fir.dummy_scope : !fir.dscope
      %20:2 = hlfir.declare %15(%6) dummy_scope %19 arg 3 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFfp_loopEw"} : (!fir.ref<!fir.array<4xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.ref<!fir.array<4xf32>>, !fir.ref<!fir.array<4xf32>>)
      %21:2 = hlfir.declare %16 dummy_scope %19 arg 4 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFfp_loopEe"} : (!fir.ref<f80>, !fir.dscope) -> (!fir.ref<f80>, !fir.ref<f80>)
      %22:2 = hlfir.declare %17 dummy_scope %19 arg 5 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFfp_loopEc"} : (!fir.ref<complex<f64>>, !fir.dscope) -> (!fir.ref<complex<f64>>, !fir.ref<complex<f64>>)
      %23 = fir.box_addr %18 : (!fir.box<!fir.array<?xf32>>) -> !fir.ref<!fir.array<?xf32>>
      %24:2 = hlfir.declare %23(%13) dummy_scope %19 arg 2 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFfp_loopEx"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
      %c1_i32 = arith.constant 1 : i32
      %25 = fir.load %5#0 : !fir.ref<i32>
      %c1_i32_0 = arith.constant 1 : i32
      %26 = acc.private varPtr(%4#0 : !fir.ref<i32>) recipe(@privatization_ref_i32) -> !fir.ref<i32> {implicit = true, name = "i"}
      acc.loop combined(parallel) private(%26 : !fir.ref<i32>) control(%arg5 : i32) = (%c1_i32 : i32) to (%25 : i32)  step (%c1_i32_0 : i32) {
        %27:2 = hlfir.declare %26 {uniq_name = "_QFfp_loopEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
        fir.store %arg5 to %27#0 : !fir.ref<i32>
        %28 = fir.load %27#0 : !fir.ref<i32>
        %29 = fir.convert %28 : (i32) -> f32
        %c1 = arith.constant 1 : index
        %30 = hlfir.designate %20#0 (%c1)  : (!fir.ref<!fir.array<4xf32>>, index) -> !fir.ref<f32>
        hlfir.assign %29 to %30 : f32, !fir.ref<f32>
        %31 = fir.load %21#0 : !fir.ref<f80>
        %cst = arith.constant 1.000000e+00 : f80
        %32 = arith.addf %31, %cst fastmath<contract> : f80
        hlfir.assign %32 to %21#0 : f80, !fir.ref<f80>
        %33 = fir.load %27#0 : !fir.ref<i32>
        %34 = fir.convert %33 : (i32) -> i64
        %35 = hlfir.designate %24#0 (%34)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        %36 = fir.load %35 : !fir.ref<f32>
        %c1_1 = arith.constant 1 : index
        %37 = hlfir.designate %20#0 (%c1_1)  : (!fir.ref<!fir.array<4xf32>>, index) -> !fir.ref<f32>
        %38 = fir.load %37 : !fir.ref<f32>
        %39 = arith.addf %36, %38 fastmath<contract> : f32
        %c2 = arith.constant 2 : index
        %40 = hlfir.designate %20#0 (%c2)  : (!fir.ref<!fir.array<4xf32>>, index) -> !fir.ref<f32>
        %41 = fir.load %40 : !fir.ref<f32>
        %42 = arith.addf %39, %41 fastmath<contract> : f32
        %c3 = arith.constant 3 : index
        %43 = hlfir.designate %20#0 (%c3)  : (!fir.ref<!fir.array<4xf32>>, index) -> !fir.ref<f32>
        %44 = fir.load %43 : !fir.ref<f32>
        %45 = arith.addf %42, %44 fastmath<contract> : f32
        %c4_2 = arith.constant 4 : index
        %46 = hlfir.designate %20#0 (%c4_2)  : (!fir.ref<!fir.array<4xf32>>, index) -> !fir.ref<f32>
        %47 = fir.load %46 : !fir.ref<f32>
        %48 = arith.addf %45, %47 fastmath<contract> : f32
        %49 = fir.load %22#0 : !fir.ref<complex<f64>>
        %50 = fir.extract_value %49, [0 : index] : (complex<f64>) -> f64
        %51 = fir.convert %50 : (f64) -> f32
        %52 = arith.addf %48, %51 fastmath<contract> : f32
        %53 = fir.load %27#0 : !fir.ref<i32>
        %54 = fir.convert %53 : (i32) -> i64
        %55 = hlfir.designate %24#0 (%54)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        hlfir.assign %52 to %55 : f32, !fir.ref<f32>
        acc.yield
      } attributes {inclusiveUpperbound = array<i1: true>, independent = [#acc.device_type<none>]}
      acc.yield
    }
    acc.copyout accVar(%18 : !fir.box<!fir.array<?xf32>>) to var(%14#0 : !fir.box<!fir.array<?xf32>>) {dataClause = #acc<data_clause acc_copy>, name = "x"}
    return
  }
  func.func @_QPfp_gang(%arg0: !fir.ref<i32> {fir.bindc_name = "n"}, %arg1: !fir.ref<!fir.array<?xf32>> {fir.bindc_name = "x"}, %arg2: !fir.ref<!fir.array<4xf32>> {fir.bindc_name = "w"}) {
    %0 = fir.dummy_scope : !fir.dscope
    %1 = fir.alloca i32 {bindc_name = "i", uniq_name = "_QFfp_gangEi"}
    %2:2 = hlfir.declare %1 {uniq_name = "_QFfp_gangEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    %3:2 = hlfir.declare %arg0 dummy_scope %0 arg 1 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFfp_gangEn"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
    %c4 = arith.constant 4 : index
    %4 = fir.shape %c4 : (index) -> !fir.shape<1>
    %5:2 = hlfir.declare %arg2(%4) dummy_scope %0 arg 3 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFfp_gangEw"} : (!fir.ref<!fir.array<4xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.ref<!fir.array<4xf32>>, !fir.ref<!fir.array<4xf32>>)
    %6 = fir.load %3#0 : !fir.ref<i32>
    %7 = fir.convert %6 : (i32) -> i64
    %8 = fir.convert %7 : (i64) -> index
    %c0 = arith.constant 0 : index
    %9 = arith.cmpi sgt, %8, %c0 : index
    %10 = arith.select %9, %8, %c0 : index
    %11 = fir.shape %10 : (index) -> !fir.shape<1>
    %12:2 = hlfir.declare %arg1(%11) dummy_scope %0 arg 2 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFfp_gangEx"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
    %13 = acc.firstprivate varPtr(%5#0 : !fir.ref<!fir.array<4xf32>>) recipe(@firstprivatization_ref_4xf32) -> !fir.ref<!fir.array<4xf32>> {name = "w"}
    %14 = acc.copyin var(%12#0 : !fir.box<!fir.array<?xf32>>) -> !fir.box<!fir.array<?xf32>> {dataClause = #acc<data_clause acc_copy>, name = "x"}
    acc.parallel combined(loop) dataOperands(%14 : !fir.box<!fir.array<?xf32>>) firstprivate(%13 : !fir.ref<!fir.array<4xf32>>) {
      %15 = fir.dummy_scope : !fir.dscope
      %16:2 = hlfir.declare %13(%4) dummy_scope %15 arg 3 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFfp_gangEw"} : (!fir.ref<!fir.array<4xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.ref<!fir.array<4xf32>>, !fir.ref<!fir.array<4xf32>>)
      %17 = fir.box_addr %14 : (!fir.box<!fir.array<?xf32>>) -> !fir.ref<!fir.array<?xf32>>
      %18:2 = hlfir.declare %17(%11) dummy_scope %15 arg 2 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFfp_gangEx"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
      %c1_i32 = arith.constant 1 : i32
      %19 = fir.load %3#0 : !fir.ref<i32>
      %c1_i32_0 = arith.constant 1 : i32
      %20 = acc.private varPtr(%2#0 : !fir.ref<i32>) recipe(@privatization_ref_i32) -> !fir.ref<i32> {implicit = true, name = "i"}
      acc.loop combined(parallel) gang private(%20 : !fir.ref<i32>) control(%arg3 : i32) = (%c1_i32 : i32) to (%19 : i32)  step (%c1_i32_0 : i32) {
        %21:2 = hlfir.declare %20 {uniq_name = "_QFfp_gangEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
        fir.store %arg3 to %21#0 : !fir.ref<i32>
        %cst = arith.constant 2.000000e+00 : f32
        %22 = fir.load %21#0 : !fir.ref<i32>
        %23 = fir.convert %22 : (i32) -> f32
        %24 = arith.mulf %cst, %23 fastmath<contract> : f32
        %c2 = arith.constant 2 : index
        %25 = hlfir.designate %16#0 (%c2)  : (!fir.ref<!fir.array<4xf32>>, index) -> !fir.ref<f32>
        hlfir.assign %24 to %25 : f32, !fir.ref<f32>
        %26 = fir.load %21#0 : !fir.ref<i32>
        %27 = fir.convert %26 : (i32) -> i64
        %28 = hlfir.designate %18#0 (%27)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        %29 = fir.load %28 : !fir.ref<f32>
        %c2_1 = arith.constant 2 : index
        %30 = hlfir.designate %16#0 (%c2_1)  : (!fir.ref<!fir.array<4xf32>>, index) -> !fir.ref<f32>
        %31 = fir.load %30 : !fir.ref<f32>
        %32 = arith.addf %29, %31 fastmath<contract> : f32
        %c4_2 = arith.constant 4 : index
        %33 = hlfir.designate %16#0 (%c4_2)  : (!fir.ref<!fir.array<4xf32>>, index) -> !fir.ref<f32>
        %34 = fir.load %33 : !fir.ref<f32>
        %35 = arith.addf %32, %34 fastmath<contract> : f32
        %36 = fir.load %21#0 : !fir.ref<i32>
        %37 = fir.convert %36 : (i32) -> i64
        %38 = hlfir.designate %18#0 (%37)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        hlfir.assign %35 to %38 : f32, !fir.ref<f32>
        acc.yield
      } attributes {inclusiveUpperbound = array<i1: true>, independent = [#acc.device_type<none>]}
      acc.yield
    }
    acc.copyout accVar(%14 : !fir.box<!fir.array<?xf32>>) to var(%12#0 : !fir.box<!fir.array<?xf32>>) {dataClause = #acc<data_clause acc_copy>, name = "x"}
    return
  }
  func.func @_QPfp_redundant(%arg0: !fir.ref<i32> {fir.bindc_name = "n"}, %arg1: !fir.ref<!fir.array<?xf32>> {fir.bindc_name = "x"}, %arg2: !fir.ref<!fir.array<4xf32>> {fir.bindc_name = "w"}, %arg3: !fir.ref<f32> {fir.bindc_name = "t"}) {
    %0 = fir.dummy_scope : !fir.dscope
    %1 = fir.alloca i32 {bindc_name = "i", uniq_name = "_QFfp_redundantEi"}
    %2:2 = hlfir.declare %1 {uniq_name = "_QFfp_redundantEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    %3:2 = hlfir.declare %arg0 dummy_scope %0 arg 1 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFfp_redundantEn"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
    %4:2 = hlfir.declare %arg3 dummy_scope %0 arg 4 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFfp_redundantEt"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
    %c4 = arith.constant 4 : index
    %5 = fir.shape %c4 : (index) -> !fir.shape<1>
    %6:2 = hlfir.declare %arg2(%5) dummy_scope %0 arg 3 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFfp_redundantEw"} : (!fir.ref<!fir.array<4xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.ref<!fir.array<4xf32>>, !fir.ref<!fir.array<4xf32>>)
    %7 = fir.load %3#0 : !fir.ref<i32>
    %8 = fir.convert %7 : (i32) -> i64
    %9 = fir.convert %8 : (i64) -> index
    %c0 = arith.constant 0 : index
    %10 = arith.cmpi sgt, %9, %c0 : index
    %11 = arith.select %10, %9, %c0 : index
    %12 = fir.shape %11 : (index) -> !fir.shape<1>
    %13:2 = hlfir.declare %arg1(%12) dummy_scope %0 arg 2 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFfp_redundantEx"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
    %14 = acc.firstprivate varPtr(%6#0 : !fir.ref<!fir.array<4xf32>>) recipe(@firstprivatization_ref_4xf32) -> !fir.ref<!fir.array<4xf32>> {name = "w"}
    %15 = acc.copyin var(%13#0 : !fir.box<!fir.array<?xf32>>) -> !fir.box<!fir.array<?xf32>> {dataClause = #acc<data_clause acc_copy>, name = "x"}
    %16 = acc.create varPtr(%4#0 : !fir.ref<f32>) -> !fir.ref<f32> {dataClause = #acc<data_clause acc_copyout>, name = "t"}
    acc.parallel dataOperands(%15, %16 : !fir.box<!fir.array<?xf32>>, !fir.ref<f32>) firstprivate(%14 : !fir.ref<!fir.array<4xf32>>) {
      %17 = fir.dummy_scope : !fir.dscope
      %18:2 = hlfir.declare %14(%5) dummy_scope %17 arg 3 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFfp_redundantEw"} : (!fir.ref<!fir.array<4xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.ref<!fir.array<4xf32>>, !fir.ref<!fir.array<4xf32>>)
      %19 = fir.box_addr %15 : (!fir.box<!fir.array<?xf32>>) -> !fir.ref<!fir.array<?xf32>>
      %20:2 = hlfir.declare %19(%12) dummy_scope %17 arg 2 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFfp_redundantEx"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
      %21:2 = hlfir.declare %16 dummy_scope %17 arg 4 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFfp_redundantEt"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
      %c3 = arith.constant 3 : index
      %22 = hlfir.designate %18#0 (%c3)  : (!fir.ref<!fir.array<4xf32>>, index) -> !fir.ref<f32>
      %23 = fir.load %22 : !fir.ref<f32>
      %cst = arith.constant 1.000000e+01 : f32
      %24 = arith.mulf %23, %cst fastmath<contract> : f32
      %c3_0 = arith.constant 3 : index
      %25 = hlfir.designate %18#0 (%c3_0)  : (!fir.ref<!fir.array<4xf32>>, index) -> !fir.ref<f32>
      hlfir.assign %24 to %25 : f32, !fir.ref<f32>
      %c1_i32 = arith.constant 1 : i32
      %26 = fir.load %3#0 : !fir.ref<i32>
      %c1_i32_1 = arith.constant 1 : i32
      %27 = acc.private varPtr(%2#0 : !fir.ref<i32>) recipe(@privatization_ref_i32) -> !fir.ref<i32> {implicit = true, name = "i"}
      acc.loop vector private(%27 : !fir.ref<i32>) control(%arg4 : i32) = (%c1_i32 : i32) to (%26 : i32)  step (%c1_i32_1 : i32) {
        %30:2 = hlfir.declare %27 {uniq_name = "_QFfp_redundantEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
        fir.store %arg4 to %30#0 : !fir.ref<i32>
        %31 = fir.load %30#0 : !fir.ref<i32>
        %32 = fir.convert %31 : (i32) -> i64
        %33 = hlfir.designate %20#0 (%32)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        %34 = fir.load %33 : !fir.ref<f32>
        %c3_3 = arith.constant 3 : index
        %35 = hlfir.designate %18#0 (%c3_3)  : (!fir.ref<!fir.array<4xf32>>, index) -> !fir.ref<f32>
        %36 = fir.load %35 : !fir.ref<f32>
        %37 = arith.addf %34, %36 fastmath<contract> : f32
        %38 = fir.load %30#0 : !fir.ref<i32>
        %39 = fir.convert %38 : (i32) -> i64
        %40 = hlfir.designate %20#0 (%39)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        hlfir.assign %37 to %40 : f32, !fir.ref<f32>
        acc.yield
      } attributes {inclusiveUpperbound = array<i1: true>, independent = [#acc.device_type<none>]}
      %c3_2 = arith.constant 3 : index
      %28 = hlfir.designate %18#0 (%c3_2)  : (!fir.ref<!fir.array<4xf32>>, index) -> !fir.ref<f32>
      %29 = fir.load %28 : !fir.ref<f32>
      hlfir.assign %29 to %21#0 : f32, !fir.ref<f32>
      acc.yield
    }
    acc.copyout accVar(%15 : !fir.box<!fir.array<?xf32>>) to var(%13#0 : !fir.box<!fir.array<?xf32>>) {dataClause = #acc<data_clause acc_copy>, name = "x"}
    acc.copyout accPtr(%16 : !fir.ref<f32>) to varPtr(%4#0 : !fir.ref<f32>) {name = "t"}
    return
  }
  func.func @_QPfp_serial(%arg0: !fir.ref<!fir.array<4xf32>> {fir.bindc_name = "w"}, %arg1: !fir.ref<f32> {fir.bindc_name = "t"}) {
    %0 = fir.dummy_scope : !fir.dscope
    %1 = fir.alloca i32 {bindc_name = "j", uniq_name = "_QFfp_serialEj"}
    %2:2 = hlfir.declare %1 {uniq_name = "_QFfp_serialEj"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    %3:2 = hlfir.declare %arg1 dummy_scope %0 arg 2 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFfp_serialEt"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
    %c4 = arith.constant 4 : index
    %4 = fir.shape %c4 : (index) -> !fir.shape<1>
    %5:2 = hlfir.declare %arg0(%4) dummy_scope %0 arg 1 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFfp_serialEw"} : (!fir.ref<!fir.array<4xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.ref<!fir.array<4xf32>>, !fir.ref<!fir.array<4xf32>>)
    %6 = acc.firstprivate varPtr(%5#0 : !fir.ref<!fir.array<4xf32>>) recipe(@firstprivatization_ref_4xf32) -> !fir.ref<!fir.array<4xf32>> {name = "w"}
    %7 = acc.create varPtr(%3#0 : !fir.ref<f32>) -> !fir.ref<f32> {dataClause = #acc<data_clause acc_copyout>, name = "t"}
    acc.serial dataOperands(%7 : !fir.ref<f32>) firstprivate(%6 : !fir.ref<!fir.array<4xf32>>) {
      %8 = fir.dummy_scope : !fir.dscope
      %9:2 = hlfir.declare %6(%4) dummy_scope %8 arg 1 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFfp_serialEw"} : (!fir.ref<!fir.array<4xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.ref<!fir.array<4xf32>>, !fir.ref<!fir.array<4xf32>>)
      %10:2 = hlfir.declare %7 dummy_scope %8 arg 2 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFfp_serialEt"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
      %c2_i32 = arith.constant 2 : i32
      %c4_i32 = arith.constant 4 : i32
      %c1_i32 = arith.constant 1 : i32
      %11 = acc.private varPtr(%2#0 : !fir.ref<i32>) recipe(@privatization_ref_i32) -> !fir.ref<i32> {implicit = true, name = "j"}
      acc.loop private(%11 : !fir.ref<i32>) control(%arg2 : i32) = (%c2_i32 : i32) to (%c4_i32 : i32)  step (%c1_i32 : i32) {
        %14:2 = hlfir.declare %11 {uniq_name = "_QFfp_serialEj"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
        fir.store %arg2 to %14#0 : !fir.ref<i32>
        %15 = fir.load %14#0 : !fir.ref<i32>
        %16 = fir.convert %15 : (i32) -> i64
        %17 = hlfir.designate %9#0 (%16)  : (!fir.ref<!fir.array<4xf32>>, i64) -> !fir.ref<f32>
        %18 = fir.load %17 : !fir.ref<f32>
        %19 = fir.load %14#0 : !fir.ref<i32>
        %c1_i32_1 = arith.constant 1 : i32
        %20 = arith.subi %19, %c1_i32_1 overflow<nsw> : i32
        %21 = fir.convert %20 : (i32) -> i64
        %22 = hlfir.designate %9#0 (%21)  : (!fir.ref<!fir.array<4xf32>>, i64) -> !fir.ref<f32>
        %23 = fir.load %22 : !fir.ref<f32>
        %24 = arith.addf %18, %23 fastmath<contract> : f32
        %25 = fir.load %14#0 : !fir.ref<i32>
        %26 = fir.convert %25 : (i32) -> i64
        %27 = hlfir.designate %9#0 (%26)  : (!fir.ref<!fir.array<4xf32>>, i64) -> !fir.ref<f32>
        hlfir.assign %24 to %27 : f32, !fir.ref<f32>
        acc.yield
      } attributes {inclusiveUpperbound = array<i1: true>, seq = [#acc.device_type<none>]}
      %c4_0 = arith.constant 4 : index
      %12 = hlfir.designate %9#0 (%c4_0)  : (!fir.ref<!fir.array<4xf32>>, index) -> !fir.ref<f32>
      %13 = fir.load %12 : !fir.ref<f32>
      hlfir.assign %13 to %10#0 : f32, !fir.ref<f32>
      acc.yield
    }
    acc.copyout accPtr(%7 : !fir.ref<f32>) to varPtr(%3#0 : !fir.ref<f32>) {name = "t"}
    return
  }
  func.func @_QPfp_if(%arg0: !fir.ref<i32> {fir.bindc_name = "n"}, %arg1: !fir.ref<!fir.array<?xf32>> {fir.bindc_name = "x"}, %arg2: !fir.ref<!fir.array<4xf32>> {fir.bindc_name = "w"}, %arg3: !fir.ref<i32> {fir.bindc_name = "k"}, %arg4: !fir.ref<!fir.logical<4>> {fir.bindc_name = "flag"}) {
    %0 = fir.dummy_scope : !fir.dscope
    %1:2 = hlfir.declare %arg4 dummy_scope %0 arg 5 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFfp_ifEflag"} : (!fir.ref<!fir.logical<4>>, !fir.dscope) -> (!fir.ref<!fir.logical<4>>, !fir.ref<!fir.logical<4>>)
    %2 = fir.alloca i32 {bindc_name = "i", uniq_name = "_QFfp_ifEi"}
    %3:2 = hlfir.declare %2 {uniq_name = "_QFfp_ifEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    %4:2 = hlfir.declare %arg3 dummy_scope %0 arg 4 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFfp_ifEk"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
    %5:2 = hlfir.declare %arg0 dummy_scope %0 arg 1 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFfp_ifEn"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
    %c4 = arith.constant 4 : index
    %6 = fir.shape %c4 : (index) -> !fir.shape<1>
    %7:2 = hlfir.declare %arg2(%6) dummy_scope %0 arg 3 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFfp_ifEw"} : (!fir.ref<!fir.array<4xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.ref<!fir.array<4xf32>>, !fir.ref<!fir.array<4xf32>>)
    %8 = fir.load %5#0 : !fir.ref<i32>
    %9 = fir.convert %8 : (i32) -> i64
    %10 = fir.convert %9 : (i64) -> index
    %c0 = arith.constant 0 : index
    %11 = arith.cmpi sgt, %10, %c0 : index
    %12 = arith.select %11, %10, %c0 : index
    %13 = fir.shape %12 : (index) -> !fir.shape<1>
    %14:2 = hlfir.declare %arg1(%13) dummy_scope %0 arg 2 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFfp_ifEx"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
    %15 = acc.firstprivate varPtr(%7#0 : !fir.ref<!fir.array<4xf32>>) recipe(@firstprivatization_ref_4xf32) -> !fir.ref<!fir.array<4xf32>> {name = "w"}
    %16 = acc.firstprivate varPtr(%4#0 : !fir.ref<i32>) recipe(@firstprivatization_ref_i32) -> !fir.ref<i32> {name = "k"}
    %17 = acc.copyin var(%14#0 : !fir.box<!fir.array<?xf32>>) -> !fir.box<!fir.array<?xf32>> {dataClause = #acc<data_clause acc_copy>, name = "x"}
    %18 = fir.load %1#0 : !fir.ref<!fir.logical<4>>
    %19 = fir.convert %18 : (!fir.logical<4>) -> i1
    acc.parallel combined(loop) dataOperands(%17 : !fir.box<!fir.array<?xf32>>) firstprivate(%15, %16 : !fir.ref<!fir.array<4xf32>>, !fir.ref<i32>) if(%19) {
      %20 = fir.dummy_scope : !fir.dscope
      %21:2 = hlfir.declare %15(%6) dummy_scope %20 arg 3 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFfp_ifEw"} : (!fir.ref<!fir.array<4xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.ref<!fir.array<4xf32>>, !fir.ref<!fir.array<4xf32>>)
      %22:2 = hlfir.declare %16 dummy_scope %20 arg 4 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFfp_ifEk"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
      %23 = fir.box_addr %17 : (!fir.box<!fir.array<?xf32>>) -> !fir.ref<!fir.array<?xf32>>
      %24:2 = hlfir.declare %23(%13) dummy_scope %20 arg 2 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFfp_ifEx"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
      %c1_i32 = arith.constant 1 : i32
      %25 = fir.load %5#0 : !fir.ref<i32>
      %c1_i32_0 = arith.constant 1 : i32
      %26 = acc.private varPtr(%3#0 : !fir.ref<i32>) recipe(@privatization_ref_i32) -> !fir.ref<i32> {implicit = true, name = "i"}
      acc.loop combined(parallel) private(%26 : !fir.ref<i32>) control(%arg5 : i32) = (%c1_i32 : i32) to (%25 : i32)  step (%c1_i32_0 : i32) {
        %27:2 = hlfir.declare %26 {uniq_name = "_QFfp_ifEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
        fir.store %arg5 to %27#0 : !fir.ref<i32>
        %28 = fir.load %27#0 : !fir.ref<i32>
        %29 = fir.convert %28 : (i32) -> f32
        %c1 = arith.constant 1 : index
        %30 = hlfir.designate %21#0 (%c1)  : (!fir.ref<!fir.array<4xf32>>, index) -> !fir.ref<f32>
        hlfir.assign %29 to %30 : f32, !fir.ref<f32>
        %31 = fir.load %22#0 : !fir.ref<i32>
        %c1_i32_1 = arith.constant 1 : i32
        %32 = arith.addi %31, %c1_i32_1 : i32
        hlfir.assign %32 to %22#0 : i32, !fir.ref<i32>
        %33 = fir.load %27#0 : !fir.ref<i32>
        %34 = fir.convert %33 : (i32) -> i64
        %35 = hlfir.designate %24#0 (%34)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        %36 = fir.load %35 : !fir.ref<f32>
        %c1_2 = arith.constant 1 : index
        %37 = hlfir.designate %21#0 (%c1_2)  : (!fir.ref<!fir.array<4xf32>>, index) -> !fir.ref<f32>
        %38 = fir.load %37 : !fir.ref<f32>
        %39 = arith.addf %36, %38 fastmath<contract> : f32
        %c4_3 = arith.constant 4 : index
        %40 = hlfir.designate %21#0 (%c4_3)  : (!fir.ref<!fir.array<4xf32>>, index) -> !fir.ref<f32>
        %41 = fir.load %40 : !fir.ref<f32>
        %42 = arith.addf %39, %41 fastmath<contract> : f32
        %43 = fir.load %27#0 : !fir.ref<i32>
        %44 = fir.convert %43 : (i32) -> i64
        %45 = hlfir.designate %24#0 (%44)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        hlfir.assign %42 to %45 : f32, !fir.ref<f32>
        acc.yield
      } attributes {inclusiveUpperbound = array<i1: true>, independent = [#acc.device_type<none>]}
      acc.yield
    }
    acc.copyout accVar(%17 : !fir.box<!fir.array<?xf32>>) to var(%14#0 : !fir.box<!fir.array<?xf32>>) {dataClause = #acc<data_clause acc_copy>, name = "x"}
    return
  }
  func.func @_QPfp_present(%arg0: !fir.ref<i32> {fir.bindc_name = "n"}, %arg1: !fir.ref<!fir.array<?xf32>> {fir.bindc_name = "x"}, %arg2: !fir.ref<!fir.array<4xf32>> {fir.bindc_name = "w"}, %arg3: !fir.ref<f32> {fir.bindc_name = "s"}) {
    %0 = fir.dummy_scope : !fir.dscope
    %1 = fir.alloca i32 {bindc_name = "i", uniq_name = "_QFfp_presentEi"}
    %2:2 = hlfir.declare %1 {uniq_name = "_QFfp_presentEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    %3:2 = hlfir.declare %arg0 dummy_scope %0 arg 1 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFfp_presentEn"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
    %4:2 = hlfir.declare %arg3 dummy_scope %0 arg 4 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFfp_presentEs"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
    %c4 = arith.constant 4 : index
    %5 = fir.shape %c4 : (index) -> !fir.shape<1>
    %6:2 = hlfir.declare %arg2(%5) dummy_scope %0 arg 3 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFfp_presentEw"} : (!fir.ref<!fir.array<4xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.ref<!fir.array<4xf32>>, !fir.ref<!fir.array<4xf32>>)
    %7 = fir.load %3#0 : !fir.ref<i32>
    %8 = fir.convert %7 : (i32) -> i64
    %9 = fir.convert %8 : (i64) -> index
    %c0 = arith.constant 0 : index
    %10 = arith.cmpi sgt, %9, %c0 : index
    %11 = arith.select %10, %9, %c0 : index
    %12 = fir.shape %11 : (index) -> !fir.shape<1>
    %13:2 = hlfir.declare %arg1(%12) dummy_scope %0 arg 2 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFfp_presentEx"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
    %14 = acc.copyin varPtr(%6#0 : !fir.ref<!fir.array<4xf32>>) -> !fir.ref<!fir.array<4xf32>> {name = "w"}
    %15 = acc.copyin varPtr(%4#0 : !fir.ref<f32>) -> !fir.ref<f32> {name = "s"}
    acc.data dataOperands(%14, %15 : !fir.ref<!fir.array<4xf32>>, !fir.ref<f32>) {
      %cst = arith.constant 5.000000e+01 : f32
      %c3 = arith.constant 3 : index
      %16 = hlfir.designate %6#0 (%c3)  : (!fir.ref<!fir.array<4xf32>>, index) -> !fir.ref<f32>
      hlfir.assign %cst to %16 : f32, !fir.ref<f32>
      %cst_0 = arith.constant 6.000000e+01 : f32
      hlfir.assign %cst_0 to %4#0 : f32, !fir.ref<f32>
      %17 = acc.firstprivate varPtr(%6#0 : !fir.ref<!fir.array<4xf32>>) recipe(@firstprivatization_ref_4xf32) -> !fir.ref<!fir.array<4xf32>> {name = "w"}
      %18 = acc.firstprivate varPtr(%4#0 : !fir.ref<f32>) recipe(@firstprivatization_ref_f32) -> !fir.ref<f32> {name = "s"}
      %19 = acc.copyin var(%13#0 : !fir.box<!fir.array<?xf32>>) -> !fir.box<!fir.array<?xf32>> {dataClause = #acc<data_clause acc_copy>, name = "x"}
      acc.parallel combined(loop) dataOperands(%19 : !fir.box<!fir.array<?xf32>>) firstprivate(%17, %18 : !fir.ref<!fir.array<4xf32>>, !fir.ref<f32>) {
        %20 = fir.dummy_scope : !fir.dscope
        %21:2 = hlfir.declare %17(%5) dummy_scope %20 arg 3 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFfp_presentEw"} : (!fir.ref<!fir.array<4xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.ref<!fir.array<4xf32>>, !fir.ref<!fir.array<4xf32>>)
        %22:2 = hlfir.declare %18 dummy_scope %20 arg 4 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFfp_presentEs"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
        %23 = fir.box_addr %19 : (!fir.box<!fir.array<?xf32>>) -> !fir.ref<!fir.array<?xf32>>
        %24:2 = hlfir.declare %23(%12) dummy_scope %20 arg 2 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFfp_presentEx"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
        %c1_i32 = arith.constant 1 : i32
        %25 = fir.load %3#0 : !fir.ref<i32>
        %c1_i32_1 = arith.constant 1 : i32
        %26 = acc.private varPtr(%2#0 : !fir.ref<i32>) recipe(@privatization_ref_i32) -> !fir.ref<i32> {implicit = true, name = "i"}
        acc.loop combined(parallel) private(%26 : !fir.ref<i32>) control(%arg4 : i32) = (%c1_i32 : i32) to (%25 : i32)  step (%c1_i32_1 : i32) {
          %27:2 = hlfir.declare %26 {uniq_name = "_QFfp_presentEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
          fir.store %arg4 to %27#0 : !fir.ref<i32>
          %c3_2 = arith.constant 3 : index
          %28 = hlfir.designate %21#0 (%c3_2)  : (!fir.ref<!fir.array<4xf32>>, index) -> !fir.ref<f32>
          %29 = fir.load %28 : !fir.ref<f32>
          %30 = fir.load %22#0 : !fir.ref<f32>
          %31 = arith.addf %29, %30 fastmath<contract> : f32
          %32 = fir.load %27#0 : !fir.ref<i32>
          %33 = fir.convert %32 : (i32) -> i64
          %34 = hlfir.designate %24#0 (%33)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
          hlfir.assign %31 to %34 : f32, !fir.ref<f32>
          acc.yield
        } attributes {inclusiveUpperbound = array<i1: true>, independent = [#acc.device_type<none>]}
        acc.yield
      }
      acc.copyout accVar(%19 : !fir.box<!fir.array<?xf32>>) to var(%13#0 : !fir.box<!fir.array<?xf32>>) {dataClause = #acc<data_clause acc_copy>, name = "x"}
      acc.terminator
    }
    acc.delete accPtr(%14 : !fir.ref<!fir.array<4xf32>>) {dataClause = #acc<data_clause acc_copyin>, name = "w"}
    acc.delete accPtr(%15 : !fir.ref<f32>) {dataClause = #acc<data_clause acc_copyin>, name = "s"}
    return
  }
  func.func @_QPfp_gangs(%arg0: !fir.ref<i32> {fir.bindc_name = "n"}, %arg1: !fir.ref<!fir.array<?xf32>> {fir.bindc_name = "x"}, %arg2: !fir.ref<!fir.array<4xf32>> {fir.bindc_name = "w"}, %arg3: !fir.ref<f32> {fir.bindc_name = "t"}) {
    %0 = fir.dummy_scope : !fir.dscope
    %1 = fir.alloca i32 {bindc_name = "i", uniq_name = "_QFfp_gangsEi"}
    %2:2 = hlfir.declare %1 {uniq_name = "_QFfp_gangsEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    %3:2 = hlfir.declare %arg0 dummy_scope %0 arg 1 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFfp_gangsEn"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
    %4:2 = hlfir.declare %arg3 dummy_scope %0 arg 4 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFfp_gangsEt"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
    %c4 = arith.constant 4 : index
    %5 = fir.shape %c4 : (index) -> !fir.shape<1>
    %6:2 = hlfir.declare %arg2(%5) dummy_scope %0 arg 3 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFfp_gangsEw"} : (!fir.ref<!fir.array<4xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.ref<!fir.array<4xf32>>, !fir.ref<!fir.array<4xf32>>)
    %7 = fir.load %3#0 : !fir.ref<i32>
    %8 = fir.convert %7 : (i32) -> i64
    %9 = fir.convert %8 : (i64) -> index
    %c0 = arith.constant 0 : index
    %10 = arith.cmpi sgt, %9, %c0 : index
    %11 = arith.select %10, %9, %c0 : index
    %12 = fir.shape %11 : (index) -> !fir.shape<1>
    %13:2 = hlfir.declare %arg1(%12) dummy_scope %0 arg 2 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFfp_gangsEx"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
    %c2_i32 = arith.constant 2 : i32
    %14 = acc.firstprivate varPtr(%6#0 : !fir.ref<!fir.array<4xf32>>) recipe(@firstprivatization_ref_4xf32) -> !fir.ref<!fir.array<4xf32>> {name = "w"}
    %15 = acc.copyin var(%13#0 : !fir.box<!fir.array<?xf32>>) -> !fir.box<!fir.array<?xf32>> {dataClause = #acc<data_clause acc_copy>, name = "x"}
    %16 = acc.copyin varPtr(%4#0 : !fir.ref<f32>) -> !fir.ref<f32> {dataClause = #acc<data_clause acc_copy>, name = "t"}
    acc.parallel dataOperands(%15, %16 : !fir.box<!fir.array<?xf32>>, !fir.ref<f32>) firstprivate(%14 : !fir.ref<!fir.array<4xf32>>) num_gangs({%c2_i32 : i32}) {
      %17 = fir.dummy_scope : !fir.dscope
      %18:2 = hlfir.declare %14(%5) dummy_scope %17 arg 3 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFfp_gangsEw"} : (!fir.ref<!fir.array<4xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.ref<!fir.array<4xf32>>, !fir.ref<!fir.array<4xf32>>)
      %19 = fir.box_addr %15 : (!fir.box<!fir.array<?xf32>>) -> !fir.ref<!fir.array<?xf32>>
      %20:2 = hlfir.declare %19(%12) dummy_scope %17 arg 2 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFfp_gangsEx"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
      %21:2 = hlfir.declare %16 dummy_scope %17 arg 4 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFfp_gangsEt"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
      %cst = arith.constant 1.000000e+00 : f32
      hlfir.assign %cst to %21#0 : f32, !fir.ref<f32>
      %c1_i32 = arith.constant 1 : i32
      %22 = fir.load %3#0 : !fir.ref<i32>
      %c1_i32_0 = arith.constant 1 : i32
      %23 = acc.private varPtr(%2#0 : !fir.ref<i32>) recipe(@privatization_ref_i32) -> !fir.ref<i32> {implicit = true, name = "i"}
      acc.loop gang private(%23 : !fir.ref<i32>) control(%arg4 : i32) = (%c1_i32 : i32) to (%22 : i32)  step (%c1_i32_0 : i32) {
        %24:2 = hlfir.declare %23 {uniq_name = "_QFfp_gangsEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
        fir.store %arg4 to %24#0 : !fir.ref<i32>
        %25 = fir.load %24#0 : !fir.ref<i32>
        %26 = fir.convert %25 : (i32) -> i64
        %27 = hlfir.designate %20#0 (%26)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        %28 = fir.load %27 : !fir.ref<f32>
        %c2 = arith.constant 2 : index
        %29 = hlfir.designate %18#0 (%c2)  : (!fir.ref<!fir.array<4xf32>>, index) -> !fir.ref<f32>
        %30 = fir.load %29 : !fir.ref<f32>
        %31 = arith.addf %28, %30 fastmath<contract> : f32
        %32 = fir.load %24#0 : !fir.ref<i32>
        %33 = fir.convert %32 : (i32) -> i64
        %34 = hlfir.designate %20#0 (%33)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        hlfir.assign %31 to %34 : f32, !fir.ref<f32>
        acc.yield
      } attributes {inclusiveUpperbound = array<i1: true>, independent = [#acc.device_type<none>]}
      acc.yield
    }
    acc.copyout accVar(%15 : !fir.box<!fir.array<?xf32>>) to var(%13#0 : !fir.box<!fir.array<?xf32>>) {dataClause = #acc<data_clause acc_copy>, name = "x"}
    acc.copyout accPtr(%16 : !fir.ref<f32>) to varPtr(%4#0 : !fir.ref<f32>) {dataClause = #acc<data_clause acc_copy>, name = "t"}
    return
  }
}
