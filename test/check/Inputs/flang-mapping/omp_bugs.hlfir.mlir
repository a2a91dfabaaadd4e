module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, fir.defaultkind = "a1c4d8i4l4r4", fir.kindmap = "", llvm.data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", llvm.ident = "Debian flang version 22.1.8", llvm.target_triple = "x86_64-pc-linux-gnu", omp.is_gpu = false, omp.is_target_device = false, omp.requires = #omp<clause_requires none>, omp.target_triples = [], omp.version = #omp.version<version = 31>} {
  func.func @_QPbugs(%arg0: !fir.ref<!fir.array<?xf32>> {fir.bindc_name = "x"}, %arg1: !fir.ref<!fir.array<?xf32>> {fir.bindc_name = "y"}, %arg2: !fir.ref<f32> {fir.bindc_name = "s"}, %arg3: !fir.ref<i32> {fir.bindc_name = "n"}) {
    %0 = fir.alloca i32
    %1 = fir.alloca i32
    %2 = fir.dummy_scope : !fir.dscope
    %3 = fir.alloca i32 {bindc_name = "i", uniq_name = "_QFbugsEi"}
    %4:2 = hlfir.declare %3 {uniq_name = "_QFbugsEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
    %5:2 = hlfir.declare %arg3 dummy_scope %2 arg 4 {uniq_name = "_QFbugsEn"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
    %6:2 = hlfir.declare %arg2 dummy_scope %2 arg 3 {uniq_name = "_QFbugsEs"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
    %7 = fir.load %5#0 : !fir.ref<i32>
    fir.store %7 to %1 : !fir.ref<i32>
    %8 = fir.convert %7 : (i32) -> i64
    %9 = fir.convert %8 : (i64) -> index
    %c0 = arith.constant 0 : index
    %10 = arith.cmpi sgt, %9, %c0 : index
    %11 = arith.select %10, %9, %c0 : index
    %12 = fir.shape %11 : (index) -> !fir.shape<1>
    %13:2 = hlfir.declare %arg0(%12) dummy_scope %2 arg 1 {uniq_name = "_QFbugsEx"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
    %14 = fir.load %5#0 : !fir.ref<i32>
    fir.store %14 to %0 : !fir.ref<i32>
    %15 = fir.convert %14 : (i32) -> i64
    %16 = fir.convert %15 : (i64) -> index
    %c0_0 = arith.constant 0 : index
    %17 = arith.cmpi sgt, %16, %c0_0 : index
    %18 = arith.select %17, %16, %c0_0 : index
    %19 = fir.shape %18 : (index) -> !fir.shape<1>
    %20:2 = hlfir.declare %arg1(%19) dummy_scope %2 arg 2 {uniq_name = "_QFbugsEy"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
    %21 = omp.map.info var_ptr(%6#1 : !fir.ref<f32>, f32) map_clauses(from) capture(ByRef) -> !fir.ref<f32> {name = "s"}
    %c1 = arith.constant 1 : index
    %c0_1 = arith.constant 0 : index
    %22:3 = fir.box_dims %20#0, %c0_1 : (!fir.box<!fir.array<?xf32>>, index) -> (index, index, index)
    %c0_2 = arith.constant 0 : index
    %23 = arith.subi %22#1, %c1 : index
    %24 = omp.map.bounds lower_bound(%c0_2 : index) upper_bound(%23 : index) extent(%22#1 : index) stride(%22#2 : index) start_idx(%c1 : index) {stride_in_bytes = true}
    %25 = omp.map.info var_ptr(%20#1 : !fir.ref<!fir.array<?xf32>>, f32) map_clauses(tofrom) capture(ByRef) bounds(%24) -> !fir.ref<!fir.array<?xf32>> {name = "y"}
    %c1_3 = arith.constant 1 : index
    %c0_4 = arith.constant 0 : index
    %26:3 = fir.box_dims %13#0, %c0_4 : (!fir.box<!fir.array<?xf32>>, index) -> (index, index, index)
    %c0_5 = arith.constant 0 : index
    %27 = arith.subi %26#1, %c1_3 : index
    %28 = omp.map.bounds lower_bound(%c0_5 : index) upper_bound(%27 : index) extent(%26#1 : index) stride(%26#2 : index) start_idx(%c1_3 : index) {stride_in_bytes = true}
    %29 = omp.map.info var_ptr(%13#1 : !fir.ref<!fir.array<?xf32>>, f32) map_clauses(to) capture(ByRef) bounds(%28) -> !fir.ref<!fir.array<?xf32>> {name = "x"}
    %30 = omp.map.info var_ptr(%4#1 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = "i"}
    %31 = omp.map.info var_ptr(%5#1 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = "n"}
    %32 = omp.map.info var_ptr(%1 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = ""}
    %33 = omp.map.info var_ptr(%0 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = ""}
    omp.target map_entries(%21 -> %arg4, %25 -> %arg5, %29 -> %arg6, %30 -> %arg7, %31 -> %arg8, %32 -> %arg9, %33 -> %arg10 : !fir.ref<f32>, !fir.ref<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>, !fir.ref<i32>, !fir.ref<i32>, !fir.ref<i32>, !fir.ref<i32>) {
      %34 = fir.load %arg10 : !fir.ref<i32>
      %35 = fir.load %arg9 : !fir.ref<i32>
      %36 = fir.convert %35 : (i32) -> i64
      %37 = fir.convert %34 : (i32) -> i64
      %c0_6 = arith.constant 0 : index
      %38 = fir.convert %37 : (i64) -> index
      %39 = arith.cmpi sgt, %38, %c0_6 : index
      %c0_7 = arith.constant 0 : index
      %40 = fir.convert %36 : (i64) -> index
      %41 = arith.cmpi sgt, %40, %c0_7 : index
      %42 = arith.select %41, %40, %c0_7 : index
      %43 = arith.select %39, %38, %c0_6 : index
      %44:2 = hlfir.declare %arg4 {uniq_name = "_QFbugsEs"} : (!fir.ref<f32>) -> (!fir.ref<f32>, !fir.ref<f32>)
      %45 = fir.shape %43 : (index) -> !fir.shape<1>
      %46:2 = hlfir.declare %arg5(%45) {uniq_name = "_QFbugsEy"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
      %47 = fir.shape %42 : (index) -> !fir.shape<1>
      %48:2 = hlfir.declare %arg6(%47) {uniq_name = "_QFbugsEx"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
      %49:2 = hlfir.declare %arg7 {uniq_name = "_QFbugsEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
      %50:2 = hlfir.declare %arg8 {uniq_name = "_QFbugsEn"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
      %51 = fir.load %44#0 : !fir.ref<f32>
      %cst = arith.constant 1.000000e+00 : f32
      %52 = arith.addf %51, %cst fastmath<contract> : f32
      hlfir.assign %52 to %44#0 : f32, !fir.ref<f32>
      %c1_i32 = arith.constant 1 : i32
      %53 = fir.convert %c1_i32 : (i32) -> index
      %54 = fir.load %50#0 : !fir.ref<i32>
      %55 = fir.convert %54 : (i32) -> index
      %c1_8 = arith.constant 1 : index
      %56 = fir.convert %53 : (index) -> i32
      %57 = fir.do_loop %arg11 = %53 to %55 step %c1_8 iter_args(%arg12 = %56) -> (i32) {
        fir.store %arg12 to %49#0 : !fir.ref<i32>
        %58 = fir.load %49#0 : !fir.ref<i32>
        %59 = fir.convert %58 : (i32) -> i64
        %60 = hlfir.designate %46#0 (%59)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        %61 = fir.load %60 : !fir.ref<f32>
        %62 = fir.load %49#0 : !fir.ref<i32>
        %63 = fir.convert %62 : (i32) -> i64
        %64 = hlfir.designate %48#0 (%63)  : (!fir.box<!fir.array<?xf32>>, i64) -> !fir.ref<f32>
        hlfir.assign %61 to %64 : f32, !fir.ref<f32>
        %65 = fir.convert %c1_8 : (index) -> i32
        %66 = fir.load %49#0 : !fir.ref<i32>
        %67 = arith.addi %66, %65 overflow<nsw> : i32
        fir.result %67 : i32
      }
      fir.store %57 to %49#0 : !fir.ref<i32>
      omp.terminator
    }
    return
  }
}
