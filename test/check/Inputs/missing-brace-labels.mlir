module {
  func.func @f(%a: i1)
    cf.cond_br %a, ^bb1, ^bb2
  ^bb1:
    return
  ^bb2:
    return
  }
  func.func private @g()
}
