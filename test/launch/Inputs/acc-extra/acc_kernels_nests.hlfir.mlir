module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, fir.defaultkind = "a1c4d8i4l4r4", fir.kindmap = "", llvm.data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", llvm.ident = "Debian flang version 22.1.8", llvm.target_triple = "x86_64-pc-linux-gnu"} {
  acc.private.recipe @privatization_ref_i32 : !fir.ref<i32> init {
  ^bb0(%arg0: !fir.ref<i32>):
    %0 = fir.alloca i32
    %1:2 = hlfir.declare %0 {uniq_name = "acc.private.init"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    acc.yield %1#0 : !fir.ref<i32>
  }
  func.func @_QPnests(%arg0: !fir.ref<i32> {fir.bindc_name = "n"}, %arg1: !fir.ref<!fir.array<?xf32>> {fir.bindc_name = "a"}, %arg2: !fir.ref<!fir.array<?xf32>> {fir.bindc_name = "b"}, %arg3: !fir.ref<f32> {fir.bindc_name = "s"}) {
    %0 = fir.dummy_scope : !fir.dscope
    %1:2 = hlfir.declare %arg0 dummy_scope %0 arg 1 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFnestsEn"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
    %2 = fir.alloca i32 {bindc_name = "i", uniq_name = "_QFnestsEi"}
    %3:2 = hlfir.declare %2 {uniq_name = "_QFnestsEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    %4:2 = hlfir.declare %arg3 dummy_scope %0 arg 4 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFnestsEs"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
    %5 = fir.load %1#0 : !fir.ref<i32>
    %6 = fir.convert %5 : (i32) -> i64
    %7 = fir.convert %6 : (i64) -> index
    %c0 = arith.constant 0 : index
    %8 = arith.cmpi sgt, %7, %c0 : index
    %9 = arith.select %8, %7, %c0 : index
    %10 = fir.shape %9 : (index) -> !fir.shape<1>
    %11:2 = hlfir.declare %arg1(%10) dummy_scope %0 arg 2 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFnestsEa"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
    %12 = fir.load %1#0 : !fir.ref<i32>
    %13 = fir.convert %12 : (i32) -> i64
    %14 = fir.convert %13 : (i64) -> index
    %c0_0 = arith.constant 0 : index
    %15 = arith.cmpi sgt, %14, %c0_0 : index
    %16 = arith.select %15, %14, %c0_0 : index
    %17 = fir.shape %16 : (index) -> !fir.shape<1>
    %18:2 = hlfir.declare %arg2(%17) dummy_scope %0 arg 3 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFnestsEb"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
    %19 = acc.copyin var(%11#0 : !fir.box<!fir.array<?xf32>>) -> !fir.box<!fir.array<?xf32>> {dataClause = #acc<data_clause acc_copy>, name = "a"}
    %20 = acc.copyin var(%18#0 : !fir.box<!fir.array<?xf32>>) -> !fir.box<!fir.array<?xf32>> {dataClause = #acc<data_clause acc_copy>, name = "b"}
    %21 = acc.copyin varPtr(%4#0 : !fir.ref<f32>) -> !fir.ref<f32> {dataClause = #acc<data_clause acc_copy>, name = "s"}
    acc.kernels dataOperands(%19, %20, %21 : !fir.box<!fir.array<?xf32>>, !fir.box<!fir.array<?xf32>>, !fir.ref<f32>) {
      %22 = fir.box_addr %19 : (!fir.box<!fir.array<?xf32>>) -> !fir.ref<!fir.array<?xf32>>
      %23 = fir.dummy_scope : !fir.dscope
      %24:2 = hlfir.declare %22(%10) dummy_scope %23 arg 2 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFnestsEa"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
      %25 = fir.box_addr %20 : (!fir.box<!fir.array<?xf32>>) -> !fir.ref<!fir.array<?xf32>>
      %26:2 = hlfir.declare %25(%17) dummy_scope %23 arg 3 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFnestsEb"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
      %27:2 = hlfir.declare %21 dummy_scope %23 arg 4 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFnestsEs"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
      %c1_i32 = arith.constant 1 : i32
      %28 = fir.load %1#0 : !fir.ref<i32>
      %c1_i32_1 = arith.constant 1 : i32
      %29 = acc.private varPtr(%3#0 : !fir.ref<i32>) recipe(@privatization_ref_i32) -> !fir.ref<i32> {implicit = true, name = "i"}
      acc.loop private(%29 : !fir.ref<i32>) control(%arg4 : i32) = (%c1_i32 : i32) to (%28 : i32)  step (%c1_i32_1 : i32) {
        %38:2 = hlfir.declare %29 {uniq_name = "_QFnestsEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
        fir.store %arg4 to %38#0 : !fir.ref<i32>
        %39 = fir.load %38#0 : !fir.ref<i32>
        %40 = fir.convert %39 : (i32) -> i64
        %41 = hlfir.designate %24#0 (%40)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        %42 = fir.load %41 : !fir.ref<f32>
        %cst = arith.constant 1.000000e+00 : f32
        %43 = arith.addf %42, %cst fastmath<contract> : f32
        %44 = fir.load %38#0 : !fir.ref<i32>
        %45 = fir.convert %44 : (i32) -> i64
        %46 = hlfir.designate %24#0 (%45)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        hlfir.assign %43 to %46 : f32, !fir.ref<f32>
        acc.yield
      } attributes {inclusiveUpperbound = array<i1: true>, independent = [#acc.device_type<none>]}
      %30 = fir.load %27#0 : !fir.ref<f32>
      %c1 = arith.constant 1 : index
      %31 = hlfir.designate %24#0 (%c1)  : (!fir.box<!fir.array<?xf32>>, index) -> !fir.ref<f32>
      %32 = fir.load %31 : !fir.ref<f32>
      %33 = arith.addf %30, %32 fastmath<contract> : f32
      hlfir.assign %33 to %27#0 : f32, !fir.ref<f32>
      %34 = fir.load %27#0 : !fir.ref<f32>
      %c1_2 = arith.constant 1 : index
      %35 = hlfir.designate %26#0 (%c1_2)  : (!fir.box<!fir.array<?xf32>>, index) -> !fir.ref<f32>
      hlfir.assign %34 to %35 : f32, !fir.ref<f32>
      %c2_i32 = arith.constant 2 : i32
      %36 = fir.load %1#0 : !fir.ref<i32>
      %c1_i32_3 = arith.constant 1 : i32
      %37 = acc.private varPtr(%3#0 : !fir.ref<i32>) recipe(@privatization_ref_i32) -> !fir.ref<i32> {implicit = true, name = "i"}
      acc.loop private(%37 : !fir.ref<i32>) control(%arg4 : i32) = (%c2_i32 : i32) to (%36 : i32)  step (%c1_i32_3 : i32) {
        %38:2 = hlfir.declare %37 {uniq_name = "_QFnestsEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
        fir.store %arg4 to %38#0 : !fir.ref<i32>
        %39 = fir.load %38#0 : !fir.ref<i32>
        %40 = fir.convert %39 : (i32) -> i64
        %41 = hlfir.designate %24#0 (%40)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        %42 = fir.load %41 : !fir.ref<f32>
        %cst = arith.constant 2.000000e+00 : f32
        %43 = arith.mulf %42, %cst fastmath<contract> : f32
        %44 = fir.load %38#0 : !fir.ref<i32>
        %45 = fir.convert %44 : (i32) -> i64
        %46 = hlfir.designate %26#0 (%45)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        hlfir.assign %43 to %46 : f32, !fir.ref<f32>
        acc.yield
      } attributes {inclusiveUpperbound = array<i1: true>, independent = [#acc.device_type<none>]}
      acc.terminator
    }
    acc.copyout accVar(%19 : !fir.box<!fir.array<?xf32>>) to var(%11#0 : !fir.box<!fir.array<?xf32>>) {dataClause = #acc<data_clause acc_copy>, name = "a"}
    acc.copyout accVar(%20 : !fir.box<!fir.array<?xf32>>) to var(%18#0 : !fir.box<!fir.array<?xf32>>) {dataClause = #acc<data_clause acc_copy>, name = "b"}
    acc.copyout accPtr(%21 : !fir.ref<f32>) to varPtr(%4#0 : !fir.ref<f32>) {dataClause = #acc<data_clause acc_copy>, name = "s"}
    return
  }
}
