module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, fir.defaultkind = "a1c4d8i4l4r4", fir.kindmap = "", llvm.data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", llvm.ident = "Debian flang version 22.1.8", llvm.target_triple = "x86_64-pc-linux-gnu"} {
  acc.reduction.recipe @reduction_add_ref_f32 : !fir.ref<f32> reduction_operator <add> init {
  ^bb0(%arg0: !fir.ref<f32>):
    %cst = arith.constant 0.000000e+00 : f32
    %0 = fir.alloca f32
    %1:2 = hlfir.declare %0 {uniq_name = "acc.reduction.init"} : (!fir.ref<f32>) -> (!fir.ref<f32>, !fir.ref<f32>)
    fir.store %cst to %1#0 : !fir.ref<f32>
    acc.yield %1#0 : !fir.ref<f32>
  } combiner {
  ^bb0(%arg0: !fir.ref<f32>, %arg1: !fir.ref<f32>):
    %0 = fir.load %arg1 : !fir.ref<f32>
    %1 = fir.load %arg0 : !fir.ref<f32>
    %2 = arith.addf %1, %0 fastmath<contract> : f32
    hlfir.assign %2 to %arg0 : f32, !fir.ref<f32>
    acc.yield %arg0 : !fir.ref<f32>
  }
  acc.private.recipe @privatization_ref_i32 : !fir.ref<i32> init {
  ^bb0(%arg0: !fir.ref<i32>):
    %0 = fir.alloca i32
    %1:2 = hlfir.declare %0 {uniq_name = "acc.private.init"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    acc.yield %1#0 : !fir.ref<i32>
  }
  func.func @_QPredundant(%arg0: !fir.ref<i32> {fir.bindc_name = "n"}, %arg1: !fir.ref<!fir.array<?xf32>> {fir.bindc_name = "a"}, %arg2: !fir.ref<!fir.array<4xf32>> {fir.bindc_name = "b"}) {
    %0 = fir.dummy_scope : !fir.dscope
    %1:2 = hlfir.declare %arg0 dummy_scope %0 arg 1 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFredundantEn"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
    %c4 = arith.constant 4 : index
    %2 = fir.shape %c4 : (index) -> !fir.shape<1>
    %3:2 = hlfir.declare %arg2(%2) dummy_scope %0 arg 3 {fortran_attrs = #fir.var_attrs<intent_out>, uniq_name = "_QFredundantEb"} : (!fir.ref<!fir.array<4xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.ref<!fir.array<4xf32>>, !fir.ref<!fir.array<4xf32>>)
    %4 = fir.alloca i32 {bindc_name = "i", uniq_name = "_QFredundantEi"}
    %5:2 = hlfir.declare %4 {uniq_name = "_QFredundantEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    %6 = fir.load %1#0 : !fir.ref<i32>
    %7 = fir.convert %6 : (i32) -> i64
    %8 = fir.convert %7 : (i64) -> index
    %c0 = arith.constant 0 : index
    %9 = arith.cmpi sgt, %8, %c0 : index
    %10 = arith.select %9, %8, %c0 : index
    %11 = fir.shape %10 : (index) -> !fir.shape<1>
    %12:2 = hlfir.declare %arg1(%11) dummy_scope %0 arg 2 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFredundantEa"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
    %c4_i32 = arith.constant 4 : i32
    %13 = acc.copyin var(%12#0 : !fir.box<!fir.array<?xf32>>) -> !fir.box<!fir.array<?xf32>> {dataClause = #acc<data_clause acc_copy>, name = "a"}
    %14 = acc.create varPtr(%3#0 : !fir.ref<!fir.array<4xf32>>) -> !fir.ref<!fir.array<4xf32>> {dataClause = #acc<data_clause acc_copyout>, name = "b"}
    acc.parallel dataOperands(%13, %14 : !fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<4xf32>>) num_gangs({%c4_i32 : i32}) {
      %15 = fir.box_addr %13 : (!fir.box<!fir.array<?xf32>>) -> !fir.ref<!fir.array<?xf32>>
      %16 = fir.dummy_scope : !fir.dscope
      %17:2 = hlfir.declare %15(%11) dummy_scope %16 arg 2 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFredundantEa"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
      %18:2 = hlfir.declare %14(%2) dummy_scope %16 arg 3 {fortran_attrs = #fir.var_attrs<intent_out>, uniq_name = "_QFredundantEb"} : (!fir.ref<!fir.array<4xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.ref<!fir.array<4xf32>>, !fir.ref<!fir.array<4xf32>>)
      %cst = arith.constant 5.000000e+00 : f32
      %c1 = arith.constant 1 : index
      %19 = hlfir.designate %18#0 (%c1)  : (!fir.ref<!fir.array<4xf32>>, index) -> !fir.ref<f32>
      hlfir.assign %cst to %19 : f32, !fir.ref<f32>
      %c1_i32 = arith.constant 1 : i32
      %20 = fir.load %1#0 : !fir.ref<i32>
      %c1_i32_0 = arith.constant 1 : i32
      %21 = acc.private varPtr(%5#0 : !fir.ref<i32>) recipe(@privatization_ref_i32) -> !fir.ref<i32> {implicit = true, name = "i"}
      acc.loop gang private(%21 : !fir.ref<i32>) control(%arg3 : i32) = (%c1_i32 : i32) to (%20 : i32)  step (%c1_i32_0 : i32) {
        %22:2 = hlfir.declare %21 {uniq_name = "_QFredundantEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
        fir.store %arg3 to %22#0 : !fir.ref<i32>
        %23 = fir.load %22#0 : !fir.ref<i32>
        %24 = fir.convert %23 : (i32) -> i64
        %25 = hlfir.designate %17#0 (%24)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        %26 = fir.load %25 : !fir.ref<f32>
        %cst_1 = arith.constant 2.000000e+00 : f32
        %27 = arith.mulf %26, %cst_1 fastmath<contract> : f32
        %28 = fir.load %22#0 : !fir.ref<i32>
        %29 = fir.convert %28 : (i32) -> i64
        %30 = hlfir.designate %17#0 (%29)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        hlfir.assign %27 to %30 : f32, !fir.ref<f32>
        acc.yield
      } attributes {inclusiveUpperbound = array<i1: true>, independent = [#acc.device_type<none>]}
      acc.yield
    }
    acc.copyout accVar(%13 : !fir.box<!fir.array<?xf32>>) to var(%12#0 : !fir.box<!fir.array<?xf32>>) {dataClause = #acc<data_clause acc_copy>, name = "a"}
    acc.copyout accPtr(%14 : !fir.ref<!fir.array<4xf32>>) to varPtr(%3#0 : !fir.ref<!fir.array<4xf32>>) {name = "b"}
    return
  }
  func.func @_QPredundant_gv(%arg0: !fir.ref<i32> {fir.bindc_name = "n"}, %arg1: !fir.ref<!fir.array<?xf32>> {fir.bindc_name = "a"}, %arg2: !fir.ref<f32> {fir.bindc_name = "t"}, %arg3: !fir.ref<f32> {fir.bindc_name = "s"}) {
    %0 = fir.dummy_scope : !fir.dscope
    %1:2 = hlfir.declare %arg0 dummy_scope %0 arg 1 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFredundant_gvEn"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
    %2 = fir.alloca i32 {bindc_name = "i", uniq_name = "_QFredundant_gvEi"}
    %3:2 = hlfir.declare %2 {uniq_name = "_QFredundant_gvEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    %4:2 = hlfir.declare %arg3 dummy_scope %0 arg 4 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFredundant_gvEs"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
    %5:2 = hlfir.declare %arg2 dummy_scope %0 arg 3 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFredundant_gvEt"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
    %6 = fir.load %1#0 : !fir.ref<i32>
    %7 = fir.convert %6 : (i32) -> i64
    %8 = fir.convert %7 : (i64) -> index
    %c0 = arith.constant 0 : index
    %9 = arith.cmpi sgt, %8, %c0 : index
    %10 = arith.select %9, %8, %c0 : index
    %11 = fir.shape %10 : (index) -> !fir.shape<1>
    %12:2 = hlfir.declare %arg1(%11) dummy_scope %0 arg 2 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFredundant_gvEa"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
    %c4_i32 = arith.constant 4 : i32
    %13 = acc.copyin var(%12#0 : !fir.box<!fir.array<?xf32>>) -> !fir.box<!fir.array<?xf32>> {dataClause = #acc<data_clause acc_copy>, name = "a"}
    %14 = acc.copyin varPtr(%5#0 : !fir.ref<f32>) -> !fir.ref<f32> {dataClause = #acc<data_clause acc_copy>, name = "t"}
    %15 = acc.reduction varPtr(%4#0 : !fir.ref<f32>) recipe(@reduction_add_ref_f32) -> !fir.ref<f32> {name = "s"}
    acc.parallel dataOperands(%13, %14 : !fir.box<!fir.array<?xf32>>, !fir.ref<f32>) num_gangs({%c4_i32 : i32}) reduction(%15 : !fir.ref<f32>) {
      %16 = fir.box_addr %13 : (!fir.box<!fir.array<?xf32>>) -> !fir.ref<!fir.array<?xf32>>
      %17 = fir.dummy_scope : !fir.dscope
      %18:2 = hlfir.declare %16(%11) dummy_scope %17 arg 2 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFredundant_gvEa"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
      %19:2 = hlfir.declare %14 dummy_scope %17 arg 3 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFredundant_gvEt"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
      %20:2 = hlfir.declare %15 dummy_scope %17 arg 4 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFredundant_gvEs"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
      %cst = arith.constant 1.000000e+00 : f32
      hlfir.assign %cst to %19#0 : f32, !fir.ref<f32>
      %21 = acc.reduction varPtr(%20#0 : !fir.ref<f32>) recipe(@reduction_add_ref_f32) -> !fir.ref<f32> {name = "s"}
      %c1_i32 = arith.constant 1 : i32
      %22 = fir.load %1#0 : !fir.ref<i32>
      %c1_i32_0 = arith.constant 1 : i32
      %23 = acc.private varPtr(%3#0 : !fir.ref<i32>) recipe(@privatization_ref_i32) -> !fir.ref<i32> {implicit = true, name = "i"}
      acc.loop gang vector private(%23 : !fir.ref<i32>) reduction(%21 : !fir.ref<f32>) control(%arg4 : i32) = (%c1_i32 : i32) to (%22 : i32)  step (%c1_i32_0 : i32) {
        %24 = fir.dummy_scope : !fir.dscope
        %25:2 = hlfir.declare %21 dummy_scope %24 arg 4 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFredundant_gvEs"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
        %26:2 = hlfir.declare %23 {uniq_name = "_QFredundant_gvEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
        fir.store %arg4 to %26#0 : !fir.ref<i32>
        %27 = fir.load %26#0 : !fir.ref<i32>
        %28 = fir.convert %27 : (i32) -> i64
        %29 = hlfir.designate %18#0 (%28)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        %30 = fir.load %29 : !fir.ref<f32>
        %cst_1 = arith.constant 2.000000e+00 : f32
        %31 = arith.mulf %30, %cst_1 fastmath<contract> : f32
        %32 = fir.load %26#0 : !fir.ref<i32>
        %33 = fir.convert %32 : (i32) -> i64
        %34 = hlfir.designate %18#0 (%33)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        hlfir.assign %31 to %34 : f32, !fir.ref<f32>
        %35 = fir.load %25#0 : !fir.ref<f32>
        %36 = fir.load %26#0 : !fir.ref<i32>
        %37 = fir.convert %36 : (i32) -> i64
        %38 = hlfir.designate %18#0 (%37)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        %39 = fir.load %38 : !fir.ref<f32>
        %40 = arith.addf %35, %39 fastmath<contract> : f32
        hlfir.assign %40 to %25#0 : f32, !fir.ref<f32>
        acc.yield
      } attributes {inclusiveUpperbound = array<i1: true>, independent = [#acc.device_type<none>]}
      acc.yield
    }
    acc.copyout accVar(%13 : !fir.box<!fir.array<?xf32>>) to var(%12#0 : !fir.box<!fir.array<?xf32>>) {dataClause = #acc<data_clause acc_copy>, name = "a"}
    acc.copyout accPtr(%14 : !fir.ref<f32>) to varPtr(%5#0 : !fir.ref<f32>) {dataClause = #acc<data_clause acc_copy>, name = "t"}
    return
  }
}
