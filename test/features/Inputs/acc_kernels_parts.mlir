// flang-22 -fc1 -emit-hlfir -fopenacc acc_kernels_parts.f90 -o acc_kernels_parts.mlir (Debian flang 22.1.8); unchanged output below.
module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, fir.defaultkind = "a1c4d8i4l4r4", fir.kindmap = "", llvm.data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", llvm.ident = "Debian flang version 22.1.8", llvm.target_triple = "x86_64-pc-linux-gnu"} {
  acc.private.recipe @privatization_ref_i32 : !fir.ref<i32> init {
  ^bb0(%arg0: !fir.ref<i32>):
    %0 = fir.alloca i32
    %1:2 = hlfir.declare %0 {uniq_name = "acc.private.init"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    acc.yield %1#0 : !fir.ref<i32>
  }
  func.func @_QPone_part(%arg0: !fir.ref<i32> {fir.bindc_name = "n"}, %arg1: !fir.ref<!fir.array<?xf32>> {fir.bindc_name = "a"}, %arg2: !fir.ref<!fir.array<?xf32>> {fir.bindc_name = "w"}) {
    %0 = fir.dummy_scope : !fir.dscope
    %1:2 = hlfir.declare %arg0 dummy_scope %0 arg 1 {uniq_name = "_QFone_partEn"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
    %2 = fir.alloca i32 {bindc_name = "i", uniq_name = "_QFone_partEi"}
    %3:2 = hlfir.declare %2 {uniq_name = "_QFone_partEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    %4 = fir.load %1#0 : !fir.ref<i32>
    %5 = fir.convert %4 : (i32) -> i64
    %6 = fir.convert %5 : (i64) -> index
    %c0 = arith.constant 0 : index
    %7 = arith.cmpi sgt, %6, %c0 : index
    %8 = arith.select %7, %6, %c0 : index
    %9 = fir.shape %8 : (index) -> !fir.shape<1>
    %10:2 = hlfir.declare %arg1(%9) dummy_scope %0 arg 2 {uniq_name = "_QFone_partEa"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
    %11 = fir.load %1#0 : !fir.ref<i32>
    %12 = fir.convert %11 : (i32) -> i64
    %13 = fir.convert %12 : (i64) -> index
    %c0_0 = arith.constant 0 : index
    %14 = arith.cmpi sgt, %13, %c0_0 : index
    %15 = arith.select %14, %13, %c0_0 : index
    %16 = fir.shape %15 : (index) -> !fir.shape<1>
    %17:2 = hlfir.declare %arg2(%16) dummy_scope %0 arg 3 {uniq_name = "_QFone_partEw"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
    %18 = acc.copyin var(%10#0 : !fir.box<!fir.array<?xf32>>) -> !fir.box<!fir.array<?xf32>> {name = "a"}
    %19 = acc.create var(%17#0 : !fir.box<!fir.array<?xf32>>) -> !fir.box<!fir.array<?xf32>> {dataClause = #acc<data_clause acc_copyout>, name = "w"}
    acc.kernels dataOperands(%18, %19 : !fir.box<!fir.array<?xf32>>, !fir.box<!fir.array<?xf32>>) {
      %20 = fir.box_addr %18 : (!fir.box<!fir.array<?xf32>>) -> !fir.ref<!fir.array<?xf32>>
      %21 = fir.dummy_scope : !fir.dscope
      %22:2 = hlfir.declare %20(%9) dummy_scope %21 arg 2 {uniq_name = "_QFone_partEa"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
      %23 = fir.box_addr %19 : (!fir.box<!fir.array<?xf32>>) -> !fir.ref<!fir.array<?xf32>>
      %24:2 = hlfir.declare %23(%16) dummy_scope %21 arg 3 {uniq_name = "_QFone_partEw"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
      %c1_i32 = arith.constant 1 : i32
      %25 = fir.load %1#0 : !fir.ref<i32>
      %c1_i32_1 = arith.constant 1 : i32
      %26 = acc.private varPtr(%3#0 : !fir.ref<i32>) recipe(@privatization_ref_i32) -> !fir.ref<i32> {implicit = true, name = "i"}
      acc.loop private(%26 : !fir.ref<i32>) control(%arg3 : i32) = (%c1_i32 : i32) to (%25 : i32)  step (%c1_i32_1 : i32) {
        %27:2 = hlfir.declare %26 {uniq_name = "_QFone_partEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
        fir.store %arg3 to %27#0 : !fir.ref<i32>
        %28 = fir.load %27#0 : !fir.ref<i32>
        %29 = fir.convert %28 : (i32) -> i64
        %30 = hlfir.designate %22#0 (%29)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        %31 = fir.load %30 : !fir.ref<f32>
        %32 = fir.load %27#0 : !fir.ref<i32>
        %33 = fir.convert %32 : (i32) -> i64
        %34 = hlfir.designate %24#0 (%33)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        hlfir.assign %31 to %34 : f32, !fir.ref<f32>
        acc.yield
      } attributes {auto_ = [#acc.device_type<none>], inclusiveUpperbound = array<i1: true>}
      acc.terminator
    }
    acc.delete accVar(%18 : !fir.box<!fir.array<?xf32>>) {dataClause = #acc<data_clause acc_copyin>, name = "a"}
    acc.copyout accVar(%19 : !fir.box<!fir.array<?xf32>>) to var(%17#0 : !fir.box<!fir.array<?xf32>>) {name = "w"}
    return
  }
  func.func @_QPtwo_parts(%arg0: !fir.ref<i32> {fir.bindc_name = "n"}, %arg1: !fir.ref<!fir.array<?xf32>> {fir.bindc_name = "a"}, %arg2: !fir.ref<!fir.array<?xf32>> {fir.bindc_name = "w"}) {
    %0 = fir.dummy_scope : !fir.dscope
    %1:2 = hlfir.declare %arg0 dummy_scope %0 arg 1 {uniq_name = "_QFtwo_partsEn"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
    %2 = fir.alloca i32 {bindc_name = "i", uniq_name = "_QFtwo_partsEi"}
    %3:2 = hlfir.declare %2 {uniq_name = "_QFtwo_partsEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    %4 = fir.load %1#0 : !fir.ref<i32>
    %5 = fir.convert %4 : (i32) -> i64
    %6 = fir.convert %5 : (i64) -> index
    %c0 = arith.constant 0 : index
    %7 = arith.cmpi sgt, %6, %c0 : index
    %8 = arith.select %7, %6, %c0 : index
    %9 = fir.shape %8 : (index) -> !fir.shape<1>
    %10:2 = hlfir.declare %arg1(%9) dummy_scope %0 arg 2 {uniq_name = "_QFtwo_partsEa"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
    %11 = fir.load %1#0 : !fir.ref<i32>
    %12 = fir.convert %11 : (i32) -> i64
    %13 = fir.convert %12 : (i64) -> index
    %c0_0 = arith.constant 0 : index
    %14 = arith.cmpi sgt, %13, %c0_0 : index
    %15 = arith.select %14, %13, %c0_0 : index
    %16 = fir.shape %15 : (index) -> !fir.shape<1>
    %17:2 = hlfir.declare %arg2(%16) dummy_scope %0 arg 3 {uniq_name = "_QFtwo_partsEw"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
    %18 = acc.copyin var(%10#0 : !fir.box<!fir.array<?xf32>>) -> !fir.box<!fir.array<?xf32>> {name = "a"}
    %19 = acc.create var(%17#0 : !fir.box<!fir.array<?xf32>>) -> !fir.box<!fir.array<?xf32>> {dataClause = #acc<data_clause acc_copyout>, name = "w"}
    acc.kernels dataOperands(%18, %19 : !fir.box<!fir.array<?xf32>>, !fir.box<!fir.array<?xf32>>) {
      %20 = fir.box_addr %18 : (!fir.box<!fir.array<?xf32>>) -> !fir.ref<!fir.array<?xf32>>
      %21 = fir.dummy_scope : !fir.dscope
      %22:2 = hlfir.declare %20(%9) dummy_scope %21 arg 2 {uniq_name = "_QFtwo_partsEa"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
      %23 = fir.box_addr %19 : (!fir.box<!fir.array<?xf32>>) -> !fir.ref<!fir.array<?xf32>>
      %24:2 = hlfir.declare %23(%16) dummy_scope %21 arg 3 {uniq_name = "_QFtwo_partsEw"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
      %c1_i32 = arith.constant 1 : i32
      %25 = fir.load %1#0 : !fir.ref<i32>
      %c1_i32_1 = arith.constant 1 : i32
      %26 = acc.private varPtr(%3#0 : !fir.ref<i32>) recipe(@privatization_ref_i32) -> !fir.ref<i32> {implicit = true, name = "i"}
      acc.loop private(%26 : !fir.ref<i32>) control(%arg3 : i32) = (%c1_i32 : i32) to (%25 : i32)  step (%c1_i32_1 : i32) {
        %29:2 = hlfir.declare %26 {uniq_name = "_QFtwo_partsEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
        fir.store %arg3 to %29#0 : !fir.ref<i32>
        %30 = fir.load %29#0 : !fir.ref<i32>
        %31 = fir.convert %30 : (i32) -> i64
        %32 = hlfir.designate %22#0 (%31)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        %33 = fir.load %32 : !fir.ref<f32>
        %34 = fir.load %29#0 : !fir.ref<i32>
        %35 = fir.convert %34 : (i32) -> i64
        %36 = hlfir.designate %24#0 (%35)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        hlfir.assign %33 to %36 : f32, !fir.ref<f32>
        acc.yield
      } attributes {auto_ = [#acc.device_type<none>], inclusiveUpperbound = array<i1: true>}
      %c1_i32_2 = arith.constant 1 : i32
      %27 = fir.load %1#0 : !fir.ref<i32>
      %c1_i32_3 = arith.constant 1 : i32
      %28 = acc.private varPtr(%3#0 : !fir.ref<i32>) recipe(@privatization_ref_i32) -> !fir.ref<i32> {implicit = true, name = "i"}
      acc.loop private(%28 : !fir.ref<i32>) control(%arg3 : i32) = (%c1_i32_2 : i32) to (%27 : i32)  step (%c1_i32_3 : i32) {
        %29:2 = hlfir.declare %28 {uniq_name = "_QFtwo_partsEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
        fir.store %arg3 to %29#0 : !fir.ref<i32>
        %30 = fir.load %29#0 : !fir.ref<i32>
        %31 = fir.convert %30 : (i32) -> i64
        %32 = hlfir.designate %24#0 (%31)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        %33 = fir.load %32 : !fir.ref<f32>
        %cst = arith.constant 2.000000e+00 : f32
        %34 = arith.mulf %33, %cst fastmath<contract> : f32
        %35 = fir.load %29#0 : !fir.ref<i32>
        %36 = fir.convert %35 : (i32) -> i64
        %37 = hlfir.designate %24#0 (%36)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        hlfir.assign %34 to %37 : f32, !fir.ref<f32>
        acc.yield
      } attributes {auto_ = [#acc.device_type<none>], inclusiveUpperbound = array<i1: true>}
      acc.terminator
    }
    acc.delete accVar(%18 : !fir.box<!fir.array<?xf32>>) {dataClause = #acc<data_clause acc_copyin>, name = "a"}
    acc.copyout accVar(%19 : !fir.box<!fir.array<?xf32>>) to var(%17#0 : !fir.box<!fir.array<?xf32>>) {name = "w"}
    return
  }
}
