module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, fir.defaultkind = "a1c4d8i4l4r4", fir.kindmap = "", llvm.data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", llvm.ident = "Debian flang version 22.1.8", llvm.target_triple = "x86_64-pc-linux-gnu", omp.is_gpu = false, omp.is_target_device = false, omp.requires = #omp<clause_requires none>, omp.target_triples = [], omp.version = #omp.version<version = 52>} {
  omp.private {type = private} @_QFlocal_declareEi_private_i32 : i32
  omp.private {type = private} @_QFuse_globalsEi_private_i32 : i32
  fir.global @_QMacc_globalsEgdyn : !fir.box<!fir.heap<!fir.array<?xf32>>> {
    %0 = fir.zero_bits !fir.heap<!fir.array<?xf32>>
    %c0 = arith.constant 0 : index
    %1 = fir.shape %c0 : (index) -> !fir.shape<1>
    %2 = fir.embox %0(%1) : (!fir.heap<!fir.array<?xf32>>, !fir.shape<1>) -> !fir.box<!fir.heap<!fir.array<?xf32>>>
    fir.has_value %2 : !fir.box<!fir.heap<!fir.array<?xf32>>>
  }
  fir.global @_QMacc_globalsEglink {omp.declare_target = #omp.declaretarget<device_type = (any), capture_clause = (link), automap = false>} : !fir.array<10xi32> {
    %0 = fir.zero_bits !fir.array<10xi32>
    fir.has_value %0 : !fir.array<10xi32>
  }
  fir.global @_QMacc_globalsEgscale {omp.declare_target = #omp.declaretarget<device_type = (any), capture_clause = (enter), automap = false>} : f32 {
    %0 = fir.zero_bits f32
    fir.has_value %0 : f32
  }
  fir.global @_QMacc_globalsEgtable {omp.declare_target = #omp.declaretarget<device_type = (any), capture_clause = (enter), automap = false>} : !fir.array<100xf32> {
    %0 = fir.zero_bits !fir.array<100xf32>
    fir.has_value %0 : !fir.array<100xf32>
  }
  func.func @_QPuse_globals(%arg0: !fir.ref<i32> {fir.bindc_name = "n"}, %arg1: !fir.ref<!fir.array<?xf32>> {fir.bindc_name = "out"}) {
    %0 = fir.alloca i32
    %1 = fir.dummy_scope : !fir.dscope
    %2 = fir.address_of(@_QMacc_globalsEgdyn) : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>
    %3:2 = hlfir.declare %2 {fortran_attrs = #fir.var_attrs<allocatable>, uniq_name = "_QMacc_globalsEgdyn"} : (!fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>) -> (!fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>, !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>)
    %4 = fir.address_of(@_QMacc_globalsEglink) : !fir.ref<!fir.array<10xi32>>
    %c10 = arith.constant 10 : index
    %5 = fir.shape %c10 : (index) -> !fir.shape<1>
    %6:2 = hlfir.declare %4(%5) {uniq_name = "_QMacc_globalsEglink"} : (!fir.ref<!fir.array<10xi32>>, !fir.shape<1>) -> (!fir.ref<!fir.array<10xi32>>, !fir.ref<!fir.array<10xi32>>)
    %7 = fir.address_of(@_QMacc_globalsEgscale) : !fir.ref<f32>
    %8:2 = hlfir.declare %7 {uniq_name = "_QMacc_globalsEgscale"} : (!fir.ref<f32>) -> (!fir.ref<f32>, !fir.ref<f32>)
    %9 = fir.address_of(@_QMacc_globalsEgtable) : !fir.ref<!fir.array<100xf32>>
    %c100 = arith.constant 100 : index
    %10 = fir.shape %c100 : (index) -> !fir.shape<1>
    %11:2 = hlfir.declare %9(%10) {uniq_name = "_QMacc_globalsEgtable"} : (!fir.ref<!fir.array<100xf32>>, !fir.shape<1>) -> (!fir.ref<!fir.array<100xf32>>, !fir.ref<!fir.array<100xf32>>)
    %12 = fir.alloca i32 {bindc_name = "i", uniq_name = "_QFuse_globalsEi"}
    %13:2 = hlfir.declare %12 {uniq_name = "_QFuse_globalsEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    %14:2 = hlfir.declare %arg0 dummy_scope %1 arg 1 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFuse_globalsEn"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
    %15 = fir.load %14#0 : !fir.ref<i32>
    fir.store %15 to %0 : !fir.ref<i32>
    %16 = fir.convert %15 : (i32) -> i64
    %17 = fir.convert %16 : (i64) -> index
    %c0 = arith.constant 0 : index
    %18 = arith.cmpi sgt, %17, %c0 : index
    %19 = arith.select %18, %17, %c0 : index
    %20 = fir.shape %19 : (index) -> !fir.shape<1>
    %21:2 = hlfir.declare %arg1(%20) dummy_scope %1 arg 2 {fortran_attrs = #fir.var_attrs<intent_out>, uniq_name = "_QFuse_globalsEout"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
    %22 = fir.load %14#0 : !fir.ref<i32>
    %23 = fir.convert %22 : (i32) -> index
    %c0_0 = arith.constant 0 : index
    %24 = arith.cmpi sgt, %23, %c0_0 : index
    %25 = arith.select %24, %23, %c0_0 : index
    %26 = fir.allocmem !fir.array<?xf32>, %25 {fir.must_be_heap = true, uniq_name = "_QMacc_globalsEgdyn.alloc"}
    %27 = fir.shape %25 : (index) -> !fir.shape<1>
    %28 = fir.embox %26(%27) : (!fir.heap<!fir.array<?xf32>>, !fir.shape<1>) -> !fir.box<!fir.heap<!fir.array<?xf32>>>
    fir.store %28 to %3#0 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>
    %29 = fir.load %3#0 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>
    %c1 = arith.constant 1 : index
    %c0_1 = arith.constant 0 : index
    %30 = fir.load %3#0 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>
    %c0_2 = arith.constant 0 : index
    %31:3 = fir.box_dims %30, %c0_2 : (!fir.box<!fir.heap<!fir.array<?xf32>>>, index) -> (index, index, index)
    %32:3 = fir.box_dims %29, %c0_1 : (!fir.box<!fir.heap<!fir.array<?xf32>>>, index) -> (index, index, index)
    %c0_3 = arith.constant 0 : index
    %33 = arith.subi %32#1, %c1 : index
    %34 = omp.map.bounds lower_bound(%c0_3 : index) upper_bound(%33 : index) extent(%32#1 : index) stride(%32#2 : index) start_idx(%31#0 : index) {stride_in_bytes = true}
    %35 = fir.box_offset %3#1 base_addr : (!fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>) -> !fir.llvm_ptr<!fir.ref<!fir.array<?xf32>>>
    %36 = omp.map.info var_ptr(%3#1 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>, f32) map_clauses(storage) capture(ByRef) var_ptr_ptr(%35 : !fir.llvm_ptr<!fir.ref<!fir.array<?xf32>>>) bounds(%34) -> !fir.llvm_ptr<!fir.ref<!fir.array<?xf32>>> {name = ""}
    %37 = omp.map.info var_ptr(%3#1 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>, !fir.box<!fir.heap<!fir.array<?xf32>>>) map_clauses(always, to) capture(ByRef) members(%36 : [0] : !fir.llvm_ptr<!fir.ref<!fir.array<?xf32>>>) -> !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>> {name = "gdyn"}
    omp.target_enter_data map_entries(%37, %36 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>, !fir.llvm_ptr<!fir.ref<!fir.array<?xf32>>>)
    %c1_i32 = arith.constant 1 : i32
    %38 = fir.load %14#0 : !fir.ref<i32>
    %c1_i32_4 = arith.constant 1 : i32
    %c1_5 = arith.constant 1 : index
    %c0_6 = arith.constant 0 : index
    %39:3 = fir.box_dims %21#0, %c0_6 : (!fir.box<!fir.array<?xf32>>, index) -> (index, index, index)
    %c0_7 = arith.constant 0 : index
    %40 = arith.subi %39#1, %c1_5 : index
    %41 = omp.map.bounds lower_bound(%c0_7 : index) upper_bound(%40 : index) extent(%39#1 : index) stride(%39#2 : index) start_idx(%c1_5 : index) {stride_in_bytes = true}
    %42 = omp.map.info var_ptr(%21#1 : !fir.ref<!fir.array<?xf32>>, f32) map_clauses(from) capture(ByRef) bounds(%41) -> !fir.ref<!fir.array<?xf32>> {name = "out"}
    %43 = omp.map.info var_ptr(%13#1 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = "i"}
    %44 = omp.map.info var_ptr(%14#1 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = "n"}
    %45 = omp.map.info var_ptr(%8#1 : !fir.ref<f32>, f32) map_clauses(implicit) capture(ByRef) -> !fir.ref<f32> {name = "gscale"}
    %c1_8 = arith.constant 1 : index
    %c0_9 = arith.constant 0 : index
    %46 = arith.subi %c100, %c1_8 : index
    %47 = omp.map.bounds lower_bound(%c0_9 : index) upper_bound(%46 : index) extent(%c100 : index) stride(%c1_8 : index) start_idx(%c1_8 : index)
    %48 = omp.map.info var_ptr(%11#1 : !fir.ref<!fir.array<100xf32>>, !fir.array<100xf32>) map_clauses(implicit) capture(ByRef) bounds(%47) -> !fir.ref<!fir.array<100xf32>> {name = "gtable"}
    %49 = fir.load %3#0 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>
    %c1_10 = arith.constant 1 : index
    %c0_11 = arith.constant 0 : index
    %50 = fir.load %3#0 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>
    %c0_12 = arith.constant 0 : index
    %51:3 = fir.box_dims %50, %c0_12 : (!fir.box<!fir.heap<!fir.array<?xf32>>>, index) -> (index, index, index)
    %52:3 = fir.box_dims %49, %c0_11 : (!fir.box<!fir.heap<!fir.array<?xf32>>>, index) -> (index, index, index)
    %c0_13 = arith.constant 0 : index
    %53 = arith.subi %52#1, %c1_10 : index
    %54 = omp.map.bounds lower_bound(%c0_13 : index) upper_bound(%53 : index) extent(%52#1 : index) stride(%52#2 : index) start_idx(%51#0 : index) {stride_in_bytes = true}
    %55 = fir.box_offset %3#1 base_addr : (!fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>) -> !fir.llvm_ptr<!fir.ref<!fir.array<?xf32>>>
    %56 = omp.map.info var_ptr(%3#1 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>, f32) map_clauses(implicit, tofrom) capture(ByRef) var_ptr_ptr(%55 : !fir.llvm_ptr<!fir.ref<!fir.array<?xf32>>>) bounds(%54) -> !fir.llvm_ptr<!fir.ref<!fir.array<?xf32>>> {name = ""}
    %57 = omp.map.info var_ptr(%3#1 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>, !fir.box<!fir.heap<!fir.array<?xf32>>>) map_clauses(always, implicit, to) capture(ByRef) members(%56 : [0] : !fir.llvm_ptr<!fir.ref<!fir.array<?xf32>>>) -> !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>> {name = "gdyn"}
    %58 = omp.map.info var_ptr(%0 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = ""}
    omp.target host_eval(%c1_i32 -> %arg2, %38 -> %arg3, %c1_i32_4 -> %arg4 : i32, i32, i32) map_entries(%42 -> %arg5, %43 -> %arg6, %44 -> %arg7, %45 -> %arg8, %48 -> %arg9, %57 -> %arg10, %58 -> %arg11, %56 -> %arg12 : !fir.ref<!fir.array<?xf32>>, !fir.ref<i32>, !fir.ref<i32>, !fir.ref<f32>, !fir.ref<!fir.array<100xf32>>, !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>, !fir.ref<i32>, !fir.llvm_ptr<!fir.ref<!fir.array<?xf32>>>) {
      %73 = fir.load %arg11 : !fir.ref<i32>
      %74 = fir.convert %73 : (i32) -> i64
      %c0_19 = arith.constant 0 : index
      %75 = fir.convert %74 : (i64) -> index
      %76 = arith.cmpi sgt, %75, %c0_19 : index
      %c100_20 = arith.constant 100 : index
      %77 = arith.select %76, %75, %c0_19 : index
      %78 = fir.shape %77 : (index) -> !fir.shape<1>
      %79:2 = hlfir.declare %arg5(%78) {fortran_attrs = #fir.var_attrs<intent_out>, uniq_name = "_QFuse_globalsEout"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
      %80:2 = hlfir.declare %arg6 {uniq_name = "_QFuse_globalsEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
      %81:2 = hlfir.declare %arg7 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFuse_globalsEn"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
      %82:2 = hlfir.declare %arg8 {uniq_name = "_QMacc_globalsEgscale"} : (!fir.ref<f32>) -> (!fir.ref<f32>, !fir.ref<f32>)
      %83 = fir.shape %c100_20 : (index) -> !fir.shape<1>
      %84:2 = hlfir.declare %arg9(%83) {uniq_name = "_QMacc_globalsEgtable"} : (!fir.ref<!fir.array<100xf32>>, !fir.shape<1>) -> (!fir.ref<!fir.array<100xf32>>, !fir.ref<!fir.array<100xf32>>)
      %85:2 = hlfir.declare %arg10 {fortran_attrs = #fir.var_attrs<allocatable>, uniq_name = "_QMacc_globalsEgdyn"} : (!fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>) -> (!fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>, !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>)
      omp.teams {
        omp.parallel private(@_QFuse_globalsEi_private_i32 %80#0 -> %arg13 : !fir.ref<i32>) {
          %86:2 = hlfir.declare %arg13 {uniq_name = "_QFuse_globalsEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
          omp.distribute {
            omp.wsloop {
              omp.loop_nest (%arg14) : i32 = (%arg2) to (%arg3) inclusive step (%arg4) {
                hlfir.assign %arg14 to %86#0 : i32, !fir.ref<i32>
                %c100_i32 = arith.constant 100 : i32
                %87 = fir.load %86#0 : !fir.ref<i32>
                %88 = arith.remsi %87, %c100_i32 : i32
                %c1_i32_21 = arith.constant 1 : i32
                %89 = arith.addi %88, %c1_i32_21 overflow<nsw> : i32
                %90 = fir.convert %89 : (i32) -> i64
                %91 = hlfir.designate %84#0 (%90)  : (!fir.ref<!fir.array<100xf32>>, i64) -> !fir.ref<f32>
                %92 = fir.load %91 : !fir.ref<f32>
                %93 = fir.load %82#0 : !fir.ref<f32>
                %94 = arith.mulf %92, %93 fastmath<contract> : f32
                %95 = fir.load %86#0 : !fir.ref<i32>
                %96 = fir.convert %95 : (i32) -> i64
                %97 = hlfir.designate %79#0 (%96)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
                hlfir.assign %94 to %97 : f32, !fir.ref<f32>
                %98 = fir.load %86#0 : !fir.ref<i32>
                %99 = fir.convert %98 : (i32) -> i64
                %100 = hlfir.designate %79#0 (%99)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
                %101 = fir.load %100 : !fir.ref<f32>
                %102 = fir.load %85#0 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>
                %103 = fir.load %86#0 : !fir.ref<i32>
                %104 = fir.convert %103 : (i32) -> i64
                %105 = hlfir.designate %102 (%104)  : (!fir.box<!fir.heap<!fir.array<?xf32>>>, i64) -> !fir.ref<f32>
                hlfir.assign %101 to %105 : f32, !fir.ref<f32>
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
    %59 = fir.load %3#0 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>
    %c1_14 = arith.constant 1 : index
    %c0_15 = arith.constant 0 : index
    %60 = fir.load %3#0 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>
    %c0_16 = arith.constant 0 : index
    %61:3 = fir.box_dims %60, %c0_16 : (!fir.box<!fir.heap<!fir.array<?xf32>>>, index) -> (index, index, index)
    %62:3 = fir.box_dims %59, %c0_15 : (!fir.box<!fir.heap<!fir.array<?xf32>>>, index) -> (index, index, index)
    %c0_17 = arith.constant 0 : index
    %63 = arith.subi %62#1, %c1_14 : index
    %64 = omp.map.bounds lower_bound(%c0_17 : index) upper_bound(%63 : index) extent(%62#1 : index) stride(%62#2 : index) start_idx(%61#0 : index) {stride_in_bytes = true}
    %65 = fir.box_offset %3#1 base_addr : (!fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>) -> !fir.llvm_ptr<!fir.ref<!fir.array<?xf32>>>
    %66 = omp.map.info var_ptr(%3#1 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>, f32) map_clauses(delete, storage) capture(ByRef) var_ptr_ptr(%65 : !fir.llvm_ptr<!fir.ref<!fir.array<?xf32>>>) bounds(%64) -> !fir.llvm_ptr<!fir.ref<!fir.array<?xf32>>> {name = ""}
    %67 = omp.map.info var_ptr(%3#1 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>, !fir.box<!fir.heap<!fir.array<?xf32>>>) map_clauses(delete, storage) capture(ByRef) members(%66 : [0] : !fir.llvm_ptr<!fir.ref<!fir.array<?xf32>>>) -> !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>> {name = "gdyn"}
    omp.target_exit_data map_entries(%67, %66 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>, !fir.llvm_ptr<!fir.ref<!fir.array<?xf32>>>)
    %68 = fir.load %3#0 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>
    %69 = fir.box_addr %68 : (!fir.box<!fir.heap<!fir.array<?xf32>>>) -> !fir.heap<!fir.array<?xf32>>
    fir.freemem %69 : !fir.heap<!fir.array<?xf32>>
    %70 = fir.zero_bits !fir.heap<!fir.array<?xf32>>
    %c0_18 = arith.constant 0 : index
    %71 = fir.shape %c0_18 : (index) -> !fir.shape<1>
    %72 = fir.embox %70(%71) : (!fir.heap<!fir.array<?xf32>>, !fir.shape<1>) -> !fir.box<!fir.heap<!fir.array<?xf32>>>
    fir.store %72 to %3#0 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>
    return
  }
  func.func @_QPlocal_declare(%arg0: !fir.ref<i32> {fir.bindc_name = "n"}, %arg1: !fir.ref<!fir.array<?xf32>> {fir.bindc_name = "a"}) {
    %0 = fir.alloca i32
    %1 = fir.alloca i32
    %2 = fir.dummy_scope : !fir.dscope
    %3:2 = hlfir.declare %arg0 dummy_scope %2 arg 1 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFlocal_declareEn"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
    %4 = fir.alloca i32 {bindc_name = "i", uniq_name = "_QFlocal_declareEi"}
    %5:2 = hlfir.declare %4 {uniq_name = "_QFlocal_declareEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    %6 = fir.load %3#0 : !fir.ref<i32>
    fir.store %6 to %1 : !fir.ref<i32>
    %7 = fir.convert %6 : (i32) -> i64
    %8 = fir.convert %7 : (i64) -> index
    %c0 = arith.constant 0 : index
    %9 = arith.cmpi sgt, %8, %c0 : index
    %10 = arith.select %9, %8, %c0 : index
    %11 = fir.shape %10 : (index) -> !fir.shape<1>
    %12:2 = hlfir.declare %arg1(%11) dummy_scope %2 arg 2 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFlocal_declareEa"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
    %13 = fir.load %3#0 : !fir.ref<i32>
    fir.store %13 to %0 : !fir.ref<i32>
    %14 = fir.convert %13 : (i32) -> i64
    %15 = fir.convert %14 : (i64) -> index
    %c0_0 = arith.constant 0 : index
    %16 = arith.cmpi sgt, %15, %c0_0 : index
    %17 = arith.select %16, %15, %c0_0 : index
    %18 = fir.alloca !fir.array<?xf32>, %17 {bindc_name = "scratch", uniq_name = "_QFlocal_declareEscratch"}
    %19 = fir.shape %17 : (index) -> !fir.shape<1>
    %20:2 = hlfir.declare %18(%19) {uniq_name = "_QFlocal_declareEscratch"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
    %c1 = arith.constant 1 : index
    %c0_1 = arith.constant 0 : index
    %21:3 = fir.box_dims %12#0, %c0_1 : (!fir.box<!fir.array<?xf32>>, index) -> (index, index, index)
    %c0_2 = arith.constant 0 : index
    %22 = arith.subi %21#1, %c1 : index
    %23 = omp.map.bounds lower_bound(%c0_2 : index) upper_bound(%22 : index) extent(%21#1 : index) stride(%21#2 : index) start_idx(%c1 : index) {stride_in_bytes = true}
    %24 = omp.map.info var_ptr(%12#1 : !fir.ref<!fir.array<?xf32>>, f32) map_clauses(to) capture(ByRef) bounds(%23) -> !fir.ref<!fir.array<?xf32>> {name = "a"}
    %c1_3 = arith.constant 1 : index
    %c0_4 = arith.constant 0 : index
    %25:3 = fir.box_dims %20#0, %c0_4 : (!fir.box<!fir.array<?xf32>>, index) -> (index, index, index)
    %c0_5 = arith.constant 0 : index
    %26 = arith.subi %25#1, %c1_3 : index
    %27 = omp.map.bounds lower_bound(%c0_5 : index) upper_bound(%26 : index) extent(%25#1 : index) stride(%25#2 : index) start_idx(%c1_3 : index) {stride_in_bytes = true}
    %28 = omp.map.info var_ptr(%20#1 : !fir.ref<!fir.array<?xf32>>, f32) map_clauses(storage) capture(ByRef) bounds(%27) -> !fir.ref<!fir.array<?xf32>> {name = "scratch"}
    omp.target_enter_data map_entries(%24, %28 : !fir.ref<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
    %c1_i32 = arith.constant 1 : i32
    %29 = fir.load %3#0 : !fir.ref<i32>
    %c1_i32_6 = arith.constant 1 : i32
    %30 = omp.map.info var_ptr(%5#1 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = "i"}
    %31 = omp.map.info var_ptr(%3#1 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = "n"}
    %c1_7 = arith.constant 1 : index
    %c0_8 = arith.constant 0 : index
    %32 = arith.subi %17, %c1_7 : index
    %33 = omp.map.bounds lower_bound(%c0_8 : index) upper_bound(%32 : index) extent(%17 : index) stride(%c1_7 : index) start_idx(%c1_7 : index)
    %34 = omp.map.info var_ptr(%20#1 : !fir.ref<!fir.array<?xf32>>, f32) map_clauses(implicit, tofrom) capture(ByRef) bounds(%33) -> !fir.ref<!fir.array<?xf32>> {name = "scratch"}
    %c1_9 = arith.constant 1 : index
    %c0_10 = arith.constant 0 : index
    %35 = arith.subi %10, %c1_9 : index
    %36 = omp.map.bounds lower_bound(%c0_10 : index) upper_bound(%35 : index) extent(%10 : index) stride(%c1_9 : index) start_idx(%c1_9 : index)
    %37 = omp.map.info var_ptr(%12#1 : !fir.ref<!fir.array<?xf32>>, f32) map_clauses(implicit, tofrom) capture(ByRef) bounds(%36) -> !fir.ref<!fir.array<?xf32>> {name = "a"}
    %38 = omp.map.info var_ptr(%1 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = ""}
    %39 = omp.map.info var_ptr(%0 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = ""}
    omp.target host_eval(%c1_i32 -> %arg2, %29 -> %arg3, %c1_i32_6 -> %arg4 : i32, i32, i32) map_entries(%30 -> %arg5, %31 -> %arg6, %34 -> %arg7, %37 -> %arg8, %38 -> %arg9, %39 -> %arg10 : !fir.ref<i32>, !fir.ref<i32>, !fir.ref<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>, !fir.ref<i32>, !fir.ref<i32>) {
      %48 = fir.load %arg10 : !fir.ref<i32>
      %49 = fir.load %arg9 : !fir.ref<i32>
      %50 = fir.convert %49 : (i32) -> i64
      %51 = fir.convert %48 : (i32) -> i64
      %c0_17 = arith.constant 0 : index
      %52 = fir.convert %51 : (i64) -> index
      %53 = arith.cmpi sgt, %52, %c0_17 : index
      %c0_18 = arith.constant 0 : index
      %54 = fir.convert %50 : (i64) -> index
      %55 = arith.cmpi sgt, %54, %c0_18 : index
      %56 = arith.select %55, %54, %c0_18 : index
      %57 = arith.select %53, %52, %c0_17 : index
      %58:2 = hlfir.declare %arg5 {uniq_name = "_QFlocal_declareEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
      %59:2 = hlfir.declare %arg6 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFlocal_declareEn"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
      %60 = fir.shape %57 : (index) -> !fir.shape<1>
      %61:2 = hlfir.declare %arg7(%60) {uniq_name = "_QFlocal_declareEscratch"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
      %62 = fir.shape %56 : (index) -> !fir.shape<1>
      %63:2 = hlfir.declare %arg8(%62) {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFlocal_declareEa"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
      omp.teams {
        omp.parallel private(@_QFlocal_declareEi_private_i32 %58#0 -> %arg11 : !fir.ref<i32>) {
          %64:2 = hlfir.declare %arg11 {uniq_name = "_QFlocal_declareEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
          omp.distribute {
            omp.wsloop {
              omp.loop_nest (%arg12) : i32 = (%arg2) to (%arg3) inclusive step (%arg4) {
                hlfir.assign %arg12 to %64#0 : i32, !fir.ref<i32>
                %65 = fir.load %64#0 : !fir.ref<i32>
                %66 = fir.convert %65 : (i32) -> i64
                %67 = hlfir.designate %63#0 (%66)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
                %68 = fir.load %67 : !fir.ref<f32>
                %69 = fir.load %64#0 : !fir.ref<i32>
                %70 = fir.convert %69 : (i32) -> i64
                %71 = hlfir.designate %61#0 (%70)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
                hlfir.assign %68 to %71 : f32, !fir.ref<f32>
                %72 = fir.load %64#0 : !fir.ref<i32>
                %73 = fir.convert %72 : (i32) -> i64
                %74 = hlfir.designate %61#0 (%73)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
                %75 = fir.load %74 : !fir.ref<f32>
                %cst = arith.constant 1.000000e+00 : f32
                %76 = arith.addf %75, %cst fastmath<contract> : f32
                %77 = fir.load %64#0 : !fir.ref<i32>
                %78 = fir.convert %77 : (i32) -> i64
                %79 = hlfir.designate %63#0 (%78)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
                hlfir.assign %76 to %79 : f32, !fir.ref<f32>
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
    %c1_11 = arith.constant 1 : index
    %c0_12 = arith.constant 0 : index
    %40:3 = fir.box_dims %12#0, %c0_12 : (!fir.box<!fir.array<?xf32>>, index) -> (index, index, index)
    %c0_13 = arith.constant 0 : index
    %41 = arith.subi %40#1, %c1_11 : index
    %42 = omp.map.bounds lower_bound(%c0_13 : index) upper_bound(%41 : index) extent(%40#1 : index) stride(%40#2 : index) start_idx(%c1_11 : index) {stride_in_bytes = true}
    %43 = omp.map.info var_ptr(%12#1 : !fir.ref<!fir.array<?xf32>>, f32) map_clauses(from) capture(ByRef) bounds(%42) -> !fir.ref<!fir.array<?xf32>> {name = "a"}
    %c1_14 = arith.constant 1 : index
    %c0_15 = arith.constant 0 : index
    %44:3 = fir.box_dims %20#0, %c0_15 : (!fir.box<!fir.array<?xf32>>, index) -> (index, index, index)
    %c0_16 = arith.constant 0 : index
    %45 = arith.subi %44#1, %c1_14 : index
    %46 = omp.map.bounds lower_bound(%c0_16 : index) upper_bound(%45 : index) extent(%44#1 : index) stride(%44#2 : index) start_idx(%c1_14 : index) {stride_in_bytes = true}
    %47 = omp.map.info var_ptr(%20#1 : !fir.ref<!fir.array<?xf32>>, f32) map_clauses(storage) capture(ByRef) bounds(%46) -> !fir.ref<!fir.array<?xf32>> {name = "scratch"}
    omp.target_exit_data map_entries(%43, %47 : !fir.ref<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
    return
  }
  fir.global linkonce @_QQclX0f465613468e91a9a016b12e24724a96 constant : !fir.char<1,70> {
    %0 = fir.string_lit "././././././././././/test/launch/Inputs/acc-twins/acc_declare.omp.f90\00"(70) : !fir.char<1,70>
    fir.has_value %0 : !fir.char<1,70>
  }
}
