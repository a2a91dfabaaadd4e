module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, fir.defaultkind = "a1c4d8i4l4r4", fir.kindmap = "", llvm.data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", llvm.ident = "Debian flang version 22.1.8", llvm.target_triple = "x86_64-pc-linux-gnu"} {
  acc.private.recipe @privatization_ref_i32 : !fir.ref<i32> init {
  ^bb0(%arg0: !fir.ref<i32>):
    %0 = fir.alloca i32
    %1:2 = hlfir.declare %0 {uniq_name = "acc.private.init"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    acc.yield %1#0 : !fir.ref<i32>
  }
  func.func @_QParray_loop(%arg0: !fir.ref<i32> {fir.bindc_name = "n"}, %arg1: !fir.ref<!fir.array<?xf64>> {fir.bindc_name = "t"}, %arg2: !fir.ref<!fir.array<?xf64>> {fir.bindc_name = "u"}) {
    %0 = fir.dummy_scope : !fir.dscope
    %1 = fir.alloca i32 {bindc_name = "it", uniq_name = "_QFarray_loopEit"}
    %2:2 = hlfir.declare %1 {uniq_name = "_QFarray_loopEit"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    %3:2 = hlfir.declare %arg0 dummy_scope %0 arg 1 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFarray_loopEn"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
    %4 = fir.load %3#0 : !fir.ref<i32>
    %5 = fir.convert %4 : (i32) -> i64
    %6 = fir.convert %5 : (i64) -> index
    %c0 = arith.constant 0 : index
    %7 = arith.cmpi sgt, %6, %c0 : index
    %8 = arith.select %7, %6, %c0 : index
    %9 = fir.shape %8 : (index) -> !fir.shape<1>
    %10:2 = hlfir.declare %arg1(%9) dummy_scope %0 arg 2 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFarray_loopEt"} : (!fir.ref<!fir.array<?xf64>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf64>>, !fir.ref<!fir.array<?xf64>>)
    %11 = fir.load %3#0 : !fir.ref<i32>
    %12 = fir.convert %11 : (i32) -> i64
    %13 = fir.convert %12 : (i64) -> index
    %c0_0 = arith.constant 0 : index
    %14 = arith.cmpi sgt, %13, %c0_0 : index
    %15 = arith.select %14, %13, %c0_0 : index
    %16 = fir.shape %15 : (index) -> !fir.shape<1>
    %17:2 = hlfir.declare %arg2(%16) dummy_scope %0 arg 3 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFarray_loopEu"} : (!fir.ref<!fir.array<?xf64>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf64>>, !fir.ref<!fir.array<?xf64>>)
    %18 = acc.copyin var(%10#0 : !fir.box<!fir.array<?xf64>>) -> !fir.box<!fir.array<?xf64>> {dataClause = #acc<data_clause acc_copy>, name = "t"}
    %19 = acc.copyin var(%17#0 : !fir.box<!fir.array<?xf64>>) -> !fir.box<!fir.array<?xf64>> {name = "u"}
    acc.kernels dataOperands(%18, %19 : !fir.box<!fir.array<?xf64>>, !fir.box<!fir.array<?xf64>>) {
      %20 = fir.box_addr %18 : (!fir.box<!fir.array<?xf64>>) -> !fir.ref<!fir.array<?xf64>>
      %21 = fir.dummy_scope : !fir.dscope
      %22:2 = hlfir.declare %20(%9) dummy_scope %21 arg 2 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFarray_loopEt"} : (!fir.ref<!fir.array<?xf64>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf64>>, !fir.ref<!fir.array<?xf64>>)
      %23 = fir.box_addr %19 : (!fir.box<!fir.array<?xf64>>) -> !fir.ref<!fir.array<?xf64>>
      %24:2 = hlfir.declare %23(%16) dummy_scope %21 arg 3 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFarray_loopEu"} : (!fir.ref<!fir.array<?xf64>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf64>>, !fir.ref<!fir.array<?xf64>>)
      %c1_i32 = arith.constant 1 : i32
      %c3_i32 = arith.constant 3 : i32
      %c1_i32_1 = arith.constant 1 : i32
      %25 = acc.private varPtr(%2#0 : !fir.ref<i32>) recipe(@privatization_ref_i32) -> !fir.ref<i32> {implicit = true, name = "it"}
      acc.loop private(%25 : !fir.ref<i32>) control(%arg3 : i32) = (%c1_i32 : i32) to (%c3_i32 : i32)  step (%c1_i32_1 : i32) {
        %26:2 = hlfir.declare %25 {uniq_name = "_QFarray_loopEit"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
        fir.store %arg3 to %26#0 : !fir.ref<i32>
        %c2 = arith.constant 2 : index
        %27 = fir.load %3#0 : !fir.ref<i32>
        %c1_i32_2 = arith.constant 1 : i32
        %28 = arith.subi %27, %c1_i32_2 overflow<nsw> : i32
        %29 = fir.convert %28 : (i32) -> i64
        %30 = fir.convert %29 : (i64) -> index
        %c1 = arith.constant 1 : index
        %c0_3 = arith.constant 0 : index
        %31 = arith.subi %30, %c2 : index
        %32 = arith.addi %31, %c1 : index
        %33 = arith.divsi %32, %c1 : index
        %34 = arith.cmpi sgt, %33, %c0_3 : index
        %35 = arith.select %34, %33, %c0_3 : index
        %36 = fir.shape %35 : (index) -> !fir.shape<1>
        %37 = hlfir.designate %24#0 (%c2:%30:%c1)  shape %36 : (!fir.box<!fir.array<?xf64>>, index, index, index, !fir.shape<1>) -> !fir.box<!fir.array<?xf64>>
        %c2_4 = arith.constant 2 : index
        %38 = fir.load %3#0 : !fir.ref<i32>
        %c1_i32_5 = arith.constant 1 : i32
        %39 = arith.subi %38, %c1_i32_5 overflow<nsw> : i32
        %40 = fir.convert %39 : (i32) -> i64
        %41 = fir.convert %40 : (i64) -> index
        %c1_6 = arith.constant 1 : index
        %c0_7 = arith.constant 0 : index
        %42 = arith.subi %41, %c2_4 : index
        %43 = arith.addi %42, %c1_6 : index
        %44 = arith.divsi %43, %c1_6 : index
        %45 = arith.cmpi sgt, %44, %c0_7 : index
        %46 = arith.select %45, %44, %c0_7 : index
        %47 = fir.shape %46 : (index) -> !fir.shape<1>
        %48 = hlfir.designate %22#0 (%c2_4:%41:%c1_6)  shape %47 : (!fir.box<!fir.array<?xf64>>, index, index, index, !fir.shape<1>) -> !fir.box<!fir.array<?xf64>>
        %cst = arith.constant 5.000000e-01 : f64
        %49 = hlfir.elemental %47 unordered : (!fir.shape<1>) -> !hlfir.expr<?xf64> {
        ^bb0(%arg4: index):
          %62 = hlfir.designate %48 (%arg4)  : (!fir.box<!fir.array<?xf64>>, index) -> !fir.ref<f64>
          %63 = fir.load %62 : !fir.ref<f64>
          %64 = arith.mulf %63, %cst fastmath<contract> : f64
          hlfir.yield_element %64 : f64
        }
        %50 = hlfir.elemental %36 unordered : (!fir.shape<1>) -> !hlfir.expr<?xf64> {
        ^bb0(%arg4: index):
          %62 = hlfir.designate %37 (%arg4)  : (!fir.box<!fir.array<?xf64>>, index) -> !fir.ref<f64>
          %63 = hlfir.apply %49, %arg4 : (!hlfir.expr<?xf64>, index) -> f64
          %64 = fir.load %62 : !fir.ref<f64>
          %65 = arith.addf %64, %63 fastmath<contract> : f64
          hlfir.yield_element %65 : f64
        }
        %c2_8 = arith.constant 2 : index
        %51 = fir.load %3#0 : !fir.ref<i32>
        %c1_i32_9 = arith.constant 1 : i32
        %52 = arith.subi %51, %c1_i32_9 overflow<nsw> : i32
        %53 = fir.convert %52 : (i32) -> i64
        %54 = fir.convert %53 : (i64) -> index
        %c1_10 = arith.constant 1 : index
        %c0_11 = arith.constant 0 : index
        %55 = arith.subi %54, %c2_8 : index
        %56 = arith.addi %55, %c1_10 : index
        %57 = arith.divsi %56, %c1_10 : index
        %58 = arith.cmpi sgt, %57, %c0_11 : index
        %59 = arith.select %58, %57, %c0_11 : index
        %60 = fir.shape %59 : (index) -> !fir.shape<1>
        %61 = hlfir.designate %22#0 (%c2_8:%54:%c1_10)  shape %60 : (!fir.box<!fir.array<?xf64>>, index, index, index, !fir.shape<1>) -> !fir.box<!fir.array<?xf64>>
        hlfir.assign %50 to %61 : !hlfir.expr<?xf64>, !fir.box<!fir.array<?xf64>>
        hlfir.destroy %50 : !hlfir.expr<?xf64>
        hlfir.destroy %49 : !hlfir.expr<?xf64>
        acc.yield
      } attributes {auto_ = [#acc.device_type<none>], inclusiveUpperbound = array<i1: true>}
      acc.terminator
    }
    acc.copyout accVar(%18 : !fir.box<!fir.array<?xf64>>) to var(%10#0 : !fir.box<!fir.array<?xf64>>) {dataClause = #acc<data_clause acc_copy>, name = "t"}
    acc.delete accVar(%19 : !fir.box<!fir.array<?xf64>>) {dataClause = #acc<data_clause acc_copyin>, name = "u"}
    return
  }
}
