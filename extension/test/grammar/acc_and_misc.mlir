// SYNTAX TEST "source.mlir" "acc dialect (corpus flang/acc), comments, split markers, expected-* annotations, block labels"
  acc.private.recipe @privatization_ref_i32 : !fir.ref<i32> init {
//^^^ entity.name.namespace.dialect.acc.mlir
//    ^^^^^^^^^^^^^^ keyword.control.op.acc.mlir
//                   ^^^^^^^^^^^^^^^^^^^^^^ entity.name.function.symbol.mlir
//                                                          ^^^^ keyword.other.clause.mlir
  ^bb0(%arg0: !fir.ref<i32>, %iv: index):
//^^^^ entity.name.label.block.mlir
//     ^^^^^ variable.parameter.block-argument.mlir
//                           ^^^ variable.parameter.block-argument.mlir
//                                ^^^^^ storage.type.builtin.mlir
    acc.yield %1#0 : !fir.ref<i32>
//      ^^^^^ keyword.control.op.acc.mlir
    %33 = acc.copyin var(%10#0 : !fir.box<!fir.array<?xf32>>) -> !fir.box<!fir.array<?xf32>> {name = "a"}
//            ^^^^^^ keyword.control.op.acc.mlir
//                   ^^^ keyword.other.clause.mlir
//                               ^^^^^^^^^ storage.type.dialect.mlir
    %36 = acc.copyin var(%24#0 : !fir.box<!fir.array<?xf32>>) -> !fir.box<!fir.array<?xf32>> {dataClause = #acc<data_clause acc_copy>, name = "c"}
//                                                                                            ^^^^^^^^^^ entity.other.attribute-name.mlir
//                                                                                                         ^^^^^ constant.other.attribute.dialect.mlir
//                                                                                                                          ^^^^^^^^ constant.language.data-clause.acc.mlir
      acc.parallel combined(loop) dataOperands(%58, %59 : !fir.box<!fir.array<?xf32>>, !fir.box<!fir.array<?xf32>>) {
//        ^^^^^^^^ keyword.control.op.acc.mlir
//                 ^^^^^^^^ keyword.other.clause.mlir
//                                ^^^^^^^^^^^^ keyword.other.clause.mlir
//                                             ^^^ variable.other.ssa.mlir
        acc.loop combined(parallel) private(%69 : !fir.ref<i32>) control(%arg4 : i32) = (%c1_i32_8 : i32) to (%68 : i32)  step (%c1_i32_9 : i32) {
//          ^^^^ keyword.control.op.acc.mlir
//                                  ^^^^^^^ keyword.other.clause.mlir
//                                                               ^^^^^^^ keyword.other.clause.mlir
//                                                                       ^^^^^ variable.parameter.block-argument.mlir
//                                                                                                                        ^^^^ keyword.other.clause.mlir
    acc.copyout accVar(%36 : !fir.box<!fir.array<?xf32>>) to var(%24#0 : !fir.box<!fir.array<?xf32>>) {dataClause = #acc<data_clause acc_copy>, name = "c"}
//      ^^^^^^^ keyword.control.op.acc.mlir
//              ^^^^^^ keyword.other.clause.mlir
//                                                        ^^ keyword.other.clause.mlir

// -----
// <-- meta.separator.split-input.mlir punctuation.definition.comment.mlir
// <~~~----- keyword.control.split-input.mlir

  // expected-error@+1 {{expected '{' to begin a region}}
//   ^^^^^^^^^^^^^^ comment.line.double-slash.mlir keyword.other.expected-diagnostic.mlir
//                 ^^^ constant.other.expected-location.mlir
//                       ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ string.quoted.other.expected-message.mlir
  // expected-note @below {{prior use here}}
//   ^^^^^^^^^^^^^ keyword.other.expected-diagnostic.mlir
//                 ^^^^^^ constant.other.expected-location.mlir
//                          ^^^^^^^^^^^^^^ string.quoted.other.expected-message.mlir
  // a plain comment with omp.target and %x inside
//   ^^^^^^^ comment.line.double-slash.mlir
//                        ^^^^^^^^^^ - keyword.control.op.omp.mlir
//                                       ^^ - variable.other.ssa.mlir
  llvm.func @f(%arg0: !llvm.ptr, %n: i64) -> f64 attributes {sym_visibility = "private"} {
//^^^^ entity.name.namespace.dialect.llvm.mlir
//     ^^^^ entity.name.function.op.mlir
//                    ^^^^^^^^^ storage.type.dialect.mlir
//                               ^^ variable.other.ssa.mlir
//                                           ^^^ storage.type.builtin.mlir
//                                                           ^^^^^^^^^^^^^^ entity.other.attribute-name.mlir
    %0 = llvm.mlir.constant(1.5e+00 : f64) : f64
//            ^^^^^^^^^^^^^ entity.name.function.op.mlir
//                          ^^^^^^^ constant.numeric.float.mlir
    %c = arith.constant dense<[1, 2]> : tensor<2xi32>
//                      ^^^^^ support.type.attribute.mlir
//                                      ^^^^^^ storage.type.builtin.mlir
//                                             ^^ constant.numeric.dimension.mlir
//                                               ^^^ storage.type.builtin.mlir
    llvm.br ^bb1(%0 : f64)
//          ^^^^ entity.name.label.block.mlir
    %r:2 = "test.op"(%a) {flag} : (i32) -> (i32, i32) loc(#loc3)
//          ^^^^ entity.name.namespace.dialect.test.mlir
//               ^^ entity.name.function.op.mlir
//                                                    ^^^ support.type.attribute.mlir
//                                                        ^^^^^ constant.other.attribute.alias.mlir
