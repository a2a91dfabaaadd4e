// RUN: %ompx opt %s --ompx-mapper-pointer-components | FileCheck %s
//
// flang-22's default mapper of a type with allocatable components (every
// map in it implicit, as flang made it for `type t` of a program of ours)
// maps the POINTER component's target: that map goes, and the pointer's
// descriptor loses `always`. The allocatable component keeps both. A
// declared default mapper (explicit maps) is left as written.

// CHECK-LABEL: omp.declare_mapper @_QQFt_omp_default_mapper
// CHECK:     %[[N:.*]] = omp.map.info var_ptr({{.*}} : !fir.ref<i32>, i32) map_clauses(implicit, tofrom)
// CHECK-NOT: var_ptr_ptr({{.*}}!fir.ptr
// CHECK:     %[[P:.*]] = omp.map.info var_ptr({{.*}} : !fir.ref<!fir.box<!fir.ptr<!fir.array<?xf64>>>>, !fir.box<!fir.ptr<!fir.array<?xf64>>>) map_clauses(implicit, to)
// CHECK:     %[[QDATA:.*]] = omp.map.info var_ptr({{.*}} : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf64>>>>, f64) map_clauses(implicit, tofrom) capture(ByRef) var_ptr_ptr
// CHECK:     %[[Q:.*]] = omp.map.info var_ptr({{.*}} : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf64>>>>, !fir.box<!fir.heap<!fir.array<?xf64>>>) map_clauses(always, implicit, to)
// CHECK:     %[[REC:.*]] = omp.map.info {{.*}} map_clauses(implicit) capture(ByRef) members(%[[N]], %[[P]], %[[Q]], %[[QDATA]] : [0], [1], [2], [2, 0] :
// CHECK:     omp.declare_mapper.info map_entries(%[[REC]], %[[N]], %[[P]], %[[Q]], %[[QDATA]] :

// CHECK-LABEL: omp.declare_mapper @_QQMmpu_omp_default_mapper
// CHECK:     %[[WDATA:.*]] = omp.map.info {{.*}} map_clauses(tofrom) capture(ByRef) var_ptr_ptr
// CHECK:     %[[W:.*]] = omp.map.info {{.*}} map_clauses(always, to) {{.*}} {name = "z%w"}
// CHECK:     %[[U:.*]] = omp.map.info {{.*}} members(%[[W]], %[[WDATA]] : [0], [0, 0] :
// CHECK:     omp.declare_mapper.info map_entries(%[[U]], %[[W]], %[[WDATA]] :

  omp.declare_mapper @_QQFt_omp_default_mapper : !fir.type<_QFTt{n:i32,p:!fir.box<!fir.ptr<!fir.array<?xf64>>>,q:!fir.box<!fir.heap<!fir.array<?xf64>>>}> {
  ^bb0(%arg0: !fir.ref<!fir.type<_QFTt{n:i32,p:!fir.box<!fir.ptr<!fir.array<?xf64>>>,q:!fir.box<!fir.heap<!fir.array<?xf64>>>}>>):
    %0:2 = hlfir.declare %arg0 {uniq_name = ""} : (!fir.ref<!fir.type<_QFTt{n:i32,p:!fir.box<!fir.ptr<!fir.array<?xf64>>>,q:!fir.box<!fir.heap<!fir.array<?xf64>>>}>>) -> (!fir.ref<!fir.type<_QFTt{n:i32,p:!fir.box<!fir.ptr<!fir.array<?xf64>>>,q:!fir.box<!fir.heap<!fir.array<?xf64>>>}>>, !fir.ref<!fir.type<_QFTt{n:i32,p:!fir.box<!fir.ptr<!fir.array<?xf64>>>,q:!fir.box<!fir.heap<!fir.array<?xf64>>>}>>)
    %1 = fir.field_index n, !fir.type<_QFTt{n:i32,p:!fir.box<!fir.ptr<!fir.array<?xf64>>>,q:!fir.box<!fir.heap<!fir.array<?xf64>>>}>
    %2 = fir.coordinate_of %0#0, n : (!fir.ref<!fir.type<_QFTt{n:i32,p:!fir.box<!fir.ptr<!fir.array<?xf64>>>,q:!fir.box<!fir.heap<!fir.array<?xf64>>>}>>) -> !fir.ref<i32>
    %3 = omp.map.info var_ptr(%2 : !fir.ref<i32>, i32) map_clauses(implicit, tofrom) capture(ByRef) -> !fir.ref<i32> {name = ""}
    %4 = fir.field_index p, !fir.type<_QFTt{n:i32,p:!fir.box<!fir.ptr<!fir.array<?xf64>>>,q:!fir.box<!fir.heap<!fir.array<?xf64>>>}>
    %5 = fir.coordinate_of %0#0, p : (!fir.ref<!fir.type<_QFTt{n:i32,p:!fir.box<!fir.ptr<!fir.array<?xf64>>>,q:!fir.box<!fir.heap<!fir.array<?xf64>>>}>>) -> !fir.ref<!fir.box<!fir.ptr<!fir.array<?xf64>>>>
    %6 = fir.load %5 : !fir.ref<!fir.box<!fir.ptr<!fir.array<?xf64>>>>
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %7 = fir.load %5 : !fir.ref<!fir.box<!fir.ptr<!fir.array<?xf64>>>>
    %c0_0 = arith.constant 0 : index
    %8:3 = fir.box_dims %7, %c0_0 : (!fir.box<!fir.ptr<!fir.array<?xf64>>>, index) -> (index, index, index)
    %9:3 = fir.box_dims %6, %c0 : (!fir.box<!fir.ptr<!fir.array<?xf64>>>, index) -> (index, index, index)
    %c0_1 = arith.constant 0 : index
    %10 = arith.subi %9#1, %c1 : index
    %11 = omp.map.bounds lower_bound(%c0_1 : index) upper_bound(%10 : index) extent(%9#1 : index) stride(%9#2 : index) start_idx(%8#0 : index) {stride_in_bytes = true}
    %12 = arith.muli %9#2, %9#1 : index
    %13 = fir.box_offset %5 base_addr : (!fir.ref<!fir.box<!fir.ptr<!fir.array<?xf64>>>>) -> !fir.llvm_ptr<!fir.ref<!fir.array<?xf64>>>
    %14 = omp.map.info var_ptr(%5 : !fir.ref<!fir.box<!fir.ptr<!fir.array<?xf64>>>>, f64) map_clauses(implicit, tofrom) capture(ByRef) var_ptr_ptr(%13 : !fir.llvm_ptr<!fir.ref<!fir.array<?xf64>>>) bounds(%11) -> !fir.llvm_ptr<!fir.ref<!fir.array<?xf64>>> {name = ""}
    %15 = omp.map.info var_ptr(%5 : !fir.ref<!fir.box<!fir.ptr<!fir.array<?xf64>>>>, !fir.box<!fir.ptr<!fir.array<?xf64>>>) map_clauses(always, implicit, to) capture(ByRef) -> !fir.ref<!fir.box<!fir.ptr<!fir.array<?xf64>>>> {name = ""}
    %16 = fir.field_index q, !fir.type<_QFTt{n:i32,p:!fir.box<!fir.ptr<!fir.array<?xf64>>>,q:!fir.box<!fir.heap<!fir.array<?xf64>>>}>
    %17 = fir.coordinate_of %0#0, q : (!fir.ref<!fir.type<_QFTt{n:i32,p:!fir.box<!fir.ptr<!fir.array<?xf64>>>,q:!fir.box<!fir.heap<!fir.array<?xf64>>>}>>) -> !fir.ref<!fir.box<!fir.heap<!fir.array<?xf64>>>>
    %18 = fir.load %17 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf64>>>>
    %c1_2 = arith.constant 1 : index
    %c0_3 = arith.constant 0 : index
    %19 = fir.load %17 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf64>>>>
    %c0_4 = arith.constant 0 : index
    %20:3 = fir.box_dims %19, %c0_4 : (!fir.box<!fir.heap<!fir.array<?xf64>>>, index) -> (index, index, index)
    %21 = fir.box_addr %19 : (!fir.box<!fir.heap<!fir.array<?xf64>>>) -> !fir.heap<!fir.array<?xf64>>
    %22:3 = fir.box_dims %18, %c0_3 : (!fir.box<!fir.heap<!fir.array<?xf64>>>, index) -> (index, index, index)
    %c0_5 = arith.constant 0 : index
    %23 = arith.subi %22#1, %c1_2 : index
    %24 = omp.map.bounds lower_bound(%c0_5 : index) upper_bound(%23 : index) extent(%22#1 : index) stride(%22#2 : index) start_idx(%20#0 : index) {stride_in_bytes = true}
    %25 = arith.muli %22#2, %22#1 : index
    %26 = fir.box_offset %17 base_addr : (!fir.ref<!fir.box<!fir.heap<!fir.array<?xf64>>>>) -> !fir.llvm_ptr<!fir.ref<!fir.array<?xf64>>>
    %27 = omp.map.info var_ptr(%17 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf64>>>>, f64) map_clauses(implicit, tofrom) capture(ByRef) var_ptr_ptr(%26 : !fir.llvm_ptr<!fir.ref<!fir.array<?xf64>>>) bounds(%24) -> !fir.llvm_ptr<!fir.ref<!fir.array<?xf64>>> {name = ""}
    %28 = omp.map.info var_ptr(%17 : !fir.ref<!fir.box<!fir.heap<!fir.array<?xf64>>>>, !fir.box<!fir.heap<!fir.array<?xf64>>>) map_clauses(always, implicit, to) capture(ByRef) -> !fir.ref<!fir.box<!fir.heap<!fir.array<?xf64>>>> {name = ""}
    %29 = omp.map.info var_ptr(%0#1 : !fir.ref<!fir.type<_QFTt{n:i32,p:!fir.box<!fir.ptr<!fir.array<?xf64>>>,q:!fir.box<!fir.heap<!fir.array<?xf64>>>}>>, !fir.type<_QFTt{n:i32,p:!fir.box<!fir.ptr<!fir.array<?xf64>>>,q:!fir.box<!fir.heap<!fir.array<?xf64>>>}>) map_clauses(implicit) capture(ByRef) members(%3, %15, %14, %28, %27 : [0], [1], [1, 0], [2], [2, 0] : !fir.ref<i32>, !fir.ref<!fir.box<!fir.ptr<!fir.array<?xf64>>>>, !fir.llvm_ptr<!fir.ref<!fir.array<?xf64>>>, !fir.ref<!fir.box<!fir.heap<!fir.array<?xf64>>>>, !fir.llvm_ptr<!fir.ref<!fir.array<?xf64>>>) -> !fir.ref<!fir.type<_QFTt{n:i32,p:!fir.box<!fir.ptr<!fir.array<?xf64>>>,q:!fir.box<!fir.heap<!fir.array<?xf64>>>}>> {name = "", partial_map = true}
    omp.declare_mapper.info map_entries(%29, %3, %15, %14, %28, %27 : !fir.ref<!fir.type<_QFTt{n:i32,p:!fir.box<!fir.ptr<!fir.array<?xf64>>>,q:!fir.box<!fir.heap<!fir.array<?xf64>>>}>>, !fir.ref<i32>, !fir.ref<!fir.box<!fir.ptr<!fir.array<?xf64>>>>, !fir.llvm_ptr<!fir.ref<!fir.array<?xf64>>>, !fir.ref<!fir.box<!fir.heap<!fir.array<?xf64>>>>, !fir.llvm_ptr<!fir.ref<!fir.array<?xf64>>>)
  }
  omp.declare_mapper @_QQMmpu_omp_default_mapper : !fir.type<_QMmpTu{w:!fir.box<!fir.ptr<!fir.array<?xf64>>>,v:!fir.box<!fir.heap<!fir.array<?xf64>>>}> {
  ^bb0(%arg0: !fir.ref<!fir.type<_QMmpTu{w:!fir.box<!fir.ptr<!fir.array<?xf64>>>,v:!fir.box<!fir.heap<!fir.array<?xf64>>>}>>):
    %0:2 = hlfir.declare %arg0 {uniq_name = "_QMmpEz"} : (!fir.ref<!fir.type<_QMmpTu{w:!fir.box<!fir.ptr<!fir.array<?xf64>>>,v:!fir.box<!fir.heap<!fir.array<?xf64>>>}>>) -> (!fir.ref<!fir.type<_QMmpTu{w:!fir.box<!fir.ptr<!fir.array<?xf64>>>,v:!fir.box<!fir.heap<!fir.array<?xf64>>>}>>, !fir.ref<!fir.type<_QMmpTu{w:!fir.box<!fir.ptr<!fir.array<?xf64>>>,v:!fir.box<!fir.heap<!fir.array<?xf64>>>}>>)
    %1 = hlfir.designate %0#0{"w"}   {fortran_attrs = #fir.var_attrs<pointer>} : (!fir.ref<!fir.type<_QMmpTu{w:!fir.box<!fir.ptr<!fir.array<?xf64>>>,v:!fir.box<!fir.heap<!fir.array<?xf64>>>}>>) -> !fir.ref<!fir.box<!fir.ptr<!fir.array<?xf64>>>>
    %2 = fir.load %1 : !fir.ref<!fir.box<!fir.ptr<!fir.array<?xf64>>>>
    %c0 = arith.constant 0 : index
    %3:3 = fir.box_dims %2, %c0 : (!fir.box<!fir.ptr<!fir.array<?xf64>>>, index) -> (index, index, index)
    %4 = fir.box_addr %2 : (!fir.box<!fir.ptr<!fir.array<?xf64>>>) -> !fir.ptr<!fir.array<?xf64>>
    %c1 = arith.constant 1 : index
    %c0_0 = arith.constant 0 : index
    %5:3 = fir.box_dims %2, %c0_0 : (!fir.box<!fir.ptr<!fir.array<?xf64>>>, index) -> (index, index, index)
    %c0_1 = arith.constant 0 : index
    %6 = arith.subi %5#1, %c1 : index
    %7 = omp.map.bounds lower_bound(%c0_1 : index) upper_bound(%6 : index) extent(%5#1 : index) stride(%5#2 : index) start_idx(%3#0 : index) {stride_in_bytes = true}
    %8 = arith.muli %5#2, %5#1 : index
    %9 = fir.coordinate_of %0#0, w : (!fir.ref<!fir.type<_QMmpTu{w:!fir.box<!fir.ptr<!fir.array<?xf64>>>,v:!fir.box<!fir.heap<!fir.array<?xf64>>>}>>) -> !fir.ref<!fir.box<!fir.ptr<!fir.array<?xf64>>>>
    %10 = fir.box_offset %9 base_addr : (!fir.ref<!fir.box<!fir.ptr<!fir.array<?xf64>>>>) -> !fir.llvm_ptr<!fir.ref<!fir.array<?xf64>>>
    %11 = omp.map.info var_ptr(%9 : !fir.ref<!fir.box<!fir.ptr<!fir.array<?xf64>>>>, f64) map_clauses(tofrom) capture(ByRef) var_ptr_ptr(%10 : !fir.llvm_ptr<!fir.ref<!fir.array<?xf64>>>) bounds(%7) -> !fir.llvm_ptr<!fir.ref<!fir.array<?xf64>>> {name = ""}
    %12 = omp.map.info var_ptr(%9 : !fir.ref<!fir.box<!fir.ptr<!fir.array<?xf64>>>>, !fir.box<!fir.ptr<!fir.array<?xf64>>>) map_clauses(always, to) capture(ByRef) -> !fir.ref<!fir.box<!fir.ptr<!fir.array<?xf64>>>> {name = "z%w"}
    %13 = omp.map.info var_ptr(%0#1 : !fir.ref<!fir.type<_QMmpTu{w:!fir.box<!fir.ptr<!fir.array<?xf64>>>,v:!fir.box<!fir.heap<!fir.array<?xf64>>>}>>, !fir.type<_QMmpTu{w:!fir.box<!fir.ptr<!fir.array<?xf64>>>,v:!fir.box<!fir.heap<!fir.array<?xf64>>>}>) map_clauses(tofrom) capture(ByRef) members(%12, %11 : [0], [0, 0] : !fir.ref<!fir.box<!fir.ptr<!fir.array<?xf64>>>>, !fir.llvm_ptr<!fir.ref<!fir.array<?xf64>>>) -> !fir.ref<!fir.type<_QMmpTu{w:!fir.box<!fir.ptr<!fir.array<?xf64>>>,v:!fir.box<!fir.heap<!fir.array<?xf64>>>}>> {name = "z"}
    omp.declare_mapper.info map_entries(%13, %12, %11 : !fir.ref<!fir.type<_QMmpTu{w:!fir.box<!fir.ptr<!fir.array<?xf64>>>,v:!fir.box<!fir.heap<!fir.array<?xf64>>>}>>, !fir.ref<!fir.box<!fir.ptr<!fir.array<?xf64>>>>, !fir.llvm_ptr<!fir.ref<!fir.array<?xf64>>>)
  }
