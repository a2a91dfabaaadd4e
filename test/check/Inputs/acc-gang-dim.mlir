// A gang loop over two dimensions (FIR, as flang would emit it): OpenMP
// teams are one-dimensional, so acc-to-omp cannot offload it.
func.func @_QPgang2(%n: i32, %x: !fir.ref<!fir.array<100xf32>>) {
  %0 = acc.copyin varPtr(%x : !fir.ref<!fir.array<100xf32>>) -> !fir.ref<!fir.array<100xf32>> {dataClause = #acc<data_clause acc_copy>, name = "x"}
  acc.parallel dataOperands(%0 : !fir.ref<!fir.array<100xf32>>) {
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    acc.loop gang({dim=%c2 : i32}) control(%iv : i32) = (%c1 : i32) to (%n : i32) step (%c1 : i32) {
      %k = fir.convert %iv : (i32) -> index
      %e = fir.coordinate_of %0, %k : (!fir.ref<!fir.array<100xf32>>, index) -> !fir.ref<f32>
      %zero = arith.constant 0.0 : f32
      fir.store %zero to %e : !fir.ref<f32>
      acc.yield
    } attributes {inclusiveUpperbound = array<i1: true>, independent = [#acc.device_type<none>]}
    acc.yield
  }
  acc.copyout accPtr(%0 : !fir.ref<!fir.array<100xf32>>) to varPtr(%x : !fir.ref<!fir.array<100xf32>>) {dataClause = #acc<data_clause acc_copy>, name = "x"}
  return
}
