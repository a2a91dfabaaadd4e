func.func @f() {
  %c = arith.constant 1 : i32
  func.return %c : i32
}
