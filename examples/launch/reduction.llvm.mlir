module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, fir.defaultkind = "a1c4d8i4l4r4", fir.kindmap = "", llvm.data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", llvm.ident = "Debian flang version 22.1.8", llvm.target_triple = "x86_64-pc-linux-gnu", omp.is_gpu = false, omp.is_target_device = false, omp.requires = #omp<clause_requires none>, omp.target_triples = [], omp.version = #omp.version<version = 52>} {
  omp.private {type = private} @_QFEi_private_i32 : i32
  omp.declare_reduction @add_reduction_f64 : f64 init {
  ^bb0(%arg0: f64):
    %0 = llvm.mlir.constant(0.000000e+00 : f64) : f64
    omp.yield(%0 : f64)
  } combiner {
  ^bb0(%arg0: f64, %arg1: f64):
    %0 = llvm.fadd %arg0, %arg1 {fastmathFlags = #llvm.fastmath<contract>} : f64
    omp.yield(%0 : f64)
  }
  llvm.func @_QQmain() attributes {fir.bindc_name = "REDUCTION"} {
    %0 = llvm.mlir.constant(1 : i64) : i64
    %1 = llvm.alloca %0 x f64 {bindc_name = "s"} : (i64) -> !llvm.ptr
    %2 = llvm.mlir.constant(1 : i64) : i64
    %3 = llvm.alloca %2 x i32 {bindc_name = "i"} : (i64) -> !llvm.ptr
    %4 = llvm.mlir.constant(99999 : index) : i64
    %5 = llvm.mlir.constant(false) : i1
    %6 = llvm.mlir.constant(true) : i1
    %7 = llvm.mlir.constant(23 : index) : i64
    %8 = llvm.mlir.constant(13 : index) : i64
    %9 = llvm.mlir.constant(17 : i32) : i32
    %10 = llvm.mlir.constant(3 : index) : i64
    %11 = llvm.mlir.constant(5.000050e+09 : f64) : f64
    %12 = llvm.mlir.constant(6 : index) : i64
    %13 = llvm.mlir.constant(15 : i32) : i32
    %14 = llvm.mlir.constant(6 : i32) : i32
    %15 = llvm.mlir.constant(9 : index) : i64
    %16 = llvm.mlir.constant(0 : index) : i64
    %17 = llvm.mlir.constant(0.000000e+00 : f64) : f64
    %18 = llvm.mlir.constant(1 : index) : i64
    %19 = llvm.mlir.constant(100000 : i32) : i32
    %20 = llvm.mlir.constant(1 : i32) : i32
    %21 = llvm.mlir.constant(100000 : index) : i64
    %22 = llvm.mlir.constant(1 : i64) : i64
    %23 = llvm.mlir.constant(1 : i64) : i64
    %24 = llvm.mlir.addressof @_QFEx : !llvm.ptr
    %25 = llvm.trunc %18 : i64 to i32
    llvm.br ^bb1(%25, %21 : i32, i64)
  ^bb1(%26: i32, %27: i64):  // 2 preds: ^bb0, ^bb2
    %28 = llvm.icmp "sgt" %27, %16 : i64
    llvm.cond_br %28, ^bb2, ^bb3
  ^bb2:  // pred: ^bb1
    llvm.store %26, %3 {tbaa = [#llvm.tbaa_tag<base_type = <id = "allocated data/_QFEi", members = {<#llvm.tbaa_type_desc<id = "allocated data", members = {<#llvm.tbaa_type_desc<id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, 0>}>, 0>}>, access_type = <id = "allocated data/_QFEi", members = {<#llvm.tbaa_type_desc<id = "allocated data", members = {<#llvm.tbaa_type_desc<id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, 0>}>, 0>}>, offset = 0>]} : i32, !llvm.ptr
    %29 = llvm.load %3 {tbaa = [#llvm.tbaa_tag<base_type = <id = "allocated data/_QFEi", members = {<#llvm.tbaa_type_desc<id = "allocated data", members = {<#llvm.tbaa_type_desc<id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, 0>}>, 0>}>, access_type = <id = "allocated data/_QFEi", members = {<#llvm.tbaa_type_desc<id = "allocated data", members = {<#llvm.tbaa_type_desc<id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, 0>}>, 0>}>, offset = 0>]} : !llvm.ptr -> i32
    %30 = llvm.sitofp %29 : i32 to f64
    %31 = llvm.sext %29 : i32 to i64
    %32 = llvm.mlir.constant(1 : i64) : i64
    %33 = llvm.mlir.constant(0 : i64) : i64
    %34 = llvm.sub %31, %32 overflow<nsw> : i64
    %35 = llvm.mul %34, %32 overflow<nsw> : i64
    %36 = llvm.mul %35, %32 overflow<nsw> : i64
    %37 = llvm.add %36, %33 overflow<nsw> : i64
    %38 = llvm.mul %32, %21 overflow<nsw> : i64
    %39 = llvm.getelementptr %24[%37] : (!llvm.ptr, i64) -> !llvm.ptr, f64
    llvm.store %30, %39 {tbaa = [#llvm.tbaa_tag<base_type = <id = "global data/_QFEx", members = {<#llvm.tbaa_type_desc<id = "global data", members = {<#llvm.tbaa_type_desc<id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, 0>}>, 0>}>, access_type = <id = "global data/_QFEx", members = {<#llvm.tbaa_type_desc<id = "global data", members = {<#llvm.tbaa_type_desc<id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, 0>}>, 0>}>, offset = 0>]} : f64, !llvm.ptr
    %40 = llvm.load %3 {tbaa = [#llvm.tbaa_tag<base_type = <id = "allocated data/_QFEi", members = {<#llvm.tbaa_type_desc<id = "allocated data", members = {<#llvm.tbaa_type_desc<id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, 0>}>, 0>}>, access_type = <id = "allocated data/_QFEi", members = {<#llvm.tbaa_type_desc<id = "allocated data", members = {<#llvm.tbaa_type_desc<id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, 0>}>, 0>}>, offset = 0>]} : !llvm.ptr -> i32
    %41 = llvm.add %40, %25 overflow<nsw> : i32
    %42 = llvm.sub %27, %18 : i64
    llvm.br ^bb1(%41, %42 : i32, i64)
  ^bb3:  // pred: ^bb1
    llvm.store %26, %3 {tbaa = [#llvm.tbaa_tag<base_type = <id = "allocated data/_QFEi", members = {<#llvm.tbaa_type_desc<id = "allocated data", members = {<#llvm.tbaa_type_desc<id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, 0>}>, 0>}>, access_type = <id = "allocated data/_QFEi", members = {<#llvm.tbaa_type_desc<id = "allocated data", members = {<#llvm.tbaa_type_desc<id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, 0>}>, 0>}>, offset = 0>]} : i32, !llvm.ptr
    llvm.store %17, %1 {tbaa = [#llvm.tbaa_tag<base_type = <id = "allocated data/_QFEs", members = {<#llvm.tbaa_type_desc<id = "allocated data", members = {<#llvm.tbaa_type_desc<id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, 0>}>, 0>}>, access_type = <id = "allocated data/_QFEs", members = {<#llvm.tbaa_type_desc<id = "allocated data", members = {<#llvm.tbaa_type_desc<id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, 0>}>, 0>}>, offset = 0>]} : f64, !llvm.ptr
    %43 = omp.map.info var_ptr(%1 : !llvm.ptr, f64) map_clauses(tofrom) capture(ByRef) -> !llvm.ptr {name = "s"}
    %44 = omp.map.bounds lower_bound(%16 : i64) upper_bound(%4 : i64) extent(%21 : i64) stride(%18 : i64) start_idx(%18 : i64)
    %45 = omp.map.info var_ptr(%24 : !llvm.ptr, !llvm.array<100000 x f64>) map_clauses(to) capture(ByRef) bounds(%44) -> !llvm.ptr {name = "x"}
    %46 = omp.map.info var_ptr(%1 : !llvm.ptr, f64) map_clauses(tofrom) capture(ByRef) -> !llvm.ptr {name = "s"}
    %47 = omp.map.info var_ptr(%3 : !llvm.ptr, i32) map_clauses(implicit) capture(ByCopy) -> !llvm.ptr {name = "i"}
    omp.target host_eval(%20 -> %arg0, %19 -> %arg1, %20 -> %arg2 : i32, i32, i32) map_entries(%43 -> %arg3, %45 -> %arg4, %46 -> %arg5, %47 -> %arg6 : !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr) {
      %65 = llvm.mlir.constant(100000 : index) : i64
      omp.teams reduction(@add_reduction_f64 %arg5 -> %arg7 : !llvm.ptr) {
        omp.parallel private(@_QFEi_private_i32 %arg6 -> %arg8 : !llvm.ptr) {
          omp.distribute {
            omp.wsloop reduction(@add_reduction_f64 %arg7 -> %arg9 : !llvm.ptr) {
              omp.loop_nest (%arg10) : i32 = (%arg0) to (%arg1) inclusive step (%arg2) {
                llvm.store %arg10, %arg8 {tbaa = [#llvm.tbaa_tag<base_type = <id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, access_type = <id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, offset = 0>]} : i32, !llvm.ptr
                %66 = llvm.load %arg9 {tbaa = [#llvm.tbaa_tag<base_type = <id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, access_type = <id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, offset = 0>]} : !llvm.ptr -> f64
                %67 = llvm.load %arg8 {tbaa = [#llvm.tbaa_tag<base_type = <id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, access_type = <id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, offset = 0>]} : !llvm.ptr -> i32
                %68 = llvm.sext %67 : i32 to i64
                %69 = llvm.mlir.constant(1 : i64) : i64
                %70 = llvm.mlir.constant(0 : i64) : i64
                %71 = llvm.sub %68, %69 overflow<nsw> : i64
                %72 = llvm.mul %71, %69 overflow<nsw> : i64
                %73 = llvm.mul %72, %69 overflow<nsw> : i64
                %74 = llvm.add %73, %70 overflow<nsw> : i64
                %75 = llvm.mul %69, %65 overflow<nsw> : i64
                %76 = llvm.getelementptr %arg4[%74] : (!llvm.ptr, i64) -> !llvm.ptr, f64
                %77 = llvm.load %76 {tbaa = [#llvm.tbaa_tag<base_type = <id = "global data/_QFEx", members = {<#llvm.tbaa_type_desc<id = "global data", members = {<#llvm.tbaa_type_desc<id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, 0>}>, 0>}>, access_type = <id = "global data/_QFEx", members = {<#llvm.tbaa_type_desc<id = "global data", members = {<#llvm.tbaa_type_desc<id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, 0>}>, 0>}>, offset = 0>]} : !llvm.ptr -> f64
                %78 = llvm.fadd %66, %77 {fastmathFlags = #llvm.fastmath<contract>} : f64
                llvm.store %78, %arg9 {tbaa = [#llvm.tbaa_tag<base_type = <id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, access_type = <id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, offset = 0>]} : f64, !llvm.ptr
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
    %48 = llvm.mlir.addressof @_QQclX28612C6631342E3129 : !llvm.ptr
    %49 = llvm.mlir.zero : !llvm.ptr
    %50 = llvm.mlir.addressof @_QQclX0d7df17be85c31ab8e68cc70fba12a6f : !llvm.ptr
    %51 = llvm.call @_FortranAioBeginExternalFormattedOutput(%48, %15, %49, %14, %50, %13) {fastmathFlags = #llvm.fastmath<contract>, llvm.nocallback, llvm.nosync, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>} : (!llvm.ptr, i64, !llvm.ptr, i32, !llvm.ptr, i32) -> !llvm.ptr
    %52 = llvm.mlir.addressof @_QQclX73756D203D20 : !llvm.ptr
    %53 = llvm.call @_FortranAioOutputAscii(%51, %52, %12) {fastmathFlags = #llvm.fastmath<contract>, llvm.nocallback, llvm.nosync, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>} : (!llvm.ptr, !llvm.ptr, i64) -> i1
    %54 = llvm.load %1 {tbaa = [#llvm.tbaa_tag<base_type = <id = "allocated data/_QFEs", members = {<#llvm.tbaa_type_desc<id = "allocated data", members = {<#llvm.tbaa_type_desc<id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, 0>}>, 0>}>, access_type = <id = "allocated data/_QFEs", members = {<#llvm.tbaa_type_desc<id = "allocated data", members = {<#llvm.tbaa_type_desc<id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, 0>}>, 0>}>, offset = 0>]} : !llvm.ptr -> f64
    %55 = llvm.call @_FortranAioOutputReal64(%51, %54) {fastmathFlags = #llvm.fastmath<contract>, llvm.nocallback, llvm.nosync, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>} : (!llvm.ptr, f64) -> i1
    %56 = llvm.call @_FortranAioEndIoStatement(%51) {fastmathFlags = #llvm.fastmath<contract>, llvm.nocallback, llvm.nosync, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>} : (!llvm.ptr) -> i32
    %57 = llvm.load %1 {tbaa = [#llvm.tbaa_tag<base_type = <id = "allocated data/_QFEs", members = {<#llvm.tbaa_type_desc<id = "allocated data", members = {<#llvm.tbaa_type_desc<id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, 0>}>, 0>}>, access_type = <id = "allocated data/_QFEs", members = {<#llvm.tbaa_type_desc<id = "allocated data", members = {<#llvm.tbaa_type_desc<id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, 0>}>, 0>}>, offset = 0>]} : !llvm.ptr -> f64
    %58 = llvm.fcmp "oeq" %57, %11 {fastmathFlags = #llvm.fastmath<contract>} : f64
    llvm.cond_br %58, ^bb4, ^bb5
  ^bb4:  // pred: ^bb3
    %59 = llvm.mlir.addressof @_QQclX286129 : !llvm.ptr
    %60 = llvm.call @_FortranAioBeginExternalFormattedOutput(%59, %10, %49, %14, %50, %9) {fastmathFlags = #llvm.fastmath<contract>, llvm.nocallback, llvm.nosync, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>} : (!llvm.ptr, i64, !llvm.ptr, i32, !llvm.ptr, i32) -> !llvm.ptr
    %61 = llvm.mlir.addressof @_QQclX726564756374696F6E3A206F6B : !llvm.ptr
    %62 = llvm.call @_FortranAioOutputAscii(%60, %61, %8) {fastmathFlags = #llvm.fastmath<contract>, llvm.nocallback, llvm.nosync, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>} : (!llvm.ptr, !llvm.ptr, i64) -> i1
    %63 = llvm.call @_FortranAioEndIoStatement(%60) {fastmathFlags = #llvm.fastmath<contract>, llvm.nocallback, llvm.nosync, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>} : (!llvm.ptr) -> i32
    llvm.return
  ^bb5:  // pred: ^bb3
    %64 = llvm.mlir.addressof @_QQclX726564756374696F6E3A2057524F4E4720524553554C54 : !llvm.ptr
    llvm.call @_FortranAStopStatementText(%64, %7, %6, %5) {fastmathFlags = #llvm.fastmath<contract>} : (!llvm.ptr, i64, i1, i1) -> ()
    llvm.unreachable
  }
  llvm.mlir.global internal constant @_QFECn() {addr_space = 0 : i32} : i32 {
    %0 = llvm.mlir.constant(100000 : i32) : i32
    llvm.return %0 : i32
  }
  llvm.mlir.global internal @_QFEx() {addr_space = 0 : i32} : !llvm.array<100000 x f64> {
    %0 = llvm.mlir.zero : !llvm.array<100000 x f64>
    llvm.return %0 : !llvm.array<100000 x f64>
  }
  llvm.func @_FortranAioBeginExternalFormattedOutput(!llvm.ptr, i64, !llvm.ptr, i32, !llvm.ptr, i32) -> !llvm.ptr attributes {fir.io, fir.runtime, sym_visibility = "private"}
  llvm.mlir.global linkonce constant @_QQclX28612C6631342E3129() comdat(@__llvm_comdat::@_QQclX28612C6631342E3129) {addr_space = 0 : i32} : !llvm.array<9 x i8> {
    %0 = llvm.mlir.constant("(a,f14.1)") : !llvm.array<9 x i8>
    llvm.return %0 : !llvm.array<9 x i8>
  }
  llvm.comdat @__llvm_comdat {
    llvm.comdat_selector @_QQclX28612C6631342E3129 any
    llvm.comdat_selector @_QQclX0d7df17be85c31ab8e68cc70fba12a6f any
    llvm.comdat_selector @_QQclX73756D203D20 any
    llvm.comdat_selector @_QQclX286129 any
    llvm.comdat_selector @_QQclX726564756374696F6E3A206F6B any
    llvm.comdat_selector @_QQclX726564756374696F6E3A2057524F4E4720524553554C54 any
  }
  llvm.mlir.global linkonce constant @_QQclX0d7df17be85c31ab8e68cc70fba12a6f() comdat(@__llvm_comdat::@_QQclX0d7df17be85c31ab8e68cc70fba12a6f) {addr_space = 0 : i32} : !llvm.array<40 x i8> {
    %0 = llvm.mlir.constant("/work/wt4/examples/launch/reduction.f90\00") : !llvm.array<40 x i8>
    llvm.return %0 : !llvm.array<40 x i8>
  }
  llvm.func @_FortranAioOutputAscii(!llvm.ptr, !llvm.ptr, i64) -> (i1 {llvm.zeroext}) attributes {fir.io, fir.runtime, sym_visibility = "private"}
  llvm.mlir.global linkonce constant @_QQclX73756D203D20() comdat(@__llvm_comdat::@_QQclX73756D203D20) {addr_space = 0 : i32} : !llvm.array<6 x i8> {
    %0 = llvm.mlir.constant("sum = ") : !llvm.array<6 x i8>
    llvm.return %0 : !llvm.array<6 x i8>
  }
  llvm.func @_FortranAioOutputReal64(!llvm.ptr, f64) -> (i1 {llvm.zeroext}) attributes {fir.io, fir.runtime, sym_visibility = "private"}
  llvm.func @_FortranAioEndIoStatement(!llvm.ptr) -> i32 attributes {fir.io, fir.runtime, sym_visibility = "private"}
  llvm.mlir.global linkonce constant @_QQclX286129() comdat(@__llvm_comdat::@_QQclX286129) {addr_space = 0 : i32} : !llvm.array<3 x i8> {
    %0 = llvm.mlir.constant("(a)") : !llvm.array<3 x i8>
    llvm.return %0 : !llvm.array<3 x i8>
  }
  llvm.mlir.global linkonce constant @_QQclX726564756374696F6E3A206F6B() comdat(@__llvm_comdat::@_QQclX726564756374696F6E3A206F6B) {addr_space = 0 : i32} : !llvm.array<13 x i8> {
    %0 = llvm.mlir.constant("reduction: ok") : !llvm.array<13 x i8>
    llvm.return %0 : !llvm.array<13 x i8>
  }
  llvm.mlir.global linkonce constant @_QQclX726564756374696F6E3A2057524F4E4720524553554C54() comdat(@__llvm_comdat::@_QQclX726564756374696F6E3A2057524F4E4720524553554C54) {addr_space = 0 : i32} : !llvm.array<23 x i8> {
    %0 = llvm.mlir.constant("reduction: WRONG RESULT") : !llvm.array<23 x i8>
    llvm.return %0 : !llvm.array<23 x i8>
  }
  llvm.func @_FortranAStopStatementText(!llvm.ptr, i64, i1 {llvm.zeroext}, i1 {llvm.zeroext}) attributes {fir.runtime, sym_visibility = "private"}
  llvm.func @_FortranAProgramStart(i32, !llvm.ptr, !llvm.ptr, !llvm.ptr) attributes {sym_visibility = "private"}
  llvm.func @_FortranAProgramEndStatement() attributes {sym_visibility = "private"}
  llvm.func @main(%arg0: i32, %arg1: !llvm.ptr, %arg2: !llvm.ptr) -> i32 {
    %0 = llvm.mlir.constant(0 : i32) : i32
    %1 = llvm.mlir.zero : !llvm.ptr
    llvm.call @_FortranAProgramStart(%arg0, %arg1, %arg2, %1) {fastmathFlags = #llvm.fastmath<contract>} : (i32, !llvm.ptr, !llvm.ptr, !llvm.ptr) -> ()
    llvm.call @_QQmain() {fastmathFlags = #llvm.fastmath<contract>} : () -> ()
    llvm.call @_FortranAProgramEndStatement() {fastmathFlags = #llvm.fastmath<contract>} : () -> ()
    llvm.return %0 : i32
  }
}
