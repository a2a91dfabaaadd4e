// flang-22 -fc1 -emit-hlfir -fopenmp -fopenmp-version=52 target_data_addr.f90 -o target_data_addr.mlir (Debian flang 22.1.8); unchanged output below.
module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, fir.defaultkind = "a1c4d8i4l4r4", fir.kindmap = "", llvm.data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", llvm.ident = "Debian flang version 22.1.8", llvm.target_triple = "x86_64-pc-linux-gnu", omp.is_gpu = false, omp.is_target_device = false, omp.target_triples = [], omp.version = #omp.version<version = 52>} {
  func.func @_QPtarget_data_addr(%arg0: !fir.ref<!fir.array<?xf32>> {fir.bindc_name = "x", fir.target}, %arg1: !fir.ref<i32> {fir.bindc_name = "n"}) {
    %0 = fir.dummy_scope : !fir.dscope
    %1:2 = hlfir.declare %arg1 dummy_scope %0 arg 2 {uniq_name = "_QFtarget_data_addrEn"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
    %2 = fir.load %1#0 : !fir.ref<i32>
    %3 = fir.convert %2 : (i32) -> i64
    %4 = fir.convert %3 : (i64) -> index
    %c0 = arith.constant 0 : index
    %5 = arith.cmpi sgt, %4, %c0 : index
    %6 = arith.select %5, %4, %c0 : index
    %7 = fir.shape %6 : (index) -> !fir.shape<1>
    %8:2 = hlfir.declare %arg0(%7) dummy_scope %0 arg 1 {fortran_attrs = #fir.var_attrs<target>, uniq_name = "_QFtarget_data_addrEx"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>, !fir.dscope) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
    %c1 = arith.constant 1 : index
    %c0_0 = arith.constant 0 : index
    %9:3 = fir.box_dims %8#0, %c0_0 : (!fir.box<!fir.array<?xf32>>, index) -> (index, index, index)
    %c0_1 = arith.constant 0 : index
    %10 = arith.subi %9#1, %c1 : index
    %11 = omp.map.bounds lower_bound(%c0_1 : index) upper_bound(%10 : index) extent(%9#1 : index) stride(%9#2 : index) start_idx(%c1 : index) {stride_in_bytes = true}
    %12 = omp.map.info var_ptr(%8#1 : !fir.ref<!fir.array<?xf32>>, f32) map_clauses(tofrom) capture(ByRef) bounds(%11) -> !fir.ref<!fir.array<?xf32>> {name = "x"}
    %c1_2 = arith.constant 1 : index
    %c0_3 = arith.constant 0 : index
    %13:3 = fir.box_dims %8#0, %c0_3 : (!fir.box<!fir.array<?xf32>>, index) -> (index, index, index)
    %c0_4 = arith.constant 0 : index
    %14 = arith.subi %13#1, %c1_2 : index
    %15 = omp.map.bounds lower_bound(%c0_4 : index) upper_bound(%14 : index) extent(%13#1 : index) stride(%13#2 : index) start_idx(%c1_2 : index) {stride_in_bytes = true}
    %16 = omp.map.info var_ptr(%8#1 : !fir.ref<!fir.array<?xf32>>, f32) map_clauses(return_param) capture(ByRef) bounds(%15) -> !fir.ref<!fir.array<?xf32>> {name = "x"}
    omp.target_data map_entries(%12 : !fir.ref<!fir.array<?xf32>>) use_device_addr(%16 -> %arg2 : !fir.ref<!fir.array<?xf32>>) {
      %17 = fir.shape %6 : (index) -> !fir.shape<1>
      %18:2 = hlfir.declare %arg2(%17) {fortran_attrs = #fir.var_attrs<target>, uniq_name = "_QFtarget_data_addrEx"} : (!fir.ref<!fir.array<?xf32>>, !fir.shape<1>) -> (!fir.box<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>)
      fir.call @_QPuse_it(%18#1) fastmath<contract> : (!fir.ref<!fir.array<?xf32>>) -> ()
      omp.terminator
    }
    return
  }
  func.func private @_QPuse_it(!fir.ref<!fir.array<?xf32>>)
}
