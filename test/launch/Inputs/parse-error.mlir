func.func @main() {
  %0 = arith.constant 1 : i32
  return %0
}
