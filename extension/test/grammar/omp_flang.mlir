// SYNTAX TEST "source.mlir" "omp dialect in flang-22 HLFIR output (examples/omp_target_teams_dpd.hlfir.mlir, corpus flang/omp)"
module attributes {omp.is_gpu = false, omp.version = #omp.version<version = 52>, dlti.dl_spec = #dlti.dl_spec<!llvm.ptr<270> = dense<32> : vector<4xi64>, "dlti.endianness" = "little">} {
// <------ keyword.control.op.builtin.mlir
//     ^^^^^^^^^^ keyword.other.mlir
//                 ^^^^^^^^^^ entity.other.attribute-name.mlir
//                              ^^^^^ constant.language.mlir
//                                                   ^^^^^^^^^^^^ constant.other.attribute.dialect.mlir
//                                                                ^^^^^^^ entity.other.attribute-name.mlir
//                                                                                                                             ^^^^^ support.type.attribute.mlir
//                                                                                                                                         ^^^^^^ storage.type.builtin.mlir
//                                                                                                                                                ^^ constant.numeric.dimension.mlir
//                                                                                                                                                  ^^^ storage.type.builtin.mlir
//                                                                                                                                                        ^^^^^^^^^^^^^^^^^ entity.other.attribute-name.mlir
//                                                                                                                                                                            ^^^^^^^^ string.quoted.double.mlir
  omp.private {type = private} @_QFsaxpy_offloadEi_private_i32 : i32
//^^^ entity.name.namespace.dialect.omp.mlir
//    ^^^^^^^ keyword.control.op.omp.mlir
//             ^^^^ entity.other.attribute-name.mlir
//                             ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ entity.name.function.symbol.mlir
//                                                               ^^^ storage.type.builtin.mlir
  func.func @_QPsaxpy_offload(%arg0: !fir.ref<i32> {fir.bindc_name = "n"}, %arg1: !fir.ref<f32> {fir.bindc_name = "a"}) {
//^^^^ entity.name.namespace.dialect.func.mlir
//     ^^^^ entity.name.function.op.mlir
//          ^^^^^^^^^^^^^^^^^ entity.name.function.symbol.mlir
//                            ^^^^^ variable.parameter.block-argument.mlir
//                                   ^^^^^^^^^ storage.type.dialect.mlir
//                                                  ^^^^^^^^^^^^^^ entity.other.attribute-name.mlir
    %3:2 = hlfir.declare %arg1 dummy_scope %2 arg 2 {fortran_attrs = #fir.var_attrs<intent_in>, uniq_name = "_QFsaxpy_offloadEa"} : (!fir.ref<f32>, !fir.dscope) -> (!fir.ref<f32>, !fir.ref<f32>)
//  ^^ variable.other.ssa.mlir
//    ^^ constant.numeric.result-count.mlir
//         ^^^^^ entity.name.namespace.dialect.hlfir.mlir
//               ^^^^^^^ entity.name.function.op.mlir
//                             ^^^^^^^^^^^ keyword.other.mlir
//                                         ^^ variable.other.ssa.mlir
//                                                                   ^^^^^^^^^^^^^^ constant.other.attribute.dialect.mlir
//                                                                                                                                                               ^^ keyword.operator.arrow.mlir
    %c0 = arith.constant 0 : index
//  ^^^ variable.other.ssa.mlir
//        ^^^^^ entity.name.namespace.dialect.arith.mlir
//                       ^ constant.numeric.integer.mlir
//                           ^^^^^ storage.type.builtin.mlir
    %24 = omp.map.bounds lower_bound(%c0_3 : index) upper_bound(%23 : index) extent(%22#1 : index) stride(%22#2 : index) start_idx(%c1 : index) {stride_in_bytes = true}
//            ^^^^^^^^^^ keyword.control.op.omp.mlir
//                       ^^^^^^^^^^^ keyword.other.clause.mlir
//                                                  ^^^^^^^^^^^ keyword.other.clause.mlir
//                                                                           ^^^^^^ keyword.other.clause.mlir
//                                                                                                 ^^^^^^ keyword.other.clause.mlir
//                                                                                                                       ^^^^^^^^^ keyword.other.clause.mlir
//                                                                                  ^^^ variable.other.ssa.mlir
//                                                                                      ^ constant.numeric.result-index.mlir
//                                                                                                                                               ^^^^^^^^^^^^^^^ entity.other.attribute-name.mlir
    %25 = omp.map.info var_ptr(%13#1 : !fir.ref<!fir.array<?xf32>>, f32) map_clauses(to) capture(ByRef) bounds(%24) -> !fir.ref<!fir.array<?xf32>> {name = "x"}
//  ^^^ meta.op.omp.mlir variable.other.ssa.mlir
//        ^^^ meta.op.omp.mlir entity.name.namespace.dialect.omp.mlir
//           ^ punctuation.accessor.dot.mlir
//            ^^^^^^^^ keyword.control.op.omp.mlir
//                     ^^^^^^^ keyword.other.clause.mlir
//                                                         ^^ constant.numeric.dimension.mlir
//                                                           ^^^ storage.type.builtin.mlir
//                                                                       ^^^^^^^^^^^ keyword.other.clause.mlir
//                                                                                   ^^ constant.language.map-type.mlir
//                                                                                       ^^^^^^^ keyword.other.clause.mlir
//                                                                                               ^^^^^ constant.language.capture-kind.mlir
//                                                                                                      ^^^^^^ keyword.other.clause.mlir
//                                                                                                                                                  ^^^^ entity.other.attribute-name.mlir
//                                                                                                                                                         ^^^ string.quoted.double.mlir
    %29 = omp.map.info var_ptr(%20#1 : !fir.ref<!fir.array<?xf32>>, f32) map_clauses(tofrom) capture(ByRef) bounds(%28) -> !fir.ref<!fir.array<?xf32>> {name = "y"}
//                                                                                   ^^^^^^ constant.language.map-type.mlir
    %30 = omp.map.info var_ptr(%5#1 : !fir.ref<i32>, i32) map_clauses(implicit) capture(ByCopy) -> !fir.ref<i32> {name = "i"}
//                                                                    ^^^^^^^^ constant.language.map-type.mlir
//                                                                                      ^^^^^^ constant.language.capture-kind.mlir
    %m = omp.map.info var_ptr(%x : !llvm.ptr, i32) map_clauses(always, close, from) capture(ByRef) -> !llvm.ptr
//                                                             ^^^^^^ constant.language.map-type.mlir
//                                                                     ^^^^^ constant.language.map-type.mlir
//                                                                            ^^^^ constant.language.map-type.mlir
//                                 ^^^^^^^^^ storage.type.dialect.mlir
    omp.target host_eval(%c1_i32 -> %arg4, %21 -> %arg5, %c1_i32_1 -> %arg6 : i32, i32, i32) map_entries(%25 -> %arg7, %29 -> %arg8 : !fir.ref<!fir.array<?xf32>>, !fir.ref<!fir.array<?xf32>>) {
//  ^^^^^^^^^^ meta.op.omp.mlir
//      ^^^^^^ keyword.control.op.omp.mlir
//             ^^^^^^^^^ keyword.other.clause.mlir
//                       ^^^^^^^ variable.other.ssa.mlir
//                               ^^ keyword.operator.arrow.mlir
//                                  ^^^^^ variable.parameter.block-argument.mlir
//                                                                                           ^^^^^^^^^^^ keyword.other.clause.mlir
//                                                                                                       ^^^ variable.other.ssa.mlir
//                                                                                                              ^^^^^ variable.parameter.block-argument.mlir
//                                                                                                                                                                                              ^ punctuation.section.braces.begin.mlir
      %35 = fir.load %arg13 : !fir.ref<i32>
//          ^^^ entity.name.namespace.dialect.fir.mlir
//              ^^^^ entity.name.function.op.mlir
//                   ^^^^^^ variable.parameter.block-argument.mlir
//                             ^^^^^^^ - meta.op.omp.mlir
      omp.teams {
//        ^^^^^ keyword.control.op.omp.mlir
        omp.parallel private(@_QFsaxpy_offloadEi_private_i32 %49#0 -> %arg14 : !fir.ref<i32>) {
//          ^^^^^^^^ keyword.control.op.omp.mlir
//                   ^^^^^^^ keyword.other.clause.mlir
//                           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ entity.name.function.symbol.mlir
//                                                           ^^^ variable.other.ssa.mlir
//                                                              ^ punctuation.separator.result-index.mlir
//                                                                    ^^^^^^ variable.parameter.block-argument.mlir
          omp.distribute {
//            ^^^^^^^^^^ keyword.control.op.omp.mlir
            omp.wsloop reduction(@max_f64 %120#0 -> %arg18 : !fir.ref<f64>) {
//              ^^^^^^ keyword.control.op.omp.mlir
//                     ^^^^^^^^^ keyword.other.clause.mlir
//                               ^^^^^^^^ entity.name.function.symbol.mlir
//                                                  ^^^^^^ variable.parameter.block-argument.mlir
              omp.loop_nest (%arg15, %arg16) : i32 = (%c2_i32, %c2_i32_29) to (%121, %123) inclusive step (%c1_i32_28, %c1_i32_31) collapse(2) {
//                ^^^^^^^^^ keyword.control.op.omp.mlir
//                           ^^^^^^ variable.parameter.block-argument.mlir
//                                                                         ^^ keyword.other.clause.mlir
//                                                                                         ^^^^^^^^^ keyword.other.clause.mlir
//                                                                                                   ^^^^ keyword.other.clause.mlir
//                                                                                                                                 ^^^^^^^^ keyword.other.clause.mlir
//                                                                                                                                          ^ constant.numeric.integer.mlir
                omp.yield
//                  ^^^^^ keyword.control.op.omp.mlir
            } {omp.composite}
//          ^ punctuation.section.braces.end.mlir
//             ^^^^^^^^^^^^^ entity.other.attribute-name.mlir
//             ^^^^^^^^^^^^^ - keyword.control.op.omp.mlir
            omp.atomic.read %20#0 = %1#0 : !fir.ref<i32>, !fir.ref<i32>, i32
//              ^^^^^^^^^^^ keyword.control.op.omp.mlir
//                          ^^^ variable.other.ssa.mlir
            omp.task in_reduction(@add_reduction_f32 %14#0 -> %arg6 : !fir.ref<f32>) depend(taskdependin -> %5 : !fir.ref<i32>) {
//              ^^^^ keyword.control.op.omp.mlir
//                   ^^^^^^^^^^^^ keyword.other.clause.mlir
//                                                                                   ^^^^^^ keyword.other.clause.mlir
      omp.terminator
//        ^^^^^^^^^^ keyword.control.op.omp.mlir
    "omp.target"(%56, %57, %55) <{operandSegmentSizes = array<i32: 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0>}> ({
//   ^^^ entity.name.namespace.dialect.omp.mlir
//       ^^^^^^ entity.name.function.op.mlir
//                                ^^^^^^^^^^^^^^^^^^^ entity.other.attribute-name.mlir
//                                                      ^^^^^ support.type.attribute.mlir
//                                                                                            ^ constant.numeric.integer.mlir
    return
//  ^^^^^^ keyword.control.op.builtin.mlir
  }
}
