module cyc_a
  use cyc_b
end module cyc_a
