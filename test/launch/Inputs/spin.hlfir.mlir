module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, fir.defaultkind = "a1c4d8i4l4r4", fir.kindmap = "", llvm.data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", llvm.ident = "Debian flang version 22.1.8", llvm.target_triple = "x86_64-pc-linux-gnu", omp.is_gpu = false, omp.is_target_device = false, omp.target_triples = [], omp.version = #omp.version<version = 52>} {
  func.func @_QQmain() attributes {fir.bindc_name = "SPIN"} {
    %0 = fir.dummy_scope : !fir.dscope
    %1 = fir.alloca i32 {bindc_name = "k", uniq_name = "_QFEk"}
    %2 = fir.volatile_cast %1 : (!fir.ref<i32>) -> !fir.ref<i32, volatile>
    %3:2 = hlfir.declare %2 {fortran_attrs = #fir.var_attrs<volatile>, uniq_name = "_QFEk"} : (!fir.ref<i32, volatile>) -> (!fir.ref<i32, volatile>, !fir.ref<i32, volatile>)
    %c0_i32 = arith.constant 0 : i32
    hlfir.assign %c0_i32 to %3#0 : i32, !fir.ref<i32, volatile>
    %4 = fir.address_of(@_QQclX286129) : !fir.ref<!fir.char<1,3>>
    %c3 = arith.constant 3 : index
    %5:2 = hlfir.declare %4 typeparams %c3 {fortran_attrs = #fir.var_attrs<parameter>, uniq_name = "_QQclX286129"} : (!fir.ref<!fir.char<1,3>>, index) -> (!fir.ref<!fir.char<1,3>>, !fir.ref<!fir.char<1,3>>)
    %6 = fir.convert %5#0 : (!fir.ref<!fir.char<1,3>>) -> !fir.ref<i8>
    %7 = fir.convert %c3 : (index) -> i64
    %8 = fir.zero_bits !fir.box<none>
    %c6_i32 = arith.constant 6 : i32
    %9 = fir.address_of(@_QQclX57722696035f8bb07a6bd9566e28e87f) : !fir.ref<!fir.char<1,38>>
    %10 = fir.convert %9 : (!fir.ref<!fir.char<1,38>>) -> !fir.ref<i8>
    %c6_i32_0 = arith.constant 6 : i32
    %11 = fir.call @_FortranAioBeginExternalFormattedOutput(%6, %7, %8, %c6_i32, %10, %c6_i32_0) fastmath<contract> : (!fir.ref<i8>, i64, !fir.box<none>, i32, !fir.ref<i8>, i32) -> !fir.ref<i8>
    %12 = fir.address_of(@_QQclX7370696E6E696E67) : !fir.ref<!fir.char<1,8>>
    %c8 = arith.constant 8 : index
    %13:2 = hlfir.declare %12 typeparams %c8 {fortran_attrs = #fir.var_attrs<parameter>, uniq_name = "_QQclX7370696E6E696E67"} : (!fir.ref<!fir.char<1,8>>, index) -> (!fir.ref<!fir.char<1,8>>, !fir.ref<!fir.char<1,8>>)
    %14 = fir.convert %13#0 : (!fir.ref<!fir.char<1,8>>) -> !fir.ref<i8>
    %15 = fir.convert %c8 : (index) -> i64
    %16 = fir.call @_FortranAioOutputAscii(%11, %14, %15) fastmath<contract> : (!fir.ref<i8>, !fir.ref<i8>, i64) -> i1
    %17 = fir.call @_FortranAioEndIoStatement(%11) fastmath<contract> : (!fir.ref<i8>) -> i32
    %c6_i32_1 = arith.constant 6 : i32
    %18 = fir.address_of(@_QQclX57722696035f8bb07a6bd9566e28e87f) : !fir.ref<!fir.char<1,38>>
    %19 = fir.convert %18 : (!fir.ref<!fir.char<1,38>>) -> !fir.ref<i8>
    %c7_i32 = arith.constant 7 : i32
    %20 = fir.call @_FortranAioBeginFlush(%c6_i32_1, %19, %c7_i32) fastmath<contract> : (i32, !fir.ref<i8>, i32) -> !fir.ref<i8>
    %21 = fir.call @_FortranAioEndIoStatement(%20) fastmath<contract> : (!fir.ref<i8>) -> i32
    cf.br ^bb1
  ^bb1:  // 2 preds: ^bb0, ^bb2
    %22 = fir.load %3#0 : !fir.ref<i32, volatile>
    %c0_i32_2 = arith.constant 0 : i32
    %23 = arith.cmpi sge, %22, %c0_i32_2 : i32
    cf.cond_br %23, ^bb2, ^bb3
  ^bb2:  // pred: ^bb1
    %24 = fir.load %3#0 : !fir.ref<i32, volatile>
    %c1_i32 = arith.constant 1 : i32
    %25 = arith.addi %24, %c1_i32 : i32
    %c1000_i32 = arith.constant 1000 : i32
    %26 = arith.remsi %25, %c1000_i32 : i32
    hlfir.assign %26 to %3#0 : i32, !fir.ref<i32, volatile>
    cf.br ^bb1
  ^bb3:  // pred: ^bb1
    return
  }
  func.func private @_FortranAioBeginExternalFormattedOutput(!fir.ref<i8>, i64, !fir.box<none>, i32, !fir.ref<i8>, i32) -> !fir.ref<i8> attributes {fir.io, fir.runtime}
  fir.global linkonce @_QQclX286129 constant : !fir.char<1,3> {
    %0 = fir.string_lit "(a)"(3) : !fir.char<1,3>
    fir.has_value %0 : !fir.char<1,3>
  }
  fir.global linkonce @_QQclX57722696035f8bb07a6bd9566e28e87f constant : !fir.char<1,38> {
    %0 = fir.string_lit "/work/wt4/test/launch/Inputs/spin.f90\00"(38) : !fir.char<1,38>
    fir.has_value %0 : !fir.char<1,38>
  }
  func.func private @_FortranAioOutputAscii(!fir.ref<i8>, !fir.ref<i8>, i64) -> i1 attributes {fir.io, fir.runtime}
  fir.global linkonce @_QQclX7370696E6E696E67 constant : !fir.char<1,8> {
    %0 = fir.string_lit "spinning"(8) : !fir.char<1,8>
    fir.has_value %0 : !fir.char<1,8>
  }
  func.func private @_FortranAioEndIoStatement(!fir.ref<i8>) -> i32 attributes {fir.io, fir.runtime}
  func.func private @_FortranAioBeginFlush(i32, !fir.ref<i8>, i32) -> !fir.ref<i8> attributes {fir.io, fir.runtime}
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
