module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, fir.defaultkind = "a1c4d8i4l4r4", fir.kindmap = "", llvm.data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", llvm.ident = "Debian flang version 22.1.8", llvm.target_triple = "x86_64-pc-linux-gnu"} {
  acc.firstprivate.recipe @firstprivatization_section_lb1.ub2_ref_2xf32 : !fir.ref<!fir.array<2xf32>> init {
  ^bb0(%arg0: !fir.ref<!fir.array<2xf32>>):
    %c2 = arith.constant 2 : index
    %0 = fir.shape %c2 : (index) -> !fir.shape<1>
    %1 = fir.alloca !fir.array<2xf32>
    %2:2 = hlfir.declare %1(%0) {uniq_name = "acc.private.init"} : (!fir.ref<!fir.array<2xf32>>, !fir.shape<1>) -> (!fir.ref<!fir.array<2xf32>>, !fir.ref<!fir.array<2xf32>>)
    acc.yield %2#0 : !fir.ref<!fir.array<2xf32>>
  } copy {
  ^bb0(%arg0: !fir.ref<!fir.array<2xf32>>, %arg1: !fir.ref<!fir.array<2xf32>>):
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c1_0 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %0 = arith.subi %c2, %c1 : index
    %1 = arith.addi %0, %c1_0 : index
    %2 = arith.divsi %1, %c1_0 : index
    %3 = arith.cmpi sgt, %2, %c0 : index
    %4 = arith.select %3, %2, %c0 : index
    %5 = fir.shape %4 : (index) -> !fir.shape<1>
    %c1_1 = arith.constant 1 : index
    %c2_2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %6 = hlfir.designate %arg0 (%c2_2:%c3:%c1_0)  shape %5 : (!fir.ref<!fir.array<2xf32>>, index, index, index, !fir.shape<1>) -> !fir.ref<!fir.array<2xf32>>
    %7 = hlfir.designate %arg1 (%c2_2:%c3:%c1_0)  shape %5 : (!fir.ref<!fir.array<2xf32>>, index, index, index, !fir.shape<1>) -> !fir.ref<!fir.array<2xf32>>
    hlfir.assign %6 to %7 temporary_lhs : !fir.ref<!fir.array<2xf32>>, !fir.ref<!fir.array<2xf32>>
    acc.terminator
  }
  acc.private.recipe @privatization_ref_i32 : !fir.ref<i32> init {
  ^bb0(%arg0: !fir.ref<i32>):
    %0 = fir.alloca i32
    %1:2 = hlfir.declare %0 {uniq_name = "acc.private.init"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    acc.yield %1#0 : !fir.ref<i32>
  }
  acc.firstprivate.recipe @firstprivatization_ref_box_heap_Uxf32 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>> init {
  ^bb0(%arg0: !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>):
    %0 = fir.load %arg0 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>
    %c0 = arith.constant 0 : index
    %1:3 = fir.box_dims %0, %c0 : (!fir.box<!fir.heap<!fir.array<?xf32>>>, index) -> (index, index, index)
    %2 = fir.shape %1#1 : (index) -> !fir.shape<1>
    %3 = fir.allocmem !fir.array<?xf32>, %1#1 {bindc_name = ".tmp", uniq_name = ""}
    %4:2 = hlfir.declare %3(%2) {uniq_name = ".tmp"} : (!fir.heap<!fir.array<?xf32>>, !fir.shape<1>) -> (!fir.box<!fir.array<?xf32>>, !fir.heap<!fir.array<?xf32>>)
    %5 = fir.alloca !fir.box<!fir.heap<!fir.array<?xf32>>>
    %6:2 = hlfir.declare %5 {uniq_name = "acc.private.init"} : (!fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>) -> (!fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>, !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>)
    %7 = fir.convert %6#0 : (!fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>) -> !fir.ref<!fir.box<!fir.array<?xf32>>>
    fir.store %4#0 to %7 : !fir.ref<!fir.box<!fir.array<?xf32>>>
    acc.yield %6#0 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>
  } copy {
  ^bb0(%arg0: !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>, %arg1: !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>):
    %0 = fir.load %arg0 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>
    %1 = fir.load %arg1 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>
    hlfir.assign %0 to %1 temporary_lhs : !fir.box<!fir.heap<!fir.array<?xf32>>>, !fir.box<!fir.heap<!fir.array<?xf32>>>
    acc.terminator
  } destroy {
  ^bb0(%arg0: !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>, %arg1: !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>):
    %0 = fir.load %arg1 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>
    %1 = fir.box_addr %0 : (!fir.box<!fir.heap<!fir.array<?xf32>>>) -> !fir.heap<!fir.array<?xf32>>
    fir.freemem %1 : !fir.heap<!fir.array<?xf32>>
    acc.terminator
  }
  acc.firstprivate.recipe @firstprivatization_box_Uxf32 : !fir.box<!fir.array<?xf32>> init {
  ^bb0(%arg0: !fir.box<!fir.array<?xf32>>):
    %c0 = arith.constant 0 : index
    %0:3 = fir.box_dims %arg0, %c0 : (!fir.box<!fir.array<?xf32>>, index) -> (index, index, index)
    %1 = fir.shape %0#1 : (index) -> !fir.shape<1>
    %2 = fir.allocmem !fir.array<?xf32>, %0#1 {bindc_name = ".tmp", uniq_name = ""}
    %3:2 = hlfir.declare %2(%1) {uniq_name = ".tmp"} : (!fir.heap<!fir.array<?xf32>>, !fir.shape<1>) -> (!fir.box<!fir.array<?xf32>>, !fir.heap<!fir.array<?xf32>>)
    acc.yield %3#0 : !fir.box<!fir.array<?xf32>>
  } copy {
  ^bb0(%arg0: !fir.box<!fir.array<?xf32>>, %arg1: !fir.box<!fir.array<?xf32>>):
    hlfir.assign %arg0 to %arg1 temporary_lhs : !fir.box<!fir.array<?xf32>>, !fir.box<!fir.array<?xf32>>
    acc.terminator
  } destroy {
  ^bb0(%arg0: !fir.box<!fir.array<?xf32>>, %arg1: !fir.box<!fir.array<?xf32>>):
    %0 = fir.box_addr %arg1 : (!fir.box<!fir.array<?xf32>>) -> !fir.ref<!fir.array<?xf32>>
    %1 = fir.convert %0 : (!fir.ref<!fir.array<?xf32>>) -> !fir.heap<!fir.array<?xf32>>
    fir.freemem %1 : !fir.heap<!fir.array<?xf32>>
    acc.terminator
  }
  func.func @_QPfp_shape(%arg0: !fir.box<!fir.array<?xf32>> {fir.bindc_name = "w"}) {
    %0 = fir.dummy_scope : !fir.dscope
    %1:2 = hlfir.declare %arg0 dummy_scope %0 arg 1 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFfp_shapeEw"} : (!fir.box<!fir.array<?xf32>>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.box<!fir.array<?xf32>>)
    %2 = acc.firstprivate var(%1#0 : !fir.box<!fir.array<?xf32>>) recipe(@firstprivatization_box_Uxf32) -> !fir.box<!fir.array<?xf32>> {name = "w"}
    acc.serial firstprivate(%2 : !fir.box<!fir.array<?xf32>>) {
      %3 = fir.dummy_scope : !fir.dscope
      %4:2 = hlfir.declare %2 dummy_scope %3 arg 1 skip_rebox {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFfp_shapeEw"} : (!fir.box<!fir.array<?xf32>>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.box<!fir.array<?xf32>>)
      %cst = arith.constant 9.900000e+01 : f32
      %c2 = arith.constant 2 : index
      %5 = hlfir.designate %4#0 (%c2)  : (!fir.box<!fir.array<?xf32>>, index) -> !fir.ref<f32>
      hlfir.assign %cst to %5 : f32, !fir.ref<f32>
      acc.yield
    }
    return
  }
  func.func @_QPfp_alloc(%arg0: !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>> {fir.bindc_name = "w"}) {
    %0 = fir.dummy_scope : !fir.dscope
    %1:2 = hlfir.declare %arg0 dummy_scope %0 arg 1 {fortran_attrs = #fir.var_attrs<allocatable, intent_inout>, uniq_name = "_QFfp_allocEw"} : (!fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>, !fir.dscope) -> (!fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>, !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>)
    %2 = acc.firstprivate varPtr(%1#0 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>) recipe(@firstprivatization_ref_box_heap_Uxf32) -> !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>> {name = "w"}
    acc.serial firstprivate(%2 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>) {
      %3 = fir.dummy_scope : !fir.dscope
      %4:2 = hlfir.declare %2 dummy_scope %3 arg 1 {fortran_attrs = #fir.var_attrs<allocatable, intent_inout>, uniq_name = "_QFfp_allocEw"} : (!fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>, !fir.dscope) -> (!fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>, !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>)
      %cst = arith.constant 9.900000e+01 : f32
      %5 = fir.load %4#0 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>
      %c2 = arith.constant 2 : index
      %6 = hlfir.designate %5 (%c2)  : (!fir.box<!fir.heap<!fir.array<?xf32>>>, index) -> !fir.ref<f32>
      hlfir.assign %cst to %6 : f32, !fir.ref<f32>
      acc.yield
    }
    return
  }
  func.func @_QPfp_n(%arg0: !fir.ref<i32> {fir.bindc_name = "n"}, %arg1: !fir.ref<!fir.array<?xf32>> {fir.bindc_name = "w"}) {
    %0 = fir.dummy_scope : !fir.dscope
    %1 = fir.alloca i32 {bindc_name = "i", uniq_name = "_QFfp_nEi"}
    %2:2 = hlfir.declare %1 {uniq_name = "_QFfp_nEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    %3:2 = hlfir.declare %arg0 dummy_scope %0 arg 1 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFfp_nEn"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
    %4 = fir.load %3#0 : !fir.ref<i32>
    %5 = fir.convert %4 : (i32) -> i64
    %6 = fir.convert %5 : (i64) -> index
    %c0 = arith.constant 0 : index
    %7 = arith.cmpi sgt, %6, %c0 : index
    %8 = arith.select %7, %6, %c0 : index
    %9 = fir.shape %8 : (index) -> !fir.shape<1>
    %10:2 = hlfir.declare %arg1(%9) dummy_scope %0 arg 2 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFfp_nEw"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
    %11 = acc.firstprivate var(%10#0 : !fir.box<!fir.array<?xf32>>) recipe(@firstprivatization_box_Uxf32) -> !fir.box<!fir.array<?xf32>> {name = "w"}
    acc.parallel combined(loop) firstprivate(%11 : !fir.box<!fir.array<?xf32>>) {
      %12 = fir.box_addr %11 : (!fir.box<!fir.array<?xf32>>) -> !fir.ref<!fir.array<?xf32>>
      %13 = fir.dummy_scope : !fir.dscope
      %14:2 = hlfir.declare %12(%9) dummy_scope %13 arg 2 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFfp_nEw"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
      %c1_i32 = arith.constant 1 : i32
      %15 = fir.load %3#0 : !fir.ref<i32>
      %c1_i32_0 = arith.constant 1 : i32
      %16 = acc.private varPtr(%2#0 : !fir.ref<i32>) recipe(@privatization_ref_i32) -> !fir.ref<i32> {implicit = true, name = "i"}
      acc.loop combined(parallel) private(%16 : !fir.ref<i32>) control(%arg2 : i32) = (%c1_i32 : i32) to (%15 : i32)  step (%c1_i32_0 : i32) {
        %17:2 = hlfir.declare %16 {uniq_name = "_QFfp_nEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
        fir.store %arg2 to %17#0 : !fir.ref<i32>
        %cst = arith.constant 9.900000e+01 : f32
        %18 = fir.load %17#0 : !fir.ref<i32>
        %19 = fir.convert %18 : (i32) -> i64
        %20 = hlfir.designate %14#0 (%19)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        hlfir.assign %cst to %20 : f32, !fir.ref<f32>
        acc.yield
      } attributes {inclusiveUpperbound = array<i1: true>, independent = [#acc.device_type<none>]}
      acc.yield
    }
    return
  }
  func.func @_QPfp_section(%arg0: !fir.ref<!fir.array<4xf32>> {fir.bindc_name = "w"}) {
    %0 = fir.dummy_scope : !fir.dscope
    %c4 = arith.constant 4 : index
    %1 = fir.shape %c4 : (index) -> !fir.shape<1>
    %2:2 = hlfir.declare %arg0(%1) dummy_scope %0 arg 1 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFfp_sectionEw"} : (!fir.ref<!fir.array<4xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.ref<!fir.array<4xf32>>, !fir.ref<!fir.array<4xf32>>)
    %c1 = arith.constant 1 : index
    %c1_0 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %3 = acc.bounds lowerbound(%c1_0 : index) upperbound(%c2 : index) extent(%c4 : index) stride(%c1 : index) startIdx(%c1 : index)
    %4 = acc.firstprivate varPtr(%2#0 : !fir.ref<!fir.array<4xf32>>) bounds(%3) recipe(@firstprivatization_section_lb1.ub2_ref_2xf32) -> !fir.ref<!fir.array<2xf32>> {name = "w(2:3)"}
    acc.serial firstprivate(%4 : !fir.ref<!fir.array<2xf32>>) {
      %cst = arith.constant 9.900000e+01 : f32
      %c2_1 = arith.constant 2 : index
      %5 = hlfir.designate %2#0 (%c2_1)  : (!fir.ref<!fir.array<4xf32>>, index) -> !fir.ref<f32>
      hlfir.assign %cst to %5 : f32, !fir.ref<f32>
      acc.yield
    }
    return
  }
}
