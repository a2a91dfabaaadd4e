program cyc
  use cyc_a
end program cyc
