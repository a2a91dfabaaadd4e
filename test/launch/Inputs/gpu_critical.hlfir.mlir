module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, fir.defaultkind = "a1c4d8i4l4r4", fir.kindmap = "", llvm.data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", llvm.ident = "Debian flang version 22.1.8", llvm.target_triple = "x86_64-pc-linux-gnu", omp.is_gpu = false, omp.is_target_device = false, omp.requires = #omp<clause_requires none>, omp.target_triples = [], omp.version = #omp.version<version = 31>} {
  omp.critical.declare @acc
  omp.private {type = private} @_QFEi_private_i32 : i32
  func.func @_QQmain() attributes {fir.bindc_name = "GPU_CRITICAL"} {
    %0 = fir.dummy_scope : !fir.dscope
    %1 = fir.alloca i32 {bindc_name = "i", uniq_name = "_QFEi"}
    %2:2 = hlfir.declare %1 {uniq_name = "_QFEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    %3 = fir.alloca i32 {bindc_name = "m", uniq_name = "_QFEm"}
    %4:2 = hlfir.declare %3 {uniq_name = "_QFEm"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    %5 = fir.alloca i32 {bindc_name = "n", uniq_name = "_QFEn"}
    %6:2 = hlfir.declare %5 {uniq_name = "_QFEn"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    %c0_i32 = arith.constant 0 : i32
    hlfir.assign %c0_i32 to %6#0 : i32, !fir.ref<i32>
    %c0_i32_0 = arith.constant 0 : i32
    hlfir.assign %c0_i32_0 to %4#0 : i32, !fir.ref<i32>
    %c1_i32 = arith.constant 1 : i32
    %c1000_i32 = arith.constant 1000 : i32
    %c1_i32_1 = arith.constant 1 : i32
    %7 = omp.map.info var_ptr(%6#1 : !fir.ref<i32>, i32) map_clauses(tofrom) capture(ByRef) -> !fir.ref<i32> {name = "n"}
    %8 = omp.map.info var_ptr(%4#1 : !fir.ref<i32>, i32) map_clauses(tofrom) capture(ByRef) -> !fir.ref<i32> {name = "m"}
    %9 = omp.map.info var_ptr(%2#1 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = "i"}
    omp.target host_eval(%c1_i32 -> %arg0, %c1000_i32 -> %arg1, %c1_i32_1 -> %arg2 : i32, i32, i32) map_entries(%7 -> %arg3, %8 -> %arg4, %9 -> %arg5 : !fir.ref<i32>, !fir.ref<i32>, !fir.ref<i32>) {
      %23:2 = hlfir.declare %arg3 {uniq_name = "_QFEn"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
      %24:2 = hlfir.declare %arg4 {uniq_name = "_QFEm"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
      %25:2 = hlfir.declare %arg5 {uniq_name = "_QFEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
      omp.teams {
        omp.parallel private(@_QFEi_private_i32 %25#0 -> %arg6 : !fir.ref<i32>) {
          %26:2 = hlfir.declare %arg6 {uniq_name = "_QFEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
          omp.distribute {
            omp.wsloop {
              omp.loop_nest (%arg7) : i32 = (%arg0) to (%arg1) inclusive step (%arg2) {
                hlfir.assign %arg7 to %26#0 : i32, !fir.ref<i32>
                omp.critical {
                  %27 = fir.load %23#0 : !fir.ref<i32>
                  %c1_i32_2 = arith.constant 1 : i32
                  %28 = arith.addi %27, %c1_i32_2 : i32
                  hlfir.assign %28 to %23#0 : i32, !fir.ref<i32>
                  omp.terminator
                }
                omp.critical(@acc) {
                  %27 = fir.load %24#0 : !fir.ref<i32>
                  %c2_i32 = arith.constant 2 : i32
                  %28 = arith.addi %27, %c2_i32 : i32
                  hlfir.assign %28 to %24#0 : i32, !fir.ref<i32>
                  omp.terminator
                }
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
    %10 = fir.address_of(@_QQclX2832693629) : !fir.ref<!fir.char<1,5>>
    %c5 = arith.constant 5 : index
    %11:2 = hlfir.declare %10 typeparams %c5 {fortran_attrs = #fir.var_attrs<parameter>, uniq_name = "_QQclX2832693629"} : (!fir.ref<!fir.char<1,5>>, index) -> (!fir.ref<!fir.char<1,5>>, !fir.ref<!fir.char<1,5>>)
    %12 = fir.convert %11#0 : (!fir.ref<!fir.char<1,5>>) -> !fir.ref<i8>
    %13 = fir.convert %c5 : (index) -> i64
    %14 = fir.zero_bits !fir.box<none>
    %c6_i32 = arith.constant 6 : i32
    %15 = fir.address_of(@_QQclXb2a0c4a6120f00a011bf2b62ae830abf) : !fir.ref<!fir.char<1,52>>
    %16 = fir.convert %15 : (!fir.ref<!fir.char<1,52>>) -> !fir.ref<i8>
    %c17_i32 = arith.constant 17 : i32
    %17 = fir.call @_FortranAioBeginExternalFormattedOutput(%12, %13, %14, %c6_i32, %16, %c17_i32) fastmath<contract> : (!fir.ref<i8>, i64, !fir.box<none>, i32, !fir.ref<i8>, i32) -> !fir.ref<i8>
    %18 = fir.load %6#0 : !fir.ref<i32>
    %19 = fir.call @_FortranAioOutputInteger32(%17, %18) fastmath<contract> : (!fir.ref<i8>, i32) -> i1
    %20 = fir.load %4#0 : !fir.ref<i32>
    %21 = fir.call @_FortranAioOutputInteger32(%17, %20) fastmath<contract> : (!fir.ref<i8>, i32) -> i1
    %22 = fir.call @_FortranAioEndIoStatement(%17) fastmath<contract> : (!fir.ref<i8>) -> i32
    return
  }
  func.func private @_FortranAioBeginExternalFormattedOutput(!fir.ref<i8>, i64, !fir.box<none>, i32, !fir.ref<i8>, i32) -> !fir.ref<i8> attributes {fir.io, fir.runtime}
  fir.global linkonce @_QQclX2832693629 constant : !fir.char<1,5> {
    %0 = fir.string_lit "(2i6)"(5) : !fir.char<1,5>
    fir.has_value %0 : !fir.char<1,5>
  }
  fir.global linkonce @_QQclXb2a0c4a6120f00a011bf2b62ae830abf constant : !fir.char<1,52> {
    %0 = fir.string_lit "/work/wt-gpufix/test/launch/Inputs/gpu_critical.f90\00"(52) : !fir.char<1,52>
    fir.has_value %0 : !fir.char<1,52>
  }
  func.func private @_FortranAioOutputInteger32(!fir.ref<i8>, i32) -> i1 attributes {fir.io, fir.runtime}
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
