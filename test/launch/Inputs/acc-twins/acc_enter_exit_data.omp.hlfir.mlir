module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, fir.defaultkind = "a1c4d8i4l4r4", fir.kindmap = "", llvm.data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", llvm.ident = "Debian flang version 22.1.8", llvm.target_triple = "x86_64-pc-linux-gnu", omp.is_gpu = false, omp.is_target_device = false, omp.requires = #omp<clause_requires none>, omp.target_triples = [], omp.version = #omp.version<version = 52>} {
  omp.private {type = private} @_QMacc_fieldFcomputeEi_private_i32 : i32
  fir.global @_QMacc_fieldEu : !fir.box<!fir.heap<!fir.array<?xf32>>> {
    %0 = fir.zero_bits !fir.heap<!fir.array<?xf32>>
    %c0 = arith.constant 0 : index
    %1 = fir.shape %c0 : (index) -> !fir.shape<1>
    %2 = fir.embox %0(%1) : (!fir.heap<!fir.array<?xf32>>, !fir.shape<1>) -> !fir.box<!fir.heap<!fir.array<?xf32>>>
    fir.has_value %2 : !fir.box<!fir.heap<!fir.array<?xf32>>>
  }
  func.func @_QMacc_fieldPsetup(%arg0: !fir.ref<i32> {fir.bindc_name = "n"}) {
    %0 = fir.dummy_scope : !fir.dscope
    %1 = fir.address_of(@_QMacc_fieldEu) : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>
    %2:2 = hlfir.declare %1 {fortran_attrs = #fir.var_attrs<allocatable>, uniq_name = "_QMacc_fieldEu"} : (!fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>) -> (!fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>, !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>)
    %3:2 = hlfir.declare %arg0 dummy_scope %0 arg 1 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QMacc_fieldFsetupEn"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
    %4 = fir.alloca i32 {bindc_name = "queue2", uniq_name = "_QMacc_fieldFsetupEqueue2"}
    %5:2 = hlfir.declare %4 {uniq_name = "_QMacc_fieldFsetupEqueue2"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    %6 = fir.load %3#0 : !fir.ref<i32>
    %7 = fir.convert %6 : (i32) -> index
    %c0 = arith.constant 0 : index
    %8 = arith.cmpi sgt, %7, %c0 : index
    %9 = arith.select %8, %7, %c0 : index
    %10 = fir.allocmem !fir.array<?xf32>, %9 {fir.must_be_heap = true, uniq_name = "_QMacc_fieldEu.alloc"}
    %11 = fir.shape %9 : (index) -> !fir.shape<1>
    %12 = fir.embox %10(%11) : (!fir.heap<!fir.array<?xf32>>, !fir.shape<1>) -> !fir.box<!fir.heap<!fir.array<?xf32>>>
    fir.store %12 to %2#0 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>
    %cst = arith.constant 0.000000e+00 : f32
    hlfir.assign %cst to %2#0 realloc : f32, !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>
    omp.task depend(taskdependinout -> %5#0 : !fir.ref<i32>) {
      %13 = fir.load %2#0 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>
      %c1 = arith.constant 1 : index
      %c0_0 = arith.constant 0 : index
      %14 = fir.load %2#0 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>
      %c0_1 = arith.constant 0 : index
      %15:3 = fir.box_dims %14, %c0_1 : (!fir.box<!fir.heap<!fir.array<?xf32>>>, index) -> (index, index, index)
      %16:3 = fir.box_dims %13, %c0_0 : (!fir.box<!fir.heap<!fir.array<?xf32>>>, index) -> (index, index, index)
      %c0_2 = arith.constant 0 : index
      %17 = arith.subi %16#1, %c1 : index
      %18 = omp.map.bounds lower_bound(%c0_2 : index) upper_bound(%17 : index) extent(%16#1 : index) stride(%16#2 : index) start_idx(%15#0 : index) {stride_in_bytes = true}
      %19 = fir.box_offset %2#1 base_addr : (!fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>) -> !fir.llvm_ptr<!fir.ref<!fir.array<?xf32>>>
      %20 = omp.map.info var_ptr(%2#1 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>, f32) map_clauses(to) capture(ByRef) var_ptr_ptr(%19 : !fir.llvm_ptr<!fir.ref<!fir.array<?xf32>>>) bounds(%18) -> !fir.llvm_ptr<!fir.ref<!fir.array<?xf32>>> {name = ""}
      %21 = omp.map.info var_ptr(%2#1 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>, !fir.box<!fir.heap<!fir.array<?xf32>>>) map_clauses(always, to) capture(ByRef) members(%20 : [0] : !fir.llvm_ptr<!fir.ref<!fir.array<?xf32>>>) -> !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>> {name = "u"}
      omp.target_enter_data map_entries(%21, %20 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>, !fir.llvm_ptr<!fir.ref<!fir.array<?xf32>>>)
      omp.terminator
    }
    %false = arith.constant false
    omp.task depend(taskdependinout -> %5#0 : !fir.ref<i32>) if(%false) {
      omp.terminator
    }
    return
  }
  func.func @_QMacc_fieldPcompute(%arg0: !fir.ref<i32> {fir.bindc_name = "n"}) {
    %0 = fir.dummy_scope : !fir.dscope
    %1 = fir.address_of(@_QMacc_fieldEu) : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>
    %2:2 = hlfir.declare %1 {fortran_attrs = #fir.var_attrs<allocatable>, uniq_name = "_QMacc_fieldEu"} : (!fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>) -> (!fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>, !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>)
    %3 = fir.alloca i32 {bindc_name = "i", uniq_name = "_QMacc_fieldFcomputeEi"}
    %4:2 = hlfir.declare %3 {uniq_name = "_QMacc_fieldFcomputeEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    %5:2 = hlfir.declare %arg0 dummy_scope %0 arg 1 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QMacc_fieldFcomputeEn"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
    %c1_i32 = arith.constant 1 : i32
    %6 = fir.load %5#0 : !fir.ref<i32>
    %c1_i32_0 = arith.constant 1 : i32
    %7 = fir.load %2#0 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %8 = fir.load %2#0 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>
    %c0_1 = arith.constant 0 : index
    %9:3 = fir.box_dims %8, %c0_1 : (!fir.box<!fir.heap<!fir.array<?xf32>>>, index) -> (index, index, index)
    %10:3 = fir.box_dims %7, %c0 : (!fir.box<!fir.heap<!fir.array<?xf32>>>, index) -> (index, index, index)
    %c0_2 = arith.constant 0 : index
    %11 = arith.subi %10#1, %c1 : index
    %12 = omp.map.bounds lower_bound(%c0_2 : index) upper_bound(%11 : index) extent(%10#1 : index) stride(%10#2 : index) start_idx(%9#0 : index) {stride_in_bytes = true}
    %13 = fir.box_offset %2#1 base_addr : (!fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>) -> !fir.llvm_ptr<!fir.ref<!fir.array<?xf32>>>
    %14 = omp.map.info var_ptr(%2#1 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>, f32) map_clauses(present, storage) capture(ByRef) var_ptr_ptr(%13 : !fir.llvm_ptr<!fir.ref<!fir.array<?xf32>>>) bounds(%12) -> !fir.llvm_ptr<!fir.ref<!fir.array<?xf32>>> {name = ""}
    %15 = omp.map.info var_ptr(%2#1 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>, !fir.box<!fir.heap<!fir.array<?xf32>>>) map_clauses(always, to) capture(ByRef) members(%14 : [0] : !fir.llvm_ptr<!fir.ref<!fir.array<?xf32>>>) -> !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>> {name = "u"}
    %16 = omp.map.info var_ptr(%4#1 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = "i"}
    %17 = omp.map.info var_ptr(%5#1 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = "n"}
    omp.target host_eval(%c1_i32 -> %arg1, %6 -> %arg2, %c1_i32_0 -> %arg3 : i32, i32, i32) map_entries(%15 -> %arg4, %16 -> %arg5, %17 -> %arg6, %14 -> %arg7 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>, !fir.ref<i32>, !fir.ref<i32>, !fir.llvm_ptr<!fir.ref<!fir.array<?xf32>>>) {
      %18:2 = hlfir.declare %arg4 {fortran_attrs = #fir.var_attrs<allocatable>, uniq_name = "_QMacc_fieldEu"} : (!fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>) -> (!fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>, !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>)
      %19:2 = hlfir.declare %arg5 {uniq_name = "_QMacc_fieldFcomputeEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
      %20:2 = hlfir.declare %arg6 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QMacc_fieldFcomputeEn"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
      omp.teams {
        omp.parallel private(@_QMacc_fieldFcomputeEi_private_i32 %19#0 -> %arg8 : !fir.ref<i32>) {
          %21:2 = hlfir.declare %arg8 {uniq_name = "_QMacc_fieldFcomputeEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
          omp.distribute {
            omp.wsloop {
              omp.loop_nest (%arg9) : i32 = (%arg1) to (%arg2) inclusive step (%arg3) {
                hlfir.assign %arg9 to %21#0 : i32, !fir.ref<i32>
                %22 = fir.load %18#0 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>
                %23 = fir.load %21#0 : !fir.ref<i32>
                %24 = fir.convert %23 : (i32) -> i64
                %25 = hlfir.designate %22 (%24)  : (!fir.box<!fir.heap<!fir.array<?xf32>>>, i64) -> !fir.ref<f32>
                %26 = fir.load %25 : !fir.ref<f32>
                %27 = fir.load %21#0 : !fir.ref<i32>
                %28 = fir.convert %27 : (i32) -> f32
                %29 = arith.addf %26, %28 fastmath<contract> : f32
                %30 = fir.load %18#0 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>
                %31 = fir.load %21#0 : !fir.ref<i32>
                %32 = fir.convert %31 : (i32) -> i64
                %33 = hlfir.designate %30 (%32)  : (!fir.box<!fir.heap<!fir.array<?xf32>>>, i64) -> !fir.ref<f32>
                hlfir.assign %29 to %33 : f32, !fir.ref<f32>
                omp.yield
              }
            } {omp.composite}
          } {omp.composite}
          omp.terminator
        } {omp.composite}
        omp.terminator
      }
      omp.terminator
    }
    return
  }
  func.func @_QMacc_fieldPteardown() {
    %0 = fir.dummy_scope : !fir.dscope
    %1 = fir.address_of(@_QMacc_fieldEu) : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>
    %2:2 = hlfir.declare %1 {fortran_attrs = #fir.var_attrs<allocatable>, uniq_name = "_QMacc_fieldEu"} : (!fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>) -> (!fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>, !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>)
    %3 = fir.load %2#0 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %4 = fir.load %2#0 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>
    %c0_0 = arith.constant 0 : index
    %5:3 = fir.box_dims %4, %c0_0 : (!fir.box<!fir.heap<!fir.array<?xf32>>>, index) -> (index, index, index)
    %6:3 = fir.box_dims %3, %c0 : (!fir.box<!fir.heap<!fir.array<?xf32>>>, index) -> (index, index, index)
    %c0_1 = arith.constant 0 : index
    %7 = arith.subi %6#1, %c1 : index
    %8 = omp.map.bounds lower_bound(%c0_1 : index) upper_bound(%7 : index) extent(%6#1 : index) stride(%6#2 : index) start_idx(%5#0 : index) {stride_in_bytes = true}
    %9 = fir.box_offset %2#1 base_addr : (!fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>) -> !fir.llvm_ptr<!fir.ref<!fir.array<?xf32>>>
    %10 = omp.map.info var_ptr(%2#1 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>, f32) map_clauses(from) capture(ByRef) var_ptr_ptr(%9 : !fir.llvm_ptr<!fir.ref<!fir.array<?xf32>>>) bounds(%8) -> !fir.llvm_ptr<!fir.ref<!fir.array<?xf32>>> {name = ""}
    %11 = omp.map.info var_ptr(%2#1 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>, !fir.box<!fir.heap<!fir.array<?xf32>>>) map_clauses(from) capture(ByRef) members(%10 : [0] : !fir.llvm_ptr<!fir.ref<!fir.array<?xf32>>>) -> !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>> {name = "u"}
    omp.target_update map_entries(%11, %10 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>, !fir.llvm_ptr<!fir.ref<!fir.array<?xf32>>>)
    %12 = fir.load %2#0 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>
    %c1_2 = arith.constant 1 : index
    %c0_3 = arith.constant 0 : index
    %13 = fir.load %2#0 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>
    %c0_4 = arith.constant 0 : index
    %14:3 = fir.box_dims %13, %c0_4 : (!fir.box<!fir.heap<!fir.array<?xf32>>>, index) -> (index, index, index)
    %15:3 = fir.box_dims %12, %c0_3 : (!fir.box<!fir.heap<!fir.array<?xf32>>>, index) -> (index, index, index)
    %c0_5 = arith.constant 0 : index
    %16 = arith.subi %15#1, %c1_2 : index
    %17 = omp.map.bounds lower_bound(%c0_5 : index) upper_bound(%16 : index) extent(%15#1 : index) stride(%15#2 : index) start_idx(%14#0 : index) {stride_in_bytes = true}
    %18 = fir.box_offset %2#1 base_addr : (!fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>) -> !fir.llvm_ptr<!fir.ref<!fir.array<?xf32>>>
    %19 = omp.map.info var_ptr(%2#1 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>, f32) map_clauses(delete, storage) capture(ByRef) var_ptr_ptr(%18 : !fir.llvm_ptr<!fir.ref<!fir.array<?xf32>>>) bounds(%17) -> !fir.llvm_ptr<!fir.ref<!fir.array<?xf32>>> {name = ""}
    %20 = omp.map.info var_ptr(%2#1 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>, !fir.box<!fir.heap<!fir.array<?xf32>>>) map_clauses(delete, storage) capture(ByRef) members(%19 : [0] : !fir.llvm_ptr<!fir.ref<!fir.array<?xf32>>>) -> !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>> {name = "u"}
    omp.target_exit_data map_entries(%20, %19 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>, !fir.llvm_ptr<!fir.ref<!fir.array<?xf32>>>)
    %21 = fir.load %2#0 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>
    %22 = fir.box_addr %21 : (!fir.box<!fir.heap<!fir.array<?xf32>>>) -> !fir.heap<!fir.array<?xf32>>
    fir.freemem %22 : !fir.heap<!fir.array<?xf32>>
    %23 = fir.zero_bits !fir.heap<!fir.array<?xf32>>
    %c0_6 = arith.constant 0 : index
    %24 = fir.shape %c0_6 : (index) -> !fir.shape<1>
    %25 = fir.embox %23(%24) : (!fir.heap<!fir.array<?xf32>>, !fir.shape<1>) -> !fir.box<!fir.heap<!fir.array<?xf32>>>
    fir.store %25 to %2#0 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>
    return
  }
  func.func @_QPcreate_delete(%arg0: !fir.ref<i32> {fir.bindc_name = "n"}, %arg1: !fir.ref<!fir.array<?xf32>> {fir.bindc_name = "w"}) {
    %0 = fir.dummy_scope : !fir.dscope
    %1:2 = hlfir.declare %arg0 dummy_scope %0 arg 1 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFcreate_deleteEn"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
    %2 = fir.load %1#0 : !fir.ref<i32>
    %3 = fir.convert %2 : (i32) -> i64
    %4 = fir.convert %3 : (i64) -> index
    %c0 = arith.constant 0 : index
    %5 = arith.cmpi sgt, %4, %c0 : index
    %6 = arith.select %5, %4, %c0 : index
    %7 = fir.shape %6 : (index) -> !fir.shape<1>
    %8:2 = hlfir.declare %arg1(%7) dummy_scope %0 arg 2 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFcreate_deleteEw"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
    %9 = fir.load %1#0 : !fir.ref<i32>
    %c0_i32 = arith.constant 0 : i32
    %10 = arith.cmpi sgt, %9, %c0_i32 : i32
    %c1 = arith.constant 1 : index
    %c0_0 = arith.constant 0 : index
    %11:3 = fir.box_dims %8#0, %c0_0 : (!fir.box<!fir.array<?xf32>>, index) -> (index, index, index)
    %c0_1 = arith.constant 0 : index
    %12 = arith.subi %11#1, %c1 : index
    %13 = omp.map.bounds lower_bound(%c0_1 : index) upper_bound(%12 : index) extent(%11#1 : index) stride(%11#2 : index) start_idx(%c1 : index) {stride_in_bytes = true}
    %14 = omp.map.info var_ptr(%8#1 : !fir.ref<!fir.array<?xf32>>, f32) map_clauses(storage) capture(ByRef) bounds(%13) -> !fir.ref<!fir.array<?xf32>> {name = "w"}
    omp.target_enter_data if(%10) map_entries(%14 : !fir.ref<!fir.array<?xf32>>)
    %c1_2 = arith.constant 1 : index
    %c0_3 = arith.constant 0 : index
    %15:3 = fir.box_dims %8#0, %c0_3 : (!fir.box<!fir.array<?xf32>>, index) -> (index, index, index)
    %c0_4 = arith.constant 0 : index
    %16 = arith.subi %15#1, %c1_2 : index
    %17 = omp.map.bounds lower_bound(%c0_4 : index) upper_bound(%16 : index) extent(%15#1 : index) stride(%15#2 : index) start_idx(%c1_2 : index) {stride_in_bytes = true}
    %18 = omp.map.info var_ptr(%8#1 : !fir.ref<!fir.array<?xf32>>, f32) map_clauses(storage) capture(ByRef) bounds(%17) -> !fir.ref<!fir.array<?xf32>> {name = "w"}
    omp.target_exit_data map_entries(%18 : !fir.ref<!fir.array<?xf32>>)
    return
  }
  fir.global linkonce @_QQclXa6e3c210293857b587735f33c205bc88 constant : !fir.char<1,78> {
    %0 = fir.string_lit "././././././././././/test/launch/Inputs/acc-twins/acc_enter_exit_data.omp.f90\00"(78) : !fir.char<1,78>
    fir.has_value %0 : !fir.char<1,78>
  }
}
