module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, fir.defaultkind = "a1c4d8i4l4r4", fir.kindmap = "", llvm.data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", llvm.ident = "Debian flang version 22.1.8", llvm.target_triple = "x86_64-pc-linux-gnu"} {
  acc.reduction.recipe @reduction_mul_ref_z32 : !fir.ref<complex<f32>> reduction_operator <mul> init {
  ^bb0(%arg0: !fir.ref<complex<f32>>):
    %cst = arith.constant 1.000000e+00 : f32
    %cst_0 = arith.constant 0.000000e+00 : f32
    %0 = fir.undefined complex<f32>
    %1 = fir.insert_value %0, %cst, [0 : index] : (complex<f32>, f32) -> complex<f32>
    %2 = fir.insert_value %1, %cst_0, [1 : index] : (complex<f32>, f32) -> complex<f32>
    %3 = fir.alloca complex<f32>
    %4:2 = hlfir.declare %3 {uniq_name = "acc.reduction.init"} : (!fir.ref<complex<f32>>) -> (!fir.ref<complex<f32>>, !fir.ref<complex<f32>>)
    fir.store %2 to %4#0 : !fir.ref<complex<f32>>
    acc.yield %4#0 : !fir.ref<complex<f32>>
  } combiner {
  ^bb0(%arg0: !fir.ref<complex<f32>>, %arg1: !fir.ref<complex<f32>>):
    %0 = fir.load %arg1 : !fir.ref<complex<f32>>
    %1 = fir.load %arg0 : !fir.ref<complex<f32>>
    %2 = fir.mulc %1, %0 {fastmath = #arith.fastmath<contract>} : complex<f32>
    hlfir.assign %2 to %arg0 : complex<f32>, !fir.ref<complex<f32>>
    acc.yield %arg0 : !fir.ref<complex<f32>>
  }
  acc.reduction.recipe @reduction_add_ref_z32 : !fir.ref<complex<f32>> reduction_operator <add> init {
  ^bb0(%arg0: !fir.ref<complex<f32>>):
    %cst = arith.constant 0.000000e+00 : f32
    %cst_0 = arith.constant 0.000000e+00 : f32
    %0 = fir.undefined complex<f32>
    %1 = fir.insert_value %0, %cst, [0 : index] : (complex<f32>, f32) -> complex<f32>
    %2 = fir.insert_value %1, %cst_0, [1 : index] : (complex<f32>, f32) -> complex<f32>
    %3 = fir.alloca complex<f32>
    %4:2 = hlfir.declare %3 {uniq_name = "acc.reduction.init"} : (!fir.ref<complex<f32>>) -> (!fir.ref<complex<f32>>, !fir.ref<complex<f32>>)
    fir.store %2 to %4#0 : !fir.ref<complex<f32>>
    acc.yield %4#0 : !fir.ref<complex<f32>>
  } combiner {
  ^bb0(%arg0: !fir.ref<complex<f32>>, %arg1: !fir.ref<complex<f32>>):
    %0 = fir.load %arg1 : !fir.ref<complex<f32>>
    %1 = fir.load %arg0 : !fir.ref<complex<f32>>
    %2 = fir.addc %1, %0 {fastmath = #arith.fastmath<contract>} : complex<f32>
    hlfir.assign %2 to %arg0 : complex<f32>, !fir.ref<complex<f32>>
    acc.yield %arg0 : !fir.ref<complex<f32>>
  }
  acc.reduction.recipe @reduction_neqv_ref_l32 : !fir.ref<!fir.logical<4>> reduction_operator <neqv> init {
  ^bb0(%arg0: !fir.ref<!fir.logical<4>>):
    %false = arith.constant false
    %0 = fir.alloca !fir.logical<4>
    %1:2 = hlfir.declare %0 {uniq_name = "acc.reduction.init"} : (!fir.ref<!fir.logical<4>>) -> (!fir.ref<!fir.logical<4>>, !fir.ref<!fir.logical<4>>)
    %2 = fir.convert %false : (i1) -> !fir.logical<4>
    fir.store %2 to %1#0 : !fir.ref<!fir.logical<4>>
    acc.yield %1#0 : !fir.ref<!fir.logical<4>>
  } combiner {
  ^bb0(%arg0: !fir.ref<!fir.logical<4>>, %arg1: !fir.ref<!fir.logical<4>>):
    %0 = fir.load %arg1 : !fir.ref<!fir.logical<4>>
    %1 = fir.load %arg0 : !fir.ref<!fir.logical<4>>
    %2 = fir.convert %1 : (!fir.logical<4>) -> i1
    %3 = fir.convert %0 : (!fir.logical<4>) -> i1
    %4 = arith.cmpi ne, %2, %3 : i1
    %5 = fir.convert %4 : (i1) -> !fir.logical<4>
    hlfir.assign %5 to %arg0 : !fir.logical<4>, !fir.ref<!fir.logical<4>>
    acc.yield %arg0 : !fir.ref<!fir.logical<4>>
  }
  acc.reduction.recipe @reduction_eqv_ref_l32 : !fir.ref<!fir.logical<4>> reduction_operator <eqv> init {
  ^bb0(%arg0: !fir.ref<!fir.logical<4>>):
    %true = arith.constant true
    %0 = fir.alloca !fir.logical<4>
    %1:2 = hlfir.declare %0 {uniq_name = "acc.reduction.init"} : (!fir.ref<!fir.logical<4>>) -> (!fir.ref<!fir.logical<4>>, !fir.ref<!fir.logical<4>>)
    %2 = fir.convert %true : (i1) -> !fir.logical<4>
    fir.store %2 to %1#0 : !fir.ref<!fir.logical<4>>
    acc.yield %1#0 : !fir.ref<!fir.logical<4>>
  } combiner {
  ^bb0(%arg0: !fir.ref<!fir.logical<4>>, %arg1: !fir.ref<!fir.logical<4>>):
    %0 = fir.load %arg1 : !fir.ref<!fir.logical<4>>
    %1 = fir.load %arg0 : !fir.ref<!fir.logical<4>>
    %2 = fir.convert %1 : (!fir.logical<4>) -> i1
    %3 = fir.convert %0 : (!fir.logical<4>) -> i1
    %4 = arith.cmpi eq, %2, %3 : i1
    %5 = fir.convert %4 : (i1) -> !fir.logical<4>
    hlfir.assign %5 to %arg0 : !fir.logical<4>, !fir.ref<!fir.logical<4>>
    acc.yield %arg0 : !fir.ref<!fir.logical<4>>
  }
  acc.reduction.recipe @reduction_lor_ref_l32 : !fir.ref<!fir.logical<4>> reduction_operator <lor> init {
  ^bb0(%arg0: !fir.ref<!fir.logical<4>>):
    %false = arith.constant false
    %0 = fir.alloca !fir.logical<4>
    %1:2 = hlfir.declare %0 {uniq_name = "acc.reduction.init"} : (!fir.ref<!fir.logical<4>>) -> (!fir.ref<!fir.logical<4>>, !fir.ref<!fir.logical<4>>)
    %2 = fir.convert %false : (i1) -> !fir.logical<4>
    fir.store %2 to %1#0 : !fir.ref<!fir.logical<4>>
    acc.yield %1#0 : !fir.ref<!fir.logical<4>>
  } combiner {
  ^bb0(%arg0: !fir.ref<!fir.logical<4>>, %arg1: !fir.ref<!fir.logical<4>>):
    %0 = fir.load %arg1 : !fir.ref<!fir.logical<4>>
    %1 = fir.load %arg0 : !fir.ref<!fir.logical<4>>
    %2 = fir.convert %1 : (!fir.logical<4>) -> i1
    %3 = fir.convert %0 : (!fir.logical<4>) -> i1
    %4 = arith.ori %2, %3 : i1
    %5 = fir.convert %4 : (i1) -> !fir.logical<4>
    hlfir.assign %5 to %arg0 : !fir.logical<4>, !fir.ref<!fir.logical<4>>
    acc.yield %arg0 : !fir.ref<!fir.logical<4>>
  }
  acc.reduction.recipe @reduction_land_ref_l32 : !fir.ref<!fir.logical<4>> reduction_operator <land> init {
  ^bb0(%arg0: !fir.ref<!fir.logical<4>>):
    %true = arith.constant true
    %0 = fir.alloca !fir.logical<4>
    %1:2 = hlfir.declare %0 {uniq_name = "acc.reduction.init"} : (!fir.ref<!fir.logical<4>>) -> (!fir.ref<!fir.logical<4>>, !fir.ref<!fir.logical<4>>)
    %2 = fir.convert %true : (i1) -> !fir.logical<4>
    fir.store %2 to %1#0 : !fir.ref<!fir.logical<4>>
    acc.yield %1#0 : !fir.ref<!fir.logical<4>>
  } combiner {
  ^bb0(%arg0: !fir.ref<!fir.logical<4>>, %arg1: !fir.ref<!fir.logical<4>>):
    %0 = fir.load %arg1 : !fir.ref<!fir.logical<4>>
    %1 = fir.load %arg0 : !fir.ref<!fir.logical<4>>
    %2 = fir.convert %1 : (!fir.logical<4>) -> i1
    %3 = fir.convert %0 : (!fir.logical<4>) -> i1
    %4 = arith.andi %2, %3 : i1
    %5 = fir.convert %4 : (i1) -> !fir.logical<4>
    hlfir.assign %5 to %arg0 : !fir.logical<4>, !fir.ref<!fir.logical<4>>
    acc.yield %arg0 : !fir.ref<!fir.logical<4>>
  }
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
  func.func @_QPreductions(%arg0: !fir.ref<i32> {fir.bindc_name = "n"}, %arg1: !fir.ref<!fir.array<?xf32>> {fir.bindc_name = "x"}, %arg2: !fir.ref<!fir.array<?xi32>> {fir.bindc_name = "k"}, %arg3: !fir.ref<f32> {fir.bindc_name = "s"}, %arg4: !fir.ref<f32> {fir.bindc_name = "p"}, %arg5: !fir.ref<f32> {fir.bindc_name = "mx"}, %arg6: !fir.ref<f32> {fir.bindc_name = "mn"}, %arg7: !fir.ref<i32> {fir.bindc_name = "ksum"}, %arg8: !fir.ref<i32> {fir.bindc_name = "kand"}, %arg9: !fir.ref<i32> {fir.bindc_name = "kor"}, %arg10: !fir.ref<f32> {fir.bindc_name = "gs"}, %arg11: !fir.ref<!fir.logical<4>> {fir.bindc_name = "la"}, %arg12: !fir.ref<!fir.logical<4>> {fir.bindc_name = "lo"}, %arg13: !fir.ref<!fir.logical<4>> {fir.bindc_name = "leq"}, %arg14: !fir.ref<!fir.logical<4>> {fir.bindc_name = "lne"}, %arg15: !fir.ref<complex<f32>> {fir.bindc_name = "c"}, %arg16: !fir.ref<complex<f32>> {fir.bindc_name = "z"}, %arg17: !fir.ref<f32> {fir.bindc_name = "mxneg"}) {
    %0 = fir.dummy_scope : !fir.dscope
    %1:2 = hlfir.declare %arg15 dummy_scope %0 arg 16 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEc"} : (!fir.ref<complex<f32>>, !fir.dscope) -> (!fir.ref<complex<f32>>, !fir.ref<complex<f32>>)
    %2:2 = hlfir.declare %arg10 dummy_scope %0 arg 11 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEgs"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
    %3 = fir.alloca i32 {bindc_name = "i", uniq_name = "_QFreductionsEi"}
    %4:2 = hlfir.declare %3 {uniq_name = "_QFreductionsEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    %5:2 = hlfir.declare %arg0 dummy_scope %0 arg 1 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFreductionsEn"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
    %6:2 = hlfir.declare %arg8 dummy_scope %0 arg 9 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEkand"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
    %7:2 = hlfir.declare %arg9 dummy_scope %0 arg 10 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEkor"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
    %8:2 = hlfir.declare %arg7 dummy_scope %0 arg 8 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEksum"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
    %9:2 = hlfir.declare %arg11 dummy_scope %0 arg 12 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEla"} : (!fir.ref<!fir.logical<4>>, !fir.dscope) -> (!fir.ref<!fir.logical<4>>, !fir.ref<!fir.logical<4>>)
    %10:2 = hlfir.declare %arg13 dummy_scope %0 arg 14 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEleq"} : (!fir.ref<!fir.logical<4>>, !fir.dscope) -> (!fir.ref<!fir.logical<4>>, !fir.ref<!fir.logical<4>>)
    %11:2 = hlfir.declare %arg14 dummy_scope %0 arg 15 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsElne"} : (!fir.ref<!fir.logical<4>>, !fir.dscope) -> (!fir.ref<!fir.logical<4>>, !fir.ref<!fir.logical<4>>)
    %12:2 = hlfir.declare %arg12 dummy_scope %0 arg 13 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsElo"} : (!fir.ref<!fir.logical<4>>, !fir.dscope) -> (!fir.ref<!fir.logical<4>>, !fir.ref<!fir.logical<4>>)
    %13:2 = hlfir.declare %arg6 dummy_scope %0 arg 7 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEmn"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
    %14:2 = hlfir.declare %arg5 dummy_scope %0 arg 6 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEmx"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
    %15:2 = hlfir.declare %arg17 dummy_scope %0 arg 18 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEmxneg"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
    %16:2 = hlfir.declare %arg4 dummy_scope %0 arg 5 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEp"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
    %17:2 = hlfir.declare %arg3 dummy_scope %0 arg 4 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEs"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
    %18:2 = hlfir.declare %arg16 dummy_scope %0 arg 17 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEz"} : (!fir.ref<complex<f32>>, !fir.dscope) -> (!fir.ref<complex<f32>>, !fir.ref<complex<f32>>)
    %19 = fir.load %5#0 : !fir.ref<i32>
    %20 = fir.convert %19 : (i32) -> i64
    %21 = fir.convert %20 : (i64) -> index
    %c0 = arith.constant 0 : index
    %22 = arith.cmpi sgt, %21, %c0 : index
    %23 = arith.select %22, %21, %c0 : index
    %24 = fir.shape %23 : (index) -> !fir.shape<1>
    %25:2 = hlfir.declare %arg2(%24) dummy_scope %0 arg 3 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFreductionsEk"} : (!fir.ref<!fir.array<?xi32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xi32>>, !fir.ref<!fir.array<?xi32>>)
    %26 = fir.load %5#0 : !fir.ref<i32>
    %27 = fir.convert %26 : (i32) -> i64
    %28 = fir.convert %27 : (i64) -> index
    %c0_0 = arith.constant 0 : index
    %29 = arith.cmpi sgt, %28, %c0_0 : index
    %30 = arith.select %29, %28, %c0_0 : index
    %31 = fir.shape %30 : (index) -> !fir.shape<1>
    %32:2 = hlfir.declare %arg1(%31) dummy_scope %0 arg 2 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFreductionsEx"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
    %33 = acc.copyin varPtr(%17#0 : !fir.ref<f32>) -> !fir.ref<f32> {dataClause = #acc<data_clause acc_reduction>, implicit = true, name = "s"}
    %34 = acc.copyin varPtr(%16#0 : !fir.ref<f32>) -> !fir.ref<f32> {dataClause = #acc<data_clause acc_reduction>, implicit = true, name = "p"}
    %35 = acc.copyin var(%32#0 : !fir.box<!fir.array<?xf32>>) -> !fir.box<!fir.array<?xf32>> {name = "x"}
    acc.parallel combined(loop) dataOperands(%33, %34, %35 : !fir.ref<f32>, !fir.ref<f32>, !fir.box<!fir.array<?xf32>>) {
      %55 = fir.dummy_scope : !fir.dscope
      %56:2 = hlfir.declare %33 dummy_scope %55 arg 4 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEs"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
      %57:2 = hlfir.declare %34 dummy_scope %55 arg 5 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEp"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
      %58 = fir.box_addr %35 : (!fir.box<!fir.array<?xf32>>) -> !fir.ref<!fir.array<?xf32>>
      %59:2 = hlfir.declare %58(%31) dummy_scope %55 arg 2 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFreductionsEx"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
      %60 = acc.reduction varPtr(%56#0 : !fir.ref<f32>) recipe(@reduction_add_ref_f32) -> !fir.ref<f32> {name = "s"}
      %61 = acc.reduction varPtr(%57#0 : !fir.ref<f32>) recipe(@reduction_mul_ref_f32) -> !fir.ref<f32> {name = "p"}
      %c1_i32 = arith.constant 1 : i32
      %62 = fir.load %5#0 : !fir.ref<i32>
      %c1_i32_1 = arith.constant 1 : i32
      %63 = acc.private varPtr(%4#0 : !fir.ref<i32>) recipe(@privatization_ref_i32) -> !fir.ref<i32> {implicit = true, name = "i"}
      acc.loop combined(parallel) private(%63 : !fir.ref<i32>) reduction(%60, %61 : !fir.ref<f32>, !fir.ref<f32>) control(%arg18 : i32) = (%c1_i32 : i32) to (%62 : i32)  step (%c1_i32_1 : i32) {
        %64 = fir.dummy_scope : !fir.dscope
        %65:2 = hlfir.declare %60 dummy_scope %64 arg 4 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEs"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
        %66:2 = hlfir.declare %61 dummy_scope %64 arg 5 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEp"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
        %67:2 = hlfir.declare %63 {uniq_name = "_QFreductionsEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
        fir.store %arg18 to %67#0 : !fir.ref<i32>
        %68 = fir.load %56#0 : !fir.ref<f32>
        %69 = fir.load %67#0 : !fir.ref<i32>
        %70 = fir.convert %69 : (i32) -> i64
        %71 = hlfir.designate %59#0 (%70)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        %72 = fir.load %71 : !fir.ref<f32>
        %73 = arith.addf %68, %72 fastmath<contract> : f32
        hlfir.assign %73 to %56#0 : f32, !fir.ref<f32>
        %74 = fir.load %57#0 : !fir.ref<f32>
        %cst = arith.constant 1.000000e+00 : f32
        %75 = fir.load %67#0 : !fir.ref<i32>
        %76 = fir.convert %75 : (i32) -> i64
        %77 = hlfir.designate %59#0 (%76)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        %78 = fir.load %77 : !fir.ref<f32>
        %cst_2 = arith.constant 1.000000e+03 : f32
        %79 = arith.divf %78, %cst_2 fastmath<contract> : f32
        %80 = arith.addf %cst, %79 fastmath<contract> : f32
        %81 = hlfir.no_reassoc %80 : f32
        %82 = arith.mulf %74, %81 fastmath<contract> : f32
        hlfir.assign %82 to %57#0 : f32, !fir.ref<f32>
        acc.yield
      } attributes {inclusiveUpperbound = array<i1: true>, independent = [#acc.device_type<none>]}
      acc.yield
    }
    acc.copyout accPtr(%33 : !fir.ref<f32>) to varPtr(%17#0 : !fir.ref<f32>) {dataClause = #acc<data_clause acc_reduction>, implicit = true, name = "s"}
    acc.copyout accPtr(%34 : !fir.ref<f32>) to varPtr(%16#0 : !fir.ref<f32>) {dataClause = #acc<data_clause acc_reduction>, implicit = true, name = "p"}
    acc.delete accVar(%35 : !fir.box<!fir.array<?xf32>>) {dataClause = #acc<data_clause acc_copyin>, name = "x"}
    %36 = acc.copyin varPtr(%14#0 : !fir.ref<f32>) -> !fir.ref<f32> {dataClause = #acc<data_clause acc_reduction>, implicit = true, name = "mx"}
    %37 = acc.copyin varPtr(%13#0 : !fir.ref<f32>) -> !fir.ref<f32> {dataClause = #acc<data_clause acc_reduction>, implicit = true, name = "mn"}
    %38 = acc.copyin var(%32#0 : !fir.box<!fir.array<?xf32>>) -> !fir.box<!fir.array<?xf32>> {name = "x"}
    acc.parallel combined(loop) dataOperands(%36, %37, %38 : !fir.ref<f32>, !fir.ref<f32>, !fir.box<!fir.array<?xf32>>) {
      %55 = fir.dummy_scope : !fir.dscope
      %56:2 = hlfir.declare %36 dummy_scope %55 arg 6 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEmx"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
      %57:2 = hlfir.declare %37 dummy_scope %55 arg 7 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEmn"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
      %58 = fir.box_addr %38 : (!fir.box<!fir.array<?xf32>>) -> !fir.ref<!fir.array<?xf32>>
      %59:2 = hlfir.declare %58(%31) dummy_scope %55 arg 2 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFreductionsEx"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
      %60 = acc.reduction varPtr(%56#0 : !fir.ref<f32>) recipe(@reduction_max_ref_f32) -> !fir.ref<f32> {name = "mx"}
      %61 = acc.reduction varPtr(%57#0 : !fir.ref<f32>) recipe(@reduction_min_ref_f32) -> !fir.ref<f32> {name = "mn"}
      %c1_i32 = arith.constant 1 : i32
      %62 = fir.load %5#0 : !fir.ref<i32>
      %c1_i32_1 = arith.constant 1 : i32
      %63 = acc.private varPtr(%4#0 : !fir.ref<i32>) recipe(@privatization_ref_i32) -> !fir.ref<i32> {implicit = true, name = "i"}
      acc.loop combined(parallel) private(%63 : !fir.ref<i32>) reduction(%60, %61 : !fir.ref<f32>, !fir.ref<f32>) control(%arg18 : i32) = (%c1_i32 : i32) to (%62 : i32)  step (%c1_i32_1 : i32) {
        %64 = fir.dummy_scope : !fir.dscope
        %65:2 = hlfir.declare %60 dummy_scope %64 arg 6 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEmx"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
        %66:2 = hlfir.declare %61 dummy_scope %64 arg 7 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEmn"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
        %67:2 = hlfir.declare %63 {uniq_name = "_QFreductionsEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
        fir.store %arg18 to %67#0 : !fir.ref<i32>
        %68 = fir.load %56#0 : !fir.ref<f32>
        %69 = fir.load %67#0 : !fir.ref<i32>
        %70 = fir.convert %69 : (i32) -> i64
        %71 = hlfir.designate %59#0 (%70)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        %72 = fir.load %71 : !fir.ref<f32>
        %73 = arith.cmpf ogt, %68, %72 fastmath<contract> : f32
        %74 = arith.select %73, %68, %72 : f32
        hlfir.assign %74 to %56#0 : f32, !fir.ref<f32>
        %75 = fir.load %57#0 : !fir.ref<f32>
        %76 = fir.load %67#0 : !fir.ref<i32>
        %77 = fir.convert %76 : (i32) -> i64
        %78 = hlfir.designate %59#0 (%77)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        %79 = fir.load %78 : !fir.ref<f32>
        %80 = arith.cmpf olt, %75, %79 fastmath<contract> : f32
        %81 = arith.select %80, %75, %79 : f32
        hlfir.assign %81 to %57#0 : f32, !fir.ref<f32>
        acc.yield
      } attributes {inclusiveUpperbound = array<i1: true>, independent = [#acc.device_type<none>]}
      acc.yield
    }
    acc.copyout accPtr(%36 : !fir.ref<f32>) to varPtr(%14#0 : !fir.ref<f32>) {dataClause = #acc<data_clause acc_reduction>, implicit = true, name = "mx"}
    acc.copyout accPtr(%37 : !fir.ref<f32>) to varPtr(%13#0 : !fir.ref<f32>) {dataClause = #acc<data_clause acc_reduction>, implicit = true, name = "mn"}
    acc.delete accVar(%38 : !fir.box<!fir.array<?xf32>>) {dataClause = #acc<data_clause acc_copyin>, name = "x"}
    %39 = acc.copyin varPtr(%8#0 : !fir.ref<i32>) -> !fir.ref<i32> {dataClause = #acc<data_clause acc_reduction>, implicit = true, name = "ksum"}
    %40 = acc.copyin varPtr(%6#0 : !fir.ref<i32>) -> !fir.ref<i32> {dataClause = #acc<data_clause acc_reduction>, implicit = true, name = "kand"}
    %41 = acc.copyin varPtr(%7#0 : !fir.ref<i32>) -> !fir.ref<i32> {dataClause = #acc<data_clause acc_reduction>, implicit = true, name = "kor"}
    %42 = acc.copyin var(%25#0 : !fir.box<!fir.array<?xi32>>) -> !fir.box<!fir.array<?xi32>> {name = "k"}
    acc.parallel combined(loop) dataOperands(%39, %40, %41, %42 : !fir.ref<i32>, !fir.ref<i32>, !fir.ref<i32>, !fir.box<!fir.array<?xi32>>) {
      %55 = fir.dummy_scope : !fir.dscope
      %56:2 = hlfir.declare %39 dummy_scope %55 arg 8 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEksum"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
      %57:2 = hlfir.declare %40 dummy_scope %55 arg 9 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEkand"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
      %58:2 = hlfir.declare %41 dummy_scope %55 arg 10 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEkor"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
      %59 = fir.box_addr %42 : (!fir.box<!fir.array<?xi32>>) -> !fir.ref<!fir.array<?xi32>>
      %60:2 = hlfir.declare %59(%24) dummy_scope %55 arg 3 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFreductionsEk"} : (!fir.ref<!fir.array<?xi32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xi32>>, !fir.ref<!fir.array<?xi32>>)
      %61 = acc.reduction varPtr(%56#0 : !fir.ref<i32>) recipe(@reduction_add_ref_i32) -> !fir.ref<i32> {name = "ksum"}
      %62 = acc.reduction varPtr(%57#0 : !fir.ref<i32>) recipe(@reduction_iand_ref_i32) -> !fir.ref<i32> {name = "kand"}
      %63 = acc.reduction varPtr(%58#0 : !fir.ref<i32>) recipe(@reduction_ior_ref_i32) -> !fir.ref<i32> {name = "kor"}
      %c1_i32 = arith.constant 1 : i32
      %64 = fir.load %5#0 : !fir.ref<i32>
      %c1_i32_1 = arith.constant 1 : i32
      %65 = acc.private varPtr(%4#0 : !fir.ref<i32>) recipe(@privatization_ref_i32) -> !fir.ref<i32> {implicit = true, name = "i"}
      acc.loop combined(parallel) private(%65 : !fir.ref<i32>) reduction(%61, %62, %63 : !fir.ref<i32>, !fir.ref<i32>, !fir.ref<i32>) control(%arg18 : i32) = (%c1_i32 : i32) to (%64 : i32)  step (%c1_i32_1 : i32) {
        %66 = fir.dummy_scope : !fir.dscope
        %67:2 = hlfir.declare %61 dummy_scope %66 arg 8 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEksum"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
        %68:2 = hlfir.declare %62 dummy_scope %66 arg 9 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEkand"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
        %69:2 = hlfir.declare %63 dummy_scope %66 arg 10 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEkor"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
        %70:2 = hlfir.declare %65 {uniq_name = "_QFreductionsEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
        fir.store %arg18 to %70#0 : !fir.ref<i32>
        %71 = fir.load %56#0 : !fir.ref<i32>
        %72 = fir.load %70#0 : !fir.ref<i32>
        %73 = fir.convert %72 : (i32) -> i64
        %74 = hlfir.designate %60#0 (%73)  : (!fir.box<!fir.array<?xi32>>, i64) -> !fir.ref<i32>
        %75 = fir.load %74 : !fir.ref<i32>
        %76 = arith.addi %71, %75 : i32
        hlfir.assign %76 to %56#0 : i32, !fir.ref<i32>
        %77 = fir.load %70#0 : !fir.ref<i32>
        %78 = fir.convert %77 : (i32) -> i64
        %79 = hlfir.designate %60#0 (%78)  : (!fir.box<!fir.array<?xi32>>, i64) -> !fir.ref<i32>
        %80 = fir.load %57#0 : !fir.ref<i32>
        %81 = fir.load %79 : !fir.ref<i32>
        %82 = arith.andi %80, %81 : i32
        hlfir.assign %82 to %57#0 : i32, !fir.ref<i32>
        %83 = fir.load %70#0 : !fir.ref<i32>
        %84 = fir.convert %83 : (i32) -> i64
        %85 = hlfir.designate %60#0 (%84)  : (!fir.box<!fir.array<?xi32>>, i64) -> !fir.ref<i32>
        %86 = fir.load %58#0 : !fir.ref<i32>
        %87 = fir.load %85 : !fir.ref<i32>
        %88 = arith.ori %86, %87 : i32
        hlfir.assign %88 to %58#0 : i32, !fir.ref<i32>
        acc.yield
      } attributes {inclusiveUpperbound = array<i1: true>, independent = [#acc.device_type<none>]}
      acc.yield
    }
    acc.copyout accPtr(%39 : !fir.ref<i32>) to varPtr(%8#0 : !fir.ref<i32>) {dataClause = #acc<data_clause acc_reduction>, implicit = true, name = "ksum"}
    acc.copyout accPtr(%40 : !fir.ref<i32>) to varPtr(%6#0 : !fir.ref<i32>) {dataClause = #acc<data_clause acc_reduction>, implicit = true, name = "kand"}
    acc.copyout accPtr(%41 : !fir.ref<i32>) to varPtr(%7#0 : !fir.ref<i32>) {dataClause = #acc<data_clause acc_reduction>, implicit = true, name = "kor"}
    acc.delete accVar(%42 : !fir.box<!fir.array<?xi32>>) {dataClause = #acc<data_clause acc_copyin>, name = "k"}
    %43 = acc.copyin varPtr(%2#0 : !fir.ref<f32>) -> !fir.ref<f32> {dataClause = #acc<data_clause acc_reduction>, implicit = true, name = "gs"}
    %44 = acc.copyin var(%32#0 : !fir.box<!fir.array<?xf32>>) -> !fir.box<!fir.array<?xf32>> {name = "x"}
    acc.parallel combined(loop) dataOperands(%43, %44 : !fir.ref<f32>, !fir.box<!fir.array<?xf32>>) {
      %55 = fir.dummy_scope : !fir.dscope
      %56:2 = hlfir.declare %43 dummy_scope %55 arg 11 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEgs"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
      %57 = fir.box_addr %44 : (!fir.box<!fir.array<?xf32>>) -> !fir.ref<!fir.array<?xf32>>
      %58:2 = hlfir.declare %57(%31) dummy_scope %55 arg 2 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFreductionsEx"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
      %59 = acc.reduction varPtr(%56#0 : !fir.ref<f32>) recipe(@reduction_add_ref_f32) -> !fir.ref<f32> {name = "gs"}
      %c1_i32 = arith.constant 1 : i32
      %60 = fir.load %5#0 : !fir.ref<i32>
      %c1_i32_1 = arith.constant 1 : i32
      %61 = acc.private varPtr(%4#0 : !fir.ref<i32>) recipe(@privatization_ref_i32) -> !fir.ref<i32> {implicit = true, name = "i"}
      acc.loop combined(parallel) gang private(%61 : !fir.ref<i32>) reduction(%59 : !fir.ref<f32>) control(%arg18 : i32) = (%c1_i32 : i32) to (%60 : i32)  step (%c1_i32_1 : i32) {
        %62 = fir.dummy_scope : !fir.dscope
        %63:2 = hlfir.declare %59 dummy_scope %62 arg 11 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEgs"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
        %64:2 = hlfir.declare %61 {uniq_name = "_QFreductionsEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
        fir.store %arg18 to %64#0 : !fir.ref<i32>
        %65 = fir.load %56#0 : !fir.ref<f32>
        %cst = arith.constant 2.000000e+00 : f32
        %66 = fir.load %64#0 : !fir.ref<i32>
        %67 = fir.convert %66 : (i32) -> i64
        %68 = hlfir.designate %58#0 (%67)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        %69 = fir.load %68 : !fir.ref<f32>
        %70 = arith.mulf %cst, %69 fastmath<contract> : f32
        %71 = arith.addf %65, %70 fastmath<contract> : f32
        hlfir.assign %71 to %56#0 : f32, !fir.ref<f32>
        acc.yield
      } attributes {inclusiveUpperbound = array<i1: true>, independent = [#acc.device_type<none>]}
      acc.yield
    }
    acc.copyout accPtr(%43 : !fir.ref<f32>) to varPtr(%2#0 : !fir.ref<f32>) {dataClause = #acc<data_clause acc_reduction>, implicit = true, name = "gs"}
    acc.delete accVar(%44 : !fir.box<!fir.array<?xf32>>) {dataClause = #acc<data_clause acc_copyin>, name = "x"}
    %45 = acc.copyin varPtr(%9#0 : !fir.ref<!fir.logical<4>>) -> !fir.ref<!fir.logical<4>> {dataClause = #acc<data_clause acc_reduction>, implicit = true, name = "la"}
    %46 = acc.copyin varPtr(%12#0 : !fir.ref<!fir.logical<4>>) -> !fir.ref<!fir.logical<4>> {dataClause = #acc<data_clause acc_reduction>, implicit = true, name = "lo"}
    %47 = acc.copyin varPtr(%10#0 : !fir.ref<!fir.logical<4>>) -> !fir.ref<!fir.logical<4>> {dataClause = #acc<data_clause acc_reduction>, implicit = true, name = "leq"}
    %48 = acc.copyin varPtr(%11#0 : !fir.ref<!fir.logical<4>>) -> !fir.ref<!fir.logical<4>> {dataClause = #acc<data_clause acc_reduction>, implicit = true, name = "lne"}
    %49 = acc.copyin var(%32#0 : !fir.box<!fir.array<?xf32>>) -> !fir.box<!fir.array<?xf32>> {name = "x"}
    acc.parallel combined(loop) dataOperands(%45, %46, %47, %48, %49 : !fir.ref<!fir.logical<4>>, !fir.ref<!fir.logical<4>>, !fir.ref<!fir.logical<4>>, !fir.ref<!fir.logical<4>>, !fir.box<!fir.array<?xf32>>) {
      %55 = fir.dummy_scope : !fir.dscope
      %56:2 = hlfir.declare %45 dummy_scope %55 arg 12 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEla"} : (!fir.ref<!fir.logical<4>>, !fir.dscope) -> (!fir.ref<!fir.logical<4>>, !fir.ref<!fir.logical<4>>)
      %57:2 = hlfir.declare %46 dummy_scope %55 arg 13 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsElo"} : (!fir.ref<!fir.logical<4>>, !fir.dscope) -> (!fir.ref<!fir.logical<4>>, !fir.ref<!fir.logical<4>>)
      %58:2 = hlfir.declare %47 dummy_scope %55 arg 14 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEleq"} : (!fir.ref<!fir.logical<4>>, !fir.dscope) -> (!fir.ref<!fir.logical<4>>, !fir.ref<!fir.logical<4>>)
      %59:2 = hlfir.declare %48 dummy_scope %55 arg 15 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsElne"} : (!fir.ref<!fir.logical<4>>, !fir.dscope) -> (!fir.ref<!fir.logical<4>>, !fir.ref<!fir.logical<4>>)
      %60 = fir.box_addr %49 : (!fir.box<!fir.array<?xf32>>) -> !fir.ref<!fir.array<?xf32>>
      %61:2 = hlfir.declare %60(%31) dummy_scope %55 arg 2 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFreductionsEx"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
      %62 = acc.reduction varPtr(%56#0 : !fir.ref<!fir.logical<4>>) recipe(@reduction_land_ref_l32) -> !fir.ref<!fir.logical<4>> {name = "la"}
      %63 = acc.reduction varPtr(%57#0 : !fir.ref<!fir.logical<4>>) recipe(@reduction_lor_ref_l32) -> !fir.ref<!fir.logical<4>> {name = "lo"}
      %64 = acc.reduction varPtr(%58#0 : !fir.ref<!fir.logical<4>>) recipe(@reduction_eqv_ref_l32) -> !fir.ref<!fir.logical<4>> {name = "leq"}
      %65 = acc.reduction varPtr(%59#0 : !fir.ref<!fir.logical<4>>) recipe(@reduction_neqv_ref_l32) -> !fir.ref<!fir.logical<4>> {name = "lne"}
      %c1_i32 = arith.constant 1 : i32
      %66 = fir.load %5#0 : !fir.ref<i32>
      %c1_i32_1 = arith.constant 1 : i32
      %67 = acc.private varPtr(%4#0 : !fir.ref<i32>) recipe(@privatization_ref_i32) -> !fir.ref<i32> {implicit = true, name = "i"}
      acc.loop combined(parallel) private(%67 : !fir.ref<i32>) reduction(%62, %63, %64, %65 : !fir.ref<!fir.logical<4>>, !fir.ref<!fir.logical<4>>, !fir.ref<!fir.logical<4>>, !fir.ref<!fir.logical<4>>) control(%arg18 : i32) = (%c1_i32 : i32) to (%66 : i32)  step (%c1_i32_1 : i32) {
        %68 = fir.dummy_scope : !fir.dscope
        %69:2 = hlfir.declare %62 dummy_scope %68 arg 12 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEla"} : (!fir.ref<!fir.logical<4>>, !fir.dscope) -> (!fir.ref<!fir.logical<4>>, !fir.ref<!fir.logical<4>>)
        %70:2 = hlfir.declare %63 dummy_scope %68 arg 13 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsElo"} : (!fir.ref<!fir.logical<4>>, !fir.dscope) -> (!fir.ref<!fir.logical<4>>, !fir.ref<!fir.logical<4>>)
        %71:2 = hlfir.declare %64 dummy_scope %68 arg 14 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEleq"} : (!fir.ref<!fir.logical<4>>, !fir.dscope) -> (!fir.ref<!fir.logical<4>>, !fir.ref<!fir.logical<4>>)
        %72:2 = hlfir.declare %65 dummy_scope %68 arg 15 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsElne"} : (!fir.ref<!fir.logical<4>>, !fir.dscope) -> (!fir.ref<!fir.logical<4>>, !fir.ref<!fir.logical<4>>)
        %73:2 = hlfir.declare %67 {uniq_name = "_QFreductionsEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
        fir.store %arg18 to %73#0 : !fir.ref<i32>
        %74 = fir.load %56#0 : !fir.ref<!fir.logical<4>>
        %75 = fir.load %73#0 : !fir.ref<i32>
        %76 = fir.convert %75 : (i32) -> i64
        %77 = hlfir.designate %61#0 (%76)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        %78 = fir.load %77 : !fir.ref<f32>
        %cst = arith.constant -5.000000e+01 : f32
        %79 = arith.cmpf ogt, %78, %cst fastmath<contract> : f32
        %80 = fir.convert %74 : (!fir.logical<4>) -> i1
        %81 = arith.andi %80, %79 : i1
        %82 = fir.convert %81 : (i1) -> !fir.logical<4>
        hlfir.assign %82 to %56#0 : !fir.logical<4>, !fir.ref<!fir.logical<4>>
        %83 = fir.load %57#0 : !fir.ref<!fir.logical<4>>
        %84 = fir.load %73#0 : !fir.ref<i32>
        %85 = fir.convert %84 : (i32) -> i64
        %86 = hlfir.designate %61#0 (%85)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        %87 = fir.load %86 : !fir.ref<f32>
        %cst_2 = arith.constant 4.900000e+01 : f32
        %88 = arith.cmpf ogt, %87, %cst_2 fastmath<contract> : f32
        %89 = fir.convert %83 : (!fir.logical<4>) -> i1
        %90 = arith.ori %89, %88 : i1
        %91 = fir.convert %90 : (i1) -> !fir.logical<4>
        hlfir.assign %91 to %57#0 : !fir.logical<4>, !fir.ref<!fir.logical<4>>
        %92 = fir.load %58#0 : !fir.ref<!fir.logical<4>>
        %93 = fir.load %73#0 : !fir.ref<i32>
        %94 = fir.convert %93 : (i32) -> i64
        %95 = hlfir.designate %61#0 (%94)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        %96 = fir.load %95 : !fir.ref<f32>
        %cst_3 = arith.constant 0.000000e+00 : f32
        %97 = arith.cmpf ogt, %96, %cst_3 fastmath<contract> : f32
        %98 = hlfir.no_reassoc %97 : i1
        %99 = fir.convert %92 : (!fir.logical<4>) -> i1
        %100 = arith.cmpi eq, %99, %98 : i1
        %101 = fir.convert %100 : (i1) -> !fir.logical<4>
        hlfir.assign %101 to %58#0 : !fir.logical<4>, !fir.ref<!fir.logical<4>>
        %102 = fir.load %59#0 : !fir.ref<!fir.logical<4>>
        %103 = fir.load %73#0 : !fir.ref<i32>
        %104 = fir.convert %103 : (i32) -> i64
        %105 = hlfir.designate %61#0 (%104)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        %106 = fir.load %105 : !fir.ref<f32>
        %cst_4 = arith.constant 0.000000e+00 : f32
        %107 = arith.cmpf ogt, %106, %cst_4 fastmath<contract> : f32
        %108 = hlfir.no_reassoc %107 : i1
        %109 = fir.convert %102 : (!fir.logical<4>) -> i1
        %110 = arith.cmpi ne, %109, %108 : i1
        %111 = fir.convert %110 : (i1) -> !fir.logical<4>
        hlfir.assign %111 to %59#0 : !fir.logical<4>, !fir.ref<!fir.logical<4>>
        acc.yield
      } attributes {inclusiveUpperbound = array<i1: true>, independent = [#acc.device_type<none>]}
      acc.yield
    }
    acc.copyout accPtr(%45 : !fir.ref<!fir.logical<4>>) to varPtr(%9#0 : !fir.ref<!fir.logical<4>>) {dataClause = #acc<data_clause acc_reduction>, implicit = true, name = "la"}
    acc.copyout accPtr(%46 : !fir.ref<!fir.logical<4>>) to varPtr(%12#0 : !fir.ref<!fir.logical<4>>) {dataClause = #acc<data_clause acc_reduction>, implicit = true, name = "lo"}
    acc.copyout accPtr(%47 : !fir.ref<!fir.logical<4>>) to varPtr(%10#0 : !fir.ref<!fir.logical<4>>) {dataClause = #acc<data_clause acc_reduction>, implicit = true, name = "leq"}
    acc.copyout accPtr(%48 : !fir.ref<!fir.logical<4>>) to varPtr(%11#0 : !fir.ref<!fir.logical<4>>) {dataClause = #acc<data_clause acc_reduction>, implicit = true, name = "lne"}
    acc.delete accVar(%49 : !fir.box<!fir.array<?xf32>>) {dataClause = #acc<data_clause acc_copyin>, name = "x"}
    %50 = acc.copyin varPtr(%1#0 : !fir.ref<complex<f32>>) -> !fir.ref<complex<f32>> {dataClause = #acc<data_clause acc_reduction>, implicit = true, name = "c"}
    %51 = acc.copyin varPtr(%18#0 : !fir.ref<complex<f32>>) -> !fir.ref<complex<f32>> {dataClause = #acc<data_clause acc_reduction>, implicit = true, name = "z"}
    %52 = acc.copyin var(%32#0 : !fir.box<!fir.array<?xf32>>) -> !fir.box<!fir.array<?xf32>> {name = "x"}
    acc.parallel combined(loop) dataOperands(%50, %51, %52 : !fir.ref<complex<f32>>, !fir.ref<complex<f32>>, !fir.box<!fir.array<?xf32>>) {
      %55 = fir.dummy_scope : !fir.dscope
      %56:2 = hlfir.declare %50 dummy_scope %55 arg 16 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEc"} : (!fir.ref<complex<f32>>, !fir.dscope) -> (!fir.ref<complex<f32>>, !fir.ref<complex<f32>>)
      %57:2 = hlfir.declare %51 dummy_scope %55 arg 17 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEz"} : (!fir.ref<complex<f32>>, !fir.dscope) -> (!fir.ref<complex<f32>>, !fir.ref<complex<f32>>)
      %58 = fir.box_addr %52 : (!fir.box<!fir.array<?xf32>>) -> !fir.ref<!fir.array<?xf32>>
      %59:2 = hlfir.declare %58(%31) dummy_scope %55 arg 2 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFreductionsEx"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
      %60 = acc.reduction varPtr(%56#0 : !fir.ref<complex<f32>>) recipe(@reduction_add_ref_z32) -> !fir.ref<complex<f32>> {name = "c"}
      %61 = acc.reduction varPtr(%57#0 : !fir.ref<complex<f32>>) recipe(@reduction_mul_ref_z32) -> !fir.ref<complex<f32>> {name = "z"}
      %c1_i32 = arith.constant 1 : i32
      %62 = fir.load %5#0 : !fir.ref<i32>
      %c1_i32_1 = arith.constant 1 : i32
      %63 = acc.private varPtr(%4#0 : !fir.ref<i32>) recipe(@privatization_ref_i32) -> !fir.ref<i32> {implicit = true, name = "i"}
      acc.loop combined(parallel) private(%63 : !fir.ref<i32>) reduction(%60, %61 : !fir.ref<complex<f32>>, !fir.ref<complex<f32>>) control(%arg18 : i32) = (%c1_i32 : i32) to (%62 : i32)  step (%c1_i32_1 : i32) {
        %64 = fir.dummy_scope : !fir.dscope
        %65:2 = hlfir.declare %60 dummy_scope %64 arg 16 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEc"} : (!fir.ref<complex<f32>>, !fir.dscope) -> (!fir.ref<complex<f32>>, !fir.ref<complex<f32>>)
        %66:2 = hlfir.declare %61 dummy_scope %64 arg 17 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEz"} : (!fir.ref<complex<f32>>, !fir.dscope) -> (!fir.ref<complex<f32>>, !fir.ref<complex<f32>>)
        %67:2 = hlfir.declare %63 {uniq_name = "_QFreductionsEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
        fir.store %arg18 to %67#0 : !fir.ref<i32>
        %68 = fir.load %56#0 : !fir.ref<complex<f32>>
        %69 = fir.load %67#0 : !fir.ref<i32>
        %70 = fir.convert %69 : (i32) -> i64
        %71 = hlfir.designate %59#0 (%70)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        %72 = fir.load %71 : !fir.ref<f32>
        %cst = arith.constant 1.000000e+00 : f32
        %73 = fir.undefined complex<f32>
        %74 = fir.insert_value %73, %72, [0 : index] : (complex<f32>, f32) -> complex<f32>
        %75 = fir.insert_value %74, %cst, [1 : index] : (complex<f32>, f32) -> complex<f32>
        %76 = fir.addc %68, %75 {fastmath = #arith.fastmath<contract>} : complex<f32>
        hlfir.assign %76 to %56#0 : complex<f32>, !fir.ref<complex<f32>>
        %77 = fir.load %57#0 : !fir.ref<complex<f32>>
        %cst_2 = arith.constant 1.000000e+00 : f32
        %78 = fir.load %67#0 : !fir.ref<i32>
        %79 = fir.convert %78 : (i32) -> i64
        %80 = hlfir.designate %59#0 (%79)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        %81 = fir.load %80 : !fir.ref<f32>
        %cst_3 = arith.constant 1.000000e+03 : f32
        %82 = arith.divf %81, %cst_3 fastmath<contract> : f32
        %83 = fir.undefined complex<f32>
        %84 = fir.insert_value %83, %cst_2, [0 : index] : (complex<f32>, f32) -> complex<f32>
        %85 = fir.insert_value %84, %82, [1 : index] : (complex<f32>, f32) -> complex<f32>
        %86 = fir.mulc %77, %85 {fastmath = #arith.fastmath<contract>} : complex<f32>
        hlfir.assign %86 to %57#0 : complex<f32>, !fir.ref<complex<f32>>
        acc.yield
      } attributes {inclusiveUpperbound = array<i1: true>, independent = [#acc.device_type<none>]}
      acc.yield
    }
    acc.copyout accPtr(%50 : !fir.ref<complex<f32>>) to varPtr(%1#0 : !fir.ref<complex<f32>>) {dataClause = #acc<data_clause acc_reduction>, implicit = true, name = "c"}
    acc.copyout accPtr(%51 : !fir.ref<complex<f32>>) to varPtr(%18#0 : !fir.ref<complex<f32>>) {dataClause = #acc<data_clause acc_reduction>, implicit = true, name = "z"}
    acc.delete accVar(%52 : !fir.box<!fir.array<?xf32>>) {dataClause = #acc<data_clause acc_copyin>, name = "x"}
    %53 = acc.copyin varPtr(%15#0 : !fir.ref<f32>) -> !fir.ref<f32> {dataClause = #acc<data_clause acc_reduction>, implicit = true, name = "mxneg"}
    %54 = acc.copyin var(%32#0 : !fir.box<!fir.array<?xf32>>) -> !fir.box<!fir.array<?xf32>> {name = "x"}
    acc.parallel combined(loop) dataOperands(%53, %54 : !fir.ref<f32>, !fir.box<!fir.array<?xf32>>) {
      %55 = fir.dummy_scope : !fir.dscope
      %56:2 = hlfir.declare %53 dummy_scope %55 arg 18 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEmxneg"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
      %57 = fir.box_addr %54 : (!fir.box<!fir.array<?xf32>>) -> !fir.ref<!fir.array<?xf32>>
      %58:2 = hlfir.declare %57(%31) dummy_scope %55 arg 2 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFreductionsEx"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
      %59 = acc.reduction varPtr(%56#0 : !fir.ref<f32>) recipe(@reduction_max_ref_f32) -> !fir.ref<f32> {name = "mxneg"}
      %c1_i32 = arith.constant 1 : i32
      %60 = fir.load %5#0 : !fir.ref<i32>
      %c1_i32_1 = arith.constant 1 : i32
      %61 = acc.private varPtr(%4#0 : !fir.ref<i32>) recipe(@privatization_ref_i32) -> !fir.ref<i32> {implicit = true, name = "i"}
      acc.loop combined(parallel) private(%61 : !fir.ref<i32>) reduction(%59 : !fir.ref<f32>) control(%arg18 : i32) = (%c1_i32 : i32) to (%60 : i32)  step (%c1_i32_1 : i32) {
        %62 = fir.dummy_scope : !fir.dscope
        %63:2 = hlfir.declare %59 dummy_scope %62 arg 18 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFreductionsEmxneg"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
        %64:2 = hlfir.declare %61 {uniq_name = "_QFreductionsEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
        fir.store %arg18 to %64#0 : !fir.ref<i32>
        %65 = fir.load %56#0 : !fir.ref<f32>
        %66 = fir.load %64#0 : !fir.ref<i32>
        %67 = fir.convert %66 : (i32) -> i64
        %68 = hlfir.designate %58#0 (%67)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        %69 = fir.load %68 : !fir.ref<f32>
        %70 = math.absf %69 fastmath<contract> : f32
        %71 = arith.negf %70 fastmath<contract> : f32
        %cst = arith.constant 1.000000e+00 : f32
        %72 = arith.subf %71, %cst fastmath<contract> : f32
        %73 = arith.cmpf ogt, %65, %72 fastmath<contract> : f32
        %74 = arith.select %73, %65, %72 : f32
        hlfir.assign %74 to %56#0 : f32, !fir.ref<f32>
        acc.yield
      } attributes {inclusiveUpperbound = array<i1: true>, independent = [#acc.device_type<none>]}
      acc.yield
    }
    acc.copyout accPtr(%53 : !fir.ref<f32>) to varPtr(%15#0 : !fir.ref<f32>) {dataClause = #acc<data_clause acc_reduction>, implicit = true, name = "mxneg"}
    acc.delete accVar(%54 : !fir.box<!fir.array<?xf32>>) {dataClause = #acc<data_clause acc_copyin>, name = "x"}
    return
  }
}
