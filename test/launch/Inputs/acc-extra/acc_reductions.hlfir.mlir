module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, fir.defaultkind = "a1c4d8i4l4r4", fir.kindmap = "", llvm.data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", llvm.ident = "Debian flang version 22.1.8", llvm.target_triple = "x86_64-pc-linux-gnu"} {
  acc.reduction.recipe @reduction_ior_ref_i32 : !fir.ref<i32> reduction_operator <ior> init {
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
    %2 = arith.ori %1, %0 : i32
    hlfir.assign %2 to %arg0 : i32, !fir.ref<i32>
    acc.yield %arg0 : !fir.ref<i32>
  }
  acc.reduction.recipe @reduction_iand_ref_i32 : !fir.ref<i32> reduction_operator <iand> init {
  ^bb0(%arg0: !fir.ref<i32>):
    %c-1_i32 = arith.constant -1 : i32
    %0 = fir.alloca i32
    %1:2 = hlfir.declare %0 {uniq_name = "acc.reduction.init"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    fir.store %c-1_i32 to %1#0 : !fir.ref<i32>
    acc.yield %1#0 : !fir.ref<i32>
  } combiner {
  ^bb0(%arg0: !fir.ref<i32>, %arg1: !fir.ref<i32>):
    %0 = fir.load %arg1 : !fir.ref<i32>
    %1 = fir.load %arg0 : !fir.ref<i32>
    %2 = arith.andi %1, %0 : i32
    hlfir.assign %2 to %arg0 : i32, !fir.ref<i32>
    acc.yield %arg0 : !fir.ref<i32>
  }
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
  acc.reduction.recipe @reduction_min_ref_f32 : !fir.ref<f32> reduction_operator <min> init {
  ^bb0(%arg0: !fir.ref<f32>):
    %cst = arith.constant 3.40282347E+38 : f32
    %0 = fir.alloca f32
    %1:2 = hlfir.declare %0 {uniq_name = "acc.reduction.init"} : (!fir.ref<f32>) -> (!fir.ref<f32>, !fir.ref<f32>)
    fir.store %cst to %1#0 : !fir.ref<f32>
    acc.yield %1#0 : !fir.ref<f32>
  } combiner {
  ^bb0(%arg0: !fir.ref<f32>, %arg1: !fir.ref<f32>):
    %0 = fir.load %arg1 : !fir.ref<f32>
    %1 = fir.load %arg0 : !fir.ref<f32>
    %2 = arith.cmpf olt, %1, %0 fastmath<contract> : f32
    %3 = arith.select %2, %1, %0 : f32
    hlfir.assign %3 to %arg0 : f32, !fir.ref<f32>
    acc.yield %arg0 : !fir.ref<f32>
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
  acc.reduction.recipe @reduction_mul_ref_f32 : !fir.ref<f32> reduction_operator <mul> init {
  ^bb0(%arg0: !fir.ref<f32>):
    %cst = arith.constant 1.000000e+00 : f32
    %0 = fir.alloca f32
    %1:2 = hlfir.declare %0 {uniq_name = "acc.reduction.init"} : (!fir.ref<f32>) -> (!fir.ref<f32>, !fir.ref<f32>)
    fir.store %cst to %1#0 : !fir.ref<f32>
    acc.yield %1#0 : !fir.ref<f32>
  } combiner {
  ^bb0(%arg0: !fir.ref<f32>, %arg1: !fir.ref<f32>):
    %0 = fir.load %arg1 : !fir.ref<f32>
    %1 = fir.load %arg0 : !fir.ref<f32>
    %2 = arith.mulf %1, %0 fastmath<contract> : f32
    hlfir.assign %2 to %arg0 : f32, !fir.ref<f32>
    acc.yield %arg0 : !fir.ref<f32>
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
  func.func @_QPreductions(%arg0: !fir.ref<i32> {fir.bindc_name = "n"}, %arg1: !fir.ref<!fir.array<?xf32>> {fir.bindc_name = "x"}, %arg2: !fir.ref<!fir.array<?xi32>> {fir.bindc_name = "k"}, %arg3: !fir.ref<f32> {fir.bindc_name = "s"}, %arg4: !fir.ref<f32> {fir.bindc_name = "p"}, %arg5: !fir.ref<f32> {fir.bindc_name = "mx"}, %arg6: !fir.ref<f32> {fir.bindc_name = "mn"}, %arg7: !fir.ref<i32> {fir.bindc_name = "ksum"}, %arg8: !fir.ref<i32> {fir.bindc_name = "kand"}, %arg9: !fir.ref<i32> {fir.bindc_name = "kor"}, %arg10: !fir.ref<f32> {fir.bindc_name = "gs"}) {
    %0 = fir.dummy_scope : !fir.dscope
    %1:2 = hlfir.declare %arg10 dummy_scope %0 arg 11 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEgs"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
    %2 = fir.alloca i32 {bindc_name = "i", uniq_name = "_QFreductionsEi"}
    %3:2 = hlfir.declare %2 {uniq_name = "_QFreductionsEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    %4:2 = hlfir.declare %arg0 dummy_scope %0 arg 1 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFreductionsEn"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
    %5:2 = hlfir.declare %arg8 dummy_scope %0 arg 9 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEkand"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
    %6:2 = hlfir.declare %arg9 dummy_scope %0 arg 10 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEkor"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
    %7:2 = hlfir.declare %arg7 dummy_scope %0 arg 8 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEksum"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
    %8:2 = hlfir.declare %arg6 dummy_scope %0 arg 7 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEmn"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
    %9:2 = hlfir.declare %arg5 dummy_scope %0 arg 6 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEmx"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
    %10:2 = hlfir.declare %arg4 dummy_scope %0 arg 5 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEp"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
    %11:2 = hlfir.declare %arg3 dummy_scope %0 arg 4 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEs"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
    %12 = fir.load %4#0 : !fir.ref<i32>
    %13 = fir.convert %12 : (i32) -> i64
    %14 = fir.convert %13 : (i64) -> index
    %c0 = arith.constant 0 : index
    %15 = arith.cmpi sgt, %14, %c0 : index
    %16 = arith.select %15, %14, %c0 : index
    %17 = fir.shape %16 : (index) -> !fir.shape<1>
    %18:2 = hlfir.declare %arg2(%17) dummy_scope %0 arg 3 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFreductionsEk"} : (!fir.ref<!fir.array<?xi32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xi32>>, !fir.ref<!fir.array<?xi32>>)
    %19 = fir.load %4#0 : !fir.ref<i32>
    %20 = fir.convert %19 : (i32) -> i64
    %21 = fir.convert %20 : (i64) -> index
    %c0_0 = arith.constant 0 : index
    %22 = arith.cmpi sgt, %21, %c0_0 : index
    %23 = arith.select %22, %21, %c0_0 : index
    %24 = fir.shape %23 : (index) -> !fir.shape<1>
    %25:2 = hlfir.declare %arg1(%24) dummy_scope %0 arg 2 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFreductionsEx"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
    %26 = acc.copyin varPtr(%11#0 : !fir.ref<f32>) -> !fir.ref<f32> {dataClause = #acc<data_clause acc_reduction>, implicit = true, name = "s"}
    %27 = acc.copyin varPtr(%10#0 : !fir.ref<f32>) -> !fir.ref<f32> {dataClause = #acc<data_clause acc_reduction>, implicit = true, name = "p"}
    %28 = acc.copyin var(%25#0 : !fir.box<!fir.array<?xf32>>) -> !fir.box<!fir.array<?xf32>> {name = "x"}
    acc.parallel combined(loop) dataOperands(%26, %27, %28 : !fir.ref<f32>, !fir.ref<f32>, !fir.box<!fir.array<?xf32>>) {
      %38 = fir.dummy_scope : !fir.dscope
      %39:2 = hlfir.declare %26 dummy_scope %38 arg 4 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEs"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
      %40:2 = hlfir.declare %27 dummy_scope %38 arg 5 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEp"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
      %41 = fir.box_addr %28 : (!fir.box<!fir.array<?xf32>>) -> !fir.ref<!fir.array<?xf32>>
      %42:2 = hlfir.declare %41(%24) dummy_scope %38 arg 2 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFreductionsEx"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
      %43 = acc.reduction varPtr(%39#0 : !fir.ref<f32>) recipe(@reduction_add_ref_f32) -> !fir.ref<f32> {name = "s"}
      %44 = acc.reduction varPtr(%40#0 : !fir.ref<f32>) recipe(@reduction_mul_ref_f32) -> !fir.ref<f32> {name = "p"}
      %c1_i32 = arith.constant 1 : i32
      %45 = fir.load %4#0 : !fir.ref<i32>
      %c1_i32_1 = arith.constant 1 : i32
      %46 = acc.private varPtr(%3#0 : !fir.ref<i32>) recipe(@privatization_ref_i32) -> !fir.ref<i32> {implicit = true, name = "i"}
      acc.loop combined(parallel) private(%46 : !fir.ref<i32>) reduction(%43, %44 : !fir.ref<f32>, !fir.ref<f32>) control(%arg11 : i32) = (%c1_i32 : i32) to (%45 : i32)  step (%c1_i32_1 : i32) {
        %47 = fir.dummy_scope : !fir.dscope
        %48:2 = hlfir.declare %43 dummy_scope %47 arg 4 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEs"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
        %49:2 = hlfir.declare %44 dummy_scope %47 arg 5 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEp"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
        %50:2 = hlfir.declare %46 {uniq_name = "_QFreductionsEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
        fir.store %arg11 to %50#0 : !fir.ref<i32>
        %51 = fir.load %39#0 : !fir.ref<f32>
        %52 = fir.load %50#0 : !fir.ref<i32>
        %53 = fir.convert %52 : (i32) -> i64
        %54 = hlfir.designate %42#0 (%53)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        %55 = fir.load %54 : !fir.ref<f32>
        %56 = arith.addf %51, %55 fastmath<contract> : f32
        hlfir.assign %56 to %39#0 : f32, !fir.ref<f32>
        %57 = fir.load %40#0 : !fir.ref<f32>
        %cst = arith.constant 1.000000e+00 : f32
        %58 = fir.load %50#0 : !fir.ref<i32>
        %59 = fir.convert %58 : (i32) -> i64
        %60 = hlfir.designate %42#0 (%59)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        %61 = fir.load %60 : !fir.ref<f32>
        %cst_2 = arith.constant 1.000000e+03 : f32
        %62 = arith.divf %61, %cst_2 fastmath<contract> : f32
        %63 = arith.addf %cst, %62 fastmath<contract> : f32
        %64 = hlfir.no_reassoc %63 : f32
        %65 = arith.mulf %57, %64 fastmath<contract> : f32
        hlfir.assign %65 to %40#0 : f32, !fir.ref<f32>
        acc.yield
      } attributes {inclusiveUpperbound = array<i1: true>, independent = [#acc.device_type<none>]}
      acc.yield
    }
    acc.copyout accPtr(%26 : !fir.ref<f32>) to varPtr(%11#0 : !fir.ref<f32>) {dataClause = #acc<data_clause acc_reduction>, implicit = true, name = "s"}
    acc.copyout accPtr(%27 : !fir.ref<f32>) to varPtr(%10#0 : !fir.ref<f32>) {dataClause = #acc<data_clause acc_reduction>, implicit = true, name = "p"}
    acc.delete accVar(%28 : !fir.box<!fir.array<?xf32>>) {dataClause = #acc<data_clause acc_copyin>, name = "x"}
    %29 = acc.copyin varPtr(%9#0 : !fir.ref<f32>) -> !fir.ref<f32> {dataClause = #acc<data_clause acc_reduction>, implicit = true, name = "mx"}
    %30 = acc.copyin varPtr(%8#0 : !fir.ref<f32>) -> !fir.ref<f32> {dataClause = #acc<data_clause acc_reduction>, implicit = true, name = "mn"}
    %31 = acc.copyin var(%25#0 : !fir.box<!fir.array<?xf32>>) -> !fir.box<!fir.array<?xf32>> {name = "x"}
    acc.parallel combined(loop) dataOperands(%29, %30, %31 : !fir.ref<f32>, !fir.ref<f32>, !fir.box<!fir.array<?xf32>>) {
      %38 = fir.dummy_scope : !fir.dscope
      %39:2 = hlfir.declare %29 dummy_scope %38 arg 6 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEmx"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
      %40:2 = hlfir.declare %30 dummy_scope %38 arg 7 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEmn"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
      %41 = fir.box_addr %31 : (!fir.box<!fir.array<?xf32>>) -> !fir.ref<!fir.array<?xf32>>
      %42:2 = hlfir.declare %41(%24) dummy_scope %38 arg 2 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFreductionsEx"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
      %43 = acc.reduction varPtr(%39#0 : !fir.ref<f32>) recipe(@reduction_max_ref_f32) -> !fir.ref<f32> {name = "mx"}
      %44 = acc.reduction varPtr(%40#0 : !fir.ref<f32>) recipe(@reduction_min_ref_f32) -> !fir.ref<f32> {name = "mn"}
      %c1_i32 = arith.constant 1 : i32
      %45 = fir.load %4#0 : !fir.ref<i32>
      %c1_i32_1 = arith.constant 1 : i32
      %46 = acc.private varPtr(%3#0 : !fir.ref<i32>) recipe(@privatization_ref_i32) -> !fir.ref<i32> {implicit = true, name = "i"}
      acc.loop combined(parallel) private(%46 : !fir.ref<i32>) reduction(%43, %44 : !fir.ref<f32>, !fir.ref<f32>) control(%arg11 : i32) = (%c1_i32 : i32) to (%45 : i32)  step (%c1_i32_1 : i32) {
        %47 = fir.dummy_scope : !fir.dscope
        %48:2 = hlfir.declare %43 dummy_scope %47 arg 6 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEmx"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
        %49:2 = hlfir.declare %44 dummy_scope %47 arg 7 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEmn"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
        %50:2 = hlfir.declare %46 {uniq_name = "_QFreductionsEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
        fir.store %arg11 to %50#0 : !fir.ref<i32>
        %51 = fir.load %39#0 : !fir.ref<f32>
        %52 = fir.load %50#0 : !fir.ref<i32>
        %53 = fir.convert %52 : (i32) -> i64
        %54 = hlfir.designate %42#0 (%53)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        %55 = fir.load %54 : !fir.ref<f32>
        %56 = arith.cmpf ogt, %51, %55 fastmath<contract> : f32
        %57 = arith.select %56, %51, %55 : f32
        hlfir.assign %57 to %39#0 : f32, !fir.ref<f32>
        %58 = fir.load %40#0 : !fir.ref<f32>
        %59 = fir.load %50#0 : !fir.ref<i32>
        %60 = fir.convert %59 : (i32) -> i64
        %61 = hlfir.designate %42#0 (%60)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        %62 = fir.load %61 : !fir.ref<f32>
        %63 = arith.cmpf olt, %58, %62 fastmath<contract> : f32
        %64 = arith.select %63, %58, %62 : f32
        hlfir.assign %64 to %40#0 : f32, !fir.ref<f32>
        acc.yield
      } attributes {inclusiveUpperbound = array<i1: true>, independent = [#acc.device_type<none>]}
      acc.yield
    }
    acc.copyout accPtr(%29 : !fir.ref<f32>) to varPtr(%9#0 : !fir.ref<f32>) {dataClause = #acc<data_clause acc_reduction>, implicit = true, name = "mx"}
    acc.copyout accPtr(%30 : !fir.ref<f32>) to varPtr(%8#0 : !fir.ref<f32>) {dataClause = #acc<data_clause acc_reduction>, implicit = true, name = "mn"}
    acc.delete accVar(%31 : !fir.box<!fir.array<?xf32>>) {dataClause = #acc<data_clause acc_copyin>, name = "x"}
    %32 = acc.copyin varPtr(%7#0 : !fir.ref<i32>) -> !fir.ref<i32> {dataClause = #acc<data_clause acc_reduction>, implicit = true, name = "ksum"}
    %33 = acc.copyin varPtr(%5#0 : !fir.ref<i32>) -> !fir.ref<i32> {dataClause = #acc<data_clause acc_reduction>, implicit = true, name = "kand"}
    %34 = acc.copyin varPtr(%6#0 : !fir.ref<i32>) -> !fir.ref<i32> {dataClause = #acc<data_clause acc_reduction>, implicit = true, name = "kor"}
    %35 = acc.copyin var(%18#0 : !fir.box<!fir.array<?xi32>>) -> !fir.box<!fir.array<?xi32>> {name = "k"}
    acc.parallel combined(loop) dataOperands(%32, %33, %34, %35 : !fir.ref<i32>, !fir.ref<i32>, !fir.ref<i32>, !fir.box<!fir.array<?xi32>>) {
      %38 = fir.dummy_scope : !fir.dscope
      %39:2 = hlfir.declare %32 dummy_scope %38 arg 8 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEksum"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
      %40:2 = hlfir.declare %33 dummy_scope %38 arg 9 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEkand"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
      %41:2 = hlfir.declare %34 dummy_scope %38 arg 10 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEkor"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
      %42 = fir.box_addr %35 : (!fir.box<!fir.array<?xi32>>) -> !fir.ref<!fir.array<?xi32>>
      %43:2 = hlfir.declare %42(%17) dummy_scope %38 arg 3 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFreductionsEk"} : (!fir.ref<!fir.array<?xi32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xi32>>, !fir.ref<!fir.array<?xi32>>)
      %44 = acc.reduction varPtr(%39#0 : !fir.ref<i32>) recipe(@reduction_add_ref_i32) -> !fir.ref<i32> {name = "ksum"}
      %45 = acc.reduction varPtr(%40#0 : !fir.ref<i32>) recipe(@reduction_iand_ref_i32) -> !fir.ref<i32> {name = "kand"}
      %46 = acc.reduction varPtr(%41#0 : !fir.ref<i32>) recipe(@reduction_ior_ref_i32) -> !fir.ref<i32> {name = "kor"}
      %c1_i32 = arith.constant 1 : i32
      %47 = fir.load %4#0 : !fir.ref<i32>
      %c1_i32_1 = arith.constant 1 : i32
      %48 = acc.private varPtr(%3#0 : !fir.ref<i32>) recipe(@privatization_ref_i32) -> !fir.ref<i32> {implicit = true, name = "i"}
      acc.loop combined(parallel) private(%48 : !fir.ref<i32>) reduction(%44, %45, %46 : !fir.ref<i32>, !fir.ref<i32>, !fir.ref<i32>) control(%arg11 : i32) = (%c1_i32 : i32) to (%47 : i32)  step (%c1_i32_1 : i32) {
        %49 = fir.dummy_scope : !fir.dscope
        %50:2 = hlfir.declare %44 dummy_scope %49 arg 8 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEksum"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
        %51:2 = hlfir.declare %45 dummy_scope %49 arg 9 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEkand"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
        %52:2 = hlfir.declare %46 dummy_scope %49 arg 10 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEkor"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
        %53:2 = hlfir.declare %48 {uniq_name = "_QFreductionsEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
        fir.store %arg11 to %53#0 : !fir.ref<i32>
        %54 = fir.load %39#0 : !fir.ref<i32>
        %55 = fir.load %53#0 : !fir.ref<i32>
        %56 = fir.convert %55 : (i32) -> i64
        %57 = hlfir.designate %43#0 (%56)  : (!fir.box<!fir.array<?xi32>>, i64) -> !fir.ref<i32>
        %58 = fir.load %57 : !fir.ref<i32>
        %59 = arith.addi %54, %58 : i32
        hlfir.assign %59 to %39#0 : i32, !fir.ref<i32>
        %60 = fir.load %53#0 : !fir.ref<i32>
        %61 = fir.convert %60 : (i32) -> i64
        %62 = hlfir.designate %43#0 (%61)  : (!fir.box<!fir.array<?xi32>>, i64) -> !fir.ref<i32>
        %63 = fir.load %40#0 : !fir.ref<i32>
        %64 = fir.load %62 : !fir.ref<i32>
        %65 = arith.andi %63, %64 : i32
        hlfir.assign %65 to %40#0 : i32, !fir.ref<i32>
        %66 = fir.load %53#0 : !fir.ref<i32>
        %67 = fir.convert %66 : (i32) -> i64
        %68 = hlfir.designate %43#0 (%67)  : (!fir.box<!fir.array<?xi32>>, i64) -> !fir.ref<i32>
        %69 = fir.load %41#0 : !fir.ref<i32>
        %70 = fir.load %68 : !fir.ref<i32>
        %71 = arith.ori %69, %70 : i32
        hlfir.assign %71 to %41#0 : i32, !fir.ref<i32>
        acc.yield
      } attributes {inclusiveUpperbound = array<i1: true>, independent = [#acc.device_type<none>]}
      acc.yield
    }
    acc.copyout accPtr(%32 : !fir.ref<i32>) to varPtr(%7#0 : !fir.ref<i32>) {dataClause = #acc<data_clause acc_reduction>, implicit = true, name = "ksum"}
    acc.copyout accPtr(%33 : !fir.ref<i32>) to varPtr(%5#0 : !fir.ref<i32>) {dataClause = #acc<data_clause acc_reduction>, implicit = true, name = "kand"}
    acc.copyout accPtr(%34 : !fir.ref<i32>) to varPtr(%6#0 : !fir.ref<i32>) {dataClause = #acc<data_clause acc_reduction>, implicit = true, name = "kor"}
    acc.delete accVar(%35 : !fir.box<!fir.array<?xi32>>) {dataClause = #acc<data_clause acc_copyin>, name = "k"}
    %36 = acc.copyin varPtr(%1#0 : !fir.ref<f32>) -> !fir.ref<f32> {dataClause = #acc<data_clause acc_reduction>, implicit = true, name = "gs"}
    %37 = acc.copyin var(%25#0 : !fir.box<!fir.array<?xf32>>) -> !fir.box<!fir.array<?xf32>> {name = "x"}
    acc.parallel combined(loop) dataOperands(%36, %37 : !fir.ref<f32>, !fir.box<!fir.array<?xf32>>) {
      %38 = fir.dummy_scope : !fir.dscope
      %39:2 = hlfir.declare %36 dummy_scope %38 arg 11 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEgs"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
      %40 = fir.box_addr %37 : (!fir.box<!fir.array<?xf32>>) -> !fir.ref<!fir.array<?xf32>>
      %41:2 = hlfir.declare %40(%24) dummy_scope %38 arg 2 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFreductionsEx"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
      %42 = acc.reduction varPtr(%39#0 : !fir.ref<f32>) recipe(@reduction_add_ref_f32) -> !fir.ref<f32> {name = "gs"}
      %c1_i32 = arith.constant 1 : i32
      %43 = fir.load %4#0 : !fir.ref<i32>
      %c1_i32_1 = arith.constant 1 : i32
      %44 = acc.private varPtr(%3#0 : !fir.ref<i32>) recipe(@privatization_ref_i32) -> !fir.ref<i32> {implicit = true, name = "i"}
      acc.loop combined(parallel) gang private(%44 : !fir.ref<i32>) reduction(%42 : !fir.ref<f32>) control(%arg11 : i32) = (%c1_i32 : i32) to (%43 : i32)  step (%c1_i32_1 : i32) {
        %45 = fir.dummy_scope : !fir.dscope
        %46:2 = hlfir.declare %42 dummy_scope %45 arg 11 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEgs"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
        %47:2 = hlfir.declare %44 {uniq_name = "_QFreductionsEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
        fir.store %arg11 to %47#0 : !fir.ref<i32>
        %48 = fir.load %39#0 : !fir.ref<f32>
        %cst = arith.constant 2.000000e+00 : f32
        %49 = fir.load %47#0 : !fir.ref<i32>
        %50 = fir.convert %49 : (i32) -> i64
        %51 = hlfir.designate %41#0 (%50)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        %52 = fir.load %51 : !fir.ref<f32>
        %53 = arith.mulf %cst, %52 fastmath<contract> : f32
        %54 = arith.addf %48, %53 fastmath<contract> : f32
        hlfir.assign %54 to %39#0 : f32, !fir.ref<f32>
        acc.yield
      } attributes {inclusiveUpperbound = array<i1: true>, independent = [#acc.device_type<none>]}
      acc.yield
    }
    acc.copyout accPtr(%36 : !fir.ref<f32>) to varPtr(%1#0 : !fir.ref<f32>) {dataClause = #acc<data_clause acc_reduction>, implicit = true, name = "gs"}
    acc.delete accVar(%37 : !fir.box<!fir.array<?xf32>>) {dataClause = #acc<data_clause acc_copyin>, name = "x"}
    return
  }
}
