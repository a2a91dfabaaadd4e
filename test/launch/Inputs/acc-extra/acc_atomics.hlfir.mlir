module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, fir.defaultkind = "a1c4d8i4l4r4", fir.kindmap = "", llvm.data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", llvm.ident = "Debian flang version 22.1.8", llvm.target_triple = "x86_64-pc-linux-gnu"} {
  acc.private.recipe @privatization_ref_i32 : !fir.ref<i32> init {
  ^bb0(%arg0: !fir.ref<i32>):
    %0 = fir.alloca i32
    %1:2 = hlfir.declare %0 {uniq_name = "acc.private.init"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    acc.yield %1#0 : !fir.ref<i32>
  }
  func.func @_QPatomics(%arg0: !fir.ref<i32> {fir.bindc_name = "n"}, %arg1: !fir.ref<!fir.array<?xi32>> {fir.bindc_name = "k"}, %arg2: !fir.ref<!fir.array<?xi32>> {fir.bindc_name = "hist"}, %arg3: !fir.ref<i32> {fir.bindc_name = "nb"}, %arg4: !fir.ref<!fir.array<?xi32>> {fir.bindc_name = "slots"}, %arg5: !fir.ref<i32> {fir.bindc_name = "last"}, %arg6: !fir.ref<i32> {fir.bindc_name = "seen"}) {
    %0 = fir.dummy_scope : !fir.dscope
    %1 = fir.alloca i32 {bindc_name = "b", uniq_name = "_QFatomicsEb"}
    %2:2 = hlfir.declare %1 {uniq_name = "_QFatomicsEb"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    %3 = fir.alloca i32 {bindc_name = "counter", uniq_name = "_QFatomicsEcounter"}
    %4:2 = hlfir.declare %3 {uniq_name = "_QFatomicsEcounter"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    %5:2 = hlfir.declare %arg3 dummy_scope %0 arg 4 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFatomicsEnb"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
    %6 = fir.alloca i32 {bindc_name = "i", uniq_name = "_QFatomicsEi"}
    %7:2 = hlfir.declare %6 {uniq_name = "_QFatomicsEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    %8:2 = hlfir.declare %arg0 dummy_scope %0 arg 1 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFatomicsEn"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
    %9:2 = hlfir.declare %arg5 dummy_scope %0 arg 6 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFatomicsElast"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
    %10:2 = hlfir.declare %arg6 dummy_scope %0 arg 7 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFatomicsEseen"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
    %11 = fir.alloca i32 {bindc_name = "t", uniq_name = "_QFatomicsEt"}
    %12:2 = hlfir.declare %11 {uniq_name = "_QFatomicsEt"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    %13 = fir.load %5#0 : !fir.ref<i32>
    %14 = fir.convert %13 : (i32) -> i64
    %15 = fir.convert %14 : (i64) -> index
    %c0 = arith.constant 0 : index
    %16 = arith.cmpi sgt, %15, %c0 : index
    %17 = arith.select %16, %15, %c0 : index
    %18 = fir.shape %17 : (index) -> !fir.shape<1>
    %19:2 = hlfir.declare %arg2(%18) dummy_scope %0 arg 3 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFatomicsEhist"} : (!fir.ref<!fir.array<?xi32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xi32>>, !fir.ref<!fir.array<?xi32>>)
    %20 = fir.load %8#0 : !fir.ref<i32>
    %21 = fir.convert %20 : (i32) -> i64
    %22 = fir.convert %21 : (i64) -> index
    %c0_0 = arith.constant 0 : index
    %23 = arith.cmpi sgt, %22, %c0_0 : index
    %24 = arith.select %23, %22, %c0_0 : index
    %25 = fir.shape %24 : (index) -> !fir.shape<1>
    %26:2 = hlfir.declare %arg1(%25) dummy_scope %0 arg 2 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFatomicsEk"} : (!fir.ref<!fir.array<?xi32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xi32>>, !fir.ref<!fir.array<?xi32>>)
    %27 = fir.load %8#0 : !fir.ref<i32>
    %28 = fir.convert %27 : (i32) -> i64
    %29 = fir.convert %28 : (i64) -> index
    %c0_1 = arith.constant 0 : index
    %30 = arith.cmpi sgt, %29, %c0_1 : index
    %31 = arith.select %30, %29, %c0_1 : index
    %32 = fir.shape %31 : (index) -> !fir.shape<1>
    %33:2 = hlfir.declare %arg4(%32) dummy_scope %0 arg 5 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFatomicsEslots"} : (!fir.ref<!fir.array<?xi32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xi32>>, !fir.ref<!fir.array<?xi32>>)
    %c0_i32 = arith.constant 0 : i32
    hlfir.assign %c0_i32 to %4#0 : i32, !fir.ref<i32>
    %34 = acc.copyin var(%26#0 : !fir.box<!fir.array<?xi32>>) -> !fir.box<!fir.array<?xi32>> {name = "k"}
    %35 = acc.copyin var(%19#0 : !fir.box<!fir.array<?xi32>>) -> !fir.box<!fir.array<?xi32>> {dataClause = #acc<data_clause acc_copy>, name = "hist"}
    %36 = acc.copyin varPtr(%4#0 : !fir.ref<i32>) -> !fir.ref<i32> {dataClause = #acc<data_clause acc_copy>, name = "counter"}
    %37 = acc.copyin varPtr(%9#0 : !fir.ref<i32>) -> !fir.ref<i32> {dataClause = #acc<data_clause acc_copy>, name = "last"}
    %38 = acc.create var(%33#0 : !fir.box<!fir.array<?xi32>>) -> !fir.box<!fir.array<?xi32>> {dataClause = #acc<data_clause acc_copyout>, name = "slots"}
    acc.parallel combined(loop) dataOperands(%34, %35, %36, %37, %38 : !fir.box<!fir.array<?xi32>>, !fir.box<!fir.array<?xi32>>, !fir.ref<i32>, !fir.ref<i32>, !fir.box<!fir.array<?xi32>>) {
      %41 = fir.box_addr %34 : (!fir.box<!fir.array<?xi32>>) -> !fir.ref<!fir.array<?xi32>>
      %42 = fir.dummy_scope : !fir.dscope
      %43:2 = hlfir.declare %41(%25) dummy_scope %42 arg 2 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFatomicsEk"} : (!fir.ref<!fir.array<?xi32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xi32>>, !fir.ref<!fir.array<?xi32>>)
      %44 = fir.box_addr %35 : (!fir.box<!fir.array<?xi32>>) -> !fir.ref<!fir.array<?xi32>>
      %45:2 = hlfir.declare %44(%18) dummy_scope %42 arg 3 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFatomicsEhist"} : (!fir.ref<!fir.array<?xi32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xi32>>, !fir.ref<!fir.array<?xi32>>)
      %46:2 = hlfir.declare %36 {uniq_name = "_QFatomicsEcounter"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
      %47:2 = hlfir.declare %37 dummy_scope %42 arg 6 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFatomicsElast"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
      %48 = fir.box_addr %38 : (!fir.box<!fir.array<?xi32>>) -> !fir.ref<!fir.array<?xi32>>
      %49:2 = hlfir.declare %48(%32) dummy_scope %42 arg 5 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFatomicsEslots"} : (!fir.ref<!fir.array<?xi32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xi32>>, !fir.ref<!fir.array<?xi32>>)
      %c1_i32 = arith.constant 1 : i32
      %50 = fir.load %8#0 : !fir.ref<i32>
      %c1_i32_2 = arith.constant 1 : i32
      %51 = acc.private varPtr(%7#0 : !fir.ref<i32>) recipe(@privatization_ref_i32) -> !fir.ref<i32> {implicit = true, name = "i"}
      acc.loop combined(parallel) private(%51 : !fir.ref<i32>) control(%arg7 : i32) = (%c1_i32 : i32) to (%50 : i32)  step (%c1_i32_2 : i32) {
        %52:2 = hlfir.declare %51 {uniq_name = "_QFatomicsEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
        fir.store %arg7 to %52#0 : !fir.ref<i32>
        %53 = fir.load %52#0 : !fir.ref<i32>
        %54 = fir.convert %53 : (i32) -> i64
        %55 = hlfir.designate %43#0 (%54)  : (!fir.box<!fir.array<?xi32>>, i64) -> !fir.ref<i32>
        %56 = fir.load %55 : !fir.ref<i32>
        %57 = fir.load %5#0 : !fir.ref<i32>
        %58 = arith.remsi %56, %57 : i32
        %c1_i32_3 = arith.constant 1 : i32
        %59 = arith.addi %58, %c1_i32_3 : i32
        hlfir.assign %59 to %2#0 : i32, !fir.ref<i32>
        %60 = fir.load %2#0 : !fir.ref<i32>
        %61 = fir.convert %60 : (i32) -> i64
        %62 = hlfir.designate %45#0 (%61)  : (!fir.box<!fir.array<?xi32>>, i64) -> !fir.ref<i32>
        %c1_i32_4 = arith.constant 1 : i32
        acc.atomic.update %62 : !fir.ref<i32> {
        ^bb0(%arg8: i32):
          %67 = arith.addi %arg8, %c1_i32_4 : i32
          acc.yield %67 : i32
        }
        %c1_i32_5 = arith.constant 1 : i32
        acc.atomic.capture {
          acc.atomic.read %12#0 = %46#0 : !fir.ref<i32>, !fir.ref<i32>, i32
          acc.atomic.update %46#0 : !fir.ref<i32> {
          ^bb0(%arg8: i32):
            %67 = arith.addi %arg8, %c1_i32_5 : i32
            acc.yield %67 : i32
          }
        }
        %63 = fir.load %12#0 : !fir.ref<i32>
        %64 = fir.load %52#0 : !fir.ref<i32>
        %65 = fir.convert %64 : (i32) -> i64
        %66 = hlfir.designate %49#0 (%65)  : (!fir.box<!fir.array<?xi32>>, i64) -> !fir.ref<i32>
        hlfir.assign %63 to %66 : i32, !fir.ref<i32>
        %c7_i32 = arith.constant 7 : i32
        acc.atomic.write %47#0 = %c7_i32 : !fir.ref<i32>, i32
        acc.yield
      } attributes {inclusiveUpperbound = array<i1: true>, independent = [#acc.device_type<none>]}
      acc.yield
    }
    acc.copyout accVar(%35 : !fir.box<!fir.array<?xi32>>) to var(%19#0 : !fir.box<!fir.array<?xi32>>) {dataClause = #acc<data_clause acc_copy>, name = "hist"}
    acc.copyout accPtr(%36 : !fir.ref<i32>) to varPtr(%4#0 : !fir.ref<i32>) {dataClause = #acc<data_clause acc_copy>, name = "counter"}
    acc.copyout accPtr(%37 : !fir.ref<i32>) to varPtr(%9#0 : !fir.ref<i32>) {dataClause = #acc<data_clause acc_copy>, name = "last"}
    acc.delete accVar(%34 : !fir.box<!fir.array<?xi32>>) {dataClause = #acc<data_clause acc_copyin>, name = "k"}
    acc.copyout accVar(%38 : !fir.box<!fir.array<?xi32>>) to var(%33#0 : !fir.box<!fir.array<?xi32>>) {name = "slots"}
    %39 = acc.copyin varPtr(%9#0 : !fir.ref<i32>) -> !fir.ref<i32> {dataClause = #acc<data_clause acc_copy>, name = "last"}
    %40 = acc.copyin varPtr(%10#0 : !fir.ref<i32>) -> !fir.ref<i32> {dataClause = #acc<data_clause acc_copy>, name = "seen"}
    acc.serial dataOperands(%39, %40 : !fir.ref<i32>, !fir.ref<i32>) {
      %41 = fir.dummy_scope : !fir.dscope
      %42:2 = hlfir.declare %39 dummy_scope %41 arg 6 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFatomicsElast"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
      %43:2 = hlfir.declare %40 dummy_scope %41 arg 7 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFatomicsEseen"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
      acc.atomic.read %43#0 = %42#0 : !fir.ref<i32>, !fir.ref<i32>, i32
      acc.yield
    }
    acc.copyout accPtr(%39 : !fir.ref<i32>) to varPtr(%9#0 : !fir.ref<i32>) {dataClause = #acc<data_clause acc_copy>, name = "last"}
    acc.copyout accPtr(%40 : !fir.ref<i32>) to varPtr(%10#0 : !fir.ref<i32>) {dataClause = #acc<data_clause acc_copy>, name = "seen"}
    return
  }
}
