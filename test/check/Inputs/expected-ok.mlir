func.func @f() {
  // expected-error@+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %x = "arith.constant"() {value = 1 : i32} : () -> i64
  return
}
// -----
func.func @g(%a : i32) {
  // expected-note@-1 {{prior use here}}
  // expected-error@+1 {{expects different type than prior uses}}
  %0 = arith.addi %a, %a : i64
  return
}
