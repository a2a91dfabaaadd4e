module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, fir.defaultkind = "a1c4d8i4l4r4", fir.kindmap = "", llvm.data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", llvm.ident = "Debian flang version 22.1.8", llvm.target_triple = "x86_64-pc-linux-gnu", omp.is_gpu = false, omp.is_target_device = false, omp.requires = #omp<clause_requires none>, omp.target_triples = [], omp.version = #omp.version<version = 52>} {
  omp.private {type = private} @_QFEi_private_i32 : i32
  omp.declare_reduction @add_reduction_f64 : f64 init {
  ^bb0(%arg0: f64):
    %cst = arith.constant 0.000000e+00 : f64
    omp.yield(%cst : f64)
  } combiner {
  ^bb0(%arg0: f64, %arg1: f64):
    %0 = arith.addf %arg0, %arg1 fastmath<contract> : f64
    omp.yield(%0 : f64)
  }
  func.func @_QQmain() attributes {fir.bindc_name = "REDUCTION"} {
    %0 = fir.dummy_scope : !fir.dscope
    %1 = fir.alloca i32 {bindc_name = "i", uniq_name = "_QFEi"}
    %2:2 = hlfir.declare %1 {uniq_name = "_QFEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    %3 = fir.address_of(@_QFECn) : !fir.ref<i32>
    %4:2 = hlfir.declare %3 {fortran_attrs = #fir.var_attrs<parameter>, uniq_name = "_QFECn"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    %5 = fir.alloca f64 {bindc_name = "s", uniq_name = "_QFEs"}
    %6:2 = hlfir.declare %5 {uniq_name = "_QFEs"} : (!fir.ref<f64>) -> (!fir.ref<f64>, !fir.ref<f64>)
    %7 = fir.address_of(@_QFEx) : !fir.ref<!fir.array<100000xf64>>
    %c100000 = arith.constant 100000 : index
    %8 = fir.shape %c100000 : (index) -> !fir.shape<1>
    %9:2 = hlfir.declare %7(%8) {uniq_name = "_QFEx"} : (!fir.ref<!fir.array<100000xf64>>, !fir.shape<1>) -> (!fir.ref<!fir.array<100000xf64>>, !fir.ref<!fir.array<100000xf64>>)
    %c1_i32 = arith.constant 1 : i32
    %10 = fir.convert %c1_i32 : (i32) -> index
    %c100000_i32 = arith.constant 100000 : i32
    %11 = fir.convert %c100000_i32 : (i32) -> index
    %c1 = arith.constant 1 : index
    %12 = fir.convert %10 : (index) -> i32
    %13 = fir.do_loop %arg0 = %10 to %11 step %c1 iter_args(%arg1 = %12) -> (i32) {
      fir.store %arg1 to %2#0 : !fir.ref<i32>
      %56 = fir.load %2#0 : !fir.ref<i32>
      %57 = fir.convert %56 : (i32) -> f64
      %58 = fir.load %2#0 : !fir.ref<i32>
      %59 = fir.convert %58 : (i32) -> i64
      %60 = hlfir.designate %9#0 (%59)  : (!fir.ref<!fir.array<100000xf64>>, i64) -> !fir.ref<f64>
      hlfir.assign %57 to %60 : f64, !fir.ref<f64>
      %61 = fir.convert %c1 : (index) -> i32
      %62 = fir.load %2#0 : !fir.ref<i32>
      %63 = arith.addi %62, %61 overflow<nsw> : i32
      fir.result %63 : i32
    }
    fir.store %13 to %2#0 : !fir.ref<i32>
    %cst = arith.constant 0.000000e+00 : f64
    hlfir.assign %cst to %6#0 : f64, !fir.ref<f64>
    %c1_i32_0 = arith.constant 1 : i32
    %c100000_i32_1 = arith.constant 100000 : i32
    %c1_i32_2 = arith.constant 1 : i32
    %14 = omp.map.info var_ptr(%6#1 : !fir.ref<f64>, f64) map_clauses(tofrom) capture(ByRef) -> !fir.ref<f64> {name = "s"}
    %c1_3 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %15 = arith.subi %c100000, %c1_3 : index
    %16 = omp.map.bounds lower_bound(%c0 : index) upper_bound(%15 : index) extent(%c100000 : index) stride(%c1_3 : index) start_idx(%c1_3 : index)
    %17 = omp.map.info var_ptr(%9#1 : !fir.ref<!fir.array<100000xf64>>, !fir.array<100000xf64>) map_clauses(to) capture(ByRef) bounds(%16) -> !fir.ref<!fir.array<100000xf64>> {name = "x"}
    %18 = omp.map.info var_ptr(%6#1 : !fir.ref<f64>, f64) map_clauses(tofrom) capture(ByRef) -> !fir.ref<f64> {name = "s"}
    %19 = omp.map.info var_ptr(%2#1 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = "i"}
    omp.target host_eval(%c1_i32_0 -> %arg0, %c100000_i32_1 -> %arg1, %c1_i32_2 -> %arg2 : i32, i32, i32) map_entries(%14 -> %arg3, %17 -> %arg4, %18 -> %arg5, %19 -> %arg6 : !fir.ref<f64>, !fir.ref<!fir.array<100000xf64>>, !fir.ref<f64>, !fir.ref<i32>) {
      %c100000_6 = arith.constant 100000 : index
      %56:2 = hlfir.declare %arg3 {uniq_name = "_QFEs"} : (!fir.ref<f64>) -> (!fir.ref<f64>, !fir.ref<f64>)
      %57 = fir.shape %c100000_6 : (index) -> !fir.shape<1>
      %58:2 = hlfir.declare %arg4(%57) {uniq_name = "_QFEx"} : (!fir.ref<!fir.array<100000xf64>>, !fir.shape<1>) -> (!fir.ref<!fir.array<100000xf64>>, !fir.ref<!fir.array<100000xf64>>)
      %59:2 = hlfir.declare %arg5 {uniq_name = "_QFEs"} : (!fir.ref<f64>) -> (!fir.ref<f64>, !fir.ref<f64>)
      %60:2 = hlfir.declare %arg6 {uniq_name = "_QFEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
      omp.teams reduction(@add_reduction_f64 %59#0 -> %arg7 : !fir.ref<f64>) {
        %61:2 = hlfir.declare %arg7 {uniq_name = "_QFEs"} : (!fir.ref<f64>) -> (!fir.ref<f64>, !fir.ref<f64>)
        omp.parallel private(@_QFEi_private_i32 %60#0 -> %arg8 : !fir.ref<i32>) {
          %62:2 = hlfir.declare %arg8 {uniq_name = "_QFEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
          omp.distribute {
            omp.wsloop reduction(@add_reduction_f64 %61#0 -> %arg9 : !fir.ref<f64>) {
              omp.loop_nest (%arg10) : i32 = (%arg0) to (%arg1) inclusive step (%arg2) {
                %63:2 = hlfir.declare %arg9 {uniq_name = "_QFEs"} : (!fir.ref<f64>) -> (!fir.ref<f64>, !fir.ref<f64>)
                hlfir.assign %arg10 to %62#0 : i32, !fir.ref<i32>
                %64 = fir.load %63#0 : !fir.ref<f64>
                %65 = fir.load %62#0 : !fir.ref<i32>
                %66 = fir.convert %65 : (i32) -> i64
                %67 = hlfir.designate %58#0 (%66)  : (!fir.ref<!fir.array<100000xf64>>, i64) -> !fir.ref<f64>
                %68 = fir.load %67 : !fir.ref<f64>
                %69 = arith.addf %64, %68 fastmath<contract> : f64
                hlfir.assign %69 to %63#0 : f64, !fir.ref<f64>
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
    %20 = fir.address_of(@_QQclX28612C6631342E3129) : !fir.ref<!fir.char<1,9>>
    %c9 = arith.constant 9 : index
    %21:2 = hlfir.declare %20 typeparams %c9 {fortran_attrs = #fir.var_attrs<parameter>, uniq_name = "_QQclX28612C6631342E3129"} : (!fir.ref<!fir.char<1,9>>, index) -> (!fir.ref<!fir.char<1,9>>, !fir.ref<!fir.char<1,9>>)
    %22 = fir.convert %21#0 : (!fir.ref<!fir.char<1,9>>) -> !fir.ref<i8>
    %23 = fir.convert %c9 : (index) -> i64
    %24 = fir.zero_bits !fir.box<none>
    %c6_i32 = arith.constant 6 : i32
    %25 = fir.address_of(@_QQclX0d7df17be85c31ab8e68cc70fba12a6f) : !fir.ref<!fir.char<1,40>>
    %26 = fir.convert %25 : (!fir.ref<!fir.char<1,40>>) -> !fir.ref<i8>
    %c15_i32 = arith.constant 15 : i32
    %27 = fir.call @_FortranAioBeginExternalFormattedOutput(%22, %23, %24, %c6_i32, %26, %c15_i32) fastmath<contract> : (!fir.ref<i8>, i64, !fir.box<none>, i32, !fir.ref<i8>, i32) -> !fir.ref<i8>
    %28 = fir.address_of(@_QQclX73756D203D20) : !fir.ref<!fir.char<1,6>>
    %c6 = arith.constant 6 : index
    %29:2 = hlfir.declare %28 typeparams %c6 {fortran_attrs = #fir.var_attrs<parameter>, uniq_name = "_QQclX73756D203D20"} : (!fir.ref<!fir.char<1,6>>, index) -> (!fir.ref<!fir.char<1,6>>, !fir.ref<!fir.char<1,6>>)
    %30 = fir.convert %29#0 : (!fir.ref<!fir.char<1,6>>) -> !fir.ref<i8>
    %31 = fir.convert %c6 : (index) -> i64
    %32 = fir.call @_FortranAioOutputAscii(%27, %30, %31) fastmath<contract> : (!fir.ref<i8>, !fir.ref<i8>, i64) -> i1
    %33 = fir.load %6#0 : !fir.ref<f64>
    %34 = fir.call @_FortranAioOutputReal64(%27, %33) fastmath<contract> : (!fir.ref<i8>, f64) -> i1
    %35 = fir.call @_FortranAioEndIoStatement(%27) fastmath<contract> : (!fir.ref<i8>) -> i32
    %36 = fir.load %6#0 : !fir.ref<f64>
    %cst_4 = arith.constant 5.000050e+09 : f64
    %37 = arith.cmpf oeq, %36, %cst_4 fastmath<contract> : f64
    cf.cond_br %37, ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    %38 = fir.address_of(@_QQclX286129) : !fir.ref<!fir.char<1,3>>
    %c3 = arith.constant 3 : index
    %39:2 = hlfir.declare %38 typeparams %c3 {fortran_attrs = #fir.var_attrs<parameter>, uniq_name = "_QQclX286129"} : (!fir.ref<!fir.char<1,3>>, index) -> (!fir.ref<!fir.char<1,3>>, !fir.ref<!fir.char<1,3>>)
    %40 = fir.convert %39#0 : (!fir.ref<!fir.char<1,3>>) -> !fir.ref<i8>
    %41 = fir.convert %c3 : (index) -> i64
    %42 = fir.zero_bits !fir.box<none>
    %c6_i32_5 = arith.constant 6 : i32
    %43 = fir.address_of(@_QQclX0d7df17be85c31ab8e68cc70fba12a6f) : !fir.ref<!fir.char<1,40>>
    %44 = fir.convert %43 : (!fir.ref<!fir.char<1,40>>) -> !fir.ref<i8>
    %c17_i32 = arith.constant 17 : i32
    %45 = fir.call @_FortranAioBeginExternalFormattedOutput(%40, %41, %42, %c6_i32_5, %44, %c17_i32) fastmath<contract> : (!fir.ref<i8>, i64, !fir.box<none>, i32, !fir.ref<i8>, i32) -> !fir.ref<i8>
    %46 = fir.address_of(@_QQclX726564756374696F6E3A206F6B) : !fir.ref<!fir.char<1,13>>
    %c13 = arith.constant 13 : index
    %47:2 = hlfir.declare %46 typeparams %c13 {fortran_attrs = #fir.var_attrs<parameter>, uniq_name = "_QQclX726564756374696F6E3A206F6B"} : (!fir.ref<!fir.char<1,13>>, index) -> (!fir.ref<!fir.char<1,13>>, !fir.ref<!fir.char<1,13>>)
    %48 = fir.convert %47#0 : (!fir.ref<!fir.char<1,13>>) -> !fir.ref<i8>
    %49 = fir.convert %c13 : (index) -> i64
    %50 = fir.call @_FortranAioOutputAscii(%45, %48, %49) fastmath<contract> : (!fir.ref<i8>, !fir.ref<i8>, i64) -> i1
    %51 = fir.call @_FortranAioEndIoStatement(%45) fastmath<contract> : (!fir.ref<i8>) -> i32
    cf.br ^bb3
  ^bb2:  // pred: ^bb0
    %52 = fir.address_of(@_QQclX726564756374696F6E3A2057524F4E4720524553554C54) : !fir.ref<!fir.char<1,23>>
    %c23 = arith.constant 23 : index
    %53:2 = hlfir.declare %52 typeparams %c23 {fortran_attrs = #fir.var_attrs<parameter>, uniq_name = "_QQclX726564756374696F6E3A2057524F4E4720524553554C54"} : (!fir.ref<!fir.char<1,23>>, index) -> (!fir.ref<!fir.char<1,23>>, !fir.ref<!fir.char<1,23>>)
    %54 = fir.convert %53#0 : (!fir.ref<!fir.char<1,23>>) -> !fir.ref<i8>
    %55 = fir.convert %c23 : (index) -> i64
    %true = arith.constant true
    %false = arith.constant false
    fir.call @_FortranAStopStatementText(%54, %55, %true, %false) fastmath<contract> : (!fir.ref<i8>, i64, i1, i1) -> ()
    fir.unreachable
  ^bb3:  // pred: ^bb1
    return
  }
  fir.global internal @_QFECn constant : i32 {
    %c100000_i32 = arith.constant 100000 : i32
    fir.has_value %c100000_i32 : i32
  }
  fir.global internal @_QFEx : !fir.array<100000xf64> {
    %0 = fir.zero_bits !fir.array<100000xf64>
    fir.has_value %0 : !fir.array<100000xf64>
  }
  func.func private @_FortranAioBeginExternalFormattedOutput(!fir.ref<i8>, i64, !fir.box<none>, i32, !fir.ref<i8>, i32) -> !fir.ref<i8> attributes {fir.io, fir.runtime}
  fir.global linkonce @_QQclX28612C6631342E3129 constant : !fir.char<1,9> {
    %0 = fir.string_lit "(a,f14.1)"(9) : !fir.char<1,9>
    fir.has_value %0 : !fir.char<1,9>
  }
  fir.global linkonce @_QQclX0d7df17be85c31ab8e68cc70fba12a6f constant : !fir.char<1,40> {
    %0 = fir.string_lit "/work/wt4/examples/launch/reduction.f90\00"(40) : !fir.char<1,40>
    fir.has_value %0 : !fir.char<1,40>
  }
  func.func private @_FortranAioOutputAscii(!fir.ref<i8>, !fir.ref<i8>, i64) -> i1 attributes {fir.io, fir.runtime}
  fir.global linkonce @_QQclX73756D203D20 constant : !fir.char<1,6> {
    %0 = fir.string_lit "sum = "(6) : !fir.char<1,6>
    fir.has_value %0 : !fir.char<1,6>
  }
  func.func private @_FortranAioOutputReal64(!fir.ref<i8>, f64) -> i1 attributes {fir.io, fir.runtime}
  func.func private @_FortranAioEndIoStatement(!fir.ref<i8>) -> i32 attributes {fir.io, fir.runtime}
  fir.global linkonce @_QQclX286129 constant : !fir.char<1,3> {
    %0 = fir.string_lit "(a)"(3) : !fir.char<1,3>
    fir.has_value %0 : !fir.char<1,3>
  }
  fir.global linkonce @_QQclX726564756374696F6E3A206F6B constant : !fir.char<1,13> {
    %0 = fir.string_lit "reduction: ok"(13) : !fir.char<1,13>
    fir.has_value %0 : !fir.char<1,13>
  }
  fir.global linkonce @_QQclX726564756374696F6E3A2057524F4E4720524553554C54 constant : !fir.char<1,23> {
    %0 = fir.string_lit "reduction: WRONG RESULT"(23) : !fir.char<1,23>
    fir.has_value %0 : !fir.char<1,23>
  }
  func.func private @_FortranAStopStatementText(!fir.ref<i8>, i64, i1, i1) attributes {fir.runtime}
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
