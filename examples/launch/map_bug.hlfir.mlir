module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, fir.defaultkind = "a1c4d8i4l4r4", fir.kindmap = "", llvm.data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", llvm.ident = "Debian flang version 22.1.8", llvm.target_triple = "x86_64-pc-linux-gnu", omp.is_gpu = false, omp.is_target_device = false, omp.requires = #omp<clause_requires none>, omp.target_triples = [], omp.version = #omp.version<version = 52>} {
  omp.private {type = private} @_QFEi_private_i32 : i32
  func.func @_QQmain() attributes {fir.bindc_name = "MAP_BUG"} {
    %0 = fir.dummy_scope : !fir.dscope
    %1 = fir.alloca i32 {bindc_name = "i", uniq_name = "_QFEi"}
    %2:2 = hlfir.declare %1 {uniq_name = "_QFEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    %3 = fir.address_of(@_QFECn) : !fir.ref<i32>
    %4:2 = hlfir.declare %3 {fortran_attrs = #fir.var_attrs<parameter>, uniq_name = "_QFECn"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    %c8 = arith.constant 8 : index
    %5 = fir.alloca !fir.array<8xf32> {bindc_name = "y", uniq_name = "_QFEy"}
    %6 = fir.shape %c8 : (index) -> !fir.shape<1>
    %7:2 = hlfir.declare %5(%6) {uniq_name = "_QFEy"} : (!fir.ref<!fir.array<8xf32>>, !fir.shape<1>) -> (!fir.ref<!fir.array<8xf32>>, !fir.ref<!fir.array<8xf32>>)
    %cst = arith.constant 1.000000e+00 : f32
    hlfir.assign %cst to %7#0 : f32, !fir.ref<!fir.array<8xf32>>
    %c1_i32 = arith.constant 1 : i32
    %c8_i32 = arith.constant 8 : i32
    %c1_i32_0 = arith.constant 1 : i32
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %8 = arith.subi %c8, %c1 : index
    %9 = omp.map.bounds lower_bound(%c0 : index) upper_bound(%8 : index) extent(%c8 : index) stride(%c1 : index) start_idx(%c1 : index)
    %10 = omp.map.info var_ptr(%7#1 : !fir.ref<!fir.array<8xf32>>, !fir.array<8xf32>) map_clauses(to) capture(ByRef) bounds(%9) -> !fir.ref<!fir.array<8xf32>> {name = "y"}
    %11 = omp.map.info var_ptr(%2#1 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = "i"}
    omp.target host_eval(%c1_i32 -> %arg0, %c8_i32 -> %arg1, %c1_i32_0 -> %arg2 : i32, i32, i32) map_entries(%10 -> %arg3, %11 -> %arg4 : !fir.ref<!fir.array<8xf32>>, !fir.ref<i32>) {
      %c8_8 = arith.constant 8 : index
      %61 = fir.shape %c8_8 : (index) -> !fir.shape<1>
      %62:2 = hlfir.declare %arg3(%61) {uniq_name = "_QFEy"} : (!fir.ref<!fir.array<8xf32>>, !fir.shape<1>) -> (!fir.ref<!fir.array<8xf32>>, !fir.ref<!fir.array<8xf32>>)
      %63:2 = hlfir.declare %arg4 {uniq_name = "_QFEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
      omp.teams {
        omp.parallel private(@_QFEi_private_i32 %63#0 -> %arg5 : !fir.ref<i32>) {
          %64:2 = hlfir.declare %arg5 {uniq_name = "_QFEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
          omp.distribute {
            omp.wsloop {
              omp.loop_nest (%arg6) : i32 = (%arg0) to (%arg1) inclusive step (%arg2) {
                hlfir.assign %arg6 to %64#0 : i32, !fir.ref<i32>
                %65 = fir.load %64#0 : !fir.ref<i32>
                %66 = fir.convert %65 : (i32) -> i64
                %67 = hlfir.designate %62#0 (%66)  : (!fir.ref<!fir.array<8xf32>>, i64) -> !fir.ref<f32>
                %68 = fir.load %67 : !fir.ref<f32>
                %69 = fir.load %64#0 : !fir.ref<i32>
                %70 = fir.convert %69 : (i32) -> f32
                %71 = arith.addf %68, %70 fastmath<contract> : f32
                %72 = fir.load %64#0 : !fir.ref<i32>
                %73 = fir.convert %72 : (i32) -> i64
                %74 = hlfir.designate %62#0 (%73)  : (!fir.ref<!fir.array<8xf32>>, i64) -> !fir.ref<f32>
                hlfir.assign %71 to %74 : f32, !fir.ref<f32>
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
    %12 = fir.address_of(@_QQclX28612C3866352E3129) : !fir.ref<!fir.char<1,9>>
    %c9 = arith.constant 9 : index
    %13:2 = hlfir.declare %12 typeparams %c9 {fortran_attrs = #fir.var_attrs<parameter>, uniq_name = "_QQclX28612C3866352E3129"} : (!fir.ref<!fir.char<1,9>>, index) -> (!fir.ref<!fir.char<1,9>>, !fir.ref<!fir.char<1,9>>)
    %14 = fir.convert %13#0 : (!fir.ref<!fir.char<1,9>>) -> !fir.ref<i8>
    %15 = fir.convert %c9 : (index) -> i64
    %16 = fir.zero_bits !fir.box<none>
    %c6_i32 = arith.constant 6 : i32
    %17 = fir.address_of(@_QQclX0d0d3abdeff6016b52e23295d8c55a11) : !fir.ref<!fir.char<1,38>>
    %18 = fir.convert %17 : (!fir.ref<!fir.char<1,38>>) -> !fir.ref<i8>
    %c15_i32 = arith.constant 15 : i32
    %19 = fir.call @_FortranAioBeginExternalFormattedOutput(%14, %15, %16, %c6_i32, %18, %c15_i32) fastmath<contract> : (!fir.ref<i8>, i64, !fir.box<none>, i32, !fir.ref<i8>, i32) -> !fir.ref<i8>
    %20 = fir.address_of(@_QQclX79203D) : !fir.ref<!fir.char<1,3>>
    %c3 = arith.constant 3 : index
    %21:2 = hlfir.declare %20 typeparams %c3 {fortran_attrs = #fir.var_attrs<parameter>, uniq_name = "_QQclX79203D"} : (!fir.ref<!fir.char<1,3>>, index) -> (!fir.ref<!fir.char<1,3>>, !fir.ref<!fir.char<1,3>>)
    %22 = fir.convert %21#0 : (!fir.ref<!fir.char<1,3>>) -> !fir.ref<i8>
    %23 = fir.convert %c3 : (index) -> i64
    %24 = fir.call @_FortranAioOutputAscii(%19, %22, %23) fastmath<contract> : (!fir.ref<i8>, !fir.ref<i8>, i64) -> i1
    %25 = fir.shape %c8 : (index) -> !fir.shape<1>
    %26 = fir.embox %7#0(%25) : (!fir.ref<!fir.array<8xf32>>, !fir.shape<1>) -> !fir.box<!fir.array<8xf32>>
    %27 = fir.convert %26 : (!fir.box<!fir.array<8xf32>>) -> !fir.box<none>
    %28 = fir.call @_FortranAioOutputDescriptor(%19, %27) fastmath<contract> : (!fir.ref<i8>, !fir.box<none>) -> i1
    %29 = fir.call @_FortranAioEndIoStatement(%19) fastmath<contract> : (!fir.ref<i8>) -> i32
    %c8_1 = arith.constant 8 : index
    %30 = hlfir.designate %7#0 (%c8_1)  : (!fir.ref<!fir.array<8xf32>>, index) -> !fir.ref<f32>
    %31 = fir.load %30 : !fir.ref<f32>
    %cst_2 = arith.constant 9.000000e+00 : f32
    %32 = arith.cmpf oeq, %31, %cst_2 fastmath<contract> : f32
    cf.cond_br %32, ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    %33 = fir.address_of(@_QQclX286129) : !fir.ref<!fir.char<1,3>>
    %c3_3 = arith.constant 3 : index
    %34:2 = hlfir.declare %33 typeparams %c3_3 {fortran_attrs = #fir.var_attrs<parameter>, uniq_name = "_QQclX286129"} : (!fir.ref<!fir.char<1,3>>, index) -> (!fir.ref<!fir.char<1,3>>, !fir.ref<!fir.char<1,3>>)
    %35 = fir.convert %34#0 : (!fir.ref<!fir.char<1,3>>) -> !fir.ref<i8>
    %36 = fir.convert %c3_3 : (index) -> i64
    %37 = fir.zero_bits !fir.box<none>
    %c6_i32_4 = arith.constant 6 : i32
    %38 = fir.address_of(@_QQclX0d0d3abdeff6016b52e23295d8c55a11) : !fir.ref<!fir.char<1,38>>
    %39 = fir.convert %38 : (!fir.ref<!fir.char<1,38>>) -> !fir.ref<i8>
    %c17_i32 = arith.constant 17 : i32
    %40 = fir.call @_FortranAioBeginExternalFormattedOutput(%35, %36, %37, %c6_i32_4, %39, %c17_i32) fastmath<contract> : (!fir.ref<i8>, i64, !fir.box<none>, i32, !fir.ref<i8>, i32) -> !fir.ref<i8>
    %41 = fir.address_of(@_QQclX1e6a04a762b27fad22260a3c00468648) : !fir.ref<!fir.char<1,36>>
    %c36 = arith.constant 36 : index
    %42:2 = hlfir.declare %41 typeparams %c36 {fortran_attrs = #fir.var_attrs<parameter>, uniq_name = "_QQclX1e6a04a762b27fad22260a3c00468648"} : (!fir.ref<!fir.char<1,36>>, index) -> (!fir.ref<!fir.char<1,36>>, !fir.ref<!fir.char<1,36>>)
    %43 = fir.convert %42#0 : (!fir.ref<!fir.char<1,36>>) -> !fir.ref<i8>
    %44 = fir.convert %c36 : (index) -> i64
    %45 = fir.call @_FortranAioOutputAscii(%40, %43, %44) fastmath<contract> : (!fir.ref<i8>, !fir.ref<i8>, i64) -> i1
    %46 = fir.call @_FortranAioEndIoStatement(%40) fastmath<contract> : (!fir.ref<i8>) -> i32
    cf.br ^bb3
  ^bb2:  // pred: ^bb0
    %47 = fir.address_of(@_QQclX286129) : !fir.ref<!fir.char<1,3>>
    %c3_5 = arith.constant 3 : index
    %48:2 = hlfir.declare %47 typeparams %c3_5 {fortran_attrs = #fir.var_attrs<parameter>, uniq_name = "_QQclX286129"} : (!fir.ref<!fir.char<1,3>>, index) -> (!fir.ref<!fir.char<1,3>>, !fir.ref<!fir.char<1,3>>)
    %49 = fir.convert %48#0 : (!fir.ref<!fir.char<1,3>>) -> !fir.ref<i8>
    %50 = fir.convert %c3_5 : (index) -> i64
    %51 = fir.zero_bits !fir.box<none>
    %c6_i32_6 = arith.constant 6 : i32
    %52 = fir.address_of(@_QQclX0d0d3abdeff6016b52e23295d8c55a11) : !fir.ref<!fir.char<1,38>>
    %53 = fir.convert %52 : (!fir.ref<!fir.char<1,38>>) -> !fir.ref<i8>
    %c19_i32 = arith.constant 19 : i32
    %54 = fir.call @_FortranAioBeginExternalFormattedOutput(%49, %50, %51, %c6_i32_6, %53, %c19_i32) fastmath<contract> : (!fir.ref<i8>, i64, !fir.box<none>, i32, !fir.ref<i8>, i32) -> !fir.ref<i8>
    %55 = fir.address_of(@_QQclX69c466373d993211133ad3d5e50d4475) : !fir.ref<!fir.char<1,56>>
    %c56 = arith.constant 56 : index
    %56:2 = hlfir.declare %55 typeparams %c56 {fortran_attrs = #fir.var_attrs<parameter>, uniq_name = "_QQclX69c466373d993211133ad3d5e50d4475"} : (!fir.ref<!fir.char<1,56>>, index) -> (!fir.ref<!fir.char<1,56>>, !fir.ref<!fir.char<1,56>>)
    %57 = fir.convert %56#0 : (!fir.ref<!fir.char<1,56>>) -> !fir.ref<i8>
    %58 = fir.convert %c56 : (index) -> i64
    %59 = fir.call @_FortranAioOutputAscii(%54, %57, %58) fastmath<contract> : (!fir.ref<i8>, !fir.ref<i8>, i64) -> i1
    %60 = fir.call @_FortranAioEndIoStatement(%54) fastmath<contract> : (!fir.ref<i8>) -> i32
    %c1_i32_7 = arith.constant 1 : i32
    %true = arith.constant true
    %false = arith.constant false
    fir.call @_FortranAStopStatement(%c1_i32_7, %true, %false) fastmath<contract> : (i32, i1, i1) -> ()
    fir.unreachable
  ^bb3:  // pred: ^bb1
    return
  }
  fir.global internal @_QFECn constant : i32 {
    %c8_i32 = arith.constant 8 : i32
    fir.has_value %c8_i32 : i32
  }
  func.func private @_FortranAioBeginExternalFormattedOutput(!fir.ref<i8>, i64, !fir.box<none>, i32, !fir.ref<i8>, i32) -> !fir.ref<i8> attributes {fir.io, fir.runtime}
  fir.global linkonce @_QQclX28612C3866352E3129 constant : !fir.char<1,9> {
    %0 = fir.string_lit "(a,8f5.1)"(9) : !fir.char<1,9>
    fir.has_value %0 : !fir.char<1,9>
  }
  fir.global linkonce @_QQclX0d0d3abdeff6016b52e23295d8c55a11 constant : !fir.char<1,38> {
    %0 = fir.string_lit "/work/wt4/examples/launch/map_bug.f90\00"(38) : !fir.char<1,38>
    fir.has_value %0 : !fir.char<1,38>
  }
  func.func private @_FortranAioOutputAscii(!fir.ref<i8>, !fir.ref<i8>, i64) -> i1 attributes {fir.io, fir.runtime}
  fir.global linkonce @_QQclX79203D constant : !fir.char<1,3> {
    %0 = fir.string_lit "y ="(3) : !fir.char<1,3>
    fir.has_value %0 : !fir.char<1,3>
  }
  func.func private @_FortranAioOutputDescriptor(!fir.ref<i8>, !fir.box<none>) -> i1 attributes {fir.io, fir.runtime}
  func.func private @_FortranAioEndIoStatement(!fir.ref<i8>) -> i32 attributes {fir.io, fir.runtime}
  fir.global linkonce @_QQclX286129 constant : !fir.char<1,3> {
    %0 = fir.string_lit "(a)"(3) : !fir.char<1,3>
    fir.has_value %0 : !fir.char<1,3>
  }
  fir.global linkonce @_QQclX1e6a04a762b27fad22260a3c00468648 constant : !fir.char<1,36> {
    %0 = fir.string_lit "map_bug: the device result came back"(36) : !fir.char<1,36>
    fir.has_value %0 : !fir.char<1,36>
  }
  fir.global linkonce @_QQclX69c466373d993211133ad3d5e50d4475 constant : !fir.char<1,56> {
    %0 = fir.string_lit "map_bug: STALE DATA: y was mapped `to` only (use tofrom)"(56) : !fir.char<1,56>
    fir.has_value %0 : !fir.char<1,56>
  }
  func.func private @_FortranAStopStatement(i32, i1, i1) attributes {fir.runtime}
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
