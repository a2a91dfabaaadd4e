module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, fir.defaultkind = "a1c4d8i4l4r4", fir.kindmap = "", llvm.data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", llvm.ident = "Debian flang version 22.1.8", llvm.target_triple = "x86_64-pc-linux-gnu", omp.is_gpu = false, omp.is_target_device = false, omp.requires = #omp<clause_requires none>, omp.target_triples = [], omp.version = #omp.version<version = 52>} {
  omp.private {type = private} @_QFprivEi_private_i32 : i32
  func.func @_QPpriv(%arg0: !fir.ref<i32> {fir.bindc_name = "n"}, %arg1: !fir.ref<!fir.array<?xf32>> {fir.bindc_name = "a"}, %arg2: !fir.ref<f32> {fir.bindc_name = "b"}) {
    %0 = fir.alloca i32
    %1 = fir.dummy_scope : !fir.dscope
    %2:2 = hlfir.declare %arg0 dummy_scope %1 arg 1 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFprivEn"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
    %3:2 = hlfir.declare %arg2 dummy_scope %1 arg 3 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFprivEb"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
    %4 = fir.alloca i32 {bindc_name = "i", uniq_name = "_QFprivEi"}
    %5:2 = hlfir.declare %4 {uniq_name = "_QFprivEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    %6 = fir.alloca i32 {bindc_name = "j", uniq_name = "_QFprivEj"}
    %7:2 = hlfir.declare %6 {uniq_name = "_QFprivEj"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    %8 = fir.alloca f32 {bindc_name = "t", uniq_name = "_QFprivEt"}
    %9:2 = hlfir.declare %8 {uniq_name = "_QFprivEt"} : (!fir.ref<f32>) -> (!fir.ref<f32>, !fir.ref<f32>)
    %10 = fir.load %2#0 : !fir.ref<i32>
    fir.store %10 to %0 : !fir.ref<i32>
    %11 = fir.convert %10 : (i32) -> i64
    %12 = fir.convert %11 : (i64) -> index
    %c0 = arith.constant 0 : index
    %13 = arith.cmpi sgt, %12, %c0 : index
    %14 = arith.select %13, %12, %c0 : index
    %15 = fir.shape %14 : (index) -> !fir.shape<1>
    %16:2 = hlfir.declare %arg1(%15) dummy_scope %1 arg 2 {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFprivEa"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
    %c1_i32 = arith.constant 1 : i32
    %17 = fir.load %2#0 : !fir.ref<i32>
    %c1_i32_0 = arith.constant 1 : i32
    %c1 = arith.constant 1 : index
    %c0_1 = arith.constant 0 : index
    %18:3 = fir.box_dims %16#0, %c0_1 : (!fir.box<!fir.array<?xf32>>, index) -> (index, index, index)
    %c0_2 = arith.constant 0 : index
    %19 = arith.subi %18#1, %c1 : index
    %20 = omp.map.bounds lower_bound(%c0_2 : index) upper_bound(%19 : index) extent(%18#1 : index) stride(%18#2 : index) start_idx(%c1 : index) {stride_in_bytes = true}
    %21 = omp.map.info var_ptr(%16#1 : !fir.ref<!fir.array<?xf32>>, f32) map_clauses(tofrom) capture(ByRef) bounds(%20) -> !fir.ref<!fir.array<?xf32>> {name = "a"}
    %22 = omp.map.info var_ptr(%5#1 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = "i"}
    %23 = omp.map.info var_ptr(%2#1 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = "n"}
    %24 = omp.map.info var_ptr(%7#1 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = "j"}
    %25 = omp.map.info var_ptr(%3#1 : !fir.ref<f32>, f32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<f32> {name = "b"}
    %26 = omp.map.info var_ptr(%0 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = ""}
    omp.target host_eval(%c1_i32 -> %arg3, %17 -> %arg4, %c1_i32_0 -> %arg5 : i32, i32, i32) map_entries(%21 -> %arg6, %22 -> %arg7, %23 -> %arg8, %24 -> %arg9, %25 -> %arg10, %26 -> %arg11 : !fir.ref<!fir.array<?xf32>>, !fir.ref<i32>, !fir.ref<i32>, !fir.ref<i32>, !fir.ref<f32>, !fir.ref<i32>) {
      %28 = fir.load %arg11 : !fir.ref<i32>
      %29 = fir.convert %28 : (i32) -> i64
      %c0_3 = arith.constant 0 : index
      %30 = fir.convert %29 : (i64) -> index
      %31 = arith.cmpi sgt, %30, %c0_3 : index
      %32 = arith.select %31, %30, %c0_3 : index
      %33 = fir.shape %32 : (index) -> !fir.shape<1>
      %34:2 = hlfir.declare %arg6(%33) {fortran_attrs = #fir.var_attrs<intent_inout>, uniq_name = "_QFprivEa"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
      %35:2 = hlfir.declare %arg7 {uniq_name = "_QFprivEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
      %36:2 = hlfir.declare %arg8 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFprivEn"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
      %37:2 = hlfir.declare %arg9 {uniq_name = "_QFprivEj"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
      %38:2 = hlfir.declare %arg10 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFprivEb"} : (!fir.ref<f32>) -> (!fir.ref<f32>, !fir.ref<f32>)
      omp.teams {
        omp.distribute private(@_QFprivEi_private_i32 %35#0 -> %arg12 : !fir.ref<i32>) {
          omp.loop_nest (%arg13) : i32 = (%arg3) to (%arg4) inclusive step (%arg5) {
            %39:2 = hlfir.declare %arg12 {uniq_name = "_QFprivEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
            hlfir.assign %arg13 to %39#0 : i32, !fir.ref<i32>
            %40 = llvm.intr.stacksave : !llvm.ptr
            %41 = fir.alloca f32 {bindc_name = "t", uniq_name = "_QFprivB1Et"}
            %42:2 = hlfir.declare %41 {uniq_name = "_QFprivB1Et"} : (!fir.ref<f32>) -> (!fir.ref<f32>, !fir.ref<f32>)
            %c8 = arith.constant 8 : index
            %43 = fir.alloca !fir.array<8xf32> {bindc_name = "work", uniq_name = "_QFprivB1Ework"}
            %44 = fir.shape %c8 : (index) -> !fir.shape<1>
            %45:2 = hlfir.declare %43(%44) {uniq_name = "_QFprivB1Ework"} : (!fir.ref<!fir.array<8xf32>>, !fir.shape<1>) -> (!fir.ref<!fir.array<8xf32>>, !fir.ref<!fir.array<8xf32>>)
            %c1_i32_4 = arith.constant 1 : i32
            %46 = fir.convert %c1_i32_4 : (i32) -> index
            %c8_i32 = arith.constant 8 : i32
            %47 = fir.convert %c8_i32 : (i32) -> index
            %c1_5 = arith.constant 1 : index
            %48 = fir.convert %46 : (index) -> i32
            %49 = fir.do_loop %arg14 = %46 to %47 step %c1_5 iter_args(%arg15 = %48) -> (i32) {
              fir.store %arg15 to %37#0 : !fir.ref<i32>
              %60 = fir.load %38#0 : !fir.ref<f32>
              %61 = fir.load %37#0 : !fir.ref<i32>
              %62 = fir.convert %61 : (i32) -> f32
              %63 = arith.mulf %60, %62 fastmath<contract> : f32
              %64 = fir.load %37#0 : !fir.ref<i32>
              %65 = fir.convert %64 : (i32) -> i64
              %66 = hlfir.designate %45#0 (%65)  : (!fir.ref<!fir.array<8xf32>>, i64) -> !fir.ref<f32>
              hlfir.assign %63 to %66 : f32, !fir.ref<f32>
              %67 = fir.convert %c1_5 : (index) -> i32
              %68 = fir.load %37#0 : !fir.ref<i32>
              %69 = arith.addi %68, %67 overflow<nsw> : i32
              fir.result %69 : i32
            }
            fir.store %49 to %37#0 : !fir.ref<i32>
            %50 = hlfir.sum %45#0 {fastmath = #arith.fastmath<contract>} : (!fir.ref<!fir.array<8xf32>>) -> f32
            hlfir.assign %50 to %42#0 : f32, !fir.ref<f32>
            %51 = fir.load %39#0 : !fir.ref<i32>
            %52 = fir.convert %51 : (i32) -> i64
            %53 = hlfir.designate %34#0 (%52)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
            %54 = fir.load %53 : !fir.ref<f32>
            %55 = fir.load %42#0 : !fir.ref<f32>
            %56 = arith.addf %54, %55 fastmath<contract> : f32
            %57 = fir.load %39#0 : !fir.ref<i32>
            %58 = fir.convert %57 : (i32) -> i64
            %59 = hlfir.designate %34#0 (%58)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
            hlfir.assign %56 to %59 : f32, !fir.ref<f32>
            llvm.intr.stackrestore %40 : !llvm.ptr
            omp.yield
          }
        }
        omp.terminator
      }
      omp.terminator
    }
    %27 = omp.map.info var_ptr(%9#1 : !fir.ref<f32>, f32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<f32> {name = "t"}
    omp.target map_entries(%27 -> %arg3 : !fir.ref<f32>) {
      %28:2 = hlfir.declare %arg3 {uniq_name = "_QFprivEt"} : (!fir.ref<f32>) -> (!fir.ref<f32>, !fir.ref<f32>)
      %29 = llvm.intr.stacksave : !llvm.ptr
      %c8 = arith.constant 8 : index
      %30 = fir.alloca !fir.array<8xf32> {bindc_name = "work", uniq_name = "_QFprivB2Ework"}
      %31 = fir.shape %c8 : (index) -> !fir.shape<1>
      %32:2 = hlfir.declare %30(%31) {uniq_name = "_QFprivB2Ework"} : (!fir.ref<!fir.array<8xf32>>, !fir.shape<1>) -> (!fir.ref<!fir.array<8xf32>>, !fir.ref<!fir.array<8xf32>>)
      %33 = fir.load %28#0 : !fir.ref<f32>
      %c1_3 = arith.constant 1 : index
      %34 = hlfir.designate %32#0 (%c1_3)  : (!fir.ref<!fir.array<8xf32>>, index) -> !fir.ref<f32>
      hlfir.assign %33 to %34 : f32, !fir.ref<f32>
      llvm.intr.stackrestore %29 : !llvm.ptr
      omp.terminator
    }
    return
  }
}
