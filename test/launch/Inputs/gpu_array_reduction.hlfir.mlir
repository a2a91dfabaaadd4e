module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, fir.defaultkind = "a1c4d8i4l4r4", fir.kindmap = "", llvm.data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", llvm.ident = "Debian flang version 22.1.8", llvm.target_triple = "x86_64-pc-linux-gnu", omp.is_gpu = false, omp.is_target_device = false, omp.requires = #omp<clause_requires none>, omp.target_triples = [], omp.version = #omp.version<version = 31>} {
  omp.private {type = private} @_QFEi_private_i32 : i32
  omp.declare_reduction @add_reduction_byref_box_8xi32 : !fir.ref<!fir.box<!fir.array<8xi32>>> attributes {byref_element_type = !fir.array<8xi32>} alloc {
    %0 = fir.alloca !fir.box<!fir.array<8xi32>>
    omp.yield(%0 : !fir.ref<!fir.box<!fir.array<8xi32>>>)
  } init {
  ^bb0(%arg0: !fir.ref<!fir.box<!fir.array<8xi32>>>, %arg1: !fir.ref<!fir.box<!fir.array<8xi32>>>):
    %c0_i32 = arith.constant 0 : i32
    %0 = fir.load %arg0 : !fir.ref<!fir.box<!fir.array<8xi32>>>
    %c8 = arith.constant 8 : index
    %1 = fir.shape %c8 : (index) -> !fir.shape<1>
    %2 = fir.allocmem !fir.array<8xi32> {bindc_name = ".tmp", uniq_name = ""}
    %3:2 = hlfir.declare %2(%1) {uniq_name = ".tmp"} : (!fir.heap<!fir.array<8xi32>>, !fir.shape<1>) -> (!fir.heap<!fir.array<8xi32>>, !fir.heap<!fir.array<8xi32>>)
    %c0 = arith.constant 0 : index
    %4:3 = fir.box_dims %0, %c0 : (!fir.box<!fir.array<8xi32>>, index) -> (index, index, index)
    %5 = fir.shape_shift %4#0, %4#1 : (index, index) -> !fir.shapeshift<1>
    %6 = fir.embox %3#0(%5) : (!fir.heap<!fir.array<8xi32>>, !fir.shapeshift<1>) -> !fir.box<!fir.array<8xi32>>
    hlfir.assign %c0_i32 to %6 : i32, !fir.box<!fir.array<8xi32>>
    fir.store %6 to %arg1 : !fir.ref<!fir.box<!fir.array<8xi32>>>
    omp.yield(%arg1 : !fir.ref<!fir.box<!fir.array<8xi32>>>)
  } combiner {
  ^bb0(%arg0: !fir.ref<!fir.box<!fir.array<8xi32>>>, %arg1: !fir.ref<!fir.box<!fir.array<8xi32>>>):
    %0 = fir.load %arg0 : !fir.ref<!fir.box<!fir.array<8xi32>>>
    %1 = fir.load %arg1 : !fir.ref<!fir.box<!fir.array<8xi32>>>
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %2 = fir.shape_shift %c1, %c8 : (index, index) -> !fir.shapeshift<1>
    %c1_0 = arith.constant 1 : index
    fir.do_loop %arg2 = %c1_0 to %c8 step %c1_0 unordered {
      %3 = fir.array_coor %0(%2) %arg2 : (!fir.box<!fir.array<8xi32>>, !fir.shapeshift<1>, index) -> !fir.ref<i32>
      %4 = fir.array_coor %1(%2) %arg2 : (!fir.box<!fir.array<8xi32>>, !fir.shapeshift<1>, index) -> !fir.ref<i32>
      %5 = fir.load %3 : !fir.ref<i32>
      %6 = fir.load %4 : !fir.ref<i32>
      %7 = arith.addi %5, %6 : i32
      fir.store %7 to %3 : !fir.ref<i32>
    }
    omp.yield(%arg0 : !fir.ref<!fir.box<!fir.array<8xi32>>>)
  } cleanup {
  ^bb0(%arg0: !fir.ref<!fir.box<!fir.array<8xi32>>>):
    %0 = fir.load %arg0 : !fir.ref<!fir.box<!fir.array<8xi32>>>
    %1 = fir.box_addr %0 : (!fir.box<!fir.array<8xi32>>) -> !fir.ref<!fir.array<8xi32>>
    %2 = fir.convert %1 : (!fir.ref<!fir.array<8xi32>>) -> i64
    %c0_i64 = arith.constant 0 : i64
    %3 = arith.cmpi ne, %2, %c0_i64 : i64
    fir.if %3 {
      %4 = fir.convert %1 : (!fir.ref<!fir.array<8xi32>>) -> !fir.heap<!fir.array<8xi32>>
      fir.freemem %4 : !fir.heap<!fir.array<8xi32>>
    }
    omp.yield
  } data_ptr_ptr {
  ^bb0(%arg0: !fir.ref<!fir.box<!fir.array<8xi32>>>):
    %0 = fir.box_offset %arg0 base_addr : (!fir.ref<!fir.box<!fir.array<8xi32>>>) -> !fir.llvm_ptr<!fir.ref<!fir.array<8xi32>>>
    omp.yield(%0 : !fir.llvm_ptr<!fir.ref<!fir.array<8xi32>>>)
  }
  func.func @_QQmain() attributes {fir.bindc_name = "GPU_ARRAY_REDUCTION"} {
    %0 = fir.dummy_scope : !fir.dscope
    %c8 = arith.constant 8 : index
    %1 = fir.alloca !fir.array<8xi32> {bindc_name = "hist", uniq_name = "_QFEhist"}
    %2 = fir.shape %c8 : (index) -> !fir.shape<1>
    %3:2 = hlfir.declare %1(%2) {uniq_name = "_QFEhist"} : (!fir.ref<!fir.array<8xi32>>, !fir.shape<1>) -> (!fir.ref<!fir.array<8xi32>>, !fir.ref<!fir.array<8xi32>>)
    %4 = fir.alloca i32 {bindc_name = "i", uniq_name = "_QFEi"}
    %5:2 = hlfir.declare %4 {uniq_name = "_QFEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    %c0_i32 = arith.constant 0 : i32
    hlfir.assign %c0_i32 to %3#0 : i32, !fir.ref<!fir.array<8xi32>>
    %c1_i32 = arith.constant 1 : i32
    %c100000_i32 = arith.constant 100000 : i32
    %c1_i32_0 = arith.constant 1 : i32
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %6 = arith.subi %c8, %c1 : index
    %7 = omp.map.bounds lower_bound(%c0 : index) upper_bound(%6 : index) extent(%c8 : index) stride(%c1 : index) start_idx(%c1 : index)
    %8 = omp.map.info var_ptr(%3#1 : !fir.ref<!fir.array<8xi32>>, !fir.array<8xi32>) map_clauses(tofrom) capture(ByRef) bounds(%7) -> !fir.ref<!fir.array<8xi32>> {name = "hist"}
    %c1_1 = arith.constant 1 : index
    %c0_2 = arith.constant 0 : index
    %9 = arith.subi %c8, %c1_1 : index
    %10 = omp.map.bounds lower_bound(%c0_2 : index) upper_bound(%9 : index) extent(%c8 : index) stride(%c1_1 : index) start_idx(%c1_1 : index)
    %11 = omp.map.info var_ptr(%3#1 : !fir.ref<!fir.array<8xi32>>, !fir.array<8xi32>) map_clauses(tofrom) capture(ByRef) bounds(%10) -> !fir.ref<!fir.array<8xi32>> {name = "hist"}
    %12 = omp.map.info var_ptr(%5#1 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = "i"}
    omp.target host_eval(%c1_i32 -> %arg0, %c100000_i32 -> %arg1, %c1_i32_0 -> %arg2 : i32, i32, i32) map_entries(%8 -> %arg3, %11 -> %arg4, %12 -> %arg5 : !fir.ref<!fir.array<8xi32>>, !fir.ref<!fir.array<8xi32>>, !fir.ref<i32>) {
      %c8_3 = arith.constant 8 : index
      %26 = fir.shape %c8_3 : (index) -> !fir.shape<1>
      %27:2 = hlfir.declare %arg3(%26) {uniq_name = "_QFEhist"} : (!fir.ref<!fir.array<8xi32>>, !fir.shape<1>) -> (!fir.ref<!fir.array<8xi32>>, !fir.ref<!fir.array<8xi32>>)
      %28 = fir.shape %c8_3 : (index) -> !fir.shape<1>
      %29:2 = hlfir.declare %arg4(%28) {uniq_name = "_QFEhist"} : (!fir.ref<!fir.array<8xi32>>, !fir.shape<1>) -> (!fir.ref<!fir.array<8xi32>>, !fir.ref<!fir.array<8xi32>>)
      %30:2 = hlfir.declare %arg5 {uniq_name = "_QFEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
      %31 = fir.embox %29#0(%28) : (!fir.ref<!fir.array<8xi32>>, !fir.shape<1>) -> !fir.box<!fir.array<8xi32>>
      %32 = fir.alloca !fir.box<!fir.array<8xi32>>
      fir.store %31 to %32 : !fir.ref<!fir.box<!fir.array<8xi32>>>
      omp.teams reduction(byref @add_reduction_byref_box_8xi32 %32 -> %arg6 : !fir.ref<!fir.box<!fir.array<8xi32>>>) {
        %33:2 = hlfir.declare %arg6 {uniq_name = "_QFEhist"} : (!fir.ref<!fir.box<!fir.array<8xi32>>>) -> (!fir.ref<!fir.box<!fir.array<8xi32>>>, !fir.ref<!fir.box<!fir.array<8xi32>>>)
        omp.parallel private(@_QFEi_private_i32 %30#0 -> %arg7 : !fir.ref<i32>) {
          %34:2 = hlfir.declare %arg7 {uniq_name = "_QFEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
          omp.distribute {
            omp.wsloop reduction(byref @add_reduction_byref_box_8xi32 %33#0 -> %arg8 : !fir.ref<!fir.box<!fir.array<8xi32>>>) {
              omp.loop_nest (%arg9) : i32 = (%arg0) to (%arg1) inclusive step (%arg2) {
                %35:2 = hlfir.declare %arg8 {uniq_name = "_QFEhist"} : (!fir.ref<!fir.box<!fir.array<8xi32>>>) -> (!fir.ref<!fir.box<!fir.array<8xi32>>>, !fir.ref<!fir.box<!fir.array<8xi32>>>)
                hlfir.assign %arg9 to %34#0 : i32, !fir.ref<i32>
                %36 = fir.load %35#0 : !fir.ref<!fir.box<!fir.array<8xi32>>>
                %c8_i32 = arith.constant 8 : i32
                %37 = fir.load %34#0 : !fir.ref<i32>
                %38 = arith.remsi %37, %c8_i32 : i32
                %c1_i32_4 = arith.constant 1 : i32
                %39 = arith.addi %38, %c1_i32_4 overflow<nsw> : i32
                %40 = fir.convert %39 : (i32) -> i64
                %41 = hlfir.designate %36 (%40)  : (!fir.box<!fir.array<8xi32>>, i64) -> !fir.ref<i32>
                %42 = fir.load %41 : !fir.ref<i32>
                %c1_i32_5 = arith.constant 1 : i32
                %43 = arith.addi %42, %c1_i32_5 : i32
                %44 = fir.load %35#0 : !fir.ref<!fir.box<!fir.array<8xi32>>>
                %c8_i32_6 = arith.constant 8 : i32
                %45 = fir.load %34#0 : !fir.ref<i32>
                %46 = arith.remsi %45, %c8_i32_6 : i32
                %c1_i32_7 = arith.constant 1 : i32
                %47 = arith.addi %46, %c1_i32_7 overflow<nsw> : i32
                %48 = fir.convert %47 : (i32) -> i64
                %49 = hlfir.designate %44 (%48)  : (!fir.box<!fir.array<8xi32>>, i64) -> !fir.ref<i32>
                hlfir.assign %43 to %49 : i32, !fir.ref<i32>
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
    %13 = fir.address_of(@_QQclX2838693729) : !fir.ref<!fir.char<1,5>>
    %c5 = arith.constant 5 : index
    %14:2 = hlfir.declare %13 typeparams %c5 {fortran_attrs = #fir.var_attrs<parameter>, uniq_name = "_QQclX2838693729"} : (!fir.ref<!fir.char<1,5>>, index) -> (!fir.ref<!fir.char<1,5>>, !fir.ref<!fir.char<1,5>>)
    %15 = fir.convert %14#0 : (!fir.ref<!fir.char<1,5>>) -> !fir.ref<i8>
    %16 = fir.convert %c5 : (index) -> i64
    %17 = fir.zero_bits !fir.box<none>
    %c6_i32 = arith.constant 6 : i32
    %18 = fir.address_of(@_QQclX761b6aafbc812580eee2b32af0801b84) : !fir.ref<!fir.char<1,59>>
    %19 = fir.convert %18 : (!fir.ref<!fir.char<1,59>>) -> !fir.ref<i8>
    %c11_i32 = arith.constant 11 : i32
    %20 = fir.call @_FortranAioBeginExternalFormattedOutput(%15, %16, %17, %c6_i32, %19, %c11_i32) fastmath<contract> : (!fir.ref<i8>, i64, !fir.box<none>, i32, !fir.ref<i8>, i32) -> !fir.ref<i8>
    %21 = fir.shape %c8 : (index) -> !fir.shape<1>
    %22 = fir.embox %3#0(%21) : (!fir.ref<!fir.array<8xi32>>, !fir.shape<1>) -> !fir.box<!fir.array<8xi32>>
    %23 = fir.convert %22 : (!fir.box<!fir.array<8xi32>>) -> !fir.box<none>
    %24 = fir.call @_FortranAioOutputDescriptor(%20, %23) fastmath<contract> : (!fir.ref<i8>, !fir.box<none>) -> i1
    %25 = fir.call @_FortranAioEndIoStatement(%20) fastmath<contract> : (!fir.ref<i8>) -> i32
    return
  }
  func.func private @_FortranAioBeginExternalFormattedOutput(!fir.ref<i8>, i64, !fir.box<none>, i32, !fir.ref<i8>, i32) -> !fir.ref<i8> attributes {fir.io, fir.runtime}
  fir.global linkonce @_QQclX2838693729 constant : !fir.char<1,5> {
    %0 = fir.string_lit "(8i7)"(5) : !fir.char<1,5>
    fir.has_value %0 : !fir.char<1,5>
  }
  fir.global linkonce @_QQclX761b6aafbc812580eee2b32af0801b84 constant : !fir.char<1,59> {
    %0 = fir.string_lit "/work/wt-gpufix/test/launch/Inputs/gpu_array_reduction.f90\00"(59) : !fir.char<1,59>
    fir.has_value %0 : !fir.char<1,59>
  }
  func.func private @_FortranAioOutputDescriptor(!fir.ref<i8>, !fir.box<none>) -> i1 attributes {fir.io, fir.runtime}
  func.func private @_FortranAioEndIoStatement(!fir.ref<i8>) -> i32 attributes {fir.io, fir.runtime}
  func.func private @_FortranAProgramStart(i32, !llvm.ptr, !llvm.ptr, !llvm.ptr)
  func.func private @_FortranAProgramEndStatement()
  func.func @main(%arg0: i32, %arg1: !llvm.ptr, %arg2: !llvm.ptr) -> i32 {
    %0 = fir.zero_bits !fir.ref<tuple<i32, !fir.ref<!fir.array<0xtuple<!fir.ref<i8>, !fir.ref<i8>>>>>>
    fir.call @_FortranAProgramStart(%arg0, %arg1, %arg2, %0) fastmath<contract> : (i32, !llvm.ptr, !llvm.ptr, !fir.ref<tuple<i32, !fir.ref<!fir.array<0xtuple<!fir.ref<i8>, !fir.ref<i8>>>>>>) -> ()
    fir.call @_QQmain() fastmath<contract> : () -> ()
    fir.call @_FortranAProgramEndStatement() fastmath<contract> : () -> ()
    %c0_i32 = arith.constant 0 : i32
    return %c0_i32 : i32
  }
}
