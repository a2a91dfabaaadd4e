module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, fir.defaultkind = "a1c4d8i4l4r4", fir.kindmap = "", llvm.data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", llvm.ident = "Debian flang version 22.1.8", llvm.target_triple = "x86_64-pc-linux-gnu"} {
  acc.reduction.recipe @reduction_add_ref_i32 : !fir.ref<i32> reduction_operator <add> init {
  ^bb0(%arg0: !fir.ref<i32>):
    %c0_i32 = arith.constant 0 : i32
    %0 = fir.alloca i32
    %1:2 = hlfir.declare %0 {uniq_name = "acc.reduction.init"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    fir.store %c0_i32 to %1#0 : !fir.ref<i32>
    acc.yield %1#0 : !fir.ref<i32>
  } combiner {
  ^bb0(%arg0: !fir.ref<i32>, %arg1: !fir.ref<i32>):
    %0 = fir.load %arg1 : !fir.ref<i32>
    %1 = fir.load %arg0 : !fir.ref<i32>
    %2 = arith.addi %1, %0 : i32
    hlfir.assign %2 to %arg0 : i32, !fir.ref<i32>
    acc.yield %arg0 : !fir.ref<i32>
  }
  acc.reduction.recipe @reduction_max_ref_f32 : !fir.ref<f32> reduction_operator <max> init {
  ^bb0(%arg0: !fir.ref<f32>):
    %cst = arith.constant -1.401300e-45 : f32
    %0 = fir.alloca f32
    %1:2 = hlfir.declare %0 {uniq_name = "acc.reduction.init"} : (!fir.ref<f32>) -> (!fir.ref<f32>, !fir.ref<f32>)
    fir.store %cst to %1#0 : !fir.ref<f32>
    acc.yield %1#0 : !fir.ref<f32>
  } combiner {
  ^bb0(%arg0: !fir.ref<f32>, %arg1: !fir.ref<f32>):
    %0 = fir.load %arg1 : !fir.ref<f32>
    %1 = fir.load %arg0 : !fir.ref<f32>
    %2 = arith.cmpf ogt, %1, %0 fastmath<contract> : f32
    %3 = arith.select %2, %1, %0 : f32
    hlfir.assign %3 to %arg0 : f32, !fir.ref<f32>
    acc.yield %arg0 : !fir.ref<f32>
  }
  acc.private.recipe @privatization_ref_i32 : !fir.ref<i32> init {
  ^bb0(%arg0: !fir.ref<i32>):
    %0 = fir.alloca i32
    %1:2 = hlfir.declare %0 {uniq_name = "acc.private.init"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    acc.yield %1#0 : !fir.ref<i32>
  }
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
  func.func @_QPcompute_reduction(%arg0: !fir.ref<i32> {fir.bindc_name = "n"}, %arg1: !fir.ref<!fir.array<?xf32>> {fir.bindc_name = "a"}, %arg2: !fir.ref<f32> {fir.bindc_name = "s"}, %arg3: !fir.ref<f32> {fir.bindc_name = "t"}) {
    %0 = fir.dummy_scope : !fir.dscope
    %1:2 = hlfir.declare %arg0 dummy_scope %0 arg 1 {uniq_name = "_QFcompute_reductionEn"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
    %2 = fir.alloca i32 {bindc_name = "i", uniq_name = "_QFcompute_reductionEi"}
    %3:2 = hlfir.declare %2 {uniq_name = "_QFcompute_reductionEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    %4:2 = hlfir.declare %arg2 dummy_scope %0 arg 3 {uniq_name = "_QFcompute_reductionEs"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
    %5:2 = hlfir.declare %arg3 dummy_scope %0 arg 4 {uniq_name = "_QFcompute_reductionEt"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
    %6 = fir.load %1#0 : !fir.ref<i32>
    %7 = fir.convert %6 : (i32) -> i64
    %8 = fir.convert %7 : (i64) -> index
    %c0 = arith.constant 0 : index
    %9 = arith.cmpi sgt, %8, %c0 : index
    %10 = arith.select %9, %8, %c0 : index
    %11 = fir.shape %10 : (index) -> !fir.shape<1>
    %12:2 = hlfir.declare %arg1(%11) dummy_scope %0 arg 2 {uniq_name = "_QFcompute_reductionEa"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
    %13 = acc.reduction varPtr(%4#0 : !fir.ref<f32>) recipe(@reduction_add_ref_f32) -> !fir.ref<f32> {name = "s"}
    %14 = acc.copyin var(%12#0 : !fir.box<!fir.array<?xf32>>) -> !fir.box<!fir.array<?xf32>> {name = "a"}
    acc.parallel dataOperands(%14 : !fir.box<!fir.array<?xf32>>) reduction(%13 : !fir.ref<f32>) {
      %17 = fir.dummy_scope : !fir.dscope
      %18:2 = hlfir.declare %13 dummy_scope %17 arg 3 {uniq_name = "_QFcompute_reductionEs"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
      %19 = fir.box_addr %14 : (!fir.box<!fir.array<?xf32>>) -> !fir.ref<!fir.array<?xf32>>
      %20:2 = hlfir.declare %19(%11) dummy_scope %17 arg 2 {uniq_name = "_QFcompute_reductionEa"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
      %21 = fir.load %18#0 : !fir.ref<f32>
      %cst = arith.constant 1.000000e+00 : f32
      %22 = arith.addf %21, %cst fastmath<contract> : f32
      hlfir.assign %22 to %18#0 : f32, !fir.ref<f32>
      %23 = acc.reduction varPtr(%18#0 : !fir.ref<f32>) recipe(@reduction_add_ref_f32) -> !fir.ref<f32> {name = "s"}
      %c1_i32 = arith.constant 1 : i32
      %24 = fir.load %1#0 : !fir.ref<i32>
      %c1_i32_0 = arith.constant 1 : i32
      %25 = acc.private varPtr(%3#0 : !fir.ref<i32>) recipe(@privatization_ref_i32) -> !fir.ref<i32> {implicit = true, name = "i"}
      acc.loop vector private(%25 : !fir.ref<i32>) reduction(%23 : !fir.ref<f32>) control(%arg4 : i32) = (%c1_i32 : i32) to (%24 : i32)  step (%c1_i32_0 : i32) {
        %26 = fir.dummy_scope : !fir.dscope
        %27:2 = hlfir.declare %23 dummy_scope %26 arg 3 {uniq_name = "_QFcompute_reductionEs"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
        %28:2 = hlfir.declare %25 {uniq_name = "_QFcompute_reductionEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
        fir.store %arg4 to %28#0 : !fir.ref<i32>
        %29 = fir.load %27#0 : !fir.ref<f32>
        %30 = fir.load %28#0 : !fir.ref<i32>
        %31 = fir.convert %30 : (i32) -> i64
        %32 = hlfir.designate %20#0 (%31)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        %33 = fir.load %32 : !fir.ref<f32>
        %34 = arith.addf %29, %33 fastmath<contract> : f32
        hlfir.assign %34 to %27#0 : f32, !fir.ref<f32>
        acc.yield
      } attributes {inclusiveUpperbound = array<i1: true>, independent = [#acc.device_type<none>]}
      acc.yield
    }
    acc.delete accVar(%14 : !fir.box<!fir.array<?xf32>>) {dataClause = #acc<data_clause acc_copyin>, name = "a"}
    %15 = acc.reduction varPtr(%5#0 : !fir.ref<f32>) recipe(@reduction_max_ref_f32) -> !fir.ref<f32> {name = "t"}
    %16 = acc.copyin var(%12#0 : !fir.box<!fir.array<?xf32>>) -> !fir.box<!fir.array<?xf32>> {name = "a"}
    acc.serial dataOperands(%16 : !fir.box<!fir.array<?xf32>>) reduction(%15 : !fir.ref<f32>) {
      %17 = fir.dummy_scope : !fir.dscope
      %18:2 = hlfir.declare %15 dummy_scope %17 arg 4 {uniq_name = "_QFcompute_reductionEt"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
      %19 = fir.box_addr %16 : (!fir.box<!fir.array<?xf32>>) -> !fir.ref<!fir.array<?xf32>>
      %20:2 = hlfir.declare %19(%11) dummy_scope %17 arg 2 {uniq_name = "_QFcompute_reductionEa"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
      %c1_i32 = arith.constant 1 : i32
      %21 = fir.load %1#0 : !fir.ref<i32>
      %c1_i32_0 = arith.constant 1 : i32
      %22 = acc.private varPtr(%3#0 : !fir.ref<i32>) recipe(@privatization_ref_i32) -> !fir.ref<i32> {implicit = true, name = "i"}
      acc.loop private(%22 : !fir.ref<i32>) control(%arg4 : i32) = (%c1_i32 : i32) to (%21 : i32)  step (%c1_i32_0 : i32) {
        %23:2 = hlfir.declare %22 {uniq_name = "_QFcompute_reductionEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
        fir.store %arg4 to %23#0 : !fir.ref<i32>
        %24 = fir.load %18#0 : !fir.ref<f32>
        %25 = fir.load %23#0 : !fir.ref<i32>
        %26 = fir.convert %25 : (i32) -> i64
        %27 = hlfir.designate %20#0 (%26)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        %28 = fir.load %27 : !fir.ref<f32>
        %29 = arith.cmpf ogt, %24, %28 fastmath<contract> : f32
        %30 = arith.select %29, %24, %28 : f32
        hlfir.assign %30 to %18#0 : f32, !fir.ref<f32>
        acc.yield
      } attributes {inclusiveUpperbound = array<i1: true>, seq = [#acc.device_type<none>]}
      acc.yield
    }
    acc.delete accVar(%16 : !fir.box<!fir.array<?xf32>>) {dataClause = #acc<data_clause acc_copyin>, name = "a"}
    return
  }
  func.func @_QPloop_only_reduction(%arg0: !fir.ref<i32> {fir.bindc_name = "n"}, %arg1: !fir.ref<!fir.array<?xf32>> {fir.bindc_name = "a"}, %arg2: !fir.ref<f32> {fir.bindc_name = "s1"}, %arg3: !fir.ref<f32> {fir.bindc_name = "s2"}, %arg4: !fir.ref<f32> {fir.bindc_name = "s3"}) {
    %0 = fir.dummy_scope : !fir.dscope
    %1:2 = hlfir.declare %arg0 dummy_scope %0 arg 1 {uniq_name = "_QFloop_only_reductionEn"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
    %2 = fir.alloca i32 {bindc_name = "i", uniq_name = "_QFloop_only_reductionEi"}
    %3:2 = hlfir.declare %2 {uniq_name = "_QFloop_only_reductionEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    %4:2 = hlfir.declare %arg2 dummy_scope %0 arg 3 {uniq_name = "_QFloop_only_reductionEs1"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
    %5:2 = hlfir.declare %arg3 dummy_scope %0 arg 4 {uniq_name = "_QFloop_only_reductionEs2"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
    %6:2 = hlfir.declare %arg4 dummy_scope %0 arg 5 {uniq_name = "_QFloop_only_reductionEs3"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
    %7 = fir.load %1#0 : !fir.ref<i32>
    %8 = fir.convert %7 : (i32) -> i64
    %9 = fir.convert %8 : (i64) -> index
    %c0 = arith.constant 0 : index
    %10 = arith.cmpi sgt, %9, %c0 : index
    %11 = arith.select %10, %9, %c0 : index
    %12 = fir.shape %11 : (index) -> !fir.shape<1>
    %13:2 = hlfir.declare %arg1(%12) dummy_scope %0 arg 2 {uniq_name = "_QFloop_only_reductionEa"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
    %14 = acc.reduction varPtr(%4#0 : !fir.ref<f32>) recipe(@reduction_add_ref_f32) -> !fir.ref<f32> {name = "s1"}
    %15 = acc.copyin var(%13#0 : !fir.box<!fir.array<?xf32>>) -> !fir.box<!fir.array<?xf32>> {name = "a"}
    acc.parallel dataOperands(%15 : !fir.box<!fir.array<?xf32>>) reduction(%14 : !fir.ref<f32>) {
      %20 = fir.dummy_scope : !fir.dscope
      %21:2 = hlfir.declare %14 dummy_scope %20 arg 3 {uniq_name = "_QFloop_only_reductionEs1"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
      %22 = fir.box_addr %15 : (!fir.box<!fir.array<?xf32>>) -> !fir.ref<!fir.array<?xf32>>
      %23:2 = hlfir.declare %22(%12) dummy_scope %20 arg 2 {uniq_name = "_QFloop_only_reductionEa"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
      %c1_i32 = arith.constant 1 : i32
      %24 = fir.load %1#0 : !fir.ref<i32>
      %c1_i32_0 = arith.constant 1 : i32
      %25 = acc.private varPtr(%3#0 : !fir.ref<i32>) recipe(@privatization_ref_i32) -> !fir.ref<i32> {implicit = true, name = "i"}
      acc.loop gang private(%25 : !fir.ref<i32>) control(%arg5 : i32) = (%c1_i32 : i32) to (%24 : i32)  step (%c1_i32_0 : i32) {
        %26:2 = hlfir.declare %25 {uniq_name = "_QFloop_only_reductionEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
        fir.store %arg5 to %26#0 : !fir.ref<i32>
        %27 = fir.load %21#0 : !fir.ref<f32>
        %28 = fir.load %26#0 : !fir.ref<i32>
        %29 = fir.convert %28 : (i32) -> i64
        %30 = hlfir.designate %23#0 (%29)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        %31 = fir.load %30 : !fir.ref<f32>
        %32 = arith.addf %27, %31 fastmath<contract> : f32
        hlfir.assign %32 to %21#0 : f32, !fir.ref<f32>
        acc.yield
      } attributes {inclusiveUpperbound = array<i1: true>, independent = [#acc.device_type<none>]}
      acc.yield
    }
    acc.delete accVar(%15 : !fir.box<!fir.array<?xf32>>) {dataClause = #acc<data_clause acc_copyin>, name = "a"}
    %16 = acc.reduction varPtr(%5#0 : !fir.ref<f32>) recipe(@reduction_add_ref_f32) -> !fir.ref<f32> {name = "s2"}
    %17 = acc.copyin var(%13#0 : !fir.box<!fir.array<?xf32>>) -> !fir.box<!fir.array<?xf32>> {name = "a"}
    acc.parallel dataOperands(%17 : !fir.box<!fir.array<?xf32>>) reduction(%16 : !fir.ref<f32>) {
      %20 = fir.dummy_scope : !fir.dscope
      %21:2 = hlfir.declare %16 dummy_scope %20 arg 4 {uniq_name = "_QFloop_only_reductionEs2"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
      %22 = fir.box_addr %17 : (!fir.box<!fir.array<?xf32>>) -> !fir.ref<!fir.array<?xf32>>
      %23:2 = hlfir.declare %22(%12) dummy_scope %20 arg 2 {uniq_name = "_QFloop_only_reductionEa"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
      %24 = acc.reduction varPtr(%21#0 : !fir.ref<f32>) recipe(@reduction_add_ref_f32) -> !fir.ref<f32> {name = "s2"}
      %c1_i32 = arith.constant 1 : i32
      %25 = fir.load %1#0 : !fir.ref<i32>
      %c1_i32_0 = arith.constant 1 : i32
      %26 = acc.private varPtr(%3#0 : !fir.ref<i32>) recipe(@privatization_ref_i32) -> !fir.ref<i32> {implicit = true, name = "i"}
      acc.loop private(%26 : !fir.ref<i32>) reduction(%24 : !fir.ref<f32>) control(%arg5 : i32) = (%c1_i32 : i32) to (%25 : i32)  step (%c1_i32_0 : i32) {
        %27 = fir.dummy_scope : !fir.dscope
        %28:2 = hlfir.declare %24 dummy_scope %27 arg 4 {uniq_name = "_QFloop_only_reductionEs2"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
        %29:2 = hlfir.declare %26 {uniq_name = "_QFloop_only_reductionEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
        fir.store %arg5 to %29#0 : !fir.ref<i32>
        %30 = fir.load %28#0 : !fir.ref<f32>
        %cst = arith.constant 2.000000e+00 : f32
        %31 = fir.load %29#0 : !fir.ref<i32>
        %32 = fir.convert %31 : (i32) -> i64
        %33 = hlfir.designate %23#0 (%32)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        %34 = fir.load %33 : !fir.ref<f32>
        %35 = arith.mulf %cst, %34 fastmath<contract> : f32
        %36 = arith.addf %30, %35 fastmath<contract> : f32
        hlfir.assign %36 to %28#0 : f32, !fir.ref<f32>
        acc.yield
      } attributes {inclusiveUpperbound = array<i1: true>, independent = [#acc.device_type<none>]}
      acc.yield
    }
    acc.delete accVar(%17 : !fir.box<!fir.array<?xf32>>) {dataClause = #acc<data_clause acc_copyin>, name = "a"}
    %18 = acc.reduction varPtr(%6#0 : !fir.ref<f32>) recipe(@reduction_max_ref_f32) -> !fir.ref<f32> {name = "s3"}
    %19 = acc.copyin var(%13#0 : !fir.box<!fir.array<?xf32>>) -> !fir.box<!fir.array<?xf32>> {name = "a"}
    acc.parallel dataOperands(%19 : !fir.box<!fir.array<?xf32>>) reduction(%18 : !fir.ref<f32>) {
      %20 = fir.dummy_scope : !fir.dscope
      %21:2 = hlfir.declare %18 dummy_scope %20 arg 5 {uniq_name = "_QFloop_only_reductionEs3"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
      %22 = fir.box_addr %19 : (!fir.box<!fir.array<?xf32>>) -> !fir.ref<!fir.array<?xf32>>
      %23:2 = hlfir.declare %22(%12) dummy_scope %20 arg 2 {uniq_name = "_QFloop_only_reductionEa"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
      %c1_i32 = arith.constant 1 : i32
      %24 = fir.load %1#0 : !fir.ref<i32>
      %c1_i32_0 = arith.constant 1 : i32
      %25 = acc.private varPtr(%3#0 : !fir.ref<i32>) recipe(@privatization_ref_i32) -> !fir.ref<i32> {implicit = true, name = "i"}
      acc.loop gang vector private(%25 : !fir.ref<i32>) control(%arg5 : i32) = (%c1_i32 : i32) to (%24 : i32)  step (%c1_i32_0 : i32) {
        %26:2 = hlfir.declare %25 {uniq_name = "_QFloop_only_reductionEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
        fir.store %arg5 to %26#0 : !fir.ref<i32>
        %27 = fir.load %21#0 : !fir.ref<f32>
        %28 = fir.load %26#0 : !fir.ref<i32>
        %29 = fir.convert %28 : (i32) -> i64
        %30 = hlfir.designate %23#0 (%29)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        %31 = fir.load %30 : !fir.ref<f32>
        %cst = arith.constant 1.000000e+02 : f32
        %32 = arith.subf %31, %cst fastmath<contract> : f32
        %33 = arith.cmpf ogt, %27, %32 fastmath<contract> : f32
        %34 = arith.select %33, %27, %32 : f32
        hlfir.assign %34 to %21#0 : f32, !fir.ref<f32>
        acc.yield
      } attributes {inclusiveUpperbound = array<i1: true>, independent = [#acc.device_type<none>]}
      acc.yield
    }
    acc.delete accVar(%19 : !fir.box<!fir.array<?xf32>>) {dataClause = #acc<data_clause acc_copyin>, name = "a"}
    return
  }
  func.func @_QPgangs_reduction(%arg0: !fir.ref<i32> {fir.bindc_name = "n"}, %arg1: !fir.ref<!fir.array<?xf32>> {fir.bindc_name = "a"}, %arg2: !fir.ref<f32> {fir.bindc_name = "s"}, %arg3: !fir.ref<f32> {fir.bindc_name = "m"}) {
    %0 = fir.dummy_scope : !fir.dscope
    %1:2 = hlfir.declare %arg0 dummy_scope %0 arg 1 {uniq_name = "_QFgangs_reductionEn"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
    %2 = fir.alloca i32 {bindc_name = "i", uniq_name = "_QFgangs_reductionEi"}
    %3:2 = hlfir.declare %2 {uniq_name = "_QFgangs_reductionEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    %4:2 = hlfir.declare %arg3 dummy_scope %0 arg 4 {uniq_name = "_QFgangs_reductionEm"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
    %5:2 = hlfir.declare %arg2 dummy_scope %0 arg 3 {uniq_name = "_QFgangs_reductionEs"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
    %6 = fir.load %1#0 : !fir.ref<i32>
    %7 = fir.convert %6 : (i32) -> i64
    %8 = fir.convert %7 : (i64) -> index
    %c0 = arith.constant 0 : index
    %9 = arith.cmpi sgt, %8, %c0 : index
    %10 = arith.select %9, %8, %c0 : index
    %11 = fir.shape %10 : (index) -> !fir.shape<1>
    %12:2 = hlfir.declare %arg1(%11) dummy_scope %0 arg 2 {uniq_name = "_QFgangs_reductionEa"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
    %c4_i32 = arith.constant 4 : i32
    %13 = acc.reduction varPtr(%5#0 : !fir.ref<f32>) recipe(@reduction_add_ref_f32) -> !fir.ref<f32> {name = "s"}
    %14 = acc.reduction varPtr(%4#0 : !fir.ref<f32>) recipe(@reduction_max_ref_f32) -> !fir.ref<f32> {name = "m"}
    %15 = acc.copyin var(%12#0 : !fir.box<!fir.array<?xf32>>) -> !fir.box<!fir.array<?xf32>> {name = "a"}
    acc.parallel dataOperands(%15 : !fir.box<!fir.array<?xf32>>) num_gangs({%c4_i32 : i32}) reduction(%13, %14 : !fir.ref<f32>, !fir.ref<f32>) {
      %16 = fir.dummy_scope : !fir.dscope
      %17:2 = hlfir.declare %13 dummy_scope %16 arg 3 {uniq_name = "_QFgangs_reductionEs"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
      %18:2 = hlfir.declare %14 dummy_scope %16 arg 4 {uniq_name = "_QFgangs_reductionEm"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
      %19 = fir.box_addr %15 : (!fir.box<!fir.array<?xf32>>) -> !fir.ref<!fir.array<?xf32>>
      %20:2 = hlfir.declare %19(%11) dummy_scope %16 arg 2 {uniq_name = "_QFgangs_reductionEa"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
      %21 = fir.load %17#0 : !fir.ref<f32>
      %cst = arith.constant 1.000000e+00 : f32
      %22 = arith.addf %21, %cst fastmath<contract> : f32
      hlfir.assign %22 to %17#0 : f32, !fir.ref<f32>
      %23 = fir.load %18#0 : !fir.ref<f32>
      %c1 = arith.constant 1 : index
      %24 = hlfir.designate %20#0 (%c1)  : (!fir.box<!fir.array<?xf32>>, index) -> !fir.ref<f32>
      %25 = fir.load %24 : !fir.ref<f32>
      %cst_0 = arith.constant 5.000000e-01 : f32
      %26 = arith.mulf %25, %cst_0 fastmath<contract> : f32
      %27 = arith.cmpf ogt, %23, %26 fastmath<contract> : f32
      %28 = arith.select %27, %23, %26 : f32
      hlfir.assign %28 to %18#0 : f32, !fir.ref<f32>
      %29 = acc.reduction varPtr(%17#0 : !fir.ref<f32>) recipe(@reduction_add_ref_f32) -> !fir.ref<f32> {name = "s"}
      %30 = acc.reduction varPtr(%18#0 : !fir.ref<f32>) recipe(@reduction_max_ref_f32) -> !fir.ref<f32> {name = "m"}
      %c1_i32 = arith.constant 1 : i32
      %31 = fir.load %1#0 : !fir.ref<i32>
      %c1_i32_1 = arith.constant 1 : i32
      %32 = acc.private varPtr(%3#0 : !fir.ref<i32>) recipe(@privatization_ref_i32) -> !fir.ref<i32> {implicit = true, name = "i"}
      acc.loop vector private(%32 : !fir.ref<i32>) reduction(%29, %30 : !fir.ref<f32>, !fir.ref<f32>) control(%arg4 : i32) = (%c1_i32 : i32) to (%31 : i32)  step (%c1_i32_1 : i32) {
        %33 = fir.dummy_scope : !fir.dscope
        %34:2 = hlfir.declare %29 dummy_scope %33 arg 3 {uniq_name = "_QFgangs_reductionEs"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
        %35:2 = hlfir.declare %30 dummy_scope %33 arg 4 {uniq_name = "_QFgangs_reductionEm"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
        %36:2 = hlfir.declare %32 {uniq_name = "_QFgangs_reductionEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
        fir.store %arg4 to %36#0 : !fir.ref<i32>
        %37 = fir.load %34#0 : !fir.ref<f32>
        %38 = fir.load %36#0 : !fir.ref<i32>
        %39 = fir.convert %38 : (i32) -> i64
        %40 = hlfir.designate %20#0 (%39)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        %41 = fir.load %40 : !fir.ref<f32>
        %42 = arith.addf %37, %41 fastmath<contract> : f32
        hlfir.assign %42 to %34#0 : f32, !fir.ref<f32>
        %43 = fir.load %35#0 : !fir.ref<f32>
        %44 = fir.load %36#0 : !fir.ref<i32>
        %45 = fir.convert %44 : (i32) -> i64
        %46 = hlfir.designate %20#0 (%45)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        %47 = fir.load %46 : !fir.ref<f32>
        %48 = arith.cmpf ogt, %43, %47 fastmath<contract> : f32
        %49 = arith.select %48, %43, %47 : f32
        hlfir.assign %49 to %35#0 : f32, !fir.ref<f32>
        acc.yield
      } attributes {inclusiveUpperbound = array<i1: true>, independent = [#acc.device_type<none>]}
      acc.yield
    }
    acc.delete accVar(%15 : !fir.box<!fir.array<?xf32>>) {dataClause = #acc<data_clause acc_copyin>, name = "a"}
    return
  }
  func.func @_QPgang_after(%arg0: !fir.ref<i32> {fir.bindc_name = "n"}, %arg1: !fir.ref<i32> {fir.bindc_name = "s"}, %arg2: !fir.ref<i32> {fir.bindc_name = "t"}) {
    %0 = fir.dummy_scope : !fir.dscope
    %1 = fir.alloca i32 {bindc_name = "i", uniq_name = "_QFgang_afterEi"}
    %2:2 = hlfir.declare %1 {uniq_name = "_QFgang_afterEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    %3:2 = hlfir.declare %arg0 dummy_scope %0 arg 1 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFgang_afterEn"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
    %4:2 = hlfir.declare %arg1 dummy_scope %0 arg 2 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFgang_afterEs"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
    %5:2 = hlfir.declare %arg2 dummy_scope %0 arg 3 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFgang_afterEt"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
    %c2_i32 = arith.constant 2 : i32
    %6 = acc.reduction varPtr(%4#0 : !fir.ref<i32>) recipe(@reduction_add_ref_i32) -> !fir.ref<i32> {name = "s"}
    %7 = acc.copyin varPtr(%5#0 : !fir.ref<i32>) -> !fir.ref<i32> {dataClause = #acc<data_clause acc_copy>, name = "t"}
    acc.parallel dataOperands(%7 : !fir.ref<i32>) num_gangs({%c2_i32 : i32}) reduction(%6 : !fir.ref<i32>) {
      %8 = fir.dummy_scope : !fir.dscope
      %9:2 = hlfir.declare %6 dummy_scope %8 arg 2 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFgang_afterEs"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
      %10:2 = hlfir.declare %7 dummy_scope %8 arg 3 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFgang_afterEt"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
      %c1_i32 = arith.constant 1 : i32
      hlfir.assign %c1_i32 to %10#0 : i32, !fir.ref<i32>
      %11 = acc.reduction varPtr(%9#0 : !fir.ref<i32>) recipe(@reduction_add_ref_i32) -> !fir.ref<i32> {name = "s"}
      %c1_i32_0 = arith.constant 1 : i32
      %12 = fir.load %3#0 : !fir.ref<i32>
      %c1_i32_1 = arith.constant 1 : i32
      %13 = acc.private varPtr(%2#0 : !fir.ref<i32>) recipe(@privatization_ref_i32) -> !fir.ref<i32> {implicit = true, name = "i"}
      acc.loop gang private(%13 : !fir.ref<i32>) reduction(%11 : !fir.ref<i32>) control(%arg3 : i32) = (%c1_i32_0 : i32) to (%12 : i32)  step (%c1_i32_1 : i32) {
        %14 = fir.dummy_scope : !fir.dscope
        %15:2 = hlfir.declare %11 dummy_scope %14 arg 2 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFgang_afterEs"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
        %16:2 = hlfir.declare %13 {uniq_name = "_QFgang_afterEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
        fir.store %arg3 to %16#0 : !fir.ref<i32>
        %17 = fir.load %15#0 : !fir.ref<i32>
        %18 = fir.load %16#0 : !fir.ref<i32>
        %19 = arith.addi %17, %18 : i32
        hlfir.assign %19 to %15#0 : i32, !fir.ref<i32>
        acc.yield
      } attributes {inclusiveUpperbound = array<i1: true>, independent = [#acc.device_type<none>]}
      acc.yield
    }
    acc.copyout accPtr(%7 : !fir.ref<i32>) to varPtr(%5#0 : !fir.ref<i32>) {dataClause = #acc<data_clause acc_copy>, name = "t"}
    return
  }
}
