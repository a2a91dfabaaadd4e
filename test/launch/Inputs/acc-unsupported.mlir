// A gang loop over two dimensions: OpenMP teams are one-dimensional, so
// acc-to-omp refuses it at the loop (host fallback still runs it).
func.func @_QPgang2(%n: i32) {
  acc.parallel {
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    acc.loop gang({dim=%c2 : i32}) control(%iv : i32) = (%c1 : i32) to (%n : i32) step (%c1 : i32) {
      acc.yield
    } attributes {inclusiveUpperbound = array<i1: true>, independent = [#acc.device_type<none>]}
    acc.yield
  }
  return
}
