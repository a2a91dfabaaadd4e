module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, fir.defaultkind = "a1c4d8i4l4r4", fir.kindmap = "", llvm.data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", llvm.ident = "Debian flang version 22.1.8", llvm.target_triple = "x86_64-pc-linux-gnu", omp.is_gpu = false, omp.is_target_device = false, omp.requires = #omp<clause_requires none>, omp.target_triples = [], omp.version = #omp.version<version = 52>} {
  func.func @_QQmain() attributes {fir.bindc_name = "TARGET_TASK"} {
    %0 = fir.dummy_scope : !fir.dscope
    %1 = fir.alloca i32 {bindc_name = "x", uniq_name = "_QFEx"}
    %2:2 = hlfir.declare %1 {uniq_name = "_QFEx"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    %c0_i32 = arith.constant 0 : i32
    hlfir.assign %c0_i32 to %2#0 : i32, !fir.ref<i32>
    %3 = omp.map.info var_ptr(%2#1 : !fir.ref<i32>, i32) map_clauses(tofrom) capture(ByRef) -> !fir.ref<i32> {name = "x"}
    omp.target map_entries(%3 -> %arg0 : !fir.ref<i32>) {
      %20:2 = hlfir.declare %arg0 {uniq_name = "_QFEx"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
      omp.task {
        %23 = fir.load %20#0 : !fir.ref<i32>
        %c41_i32 = arith.constant 41 : i32
        %24 = arith.addi %23, %c41_i32 : i32
        hlfir.assign %24 to %20#0 : i32, !fir.ref<i32>
        omp.terminator
      }
      omp.taskwait
      %21 = fir.load %20#0 : !fir.ref<i32>
      %c1_i32 = arith.constant 1 : i32
      %22 = arith.addi %21, %c1_i32 : i32
      hlfir.assign %22 to %20#0 : i32, !fir.ref<i32>
      omp.terminator
    }
    %4 = fir.address_of(@_QQclX28612C693029) : !fir.ref<!fir.char<1,6>>
    %c6 = arith.constant 6 : index
    %5:2 = hlfir.declare %4 typeparams %c6 {fortran_attrs = #fir.var_attrs<parameter>, uniq_name = "_QQclX28612C693029"} : (!fir.ref<!fir.char<1,6>>, index) -> (!fir.ref<!fir.char<1,6>>, !fir.ref<!fir.char<1,6>>)
    %6 = fir.convert %5#0 : (!fir.ref<!fir.char<1,6>>) -> !fir.ref<i8>
    %7 = fir.convert %c6 : (index) -> i64
    %8 = fir.zero_bits !fir.box<none>
    %c6_i32 = arith.constant 6 : i32
    %9 = fir.address_of(@_QQclX51ef9a1497d497e6e29e56646b0e3217) : !fir.ref<!fir.char<1,45>>
    %10 = fir.convert %9 : (!fir.ref<!fir.char<1,45>>) -> !fir.ref<i8>
    %c14_i32 = arith.constant 14 : i32
    %11 = fir.call @_FortranAioBeginExternalFormattedOutput(%6, %7, %8, %c6_i32, %10, %c14_i32) fastmath<contract> : (!fir.ref<i8>, i64, !fir.box<none>, i32, !fir.ref<i8>, i32) -> !fir.ref<i8>
    %12 = fir.address_of(@_QQclX78203D20) : !fir.ref<!fir.char<1,4>>
    %c4 = arith.constant 4 : index
    %13:2 = hlfir.declare %12 typeparams %c4 {fortran_attrs = #fir.var_attrs<parameter>, uniq_name = "_QQclX78203D20"} : (!fir.ref<!fir.char<1,4>>, index) -> (!fir.ref<!fir.char<1,4>>, !fir.ref<!fir.char<1,4>>)
    %14 = fir.convert %13#0 : (!fir.ref<!fir.char<1,4>>) -> !fir.ref<i8>
    %15 = fir.convert %c4 : (index) -> i64
    %16 = fir.call @_FortranAioOutputAscii(%11, %14, %15) fastmath<contract> : (!fir.ref<i8>, !fir.ref<i8>, i64) -> i1
    %17 = fir.load %2#0 : !fir.ref<i32>
    %18 = fir.call @_FortranAioOutputInteger32(%11, %17) fastmath<contract> : (!fir.ref<i8>, i32) -> i1
    %19 = fir.call @_FortranAioEndIoStatement(%11) fastmath<contract> : (!fir.ref<i8>) -> i32
    return
  }
  func.func private @_FortranAioBeginExternalFormattedOutput(!fir.ref<i8>, i64, !fir.box<none>, i32, !fir.ref<i8>, i32) -> !fir.ref<i8> attributes {fir.io, fir.runtime}
  fir.global linkonce @_QQclX28612C693029 constant : !fir.char<1,6> {
    %0 = fir.string_lit "(a,i0)"(6) : !fir.char<1,6>
    fir.has_value %0 : !fir.char<1,6>
  }
  fir.global linkonce @_QQclX51ef9a1497d497e6e29e56646b0e3217 constant : !fir.char<1,45> {
    %0 = fir.string_lit "/work/wt4/test/launch/Inputs/target_task.f90\00"(45) : !fir.char<1,45>
    fir.has_value %0 : !fir.char<1,45>
  }
  func.func private @_FortranAioOutputAscii(!fir.ref<i8>, !fir.ref<i8>, i64) -> i1 attributes {fir.io, fir.runtime}
  fir.global linkonce @_QQclX78203D20 constant : !fir.char<1,4> {
    %0 = fir.string_lit "x = "(4) : !fir.char<1,4>
    fir.has_value %0 : !fir.char<1,4>
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
