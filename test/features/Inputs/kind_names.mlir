// flang-22 -fc1 -emit-hlfir -fopenmp -fopenmp-version=52 kind_names.f90 -o kind_names.mlir (Debian flang 22.1.8); the type-info globals and their declares (880 KB) dropped.
module attributes {dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, !llvm.ptr<271> = dense<32> : vector<4xi64>, !llvm.ptr<272> = dense<64> : vector<4xi64>, i64 = dense<64> : vector<2xi64>, i128 = dense<128> : vector<2xi64>, f80 = dense<128> : vector<2xi64>, !llvm.ptr = dense<64> : vector<4xi64>, i1 = dense<8> : vector<2xi64>, i8 = dense<8> : vector<2xi64>, i16 = dense<16> : vector<2xi64>, i32 = dense<32> : vector<2xi64>, f16 = dense<16> : vector<2xi64>, f64 = dense<64> : vector<2xi64>, f128 = dense<128> : vector<2xi64>, "dlti.endianness" = "little", "dlti.mangling_mode" = "e", "dlti.legal_int_widths" = array<i32: 8, 16, 32, 64>, "dlti.stack_alignment" = 128 : i64>, fir.defaultkind = "a1c4d8i4l4r4", fir.kindmap = "", llvm.data_layout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128", llvm.ident = "Debian flang version 22.1.8", llvm.target_triple = "x86_64-pc-linux-gnu", omp.is_gpu = false, omp.is_target_device = false, omp.requires = #omp<clause_requires none>, omp.target_triples = [], omp.version = #omp.version<version = 52>} {
  func.func @_QPkind_names(%arg0: !fir.ref<!fir.box<!fir.heap<!fir.array<?x!fir.type<_QFkind_namesTt{v:!fir.array<4xf32>,w:f32}>>>>> {fir.bindc_name = "ys"}, %arg1: !fir.ref<i32> {fir.bindc_name = "i"}) {
    %0 = fir.dummy_scope : !fir.dscope
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %c0_0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %2 = fir.shape_shift %c0, %c2, %c0_0, %c1 : (index, index, index, index) -> !fir.shapeshift<2>
    %c1_1 = arith.constant 1 : index
    %c1_2 = arith.constant 1 : index
    %c1_3 = arith.constant 1 : index
    %10:2 = hlfir.declare %arg1 dummy_scope %0 arg 2 {uniq_name = "_QFkind_namesEi"} : (!fir.ref<i32>, !fir.dscope) -> (!fir.ref<i32>, !fir.ref<i32>)
    %11:2 = hlfir.declare %arg0 dummy_scope %0 arg 1 {fortran_attrs = #fir.var_attrs<allocatable>, uniq_name = "_QFkind_namesEys"} : (!fir.ref<!fir.box<!fir.heap<!fir.array<?x!fir.type<_QFkind_namesTt{v:!fir.array<4xf32>,w:f32}>>>>>, !fir.dscope) -> (!fir.ref<!fir.box<!fir.heap<!fir.array<?x!fir.type<_QFkind_namesTt{v:!fir.array<4xf32>,w:f32}>>>>>, !fir.ref<!fir.box<!fir.heap<!fir.array<?x!fir.type<_QFkind_namesTt{v:!fir.array<4xf32>,w:f32}>>>>>)
    %c0_4 = arith.constant 0 : index
    %c2_5 = arith.constant 2 : index
    %13 = fir.shape_shift %c0_4, %c2_5 : (index, index) -> !fir.shapeshift<1>
    %c4 = arith.constant 4 : index
    %c1_6 = arith.constant 1 : index
    %c0_7 = arith.constant 0 : index
    %17 = arith.subi %c4, %c1_6 : index
    %18 = omp.map.bounds lower_bound(%c0_7 : index) upper_bound(%17 : index) extent(%c4 : index) stride(%c1_6 : index) start_idx(%c1_6 : index)
    %19 = fir.load %11#0 : !fir.ref<!fir.box<!fir.heap<!fir.array<?x!fir.type<_QFkind_namesTt{v:!fir.array<4xf32>,w:f32}>>>>>
    %c3_i64 = arith.constant 3 : i64
    %20 = fir.convert %c3_i64 : (i64) -> index
    %c0_8 = arith.constant 0 : index
    %21:3 = fir.box_dims %19, %c0_8 : (!fir.box<!fir.heap<!fir.array<?x!fir.type<_QFkind_namesTt{v:!fir.array<4xf32>,w:f32}>>>>, index) -> (index, index, index)
    %22 = fir.shape_shift %21#0, %21#1 : (index, index) -> !fir.shapeshift<1>
    %23 = fir.box_addr %19 : (!fir.box<!fir.heap<!fir.array<?x!fir.type<_QFkind_namesTt{v:!fir.array<4xf32>,w:f32}>>>>) -> !fir.heap<!fir.array<?x!fir.type<_QFkind_namesTt{v:!fir.array<4xf32>,w:f32}>>>
    %24 = fir.array_coor %23(%22) %20 : (!fir.heap<!fir.array<?x!fir.type<_QFkind_namesTt{v:!fir.array<4xf32>,w:f32}>>>, !fir.shapeshift<1>, index) -> !fir.ref<!fir.type<_QFkind_namesTt{v:!fir.array<4xf32>,w:f32}>>
    %25 = fir.coordinate_of %24, v : (!fir.ref<!fir.type<_QFkind_namesTt{v:!fir.array<4xf32>,w:f32}>>) -> !fir.ref<!fir.array<4xf32>>
    %26 = omp.map.info var_ptr(%25 : !fir.ref<!fir.array<4xf32>>, !fir.array<4xf32>) map_clauses(from) capture(ByRef) bounds(%18) -> !fir.ref<!fir.array<4xf32>> {name = "ys(3_8)%v"}
    %27 = fir.load %11#0 : !fir.ref<!fir.box<!fir.heap<!fir.array<?x!fir.type<_QFkind_namesTt{v:!fir.array<4xf32>,w:f32}>>>>>
    %28 = fir.load %10#0 : !fir.ref<i32>
    %29 = fir.convert %28 : (i32) -> i64
    %30 = fir.convert %29 : (i64) -> index
    %c0_9 = arith.constant 0 : index
    %31:3 = fir.box_dims %27, %c0_9 : (!fir.box<!fir.heap<!fir.array<?x!fir.type<_QFkind_namesTt{v:!fir.array<4xf32>,w:f32}>>>>, index) -> (index, index, index)
    %32 = fir.shape_shift %31#0, %31#1 : (index, index) -> !fir.shapeshift<1>
    %33 = fir.box_addr %27 : (!fir.box<!fir.heap<!fir.array<?x!fir.type<_QFkind_namesTt{v:!fir.array<4xf32>,w:f32}>>>>) -> !fir.heap<!fir.array<?x!fir.type<_QFkind_namesTt{v:!fir.array<4xf32>,w:f32}>>>
    %34 = fir.array_coor %33(%32) %30 : (!fir.heap<!fir.array<?x!fir.type<_QFkind_namesTt{v:!fir.array<4xf32>,w:f32}>>>, !fir.shapeshift<1>, index) -> !fir.ref<!fir.type<_QFkind_namesTt{v:!fir.array<4xf32>,w:f32}>>
    %35 = fir.coordinate_of %34, w : (!fir.ref<!fir.type<_QFkind_namesTt{v:!fir.array<4xf32>,w:f32}>>) -> !fir.ref<f32>
    %36 = omp.map.info var_ptr(%35 : !fir.ref<f32>, f32) map_clauses(tofrom) capture(ByRef) -> !fir.ref<f32> {name = "ys(int(i,kind=8))%w"}
    %37 = fir.load %11#0 : !fir.ref<!fir.box<!fir.heap<!fir.array<?x!fir.type<_QFkind_namesTt{v:!fir.array<4xf32>,w:f32}>>>>>
    %c1_10 = arith.constant 1 : index
    %38 = fir.load %11#0 : !fir.ref<!fir.box<!fir.heap<!fir.array<?x!fir.type<_QFkind_namesTt{v:!fir.array<4xf32>,w:f32}>>>>>
    %c0_11 = arith.constant 0 : index
    %39:3 = fir.box_dims %38, %c0_11 : (!fir.box<!fir.heap<!fir.array<?x!fir.type<_QFkind_namesTt{v:!fir.array<4xf32>,w:f32}>>>>, index) -> (index, index, index)
    %c0_12 = arith.constant 0 : index
    %40:3 = fir.box_dims %37, %c0_12 : (!fir.box<!fir.heap<!fir.array<?x!fir.type<_QFkind_namesTt{v:!fir.array<4xf32>,w:f32}>>>>, index) -> (index, index, index)
    %c3 = arith.constant 3 : index
    %41 = arith.subi %c3, %39#0 : index
    %42 = omp.map.bounds lower_bound(%41 : index) upper_bound(%41 : index) extent(%c1_10 : index) stride(%40#2 : index) start_idx(%39#0 : index) {stride_in_bytes = true}
    %43 = fir.box_offset %11#1 base_addr : (!fir.ref<!fir.box<!fir.heap<!fir.array<?x!fir.type<_QFkind_namesTt{v:!fir.array<4xf32>,w:f32}>>>>>) -> !fir.llvm_ptr<!fir.ref<!fir.array<?x!fir.type<_QFkind_namesTt{v:!fir.array<4xf32>,w:f32}>>>>
    %44 = omp.map.info var_ptr(%11#1 : !fir.ref<!fir.box<!fir.heap<!fir.array<?x!fir.type<_QFkind_namesTt{v:!fir.array<4xf32>,w:f32}>>>>>, !fir.type<_QFkind_namesTt{v:!fir.array<4xf32>,w:f32}>) map_clauses(from) capture(ByRef) var_ptr_ptr(%43 : !fir.llvm_ptr<!fir.ref<!fir.array<?x!fir.type<_QFkind_namesTt{v:!fir.array<4xf32>,w:f32}>>>>) bounds(%42) -> !fir.llvm_ptr<!fir.ref<!fir.array<?x!fir.type<_QFkind_namesTt{v:!fir.array<4xf32>,w:f32}>>>> {name = ""}
    %45 = omp.map.info var_ptr(%11#1 : !fir.ref<!fir.box<!fir.heap<!fir.array<?x!fir.type<_QFkind_namesTt{v:!fir.array<4xf32>,w:f32}>>>>>, !fir.box<!fir.heap<!fir.array<?x!fir.type<_QFkind_namesTt{v:!fir.array<4xf32>,w:f32}>>>>) map_clauses(always, to) capture(ByRef) members(%44, %26, %36 : [0], [0, 0], [0, 1] : !fir.llvm_ptr<!fir.ref<!fir.array<?x!fir.type<_QFkind_namesTt{v:!fir.array<4xf32>,w:f32}>>>>, !fir.ref<!fir.array<4xf32>>, !fir.ref<f32>) -> !fir.ref<!fir.box<!fir.heap<!fir.array<?x!fir.type<_QFkind_namesTt{v:!fir.array<4xf32>,w:f32}>>>>> {name = "ys(3)"}
    %46 = omp.map.info var_ptr(%10#1 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = "i"}
    omp.target map_entries(%45 -> %arg2, %46 -> %arg3, %44 -> %arg4, %26 -> %arg5, %36 -> %arg6 : !fir.ref<!fir.box<!fir.heap<!fir.array<?x!fir.type<_QFkind_namesTt{v:!fir.array<4xf32>,w:f32}>>>>>, !fir.ref<i32>, !fir.llvm_ptr<!fir.ref<!fir.array<?x!fir.type<_QFkind_namesTt{v:!fir.array<4xf32>,w:f32}>>>>, !fir.ref<!fir.array<4xf32>>, !fir.ref<f32>) {
      %47:2 = hlfir.declare %arg2 {fortran_attrs = #fir.var_attrs<allocatable>, uniq_name = "_QFkind_namesEys"} : (!fir.ref<!fir.box<!fir.heap<!fir.array<?x!fir.type<_QFkind_namesTt{v:!fir.array<4xf32>,w:f32}>>>>>) -> (!fir.ref<!fir.box<!fir.heap<!fir.array<?x!fir.type<_QFkind_namesTt{v:!fir.array<4xf32>,w:f32}>>>>>, !fir.ref<!fir.box<!fir.heap<!fir.array<?x!fir.type<_QFkind_namesTt{v:!fir.array<4xf32>,w:f32}>>>>>)
      %48:2 = hlfir.declare %arg3 {uniq_name = "_QFkind_namesEi"} : (!fir.ref<i32>) -> (!fir.ref<i32>, !fir.ref<i32>)
      %49 = fir.load %47#0 : !fir.ref<!fir.box<!fir.heap<!fir.array<?x!fir.type<_QFkind_namesTt{v:!fir.array<4xf32>,w:f32}>>>>>
      %50 = fir.load %48#0 : !fir.ref<i32>
      %51 = fir.convert %50 : (i32) -> i64
      %52 = hlfir.designate %49 (%51)  : (!fir.box<!fir.heap<!fir.array<?x!fir.type<_QFkind_namesTt{v:!fir.array<4xf32>,w:f32}>>>>, i64) -> !fir.ref<!fir.type<_QFkind_namesTt{v:!fir.array<4xf32>,w:f32}>>
      %53 = hlfir.designate %52{"w"}   : (!fir.ref<!fir.type<_QFkind_namesTt{v:!fir.array<4xf32>,w:f32}>>) -> !fir.ref<f32>
      %54 = fir.load %53 : !fir.ref<f32>
      %55 = fir.load %47#0 : !fir.ref<!fir.box<!fir.heap<!fir.array<?x!fir.type<_QFkind_namesTt{v:!fir.array<4xf32>,w:f32}>>>>>
      %c3_13 = arith.constant 3 : index
      %56 = hlfir.designate %55 (%c3_13)  : (!fir.box<!fir.heap<!fir.array<?x!fir.type<_QFkind_namesTt{v:!fir.array<4xf32>,w:f32}>>>>, index) -> !fir.ref<!fir.type<_QFkind_namesTt{v:!fir.array<4xf32>,w:f32}>>
      %c4_14 = arith.constant 4 : index
      %57 = fir.shape %c4_14 : (index) -> !fir.shape<1>
      %58 = hlfir.designate %56{"v"}   shape %57 : (!fir.ref<!fir.type<_QFkind_namesTt{v:!fir.array<4xf32>,w:f32}>>, !fir.shape<1>) -> !fir.ref<!fir.array<4xf32>>
      hlfir.assign %54 to %58 : f32, !fir.ref<!fir.array<4xf32>>
      omp.terminator
    }
    return
  }
  fir.type_info @_QM__fortran_type_infoTderivedtype : !fir.type<_QM__fortran_type_infoTderivedtype{binding:!fir.box<!fir.ptr<!fir.array<?x!fir.type<_QM__fortran_type_infoTbinding{proc:!fir.type<_QM__fortran_builtinsT__builtin_c_funptr{__address:i64}>,name:!fir.box<!fir.ptr<!fir.char<1,?>>>}>>>>,name:!fir.box<!fir.ptr<!fir.char<1,?>>>,sizeinbytes:i64,uninstantiated:!fir.box<!fir.ptr<!fir.type<_QM__fortran_type_infoTderivedtype>>>,kindparameter:!fir.box<!fir.ptr<!fir.array<?xi64>>>,lenparameterkind:!fir.box<!fir.ptr<!fir.array<?xi8>>>,component:!fir.box<!fir.ptr<!fir.array<?x!fir.type<_QM__fortran_type_infoTcomponent{name:!fir.box<!fir.ptr<!fir.char<1,?>>>,genre:i8,category:i8,kind:i8,rank:i8,__padding0:!fir.array<4xi8>,offset:i64,characterlen:!fir.type<_QM__fortran_type_infoTvalue{genre:i8,__padding0:!fir.array<7xi8>,value:i64}>,derived:!fir.box<!fir.ptr<!fir.type<_QM__fortran_type_infoTderivedtype>>>,lenvalue:!fir.box<!fir.ptr<!fir.array<?x!fir.type<_QM__fortran_type_infoTvalue{genre:i8,__padding0:!fir.array<7xi8>,value:i64}>>>>,bounds:!fir.box<!fir.ptr<!fir.array<?x?x!fir.type<_QM__fortran_type_infoTvalue{genre:i8,__padding0:!fir.array<7xi8>,value:i64}>>>>,initialization:!fir.type<_QM__fortran_builtinsT__builtin_c_ptr{__address:i64}>}>>>>,procptr:!fir.box<!fir.ptr<!fir.array<?x!fir.type<_QM__fortran_type_infoTprocptrcomponent{name:!fir.box<!fir.ptr<!fir.char<1,?>>>,offset:i64,initialization:!fir.type<_QM__fortran_builtinsT__builtin_c_funptr{__address:i64}>}>>>>,special:!fir.box<!fir.ptr<!fir.array<?x!fir.type<_QM__fortran_type_infoTspecialbinding{which:i8,isargdescriptorset:i8,istypebound:i8,specialcaseflag:i8,__padding0:!fir.array<4xi8>,proc:!fir.type<_QM__fortran_builtinsT__builtin_c_funptr{__address:i64}>}>>>>,specialbitset:i32,hasparent:i8,noinitializationneeded:i8,nodestructionneeded:i8,nofinalizationneeded:i8,nodefinedassignment:i8,__padding0:!fir.array<3xi8>}>
  fir.type_info @_QFkind_namesTt noinit nodestroy nofinal : !fir.type<_QFkind_namesTt{v:!fir.array<4xf32>,w:f32}>
  fir.type_info @_QM__fortran_builtinsT__builtin_c_funptr noinit nodestroy nofinal : !fir.type<_QM__fortran_builtinsT__builtin_c_funptr{__address:i64}>
  fir.type_info @_QM__fortran_builtinsT__builtin_c_ptr noinit nodestroy nofinal : !fir.type<_QM__fortran_builtinsT__builtin_c_ptr{__address:i64}>
}
