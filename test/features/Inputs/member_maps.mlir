// flang-22 -fc1 -emit-hlfir -fopenmp -fopenmp-version=52 member_maps.f90 -o member_maps.mlir (Debian flang 22.1.8); the function unchanged, but for the unused declares of the type-info globals (%1-%6, %8-%12) and those globals (800 KB), dropped.
module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, fir.defaultkind = "a1c4d8i4l4r4", fir.kindmap = "", llvm.data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", llvm.ident = "Debian flang version 22.1.8", llvm.target_triple = "x86_64-pc-linux-gnu", omp.is_gpu = false, omp.is_target_device = false, omp.requires = #omp<clause_requires none>, omp.target_triples = [], omp.version = #omp.version<version = 52>} {
  func.func @_QPmember_maps(%arg0: !fir.ref<!fir.type<_QFmember_mapsTt{a:!fir.box<!fir.heap<!fir.array<?xf32>>>,b:!fir.box<!fir.heap<!fir.array<?xf32>>>}>> {fir.bindc_name = "p"}) {
    %0 = fir.dummy_scope : !fir.dscope
    %7:2 = hlfir.declare %arg0 dummy_scope %0 arg 1 {uniq_name = "_QFmember_mapsEp"} : (!fir.ref<!fir.type<_QFmember_mapsTt{a:!fir.box<!fir.heap<!fir.array<?xf32>>>,b:!fir.box<!fir.heap<!fir.array<?xf32>>>}>>, !fir.dscope) -> (!fir.ref<!fir.type<_QFmember_mapsTt{a:!fir.box<!fir.heap<!fir.array<?xf32>>>,b:!fir.box<!fir.heap<!fir.array<?xf32>>>}>>, !fir.ref<!fir.type<_QFmember_mapsTt{a:!fir.box<!fir.heap<!fir.array<?xf32>>>,b:!fir.box<!fir.heap<!fir.array<?xf32>>>}>>)
    %13 = hlfir.designate %7#0{"a"}   {fortran_attrs = #fir.var_attrs<allocatable>} : (!fir.ref<!fir.type<_QFmember_mapsTt{a:!fir.box<!fir.heap<!fir.array<?xf32>>>,b:!fir.box<!fir.heap<!fir.array<?xf32>>>}>>) -> !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>
    %14 = fir.load %13 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>
    %c0_2 = arith.constant 0 : index
    %15:3 = fir.box_dims %14, %c0_2 : (!fir.box<!fir.heap<!fir.array<?xf32>>>, index) -> (index, index, index)
    %c1_3 = arith.constant 1 : index
    %c0_4 = arith.constant 0 : index
    %16:3 = fir.box_dims %14, %c0_4 : (!fir.box<!fir.heap<!fir.array<?xf32>>>, index) -> (index, index, index)
    %c0_5 = arith.constant 0 : index
    %17 = arith.subi %16#1, %c1_3 : index
    %18 = omp.map.bounds lower_bound(%c0_5 : index) upper_bound(%17 : index) extent(%16#1 : index) stride(%16#2 : index) start_idx(%15#0 : index) {stride_in_bytes = true}
    %19 = fir.coordinate_of %7#0, a : (!fir.ref<!fir.type<_QFmember_mapsTt{a:!fir.box<!fir.heap<!fir.array<?xf32>>>,b:!fir.box<!fir.heap<!fir.array<?xf32>>>}>>) -> !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>
    %20 = fir.box_offset %19 base_addr : (!fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>) -> !fir.llvm_ptr<!fir.ref<!fir.array<?xf32>>>
    %21 = omp.map.info var_ptr(%19 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>, f32) map_clauses(tofrom) capture(ByRef) var_ptr_ptr(%20 : !fir.llvm_ptr<!fir.ref<!fir.array<?xf32>>>) bounds(%18) -> !fir.llvm_ptr<!fir.ref<!fir.array<?xf32>>> {name = ""}
    %22 = omp.map.info var_ptr(%19 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>, !fir.box<!fir.heap<!fir.array<?xf32>>>) map_clauses(always, to) capture(ByRef) -> !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>> {name = "p%a"}
    %23 = hlfir.designate %7#0{"b"}   {fortran_attrs = #fir.var_attrs<allocatable>} : (!fir.ref<!fir.type<_QFmember_mapsTt{a:!fir.box<!fir.heap<!fir.array<?xf32>>>,b:!fir.box<!fir.heap<!fir.array<?xf32>>>}>>) -> !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>
    %24 = fir.load %23 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>
    %c0_6 = arith.constant 0 : index
    %25:3 = fir.box_dims %24, %c0_6 : (!fir.box<!fir.heap<!fir.array<?xf32>>>, index) -> (index, index, index)
    %c1_7 = arith.constant 1 : index
    %c0_8 = arith.constant 0 : index
    %26:3 = fir.box_dims %24, %c0_8 : (!fir.box<!fir.heap<!fir.array<?xf32>>>, index) -> (index, index, index)
    %c0_9 = arith.constant 0 : index
    %27 = arith.subi %26#1, %c1_7 : index
    %28 = omp.map.bounds lower_bound(%c0_9 : index) upper_bound(%27 : index) extent(%26#1 : index) stride(%26#2 : index) start_idx(%25#0 : index) {stride_in_bytes = true}
    %29 = fir.coordinate_of %7#0, b : (!fir.ref<!fir.type<_QFmember_mapsTt{a:!fir.box<!fir.heap<!fir.array<?xf32>>>,b:!fir.box<!fir.heap<!fir.array<?xf32>>>}>>) -> !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>
    %30 = fir.box_offset %29 base_addr : (!fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>) -> !fir.llvm_ptr<!fir.ref<!fir.array<?xf32>>>
    %31 = omp.map.info var_ptr(%29 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>, f32) map_clauses(tofrom) capture(ByRef) var_ptr_ptr(%30 : !fir.llvm_ptr<!fir.ref<!fir.array<?xf32>>>) bounds(%28) -> !fir.llvm_ptr<!fir.ref<!fir.array<?xf32>>> {name = ""}
    %32 = omp.map.info var_ptr(%29 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>, !fir.box<!fir.heap<!fir.array<?xf32>>>) map_clauses(always, to) capture(ByRef) -> !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>> {name = "p%b"}
    %33 = fir.coordinate_of %7#1, a : (!fir.ref<!fir.type<_QFmember_mapsTt{a:!fir.box<!fir.heap<!fir.array<?xf32>>>,b:!fir.box<!fir.heap<!fir.array<?xf32>>>}>>) -> !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>
    %34 = fir.coordinate_of %7#1, b : (!fir.ref<!fir.type<_QFmember_mapsTt{a:!fir.box<!fir.heap<!fir.array<?xf32>>>,b:!fir.box<!fir.heap<!fir.array<?xf32>>>}>>) -> !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>
    %35 = omp.map.info var_ptr(%7#1 : !fir.ref<!fir.type<_QFmember_mapsTt{a:!fir.box<!fir.heap<!fir.array<?xf32>>>,b:!fir.box<!fir.heap<!fir.array<?xf32>>>}>>, !fir.type<_QFmember_mapsTt{a:!fir.box<!fir.heap<!fir.array<?xf32>>>,b:!fir.box<!fir.heap<!fir.array<?xf32>>>}>) map_clauses(tofrom) capture(ByRef) members(%22, %21, %32, %31 : [0], [0, 0], [1], [1, 0] : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>, !fir.llvm_ptr<!fir.ref<!fir.array<?xf32>>>, !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>, !fir.llvm_ptr<!fir.ref<!fir.array<?xf32>>>) -> !fir.ref<!fir.type<_QFmember_mapsTt{a:!fir.box<!fir.heap<!fir.array<?xf32>>>,b:!fir.box<!fir.heap<!fir.array<?xf32>>>}>> {name = "p", partial_map = true}
    omp.target map_entries(%35 -> %arg1, %22 -> %arg2, %21 -> %arg3, %32 -> %arg4, %31 -> %arg5 : !fir.ref<!fir.type<_QFmember_mapsTt{a:!fir.box<!fir.heap<!fir.array<?xf32>>>,b:!fir.box<!fir.heap<!fir.array<?xf32>>>}>>, !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>, !fir.llvm_ptr<!fir.ref<!fir.array<?xf32>>>, !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>, !fir.llvm_ptr<!fir.ref<!fir.array<?xf32>>>) {
      %36:2 = hlfir.declare %arg1 {uniq_name = "_QFmember_mapsEp"} : (!fir.ref<!fir.type<_QFmember_mapsTt{a:!fir.box<!fir.heap<!fir.array<?xf32>>>,b:!fir.box<!fir.heap<!fir.array<?xf32>>>}>>) -> (!fir.ref<!fir.type<_QFmember_mapsTt{a:!fir.box<!fir.heap<!fir.array<?xf32>>>,b:!fir.box<!fir.heap<!fir.array<?xf32>>>}>>, !fir.ref<!fir.type<_QFmember_mapsTt{a:!fir.box<!fir.heap<!fir.array<?xf32>>>,b:!fir.box<!fir.heap<!fir.array<?xf32>>>}>>)
      %37 = hlfir.designate %36#0{"b"}   {fortran_attrs = #fir.var_attrs<allocatable>} : (!fir.ref<!fir.type<_QFmember_mapsTt{a:!fir.box<!fir.heap<!fir.array<?xf32>>>,b:!fir.box<!fir.heap<!fir.array<?xf32>>>}>>) -> !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>
      %38 = fir.load %37 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>
      %c1_10 = arith.constant 1 : index
      %39 = hlfir.designate %38 (%c1_10)  : (!fir.box<!fir.heap<!fir.array<?xf32>>>, index) -> !fir.ref<f32>
      %40 = fir.load %39 : !fir.ref<f32>
      %41 = hlfir.designate %36#0{"a"}   {fortran_attrs = #fir.var_attrs<allocatable>} : (!fir.ref<!fir.type<_QFmember_mapsTt{a:!fir.box<!fir.heap<!fir.array<?xf32>>>,b:!fir.box<!fir.heap<!fir.array<?xf32>>>}>>) -> !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>
      %42 = fir.load %41 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf32>>>>
      %c1_11 = arith.constant 1 : index
      %43 = hlfir.designate %42 (%c1_11)  : (!fir.box<!fir.heap<!fir.array<?xf32>>>, index) -> !fir.ref<f32>
      hlfir.assign %40 to %43 : f32, !fir.ref<f32>
      omp.terminator
    }
    return
  }
}
