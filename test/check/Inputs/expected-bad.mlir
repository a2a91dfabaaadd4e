func.func @f() {
  %x = "arith.constant"() {value = 1 : i32} : () -> i64
  // expected-error@-1 {{this message is wrong}}
  return
}
// -----
func.func @g() {
  return
}
  %y = "arith.constant"() {value = 1 : i32} : () -> i64
