module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, fir.defaultkind = "a1c4d8i4l4r4", fir.kindmap = "", llvm.data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", llvm.ident = "Debian flang version 22.1.8", llvm.target_triple = "x86_64-pc-linux-gnu"} {
  acc.private.recipe @privatization_ref_i32 : !fir.ref<i32> init {
  ^bb0(%arg0: !fir.ref<i32>):
    %0 = fir.alloca i32
    %1:2 = hlfir.declare %0 {uniq_name = "acc.private.init"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    acc.yield %1#0 : !fir.ref<i32>
  }
  func.func @_QPhold(%arg0: !fir.ref<i32> {fir.bindc_name = "n"}, %arg1: !fir.ref<!fir.array<?xf32>> {fir.bindc_name = "a"}) {
    %0 = fir.dummy_scope : !fir.dscope
    %1:2 = hlfir.declare %arg0 dummy_scope %0 arg 1 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFholdEn"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
    %2 = fir.alloca i32 {bindc_name = "i", uniq_name = "_QFholdEi"}
    %3:2 = hlfir.declare %2 {uniq_name = "_QFholdEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    %4 = fir.load %1#0 : !fir.ref<i32>
    %5 = fir.convert %4 : (i32) -> i64
    %6 = fir.convert %5 : (i64) -> index
    %c0 = arith.constant 0 : index
    %7 = arith.cmpi sgt, %6, %c0 : index
    %8 = arith.select %7, %6, %c0 : index
    %9 = fir.shape %8 : (index) -> !fir.shape<1>
    %10:2 = hlfir.declare %arg1(%9) dummy_scope %0 arg 2 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFholdEa"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
    %11 = acc.copyin var(%10#0 : !fir.box<!fir.array<?xf32>>) -> !fir.box<!fir.array<?xf32>> {dataClause = #acc<data_clause acc_copy>, name = "a"}
    acc.data dataOperands(%11 : !fir.box<!fir.array<?xf32>>) {
      %12 = acc.getdeviceptr var(%10#0 : !fir.box<!fir.array<?xf32>>) -> !fir.box<!fir.array<?xf32>> {dataClause = #acc<data_clause acc_delete>, name = "a", structured = false}
      acc.exit_data dataOperands(%12 : !fir.box<!fir.array<?xf32>>)
      acc.delete accVar(%12 : !fir.box<!fir.array<?xf32>>) {name = "a", structured = false}
      %13 = acc.present var(%10#0 : !fir.box<!fir.array<?xf32>>) -> !fir.box<!fir.array<?xf32>> {name = "a"}
      acc.parallel combined(loop) dataOperands(%13 : !fir.box<!fir.array<?xf32>>) {
        %14 = fir.box_addr %13 : (!fir.box<!fir.array<?xf32>>) -> !fir.ref<!fir.array<?xf32>>
        %15 = fir.dummy_scope : !fir.dscope
        %16:2 = hlfir.declare %14(%9) dummy_scope %15 arg 2 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFholdEa"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
        %c1_i32 = arith.constant 1 : i32
        %17 = fir.load %1#0 : !fir.ref<i32>
        %c1_i32_0 = arith.constant 1 : i32
        %18 = acc.private varPtr(%3#0 : !fir.ref<i32>) recipe(@privatization_ref_i32) -> !fir.ref<i32> {implicit = true, name = "i"}
        acc.loop combined(parallel) private(%18 : !fir.ref<i32>) control(%arg2 : i32) = (%c1_i32 : i32) to (%17 : i32)  step (%c1_i32_0 : i32) {
          %19:2 = hlfir.declare %18 {uniq_name = "_QFholdEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
          fir.store %arg2 to %19#0 : !fir.ref<i32>
          %20 = fir.load %19#0 : !fir.ref<i32>
          %21 = fir.convert %20 : (i32) -> i64
          %22 = hlfir.designate %16#0 (%21)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
          %23 = fir.load %22 : !fir.ref<f32>
          %cst = arith.constant 1.000000e+00 : f32
          %24 = arith.addf %23, %cst fastmath<contract> : f32
          %25 = fir.load %19#0 : !fir.ref<i32>
          %26 = fir.convert %25 : (i32) -> i64
          %27 = hlfir.designate %16#0 (%26)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
          hlfir.assign %24 to %27 : f32, !fir.ref<f32>
          acc.yield
        } attributes {inclusiveUpperbound = array<i1: true>, independent = [#acc.device_type<none>]}
        acc.yield
      }
      acc.delete accVar(%13 : !fir.box<!fir.array<?xf32>>) {dataClause = #acc<data_clause acc_present>, name = "a"}
      acc.terminator
    }
    acc.copyout accVar(%11 : !fir.box<!fir.array<?xf32>>) to var(%10#0 : !fir.box<!fir.array<?xf32>>) {dataClause = #acc<data_clause acc_copy>, name = "a"}
    return
  }
  func.func @_QPtwice(%arg0: !fir.ref<i32> {fir.bindc_name = "n"}, %arg1: !fir.ref<!fir.array<?xf32>> {fir.bindc_name = "a"}) {
    %0 = fir.dummy_scope : !fir.dscope
    %1:2 = hlfir.declare %arg0 dummy_scope %0 arg 1 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFtwiceEn"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
    %2 = fir.alloca i32 {bindc_name = "i", uniq_name = "_QFtwiceEi"}
    %3:2 = hlfir.declare %2 {uniq_name = "_QFtwiceEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    %4 = fir.load %1#0 : !fir.ref<i32>
    %5 = fir.convert %4 : (i32) -> i64
    %6 = fir.convert %5 : (i64) -> index
    %c0 = arith.constant 0 : index
    %7 = arith.cmpi sgt, %6, %c0 : index
    %8 = arith.select %7, %6, %c0 : index
    %9 = fir.shape %8 : (index) -> !fir.shape<1>
    %10:2 = hlfir.declare %arg1(%9) dummy_scope %0 arg 2 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFtwiceEa"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
    %11 = acc.copyin var(%10#0 : !fir.box<!fir.array<?xf32>>) -> !fir.box<!fir.array<?xf32>> {name = "a", structured = false}
    acc.enter_data dataOperands(%11 : !fir.box<!fir.array<?xf32>>)
    %12 = acc.copyin var(%10#0 : !fir.box<!fir.array<?xf32>>) -> !fir.box<!fir.array<?xf32>> {name = "a", structured = false}
    acc.enter_data dataOperands(%12 : !fir.box<!fir.array<?xf32>>)
    %13 = acc.present var(%10#0 : !fir.box<!fir.array<?xf32>>) -> !fir.box<!fir.array<?xf32>> {name = "a"}
    acc.parallel combined(loop) dataOperands(%13 : !fir.box<!fir.array<?xf32>>) {
      %16 = fir.box_addr %13 : (!fir.box<!fir.array<?xf32>>) -> !fir.ref<!fir.array<?xf32>>
      %17 = fir.dummy_scope : !fir.dscope
      %18:2 = hlfir.declare %16(%9) dummy_scope %17 arg 2 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFtwiceEa"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
      %c1_i32 = arith.constant 1 : i32
      %19 = fir.load %1#0 : !fir.ref<i32>
      %c1_i32_0 = arith.constant 1 : i32
      %20 = acc.private varPtr(%3#0 : !fir.ref<i32>) recipe(@privatization_ref_i32) -> !fir.ref<i32> {implicit = true, name = "i"}
      acc.loop combined(parallel) private(%20 : !fir.ref<i32>) control(%arg2 : i32) = (%c1_i32 : i32) to (%19 : i32)  step (%c1_i32_0 : i32) {
        %21:2 = hlfir.declare %20 {uniq_name = "_QFtwiceEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
        fir.store %arg2 to %21#0 : !fir.ref<i32>
        %cst = arith.constant 2.000000e+00 : f32
        %22 = fir.load %21#0 : !fir.ref<i32>
        %23 = fir.convert %22 : (i32) -> i64
        %24 = hlfir.designate %18#0 (%23)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        %25 = fir.load %24 : !fir.ref<f32>
        %26 = arith.mulf %cst, %25 fastmath<contract> : f32
        %27 = fir.load %21#0 : !fir.ref<i32>
        %28 = fir.convert %27 : (i32) -> i64
        %29 = hlfir.designate %18#0 (%28)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        hlfir.assign %26 to %29 : f32, !fir.ref<f32>
        acc.yield
      } attributes {inclusiveUpperbound = array<i1: true>, independent = [#acc.device_type<none>]}
      acc.yield
    }
    acc.delete accVar(%13 : !fir.box<!fir.array<?xf32>>) {dataClause = #acc<data_clause acc_present>, name = "a"}
    %14 = acc.getdeviceptr var(%10#0 : !fir.box<!fir.array<?xf32>>) -> !fir.box<!fir.array<?xf32>> {dataClause = #acc<data_clause acc_copyout>, name = "a", structured = false}
    acc.exit_data dataOperands(%14 : !fir.box<!fir.array<?xf32>>) attributes {finalize}
    acc.copyout accVar(%14 : !fir.box<!fir.array<?xf32>>) to var(%10#0 : !fir.box<!fir.array<?xf32>>) {name = "a", structured = false}
    %15 = acc.copyin var(%10#0 : !fir.box<!fir.array<?xf32>>) -> !fir.box<!fir.array<?xf32>> {dataClause = #acc<data_clause acc_copy>, name = "a"}
    acc.parallel combined(loop) dataOperands(%15 : !fir.box<!fir.array<?xf32>>) {
      %16 = fir.box_addr %15 : (!fir.box<!fir.array<?xf32>>) -> !fir.ref<!fir.array<?xf32>>
      %17 = fir.dummy_scope : !fir.dscope
      %18:2 = hlfir.declare %16(%9) dummy_scope %17 arg 2 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFtwiceEa"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
      %c1_i32 = arith.constant 1 : i32
      %19 = fir.load %1#0 : !fir.ref<i32>
      %c1_i32_0 = arith.constant 1 : i32
      %20 = acc.private varPtr(%3#0 : !fir.ref<i32>) recipe(@privatization_ref_i32) -> !fir.ref<i32> {implicit = true, name = "i"}
      acc.loop combined(parallel) private(%20 : !fir.ref<i32>) control(%arg2 : i32) = (%c1_i32 : i32) to (%19 : i32)  step (%c1_i32_0 : i32) {
        %21:2 = hlfir.declare %20 {uniq_name = "_QFtwiceEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
        fir.store %arg2 to %21#0 : !fir.ref<i32>
        %22 = fir.load %21#0 : !fir.ref<i32>
        %23 = fir.convert %22 : (i32) -> i64
        %24 = hlfir.designate %18#0 (%23)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        %25 = fir.load %24 : !fir.ref<f32>
        %cst = arith.constant 1.000000e+00 : f32
        %26 = arith.addf %25, %cst fastmath<contract> : f32
        %27 = fir.load %21#0 : !fir.ref<i32>
        %28 = fir.convert %27 : (i32) -> i64
        %29 = hlfir.designate %18#0 (%28)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        hlfir.assign %26 to %29 : f32, !fir.ref<f32>
        acc.yield
      } attributes {inclusiveUpperbound = array<i1: true>, independent = [#acc.device_type<none>]}
      acc.yield
    }
    acc.copyout accVar(%15 : !fir.box<!fir.array<?xf32>>) to var(%10#0 : !fir.box<!fir.array<?xf32>>) {dataClause = #acc<data_clause acc_copy>, name = "a"}
    return
  }
}
