module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, fir.defaultkind = "a1c4d8i4l4r4", fir.kindmap = "", llvm.data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", llvm.ident = "Debian flang version 22.1.8", llvm.target_triple = "x86_64-pc-linux-gnu", omp.is_gpu = false, omp.is_target_device = false, omp.requires = #omp<clause_requires none>, omp.target_triples = [], omp.version = #omp.version<version = 52>} {
  llvm.func @free(!llvm.ptr)
  llvm.func @malloc(i64) -> !llvm.ptr
  omp.private {type = private} @_QFEi_private_i32 : i32
  llvm.func @_QQmain() attributes {fir.bindc_name = "SAXPY"} {
    %0 = llvm.mlir.constant(1 : i32) : i32
    %1 = llvm.alloca %0 x !llvm.struct<(ptr, i64, i32, i8, i8, i8, i8, array<1 x array<3 x i64>>)> {alignment = 8 : i64} : (i32) -> !llvm.ptr
    %2 = llvm.mlir.constant(1 : i64) : i64
    %3 = llvm.alloca %2 x i32 {bindc_name = "on_host"} : (i64) -> !llvm.ptr
    %4 = llvm.mlir.constant(1 : i64) : i64
    %5 = llvm.alloca %4 x i32 {bindc_name = "i"} : (i64) -> !llvm.ptr
    %6 = llvm.mlir.constant(1 : i64) : i64
    %7 = llvm.alloca %6 x f32 {bindc_name = "a"} : (i64) -> !llvm.ptr
    %8 = llvm.mlir.constant(1023 : index) : i64
    %9 = llvm.mlir.constant(false) : i1
    %10 = llvm.mlir.constant(19 : index) : i64
    %11 = llvm.mlir.constant(9 : index) : i64
    %12 = llvm.mlir.constant(24 : i32) : i32
    %13 = llvm.mlir.constant(3 : index) : i64
    %14 = llvm.mlir.constant(1.000000e-03 : f32) : f32
    %15 = llvm.mlir.constant(5 : index) : i64
    %16 = llvm.mlir.constant(22 : i32) : i32
    %17 = llvm.mlir.constant(15 : index) : i64
    %18 = llvm.mlir.constant(31 : index) : i64
    %19 = llvm.mlir.constant(21 : i32) : i32
    %20 = llvm.mlir.constant(16 : index) : i64
    %21 = llvm.mlir.constant(20 : i32) : i32
    %22 = llvm.mlir.constant(6 : i32) : i32
    %23 = llvm.mlir.constant(6 : index) : i64
    %24 = llvm.mlir.constant(0 : index) : i64
    %25 = llvm.mlir.constant(true) : i1
    %26 = llvm.mlir.constant(1.000000e+00 : f32) : f32
    %27 = llvm.mlir.constant(1 : index) : i64
    %28 = llvm.mlir.constant(1024 : i32) : i32
    %29 = llvm.mlir.constant(1 : i32) : i32
    %30 = llvm.mlir.constant(2.000000e+00 : f32) : f32
    %31 = llvm.mlir.constant(1024 : index) : i64
    %32 = llvm.mlir.constant(1 : i64) : i64
    %33 = llvm.mlir.constant(1 : i64) : i64
    %34 = llvm.mlir.constant(1 : i64) : i64
    %35 = llvm.mlir.addressof @_QFEx : !llvm.ptr
    %36 = llvm.mlir.addressof @_QFEy : !llvm.ptr
    llvm.store %30, %7 {tbaa = [#llvm.tbaa_tag<base_type = <id = "allocated data/_QFEa", members = {<#llvm.tbaa_type_desc<id = "allocated data", members = {<#llvm.tbaa_type_desc<id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, 0>}>, 0>}>, access_type = <id = "allocated data/_QFEa", members = {<#llvm.tbaa_type_desc<id = "allocated data", members = {<#llvm.tbaa_type_desc<id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, 0>}>, 0>}>, offset = 0>]} : f32, !llvm.ptr
    %37 = llvm.trunc %27 : i64 to i32
    llvm.br ^bb1(%37, %31 : i32, i64)
  ^bb1(%38: i32, %39: i64):  // 2 preds: ^bb0, ^bb2
    %40 = llvm.icmp "sgt" %39, %24 : i64
    llvm.cond_br %40, ^bb2, ^bb3
  ^bb2:  // pred: ^bb1
    llvm.store %38, %5 {tbaa = [#llvm.tbaa_tag<base_type = <id = "allocated data/_QFEi", members = {<#llvm.tbaa_type_desc<id = "allocated data", members = {<#llvm.tbaa_type_desc<id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, 0>}>, 0>}>, access_type = <id = "allocated data/_QFEi", members = {<#llvm.tbaa_type_desc<id = "allocated data", members = {<#llvm.tbaa_type_desc<id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, 0>}>, 0>}>, offset = 0>]} : i32, !llvm.ptr
    %41 = llvm.load %5 {tbaa = [#llvm.tbaa_tag<base_type = <id = "allocated data/_QFEi", members = {<#llvm.tbaa_type_desc<id = "allocated data", members = {<#llvm.tbaa_type_desc<id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, 0>}>, 0>}>, access_type = <id = "allocated data/_QFEi", members = {<#llvm.tbaa_type_desc<id = "allocated data", members = {<#llvm.tbaa_type_desc<id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, 0>}>, 0>}>, offset = 0>]} : !llvm.ptr -> i32
    %42 = llvm.sitofp %41 : i32 to f32
    %43 = llvm.sext %41 : i32 to i64
    %44 = llvm.mlir.constant(1 : i64) : i64
    %45 = llvm.mlir.constant(0 : i64) : i64
    %46 = llvm.sub %43, %44 overflow<nsw> : i64
    %47 = llvm.mul %46, %44 overflow<nsw> : i64
    %48 = llvm.mul %47, %44 overflow<nsw> : i64
    %49 = llvm.add %48, %45 overflow<nsw> : i64
    %50 = llvm.mul %44, %31 overflow<nsw> : i64
    %51 = llvm.getelementptr %35[%49] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    llvm.store %42, %51 {tbaa = [#llvm.tbaa_tag<base_type = <id = "global data/_QFEx", members = {<#llvm.tbaa_type_desc<id = "global data", members = {<#llvm.tbaa_type_desc<id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, 0>}>, 0>}>, access_type = <id = "global data/_QFEx", members = {<#llvm.tbaa_type_desc<id = "global data", members = {<#llvm.tbaa_type_desc<id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, 0>}>, 0>}>, offset = 0>]} : f32, !llvm.ptr
    %52 = llvm.load %5 {tbaa = [#llvm.tbaa_tag<base_type = <id = "allocated data/_QFEi", members = {<#llvm.tbaa_type_desc<id = "allocated data", members = {<#llvm.tbaa_type_desc<id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, 0>}>, 0>}>, access_type = <id = "allocated data/_QFEi", members = {<#llvm.tbaa_type_desc<id = "allocated data", members = {<#llvm.tbaa_type_desc<id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, 0>}>, 0>}>, offset = 0>]} : !llvm.ptr -> i32
    %53 = llvm.sext %52 : i32 to i64
    %54 = llvm.mlir.constant(1 : i64) : i64
    %55 = llvm.mlir.constant(0 : i64) : i64
    %56 = llvm.sub %53, %54 overflow<nsw> : i64
    %57 = llvm.mul %56, %54 overflow<nsw> : i64
    %58 = llvm.mul %57, %54 overflow<nsw> : i64
    %59 = llvm.add %58, %55 overflow<nsw> : i64
    %60 = llvm.mul %54, %31 overflow<nsw> : i64
    %61 = llvm.getelementptr %36[%59] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    llvm.store %26, %61 {tbaa = [#llvm.tbaa_tag<base_type = <id = "global data/_QFEy", members = {<#llvm.tbaa_type_desc<id = "global data", members = {<#llvm.tbaa_type_desc<id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, 0>}>, 0>}>, access_type = <id = "global data/_QFEy", members = {<#llvm.tbaa_type_desc<id = "global data", members = {<#llvm.tbaa_type_desc<id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, 0>}>, 0>}>, offset = 0>]} : f32, !llvm.ptr
    %62 = llvm.load %5 {tbaa = [#llvm.tbaa_tag<base_type = <id = "allocated data/_QFEi", members = {<#llvm.tbaa_type_desc<id = "allocated data", members = {<#llvm.tbaa_type_desc<id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, 0>}>, 0>}>, access_type = <id = "allocated data/_QFEi", members = {<#llvm.tbaa_type_desc<id = "allocated data", members = {<#llvm.tbaa_type_desc<id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, 0>}>, 0>}>, offset = 0>]} : !llvm.ptr -> i32
    %63 = llvm.add %62, %37 overflow<nsw> : i32
    %64 = llvm.sub %39, %27 : i64
    llvm.br ^bb1(%63, %64 : i32, i64)
  ^bb3:  // pred: ^bb1
    llvm.store %38, %5 {tbaa = [#llvm.tbaa_tag<base_type = <id = "allocated data/_QFEi", members = {<#llvm.tbaa_type_desc<id = "allocated data", members = {<#llvm.tbaa_type_desc<id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, 0>}>, 0>}>, access_type = <id = "allocated data/_QFEi", members = {<#llvm.tbaa_type_desc<id = "allocated data", members = {<#llvm.tbaa_type_desc<id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, 0>}>, 0>}>, offset = 0>]} : i32, !llvm.ptr
    %65 = llvm.mlir.constant(1 : i64) : i32
    llvm.store %65, %3 {tbaa = [#llvm.tbaa_tag<base_type = <id = "allocated data/_QFEon_host", members = {<#llvm.tbaa_type_desc<id = "allocated data", members = {<#llvm.tbaa_type_desc<id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, 0>}>, 0>}>, access_type = <id = "allocated data/_QFEon_host", members = {<#llvm.tbaa_type_desc<id = "allocated data", members = {<#llvm.tbaa_type_desc<id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, 0>}>, 0>}>, offset = 0>]} : i32, !llvm.ptr
    %66 = omp.map.bounds lower_bound(%24 : i64) upper_bound(%8 : i64) extent(%31 : i64) stride(%27 : i64) start_idx(%27 : i64)
    %67 = omp.map.info var_ptr(%35 : !llvm.ptr, !llvm.array<1024 x f32>) map_clauses(to) capture(ByRef) bounds(%66) -> !llvm.ptr {name = "x"}
    %68 = omp.map.info var_ptr(%36 : !llvm.ptr, !llvm.array<1024 x f32>) map_clauses(tofrom) capture(ByRef) bounds(%66) -> !llvm.ptr {name = "y"}
    %69 = omp.map.info var_ptr(%3 : !llvm.ptr, i32) map_clauses(from) capture(ByRef) -> !llvm.ptr {name = "on_host"}
    %70 = omp.map.info var_ptr(%5 : !llvm.ptr, i32) map_clauses(implicit) capture(ByCopy) -> !llvm.ptr {name = "i"}
    %71 = omp.map.info var_ptr(%7 : !llvm.ptr, f32) map_clauses(implicit) capture(ByCopy) -> !llvm.ptr {name = "a"}
    omp.target host_eval(%29 -> %arg0, %28 -> %arg1, %29 -> %arg2 : i32, i32, i32) map_entries(%67 -> %arg3, %68 -> %arg4, %69 -> %arg5, %70 -> %arg6, %71 -> %arg7 : !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr, !llvm.ptr) {
      %191 = llvm.mlir.constant(1 : i32) : i32
      %192 = llvm.mlir.constant(1024 : index) : i64
      omp.teams {
        omp.parallel private(@_QFEi_private_i32 %arg6 -> %arg8 : !llvm.ptr) {
          omp.distribute {
            omp.wsloop {
              omp.loop_nest (%arg9) : i32 = (%arg0) to (%arg1) inclusive step (%arg2) {
                llvm.store %arg9, %arg8 {tbaa = [#llvm.tbaa_tag<base_type = <id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, access_type = <id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, offset = 0>]} : i32, !llvm.ptr
                %193 = llvm.load %arg7 {tbaa = [#llvm.tbaa_tag<base_type = <id = "allocated data/_QFEa", members = {<#llvm.tbaa_type_desc<id = "allocated data", members = {<#llvm.tbaa_type_desc<id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, 0>}>, 0>}>, access_type = <id = "allocated data/_QFEa", members = {<#llvm.tbaa_type_desc<id = "allocated data", members = {<#llvm.tbaa_type_desc<id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, 0>}>, 0>}>, offset = 0>]} : !llvm.ptr -> f32
                %194 = llvm.load %arg8 {tbaa = [#llvm.tbaa_tag<base_type = <id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, access_type = <id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, offset = 0>]} : !llvm.ptr -> i32
                %195 = llvm.sext %194 : i32 to i64
                %196 = llvm.mlir.constant(1 : i64) : i64
                %197 = llvm.mlir.constant(0 : i64) : i64
                %198 = llvm.sub %195, %196 overflow<nsw> : i64
                %199 = llvm.mul %198, %196 overflow<nsw> : i64
                %200 = llvm.mul %199, %196 overflow<nsw> : i64
                %201 = llvm.add %200, %197 overflow<nsw> : i64
                %202 = llvm.mul %196, %192 overflow<nsw> : i64
                %203 = llvm.getelementptr %arg3[%201] : (!llvm.ptr, i64) -> !llvm.ptr, f32
                %204 = llvm.load %203 {tbaa = [#llvm.tbaa_tag<base_type = <id = "global data/_QFEx", members = {<#llvm.tbaa_type_desc<id = "global data", members = {<#llvm.tbaa_type_desc<id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, 0>}>, 0>}>, access_type = <id = "global data/_QFEx", members = {<#llvm.tbaa_type_desc<id = "global data", members = {<#llvm.tbaa_type_desc<id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, 0>}>, 0>}>, offset = 0>]} : !llvm.ptr -> f32
                %205 = llvm.fmul %193, %204 {fastmathFlags = #llvm.fastmath<contract>} : f32
                %206 = llvm.mlir.constant(1 : i64) : i64
                %207 = llvm.mlir.constant(0 : i64) : i64
                %208 = llvm.sub %195, %206 overflow<nsw> : i64
                %209 = llvm.mul %208, %206 overflow<nsw> : i64
                %210 = llvm.mul %209, %206 overflow<nsw> : i64
                %211 = llvm.add %210, %207 overflow<nsw> : i64
                %212 = llvm.mul %206, %192 overflow<nsw> : i64
                %213 = llvm.getelementptr %arg4[%211] : (!llvm.ptr, i64) -> !llvm.ptr, f32
                %214 = llvm.load %213 {tbaa = [#llvm.tbaa_tag<base_type = <id = "global data/_QFEy", members = {<#llvm.tbaa_type_desc<id = "global data", members = {<#llvm.tbaa_type_desc<id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, 0>}>, 0>}>, access_type = <id = "global data/_QFEy", members = {<#llvm.tbaa_type_desc<id = "global data", members = {<#llvm.tbaa_type_desc<id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, 0>}>, 0>}>, offset = 0>]} : !llvm.ptr -> f32
                %215 = llvm.fadd %205, %214 {fastmathFlags = #llvm.fastmath<contract>} : f32
                llvm.store %215, %213 {tbaa = [#llvm.tbaa_tag<base_type = <id = "global data/_QFEy", members = {<#llvm.tbaa_type_desc<id = "global data", members = {<#llvm.tbaa_type_desc<id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, 0>}>, 0>}>, access_type = <id = "global data/_QFEy", members = {<#llvm.tbaa_type_desc<id = "global data", members = {<#llvm.tbaa_type_desc<id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, 0>}>, 0>}>, offset = 0>]} : f32, !llvm.ptr
                %216 = llvm.load %arg8 {tbaa = [#llvm.tbaa_tag<base_type = <id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, access_type = <id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, offset = 0>]} : !llvm.ptr -> i32
                %217 = llvm.icmp "eq" %216, %191 : i32
                llvm.cond_br %217, ^bb1, ^bb2
              ^bb1:  // pred: ^bb0
                %218 = llvm.call @omp_is_initial_device() {fastmathFlags = #llvm.fastmath<contract>, procedure_attrs = #fir.proc_attrs<bind_c>} : () -> i32
                llvm.store %218, %arg5 {tbaa = [#llvm.tbaa_tag<base_type = <id = "allocated data/_QFEon_host", members = {<#llvm.tbaa_type_desc<id = "allocated data", members = {<#llvm.tbaa_type_desc<id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, 0>}>, 0>}>, access_type = <id = "allocated data/_QFEon_host", members = {<#llvm.tbaa_type_desc<id = "allocated data", members = {<#llvm.tbaa_type_desc<id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, 0>}>, 0>}>, offset = 0>]} : i32, !llvm.ptr
                llvm.br ^bb2
              ^bb2:  // 2 preds: ^bb0, ^bb1
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
    %72 = llvm.mlir.addressof @_QQclX28612C693029 : !llvm.ptr
    %73 = llvm.mlir.zero : !llvm.ptr
    %74 = llvm.mlir.addressof @_QQclX057758a929e2645658dab25c36d73692 : !llvm.ptr
    %75 = llvm.call @_FortranAioBeginExternalFormattedOutput(%72, %23, %73, %22, %74, %21) {fastmathFlags = #llvm.fastmath<contract>, llvm.nocallback, llvm.nosync, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>} : (!llvm.ptr, i64, !llvm.ptr, i32, !llvm.ptr, i32) -> !llvm.ptr
    %76 = llvm.mlir.addressof @_QQclX64656661756C74206465766963653A20 : !llvm.ptr
    %77 = llvm.call @_FortranAioOutputAscii(%75, %76, %20) {fastmathFlags = #llvm.fastmath<contract>, llvm.nocallback, llvm.nosync, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>} : (!llvm.ptr, !llvm.ptr, i64) -> i1
    %78 = llvm.call @omp_get_default_device() {fastmathFlags = #llvm.fastmath<contract>, procedure_attrs = #fir.proc_attrs<bind_c>} : () -> i32
    %79 = llvm.call @_FortranAioOutputInteger32(%75, %78) {fastmathFlags = #llvm.fastmath<contract>, llvm.nocallback, llvm.nosync, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>} : (!llvm.ptr, i32) -> i1
    %80 = llvm.call @_FortranAioEndIoStatement(%75) {fastmathFlags = #llvm.fastmath<contract>, llvm.nocallback, llvm.nosync, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>} : (!llvm.ptr) -> i32
    %81 = llvm.mlir.addressof @_QQclX28612C6C3129 : !llvm.ptr
    %82 = llvm.call @_FortranAioBeginExternalFormattedOutput(%81, %23, %73, %22, %74, %19) {fastmathFlags = #llvm.fastmath<contract>, llvm.nocallback, llvm.nosync, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>} : (!llvm.ptr, i64, !llvm.ptr, i32, !llvm.ptr, i32) -> !llvm.ptr
    %83 = llvm.mlir.addressof @_QQclX74617267657420726567696F6E2072616E206F6E2074686520686F73743A20 : !llvm.ptr
    %84 = llvm.call @_FortranAioOutputAscii(%82, %83, %18) {fastmathFlags = #llvm.fastmath<contract>, llvm.nocallback, llvm.nosync, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>} : (!llvm.ptr, !llvm.ptr, i64) -> i1
    %85 = llvm.load %3 {tbaa = [#llvm.tbaa_tag<base_type = <id = "allocated data/_QFEon_host", members = {<#llvm.tbaa_type_desc<id = "allocated data", members = {<#llvm.tbaa_type_desc<id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, 0>}>, 0>}>, access_type = <id = "allocated data/_QFEon_host", members = {<#llvm.tbaa_type_desc<id = "allocated data", members = {<#llvm.tbaa_type_desc<id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, 0>}>, 0>}>, offset = 0>]} : !llvm.ptr -> i32
    %86 = llvm.mlir.constant(0 : i64) : i32
    %87 = llvm.icmp "ne" %85, %86 : i32
    %88 = llvm.call @_FortranAioOutputLogical(%82, %87) {fastmathFlags = #llvm.fastmath<contract>, llvm.nocallback, llvm.nosync, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>} : (!llvm.ptr, i1) -> i1
    %89 = llvm.call @_FortranAioEndIoStatement(%82) {fastmathFlags = #llvm.fastmath<contract>, llvm.nocallback, llvm.nosync, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>} : (!llvm.ptr) -> i32
    %90 = llvm.mlir.addressof @_QQclX28612C66372E312C612C66372E3129 : !llvm.ptr
    %91 = llvm.call @_FortranAioBeginExternalFormattedOutput(%90, %17, %73, %22, %74, %16) {fastmathFlags = #llvm.fastmath<contract>, llvm.nocallback, llvm.nosync, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>} : (!llvm.ptr, i64, !llvm.ptr, i32, !llvm.ptr, i32) -> !llvm.ptr
    %92 = llvm.mlir.addressof @_QQclX792831293D : !llvm.ptr
    %93 = llvm.call @_FortranAioOutputAscii(%91, %92, %15) {fastmathFlags = #llvm.fastmath<contract>, llvm.nocallback, llvm.nosync, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>} : (!llvm.ptr, !llvm.ptr, i64) -> i1
    %94 = llvm.mlir.constant(1 : i64) : i64
    %95 = llvm.mlir.constant(0 : i64) : i64
    %96 = llvm.sub %27, %94 overflow<nsw> : i64
    %97 = llvm.mul %96, %94 overflow<nsw> : i64
    %98 = llvm.mul %97, %94 overflow<nsw> : i64
    %99 = llvm.add %98, %95 overflow<nsw> : i64
    %100 = llvm.mul %94, %31 overflow<nsw> : i64
    %101 = llvm.getelementptr %36[%99] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %102 = llvm.load %101 {tbaa = [#llvm.tbaa_tag<base_type = <id = "global data/_QFEy", members = {<#llvm.tbaa_type_desc<id = "global data", members = {<#llvm.tbaa_type_desc<id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, 0>}>, 0>}>, access_type = <id = "global data/_QFEy", members = {<#llvm.tbaa_type_desc<id = "global data", members = {<#llvm.tbaa_type_desc<id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, 0>}>, 0>}>, offset = 0>]} : !llvm.ptr -> f32
    %103 = llvm.call @_FortranAioOutputReal32(%91, %102) {fastmathFlags = #llvm.fastmath<contract>, llvm.nocallback, llvm.nosync, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>} : (!llvm.ptr, f32) -> i1
    %104 = llvm.mlir.addressof @_QQclX2079286E293D : !llvm.ptr
    %105 = llvm.call @_FortranAioOutputAscii(%91, %104, %23) {fastmathFlags = #llvm.fastmath<contract>, llvm.nocallback, llvm.nosync, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>} : (!llvm.ptr, !llvm.ptr, i64) -> i1
    %106 = llvm.mlir.constant(1 : i64) : i64
    %107 = llvm.mlir.constant(0 : i64) : i64
    %108 = llvm.sub %31, %106 overflow<nsw> : i64
    %109 = llvm.mul %108, %106 overflow<nsw> : i64
    %110 = llvm.mul %109, %106 overflow<nsw> : i64
    %111 = llvm.add %110, %107 overflow<nsw> : i64
    %112 = llvm.mul %106, %31 overflow<nsw> : i64
    %113 = llvm.getelementptr %36[%111] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %114 = llvm.load %113 {tbaa = [#llvm.tbaa_tag<base_type = <id = "global data/_QFEy", members = {<#llvm.tbaa_type_desc<id = "global data", members = {<#llvm.tbaa_type_desc<id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, 0>}>, 0>}>, access_type = <id = "global data/_QFEy", members = {<#llvm.tbaa_type_desc<id = "global data", members = {<#llvm.tbaa_type_desc<id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, 0>}>, 0>}>, offset = 0>]} : !llvm.ptr -> f32
    %115 = llvm.call @_FortranAioOutputReal32(%91, %114) {fastmathFlags = #llvm.fastmath<contract>, llvm.nocallback, llvm.nosync, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>} : (!llvm.ptr, f32) -> i1
    %116 = llvm.call @_FortranAioEndIoStatement(%91) {fastmathFlags = #llvm.fastmath<contract>, llvm.nocallback, llvm.nosync, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>} : (!llvm.ptr) -> i32
    %117 = llvm.mlir.constant(4096 : i64) : i64
    %118 = llvm.mlir.constant(0 : i64) : i64
    %119 = llvm.mlir.constant(1 : i64) : i64
    %120 = llvm.icmp "sgt" %117, %118 : i64
    %121 = llvm.select %120, %117, %119 : i1, i64
    %122 = llvm.call @malloc(%121) {bindc_name = ".tmp.array", in_type = !fir.array<1024x!fir.logical<4>>, uniq_name = ""} : (i64) -> !llvm.ptr
    llvm.br ^bb4(%27, %31 : i64, i64)
  ^bb4(%123: i64, %124: i64):  // 2 preds: ^bb3, ^bb5
    %125 = llvm.icmp "sgt" %124, %24 : i64
    llvm.cond_br %125, ^bb5, ^bb6
  ^bb5:  // pred: ^bb4
    %126 = llvm.mlir.constant(1 : i64) : i64
    %127 = llvm.mlir.constant(0 : i64) : i64
    %128 = llvm.sub %123, %126 overflow<nsw> : i64
    %129 = llvm.mul %128, %126 overflow<nsw> : i64
    %130 = llvm.mul %129, %126 overflow<nsw> : i64
    %131 = llvm.add %130, %127 overflow<nsw> : i64
    %132 = llvm.mul %126, %31 overflow<nsw> : i64
    %133 = llvm.getelementptr %36[%131] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %134 = llvm.mlir.constant(1 : i64) : i64
    %135 = llvm.mlir.constant(0 : i64) : i64
    %136 = llvm.sub %123, %134 overflow<nsw> : i64
    %137 = llvm.mul %136, %134 overflow<nsw> : i64
    %138 = llvm.mul %137, %134 overflow<nsw> : i64
    %139 = llvm.add %138, %135 overflow<nsw> : i64
    %140 = llvm.mul %134, %31 overflow<nsw> : i64
    %141 = llvm.getelementptr %35[%139] : (!llvm.ptr, i64) -> !llvm.ptr, f32
    %142 = llvm.load %141 {tbaa = [#llvm.tbaa_tag<base_type = <id = "global data/_QFEx", members = {<#llvm.tbaa_type_desc<id = "global data", members = {<#llvm.tbaa_type_desc<id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, 0>}>, 0>}>, access_type = <id = "global data/_QFEx", members = {<#llvm.tbaa_type_desc<id = "global data", members = {<#llvm.tbaa_type_desc<id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, 0>}>, 0>}>, offset = 0>]} : !llvm.ptr -> f32
    %143 = llvm.fmul %142, %30 {fastmathFlags = #llvm.fastmath<contract>} : f32
    %144 = llvm.fadd %143, %26 {fastmathFlags = #llvm.fastmath<contract>} : f32
    %145 = llvm.load %133 {tbaa = [#llvm.tbaa_tag<base_type = <id = "global data/_QFEy", members = {<#llvm.tbaa_type_desc<id = "global data", members = {<#llvm.tbaa_type_desc<id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, 0>}>, 0>}>, access_type = <id = "global data/_QFEy", members = {<#llvm.tbaa_type_desc<id = "global data", members = {<#llvm.tbaa_type_desc<id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, 0>}>, 0>}>, offset = 0>]} : !llvm.ptr -> f32
    %146 = llvm.fsub %145, %144 {fastmathFlags = #llvm.fastmath<contract>} : f32
    %147 = llvm.intr.fabs(%146) {fastmathFlags = #llvm.fastmath<contract>} : (f32) -> f32
    %148 = llvm.fcmp "olt" %147, %14 {fastmathFlags = #llvm.fastmath<contract>} : f32
    %149 = llvm.zext %148 : i1 to i32
    %150 = llvm.mlir.constant(1 : i64) : i64
    %151 = llvm.mlir.constant(0 : i64) : i64
    %152 = llvm.sub %123, %150 overflow<nsw> : i64
    %153 = llvm.mul %152, %150 overflow<nsw> : i64
    %154 = llvm.mul %153, %150 overflow<nsw> : i64
    %155 = llvm.add %154, %151 overflow<nsw> : i64
    %156 = llvm.mul %150, %31 overflow<nsw> : i64
    %157 = llvm.getelementptr %122[%155] : (!llvm.ptr, i64) -> !llvm.ptr, i32
    llvm.store %149, %157 {tbaa = [#llvm.tbaa_tag<base_type = <id = "allocated data/", members = {<#llvm.tbaa_type_desc<id = "allocated data", members = {<#llvm.tbaa_type_desc<id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, 0>}>, 0>}>, access_type = <id = "allocated data/", members = {<#llvm.tbaa_type_desc<id = "allocated data", members = {<#llvm.tbaa_type_desc<id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, 0>}>, 0>}>, offset = 0>]} : i32, !llvm.ptr
    %158 = llvm.add %123, %27 overflow<nsw> : i64
    %159 = llvm.sub %124, %27 : i64
    llvm.br ^bb4(%158, %159 : i64, i64)
  ^bb6:  // pred: ^bb4
    %160 = llvm.mlir.constant(14 : i32) : i32
    %161 = llvm.mlir.constant(4 : i64) : i64
    %162 = llvm.mlir.undef : !llvm.struct<(ptr, i64, i32, i8, i8, i8, i8, array<1 x array<3 x i64>>)>
    %163 = llvm.insertvalue %161, %162[1] : !llvm.struct<(ptr, i64, i32, i8, i8, i8, i8, array<1 x array<3 x i64>>)> 
    %164 = llvm.mlir.constant(20240719 : i32) : i32
    %165 = llvm.insertvalue %164, %163[2] : !llvm.struct<(ptr, i64, i32, i8, i8, i8, i8, array<1 x array<3 x i64>>)> 
    %166 = llvm.mlir.constant(1 : i32) : i32
    %167 = llvm.trunc %166 : i32 to i8
    %168 = llvm.insertvalue %167, %165[3] : !llvm.struct<(ptr, i64, i32, i8, i8, i8, i8, array<1 x array<3 x i64>>)> 
    %169 = llvm.trunc %160 : i32 to i8
    %170 = llvm.insertvalue %169, %168[4] : !llvm.struct<(ptr, i64, i32, i8, i8, i8, i8, array<1 x array<3 x i64>>)> 
    %171 = llvm.mlir.constant(0 : i32) : i32
    %172 = llvm.trunc %171 : i32 to i8
    %173 = llvm.insertvalue %172, %170[5] : !llvm.struct<(ptr, i64, i32, i8, i8, i8, i8, array<1 x array<3 x i64>>)> 
    %174 = llvm.mlir.constant(0 : i32) : i32
    %175 = llvm.trunc %174 : i32 to i8
    %176 = llvm.insertvalue %175, %173[6] : !llvm.struct<(ptr, i64, i32, i8, i8, i8, i8, array<1 x array<3 x i64>>)> 
    %177 = llvm.mlir.constant(0 : i64) : i64
    %178 = llvm.mlir.constant(1 : i64) : i64
    %179 = llvm.insertvalue %178, %176[7, 0, 0] : !llvm.struct<(ptr, i64, i32, i8, i8, i8, i8, array<1 x array<3 x i64>>)> 
    %180 = llvm.insertvalue %31, %179[7, 0, 1] : !llvm.struct<(ptr, i64, i32, i8, i8, i8, i8, array<1 x array<3 x i64>>)> 
    %181 = llvm.insertvalue %161, %180[7, 0, 2] : !llvm.struct<(ptr, i64, i32, i8, i8, i8, i8, array<1 x array<3 x i64>>)> 
    %182 = llvm.mul %161, %31 : i64
    %183 = llvm.insertvalue %122, %181[0] : !llvm.struct<(ptr, i64, i32, i8, i8, i8, i8, array<1 x array<3 x i64>>)> 
    llvm.store %183, %1 {tbaa = [#llvm.tbaa_tag<base_type = <id = "descriptor member", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, access_type = <id = "descriptor member", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _QQmain">, 0>}>, 0>}>, offset = 0>]} : !llvm.struct<(ptr, i64, i32, i8, i8, i8, i8, array<1 x array<3 x i64>>)>, !llvm.ptr
    %184 = llvm.call @_FortranAAllLogical4x1_simplified(%1) : (!llvm.ptr) -> i1
    llvm.call @free(%122) : (!llvm.ptr) -> ()
    llvm.cond_br %184, ^bb7, ^bb8
  ^bb7:  // pred: ^bb6
    %185 = llvm.mlir.addressof @_QQclX286129 : !llvm.ptr
    %186 = llvm.call @_FortranAioBeginExternalFormattedOutput(%185, %13, %73, %22, %74, %12) {fastmathFlags = #llvm.fastmath<contract>, llvm.nocallback, llvm.nosync, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>} : (!llvm.ptr, i64, !llvm.ptr, i32, !llvm.ptr, i32) -> !llvm.ptr
    %187 = llvm.mlir.addressof @_QQclX73617870793A206F6B : !llvm.ptr
    %188 = llvm.call @_FortranAioOutputAscii(%186, %187, %11) {fastmathFlags = #llvm.fastmath<contract>, llvm.nocallback, llvm.nosync, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>} : (!llvm.ptr, !llvm.ptr, i64) -> i1
    %189 = llvm.call @_FortranAioEndIoStatement(%186) {fastmathFlags = #llvm.fastmath<contract>, llvm.nocallback, llvm.nosync, memory_effects = #llvm.memory_effects<other = none, argMem = readwrite, inaccessibleMem = readwrite, errnoMem = none, targetMem0 = none, targetMem1 = none>} : (!llvm.ptr) -> i32
    llvm.return
  ^bb8:  // pred: ^bb6
    %190 = llvm.mlir.addressof @_QQclX73617870793A2057524F4E4720524553554C54 : !llvm.ptr
    llvm.call @_FortranAStopStatementText(%190, %10, %25, %9) {fastmathFlags = #llvm.fastmath<contract>} : (!llvm.ptr, i64, i1, i1) -> ()
    llvm.unreachable
  }
  llvm.mlir.global external constant @_QMomp_lib_kindsECkmp_affinity_mask_kind() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_lib_kindsECkmp_cancel_kind() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libECkmp_cancel_loop() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libECkmp_cancel_parallel() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libECkmp_cancel_sections() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libECkmp_cancel_taskgroup() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_lib_kindsECkmp_double_kind() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libECkmp_lock_hint_adaptive() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libECkmp_lock_hint_hle() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libECkmp_lock_hint_rtm() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_lib_kindsECkmp_pointer_kind() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_lib_kindsECkmp_size_t_kind() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libECkmp_version_build() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libECkmp_version_major() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libECkmp_version_minor() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libECllvm_omp_target_device_mem_alloc() {addr_space = 0 : i32} : i64
  llvm.mlir.global external constant @_QMomp_libECllvm_omp_target_device_mem_space() {addr_space = 0 : i32} : i64
  llvm.mlir.global external constant @_QMomp_libECllvm_omp_target_host_mem_alloc() {addr_space = 0 : i32} : i64
  llvm.mlir.global external constant @_QMomp_libECllvm_omp_target_host_mem_space() {addr_space = 0 : i32} : i64
  llvm.mlir.global external constant @_QMomp_libECllvm_omp_target_shared_mem_alloc() {addr_space = 0 : i32} : i64
  llvm.mlir.global external constant @_QMomp_libECllvm_omp_target_shared_mem_space() {addr_space = 0 : i32} : i64
  llvm.mlir.global internal constant @_QFECn() {addr_space = 0 : i32} : i32 {
    %0 = llvm.mlir.constant(1024 : i32) : i32
    llvm.return %0 : i32
  }
  llvm.mlir.global external constant @_QMomp_lib_kindsEComp_allocator_handle_kind() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_lib_kindsEComp_alloctrait_key_kind() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_lib_kindsEComp_alloctrait_val_kind() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libEComp_atk_access() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libEComp_atk_alignment() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libEComp_atk_atomic_scope() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libEComp_atk_device_access() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libEComp_atk_fallback() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libEComp_atk_fb_data() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libEComp_atk_part_size() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libEComp_atk_partition() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libEComp_atk_pin_device() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libEComp_atk_pinned() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libEComp_atk_pool_size() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libEComp_atk_preferred_device() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libEComp_atk_sync_hint() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libEComp_atk_target_access() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libEComp_atv_abort_fb() {addr_space = 0 : i32} : i64
  llvm.mlir.global external constant @_QMomp_libEComp_atv_all() {addr_space = 0 : i32} : i64
  llvm.mlir.global external constant @_QMomp_libEComp_atv_allocator_fb() {addr_space = 0 : i32} : i64
  llvm.mlir.global external constant @_QMomp_libEComp_atv_blocked() {addr_space = 0 : i32} : i64
  llvm.mlir.global external constant @_QMomp_libEComp_atv_cgroup() {addr_space = 0 : i32} : i64
  llvm.mlir.global external constant @_QMomp_libEComp_atv_contended() {addr_space = 0 : i32} : i64
  llvm.mlir.global external constant @_QMomp_libEComp_atv_default() {addr_space = 0 : i32} : i64
  llvm.mlir.global external constant @_QMomp_libEComp_atv_default_mem_fb() {addr_space = 0 : i32} : i64
  llvm.mlir.global external constant @_QMomp_libEComp_atv_device() {addr_space = 0 : i32} : i64
  llvm.mlir.global external constant @_QMomp_libEComp_atv_environment() {addr_space = 0 : i32} : i64
  llvm.mlir.global external constant @_QMomp_libEComp_atv_false() {addr_space = 0 : i32} : i64
  llvm.mlir.global external constant @_QMomp_libEComp_atv_interleaved() {addr_space = 0 : i32} : i64
  llvm.mlir.global external constant @_QMomp_libEComp_atv_memspace() {addr_space = 0 : i32} : i64
  llvm.mlir.global external constant @_QMomp_libEComp_atv_multiple() {addr_space = 0 : i32} : i64
  llvm.mlir.global external constant @_QMomp_libEComp_atv_nearest() {addr_space = 0 : i32} : i64
  llvm.mlir.global external constant @_QMomp_libEComp_atv_null_fb() {addr_space = 0 : i32} : i64
  llvm.mlir.global external constant @_QMomp_libEComp_atv_private() {addr_space = 0 : i32} : i64
  llvm.mlir.global external constant @_QMomp_libEComp_atv_pteam() {addr_space = 0 : i32} : i64
  llvm.mlir.global external constant @_QMomp_libEComp_atv_sequential() {addr_space = 0 : i32} : i64
  llvm.mlir.global external constant @_QMomp_libEComp_atv_serialized() {addr_space = 0 : i32} : i64
  llvm.mlir.global external constant @_QMomp_libEComp_atv_single() {addr_space = 0 : i32} : i64
  llvm.mlir.global external constant @_QMomp_libEComp_atv_thread() {addr_space = 0 : i32} : i64
  llvm.mlir.global external constant @_QMomp_libEComp_atv_true() {addr_space = 0 : i32} : i64
  llvm.mlir.global external constant @_QMomp_libEComp_atv_uncontended() {addr_space = 0 : i32} : i64
  llvm.mlir.global external constant @_QMomp_libEComp_cgroup_mem_alloc() {addr_space = 0 : i32} : i64
  llvm.mlir.global external constant @_QMomp_libEComp_const_mem_alloc() {addr_space = 0 : i32} : i64
  llvm.mlir.global external constant @_QMomp_libEComp_const_mem_space() {addr_space = 0 : i32} : i64
  llvm.mlir.global external constant @_QMomp_libEComp_control_tool_end() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libEComp_control_tool_flush() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libEComp_control_tool_ignored() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_lib_kindsEComp_control_tool_kind() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libEComp_control_tool_nocallback() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libEComp_control_tool_notool() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libEComp_control_tool_pause() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_lib_kindsEComp_control_tool_result_kind() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libEComp_control_tool_start() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libEComp_control_tool_success() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libEComp_default_mem_alloc() {addr_space = 0 : i32} : i64
  llvm.mlir.global external constant @_QMomp_libEComp_default_mem_space() {addr_space = 0 : i32} : i64
  llvm.mlir.global external constant @_QMomp_lib_kindsEComp_depend_kind() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_lib_kindsEComp_event_handle_kind() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libEComp_high_bw_mem_alloc() {addr_space = 0 : i32} : i64
  llvm.mlir.global external constant @_QMomp_libEComp_high_bw_mem_space() {addr_space = 0 : i32} : i64
  llvm.mlir.global external constant @_QMomp_libEComp_ifr_cuda() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libEComp_ifr_cuda_driver() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libEComp_ifr_hip() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libEComp_ifr_last() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libEComp_ifr_level_zero() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libEComp_ifr_opencl() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libEComp_ifr_sycl() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_lib_kindsEComp_integer_kind() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_lib_kindsEComp_interop_fr_kind() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_lib_kindsEComp_interop_kind() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libEComp_interop_none() {addr_space = 0 : i32} : i64
  llvm.mlir.global external constant @_QMomp_libEComp_large_cap_mem_alloc() {addr_space = 0 : i32} : i64
  llvm.mlir.global external constant @_QMomp_libEComp_large_cap_mem_space() {addr_space = 0 : i32} : i64
  llvm.mlir.global external constant @_QMomp_libEComp_lock_hint_contended() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_lib_kindsEComp_lock_hint_kind() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libEComp_lock_hint_none() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libEComp_lock_hint_nonspeculative() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libEComp_lock_hint_speculative() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libEComp_lock_hint_uncontended() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_lib_kindsEComp_lock_kind() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_lib_kindsEComp_logical_kind() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libEComp_low_lat_mem_alloc() {addr_space = 0 : i32} : i64
  llvm.mlir.global external constant @_QMomp_libEComp_low_lat_mem_space() {addr_space = 0 : i32} : i64
  llvm.mlir.global external constant @_QMomp_lib_kindsEComp_memspace_handle_kind() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_lib_kindsEComp_nest_lock_kind() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libEComp_null_allocator() {addr_space = 0 : i32} : i64
  llvm.mlir.global external constant @_QMomp_libEComp_null_mem_space() {addr_space = 0 : i32} : i64
  llvm.mlir.global external constant @_QMomp_libEComp_pause_hard() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_lib_kindsEComp_pause_resource_kind() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libEComp_pause_resume() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libEComp_pause_soft() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libEComp_pause_stop_tool() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libEComp_proc_bind_close() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libEComp_proc_bind_false() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_lib_kindsEComp_proc_bind_kind() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libEComp_proc_bind_master() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libEComp_proc_bind_spread() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libEComp_proc_bind_true() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libEComp_pteam_mem_alloc() {addr_space = 0 : i32} : i64
  llvm.mlir.global external constant @_QMomp_lib_kindsEComp_real_kind() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libEComp_sched_auto() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libEComp_sched_dynamic() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libEComp_sched_guided() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_lib_kindsEComp_sched_kind() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libEComp_sched_monotonic() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libEComp_sched_static() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libEComp_sync_hint_contended() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_lib_kindsEComp_sync_hint_kind() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libEComp_sync_hint_none() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libEComp_sync_hint_nonspeculative() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libEComp_sync_hint_speculative() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libEComp_sync_hint_uncontended() {addr_space = 0 : i32} : i32
  llvm.mlir.global external constant @_QMomp_libEComp_thread_mem_alloc() {addr_space = 0 : i32} : i64
  llvm.mlir.global external constant @_QMomp_libECopenmp_version() {addr_space = 0 : i32} : i32
  llvm.mlir.global internal @_QFEx() {addr_space = 0 : i32} : !llvm.array<1024 x f32> {
    %0 = llvm.mlir.zero : !llvm.array<1024 x f32>
    llvm.return %0 : !llvm.array<1024 x f32>
  }
  llvm.mlir.global internal @_QFEy() {addr_space = 0 : i32} : !llvm.array<1024 x f32> {
    %0 = llvm.mlir.zero : !llvm.array<1024 x f32>
    llvm.return %0 : !llvm.array<1024 x f32>
  }
  llvm.func @omp_is_initial_device() -> i32 attributes {fir.bindc_name = "omp_is_initial_device", fir.proc_attrs = #fir.proc_attrs<bind_c>, omp.declare_target = #omp.declaretarget<device_type = (nohost), capture_clause = (to), automap = false>, sym_visibility = "private"}
  llvm.func @_FortranAioBeginExternalFormattedOutput(!llvm.ptr, i64, !llvm.ptr, i32, !llvm.ptr, i32) -> !llvm.ptr attributes {fir.io, fir.runtime, sym_visibility = "private"}
  llvm.mlir.global linkonce constant @_QQclX28612C693029() comdat(@__llvm_comdat::@_QQclX28612C693029) {addr_space = 0 : i32} : !llvm.array<6 x i8> {
    %0 = llvm.mlir.constant("(a,i0)") : !llvm.array<6 x i8>
    llvm.return %0 : !llvm.array<6 x i8>
  }
  llvm.comdat @__llvm_comdat {
    llvm.comdat_selector @_FortranAAllLogical4x1_simplified any
    llvm.comdat_selector @_QQclX28612C693029 any
    llvm.comdat_selector @_QQclX057758a929e2645658dab25c36d73692 any
    llvm.comdat_selector @_QQclX64656661756C74206465766963653A20 any
    llvm.comdat_selector @_QQclX28612C6C3129 any
    llvm.comdat_selector @_QQclX74617267657420726567696F6E2072616E206F6E2074686520686F73743A20 any
    llvm.comdat_selector @_QQclX28612C66372E312C612C66372E3129 any
    llvm.comdat_selector @_QQclX792831293D any
    llvm.comdat_selector @_QQclX2079286E293D any
    llvm.comdat_selector @_QQclX286129 any
    llvm.comdat_selector @_QQclX73617870793A206F6B any
    llvm.comdat_selector @_QQclX73617870793A2057524F4E4720524553554C54 any
  }
  llvm.mlir.global linkonce constant @_QQclX057758a929e2645658dab25c36d73692() comdat(@__llvm_comdat::@_QQclX057758a929e2645658dab25c36d73692) {addr_space = 0 : i32} : !llvm.array<36 x i8> {
    %0 = llvm.mlir.constant("/work/wt4/examples/launch/saxpy.f90\00") : !llvm.array<36 x i8>
    llvm.return %0 : !llvm.array<36 x i8>
  }
  llvm.func @_FortranAioOutputAscii(!llvm.ptr, !llvm.ptr, i64) -> (i1 {llvm.zeroext}) attributes {fir.io, fir.runtime, sym_visibility = "private"}
  llvm.mlir.global linkonce constant @_QQclX64656661756C74206465766963653A20() comdat(@__llvm_comdat::@_QQclX64656661756C74206465766963653A20) {addr_space = 0 : i32} : !llvm.array<16 x i8> {
    %0 = llvm.mlir.constant("default device: ") : !llvm.array<16 x i8>
    llvm.return %0 : !llvm.array<16 x i8>
  }
  llvm.func @_FortranAioOutputInteger32(!llvm.ptr, i32) -> (i1 {llvm.zeroext}) attributes {fir.io, fir.runtime, sym_visibility = "private"}
  llvm.func @omp_get_default_device() -> i32 attributes {fir.bindc_name = "omp_get_default_device", fir.proc_attrs = #fir.proc_attrs<bind_c>, sym_visibility = "private"}
  llvm.func @_FortranAioEndIoStatement(!llvm.ptr) -> i32 attributes {fir.io, fir.runtime, sym_visibility = "private"}
  llvm.mlir.global linkonce constant @_QQclX28612C6C3129() comdat(@__llvm_comdat::@_QQclX28612C6C3129) {addr_space = 0 : i32} : !llvm.array<6 x i8> {
    %0 = llvm.mlir.constant("(a,l1)") : !llvm.array<6 x i8>
    llvm.return %0 : !llvm.array<6 x i8>
  }
  llvm.mlir.global linkonce constant @_QQclX74617267657420726567696F6E2072616E206F6E2074686520686F73743A20() comdat(@__llvm_comdat::@_QQclX74617267657420726567696F6E2072616E206F6E2074686520686F73743A20) {addr_space = 0 : i32} : !llvm.array<31 x i8> {
    %0 = llvm.mlir.constant("target region ran on the host: ") : !llvm.array<31 x i8>
    llvm.return %0 : !llvm.array<31 x i8>
  }
  llvm.func @_FortranAioOutputLogical(!llvm.ptr, i1 {llvm.zeroext}) -> (i1 {llvm.zeroext}) attributes {fir.io, fir.runtime, sym_visibility = "private"}
  llvm.mlir.global linkonce constant @_QQclX28612C66372E312C612C66372E3129() comdat(@__llvm_comdat::@_QQclX28612C66372E312C612C66372E3129) {addr_space = 0 : i32} : !llvm.array<15 x i8> {
    %0 = llvm.mlir.constant("(a,f7.1,a,f7.1)") : !llvm.array<15 x i8>
    llvm.return %0 : !llvm.array<15 x i8>
  }
  llvm.mlir.global linkonce constant @_QQclX792831293D() comdat(@__llvm_comdat::@_QQclX792831293D) {addr_space = 0 : i32} : !llvm.array<5 x i8> {
    %0 = llvm.mlir.constant("y(1)=") : !llvm.array<5 x i8>
    llvm.return %0 : !llvm.array<5 x i8>
  }
  llvm.func @_FortranAioOutputReal32(!llvm.ptr, f32) -> (i1 {llvm.zeroext}) attributes {fir.io, fir.runtime, sym_visibility = "private"}
  llvm.mlir.global linkonce constant @_QQclX2079286E293D() comdat(@__llvm_comdat::@_QQclX2079286E293D) {addr_space = 0 : i32} : !llvm.array<6 x i8> {
    %0 = llvm.mlir.constant(" y(n)=") : !llvm.array<6 x i8>
    llvm.return %0 : !llvm.array<6 x i8>
  }
  llvm.mlir.global linkonce constant @_QQclX286129() comdat(@__llvm_comdat::@_QQclX286129) {addr_space = 0 : i32} : !llvm.array<3 x i8> {
    %0 = llvm.mlir.constant("(a)") : !llvm.array<3 x i8>
    llvm.return %0 : !llvm.array<3 x i8>
  }
  llvm.mlir.global linkonce constant @_QQclX73617870793A206F6B() comdat(@__llvm_comdat::@_QQclX73617870793A206F6B) {addr_space = 0 : i32} : !llvm.array<9 x i8> {
    %0 = llvm.mlir.constant("saxpy: ok") : !llvm.array<9 x i8>
    llvm.return %0 : !llvm.array<9 x i8>
  }
  llvm.mlir.global linkonce constant @_QQclX73617870793A2057524F4E4720524553554C54() comdat(@__llvm_comdat::@_QQclX73617870793A2057524F4E4720524553554C54) {addr_space = 0 : i32} : !llvm.array<19 x i8> {
    %0 = llvm.mlir.constant("saxpy: WRONG RESULT") : !llvm.array<19 x i8>
    llvm.return %0 : !llvm.array<19 x i8>
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
  llvm.func @_FortranAAll(!llvm.ptr, !llvm.ptr, i32, i32) -> (i1 {llvm.zeroext}) attributes {fir.runtime, sym_visibility = "private"}
  llvm.func linkonce_odr @_FortranAAllLogical4x1_simplified(%arg0: !llvm.ptr {llvm.noalias, llvm.nocapture}) -> i1 comdat(@__llvm_comdat::@_FortranAAllLogical4x1_simplified) attributes {sym_visibility = "private"} {
    %0 = llvm.mlir.constant(0 : i32) : i32
    %1 = llvm.mlir.constant(1 : index) : i64
    %2 = llvm.mlir.constant(true) : i1
    %3 = llvm.mlir.constant(0 : index) : i64
    %4 = llvm.getelementptr %arg0[0, 7, %3, 0] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.struct<(ptr, i64, i32, i8, i8, i8, i8, array<1 x array<3 x i64>>)>
    %5 = llvm.load %4 {tbaa = [#llvm.tbaa_tag<base_type = <id = "descriptor member", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _FortranAAllLogical4x1_simplified">, 0>}>, 0>}>, access_type = <id = "descriptor member", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _FortranAAllLogical4x1_simplified">, 0>}>, 0>}>, offset = 0>]} : !llvm.ptr -> i64
    %6 = llvm.getelementptr %arg0[0, 7, %3, 1] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.struct<(ptr, i64, i32, i8, i8, i8, i8, array<1 x array<3 x i64>>)>
    %7 = llvm.load %6 {tbaa = [#llvm.tbaa_tag<base_type = <id = "descriptor member", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _FortranAAllLogical4x1_simplified">, 0>}>, 0>}>, access_type = <id = "descriptor member", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _FortranAAllLogical4x1_simplified">, 0>}>, 0>}>, offset = 0>]} : !llvm.ptr -> i64
    %8 = llvm.getelementptr %arg0[0, 7, %3, 2] : (!llvm.ptr, i64) -> !llvm.ptr, !llvm.struct<(ptr, i64, i32, i8, i8, i8, i8, array<1 x array<3 x i64>>)>
    %9 = llvm.load %8 {tbaa = [#llvm.tbaa_tag<base_type = <id = "descriptor member", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _FortranAAllLogical4x1_simplified">, 0>}>, 0>}>, access_type = <id = "descriptor member", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _FortranAAllLogical4x1_simplified">, 0>}>, 0>}>, offset = 0>]} : !llvm.ptr -> i64
    %10 = llvm.sub %7, %1 : i64
    llvm.br ^bb1(%3, %2, %2 : i64, i1, i1)
  ^bb1(%11: i64, %12: i1, %13: i1):  // 2 preds: ^bb0, ^bb2
    %14 = llvm.icmp "sle" %11, %10 : i64
    %15 = llvm.and %12, %14 : i1
    llvm.cond_br %15, ^bb2, ^bb3
  ^bb2:  // pred: ^bb1
    %16 = llvm.getelementptr %arg0[0, 0] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(ptr, i64, i32, i8, i8, i8, i8, array<1 x array<3 x i64>>)>
    %17 = llvm.load %16 {tbaa = [#llvm.tbaa_tag<base_type = <id = "descriptor member", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _FortranAAllLogical4x1_simplified">, 0>}>, 0>}>, access_type = <id = "descriptor member", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _FortranAAllLogical4x1_simplified">, 0>}>, 0>}>, offset = 0>]} : !llvm.ptr -> !llvm.ptr
    %18 = llvm.mlir.constant(0 : i64) : i64
    %19 = llvm.getelementptr %arg0[0, 7, 0, 2] : (!llvm.ptr) -> !llvm.ptr, !llvm.struct<(ptr, i64, i32, i8, i8, i8, i8, array<1 x array<3 x i64>>)>
    %20 = llvm.load %19 {tbaa = [#llvm.tbaa_tag<base_type = <id = "descriptor member", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _FortranAAllLogical4x1_simplified">, 0>}>, 0>}>, access_type = <id = "descriptor member", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _FortranAAllLogical4x1_simplified">, 0>}>, 0>}>, offset = 0>]} : !llvm.ptr -> i64
    %21 = llvm.mul %11, %20 overflow<nsw> : i64
    %22 = llvm.add %21, %18 overflow<nsw> : i64
    %23 = llvm.getelementptr %17[%22] : (!llvm.ptr, i64) -> !llvm.ptr, i8
    %24 = llvm.load %23 {tbaa = [#llvm.tbaa_tag<base_type = <id = "dummy arg data", members = {<#llvm.tbaa_type_desc<id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _FortranAAllLogical4x1_simplified">, 0>}>, 0>}>, 0>}>, access_type = <id = "dummy arg data", members = {<#llvm.tbaa_type_desc<id = "any data access", members = {<#llvm.tbaa_type_desc<id = "any access", members = {<#llvm.tbaa_root<id = "Flang function root _FortranAAllLogical4x1_simplified">, 0>}>, 0>}>, 0>}>, offset = 0>]} : !llvm.ptr -> i32
    %25 = llvm.icmp "ne" %24, %0 : i32
    %26 = llvm.add %11, %1 overflow<nsw> : i64
    llvm.br ^bb1(%26, %25, %25 : i64, i1, i1)
  ^bb3:  // pred: ^bb1
    llvm.return %13 : i1
  }
}
