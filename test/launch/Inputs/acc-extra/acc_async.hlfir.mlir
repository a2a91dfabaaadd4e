module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, fir.defaultkind = "a1c4d8i4l4r4", fir.kindmap = "", llvm.data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", llvm.ident = "Debian flang version 22.1.8", llvm.target_triple = "x86_64-pc-linux-gnu"} {
  acc.private.recipe @privatization_ref_i32 : !fir.ref<i32> init {
  ^bb0(%arg0: !fir.ref<i32>):
    %0 = fir.alloca i32
    %1:2 = hlfir.declare %0 {uniq_name = "acc.private.init"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    acc.yield %1#0 : !fir.ref<i32>
  }
  func.func @_QPqueues(%arg0: !fir.ref<i32> {fir.bindc_name = "n"}, %arg1: !fir.ref<!fir.array<?xf32>> {fir.bindc_name = "a"}, %arg2: !fir.ref<!fir.array<?xf32>> {fir.bindc_name = "b"}) {
    %0 = fir.dummy_scope : !fir.dscope
    %1:2 = hlfir.declare %arg0 dummy_scope %0 arg 1 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFqueuesEn"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
    %2 = fir.alloca i32 {bindc_name = "i", uniq_name = "_QFqueuesEi"}
    %3:2 = hlfir.declare %2 {uniq_name = "_QFqueuesEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    %4 = fir.load %1#0 : !fir.ref<i32>
    %5 = fir.convert %4 : (i32) -> i64
    %6 = fir.convert %5 : (i64) -> index
    %c0 = arith.constant 0 : index
    %7 = arith.cmpi sgt, %6, %c0 : index
    %8 = arith.select %7, %6, %c0 : index
    %9 = fir.shape %8 : (index) -> !fir.shape<1>
    %10:2 = hlfir.declare %arg1(%9) dummy_scope %0 arg 2 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFqueuesEa"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
    %11 = fir.load %1#0 : !fir.ref<i32>
    %12 = fir.convert %11 : (i32) -> i64
    %13 = fir.convert %12 : (i64) -> index
    %c0_0 = arith.constant 0 : index
    %14 = arith.cmpi sgt, %13, %c0_0 : index
    %15 = arith.select %14, %13, %c0_0 : index
    %16 = fir.shape %15 : (index) -> !fir.shape<1>
    %17:2 = hlfir.declare %arg2(%16) dummy_scope %0 arg 3 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFqueuesEb"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
    %18 = acc.copyin var(%10#0 : !fir.box<!fir.array<?xf32>>) -> !fir.box<!fir.array<?xf32>> {dataClause = #acc<data_clause acc_copy>, name = "a"}
    %19 = acc.copyin var(%17#0 : !fir.box<!fir.array<?xf32>>) -> !fir.box<!fir.array<?xf32>> {dataClause = #acc<data_clause acc_copy>, name = "b"}
    acc.data dataOperands(%18, %19 : !fir.box<!fir.array<?xf32>>, !fir.box<!fir.array<?xf32>>) {
      %c1_i32 = arith.constant 1 : i32
      acc.parallel combined(loop) async(%c1_i32 : i32) {
        %c1_i32_4 = arith.constant 1 : i32
        %21 = fir.load %1#0 : !fir.ref<i32>
        %c1_i32_5 = arith.constant 1 : i32
        %22 = acc.private varPtr(%3#0 : !fir.ref<i32>) recipe(@privatization_ref_i32) -> !fir.ref<i32> {implicit = true, name = "i"}
        acc.loop combined(parallel) private(%22 : !fir.ref<i32>) control(%arg3 : i32) = (%c1_i32_4 : i32) to (%21 : i32)  step (%c1_i32_5 : i32) {
          %23:2 = hlfir.declare %22 {uniq_name = "_QFqueuesEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
          fir.store %arg3 to %23#0 : !fir.ref<i32>
          %24 = fir.load %23#0 : !fir.ref<i32>
          %25 = fir.convert %24 : (i32) -> i64
          %26 = hlfir.designate %10#0 (%25)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
          %27 = fir.load %26 : !fir.ref<f32>
          %cst = arith.constant 1.000000e+00 : f32
          %28 = arith.addf %27, %cst fastmath<contract> : f32
          %29 = fir.load %23#0 : !fir.ref<i32>
          %30 = fir.convert %29 : (i32) -> i64
          %31 = hlfir.designate %10#0 (%30)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
          hlfir.assign %28 to %31 : f32, !fir.ref<f32>
          acc.yield
        } attributes {inclusiveUpperbound = array<i1: true>, independent = [#acc.device_type<none>]}
        acc.yield
      }
      %c2_i32 = arith.constant 2 : i32
      acc.parallel combined(loop) async(%c2_i32 : i32) {
        %c1_i32_4 = arith.constant 1 : i32
        %21 = fir.load %1#0 : !fir.ref<i32>
        %c1_i32_5 = arith.constant 1 : i32
        %22 = acc.private varPtr(%3#0 : !fir.ref<i32>) recipe(@privatization_ref_i32) -> !fir.ref<i32> {implicit = true, name = "i"}
        acc.loop combined(parallel) private(%22 : !fir.ref<i32>) control(%arg3 : i32) = (%c1_i32_4 : i32) to (%21 : i32)  step (%c1_i32_5 : i32) {
          %23:2 = hlfir.declare %22 {uniq_name = "_QFqueuesEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
          fir.store %arg3 to %23#0 : !fir.ref<i32>
          %cst = arith.constant 2.000000e+00 : f32
          %24 = fir.load %23#0 : !fir.ref<i32>
          %25 = fir.convert %24 : (i32) -> i64
          %26 = hlfir.designate %17#0 (%25)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
          %27 = fir.load %26 : !fir.ref<f32>
          %28 = arith.mulf %cst, %27 fastmath<contract> : f32
          %29 = fir.load %23#0 : !fir.ref<i32>
          %30 = fir.convert %29 : (i32) -> i64
          %31 = hlfir.designate %17#0 (%30)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
          hlfir.assign %28 to %31 : f32, !fir.ref<f32>
          acc.yield
        } attributes {inclusiveUpperbound = array<i1: true>, independent = [#acc.device_type<none>]}
        acc.yield
      }
      %c1_i32_1 = arith.constant 1 : i32
      acc.parallel combined(loop) async(%c1_i32_1 : i32) {
        %c1_i32_4 = arith.constant 1 : i32
        %21 = fir.load %1#0 : !fir.ref<i32>
        %c1_i32_5 = arith.constant 1 : i32
        %22 = acc.private varPtr(%3#0 : !fir.ref<i32>) recipe(@privatization_ref_i32) -> !fir.ref<i32> {implicit = true, name = "i"}
        acc.loop combined(parallel) private(%22 : !fir.ref<i32>) control(%arg3 : i32) = (%c1_i32_4 : i32) to (%21 : i32)  step (%c1_i32_5 : i32) {
          %23:2 = hlfir.declare %22 {uniq_name = "_QFqueuesEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
          fir.store %arg3 to %23#0 : !fir.ref<i32>
          %cst = arith.constant 3.000000e+00 : f32
          %24 = fir.load %23#0 : !fir.ref<i32>
          %25 = fir.convert %24 : (i32) -> i64
          %26 = hlfir.designate %10#0 (%25)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
          %27 = fir.load %26 : !fir.ref<f32>
          %28 = arith.mulf %cst, %27 fastmath<contract> : f32
          %29 = fir.load %23#0 : !fir.ref<i32>
          %30 = fir.convert %29 : (i32) -> i64
          %31 = hlfir.designate %10#0 (%30)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
          hlfir.assign %28 to %31 : f32, !fir.ref<f32>
          acc.yield
        } attributes {inclusiveUpperbound = array<i1: true>, independent = [#acc.device_type<none>]}
        acc.yield
      }
      %c1_i32_2 = arith.constant 1 : i32
      acc.wait(%c1_i32_2 : i32)
      %c2_i32_3 = arith.constant 2 : i32
      %20 = acc.getdeviceptr var(%10#0 : !fir.box<!fir.array<?xf32>>) async(%c2_i32_3 : i32) -> !fir.box<!fir.array<?xf32>> {dataClause = #acc<data_clause acc_update_self>, name = "a", structured = false}
      acc.update async(%c2_i32_3 : i32) dataOperands(%20 : !fir.box<!fir.array<?xf32>>)
      acc.update_host accVar(%20 : !fir.box<!fir.array<?xf32>>) async(%c2_i32_3 : i32) to var(%10#0 : !fir.box<!fir.array<?xf32>>) {dataClause = #acc<data_clause acc_update_self>, name = "a", structured = false}
      acc.wait
      acc.terminator
    }
    acc.copyout accVar(%18 : !fir.box<!fir.array<?xf32>>) to var(%10#0 : !fir.box<!fir.array<?xf32>>) {dataClause = #acc<data_clause acc_copy>, name = "a"}
    acc.copyout accVar(%19 : !fir.box<!fir.array<?xf32>>) to var(%17#0 : !fir.box<!fir.array<?xf32>>) {dataClause = #acc<data_clause acc_copy>, name = "b"}
    return
  }
}
