module {
  func.func @a() -> i32 {
    return %0 : i32
  }
  func.func @b() -> f32 {
    %0 = arith.constant 1.0 : f32
    return %0 : f32
  }
  func.func @c() -> f32 {
    %0 = arith.constant 2.0 : f32
    return %0 : f32
  }
  func.func @d() -> f32 {
    %0 = arith.constant 3.0 : f32
    return %0 : f32
  }
}
