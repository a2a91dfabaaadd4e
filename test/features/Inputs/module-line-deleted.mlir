  func.func private @f()
  func.func private @g()
  func.func @h() {
    return
  }
}
