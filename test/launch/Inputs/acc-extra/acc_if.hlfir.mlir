module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, fir.defaultkind = "a1c4d8i4l4r4", fir.kindmap = "", llvm.data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", llvm.ident = "Debian flang version 22.1.8", llvm.target_triple = "x86_64-pc-linux-gnu"} {
  acc.private.recipe @privatization_ref_i32 : !fir.ref<i32> init {
  ^bb0(%arg0: !fir.ref<i32>):
    %0 = fir.alloca i32
    %1:2 = hlfir.declare %0 {uniq_name = "acc.private.init"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    acc.yield %1#0 : !fir.ref<i32>
  }
  func.func @_QPscale_if(%arg0: !fir.ref<i32> {fir.bindc_name = "n"}, %arg1: !fir.ref<!fir.array<?xf32>> {fir.bindc_name = "a"}, %arg2: !fir.ref<!fir.logical<4>> {fir.bindc_name = "flag"}, %arg3: !fir.ref<i32> {fir.bindc_name = "k"}) {
    %0 = fir.dummy_scope : !fir.dscope
    %1:2 = hlfir.declare %arg0 dummy_scope %0 arg 1 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFscale_ifEn"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
    %2:2 = hlfir.declare %arg2 dummy_scope %0 arg 3 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFscale_ifEflag"} : (!fir.ref<!fir.logical<4>>, !fir.dscope) -> (!fir.ref<!fir.logical<4>>, !fir.ref<!fir.logical<4>>)
    %3 = fir.alloca i32 {bindc_name = "i", uniq_name = "_QFscale_ifEi"}
    %4:2 = hlfir.declare %3 {uniq_name = "_QFscale_ifEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    %5:2 = hlfir.declare %arg3 dummy_scope %0 arg 4 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFscale_ifEk"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
    %6 = fir.load %1#0 : !fir.ref<i32>
    %7 = fir.convert %6 : (i32) -> i64
    %8 = fir.convert %7 : (i64) -> index
    %c0 = arith.constant 0 : index
    %9 = arith.cmpi sgt, %8, %c0 : index
    %10 = arith.select %9, %8, %c0 : index
    %11 = fir.shape %10 : (index) -> !fir.shape<1>
    %12:2 = hlfir.declare %arg1(%11) dummy_scope %0 arg 2 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFscale_ifEa"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
    %13 = acc.copyin var(%12#0 : !fir.box<!fir.array<?xf32>>) -> !fir.box<!fir.array<?xf32>> {dataClause = #acc<data_clause acc_copy>, name = "a"}
    %14 = fir.load %2#0 : !fir.ref<!fir.logical<4>>
    %15 = fir.convert %14 : (!fir.logical<4>) -> i1
    acc.data if(%15) dataOperands(%13 : !fir.box<!fir.array<?xf32>>) {
      %16 = fir.load %2#0 : !fir.ref<!fir.logical<4>>
      %17 = fir.convert %16 : (!fir.logical<4>) -> i1
      acc.parallel combined(loop) if(%17) {
        %c1_i32 = arith.constant 1 : i32
        %18 = fir.load %1#0 : !fir.ref<i32>
        %c1_i32_0 = arith.constant 1 : i32
        %19 = acc.private varPtr(%4#0 : !fir.ref<i32>) recipe(@privatization_ref_i32) -> !fir.ref<i32> {implicit = true, name = "i"}
        acc.loop combined(parallel) private(%19 : !fir.ref<i32>) control(%arg4 : i32) = (%c1_i32 : i32) to (%18 : i32)  step (%c1_i32_0 : i32) {
          %20:2 = hlfir.declare %19 {uniq_name = "_QFscale_ifEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
          fir.store %arg4 to %20#0 : !fir.ref<i32>
          %21 = fir.load %20#0 : !fir.ref<i32>
          %22 = fir.convert %21 : (i32) -> i64
          %23 = hlfir.designate %12#0 (%22)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
          %24 = fir.load %23 : !fir.ref<f32>
          %25 = fir.load %5#0 : !fir.ref<i32>
          %26 = fir.convert %25 : (i32) -> f32
          %27 = arith.mulf %24, %26 fastmath<contract> : f32
          %28 = fir.load %20#0 : !fir.ref<i32>
          %29 = fir.convert %28 : (i32) -> i64
          %30 = hlfir.designate %12#0 (%29)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
          hlfir.assign %27 to %30 : f32, !fir.ref<f32>
          acc.yield
        } attributes {inclusiveUpperbound = array<i1: true>, independent = [#acc.device_type<none>]}
        acc.yield
      }
      acc.terminator
    }
    acc.copyout accVar(%13 : !fir.box<!fir.array<?xf32>>) to var(%12#0 : !fir.box<!fir.array<?xf32>>) {dataClause = #acc<data_clause acc_copy>, name = "a"}
    return
  }
}
