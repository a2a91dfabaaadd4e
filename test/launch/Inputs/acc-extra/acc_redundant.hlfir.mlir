module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, fir.defaultkind = "a1c4d8i4l4r4", fir.kindmap = "", llvm.data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", llvm.ident = "Debian flang version 22.1.8", llvm.target_triple = "x86_64-pc-linux-gnu"} {
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
}
