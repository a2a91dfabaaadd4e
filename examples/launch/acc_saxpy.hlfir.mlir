module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, fir.defaultkind = "a1c4d8i4l4r4", fir.kindmap = "", llvm.data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", llvm.ident = "Debian flang version 22.1.8", llvm.target_triple = "x86_64-pc-linux-gnu"} {
  acc.private.recipe @privatization_ref_i32 : !fir.ref<i32> init {
  ^bb0(%arg0: !fir.ref<i32>):
    %0 = fir.alloca i32
    %1:2 = hlfir.declare %0 {uniq_name = "acc.private.init"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    acc.yield %1#0 : !fir.ref<i32>
  }
  func.func @_QQmain() attributes {fir.bindc_name = "ACC_SAXPY"} {
    %0 = fir.dummy_scope : !fir.dscope
    %1 = fir.alloca i32 {bindc_name = "i", uniq_name = "_QFEi"}
    %2:2 = hlfir.declare %1 {uniq_name = "_QFEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    %3 = fir.address_of(@_QFECn) : !fir.ref<i32>
    %4:2 = hlfir.declare %3 {fortran_attrs = #fir.var_attrs<parameter>, uniq_name = "_QFECn"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    %5 = fir.address_of(@_QFEx) : !fir.ref<!fir.array<1000xf32>>
    %c1000 = arith.constant 1000 : index
    %6 = fir.shape %c1000 : (index) -> !fir.shape<1>
    %7:2 = hlfir.declare %5(%6) {uniq_name = "_QFEx"} : (!fir.ref<!fir.array<1000xf32>>, !fir.shape<1>) -> (!fir.ref<!fir.array<1000xf32>>, !fir.ref<!fir.array<1000xf32>>)
    %8 = fir.address_of(@_QFEy) : !fir.ref<!fir.array<1000xf32>>
    %c1000_0 = arith.constant 1000 : index
    %9 = fir.shape %c1000_0 : (index) -> !fir.shape<1>
    %10:2 = hlfir.declare %8(%9) {uniq_name = "_QFEy"} : (!fir.ref<!fir.array<1000xf32>>, !fir.shape<1>) -> (!fir.ref<!fir.array<1000xf32>>, !fir.ref<!fir.array<1000xf32>>)
    %cst = arith.constant 1.000000e+00 : f32
    hlfir.assign %cst to %7#0 : f32, !fir.ref<!fir.array<1000xf32>>
    %cst_1 = arith.constant 2.000000e+00 : f32
    hlfir.assign %cst_1 to %10#0 : f32, !fir.ref<!fir.array<1000xf32>>
    %11 = acc.copyin varPtr(%7#0 : !fir.ref<!fir.array<1000xf32>>) -> !fir.ref<!fir.array<1000xf32>> {name = "x"}
    %12 = acc.copyin varPtr(%10#0 : !fir.ref<!fir.array<1000xf32>>) -> !fir.ref<!fir.array<1000xf32>> {dataClause = #acc<data_clause acc_copy>, name = "y"}
    acc.parallel combined(loop) dataOperands(%11, %12 : !fir.ref<!fir.array<1000xf32>>, !fir.ref<!fir.array<1000xf32>>) {
      %59:2 = hlfir.declare %11(%6) {uniq_name = "_QFEx"} : (!fir.ref<!fir.array<1000xf32>>, !fir.shape<1>) -> (!fir.ref<!fir.array<1000xf32>>, !fir.ref<!fir.array<1000xf32>>)
      %60:2 = hlfir.declare %12(%9) {uniq_name = "_QFEy"} : (!fir.ref<!fir.array<1000xf32>>, !fir.shape<1>) -> (!fir.ref<!fir.array<1000xf32>>, !fir.ref<!fir.array<1000xf32>>)
      %c1_i32 = arith.constant 1 : i32
      %c1000_i32 = arith.constant 1000 : i32
      %c1_i32_5 = arith.constant 1 : i32
      %61 = acc.private varPtr(%2#0 : !fir.ref<i32>) recipe(@privatization_ref_i32) -> !fir.ref<i32> {implicit = true, name = "i"}
      acc.loop combined(parallel) private(%61 : !fir.ref<i32>) control(%arg0 : i32) = (%c1_i32 : i32) to (%c1000_i32 : i32)  step (%c1_i32_5 : i32) {
        %62:2 = hlfir.declare %61 {uniq_name = "_QFEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
        fir.store %arg0 to %62#0 : !fir.ref<i32>
        %cst_6 = arith.constant 3.000000e+00 : f32
        %63 = fir.load %62#0 : !fir.ref<i32>
        %64 = fir.convert %63 : (i32) -> i64
        %65 = hlfir.designate %59#0 (%64)  : (!fir.ref<!fir.array<1000xf32>>, i64) -> !fir.ref<f32>
        %66 = fir.load %65 : !fir.ref<f32>
        %67 = arith.mulf %cst_6, %66 fastmath<contract> : f32
        %68 = fir.load %62#0 : !fir.ref<i32>
        %69 = fir.convert %68 : (i32) -> i64
        %70 = hlfir.designate %60#0 (%69)  : (!fir.ref<!fir.array<1000xf32>>, i64) -> !fir.ref<f32>
        %71 = fir.load %70 : !fir.ref<f32>
        %72 = arith.addf %67, %71 fastmath<contract> : f32
        %73 = fir.load %62#0 : !fir.ref<i32>
        %74 = fir.convert %73 : (i32) -> i64
        %75 = hlfir.designate %60#0 (%74)  : (!fir.ref<!fir.array<1000xf32>>, i64) -> !fir.ref<f32>
        hlfir.assign %72 to %75 : f32, !fir.ref<f32>
        acc.yield
      } attributes {inclusiveUpperbound = array<i1: true>, independent = [#acc.device_type<none>]}
      acc.yield
    }
    acc.copyout accPtr(%12 : !fir.ref<!fir.array<1000xf32>>) to varPtr(%10#0 : !fir.ref<!fir.array<1000xf32>>) {dataClause = #acc<data_clause acc_copy>, name = "y"}
    acc.delete accPtr(%11 : !fir.ref<!fir.array<1000xf32>>) {dataClause = #acc<data_clause acc_copyin>, name = "x"}
    %13 = fir.address_of(@_QQclX28612C66362E312C612C66362E3129) : !fir.ref<!fir.char<1,15>>
    %c15 = arith.constant 15 : index
    %14:2 = hlfir.declare %13 typeparams %c15 {fortran_attrs = #fir.var_attrs<parameter>, uniq_name = "_QQclX28612C66362E312C612C66362E3129"} : (!fir.ref<!fir.char<1,15>>, index) -> (!fir.ref<!fir.char<1,15>>, !fir.ref<!fir.char<1,15>>)
    %15 = fir.convert %14#0 : (!fir.ref<!fir.char<1,15>>) -> !fir.ref<i8>
    %16 = fir.convert %c15 : (index) -> i64
    %17 = fir.zero_bits !fir.box<none>
    %c6_i32 = arith.constant 6 : i32
    %18 = fir.address_of(@_QQclXfe0af48b36d7d7f543fd75b39dcae4b5) : !fir.ref<!fir.char<1,40>>
    %19 = fir.convert %18 : (!fir.ref<!fir.char<1,40>>) -> !fir.ref<i8>
    %c14_i32 = arith.constant 14 : i32
    %20 = fir.call @_FortranAioBeginExternalFormattedOutput(%15, %16, %17, %c6_i32, %19, %c14_i32) fastmath<contract> : (!fir.ref<i8>, i64, !fir.box<none>, i32, !fir.ref<i8>, i32) -> !fir.ref<i8>
    %21 = fir.address_of(@_QQclX792831293D) : !fir.ref<!fir.char<1,5>>
    %c5 = arith.constant 5 : index
    %22:2 = hlfir.declare %21 typeparams %c5 {fortran_attrs = #fir.var_attrs<parameter>, uniq_name = "_QQclX792831293D"} : (!fir.ref<!fir.char<1,5>>, index) -> (!fir.ref<!fir.char<1,5>>, !fir.ref<!fir.char<1,5>>)
    %23 = fir.convert %22#0 : (!fir.ref<!fir.char<1,5>>) -> !fir.ref<i8>
    %24 = fir.convert %c5 : (index) -> i64
    %25 = fir.call @_FortranAioOutputAscii(%20, %23, %24) fastmath<contract> : (!fir.ref<i8>, !fir.ref<i8>, i64) -> i1
    %c1 = arith.constant 1 : index
    %26 = hlfir.designate %10#0 (%c1)  : (!fir.ref<!fir.array<1000xf32>>, index) -> !fir.ref<f32>
    %27 = fir.load %26 : !fir.ref<f32>
    %28 = fir.call @_FortranAioOutputReal32(%20, %27) fastmath<contract> : (!fir.ref<i8>, f32) -> i1
    %29 = fir.address_of(@_QQclX2079286E293D) : !fir.ref<!fir.char<1,6>>
    %c6 = arith.constant 6 : index
    %30:2 = hlfir.declare %29 typeparams %c6 {fortran_attrs = #fir.var_attrs<parameter>, uniq_name = "_QQclX2079286E293D"} : (!fir.ref<!fir.char<1,6>>, index) -> (!fir.ref<!fir.char<1,6>>, !fir.ref<!fir.char<1,6>>)
    %31 = fir.convert %30#0 : (!fir.ref<!fir.char<1,6>>) -> !fir.ref<i8>
    %32 = fir.convert %c6 : (index) -> i64
    %33 = fir.call @_FortranAioOutputAscii(%20, %31, %32) fastmath<contract> : (!fir.ref<i8>, !fir.ref<i8>, i64) -> i1
    %c1000_2 = arith.constant 1000 : index
    %34 = hlfir.designate %10#0 (%c1000_2)  : (!fir.ref<!fir.array<1000xf32>>, index) -> !fir.ref<f32>
    %35 = fir.load %34 : !fir.ref<f32>
    %36 = fir.call @_FortranAioOutputReal32(%20, %35) fastmath<contract> : (!fir.ref<i8>, f32) -> i1
    %37 = fir.call @_FortranAioEndIoStatement(%20) fastmath<contract> : (!fir.ref<i8>) -> i32
    %cst_3 = arith.constant 5.000000e+00 : f32
    %38 = hlfir.elemental %9 unordered : (!fir.shape<1>) -> !hlfir.expr<1000x!fir.logical<4>> {
    ^bb0(%arg0: index):
      %59 = hlfir.designate %10#0 (%arg0)  : (!fir.ref<!fir.array<1000xf32>>, index) -> !fir.ref<f32>
      %60 = fir.load %59 : !fir.ref<f32>
      %61 = arith.cmpf oeq, %60, %cst_3 fastmath<contract> : f32
      %62 = fir.convert %61 : (i1) -> !fir.logical<4>
      hlfir.yield_element %62 : !fir.logical<4>
    }
    %39 = hlfir.all %38 : (!hlfir.expr<1000x!fir.logical<4>>) -> !fir.logical<4>
    hlfir.destroy %38 : !hlfir.expr<1000x!fir.logical<4>>
    %40 = fir.convert %39 : (!fir.logical<4>) -> i1
    cf.cond_br %40, ^bb1, ^bb2
  ^bb1:  // pred: ^bb0
    %41 = fir.address_of(@_QQclX286129) : !fir.ref<!fir.char<1,3>>
    %c3 = arith.constant 3 : index
    %42:2 = hlfir.declare %41 typeparams %c3 {fortran_attrs = #fir.var_attrs<parameter>, uniq_name = "_QQclX286129"} : (!fir.ref<!fir.char<1,3>>, index) -> (!fir.ref<!fir.char<1,3>>, !fir.ref<!fir.char<1,3>>)
    %43 = fir.convert %42#0 : (!fir.ref<!fir.char<1,3>>) -> !fir.ref<i8>
    %44 = fir.convert %c3 : (index) -> i64
    %45 = fir.zero_bits !fir.box<none>
    %c6_i32_4 = arith.constant 6 : i32
    %46 = fir.address_of(@_QQclXfe0af48b36d7d7f543fd75b39dcae4b5) : !fir.ref<!fir.char<1,40>>
    %47 = fir.convert %46 : (!fir.ref<!fir.char<1,40>>) -> !fir.ref<i8>
    %c16_i32 = arith.constant 16 : i32
    %48 = fir.call @_FortranAioBeginExternalFormattedOutput(%43, %44, %45, %c6_i32_4, %47, %c16_i32) fastmath<contract> : (!fir.ref<i8>, i64, !fir.box<none>, i32, !fir.ref<i8>, i32) -> !fir.ref<i8>
    %49 = fir.address_of(@_QQclX6163635F73617870793A206F6B) : !fir.ref<!fir.char<1,13>>
    %c13 = arith.constant 13 : index
    %50:2 = hlfir.declare %49 typeparams %c13 {fortran_attrs = #fir.var_attrs<parameter>, uniq_name = "_QQclX6163635F73617870793A206F6B"} : (!fir.ref<!fir.char<1,13>>, index) -> (!fir.ref<!fir.char<1,13>>, !fir.ref<!fir.char<1,13>>)
    %51 = fir.convert %50#0 : (!fir.ref<!fir.char<1,13>>) -> !fir.ref<i8>
    %52 = fir.convert %c13 : (index) -> i64
    %53 = fir.call @_FortranAioOutputAscii(%48, %51, %52) fastmath<contract> : (!fir.ref<i8>, !fir.ref<i8>, i64) -> i1
    %54 = fir.call @_FortranAioEndIoStatement(%48) fastmath<contract> : (!fir.ref<i8>) -> i32
    cf.br ^bb3
  ^bb2:  // pred: ^bb0
    %55 = fir.address_of(@_QQclX6163635F73617870793A2057524F4E4720524553554C54) : !fir.ref<!fir.char<1,23>>
    %c23 = arith.constant 23 : index
    %56:2 = hlfir.declare %55 typeparams %c23 {fortran_attrs = #fir.var_attrs<parameter>, uniq_name = "_QQclX6163635F73617870793A2057524F4E4720524553554C54"} : (!fir.ref<!fir.char<1,23>>, index) -> (!fir.ref<!fir.char<1,23>>, !fir.ref<!fir.char<1,23>>)
    %57 = fir.convert %56#0 : (!fir.ref<!fir.char<1,23>>) -> !fir.ref<i8>
    %58 = fir.convert %c23 : (index) -> i64
    %true = arith.constant true
    %false = arith.constant false
    fir.call @_FortranAStopStatementText(%57, %58, %true, %false) fastmath<contract> : (!fir.ref<i8>, i64, i1, i1) -> ()
    fir.unreachable
  ^bb3:  // pred: ^bb1
    return
  }
  fir.global internal @_QFECn constant : i32 {
    %c1000_i32 = arith.constant 1000 : i32
    fir.has_value %c1000_i32 : i32
  }
  fir.global internal @_QFEx : !fir.array<1000xf32> {
    %0 = fir.zero_bits !fir.array<1000xf32>
    fir.has_value %0 : !fir.array<1000xf32>
  }
  fir.global internal @_QFEy : !fir.array<1000xf32> {
    %0 = fir.zero_bits !fir.array<1000xf32>
    fir.has_value %0 : !fir.array<1000xf32>
  }
  func.func private @_FortranAioBeginExternalFormattedOutput(!fir.ref<i8>, i64, !fir.box<none>, i32, !fir.ref<i8>, i32) -> !fir.ref<i8> attributes {fir.io, fir.runtime}
  fir.global linkonce @_QQclX28612C66362E312C612C66362E3129 constant : !fir.char<1,15> {
    %0 = fir.string_lit "(a,f6.1,a,f6.1)"(15) : !fir.char<1,15>
    fir.has_value %0 : !fir.char<1,15>
  }
  fir.global linkonce @_QQclXfe0af48b36d7d7f543fd75b39dcae4b5 constant : !fir.char<1,40> {
    %0 = fir.string_lit "/work/wt4/examples/launch/acc_saxpy.f90\00"(40) : !fir.char<1,40>
    fir.has_value %0 : !fir.char<1,40>
  }
  func.func private @_FortranAioOutputAscii(!fir.ref<i8>, !fir.ref<i8>, i64) -> i1 attributes {fir.io, fir.runtime}
  fir.global linkonce @_QQclX792831293D constant : !fir.char<1,5> {
    %0 = fir.string_lit "y(1)="(5) : !fir.char<1,5>
    fir.has_value %0 : !fir.char<1,5>
  }
  func.func private @_FortranAioOutputReal32(!fir.ref<i8>, f32) -> i1 attributes {fir.io, fir.runtime}
  fir.global linkonce @_QQclX2079286E293D constant : !fir.char<1,6> {
    %0 = fir.string_lit " y(n)="(6) : !fir.char<1,6>
    fir.has_value %0 : !fir.char<1,6>
  }
  func.func private @_FortranAioEndIoStatement(!fir.ref<i8>) -> i32 attributes {fir.io, fir.runtime}
  fir.global linkonce @_QQclX286129 constant : !fir.char<1,3> {
    %0 = fir.string_lit "(a)"(3) : !fir.char<1,3>
    fir.has_value %0 : !fir.char<1,3>
  }
  fir.global linkonce @_QQclX6163635F73617870793A206F6B constant : !fir.char<1,13> {
    %0 = fir.string_lit "acc_saxpy: ok"(13) : !fir.char<1,13>
    fir.has_value %0 : !fir.char<1,13>
  }
  fir.global linkonce @_QQclX6163635F73617870793A2057524F4E4720524553554C54 constant : !fir.char<1,23> {
    %0 = fir.string_lit "acc_saxpy: WRONG RESULT"(23) : !fir.char<1,23>
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
