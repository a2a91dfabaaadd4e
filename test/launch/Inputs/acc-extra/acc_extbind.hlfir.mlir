module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, fir.defaultkind = "a1c4d8i4l4r4", fir.kindmap = "", llvm.data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", llvm.ident = "Debian flang version 22.1.8", llvm.target_triple = "x86_64-pc-linux-gnu"} {
  acc.routine @acc_routine_0 func(@_QPext) bind("ext_dev") seq 
  acc.private.recipe @privatization_ref_i32 : !fir.ref<i32> init {
  ^bb0(%arg0: !fir.ref<i32>):
    %0 = fir.alloca i32
    %1:2 = hlfir.declare %0 {uniq_name = "acc.private.init"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    acc.yield %1#0 : !fir.ref<i32>
  }
  func.func @_QPextbind(%arg0: !fir.ref<i32> {fir.bindc_name = "n"}, %arg1: !fir.ref<!fir.array<?xf32>> {fir.bindc_name = "x"}) {
    %0 = fir.dummy_scope : !fir.dscope
    %1 = fir.alloca i32 {bindc_name = "i", uniq_name = "_QFextbindEi"}
    %2:2 = hlfir.declare %1 {uniq_name = "_QFextbindEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    %3:2 = hlfir.declare %arg0 dummy_scope %0 arg 1 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFextbindEn"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
    %4 = fir.load %3#0 : !fir.ref<i32>
    %5 = fir.convert %4 : (i32) -> i64
    %6 = fir.convert %5 : (i64) -> index
    %c0 = arith.constant 0 : index
    %7 = arith.cmpi sgt, %6, %c0 : index
    %8 = arith.select %7, %6, %c0 : index
    %9 = fir.shape %8 : (index) -> !fir.shape<1>
    %10:2 = hlfir.declare %arg1(%9) dummy_scope %0 arg 2 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFextbindEx"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
    %11 = acc.copyin var(%10#0 : !fir.box<!fir.array<?xf32>>) -> !fir.box<!fir.array<?xf32>> {dataClause = #acc<data_clause acc_copy>, name = "x"}
    acc.parallel combined(loop) dataOperands(%11 : !fir.box<!fir.array<?xf32>>) {
      %12 = fir.box_addr %11 : (!fir.box<!fir.array<?xf32>>) -> !fir.ref<!fir.array<?xf32>>
      %13 = fir.dummy_scope : !fir.dscope
      %14:2 = hlfir.declare %12(%9) dummy_scope %13 arg 2 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFextbindEx"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
      %c1_i32 = arith.constant 1 : i32
      %15 = fir.load %3#0 : !fir.ref<i32>
      %c1_i32_0 = arith.constant 1 : i32
      %16 = acc.private varPtr(%2#0 : !fir.ref<i32>) recipe(@privatization_ref_i32) -> !fir.ref<i32> {implicit = true, name = "i"}
      acc.loop combined(parallel) private(%16 : !fir.ref<i32>) control(%arg2 : i32) = (%c1_i32 : i32) to (%15 : i32)  step (%c1_i32_0 : i32) {
        %17:2 = hlfir.declare %16 {uniq_name = "_QFextbindEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
        fir.store %arg2 to %17#0 : !fir.ref<i32>
        %18 = fir.load %17#0 : !fir.ref<i32>
        %19 = fir.convert %18 : (i32) -> i64
        %20 = hlfir.designate %14#0 (%19)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        fir.call @_QPext(%20) fastmath<contract> : (!fir.ref<f32>) -> ()
        acc.yield
      } attributes {inclusiveUpperbound = array<i1: true>, independent = [#acc.device_type<none>]}
      acc.yield
    }
    acc.copyout accVar(%11 : !fir.box<!fir.array<?xf32>>) to var(%10#0 : !fir.box<!fir.array<?xf32>>) {dataClause = #acc<data_clause acc_copy>, name = "x"}
    return
  }
  func.func private @_QPext(!fir.ref<f32>) attributes {acc.routine_info = #acc.routine_info<[@acc_routine_0]>}
}
