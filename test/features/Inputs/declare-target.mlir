// explain-enums.test: declare target on a global and a function, and a
// function without it (negative).
fir.global @_QMmEx {omp.declare_target = #omp.declaretarget<device_type = (any), capture_clause = (link)>} : i32 {
  %c0 = arith.constant 0 : i32
  fir.has_value %c0 : i32
}
func.func @dev() attributes {omp.declare_target = #omp.declaretarget<device_type = (nohost), capture_clause = (to)>} {
  return
}
func.func @plain() {
  %a = fir.address_of(@_QMmEx) : !fir.ref<i32>
  func.call @dev() : () -> ()
  return
}
