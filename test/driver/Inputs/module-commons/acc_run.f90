program acc_run
  use acc_coeffs
  implicit none
  weight = 1.5d0; count = 2
  !$acc update device(weight, count)
  !$acc serial
  weight = weight * 4
  count = count + 40
  !$acc end serial
  !$acc update self(weight, count)
  print '(a,f4.1,a,i0)', 'weight ', weight, ' count ', count
end program acc_run
