module cyc_b
  use cyc_a
end module cyc_b
