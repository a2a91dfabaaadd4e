module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, fir.defaultkind = "a1c4d8i4l4r4", fir.kindmap = "", llvm.data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", llvm.ident = "Debian flang version 22.1.8", llvm.target_triple = "x86_64-pc-linux-gnu", omp.is_gpu = false, omp.is_target_device = false, omp.requires = #omp<clause_requires none>, omp.target_triples = [], omp.version = #omp.version<version = 31>} {
  func.func @_QQmain() attributes {fir.bindc_name = "GPU_GENERIC_PARALLEL"} {
    %0 = fir.dummy_scope : !fir.dscope
    %c2 = arith.constant 2 : index
    %1 = fir.alloca !fir.array<2xi32> {bindc_name = "a", uniq_name = "_QFEa"}
    %2 = fir.shape %c2 : (index) -> !fir.shape<1>
    %3:2 = hlfir.declare %1(%2) {uniq_name = "_QFEa"} : (!fir.ref<!fir.array<2xi32>>, !fir.shape<1>) -> (!fir.ref<!fir.array<2xi32>>, !fir.ref<!fir.array<2xi32>>)
    %c0_i32 = arith.constant 0 : i32
    hlfir.assign %c0_i32 to %3#0 : i32, !fir.ref<!fir.array<2xi32>>
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %4 = arith.subi %c2, %c1 : index
    %5 = omp.map.bounds lower_bound(%c0 : index) upper_bound(%4 : index) extent(%c2 : index) stride(%c1 : index) start_idx(%c1 : index)
    %6 = omp.map.info var_ptr(%3#1 : !fir.ref<!fir.array<2xi32>>, !fir.array<2xi32>) map_clauses(tofrom) capture(ByRef) bounds(%5) -> !fir.ref<!fir.array<2xi32>> {name = "a"}
    omp.target map_entries(%6 -> %arg0 : !fir.ref<!fir.array<2xi32>>) {
      %c2_0 = arith.constant 2 : index
      %20 = fir.shape %c2_0 : (index) -> !fir.shape<1>
      %21:2 = hlfir.declare %arg0(%20) {uniq_name = "_QFEa"} : (!fir.ref<!fir.array<2xi32>>, !fir.shape<1>) -> (!fir.ref<!fir.array<2xi32>>, !fir.ref<!fir.array<2xi32>>)
      omp.parallel {
        %c1_i32 = arith.constant 1 : i32
        %c1_1 = arith.constant 1 : index
        %22 = hlfir.designate %21#0 (%c1_1)  : (!fir.ref<!fir.array<2xi32>>, index) -> !fir.ref<i32>
        hlfir.assign %c1_i32 to %22 : i32, !fir.ref<i32>
        omp.terminator
      }
      omp.parallel {
        %c2_i32 = arith.constant 2 : i32
        %c2_1 = arith.constant 2 : index
        %22 = hlfir.designate %21#0 (%c2_1)  : (!fir.ref<!fir.array<2xi32>>, index) -> !fir.ref<i32>
        hlfir.assign %c2_i32 to %22 : i32, !fir.ref<i32>
        omp.terminator
      }
      omp.terminator
    }
    %7 = fir.address_of(@_QQclX2832693329) : !fir.ref<!fir.char<1,5>>
    %c5 = arith.constant 5 : index
    %8:2 = hlfir.declare %7 typeparams %c5 {fortran_attrs = #fir.var_attrs<parameter>, uniq_name = "_QQclX2832693329"} : (!fir.ref<!fir.char<1,5>>, index) -> (!fir.ref<!fir.char<1,5>>, !fir.ref<!fir.char<1,5>>)
    %9 = fir.convert %8#0 : (!fir.ref<!fir.char<1,5>>) -> !fir.ref<i8>
    %10 = fir.convert %c5 : (index) -> i64
    %11 = fir.zero_bits !fir.box<none>
    %c6_i32 = arith.constant 6 : i32
    %12 = fir.address_of(@_QQclXbbfe7d2acb6ae4168517bbe444f0e311) : !fir.ref<!fir.char<1,60>>
    %13 = fir.convert %12 : (!fir.ref<!fir.char<1,60>>) -> !fir.ref<i8>
    %c16_i32 = arith.constant 16 : i32
    %14 = fir.call @_FortranAioBeginExternalFormattedOutput(%9, %10, %11, %c6_i32, %13, %c16_i32) fastmath<contract> : (!fir.ref<i8>, i64, !fir.box<none>, i32, !fir.ref<i8>, i32) -> !fir.ref<i8>
    %15 = fir.shape %c2 : (index) -> !fir.shape<1>
    %16 = fir.embox %3#0(%15) : (!fir.ref<!fir.array<2xi32>>, !fir.shape<1>) -> !fir.box<!fir.array<2xi32>>
    %17 = fir.convert %16 : (!fir.box<!fir.array<2xi32>>) -> !fir.box<none>
    %18 = fir.call @_FortranAioOutputDescriptor(%14, %17) fastmath<contract> : (!fir.ref<i8>, !fir.box<none>) -> i1
    %19 = fir.call @_FortranAioEndIoStatement(%14) fastmath<contract> : (!fir.ref<i8>) -> i32
    return
  }
  func.func private @_FortranAioBeginExternalFormattedOutput(!fir.ref<i8>, i64, !fir.box<none>, i32, !fir.ref<i8>, i32) -> !fir.ref<i8> attributes {fir.io, fir.runtime}
  fir.global linkonce @_QQclX2832693329 constant : !fir.char<1,5> {
    %0 = fir.string_lit "(2i3)"(5) : !fir.char<1,5>
    fir.has_value %0 : !fir.char<1,5>
  }
  fir.global linkonce @_QQclXbbfe7d2acb6ae4168517bbe444f0e311 constant : !fir.char<1,60> {
    %0 = fir.string_lit "/work/wt-gpufix/test/launch/Inputs/gpu_generic_parallel.f90\00"(60) : !fir.char<1,60>
    fir.has_value %0 : !fir.char<1,60>
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
